#!/usr/bin/env bash
# End-to-end tests of `capdoc lint-plist`: exit codes 0/1/64, where output goes, the three formats.
# Usage: Tests/cli/lint-plist.sh PATH-TO-CAPDOC   (run from the package root)
set -u
capdoc=$(realpath "$1")
root=$(pwd)
plists="$root/Tests/CapdocKitTests/Fixtures/plists"
source "$(dirname "$0")/lib.sh"
lint() { "$capdoc" lint-plist "$@"; }

# The plists are linted from inside their folder, so that PATH in the output is the bare file name.
cd "$plists"
content="$root/Content"

# A good app: exit 0, the inference said first, a summary last, nothing on stderr.
expect_status "a good iOS app passes" 0 lint good-ios.plist --platform ios --content "$content"
contains "the inferred requests come first" "$(head -n 1 <<< "$out")" '^good-ios.plist: inferred requests: when-in-use, always, temporary-full-accuracy \(from NSLocationAlwaysAndWhenInUseUsageDescription, .*NSLocationWhenInUseUsageDescription\)$'
contains "a summary line ends the output" "$(tail -n 1 <<< "$out")" '^checked good-ios.plist for ios \(no deployment target given: checked for the newest versions\), app, requests: when-in-use, always, temporary-full-accuracy: 0 errors, 0 warnings$'
empty "nothing on stderr when the plist is read" "$err"
expect_status "with a deployment target" 0 lint good-ios.plist --platform ios --deployment-target 14.0 --content "$content"

# Errors: exit 1, one line per finding with its rule, then its source.
expect_status "a missing Always key fails" 1 lint missing-always.plist --platform ios --requests when-in-use,always --content "$content"
contains "the finding names file, line, severity, key and rule" "$out" '^missing-always.plist:[0-9]+: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing: .* \[missing-usage-key\]$'
contains "an indented source line follows it" "$out" '^  source: requesting-authorization#keys-always$'
lacks "requests given: nothing inferred" "$out" 'inferred requests'
empty "findings go to stdout, not stderr" "$err"
expect_status "the When In Use key alone infers only When In Use" 0 lint missing-always.plist --platform ios --content "$content"
contains "it says so" "$out" '^missing-always.plist: inferred requests: when-in-use \(from NSLocationWhenInUseUsageDescription\)$'
expect_status "empty usage strings fail" 1 lint empty-string.plist --platform ios --content "$content"
contains "empty-usage-key, at the key's line" "$out" '^empty-string.plist:[0-9]+: error: NSLocationWhenInUseUsageDescription is empty.*\[empty-usage-key\]$'
expect_status "wrong types fail" 1 lint wrong-type.plist --platform ios --content "$content"
contains "wrong-key-type" "$out" 'NSLocationWhenInUseUsageDescription must be a string, but it is a boolean \[wrong-key-type\]$'
expect_status "a bad temporary dictionary fails" 1 lint bad-temporary-dictionary.plist --platform ios --content "$content"
contains "invalid-temporary-dictionary" "$out" "'TrailRecording' is empty.*\[invalid-temporary-dictionary\]$"

# Warnings alone pass: deprecated at 11, not at 10; keys no source puts on tvOS.
expect_status "deployment target 10: no warning" 0 lint deprecated-key.plist --platform ios --deployment-target 10.0 --content "$content"
lacks "nothing deprecated at iOS 10" "$out" 'warning:'
expect_status "deployment target 11: a warning, exit 0" 0 lint deprecated-key.plist --platform ios --deployment-target 11 --content "$content"
contains "deprecated-key at iOS 11, at its line" "$out" '^deprecated-key.plist:[0-9]+: warning: NSLocationAlwaysUsageDescription is deprecated .*\[deprecated-key\]$'
contains "cites the key's page" "$out" '^  source: key-always#deprecated, key-always#deprecated-metadata-ios$'
expect_status "keys not on tvOS are warnings" 0 lint tvos-app.plist --platform tvos --content "$content"
contains "key-not-on-platform" "$out" 'warning: NSLocationAlwaysUsageDescription does not exist on tvOS: the sources say the system does not read it there \[key-not-on-platform\]$'

# A binary plist reads like XML (without lines: a binary plist has none).
python3 -c 'import plistlib, sys; plistlib.dump(plistlib.load(open(sys.argv[1], "rb")), open(sys.argv[2], "wb"), fmt=plistlib.FMT_BINARY)' missing-always.plist "$work/binary.plist"
expect_status "a binary plist is linted" 1 lint "$work/binary.plist" --platform ios --requests always --content "$content"
contains "the binary plist's finding" "$out" 'binary.plist: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing'

