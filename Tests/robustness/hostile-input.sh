#!/usr/bin/env bash
# Hostile input on disk (issue #6): broken or hostile Content trees and Info.plist files make capdoc
# exit 1 with a diagnostic that names the file, write nothing (the output folder stays absent, or as
# the previous build left it), and stay within a bound of time and memory. The real cases that the
# in-memory corpus (Tests/CapdocKitTests/CorpusTests.swift) cannot hold: a symbolic link that leads
# out of Content/, a 50 MB file, a FIFO.
# Usage: Tests/robustness/hostile-input.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"

# fresh NAME: a copy of the base fixture as NAME/Content, and NAME/outside beside it.
fresh() {
  rm -rf "$1"
  mkdir -p "$1/outside"
  cp -r "$base" "$1/Content"
}

# refused NAME CASE CHECK-ID FILE: `capdoc build` of CASE/Content exits 1, reports CHECK-ID at FILE
# (path:line:col), writes no output folder and nothing else beside it; `capdoc check` agrees.
refused() {
  local name=$1 folder=$2 check=$3 file=$4
  local before
  before=$(ls -A "$folder")
  bounded "$name: build exits 1" 1 "$capdoc" build --content "$folder/Content" --output "$folder/site" --templates "$templates"
  contains "  the diagnostic names the file, its position and [$check]" "$err" "^$folder/Content/$file:[0-9]+:[0-9]+: error: .*\[$check\]$"
  contains "  the build says it wrote nothing" "$err" "not building: [0-9]+ errors"
  [ ! -e "$folder/site" ] && pass "  no output folder was made" || fail "  no output folder was made" "$(ls -A "$folder/site")"
  [ "$(ls -A "$folder")" = "$before" ] && pass "  nothing else was written beside it" || fail "  nothing else was written beside it" "$(ls -A "$folder")"
  bounded "$name: check exits 1" 1 "$capdoc" check --content "$folder/Content"
  contains "  check reports the same" "$err" "\[$check\]$"
}

# The base fixture builds: the control for everything below.
fresh valid
bounded "the base fixture builds" 0 "$capdoc" build --content valid/Content --output valid/site --templates "$templates"
[ -f valid/site/index.html ] && pass "  and writes the site" || fail "  and writes the site"

# A symbolic link that leads out of Content/: to a file beside it, and to /etc/passwd.
fresh link-file
printf 'title: Outside\nurl: https://example.com/outside\nkind: article\nclaims: []\n' > link-file/outside/source.yaml
ln -s ../../outside/source.yaml link-file/Content/sources/outside.yaml
refused "a source that is a link out of Content/" link-file unsafe-file sources/outside.yaml
fresh link-passwd
ln -s /etc/passwd link-passwd/Content/sources/passwd.yaml
refused "a source that is a link to /etc/passwd" link-passwd unsafe-file sources/passwd.yaml
lacks "  the linked file is not read, not even for an excerpt" "$err" 'root:'
# A link to the process environment (where CI keeps its secrets): refused without printing a byte of it.
fresh link-environ
ln -s /proc/self/environ link-environ/Content/sources/environ.yaml
refused "a source that is a link to /proc/self/environ" link-environ unsafe-file sources/environ.yaml
bounded "  with a secret alone in the environment" 1 env -i CAPDOC_TEST_SECRET="hunter2-$$" "$capdoc" check --content link-environ/Content
lacks "  the secret is not printed" "$err$out" "hunter2-$$"
fresh link-vocabulary
mv link-vocabulary/Content/platforms.yaml link-vocabulary/outside/platforms.yaml
ln -s ../outside/platforms.yaml link-vocabulary/Content/platforms.yaml
refused "platforms.yaml that is a link out of Content/" link-vocabulary unsafe-file platforms.yaml
fresh link-folder
mv link-folder/Content/sources link-folder/outside/sources
ln -s ../outside/sources link-folder/Content/sources
refused "a sources folder that is a link out of Content/" link-folder unsafe-file sources

