#!/usr/bin/env bash
# Runs every example `capdoc --help` shows (the list capdoc(1)'s EXAMPLES shows too: CommandExamples),
# as it is printed, so that no example stops working: in a folder laid out as the examples expect,
# with Content/ and Templates/ (check, build), an Xcode project with its Swift sources, and an
# Info.plist (lint-plist). Each must exit 0 and print something.
# Usage: Tests/cli/examples.sh PATH-TO-CAPDOC   (run from the package root; Scripts/test does this)
set -u
capdoc=$(realpath "$1")
root=$(pwd)
source "$(dirname "$0")/lib.sh"

lint="$root/Tests/CapdocKitTests/Fixtures/lint"
folder="$work/app"
mkdir -p "$folder"
cp -R "$root/Content" "$root/Templates" "$folder/"
cp -R "$lint/xcode/Trails/." "$folder/"       # Trails.xcodeproj and its widget's Info.plist
cp -R "$lint/code/Trails" "$folder/Trails"    # the app's Swift sources
cp "$lint/code/Info.plist" "$folder/Info.plist"

# The commands of the EXAMPLES section: a line "  capdoc …", continued by lines while one ends in " \".
mapfile -t commands < <("$capdoc" --help | awk '
  /^EXAMPLES:/ { inside = 1; next }
  /^[A-Z]+:/ { inside = 0 }
  !inside { next }
  { sub(/^ +/, "") }
  command != "" { command = command " " $0 }
  command == "" && /^capdoc / { command = $0 }
  command != "" && !/ \\$/ { print command; command = "" }
  { sub(/ \\$/, "", command) }
')
[ "${#commands[@]}" -ge 10 ] && pass "capdoc --help shows ${#commands[@]} examples" || fail "capdoc --help shows its examples" "${commands[*]}"

cd "$folder"
for command in "${commands[@]}"; do
  # As a reader would type it, with this capdoc first on PATH.
  expect_status "$command" 0 env PATH="$(dirname "$capdoc"):$PATH" bash -c "$command"
  [ -n "$out" ] && pass "$command: prints its answer" || fail "$command: prints its answer" "$err"
done
[ -f "$folder/_site/index.html" ] && [ -f "$folder/pages/man/man1/capdoc.1" ] && pass "the build examples wrote _site/ and pages/" ||
  fail "the build examples wrote _site/ and pages/"

finish examples