# Unreadable or malformed plists: exit 2 ("could not lint", apart from "found problems"), a clear
# message on stderr at the file, no findings on stdout, no crash.
head -c 60 "$work/binary.plist" > "$work/truncated.plist"
for case in "not-a-plist.plist:is not a property list" "root-array.plist:root of .* is an array" \
            "truncated-xml.plist:is not a valid XML property list" "$work/truncated.plist:truncated or corrupt binary property list" \
            "no-such.plist:cannot read 'no-such.plist': no such file" "$plists:is a directory"; do
  file=${case%%:*}; message=${case#*:}
  expect_status "unreadable: $(basename "$file")" 2 lint "$file" --platform ios --content "$content"
  contains "  says why on stderr, at the file" "$err" "^$file: error: .*$message"
  lacks "  prints no finding on stdout" "$out" ': (error|warning): '
done
expect_status "one unreadable input among good ones: the others are linted, exit 2" 2 lint good-ios.plist not-a-plist.plist --platform ios --content "$content"
contains "  the good one's summary" "$out" '^checked good-ios.plist for ios'
contains "  a total line" "$out" '^checked 1 Info.plist: 0 errors, 0 warnings, 1 could not be linted$'
expect_status "errors in one input and an unreadable other: exit 1, the errors win" 1 lint empty-string.plist no-such.plist --platform ios --content "$content"
contains "  the unreadable one is still on stderr" "$err" "^no-such.plist: error: cannot read"

# Usage errors exit 64 and name the id with the nearest.
expect_status "an unknown platform is a usage error" 64 lint good-ios.plist --platform ioss --content "$content"
contains "it suggests the nearest platform" "$err" "^error: unknown platform 'ioss' \(did you mean 'ios'\?\)$"
expect_status "an unknown request is a usage error" 64 lint good-ios.plist --platform ios --requests always,whenInUse --content "$content"
contains "it suggests the nearest request" "$err" "unknown request 'whenInUse' \(did you mean 'when-in-use'\?\)"
expect_status "a malformed deployment target is a usage error" 64 lint good-ios.plist --platform ios --deployment-target 11.x --content "$content"
contains "it names the bad target" "$err" "'11.x' is not a deployment target"
expect_status "no platform given or declared: could not lint" 2 lint good-ios.plist --content "$content"
contains "  it asks for --platform" "$err" "pass --platform"
expect_status "an unknown format is a usage error" 64 lint good-ios.plist --platform ios --format xml --content "$content"
expect_status "a missing content folder is an error" 1 lint good-ios.plist --platform ios --content "$work/no-content"
contains "it names the folder" "$err" "no content folder at"
expect_status "nothing to lint is a usage error" 64 lint --platform ios
expect_status "--target without --project is a usage error" 64 lint good-ios.plist --target App

# JSON: one object for the run, a result per Info.plist.
expect_status "JSON output, exit 1 on errors" 1 lint old-always.plist --platform ios --deployment-target 12.0 --format json --content "$content"
python3 - "$work/out" <<'PY' && pass "JSON has the contract's fields, sorted, with sources and claims" || fail "JSON fields" "$out"
import json, sys
text = open(sys.argv[1]).read()
run = json.loads(text)
def sorted_keys(value):
    if isinstance(value, dict):
        assert list(value) == sorted(value), list(value)
        for child in value.values(): sorted_keys(child)
    elif isinstance(value, list):
        for child in value: sorted_keys(child)
sorted_keys(run)
assert set(run) == {"results", "failures", "summary"}, list(run)
assert run["summary"] == {"checked": 1, "couldNotLint": 0, "errors": 1, "warnings": 1}, run["summary"]
[report] = run["results"]
assert report["file"] == "old-always.plist" and report["platform"] == "ios" and report["deploymentTarget"] == "12.0"
assert report["bundle"] == "app" and report["target"] is None
assert report["inferredRequests"] == ["when-in-use", "always"], report["inferredRequests"]
rules = [(f["rule"], f["severity"], f["key"]) for f in report["findings"]]
assert rules == [("missing-usage-key", "error", "NSLocationAlwaysAndWhenInUseUsageDescription"),
                 ("deprecated-key", "warning", "NSLocationAlwaysUsageDescription")], rules
for finding in report["findings"]:
    assert set(finding) == {"rule", "severity", "key", "message", "location", "related", "sources", "claims"}, finding
    assert finding["sources"] and finding["claims"] and finding["message"]
    assert finding["location"]["file"] == "old-always.plist"
lines = {l.split("<key>")[1].split("</key>")[0]: n for n, l in enumerate(open("old-always.plist"), 1) if "<key>" in l}
assert report["findings"][0]["location"]["line"] == lines["NSLocationWhenInUseUsageDescription"], "a missing key sits beside the present key of its list"
assert report["findings"][1]["location"]["line"] == lines["NSLocationAlwaysUsageDescription"], "a present key has its line"
PY
cp "$work/out" "$work/first.json"
lint old-always.plist --platform ios --deployment-target 12.0 --format json --content "$content" > "$work/second.json"
cmp -s "$work/first.json" "$work/second.json" && pass "JSON output is deterministic" || fail "JSON output is deterministic"
expect_status "JSON with requests given" 0 lint good-ios.plist --platform ios --requests when-in-use --format json --content "$content"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; assert r["inferredRequests"] is None and r["requests"] == ["when-in-use"] and r["findings"] == []' "$work/out" \
  && pass "inferredRequests is null when requests are given" || fail "inferredRequests is null when requests are given" "$out"
expect_status "JSON carries what could not be linted" 2 lint good-ios.plist no-such.plist --platform ios --format json --content "$content"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); f=r["failures"]; assert len(f) == 1 and f[0]["location"]["file"] == "no-such.plist" and "no such file" in f[0]["message"] and r["summary"]["couldNotLint"] == 1' "$work/out" \
  && pass "  a failure with its file and message" || fail "JSON failures" "$out"

