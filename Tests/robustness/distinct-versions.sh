#!/usr/bin/env bash
# Work that grows faster than the input (issue 41.1): one Content file of 32,000 claims on one cell,
# each with an OS version of its own (`os: {from: "3.K"}`), is checked within a small multiple of
# the time and memory of the same 32,000 claims without versions. The merge listed, for the k-th
# version, the k claims that corroborate it: 8,000 versions took 13.9 times the time and 12.2 times
# the memory of 8,000 plain claims, and 32,000 did not fit in 4 GB. `build` of $build_count of each is
# held within 3 times the time and 2 times the memory (it was quadratic: 8,000 took 24 times the
# time and 7 times the memory, listing every fact's corroborating claims; now an answer lists at
# most 16 of them and counts the rest). Benchmarks/distinct-versions measures both at 32,000.
# Usage: Tests/robustness/distinct-versions.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"

count=32000
build_count=8000
# The shipped Content plus one source of COUNT claims on heading × iOS × Always, or with `flow` on
# the flow cell when-in-use × request-always × grant-when-in-use-instead on iOS (each `from: "13.K"`
# where distinct, all `from: "13.1"` where plain).
generate() {
  cp -r "$root/Content" "$1"
  python3 - "$1/sources/many-claims.yaml" "${3:-$count}" "$2" "${4:-service}" <<'PYTHON'
import sys
path, count, distinct, case = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "distinct", sys.argv[4]
with open(path, "w") as out:
    out.write("title: Many claims\nurl: https://developer.apple.com/documentation/corelocation/many\nkind: article\nclaims:\n")
    for k in range(count):
        if case == "flow":
            out.write(f"  - id: t{k}\n    fact: transition\n    subject: when-in-use\n    trigger: request-always\n"
                      f"    choice: grant-when-in-use-instead\n    platforms: [ios]\n"
                      f"    os: {{from: \"13.{k + 1 if distinct else 1}\"}}\n    value: {{to: when-in-use}}\n    quote: Nothing changes.\n")
            continue
        out.write(f"  - id: c{k}\n    fact: service-available\n    subject: heading\n    platforms: [ios]\n"
                  f"    levels: [always]\n    value: true\n    quote: Heading works.\n")
        if distinct:
            out.write(f"    os: {{from: \"3.{k + 1}\"}}\n")
PYTHON
}

# within_ratios WHAT MAX_TIME MAX_MEMORY: the distinct run (seconds[distinct], kib[distinct]) against
# the plain one, in time and peak memory; nothing where /usr/bin/time is missing.
within_ratios() {
  [ "$have_time" = 1 ] || return 0
  local time_ratio memory_ratio
  time_ratio=$(awk -v d="${seconds[distinct]}" -v p="${seconds[plain]}" 'BEGIN { printf "%.2f", d / (p > 0.01 ? p : 0.01) }')
  memory_ratio=$(awk -v d="${kib[distinct]}" -v p="${kib[plain]}" 'BEGIN { printf "%.2f", d / p }')
  awk -v r="$time_ratio" -v m="$2" 'BEGIN { exit !(r <= m) }' && pass "$1 within $2 times the time of plain claims ($time_ratio)" \
    || fail "$1 within $2 times the time of plain claims ($time_ratio)"
  awk -v r="$memory_ratio" -v m="$3" 'BEGIN { exit !(r <= m) }' && pass "$1 within $3 times the memory of plain claims ($memory_ratio)" \
    || fail "$1 within $3 times the memory of plain claims ($memory_ratio)"
}

# Each run of the debug build: the plain one takes a few seconds.
max_seconds=25
max_kib=$((1024 * 1024))
generate plain plain
generate distinct distinct
# The shipped Content's own claims, counted by capdoc itself, so that a claim added to it changes nothing here.
shipped_claims=$("$capdoc" check --content "$root/Content" 2>/dev/null | sed -nE 's/^checked [0-9]+ sources, ([0-9]+) claims.*/\1/p')
declare -A seconds kib
for kind in plain distinct; do
  bounded "check of $count $kind claims on one cell: exit 0" 0 "$capdoc" check --content "$kind"
  contains "  and counts them" "$out" "checked 81 sources, $((count + shipped_claims)) claims"
  if [ "$have_time" = 1 ]; then read -r "seconds[$kind]" "kib[$kind]" < <(tail -n 1 "$work/time"); fi
