#!/usr/bin/env bash
# What a build and `explain` do with the terminal and with the folder around the output (issue 15):
# explain on a real terminal shows its page and returns (no SIGTTOU hang, no temporary file); Ctrl-C
# or SIGTERM during a build leaves the previous or the new output and nothing beside it; without an
# atomic exchange (renameat2 failing with EINVAL, as on NFS, SMB or FAT — injected with strace) a
# build still replaces the output, and one killed between its two renames is put back by the next
# build; unsafe places for the output are refused before anything is written.
# Usage: Tests/robustness/output-safety.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"
max_seconds=15   # a whole build of the shipped Content, in the debug build, some under strace
cp -r "$root/Templates" Templates
cp -r "$root/Content" A
cp -r "$root/Content" B
sed -i 's/summary: The iPhone operating system./summary: The iPhone operating system (version B)./' B/platforms.yaml
"$capdoc" build --content B --output expected-B >/dev/null 2>&1
"$capdoc" build --content A --output expected-A >/dev/null 2>&1
same_as() { diff -rq "$1" "$2" >/dev/null 2>&1; }
# Nothing of capdoc's may be left beside the output but its lock file.
leftovers() { ls -A | grep -E '^\._site\.capdoc-' | grep -v -- '-lock$'; }

# explain on a pseudo-terminal: the page goes through man and its pager, which must not be stopped.
mkdir tmp
for keys in q 'Ctrl-C then q'; do
  input=$([ "$keys" = q ] && printf q || printf '\003')
  # script(1) runs the command with $SHELL. bash, like the interactive shell a user types in, waits
  # for a child that survives Ctrl-C and goes on; dash (/bin/sh on Debian, and script's choice when
  # SHELL is unset, as in CI) dies of the SIGINT itself, so it would never print capdoc's status.
  (sleep 2; printf '%s' "$input"; sleep 1; printf q) | SHELL=/bin/bash TMPDIR="$work/tmp" timeout 30 script -qec "'$capdoc' explain visits --content A; echo capdoc-exit=\$?" /dev/null >pty.out 2>&1
  status=$?
  [ "$status" -eq 0 ] && pass "explain on a terminal, keys $keys: returns (no hang)" || fail "explain on a terminal, keys $keys: returns (no hang) (status $status)" "$(tail -c 500 pty.out | cat -v)"
  contains "  man showed the page" "$(cat -v pty.out)" "NAME"
  contains "  capdoc exited 0" "$(tr -d '\r' < pty.out)" "capdoc-exit=0"
  empty "  no temporary file was made" "$(ls -A tmp)"
done

# Ctrl-C (SIGINT) and SIGTERM while checking, and at moments after the staging folder appears: the
# output is the previous or the new build, the build dies of the signal unless it had finished, and no
# staging folder is left. (`env --default-signal` undoes the shell's ignoring of SIGINT in background
# jobs, as an interactive terminal would have it.)
cp -r expected-A _site
current=A
for signal in INT TERM; do
  for moment in checking 0 0.05 0.15 0.3 0.6 1.2 3; do
    next=$([ "$current" = A ] && echo B || echo A)
    env --default-signal=INT "$capdoc" build --content "$next" >/dev/null 2>&1 &
    pid=$!
    if [ "$moment" = checking ]; then
      sleep 0.2
    else
      for _ in $(seq 1500); do ls -A | grep -q -- '-new-' && break; sleep 0.02; done
      sleep "$moment"
    fi
    kill "-$signal" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    if same_as "expected-$current" _site; then
      [ "$status" -gt 128 ] && pass "SIG$signal at $moment: the build died of it and the previous output ($current) is intact" \
        || fail "SIG$signal at $moment: the build exited $status but the output is the previous one"
    elif same_as "expected-$next" _site; then
      pass "SIG$signal at $moment: the new output ($next) is complete (exit $status)"
      current=$next
    else
      fail "SIG$signal at $moment: _site is neither the previous nor the new build"
    fi
    empty "  nothing is left beside the output" "$(leftovers)"
  done
done