# SARIF 2.1.0, validated against the OASIS schema.
sarif_valid() { python3 "$root/Tests/cli/validate_sarif.py" "$@"; }
expect_status "SARIF output, exit 1 on errors" 1 lint old-always.plist --platform ios --deployment-target 12.0 --format sarif --content "$content"
sarif_valid "$work/out" && pass "SARIF is valid against the SARIF 2.1.0 schema" || fail "SARIF schema" "$out"
python3 - "$work/out" <<'PY' && pass "SARIF: version, schema, driver rules, results with level, file and line" || fail "SARIF shape" "$out"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0" and log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
assert len(log["runs"]) == 1
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "capdoc" and driver["version"]
assert "informationUri" not in driver and all("helpUri" not in rule for rule in driver["rules"]), "no address without --docs-url"
ids = [rule["id"] for rule in driver["rules"]]
for rule in ["missing-usage-key", "empty-usage-key", "wrong-key-type", "invalid-temporary-dictionary", "misspelled-key",
             "misplaced-key", "service-needs-level", "request-not-on-platform", "containing-app-key-missing", "deprecated-key", "key-not-on-platform",
             "could-not-lint"]:
    assert rule in ids, rule
assert all(rule["shortDescription"]["text"] for rule in driver["rules"])
results = run["results"]
assert [(r["ruleId"], r["level"]) for r in results] == [("missing-usage-key", "error"), ("deprecated-key", "warning")]
for result in results:
    assert result["message"]["text"]
    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    # Relative to the repository's root (this checkout), not to the folder capdoc ran in.
    assert artifact == {"uri": "Tests/CapdocKitTests/Fixtures/plists/old-always.plist", "uriBaseId": "%SRCROOT%"}, artifact
    assert ids[result["ruleIndex"]] == result["ruleId"]
    assert result["partialFingerprints"]["capdocFinding/v1"].endswith(":1"), result
assert all(r["locations"][0]["physicalLocation"]["region"]["startLine"] > 1 for r in results), "each result has its line"
PY
expect_status "SARIF of a clean plist" 0 lint good-ios.plist --platform ios --format sarif --content "$content"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["version"] == "2.1.0" and r["runs"][0]["results"] == []' "$work/out" \
  && pass "SARIF of a clean plist has no results" || fail "SARIF of a clean plist has no results" "$out"
expect_status "SARIF with an unreadable input: exit 2" 2 lint good-ios.plist "$plists/not-a-plist.plist" --platform ios --format sarif --content "$content"
sarif_valid "$work/out" && pass "  still valid SARIF" || fail "SARIF schema with a failure" "$out"
python3 - "$work/out" <<'PY' && pass "  a could-not-lint result at the file, relative to the repository" || fail "SARIF could-not-lint" "$out"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
[result] = run["results"]
assert result["ruleId"] == "could-not-lint" and result["level"] == "error"
assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "Tests/CapdocKitTests/Fixtures/plists/not-a-plist.plist", result
assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}, "code scanning needs a line"
assert run["invocations"][0]["executionSuccessful"] is False
PY