done
# A small multiple: 3 times the time (the plain check's own time varies with the machine's load)
# and 1.5 times the memory.
within_ratios "distinct versions: check" 3 1.5

# Build (all formats) of $build_count of each: the debug build takes about 10 s for the plain ones.
max_seconds=30
generate plain-build plain "$build_count"
generate distinct-build distinct "$build_count"
for kind in plain distinct; do
  bounded "build of $build_count $kind claims on one cell: exit 0" 0 "$capdoc" build --content "$kind-build" --output "site-$kind"
  if [ "$have_time" = 1 ]; then read -r "seconds[$kind]" "kib[$kind]" < <(tail -n 1 "$work/time"); fi
done
# The output grows with the Content, not with the square of its versions: each version's answer
# cites its own claim, and no answer lists more than 16 that only agree (N²/2 listed, before).
bytes_plain=$(du -sb site-plain | cut -f1)
bytes_distinct=$(du -sb site-distinct | cut -f1)
awk -v d="$bytes_distinct" -v p="$bytes_plain" 'BEGIN { exit !(d <= 1.5 * p) }' \
  && pass "distinct versions: the output within 1.5 times the plain one's ($bytes_distinct against $bytes_plain bytes)" \
  || fail "distinct versions: the output within 1.5 times the plain one's ($bytes_distinct against $bytes_plain bytes)"
within_ratios "distinct versions: build" 3 2

# The flow's eras (issue 41): $flow_count transition claims on one flow cell, each `from` a version
# of its own. Each version at which a transition changes was an era of the flow with its own pages
# (HTML and Markdown, about 77 KB): 32,000 such claims wrote 64,734 files and 2.4 GiB. An era page
# now starts only at a version the platform declares (or, declaring none, at a new major version),
# at most 64 a platform (`Flow.EraPaging`): these claims' eras are all on the iOS 13.0 page, which
# names where they change, so the site has the plain one's files and grows by their rows alone.
flow_count=2000
max_seconds=30
generate plain-flow plain "$flow_count" flow
generate distinct-flow distinct "$flow_count" flow
for kind in plain distinct; do
  bounded "build of $flow_count $kind transition claims on one flow cell: exit 0" 0 "$capdoc" build --content "$kind-flow" --output "site-flow-$kind"
  if [ "$have_time" = 1 ]; then read -r "seconds[$kind]" "kib[$kind]" < <(tail -n 1 "$work/time"); fi
done
files_plain=$(find site-flow-plain -type f | wc -l)
files_distinct=$(find site-flow-distinct -type f | wc -l)
[ "$files_distinct" -eq "$files_plain" ] && pass "flow: no page more than the plain claims' ($files_distinct files)" \
  || fail "flow: no page more than the plain claims' ($files_distinct files against $files_plain)"
contains "flow: the iOS 13.0 page names where its transitions change" "$(cat site-flow-distinct/markdown/flow/ios-13.0.md)" \
  "They change at $flow_count versions, from 13\\.1 to 13\\.$flow_count"
bytes_plain=$(du -sb site-flow-plain | cut -f1)
bytes_distinct=$(du -sb site-flow-distinct | cut -f1)
# About 2.75 KB a claim: its row on the flow page and on the 13.0 page (HTML and Markdown), and its
# claim and row in the dataset. An era page per version wrote 77 KB a claim.
per_claim=$(((bytes_distinct - bytes_plain) / flow_count))
[ "$per_claim" -le 5000 ] && pass "flow: at most 5 KB more written per claim ($per_claim bytes)" \
  || fail "flow: at most 5 KB more written per claim ($per_claim bytes)"
within_ratios "flow: build" 3 2