# Without an atomic exchange: renameat2 fails with EINVAL for the whole build.
no_exchange=(strace -f -qq -o /dev/null -e trace=rename,renameat2 -e inject=renameat2:error=EINVAL)
rm -rf _site; cp -r expected-A _site
bounded "without renameat2, a build replaces the output" 0 "${no_exchange[@]}" "$capdoc" build --content B
same_as expected-B _site && pass "  with the complete new output" || fail "  with the complete new output"
empty "  and nothing beside it" "$(leftovers)"
# The second rename (new output into place) is delayed 5 s; the build is killed in that window.
"${no_exchange[@]}" -e inject=rename:delay_enter=5000000:when=2 "$capdoc" build --content A >/dev/null 2>&1 &
tracer=$!
for _ in $(seq 50); do [ -e _site ] || break; sleep 0.1; done
sleep 0.2
pkill -9 -x capdoc
wait "$tracer" 2>/dev/null
[ ! -e _site ] && pass "killed between the two renames: the output name is empty for that moment" || fail "killed between the two renames: the output name is empty for that moment"
aside=$(ls -A | grep -E '^\._site\.capdoc-old-' | head -1)
[ -n "$aside" ] && same_as expected-B "$aside" && pass "  the previous output waits aside, complete ($aside)" || fail "  the previous output waits aside, complete"
# The next build puts it back first, even one that then refuses to write because the check fails.
cp -r A broken
printf 'platforms: [\n' > broken/platforms.yaml
bounded "a failing build after it exits 1" 1 "$capdoc" build --content broken
same_as expected-B _site && pass "  and has put the previous output back" || fail "  and has put the previous output back" "$(ls -A)"
empty "  nothing is left beside it" "$(leftovers)"

# Places the output may not go: refused before anything is written.
before=$(ls -A /)
bounded "--output / is refused" 1 "$capdoc" build --content A --output /
contains "  saying why" "$err" "refusing to build into '/': it is the root of the file system"
[ "$(ls -A /)" = "$before" ] && pass "  and nothing was written in /" || fail "  and nothing was written in /"
bounded "an output inside Content is refused" 1 "$capdoc" build --content A --output A/site
contains "  saying why" "$err" "it is inside '.*A', which the build reads"
[ ! -e A/site ] && [ -z "$(ls -A A | grep capdoc)" ] && pass "  and nothing was written in Content" || fail "  and nothing was written in Content"
ln -s expected-A link-site
bounded "an output that is a symbolic link is refused" 1 "$capdoc" build --content A --output link-site
contains "  saying why" "$err" "it is a symbolic link"

# The output's parent renamed during the build (issue 41): the swap fails, cleanly, and the staging
# folder, no longer at its path, is removed through the descriptors the build holds (49 MB of it
# stayed behind). The swap is delayed 3 s with strace so that the rename lands before it.
mkdir -p moving/parent
strace -f -qq -o /dev/null -e trace=renameat2 -e inject=renameat2:delay_enter=3000000 \
  "$capdoc" build --content A --output moving/parent/site >/dev/null 2>moving.err &
builder=$!
for _ in $(seq 100); do ls -A moving/parent | grep -q 'capdoc-new-' && break; sleep 0.1; done
mv moving/parent moving/renamed
wait "$builder"
status=$?
[ "$status" -ne 0 ] && pass "a build whose output's parent is renamed fails (exit $status)" || fail "a build whose output's parent is renamed fails"
empty "  and leaves no staging folder in the renamed folder" "$(ls -A moving/renamed | grep 'capdoc-new-' || true)"

# Output paths that cannot be built into, refused before a folder is made (issue 41): one of 5,000
# characters (it left 2,022 nested folders when the path grew too long), and one with bytes that are
# not UTF-8 (Swift reads them as U+FFFD, which names another folder).
mkdir -p long-output
long=$(python3 -c "print('/'.join(['abcdefghi'] * 500))")
bounded "a 5,000-character --output is refused" 1 "$capdoc" build --content A --output "long-output/$long"
contains "  saying why" "$err" "bytes long as an absolute path; at most"
empty "  and no folder was made" "$(ls -A long-output)"
bounded "an --output that is not UTF-8 is refused" 1 "$capdoc" build --content A --output "$(printf 'not-utf8-\xff')"
contains "  saying why" "$err" "it holds U\\+FFFD"
empty "  and nothing was written, under either name" "$(ls -A | grep '^not-utf8-' || true)"

# A rebuild keeps the output folder's group and mode (set-group-ID included), as a team's shared
# folder needs; it reset the group before.
"$capdoc" build --content A --output shared >/dev/null 2>&1
if chgrp daemon shared 2>/dev/null; then
  chmod 2750 shared
  bounded "a rebuild of a folder of group daemon, mode 2750" 0 "$capdoc" build --content B --output shared
  [ "$(stat -c '%G %a' shared)" = "daemon 2750" ] && pass "  keeps its group and mode" || fail "  keeps its group and mode" "$(stat -c '%G %a' shared)"
else
  skip "the group of a rebuilt output" "this user cannot give a folder the group daemon"
fi

finish output-safety