# No colour off a terminal; help.
lacks "no escape codes when not on a terminal" "$(lint empty-string.plist --platform ios --content "$content")" $'\x1b'
expect_status "lint-plist --help" 0 "$capdoc" lint-plist --help
contains "help names the options" "$out" '--deployment-target'
contains "help documents the exit codes" "$(tr '\n' ' ' <<< "$out")" '1 errors found \(also when another input could not be linted\), 2 an input could not be linted'

# Every platform and bundle kind, from the plists themselves (no --platform), and from a folder
# with no Content/: the model is built into the binary.
bundles="$root/Tests/CapdocKitTests/Fixtures/lint"
cd "$work"
expect_status "a Mac app with only iOS keys: NSLocationUsageDescription is missing" 1 lint "$bundles/mac-app-ios-keys.plist"
contains "  the platform and target came from LSMinimumSystemVersion" "$out" 'for macos 13.0, app, requests: when-in-use'
contains "  the Mac key is missing" "$out" 'error: NSLocationUsageDescription is missing: .* on macOS 13.0 and later .*\[missing-usage-key\]$'
expect_status "Mac Catalyst with the iOS and Mac keys passes, without warning against NSLocationUsageDescription" 0 lint "$bundles/catalyst-app.plist" --platform mac-catalyst
lacks "  no warning" "$out" ": warning:"
expect_status "Xcode's platform names are accepted" 0 lint "$bundles/catalyst-app.plist" --platform iphoneos
expect_status "an unknown platform name suggests the nearest" 64 lint "$bundles/catalyst-app.plist" --platform iphoneoss
contains "  suggestion" "$err" "did you mean 'iphoneos'"
expect_status "an Intents extension makes no request of its own" 0 lint "$bundles/intents-extension.plist" --platform ios
contains "  it says why" "$out" "runs under its containing app's authorization"
expect_status "a watch app with the location background mode needs the When In Use key" 1 lint "$bundles/watch-app-background.plist"
contains "  the mode is the evidence" "$out" 'inferred requests: when-in-use \(from UIBackgroundModes: location\)'
expect_status "a purpose string of invisible characters is empty" 1 lint "$bundles/invisible-string.plist" --platform ios
contains "  it names the characters" "$out" 'shows nothing: it holds only invisible characters \(U\+200B.*\[empty-usage-key\]$'
expect_status "misspelled, wrong-case and display-name keys are errors" 1 lint "$bundles/misspelled-keys.plist" --platform ios
contains "  with the right spelling, at the line" "$out" 'misspelled-keys.plist:5: error: .NSLocationWhenInUseUsageDescriptoin. is a misspelling of NSLocationWhenInUseUsageDescription.*\[misspelled-key\]$'
expect_status "NSAppClipRequestLocationConfirmation outside NSAppClip" 1 lint "$bundles/app-clip.plist" --platform ios
contains "  misplaced-key" "$out" '\[misplaced-key\]$'
expect_status "a localized InfoPlist.strings beside the plist is checked" 1 lint "$bundles/localized/Info.plist" --platform ios
contains "  an empty localized string, at its line" "$out" 'de.lproj/InfoPlist.strings:2: error: the de localization of NSLocationWhenInUseUsageDescription is empty'
expect_status "query runs without Content/ too" 0 "$capdoc" query keys --request always --platform ios
expect_status "explain runs without Content/ too" 0 "$capdoc" explain NSLocationUsageDescription
contains "  and finds the key" "$out" 'NSLocationUsageDescription'

# Xcode projects: each target's Info.plist as Xcode builds it (generated from INFOPLIST_KEY_*
# settings, or its INFOPLIST_FILE), a Mac Catalyst pass, the deployment target from the settings.
trails="$bundles/xcode/Trails/Trails.xcodeproj"
expect_status "a project with generated Info.plists passes" 0 lint --project "$trails"
contains "  the app, for iOS from its deployment target" "$out" '^checked .*Trails.xcodeproj \(target Trails\) for ios 15.0, app, requests: when-in-use: 0 errors, 0 warnings$'
contains "  the app again for Mac Catalyst, with the macOS SDK's settings" "$out" 'NSLocationUsageDescription, NSLocationWhenInUseUsageDescription\)$'
contains "  the widget from its INFOPLIST_FILE" "$out" '\(target TrailsWidget\) for ios 17.0, widget extension'
lacks "  the unit-test target ships no Info.plist" "$out" 'TrailsTests'
expect_status "--target picks one target" 0 lint --project "$trails" --target TrailsWidget
lacks "  only that one" "$out" '\(target Trails\)'
expect_status "an unknown target is a usage error" 64 lint --project "$trails" --target TrailWidget
contains "  with the nearest and the list" "$err" "no target 'TrailWidget' \(did you mean 'TrailsWidget'\?\); its targets: "
expect_status "an unknown configuration is a usage error" 64 lint --project "$trails" --configuration Beta
contains "  it lists the configurations" "$err" "has no configuration 'Beta'; it has Debug, Release"
expect_status "a broken project could not be linted" 2 lint --project "$bundles/xcode/Broken/NoRootObject.xcodeproj"
contains "  says why, at the file" "$err" 'project.pbxproj: error: not an Xcode project: no rootObject$'

