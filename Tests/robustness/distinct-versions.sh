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
# The shipped Content plus one source of COUNT claims on heading × iOS × Always.
generate() {
  cp -r "$root/Content" "$1"
  python3 - "$1/sources/many-claims.yaml" "${3:-$count}" "$2" <<'PYTHON'
import sys
path, count, distinct = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "distinct"
with open(path, "w") as out:
    out.write("title: Many claims\nurl: https://developer.apple.com/documentation/corelocation/many\nkind: article\nclaims:\n")
    for k in range(count):
        out.write(f"  - id: c{k}\n    fact: service-available\n    subject: heading\n    platforms: [ios]\n"
                  f"    levels: [always]\n    value: true\n    quote: Heading works.\n")
        if distinct:
            out.write(f"    os: {{from: \"3.{k + 1}\"}}\n")
PYTHON
}

# Each run of the debug build: the plain one takes a few seconds.
max_seconds=25
max_kib=$((1024 * 1024))
generate plain plain
generate distinct distinct
declare -A seconds kib
for kind in plain distinct; do
  bounded "check of $count $kind claims on one cell: exit 0" 0 "$capdoc" check --content "$kind"
  contains "  and counts them" "$out" "checked 81 sources, $((count + 1058)) claims"
  if [ "$have_time" = 1 ]; then read -r "seconds[$kind]" "kib[$kind]" < <(tail -n 1 "$work/time"); fi
done
if [ "$have_time" = 1 ]; then
  # A small multiple: 3 times the time (the plain check's own time varies with the machine's load)
  # and 1.5 times the memory.
  time_ratio=$(awk -v d="${seconds[distinct]}" -v p="${seconds[plain]}" 'BEGIN { printf "%.2f", d / (p > 0.01 ? p : 0.01) }')
  memory_ratio=$(awk -v d="${kib[distinct]}" -v p="${kib[plain]}" 'BEGIN { printf "%.2f", d / p }')
  awk -v r="$time_ratio" 'BEGIN { exit !(r <= 3) }' && pass "distinct versions: at most 3 times the time of plain claims ($time_ratio)" \
    || fail "distinct versions: at most 3 times the time of plain claims ($time_ratio)"
  awk -v r="$memory_ratio" 'BEGIN { exit !(r <= 1.5) }' && pass "distinct versions: at most 1.5 times the memory of plain claims ($memory_ratio)" \
    || fail "distinct versions: at most 1.5 times the memory of plain claims ($memory_ratio)"
fi

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
if [ "$have_time" = 1 ]; then
  time_ratio=$(awk -v d="${seconds[distinct]}" -v p="${seconds[plain]}" 'BEGIN { printf "%.2f", d / (p > 0.01 ? p : 0.01) }')
  memory_ratio=$(awk -v d="${kib[distinct]}" -v p="${kib[plain]}" 'BEGIN { printf "%.2f", d / p }')
  awk -v r="$time_ratio" 'BEGIN { exit !(r <= 3) }' && pass "distinct versions: build within 3 times the time of plain claims ($time_ratio)" \
    || fail "distinct versions: build within 3 times the time of plain claims ($time_ratio)"
  awk -v r="$memory_ratio" 'BEGIN { exit !(r <= 2) }' && pass "distinct versions: build within 2 times the memory of plain claims ($memory_ratio)" \
    || fail "distinct versions: build within 2 times the memory of plain claims ($memory_ratio)"
fi

cd "$root"
finish distinct-versions
