#!/usr/bin/env bash
# End-to-end tests of the capdoc command: exit codes, where output goes, what is written.
# Usage: Tests/cli/run.sh PATH-TO-CAPDOC   (run from the package root; Scripts/test does this)
set -u
capdoc=$(realpath "$1")
root=$(pwd)
source "$(dirname "$0")/lib.sh"

# The shipped Content checks clean, with quotes verified against the seeds and the current pages
# where their folders are given (CAPDOC_SEEDS, CAPDOC_ARCHIVES; .ci/run gives them), else without.
if [ -d "${CAPDOC_SEEDS:-}" ] && [ -d "${CAPDOC_ARCHIVES:-}" ]; then
  expect_status "check passes on the shipped Content, quotes verified" 0 "$capdoc" check --archives "$CAPDOC_SEEDS" --archives "$CAPDOC_ARCHIVES"
else
  skip "quotes verified against the archived pages" "set CAPDOC_SEEDS and CAPDOC_ARCHIVES to their folders"
  expect_status "check passes on the shipped Content" 0 "$capdoc" check
fi
contains "check prints one summary line on stdout" "$out" '^checked [0-9]+ sources, [0-9]+ claims, [0-9]+ facts; [0-9]+ contradictions adjudicated; 0 errors, [0-9]+ warnings$'
# The only diagnostics are the known gaps: cells no source decides (ShippedContentTests.knownGaps).
others=$(grep -E '^[^ ].*: (error|warning): ' <<< "$err" | grep -v '\[undecided-cell\]$' || true)
[ -z "$others" ] && pass "check prints no diagnostics but the known gaps" || fail "check prints no diagnostics but the known gaps" "$others"

# A planted contradiction: exit 1, pointing at the planted line.
cp -r Content "$work/broken"
cat >> "$work/broken/sources/clauthorizationstatus.yaml" <<'YAML'
  - id: planted
    fact: level-supported
    subject: always
    platforms: [ios]
    value: false
    quote: Always is not offered on iOS.
YAML
line=$(grep -n 'id: planted' "$work/broken/sources/clauthorizationstatus.yaml" | cut -d: -f1)
expect_status "check fails on a planted contradiction" 1 "$capdoc" check --content "$work/broken"
contains "the diagnostic points at the planted line" "$err" "broken/sources/clauthorizationstatus.yaml:$line:5: error: contradiction .*\[contradiction\]"
contains "a note points at the other claim" "$err" "note: '.*' says true here"
contains "the offending line is shown" "$err" "^  +- id: planted$"

# Unknown id with did-you-mean, JSON diagnostics.
cp -r Content "$work/typo"
sed -i '0,/platforms: \[macos\]/s//platforms: [macoss]/' "$work/typo/sources/choosing-authorization-to-request-2019.yaml"
expect_status "check fails on an unknown id" 1 "$capdoc" check --content "$work/typo" --diagnostics-format json
python3 - "$work/out" <<'PY' && pass "JSON diagnostics name the unknown id and suggest the nearest" || fail "JSON diagnostics name the unknown id"
import json, sys
report = json.load(open(sys.argv[1]))
hits = [d for d in report["diagnostics"] if d["check"] == "unknown-id"]
assert hits and "'macoss'" in hits[0]["message"] and "did you mean 'macos'" in hits[0]["message"], hits
assert hits[0]["location"]["line"] > 0 and report["summary"]["errors"] >= 1
PY

# Malformed YAML: position from the parser, exit 1.
cp -r Content "$work/yaml"
printf -- '- id: ios\n  name: [unclosed\n' > "$work/yaml/platforms.yaml"
expect_status "malformed YAML is an error" 1 "$capdoc" check --content "$work/yaml"
contains "malformed YAML has file:line:col" "$err" 'yaml/platforms.yaml:[0-9]+:[0-9]+: error: invalid YAML.*\[yaml-syntax\]'

# Warnings as errors.
# (the small base fixture without its claim about services under each level: every such cell is undecided)
cp -r Tests/CapdocKitTests/Fixtures/base "$work/warn"
sed -i '/- id: services$/,/quote: All services work under both levels./d' "$work/warn/sources/guide.yaml"
expect_status "a warning alone passes" 0 "$capdoc" check --content "$work/warn"
contains "undecided cells are warnings" "$err" 'warn/services.yaml:[0-9]+:[0-9]+: warning: no claim decides service-available .*\[undecided-cell\]'
expect_status "--warnings-as-errors fails on it" 1 "$capdoc" check --content "$work/warn" --warnings-as-errors