# Issue 40: real keys, every platform of a target, where a missing key goes, placeholders, the sandbox.
expect_status "WKBackgroundModes, the watchOS key, is no misspelling" 0 lint "$bundles/watch-extension-background.plist"
lacks "  no misspelled-key" "$out" 'misspelled-key'
expect_status "a tvOS plist with the template's LSRequiresIPhoneOS is read as tvOS (UIDeviceFamily 3)" 0 lint "$bundles/tvos-template-keys.plist"
contains "  checked for tvOS" "$out" 'for tvos \(no deployment target given: checked for the newest versions\), app'
expect_status "a plist whose UIDeviceFamily lists iPhone, iPad and Apple TV is linted for iOS and tvOS" 0 lint "$bundles/multiplatform-families.plist"
contains "  checked for iOS" "$out" '^checked .*multiplatform-families.plist for ios '
contains "  and for tvOS" "$out" '^checked .*multiplatform-families.plist for tvos '
contains "  the tvOS finding says tvOS" "$out" 'NSLocationAlwaysAndWhenInUseUsageDescription does not exist on tvOS.*\[key-not-on-platform\]$'
expect_status "  --platform lints it for that one" 0 lint "$bundles/multiplatform-families.plist" --platform ios
lacks "  no tvOS pass" "$out" 'for tvos'
expect_status "an iOS plist with LSMinimumSystemVersion is linted for iOS and Mac Catalyst" 1 lint "$bundles/catalyst-keys.plist"
contains "  Mac Catalyst at the iOS version it names" "$out" 'NSLocationUsageDescription is missing: .* on Mac Catalyst 16.0 and later'
expect_status "UIDeviceFamily 7 is visionOS" 0 lint "$bundles/vision-family.plist"
contains "  checked for visionOS" "$out" '^checked .*vision-family.plist for visionos '
expect_status "a missing key points at the plist's top-level <dict>" 1 lint "$bundles/mac-app-ios-keys.plist"
contains "  with its line" "$out" 'mac-app-ios-keys.plist:4: error: NSLocationUsageDescription is missing'
expect_status "placeholder purpose strings are errors" 1 lint "$bundles/placeholder-strings.plist" --platform ios
contains "  TODO" "$out" "placeholder-strings.plist:5: error: NSLocationWhenInUseUsageDescription is a note left for later \('TODO'\): .*App Review.*\[placeholder-usage-key\]$"
contains "  the key's own name" "$out" "NSLocationAlwaysAndWhenInUseUsageDescription is the key's own name"
contains "  lorem ipsum" "$out" "NSLocationUsageDescription is lorem ipsum filler"
contains "  '... goes here' in the temporary dictionary" "$out" "'Navigation' is a template's placeholder.*\[invalid-temporary-dictionary\]$"
expect_status "a placeholder in a localized InfoPlist.strings" 1 lint "$bundles/localized-placeholder/Info.plist" --platform ios
contains "  at its line" "$out" 'fr.lproj/InfoPlist.strings:2: error: the fr localization of NSLocationWhenInUseUsageDescription is a note left for later.*\[placeholder-usage-key\]$'
expect_status "a screen saver makes no request of its own" 0 lint "$bundles/Aurora.saver/Contents/Info.plist"
contains "  typed as one, with the article" "$out" 'inferred requests: none \(a screen saver runs under the authorization of the app that loads it;'
expect_status "an Intents extension: 'an app extension'" 0 lint "$bundles/intents-extension.plist" --platform ios
contains "  the article" "$out" 'none \(an app extension '
atlas="$bundles/xcode/Atlas/Atlas.xcodeproj"
expect_status "a multiplatform target is linted for each platform it builds for" 1 lint --project "$atlas"
for platform in "Atlas) for tvos 17.0" "Atlas) for ios 17.0" "Atlas) for macos 14.0" "Compass) for ios 17.0" "Compass) for tvos 17.0" \
                "Compass) for visionos 1.0" "Compass) for mac-catalyst 17.0" "Ferry) for ios 16.0" "Ferry) for visionos 1.0"; do
  contains "  (target $platform" "$out" "^checked .*Atlas.xcodeproj \(target ${platform//./\\.}, "