# The limit per platform: with iOS's `versions` taken out, each major version starts a page, and
# $flow_count claims each `from` a major version of its own want as many. iOS gets 64 era pages,
# the newest eras sharing the last (`VersionPageLimit`); `version-pages-limited` warns at the platform.
cp -r plain-flow majors-flow
python3 - majors-flow <<'PYTHON'
import re, sys
folder = sys.argv[1]
platforms = open(f"{folder}/platforms.yaml").read()
ios = re.compile(r"(- id: ios\n(?:  .*\n)*?)  versions: .*\n")
assert ios.search(platforms), "iOS declares its versions"
open(f"{folder}/platforms.yaml", "w").write(ios.sub(r"\1", platforms, count=1))
claims = open(f"{folder}/sources/many-claims.yaml").read()
major = iter(range(31, 10**6))
open(f"{folder}/sources/many-claims.yaml", "w").write(re.sub(r'from: "13\.1"', lambda _: f'from: "{next(major)}.0"', claims))
PYTHON
bounded "build of $flow_count transition claims each from a major version of its own: exit 0" 0 "$capdoc" build --content majors-flow --output site-flow-majors
contains "flow: version-pages-limited warns at iOS in platforms.yaml" "$err" \
  "majors-flow/platforms.yaml:1:7: warning: the flow's era pages of 'ios' would be $((flow_count + 5)), more than the 64 a platform gets: the newest $((flow_count + 5 - 63)) eras share the last page, from [0-9.]+ on \\[version-pages-limited\\]"
ios_pages=$(find site-flow-majors/flow -name 'ios-*.html' | wc -l)
[ "$ios_pages" -eq 64 ] && pass "flow: 64 iOS era pages, whatever the eras" || fail "flow: 64 iOS era pages, whatever the eras (got $ios_pages)"
# The same claims' rows as on one page, and 63 era pages more (about 77 KB each): the ceiling.
bytes_majors=$(du -sb site-flow-majors | cut -f1)
more=$((bytes_majors - bytes_distinct))
[ "$more" -le $((64 * 100000)) ] && pass "flow: the 64 pages write at most 6.4 MB more than one page ($more bytes)" \
  || fail "flow: the 64 pages write at most 6.4 MB more than one page ($more bytes)"

# The same limit on deployment-target pages: 1,000 claims on heading, each `from` a major version
# of its own on iOS without its `versions`, wrote 1,050 target pages and 142 MB (19 s, debug). Now
# the oldest 64 get a page, the last answering for every later version, and a warning says so.
cp -r plain-build majors-targets
python3 - majors-targets 1000 <<'PYTHON'
import re, sys
folder, count = sys.argv[1], int(sys.argv[2])
platforms = open(f"{folder}/platforms.yaml").read()
ios = re.compile(r"(- id: ios\n(?:  .*\n)*?)  versions: .*\n")
open(f"{folder}/platforms.yaml", "w").write(ios.sub(r"\1", platforms, count=1))
with open(f"{folder}/sources/many-claims.yaml", "w") as out:
    out.write("title: Many claims\nurl: https://developer.apple.com/documentation/corelocation/many\nkind: article\nclaims:\n")
    for k in range(count):
        out.write(f"  - id: c{k}\n    fact: service-available\n    subject: heading\n    platforms: [ios]\n"
                  f"    levels: [always]\n    value: {'true' if k % 2 else 'false'}\n    quote: Heading works.\n"
                  f"    os: {{from: \"{k + 30}.0\"}}\n")
PYTHON
bounded "build of 1000 claims each from a major version of its own: exit 0" 0 "$capdoc" build --content majors-targets --output site-majors-targets
contains "targets: version-pages-limited warns at iOS in platforms.yaml" "$err" \
  "majors-targets/platforms.yaml:1:7: warning: the deployment target pages of 'ios' would be [0-9]+, more than the 64 a platform gets: the last, [0-9.]+ and later, answers for the [0-9]+ later versions too \\[version-pages-limited\\]"
ios_targets=$(find site-majors-targets/targets -name 'ios-*.html' | wc -l)
[ "$ios_targets" -eq 64 ] && pass "targets: 64 iOS deployment-target pages, whatever the versions" \
  || fail "targets: 64 iOS deployment-target pages, whatever the versions (got $ios_targets)"

cd "$root"
finish distinct-versions
