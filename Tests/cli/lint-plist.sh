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
contains "the inferred requests come first" "$(head -n 1 <<< "$out")" '^inferred requests: when-in-use, always, temporary-full-accuracy \(from NSLocationAlwaysAndWhenInUseUsageDescription, .*NSLocationWhenInUseUsageDescription\)$'
contains "a summary line ends the output" "$(tail -n 1 <<< "$out")" '^checked good-ios.plist for ios \(newest versions\), requests: when-in-use, always, temporary-full-accuracy: 0 errors, 0 warnings$'
empty "nothing on stderr when the plist is read" "$err"
expect_status "with a deployment target" 0 lint good-ios.plist --platform ios --deployment-target 14.0 --content "$content"

# Errors: exit 1, one line per finding with its rule, then its source.
expect_status "a missing Always key fails" 1 lint missing-always.plist --platform ios --requests when-in-use,always --content "$content"
contains "the finding names file, severity, key and rule" "$out" '^missing-always.plist: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing: .* \[missing-usage-key\]$'
contains "an indented source line follows it" "$out" '^  source: requesting-authorization#keys-always$'
lacks "requests given: nothing inferred" "$out" '^inferred requests'
empty "findings go to stdout, not stderr" "$err"
expect_status "the When In Use key alone infers only When In Use" 0 lint missing-always.plist --platform ios --content "$content"
contains "it says so" "$out" '^inferred requests: when-in-use \(from NSLocationWhenInUseUsageDescription\)$'
expect_status "empty usage strings fail" 1 lint empty-string.plist --platform ios --content "$content"
contains "empty-usage-key" "$out" 'NSLocationWhenInUseUsageDescription is empty.*\[empty-usage-key\]$'
expect_status "wrong types fail" 1 lint wrong-type.plist --platform ios --content "$content"
contains "wrong-key-type" "$out" 'NSLocationWhenInUseUsageDescription must be a string, but it is a boolean \[wrong-key-type\]$'
expect_status "a bad temporary dictionary fails" 1 lint bad-temporary-dictionary.plist --platform ios --content "$content"
contains "invalid-temporary-dictionary" "$out" "'TrailRecording' is empty.*\[invalid-temporary-dictionary\]$"

# Warnings alone pass: deprecated at 11, not at 10; keys no source puts on tvOS.
expect_status "deployment target 10: no warning" 0 lint deprecated-key.plist --platform ios --deployment-target 10.0 --content "$content"
lacks "nothing deprecated at iOS 10" "$out" 'warning:'
expect_status "deployment target 11: a warning, exit 0" 0 lint deprecated-key.plist --platform ios --deployment-target 11 --content "$content"
contains "deprecated-key at iOS 11" "$out" '^deprecated-key.plist: warning: NSLocationAlwaysUsageDescription is deprecated .*\[deprecated-key\]$'
contains "cites the key's page" "$out" '^  source: key-always#deprecated$'
expect_status "keys not on tvOS are warnings" 0 lint tvos-app.plist --platform tvos --content "$content"
contains "key-not-on-platform" "$out" 'warning: NSLocationAlwaysUsageDescription does not exist on tvOS: the sources say the system does not read it there \[key-not-on-platform\]$'

# A binary plist reads like XML.
python3 -c 'import plistlib, sys; plistlib.dump(plistlib.load(open(sys.argv[1], "rb")), open(sys.argv[2], "wb"), fmt=plistlib.FMT_BINARY)' missing-always.plist "$work/binary.plist"
expect_status "a binary plist is linted" 1 lint "$work/binary.plist" --platform ios --requests always --content "$content"
contains "the binary plist's finding" "$out" 'binary.plist: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing'