done
contains "  the Mac key is missing on macOS, at the target's INFOPLIST_KEY_ line" "$out" 'Atlas.xcodeproj/project.pbxproj:[0-9]+: error: NSLocationUsageDescription is missing: .* on macOS 14.0 and later'
sextant="$bundles/xcode/Sextant/Sextant.xcodeproj"
expect_status "a sandboxed Mac app without the location entitlement" 1 lint --project "$sextant"
contains "  at the entitlements' <dict>" "$out" 'Sextant/Sextant.entitlements:4: error: .*com.apple.security.personal-information.location.*\[missing-location-entitlement\]$'
contains "  the .saver target is a screen saver" "$out" '\(target Starfield\) for macos 13.0, screen saver, requests: none'
expect_status "with the entitlement (Darkroom), no finding" 0 lint --project "$bundles/xcode/Darkroom/Darkroom.xcodeproj"
lacks "  none" "$out" 'missing-location-entitlement'
expect_status "SARIF of a multiplatform project" 1 lint --project "$atlas" --format sarif --docs-url https://example.org/capdoc/docs/lint-plist.md
sarif_valid "$work/out" && pass "  valid SARIF 2.1.0" || fail "multiplatform SARIF schema" "$out"
python3 - "$work/out" <<'PY' && pass "  absolute inputs: repository-relative URIs, lines, fingerprints, help addresses" || fail "multiplatform SARIF" "$out"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
driver = run["tool"]["driver"]
assert driver["informationUri"] == "https://example.org/capdoc/docs/lint-plist.md"
assert all(rule["helpUri"] == driver["informationUri"] + "#" + rule["id"] for rule in driver["rules"])
assert run["results"], "findings"
prints = [r["partialFingerprints"]["capdocFinding/v1"] for r in run["results"]]
assert len(set(prints)) == len(prints), prints
for result in run["results"]:
    place = result["locations"][0]["physicalLocation"]
    assert place["artifactLocation"] == {"uri": "Tests/CapdocKitTests/Fixtures/lint/xcode/Atlas/Atlas.xcodeproj/project.pbxproj", "uriBaseId": "%SRCROOT%"}, place
    assert place["region"]["startLine"] > 1, place
PY
expect_status "--docs-url must be an absolute address" 64 lint --project "$atlas" --docs-url docs/lint-plist.md
cd "$root"
expect_status "from the repository's root, the same relative paths" 1 lint --project "Tests/CapdocKitTests/Fixtures/lint/xcode/Atlas/Atlas.xcodeproj" --format sarif
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; assert all(x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("Tests/CapdocKitTests/Fixtures/lint/xcode/Atlas/") for x in r)' "$work/out" \
  && pass "  relative URIs" || fail "relative URIs from the root" "$out"
cd "$work"

# The calls in the code: requests and services from Swift (swift-syntax) and Objective-C.
expect_status "region monitoring under When In Use on an iOS 12 target" 1 lint "$bundles/code/Info.plist" --platform ios --deployment-target 12.0 --sources "$bundles/code"
contains "  the call is the evidence of the request" "$out" 'inferred requests: when-in-use \(from .*/Trails/LocationModel.swift:9:17.*NSLocationWhenInUseUsageDescription\)'
contains "  the finding is at the call" "$out" '/Trails/LocationModel.swift:11:17: error: startMonitoring\(for:\) \(Region monitoring\) does not work under When In Use authorization on iOS 12.0 up to 13.0.*\[service-needs-level\]$'
lacks "  code under Pods/ is not the app's" "$out" 'Vendor.swift'
expect_status "the same code on an iOS 13 target is fine" 0 lint "$bundles/code/Info.plist" --platform ios --deployment-target 13.0 --sources "$bundles/code"
mkdir -p "$work/linked" && ln -s /etc/passwd "$work/linked/Secrets.swift"
expect_status "a link in the sources is not followed" 0 lint "$bundles/code/Info.plist" --platform ios --deployment-target 13.0 --sources "$work/linked"
contains "  and the warning says so" "$err" "^warning: not scanned: .*/linked/Secrets.swift: symbolic link, not followed$"
expect_status "a sources folder that is not there could not be linted" 2 lint "$bundles/code/Info.plist" --platform ios --sources "$work/nowhere"

