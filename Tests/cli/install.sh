#!/usr/bin/env bash
# Scripts/install writes only where it is asked: the command in PREFIX/bin, capdoc(1) and the
# capdoc-*(7) pages in PREFIX/share/man, nothing beside them; a relative prefix is the caller's
# folder's, not the checkout's; its temporary folder is removed; the checkout is as it was (but
# .build). Then man finds the pages from PATH, by their capdoc- names, as docs/lint-plist.md says.
# Usage: Tests/cli/install.sh   (run from the package root; Scripts/test does this; installs the debug build)
set -u
root=$(pwd)
source "$(dirname "$0")/lib.sh"

# The checkout's files, tracked and not (.build is ignored): the install must leave them as they are.
checkout() { git -C "$root" status --porcelain --untracked-files=all; }
before=$(checkout)
mkdir -p "$work/caller" "$work/tmp"
cd "$work/caller"
expect_status "Scripts/install --prefix with a relative folder" 0 env TMPDIR="$work/tmp" CAPDOC_CONFIGURATION=debug "$root/Scripts/install" --prefix local
prefix="$work/caller/local"
contains "it says where it installed" "$out" "^installed $prefix/bin/capdoc and [0-9]+ man pages in $prefix/share/man$"
[ "$(ls -A "$work/caller")" = local ] && pass "the relative prefix is made in the caller's folder, and nothing else" ||
  fail "the relative prefix is made in the caller's folder, and nothing else" "$(ls -A "$work/caller")"
others=$(cd "$prefix" && find . -type f ! -path ./bin/capdoc ! -path ./share/man/man1/capdoc.1 ! -path './share/man/man7/capdoc-*.7')
empty "under the prefix only bin/capdoc, man1/capdoc.1 and man7/capdoc-*.7" "$others"
pages=$(find "$prefix/share/man/man7" -name 'capdoc-*.7' | wc -l)
[ "$pages" -gt 20 ] && pass "the section 7 pages are installed ($pages)" || fail "the section 7 pages are installed ($pages)"
# mktemp's names (tmp.XXXXXXXXXX); swift build keeps its own lock files in TMPDIR, as any build does.
empty "its temporary folder is removed" "$(find "$work/tmp" -maxdepth 1 -name 'tmp.*')"
after=$(checkout)
[ "$after" = "$before" ] && pass "the checkout is as it was" || fail "the checkout is as it was" "$(diff <(echo "$before") <(echo "$after"))"

# man-db finds a page beside each PATH folder's bin (MANPATH unset, as on a user's machine).
if command -v man >/dev/null 2>&1; then
  for name in capdoc capdoc-ios capdoc-NSLocationWhenInUseUsageDescription; do
    found=$(env -u MANPATH PATH="$prefix/bin:$PATH" man -w "$name" 2>&1 | head -n 1)
    [[ "$found" == "$prefix/share/man/"* ]] && pass "man $name finds the installed page from PATH" || fail "man $name finds the installed page from PATH" "$found"
  done
else
  skip "man finds the installed pages" "man (man-db) is not installed"
fi

finish install
