# Sourced first by every robustness script, run from the package root with the capdoc binary as
# its argument: `source "$(dirname "$0")/lib.sh" "$1"`. Sets capdoc, root (the package), base (the
# base fixture) and templates; brings the counters and assertions of Tests/cli/lib.sh and their
# scratch folder $work, which becomes the current folder; and `bounded`, which runs a command under
# a timeout and checks its exit status, wall-clock time and peak memory. A script may set
# max_seconds and max_kib (these are the defaults) at any point before calling it.
set -u
capdoc=$(realpath "$1")
root=$(pwd)
source "$root/Tests/cli/lib.sh"
base="$root/Tests/CapdocKitTests/Fixtures/base"
templates="$root/Templates"
cd "$work"

# Bounds for one run of the debug build: wall-clock seconds and peak resident memory.
max_seconds=${max_seconds:-5}
max_kib=${max_kib:-$((512 * 1024))}
have_time=0
[ -x /usr/bin/time ] && /usr/bin/time -f '%e' true 2>/dev/null && have_time=1
[ "$have_time" = 1 ] || skip "the time and memory bounds of every case" "/usr/bin/time is not installed (Debian's time; Scripts/prerequisites test installs it)"

# bounded NAME EXPECTED COMMAND...: like expect_status, under a 30 s timeout, and checks the bounds.
bounded() {
  local name=$1 expected=$2; shift 2
  if [ "$have_time" = 1 ]; then
    timeout 30 /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err"
  else
    timeout 30 "$@" >"$work/out" 2>"$work/err"
  fi
  local status=$?
  out=$(cat "$work/out"); err=$(cat "$work/err")
  if [ "$status" -eq "$expected" ]; then pass "$name"; else fail "$name (exit $status, expected $expected)" "$(head -c 2000 <<< "$out$err")"; fi
  if [ "$have_time" = 1 ] && [ -s "$work/time" ]; then
    local seconds kib
    read -r seconds kib < <(tail -n 1 "$work/time")
    awk -v s="$seconds" -v m="$max_seconds" 'BEGIN { exit !(s <= m) }' && pass "  within ${max_seconds} s (${seconds} s)" || fail "  within ${max_seconds} s (${seconds} s)"
    [ "$kib" -le "$max_kib" ] && pass "  within $((max_kib / 1024)) MiB ($((kib / 1024)) MiB)" || fail "  within $((max_kib / 1024)) MiB ($((kib / 1024)) MiB)"
  fi
}