# The CI case: an app whose code asks for Always while its project has only the When In Use string.
app="$work/app"
mkdir -p "$app"
cp -R "$bundles/xcode/Trails/." "$bundles/ci-app/." "$app/"
cd "$app"
expect_status "a project and its code: the missing Always key" 1 lint --project Trails.xcodeproj --sources Trails
contains "  at the project's line, with the call" "$out" '^Trails.xcodeproj/project.pbxproj:[0-9]+: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing: .*\(requested at Trails/Recorder.swift:11:17\) \[missing-usage-key\]$'
contains "  for Mac Catalyst too" "$out" 'needs it on Mac Catalyst 15.0 and later'
expect_status "the same in SARIF" 1 lint --project Trails.xcodeproj --sources Trails --format sarif
sarif_valid "$work/out" && pass "  valid SARIF 2.1.0" || fail "project SARIF schema" "$out"
python3 - "$work/out" <<'PY' && pass "  results at the project's line, the call as a related location, relative paths" || fail "project SARIF" "$out"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
errors = [r for r in run["results"] if r["level"] == "error"]
assert len(errors) == 2, errors
for result in errors:
    place = result["locations"][0]["physicalLocation"]
    assert place["artifactLocation"] == {"uri": "Trails.xcodeproj/project.pbxproj", "uriBaseId": "%SRCROOT%"}, place
    assert place["region"]["startLine"] > 1
    related = result["relatedLocations"][0]["physicalLocation"]
    assert related["artifactLocation"]["uri"] == "Trails/Recorder.swift" and related["region"] == {"startLine": 11, "startColumn": 17}, related
    assert result["properties"]["target"] == "Trails"
assert sorted(r["properties"]["platform"] for r in errors) == ["ios", "mac-catalyst"]
PY
cd "$plists"

# Which platform compiles each call (#if os(), early exits, @available): a request only there.
cd "$bundles/platform-code"
expect_status "Always under #if os(iOS) is no tvOS request" 0 lint tvos.plist --platform tvos --sources Shared
contains "  only When In Use is inferred" "$out" '^tvos.plist: inferred requests: when-in-use \(from NSLocationWhenInUseUsageDescription, Shared/Location.swift:8:17\)$'
expect_status "the same code built for iOS needs the Always key" 1 lint tvos.plist --platform ios --sources Shared
contains "  requested inside the #if" "$out" 'NSLocationAlwaysAndWhenInUseUsageDescription is missing: .*\(requested at Shared/Location.swift:10:21\) \[missing-usage-key\]$'
expect_status "a Mac build that returns early under #if os(macOS) never asks for Always" 0 lint macos.plist --sources Mac
lacks "  no Always request" "$out" 'always'
expect_status "Always on visionOS, where it does not exist, is an error at the call" 1 lint visionos.plist --platform visionos --sources Vision
contains "  request-not-on-platform, from the model" "$out" '^Vision/Immersive.swift:5:13: error: requestAlwaysAuthorization\(\) \(Always authorization request\) does not exist on visionOS: .*\[request-not-on-platform\]$'
contains "  citing the sources" "$out" '^  source: request-always-authorization#not-on-visionos'
expect_status "region monitoring behind #available(iOS 13, *) is judged from iOS 13" 0 lint tvos.plist --platform ios --deployment-target 12.0 --sources Checked
lacks "  no service-needs-level" "$out" 'service-needs-level'
expect_status "  the same call unchecked on an iOS 12 target is an error" 1 lint tvos.plist --platform ios --deployment-target 12.0 --sources Unchecked
contains "  at the call" "$out" '^Unchecked/Regions.swift:8:17: error: startMonitoring\(for:\) \(Region monitoring\) does not work under When In Use authorization on iOS 12.0 up to 13.0.*\[service-needs-level\]$'
expect_status "an empty localization of a key tvOS never reads is no error" 0 lint TV/Info.plist --platform tvos
contains "  the key's warning stays" "$out" 'warning: NSLocationAlwaysUsageDescription does not exist on tvOS.*\[key-not-on-platform\]$'
lacks "  no empty-usage-key" "$out" 'empty-usage-key'

