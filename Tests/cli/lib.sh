# Shared by the end-to-end test scripts: counters, assertions, and a scratch folder in $work.
# Source it after setting `set -u`; call `finish NAME` last.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
skipped=0

pass() { passed=$((passed + 1)); echo "ok - $1"; }
# skip NAME WHY: a test that cannot run here, said so (and counted on the closing line).
skip() { skipped=$((skipped + 1)); echo "skip - $1: $2"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; [ -n "${2:-}" ] && sed 's/^/    /' <<< "$2"; }
# expect_status NAME EXPECTED COMMAND...: runs the command, keeps stdout/stderr in $out/$err.
expect_status() {
  local name=$1 expected=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"; local status=$?
  out=$(cat "$work/out"); err=$(cat "$work/err")
  if [ "$status" -eq "$expected" ]; then pass "$name"; else fail "$name (exit $status, expected $expected)" "$out$err"; fi
}
contains() { if grep -qE -- "$3" <<< "$2"; then pass "$1"; else fail "$1: no match for /$3/" "$2"; fi; }
lacks() { if grep -qE -- "$3" <<< "$2"; then fail "$1: unexpected match for /$3/" "$2"; else pass "$1"; fi; }
empty() { if [ -z "$2" ]; then pass "$1"; else fail "$1" "$2"; fi; }
# finish NAME: the closing line that test runners read, and the exit status.
finish() {
  if [ "$skipped" -gt 0 ]; then echo "$1: $passed passed, $failed failed, $skipped skipped"; else echo "$1: $passed passed, $failed failed"; fi
  [ "$failed" -eq 0 ]
}
