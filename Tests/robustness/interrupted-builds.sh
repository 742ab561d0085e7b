#!/usr/bin/env bash
# Interrupted and concurrent builds: a build killed with SIGKILL at any moment leaves the output as
# the previous complete build or the new complete one, never a mix or nothing; two builds into the
# same folder at once never corrupt it, and one that finds the other writing says so.
# Usage: Tests/robustness/interrupted-builds.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"
cp -r "$root/Templates" Templates
cp -r "$root/Content" A
cp -r "$root/Content" B
sed -i 's/summary: The iPhone operating system./summary: The iPhone operating system (version B)./' B/platforms.yaml
"$capdoc" build --content B --output expected-B >/dev/null
"$capdoc" build --content A --output expected-A >/dev/null
cp -r expected-A _site

same_as() { diff -rq "$1" _site >/dev/null 2>&1; }
current=A
# Delays from "before rendering finished" to "while swapping": the debug build takes about a second.
for delay in $(seq 0 0.04 1.2); do
  next=$([ "$current" = A ] && echo B || echo A)
  "$capdoc" build --content "$next" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if same_as "expected-$current"; then
    pass "killed after ${delay}s: the previous output ($current) is intact"
  elif same_as "expected-$next"; then
    pass "killed after ${delay}s: the new output ($next) is complete"
    current=$next
  else
    fail "killed after ${delay}s: _site is neither the previous nor the new build" "$(diff -rq "expected-$current" _site 2>&1 | head -5)"
  fi
done
# A later build cleans up what killed builds left beside the output, and succeeds.
expect_status "a build after the kills succeeds" 0 "$capdoc" build --content A
same_as expected-A && pass "and writes the complete output" || fail "and writes the complete output"
leftovers=$(ls -A | grep -E '^\._site\.capdoc-(new|old)-' || true)
empty "no staging folder is left beside the output" "$leftovers"

# Two builds at once: each either succeeds or says another build is writing; the output is whole.
for round in 1 2 3 4 5; do
  "$capdoc" build --content A >"out1" 2>"err1" & first=$!
  "$capdoc" build --content B >"out2" 2>"err2" & second=$!
  wait "$first"; status1=$?
  wait "$second"; status2=$?
  ok=1
  for n in 1 2; do
    status=$([ "$n" = 1 ] && echo "$status1" || echo "$status2")
    if [ "$status" -ne 0 ] && ! grep -q "another capdoc build is writing" "err$n"; then ok=0; fi
  done
  if [ "$ok" = 1 ] && { same_as expected-A || same_as expected-B; }; then
    pass "concurrent builds, round $round: output whole (exit $status1/$status2)"
  else
    fail "concurrent builds, round $round (exit $status1/$status2)" "$(cat err1 err2)"
  fi
done
cd "$root"
finish interrupted-builds