# Dependencies (ITMS-90683): their requests need the keys too, with --dependencies.
cd "$bundles/deps-app"
expect_status "without --dependencies a pod's Always request is not seen" 0 lint App/Info.plist --platform ios --sources App
expect_status "with --dependencies it needs the Always key" 1 lint App/Info.plist --platform ios --sources App --dependencies
contains "  reported as the dependency's request" "$out" 'is missing: .*\(requested by the dependency LocationKit at Pods/LocationKit/Classes/LKTracker.m:8:19\) \[missing-usage-key\]$'
contains "  the dependency's call is the related place" "$out" '^  requested at: Pods/LocationKit/Classes/LKTracker.m:8:19$'
contains "  a note names the dependencies" "$err" '^note: scanned the dependencies LocationKit \(CocoaPods\), GeoFence \(Carthage\), swift-beacons \(Swift Package Manager\)$'
lacks "  sample apps, package tests and CocoaPods' own files are not scanned" "$out" 'ExampleApp|BeaconsTests|Target Support Files'
expect_status "the pod asks for Always only on iOS (#if TARGET_OS_IOS)" 0 lint App/Info.plist --platform tvos --sources App --dependencies
expect_status "--dependencies with nowhere to look is a usage error" 64 lint App/Info.plist --platform ios --dependencies
expect_status "a derived data folder that is not there could not be linted" 2 lint App/Info.plist --platform ios --derived-data "$work/nowhere"
expect_status "--derived-data finds the packages Xcode checked out" 0 lint App/Info.plist --platform ios --derived-data .
contains "  and only those under it" "$err" '^note: scanned the dependencies swift-beacons \(Swift Package Manager\)$'

# Each target of a project gets the calls in its own files (its Sources build phase).
cd "$bundles/xcode/Tours"
expect_status "a widget's call is not its containing app's request" 0 lint --project Tours.xcodeproj --sources .
contains "  the app's requests, from its own file" "$out" '^Tours.xcodeproj \(target Tours\): inferred requests: when-in-use \(from ./Tours/ToursApp.swift:7:17, NSLocationWhenInUseUsageDescription\)$'

# A dependency's calls count for the targets that link it, as the project says (packages, pods).
cd "$bundles/xcode/Harbor"
expect_status "each app gets the requests of the dependencies it links" 1 lint --project Harbor.xcodeproj --sources . --dependencies
contains "  Harbor: its package's Always" "$out" '^Harbor.xcodeproj \(target Harbor\): inferred requests: when-in-use, always \(from .*the dependency swift-ferry-alerts at '
contains "  HarborKiosk: its pod's temporary full accuracy" "$out" '^Harbor.xcodeproj \(target HarborKiosk\): inferred requests: when-in-use, temporary-full-accuracy \(from .*the dependency KioskKit at '
lacks "  not the other app's" "$out" '^Harbor.xcodeproj \(target HarborKiosk\): inferred requests: [a-z, -]*always'
expect_status "--sources . with --dependencies looks in the working folder, without a crash" 1 lint --project Harbor.xcodeproj --sources . --dependencies --format json

# Xcode's default derived data: the package checkout of this project's folder, found without --derived-data.
mkdir -p "$work/harbor"
cp -R Harbor HarborKiosk Pods Harbor.xcodeproj "$work/harbor/"
derived="$work/home/Library/Developer/Xcode/DerivedData"
for folder in Harbor-abcdefghij Harbor-klmnopqrst; do
  mkdir -p "$derived/$folder/SourcePackages/checkouts"
  cp -R SourcePackages/checkouts/swift-ferry-alerts "$derived/$folder/SourcePackages/checkouts/"
done
mv "$derived/Harbor-klmnopqrst/SourcePackages/checkouts/swift-ferry-alerts" "$derived/Harbor-klmnopqrst/SourcePackages/checkouts/swift-other-clone"
write_workspace() { printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>WorkspacePath</key><string>%s</string></dict></plist>\n' "$2" > "$derived/$1/info.plist"; }
write_workspace Harbor-abcdefghij "$work/harbor/Harbor.xcodeproj"
write_workspace Harbor-klmnopqrst "/Users/someone/elsewhere/Harbor.xcodeproj"
cd "$work/harbor"
expect_status "--dependencies finds the packages in Xcode's default derived data" 1 env HOME="$work/home" "$capdoc" lint-plist --project Harbor.xcodeproj --sources . --dependencies
contains "  the package Xcode checked out for this project" "$out" 'the dependency swift-ferry-alerts at .*/Harbor-abcdefghij/SourcePackages/checkouts/swift-ferry-alerts/Sources/FerryAlerts/FerryAlerts.swift:8:17'
lacks "  not another checkout's derived data" "$err$out" 'swift-other-clone'
mkdir -p "$work/empty-derived-data"
expect_status "  --derived-data given: that one instead" 0 env HOME="$work/home" "$capdoc" lint-plist --project Harbor.xcodeproj --target Harbor --sources . --dependencies --derived-data "$work/empty-derived-data"
lacks "  no package from the default one" "$out" 'swift-ferry-alerts'
cd "$root"
cd "$root"
finish lint-plist