# Unreadable or malformed plists: exit 1, a clear message on stderr, nothing on stdout, no crash.
head -c 60 "$work/binary.plist" > "$work/truncated.plist"
for case in "not-a-plist.plist:is not a property list" "root-array.plist:root of .* is an array" \
            "truncated-xml.plist:is not a valid XML property list" "$work/truncated.plist:truncated or corrupt binary property list" \
            "no-such.plist:cannot read 'no-such.plist': no such file" "$plists:is a directory"; do
  file=${case%%:*}; message=${case#*:}
  expect_status "unreadable: $(basename "$file")" 1 lint "$file" --platform ios --content "$content"
  contains "  says why on stderr" "$err" "^error: .*$message"
  empty "  prints nothing on stdout" "$out"
done

# Usage errors exit 64 and name the id with the nearest.
expect_status "an unknown platform is a usage error" 64 lint good-ios.plist --platform ioss --content "$content"
contains "it suggests the nearest platform" "$err" "^error: unknown platform 'ioss' \(did you mean 'ios'\?\)$"
expect_status "an unknown request is a usage error" 64 lint good-ios.plist --platform ios --requests always,whenInUse --content "$content"
contains "it suggests the nearest request" "$err" "unknown request 'whenInUse' \(did you mean 'when-in-use'\?\)"
expect_status "a malformed deployment target is a usage error" 64 lint good-ios.plist --platform ios --deployment-target 11.x --content "$content"
contains "it names the bad target" "$err" "'11.x' is not a deployment target"
expect_status "--platform is required" 64 lint good-ios.plist --content "$content"
expect_status "an unknown format is a usage error" 64 lint good-ios.plist --platform ios --format xml --content "$content"
expect_status "a missing content folder is an error" 1 lint good-ios.plist --platform ios --content "$work/no-content"
contains "it names the folder" "$err" "no content folder at"

# JSON.
expect_status "JSON output, exit 1 on errors" 1 lint old-always.plist --platform ios --deployment-target 12.0 --format json --content "$content"
python3 - "$work/out" <<'PY' && pass "JSON has the contract's fields, sorted, with sources and claims" || fail "JSON fields" "$out"
import json, sys
text = open(sys.argv[1]).read()
report = json.loads(text)
assert list(report) == sorted(report), list(report)
for field in ["file", "platform", "deploymentTarget", "requests", "inferredRequests", "findings"]:
    assert field in report, field
assert report["file"] == "old-always.plist" and report["platform"] == "ios" and report["deploymentTarget"] == "12.0"
assert report["inferredRequests"] == ["when-in-use", "always"], report["inferredRequests"]
rules = [(f["rule"], f["severity"], f["key"]) for f in report["findings"]]
assert rules == [("missing-usage-key", "error", "NSLocationAlwaysAndWhenInUseUsageDescription"),
                 ("deprecated-key", "warning", "NSLocationAlwaysUsageDescription")], rules
for finding in report["findings"]:
    assert set(finding) == {"rule", "severity", "key", "message", "sources", "claims"}, finding
    assert finding["sources"] and finding["claims"] and finding["message"]
PY
cp "$work/out" "$work/first.json"
lint old-always.plist --platform ios --deployment-target 12.0 --format json --content "$content" > "$work/second.json"
cmp -s "$work/first.json" "$work/second.json" && pass "JSON output is deterministic" || fail "JSON output is deterministic"
expect_status "JSON with requests given" 0 lint good-ios.plist --platform ios --requests when-in-use --format json --content "$content"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["inferredRequests"] is None and r["requests"] == ["when-in-use"] and r["findings"] == []' "$work/out" \
  && pass "inferredRequests is null when requests are given" || fail "inferredRequests is null when requests are given" "$out"

# SARIF 2.1.0.
expect_status "SARIF output, exit 1 on errors" 1 lint old-always.plist --platform ios --deployment-target 12.0 --format sarif --content "$content"
python3 - "$work/out" <<'PY' && pass "SARIF: version, schema, driver rules, results with level and location" || fail "SARIF shape" "$out"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0" and log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
assert len(log["runs"]) == 1
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "capdoc" and driver["version"] and driver["informationUri"]
ids = [rule["id"] for rule in driver["rules"]]
assert ids == ["missing-usage-key", "empty-usage-key", "wrong-key-type", "invalid-temporary-dictionary",
               "deprecated-key", "key-not-on-platform"], ids
assert all(rule["shortDescription"]["text"] for rule in driver["rules"])
results = run["results"]
assert [(r["ruleId"], r["level"]) for r in results] == [("missing-usage-key", "error"), ("deprecated-key", "warning")]
for result in results:
    assert result["message"]["text"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "old-always.plist"
    assert ids[result["ruleIndex"]] == result["ruleId"]
PY
expect_status "SARIF of a clean plist" 0 lint good-ios.plist --platform ios --format sarif --content "$content"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["version"] == "2.1.0" and r["runs"][0]["results"] == []' "$work/out" \
  && pass "SARIF of a clean plist has no results" || fail "SARIF of a clean plist has no results" "$out"

# No colour off a terminal; help.
lacks "no escape codes when not on a terminal" "$(lint empty-string.plist --platform ios --content "$content")" $'\x1b'
expect_status "lint-plist --help" 0 "$capdoc" lint-plist --help
contains "help names the options" "$out" '--deployment-target'

cd "$root"
finish lint-plist