# Build: writes the dataset, deterministic, atomic.
cd "$work"
cp -r "$root/Content" Content && cp -r "$root/Templates" Templates
expect_status "build writes _site" 0 "$capdoc" build
contains "build prints a summary line" "$out" '^built [0-9]+ files, [0-9]+ bytes into _site in [0-9.]+ s$'
expect_status "a format named twice is built once" 0 "$capdoc" build --format json --format json --output twice
[ -f twice/capdoc.json ] && [ ! -e twice/index.html ] && pass "--format json twice wrote the dataset only" || fail "--format json twice wrote the dataset only"
rm -rf twice
python3 - <<'PY' && pass "capdoc.json validates against capdoc.schema.json" || fail "capdoc.json validates against its schema"
import json, jsonschema
schema = json.load(open("_site/capdoc.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(json.load(open("_site/capdoc.json")))
PY
consumers=$(python3 "$root/Tests/cli/dataset_consumers.py" "$capdoc" _site/capdoc.json "$root" 2>&1) && pass "the five dataset consumers of docs/dataset.md (Python, JavaScript) answer as capdoc query does" || fail "the five dataset consumers" "$consumers"
[ -f _site/capdoc.json.gz ] && gzip -dc _site/capdoc.json.gz | cmp -s - _site/capdoc.json && pass "capdoc.json.gz is capdoc.json gzipped" || fail "capdoc.json.gz is capdoc.json gzipped"
cp _site/capdoc.json previous.json
python3 -c 'import json,sys; d=json.load(open("previous.json")); d["services"]["visits"]["platforms"]["ios"]["levels"]["always"]["support"][-1]["answer"]="no"; json.dump(d,open("previous.json","w"))'
expect_status "diff reads two datasets" 0 "$capdoc" diff previous.json _site/capdoc.json
contains "diff says which answer moved" "$out" '^changed  services/visits platforms.ios.levels.always.support$'
expect_status "diff refuses a file that is no dataset" 1 "$capdoc" diff _site/capdoc.schema.json _site/capdoc.json
contains "diff names the file it refuses" "$err" 'capdoc.schema.json: error: not a capdoc dataset'
printf '{\n  "schemaVersion": "7.0.0",\n  "services": {,}\n}\n' > broken.json
expect_status "diff refuses malformed JSON" 1 "$capdoc" diff broken.json _site/capdoc.json
contains "diff places malformed JSON at its line and column" "$err" '^broken.json:3:16: error: not JSON: '
grep -q '<svg[^>]* role="img"' _site/flow.html && grep -q '<title id="flow-diagram-title">' _site/flow.html && pass "the flow page has its diagram, with a title" || fail "the flow page has its diagram"
[ -f _site/man/man7/capdoc-authorization-flow.7 ] && [ -f _site/markdown/flow.md ] && ! grep -q '<svg' _site/markdown/flow.md && pass "the flow page is in man and Markdown, without the SVG" || fail "the flow page in man and Markdown"
cp -r _site first
expect_status "a second build succeeds" 0 "$capdoc" build
diff -r first _site >/dev/null && pass "two builds are byte-identical" || fail "two builds are byte-identical"
cp -r "$work/broken" Content-broken
expect_status "build of broken Content fails" 1 "$capdoc" build --content Content-broken
diff -r first _site >/dev/null && pass "a failed build leaves _site as it was" || fail "a failed build leaves _site as it was"
mkdir -p notours && echo keep > notours/file.txt
expect_status "build refuses a folder it did not make" 1 "$capdoc" build --output notours
[ "$(cat notours/file.txt)" = keep ] && pass "the foreign folder is untouched" || fail "the foreign folder is untouched"
cd "$root"

# Without --platform, a query is for the Content's first platform, not one written into capdoc.
cp -r Tests/CapdocKitTests/Fixtures/camera-domain "$work/mac-first"
printf -- '- id: macos\n  first-version: "10.0"\n  name: macOS\n  summary: The Mac.\n- id: ios\n  first-version: "2.0"\n  name: iOS\n  summary: The iPhone.\n' > "$work/mac-first/platforms.yaml"
expect_status "query without --platform on another Content" 0 "$capdoc" query level access --content "$work/mac-first"
contains "it answers for the Content's first platform" "$out" '^access on macos 10.14 '

# The templates travel with the binary: a build from a folder with no Templates/ makes the same site.
mkdir -p "$work/elsewhere"
(cd "$work/elsewhere" && "$capdoc" build --content "$root/Content" --format html --output site > /dev/null 2>&1)
cmp -s "$work/elsewhere/site/style.css" Templates/style.css && cmp -s "$work/elsewhere/site/search.js" Templates/search.js \
  && pass "build outside the repository uses the compiled-in templates" || fail "build outside the repository uses the compiled-in templates"
expect_status "build with a --templates folder that does not exist" 1 "$capdoc" build --templates "$work/no-such-templates" --output "$work/no-site"
contains "the missing template is named" "$err" "template '.*no-such-templates/page.mustache' not found"

# Hostile prose in a note: no markup reaches HTML, no request reaches roff, no template tag expands.
cp -r Content "$work/hostile-content"
cat >> "$work/hostile-content/sources/requesting-authorization.yaml" <<'YAML'
  - id: hostile-note
    fact: note
    subject: hostile
    platforms: [ios]
    value: |
      Look <script>alert(1)</script> and [click](javascript:alert(1)) and <img src=x onerror=alert(1)>
      .TH EVIL 1
      'br
      {{siteTitle}}
    quote: The app requests Always authorization.
YAML
expect_status "build with hostile prose" 0 "$capdoc" build --content "$work/hostile-content" --templates Templates --output "$work/hostile-site"
# The one script allowed is the layout's search box, alone on its line exactly as page.mustache writes it.
if grep -rhiE '<script|javascript:|onerror=' "$work/hostile-site" --include='*.html' | grep -qvxE '<script src="(\.\./)*(search|platforms)\.js" defer></script>'; then fail "no script, javascript: link or event handler reaches HTML"; else pass "no script, javascript: link or event handler reaches HTML"; fi
if grep -qE '^[.'"'"'](TH EVIL|br)' "$work/hostile-site/man/man7/capdoc-ios.7"; then fail "a line of prose starting with . or ' is not a roff request"; else pass "a line of prose starting with . or ' is not a roff request"; fi
grep -q '{{siteTitle}}' "$work/hostile-site/platforms/ios.html" && pass "Mustache delimiters in prose stay text" || fail "Mustache delimiters in prose stay text"

# query: exact answers, JSON, exit 64 with suggestions for unknown ids.
expect_status "query support" 0 "$capdoc" query support region-monitoring --platform ios --level when-in-use --os 12
contains "query support answers in words, then sources" "$out" '^region-monitoring with when-in-use on ios 12.0: not available\.'
contains "query support lists its sources" "$out" 'choosing-authorization-to-request-2019: '
expect_status "query keys --json" 0 "$capdoc" query keys --request always --platform ios --json
python3 - "$work/out" <<'PY' && pass "query keys JSON has the contract's fields and values" || fail "query keys JSON"
import json, sys
answer = json.load(open(sys.argv[1]))
assert answer["required"] == ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"], answer
assert answer["deprecated"] == ["NSLocationAlwaysUsageDescription"] and answer["sources"], answer
assert set(answer) >= {"request", "platform", "os", "required", "deprecated", "sources"}
PY
expect_status "query level --json" 0 "$capdoc" query level always --platform watchos --json
contains "watchOS never relaunches" "$out" '"launchesTerminatedApp": false'
expect_status "every query takes --platform as flow does: ios when left out" 0 "$capdoc" query level always
contains "  the answer is for ios" "$out" '^always on ios [0-9.]+ \(the newest version the sources name\): offered\.$'
# Gates: answers composed through the facts they depend on; an answer without --os says which version it holds for.
expect_status "query keys where the level is not offered" 0 "$capdoc" query keys --request session-always --platform visionos
contains "no keys where the platform does not offer the request's level" "$out" '^session-always request on visionos [0-9.]* \(the newest version the sources name\): level not offered, so it needs no keys\.'
expect_status "query keys --json where a gate is closed" 0 "$capdoc" query keys --request always --platform tvos --json
python3 - "$work/out" <<'PY' && pass "a closed gate is null keys and its outcome in JSON" || fail "closed gate in JSON"
import json, sys
answer = json.load(open(sys.argv[1]))
assert answer["required"] is None and answer["closedBy"] == "request-not-available" and answer["osIsNewestKnown"] is True, answer
assert answer["sources"], answer
PY
expect_status "query with an unknown id exits 64" 64 "$capdoc" query support visit --platform ios --level always
contains "the unknown id is named with a suggestion" "$err" "^error: unknown service 'visit' \(did you mean 'visits'\?\)$"
expect_status "query with a malformed --os exits 64" 64 "$capdoc" query level always --platform ios --os 1.x

# query takes what explain takes; list names the ids.
expect_status "query with an API name and Xcode's platform name" 0 "$capdoc" query support CLMonitor --level "When In Use" --platform iphoneos
contains "the answer names the ids it read, and since when" "$out" '^condition-monitoring with when-in-use on ios [0-9.]* \(the newest version the sources name\): available since [0-9.]+\.$'
expect_status "list triggers" 0 "$capdoc" list triggers
contains "list gives each id with its name" "$out" '^request-when-in-use  requestWhenInUseAuthorization\(\)$'
expect_status "list --json" 0 "$capdoc" list levels --json
python3 - "$work/out" <<'PY' && pass "list --json is each kind's ids and names" || fail "list --json"
import json, sys
listed = json.load(open(sys.argv[1]))
assert listed == {"levels": [{"id": "when-in-use", "name": "When In Use"}, {"id": "always", "name": "Always"}]}, listed
PY
expect_status "list with an unknown kind exits 64" 64 "$capdoc" list widgets
contains "it names the kinds" "$err" "unknown kind 'widgets'; the kinds are services, levels"

# query flow: the prompt and its key, a choice's outcome, the choices of a prompt, an ignored choice, JSON, exit 64.
expect_status "query flow" 0 "$capdoc" query flow --from when-in-use --trigger request-always --choice change-to-always-allow --platform ios
contains "query flow names the prompt's usage string" "$out" '^A prompt appears, showing the usage string of NSLocationAlwaysAndWhenInUseUsageDescription\.$'
contains "query flow gives the choice's outcome" "$out" '^Choosing change-to-always-allow: the app moves to always; authorizationStatus reports authorized-always; the delegate is told\.$'
contains "query flow lists its sources" "$out" 'request-always-authorization: requestAlwaysAuthorization\(\)'
expect_status "query flow before iOS 11" 0 "$capdoc" query flow --from when-in-use --trigger request-always --platform ios --os 10.3
contains "before iOS 11 the prompt shows the older key" "$out" 'usage string of NSLocationAlwaysUsageDescription\.$'
expect_status "query flow without --choice" 0 "$capdoc" query flow --from not-determined --trigger request-always
contains "a prompt without --choice lists its choices" "$out" '^Its choices: allow-while-using, allow-once, dont-allow \(pick one with --choice\)\.$'
expect_status "query flow with a choice where no prompt appears" 0 "$capdoc" query flow --from denied --trigger request-when-in-use --choice allow-once
contains "the answer says the call changes nothing" "$out" '^No prompt appears; the app stays in denied; authorizationStatus reports denied; the delegate is not told\.$'
contains "the answer says the choice is ignored" "$out" '^--choice allow-once is ignored: no prompt appears, so there is nothing to choose\.$'
expect_status "query flow --json" 0 "$capdoc" query flow --from not-determined --trigger request-always --json
python3 - "$work/out" <<'PY' && pass "query flow JSON lists the choices, with no outcome" || fail "query flow JSON without a choice"
import json, sys
answer = json.load(open(sys.argv[1]))
assert set(answer) >= {"from", "trigger", "choice", "prompted", "promptKey", "to", "reportedStatus", "delegateNotified", "sources", "choices", "choiceIgnored"}, answer
assert answer["prompted"] is True and answer["promptKey"] == "NSLocationWhenInUseUsageDescription", answer
assert answer["choices"] == ["allow-while-using", "allow-once", "dont-allow"] and answer["to"] is None and answer["reportedStatus"] is None, answer
PY
expect_status "query flow --json with an ignored choice" 0 "$capdoc" query flow --from temporary-when-in-use --trigger stop-using --choice allow-once --json
python3 - "$work/out" <<'PY' && pass "query flow JSON marks the ignored choice" || fail "query flow JSON with an ignored choice"
import json, sys
answer = json.load(open(sys.argv[1]))
assert answer["prompted"] is False and answer["choiceIgnored"] is True and answer["promptKey"] is None, answer
assert answer["to"] == "not-determined" and answer["reportedStatus"] == "not-determined", answer
assert answer["sources"] == ["did-change-authorization"] and answer["delegateNotified"] is True, answer
PY
expect_status "query flow with an unknown state exits 64" 64 "$capdoc" query flow --from not-determind --trigger request-always
contains "the unknown state is named with a suggestion" "$err" "unknown state 'not-determind' \(did you mean 'not-determined'\?\)$"
expect_status "query flow with an unknown choice exits 64" 64 "$capdoc" query flow --from not-determined --trigger request-always --choice allow-onse
contains "the unknown choice is named with a suggestion" "$err" "unknown choice 'allow-onse' \(did you mean 'allow-once'\?\)$"

# The seed's slip about the delegate method is a contradiction once its ruling is gone.
cp -r Content "$work/callback"
python3 - "$work/callback/adjudications.yaml" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
start = text.index("- id: authorization-callback")
end = text.find("\n- id: ", start + 1)
open(path, "w").write(text[:start] + (text[end + 1:] if end != -1 else ""))
PY
expect_status "check fails without the ruling on the delegate method" 1 "$capdoc" check --content "$work/callback"
contains "the slip is a contradiction on authorization-callback" "$err" "request-always-authorization.yaml:[0-9]+:5: error: contradiction on authorization-callback .*locationManager\(_:didUpdateLocations:\).*\[contradiction\]"

# explain: Markdown when not on a terminal, did-you-mean for misses.
expect_status "explain an API name" 0 "$capdoc" explain requestAlwaysAuthorization
contains "explain prints the request's page" "$out" '^# Always authorization request$'
contains "explain shows the matrix row" "$out" '^\| \[iOS\]'
expect_status "explain an unknown term exits 64" 64 "$capdoc" explain vists
contains "explain suggests the nearest term, as query and lint-plist do" "$err" "^error: unknown term 'vists' \(did you mean 'visits'\?\)$"

# Usage errors exit 64; --version and --help work.
expect_status "an unknown option is a usage error (64)" 64 "$capdoc" check --no-such-option
expect_status "--version" 0 "$capdoc" --version
contains "--version prints the version" "$out" '^[0-9]+\.[0-9]+\.[0-9]+$'
expect_status "check --help" 0 "$capdoc" check --help

# "My app targets iOS 15": the site's deployment-target page, in the terminal and as JSON.
expect_status "query target iphoneos 15.2" 0 "$capdoc" query target iphoneos 15.2
contains "query target: a version between targets is answered by the one before" "$out" 'answers from 15\.0 on hold'
contains "query target: a service that arrives later says from when" "$out" '\[Condition monitoring\]\([^)]*\) \| From 17\.0 \| From 17\.0 \|'
contains "query target: what is deprecated" "$out" 'NSLocationAlwaysUsageDescription.*11\.0, at or before 15\.2|NSLocationAlwaysUsageDescription.*11\.0, at or before 15\.0'
expect_status "query target --json" 0 "$capdoc" query target ios 15.0 --json
contains "query target --json names the page" "$out" '"page" : "targets/ios-15\.0\.html"|"page": "targets/ios-15\.0\.html"'
expect_status "query target on an unknown platform" 64 "$capdoc" query target android 12.0

# Another vendor's Content (Android's manifest permissions, API levels): help in its words, and
# lint-plist refused, since its keys go in no Info.plist.
android="$root/Tests/CapdocKitTests/Fixtures/android-domain"
out=$("$capdoc" --content "$android" --help 2>&1)
contains "help of another Content: its examples" "$out" 'capdoc query keys --request background --platform android'
lacks "help of another Content: no lint-plist, no Apple word" "$out" 'lint-plist|Info\.plist|iOS'
expect_status "lint-plist refuses Content whose keys go elsewhere" 64 "$capdoc" lint-plist --content "$android" "$root/Tests/CapdocKitTests/Fixtures/lint/code/Info.plist"
out=$("$capdoc" query keys --request background --platform android --os 30 --content "$android" 2>&1)
contains "query answers in API levels" "$out" '^background request on android 30 needs: ACCESS_BACKGROUND_LOCATION'

# Shell completions complete ids from the built-in model: the bash script, run as bash would.
"$capdoc" --generate-completion-script bash > "$work/capdoc.bash"
complete_words() {
  PATH="$(dirname "$capdoc"):$PATH" bash -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
    _capdoc capdoc "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
    printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$work/capdoc.bash" "$@"
}
out=$(complete_words capdoc query support reg)
contains "completion: a service id" "$out" '^region-monitoring $'
out=$(complete_words capdoc query support region-monitoring --platform i)
contains "completion: platform ids" "$out" '^ios ipados $'
out=$(complete_words capdoc query flow --trigger request-)
contains "completion: flow triggers" "$out" '^request-always request-when-in-use $'
out=$(complete_words capdoc explain NSLocationA)
contains "completion: explain takes Info.plist keys" "$out" '^NSLocationAlwaysAndWhenInUseUsageDescription NSLocationAlwaysUsageDescription $'

finish cli