# A real 50 MB file on disk: refused by its size before it is read, in bounded memory.
fresh huge
python3 - huge/Content/sources/huge.yaml <<'PY'
import sys
claim = "  - {id: c, fact: level-supported, subject: always, value: true, quote: q}\n"
with open(sys.argv[1], "w") as f:
    f.write("title: Huge\nurl: https://example.com/huge\nkind: article\nclaims:\n")
    f.write(claim * (50 * 1024 * 1024 // len(claim) + 1))
PY
[ "$(stat -c %s huge/Content/sources/huge.yaml)" -gt 52428800 ] && pass "the 50 MB file is on disk" || fail "the 50 MB file is on disk"
refused "a 50 MB source file" huge unsafe-file sources/huge.yaml
contains "  it says the size and the limit" "$err" 'at most 8388608 bytes'

# Files of 1 GB (sparse: no disk is used), a source and the optional adjudications.yaml: refused by
# their size without being read, so time and memory stay those of the small fixture.
fresh gigabyte
truncate -s 1G gigabyte/Content/sources/gigabyte.yaml
truncate -s 1G gigabyte/Content/adjudications.yaml
refused "a 1 GB source and a 1 GB adjudications.yaml" gigabyte unsafe-file sources/gigabyte.yaml
contains "  adjudications.yaml is refused too" "$err" 'gigabyte/Content/adjudications.yaml:1:1: error: .*\[unsafe-file\]$'

# Billion laughs: aliases that expand a few hundred bytes to 10^9 nodes.
fresh laughs
{
  printf 'title: Laughs\nurl: https://example.com/laughs\nkind: article\nclaims: []\n'
  printf 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
  previous=a
  for name in b c d e f g h i; do
    printf '%s: &%s [%s]\n' "$name" "$name" "$(printf '*%s, ' $previous $previous $previous $previous $previous $previous $previous $previous $previous)*$previous"
    previous=$name
  done
} > laughs/Content/sources/laughs.yaml
refused "billion laughs" laughs yaml-syntax sources/laughs.yaml

# YAML nested 100,000 levels deep.
fresh deep
python3 -c 'import sys; open(sys.argv[1], "w").write("title: Deep\nurl: https://example.com/deep\nkind: article\nclaims: " + "[" * 100000 + "]" * 100000 + "\n")' deep/Content/sources/deep.yaml
refused "YAML nested 100,000 levels" deep yaml-syntax sources/deep.yaml
contains "  it says how deep YAML may nest" "$err" 'nested more than 1000 levels deep'

# Invalid UTF-8, at its position.
fresh latin1
printf 'title: Caf\xe9\nurl: https://example.com/latin1\nkind: article\nclaims: []\n' > latin1/Content/sources/latin1.yaml
refused "invalid UTF-8" latin1 yaml-syntax sources/latin1.yaml
contains "  at the invalid byte" "$err" 'latin1.yaml:1:11: error: file is not valid UTF-8'

# Ids that would leave the output folder.
fresh escape
printf -- '- id: ../../escape\n  name: Escape\n  summary: A platform id that is a path.\n' >> escape/Content/platforms.yaml
refused "a platform id with ../" escape unsafe-id platforms.yaml
[ ! -e escape/escape.html ] && [ ! -e "$work/escape.html" ] && pass "  nothing was written where the id points" || fail "  nothing was written where the id points"

# A FIFO where a source belongs: read without blocking (no hang), refused.
fresh fifo
if mkfifo fifo/Content/sources/pipe.yaml 2>/dev/null; then
  refused "a FIFO in sources/" fifo unsafe-file sources/pipe.yaml
fi

# A failed build leaves the previous output exactly as it was.
cp -a valid/site previous
for broken in link-passwd huge laughs deep; do
  rm -rf site && cp -a previous site
  bounded "over a previous build: $broken exits 1" 1 "$capdoc" build --content "$broken/Content" --output site --templates "$templates"
  diff -r previous site >/dev/null && pass "  the previous output is unchanged" || fail "  the previous output is unchanged" "$(diff -rq previous site | head -5)"
  leftovers=$(ls -A | grep -E '^\.site\.capdoc-' || true)
  empty "  no staging folder or lock is left beside it" "$leftovers"
done

# Hostile Info.plist files: exit 1 with the reason on stderr (nothing on stdout), or a clean lint,
# always within the bounds.
mkdir plists
python3 - plists <<'PY'
import sys, os
folder = sys.argv[1]
key = "NSLocationWhenInUseUsageDescription"
head = '<?xml version="1.0" encoding="UTF-8"?>\n'
laughs = "".join('<!ENTITY l%d "%s">' % (i, ("&l%d;" % (i - 1)) * 10) for i in range(1, 10))
files = {
    "laughs.plist": head + '<!DOCTYPE plist [<!ENTITY l0 "lol">' + laughs + ']><plist version="1.0"><dict><key>%s</key><string>&l9;</string></dict></plist>\n' % key,
    "xxe.plist": head + '<!DOCTYPE plist [<!ENTITY x SYSTEM "file:///etc/passwd">]><plist version="1.0"><dict><key>%s</key><string>&x;</string></dict></plist>\n' % key,
    "deep.plist": head + '<plist version="1.0"><dict><key>%s</key>' % key + "<array>" * 100000 + "</array>" * 100000 + "</dict></plist>\n",
    "huge-string.plist": head + '<plist version="1.0"><dict><key>%s</key><string>' % key + "x" * 10000000 + "</string></dict></plist>\n",
}
for name, text in files.items():
    open(os.path.join(folder, name), "w").write(text)
# A binary plist whose array contains itself, and one cut short.
def binary(objects):
    out = bytearray(b"bplist00"); offsets = []
    for o in objects: offsets.append(len(out)); out += o
    table = len(out)
    out += bytes(offsets) + bytes(6) + bytes([1, 1]) + len(objects).to_bytes(8, "big") + bytes(8) + table.to_bytes(8, "big")
    return bytes(out)
recursive = binary([bytes([0xD1, 1, 2]), bytes([0x5F, 0x10, len(key)]) + key.encode(), bytes([0xA1, 2])])
open(os.path.join(folder, "recursive.plist"), "wb").write(recursive)
open(os.path.join(folder, "truncated.plist"), "wb").write(recursive[:-12])
PY
for case in "laughs.plist:is not a valid XML property list" "xxe.plist:is not a valid XML property list" \
            "deep.plist:is not a valid XML property list" "recursive.plist:truncated or corrupt binary property list" \
            "truncated.plist:truncated or corrupt binary property list"; do
  file=${case%%:*}; message=${case#*:}
  bounded "lint-plist $file exits 2 (could not lint)" 2 "$capdoc" lint-plist "plists/$file" --platform ios --content "$root/Content"
  contains "  says why on stderr, at the file" "$err" "^plists/$file: error: .*$message"
  empty "  prints nothing on stdout" "$out"
  lacks "  reads no file an entity names" "$err$out" 'root:'
done
bounded "lint-plist of a 10 MB usage string exits 0" 0 "$capdoc" lint-plist plists/huge-string.plist --platform ios --content "$root/Content"
contains "  and lints it" "$out" '^checked plists/huge-string.plist for ios'

# Folder links inside a project (issue 41): the kernel follows a link in any folder of a path, so
# each component below the project is checked; an INFOPLIST_FILE, an #include and a de.lproj
# reached through a folder link are refused with exit 2 and the link's path, never read.
xcode="$root/Tests/CapdocKitTests/Fixtures/lint/xcode/Darkroom"
mkdir -p lproj/outside/de.lproj lproj/app
printf '"NSLocationWhenInUseUsageDescription" = "Karte";\n' >lproj/outside/de.lproj/InfoPlist.strings
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>NSLocationWhenInUseUsageDescription</key><string>Map.</string></dict></plist>\n' >lproj/app/Info.plist
ln -s ../outside/de.lproj lproj/app/de.lproj
bounded "a de.lproj that is a folder link: exit 2, not skipped in silence" 2 "$capdoc" lint-plist --platform ios lproj/app/Info.plist
contains "  names the link" "$err" "'lproj/app/de.lproj' is a symbolic link, which capdoc does not follow"
contains "  at the strings file, its path said once" "$err" "^lproj/app/de.lproj/InfoPlist.strings: error: 'lproj/app/de.lproj' is a symbolic link"
cp -r "$xcode" infoplist && mkdir -p infoplist-outside && mv infoplist/Darkroom infoplist-outside/ && ln -s ../infoplist-outside/Darkroom infoplist/Darkroom
bounded "an INFOPLIST_FILE reached through a folder link: exit 2" 2 "$capdoc" lint-plist --project infoplist/Darkroom.xcodeproj
contains "  names the link" "$err" "Info.plist: error: target 'Darkroom': is reached through 'infoplist/Darkroom', a symbolic link"
cp -r "$xcode" include && mkdir -p include-outside && ln -s ../include-outside include/Linked
printf 'MACOSX_DEPLOYMENT_TARGET = 10.9\n' >include-outside/Shared.xcconfig
printf '#include "../Linked/Shared.xcconfig"\n' >>include/Configurations/Darkroom.xcconfig
bounded "an #include reached through a folder link: exit 2" 2 "$capdoc" lint-plist --project include/Darkroom.xcodeproj
contains "  names the link" "$err" "Shared.xcconfig: error: is reached through 'include/Linked', a symbolic link"
# What a project's file and its .xcconfig files hold that cannot be used was gathered and never
# printed: each is now a warning at its file, and the lint goes on.
odd="$root/Tests/CapdocKitTests/Fixtures/lint/xcode/Broken/Odd/Odd.xcodeproj"
bounded "a project with unusable entries: linted (exit 0)" 0 "$capdoc" lint-plist --project "$odd"
contains "  a warning at the project file" "$err" "^warning: .*/Odd.xcodeproj/project.pbxproj: target 7D41A0232B3C5E6F00112233 has no name; skipped$"
contains "  a warning at the .xcconfig's line" "$err" "^warning: .*/Odd/A/B/Loop.xcconfig:7: expected NAME = value$"
cp -r "$xcode" missing-include
printf '#include "Missing.xcconfig"\n' >>missing-include/Configurations/Darkroom.xcconfig
bounded "a target's .xcconfig includes a missing file: linted (exit 0)" 0 "$capdoc" lint-plist --project missing-include/Darkroom.xcodeproj
contains "  a warning at the missing file, with the #include" "$err" "^warning: missing-include/Configurations/Missing.xcconfig: no such file \(included from missing-include/Configurations/Darkroom.xcconfig:[0-9]+\); its settings are missing$"

# --sources reached through a folder link: refused as a project's paths are, exit 2, naming the
# link (the scan read wherever the link led).
mkdir -p sources-outside/App sources-app
printf 'manager.requestWhenInUseAuthorization()\n' >sources-outside/App/Map.swift
ln -s ../sources-outside sources-app/Linked
cp lproj/app/Info.plist sources-app/Info.plist
bounded "--sources reached through a folder link: exit 2" 2 "$capdoc" lint-plist --platform ios --sources sources-app/Linked/App sources-app/Info.plist
contains "  at the folder, naming the link" "$err" "^sources-app/Linked/App: error: is reached through 'sources-app/Linked', a symbolic link, which capdoc does not follow$"
bounded "  the same folder without the link is linted (exit 0)" 0 "$capdoc" lint-plist --platform ios --sources sources-outside/App sources-app/Info.plist

# A deployment target that is no version: a warning at the setting's place, and the lint goes on
# for the newest versions (it was passed over without a word).
cp -r "$xcode" target
sed -i 's/MACOSX_DEPLOYMENT_TARGET = 13.0;/MACOSX_DEPLOYMENT_TARGET = 13.x;/' target/Darkroom.xcodeproj/project.pbxproj
bounded "MACOSX_DEPLOYMENT_TARGET = 13.x: linted (exit 0)" 0 "$capdoc" lint-plist --project target/Darkroom.xcodeproj
contains "  with a warning at its place" "$err" "^warning: target/Darkroom.xcodeproj/project.pbxproj:[0-9]+: MACOSX_DEPLOYMENT_TARGET = '13.x' is not a version"

cd "$root"
finish hostile-input
