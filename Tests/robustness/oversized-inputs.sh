#!/usr/bin/env bash
# Oversized and expanding inputs on disk (issue 15, items 1, 7 and 12): every input capdoc reads has
# a size limit checked on the open file before a byte is read, so a 12 GB sparse file is refused at
# once; a binary Info.plist whose shared objects would expand without bound is refused before
# Foundation parses it; quotes against a 4 MB archive named by every source cost the archive once.
# Each run is bounded in time and memory (Tests/robustness/lib.sh).
# The limits: Info.plist 16 MiB, InfoPlist.strings / .xcstrings 8 MiB, project.pbxproj 16 MiB,
# .xcconfig 8 MiB, a source file for --sources 8 MiB or a million tokens (skipped, not fatal), an
# archive 8 MiB, a Content file 8 MiB.
# Usage: Tests/robustness/oversized-inputs.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"
fixtures="$root/Tests/CapdocKitTests/Fixtures"

# Refusing a file costs an fstat: well under a second and no more memory than starting capdoc.
max_seconds=2
max_kib=$((128 * 1024))

# A minimal valid Info.plist, for the cases where something beside it is the oversized input.
plist() {
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>NSLocationWhenInUseUsageDescription</key><string>Map.</string></dict></plist>\n' >"$1"
}

# --- Info.plist ---
truncate -s 12G sparse.plist
bounded "a 12 GB sparse Info.plist: exit 2" 2 "$capdoc" lint-plist sparse.plist
contains "  refused by its size, before reading" "$err" "sparse.plist' is 12884901888 bytes, over the 16 MiB limit for an Info.plist"
truncate -s $((16 * 1024 * 1024 + 1)) just-over.plist
bounded "an Info.plist one byte over 16 MiB: exit 2" 2 "$capdoc" lint-plist just-over.plist
contains "  refused by its size" "$err" "is 16777217 bytes, over the 16 MiB limit"
truncate -s $((16 * 1024 * 1024)) at-limit.plist
bounded "an Info.plist of exactly 16 MiB is read (and is not a property list): exit 2" 2 "$capdoc" lint-plist at-limit.plist
contains "  read, then refused for what it holds" "$err" "at-limit.plist' is not a property list"
mkfifo fifo.plist
bounded "a FIFO as Info.plist: exit 2 at once, not waiting for a writer" 2 "$capdoc" lint-plist fifo.plist
contains "  not a regular file" "$err" "fifo.plist': not a regular file"

# --- Binary Info.plists whose shared objects expand without bound ---
# be VALUE WIDTH: VALUE as WIDTH big-endian bytes, written as printf escapes.
be() {
  local value=$1 width=$2 out="" i
  for ((i = width - 1; i >= 0; i--)); do out+=$(printf '\\x%02x' $(((value >> (i * 8)) & 255))); done
  printf '%s' "$out"
}
key=NSLocationWhenInUseUsageDescription
# 64 levels of [A, A]: objects 0 (the root dictionary), 1 (the key), 2…65 (the arrays), 66 ("Map.").
{
  body=$(printf '\\xd1%s%s\\x5f\\x10\\x%02x%s' "$(be 1 2)" "$(be 2 2)" ${#key} "$key")
  for ((level = 0; level < 64; level++)); do body+="\\xa2$(be $((level + 3)) 2)$(be $((level + 3)) 2)"; done
  body+="\\x54Map."
  printf 'bplist00'"$body" >pairs.body
}
offsets=""
offset=8
offsets+=$(be $offset 2); offset=$((offset + 5))
offsets+=$(be $offset 2); offset=$((offset + 3 + ${#key}))
for ((level = 0; level < 64; level++)); do offsets+=$(be $offset 2); offset=$((offset + 5)); done
offsets+=$(be $offset 2); offset=$((offset + 5))
{ cat pairs.body; printf "$offsets"; printf '\x00\x00\x00\x00\x00\x00\x02\x02'"$(be 67 8)$(be 0 8)$(be $offset 8)"; } >nested-pairs.plist
bounded "64 levels of [A, A] in a binary Info.plist (2^64 strings copied): exit 2" 2 "$capdoc" lint-plist nested-pairs.plist
contains "  refused for its expansion" "$err" "its shared objects would expand it to more than 1048576 bytes"
# 200,000 references to one 64 KiB string (866 KB).
{
  printf 'bplist00'
  printf '\xd1\x00\x00\x00\x01\x00\x00\x00\x02'
  printf '\x5f\x10'"$(be ${#key} 1)"
  printf '%s' "$key"
  printf '\xaf\x13'"$(be 200000 8)"
  printf '\x00\x00\x00\x03' >references
  for ((i = 0; i < 18; i++)); do cat references references >references.twice; mv references.twice references; done
  head -c $((200000 * 4)) references
  printf '\x5f\x13'"$(be 65536 8)"
  head -c 65536 /dev/zero | tr '\0' x
} >shared.body
size=$(stat -c %s shared.body)
{
  cat shared.body
  printf "$(be 8 4)$(be 17 4)$(be $((17 + 3 + ${#key})) 4)$(be $((17 + 3 + ${#key} + 10 + 800000)) 4)"
  printf '\x00\x00\x00\x00\x00\x00\x04\x04'"$(be 4 8)$(be 0 8)$(be "$size" 8)"
} >shared-string.plist
bounded "200,000 references to one 64 KiB string (13 GB copied): exit 2" 2 "$capdoc" lint-plist shared-string.plist
contains "  refused for its expansion" "$err" "its shared objects would expand it to more than [0-9]+ bytes \(a list may grow to 8 times its file"

# --- Localized strings beside an Info.plist ---
mkdir -p strings/de.lproj catalog
plist strings/Info.plist
truncate -s 12G strings/de.lproj/InfoPlist.strings
bounded "a 12 GB sparse InfoPlist.strings: exit 2" 2 "$capdoc" lint-plist --platform ios strings/Info.plist
contains "  refused by its size" "$err" "InfoPlist.strings.*12884901888 bytes, over the 8 MiB limit for a strings file"
plist catalog/Info.plist
truncate -s 12G catalog/InfoPlist.xcstrings
bounded "a 12 GB sparse InfoPlist.xcstrings: exit 2" 2 "$capdoc" lint-plist --platform ios catalog/Info.plist
contains "  refused by its size" "$err" "InfoPlist.xcstrings.*12884901888 bytes, over the 8 MiB limit for a strings file"

# --- Xcode project files ---
cp -r "$fixtures/lint/xcode/Darkroom" project
truncate -s 12G project/Darkroom.xcodeproj/project.pbxproj
bounded "a 12 GB sparse project.pbxproj: exit 2" 2 "$capdoc" lint-plist --project project/Darkroom.xcodeproj
contains "  refused by its size" "$err" "project.pbxproj: error: 12884901888 bytes, over the limit of 16 MiB"
# A real one just over the limit, 110,000 file references (17.5 MB written): Foundation's parse takes
# about 0.4 s and 14 MB per MB in the debug build, so the limit is 16 MiB (it was 64: 79 s, 778 MB).
cp -r "$fixtures/lint/xcode/Darkroom" many-files
python3 - many-files/Darkroom.xcodeproj/project.pbxproj <<'PYTHON'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
end = lines.index("/* End PBXFileReference section */")
lines[end:end] = ['\t\tAA%022X /* f%d.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = f%d.swift; sourceTree = "<group>"; };' % (k, k, k) for k in range(110000)]
open(path, "w").write("\n".join(lines))
PYTHON
bounded "a 17 MB project.pbxproj of 110,000 file references: exit 2" 2 "$capdoc" lint-plist --project many-files/Darkroom.xcodeproj
contains "  refused by its size, at the file" "$err" "^many-files/Darkroom.xcodeproj/project.pbxproj: error: [0-9]+ bytes, over the limit of 16 MiB$"
cp -r "$fixtures/lint/xcode/Darkroom" xcconfig
truncate -s 12G xcconfig/Configurations/Darkroom.xcconfig
bounded "a 12 GB sparse .xcconfig: exit 2" 2 "$capdoc" lint-plist --project xcconfig/Darkroom.xcodeproj
contains "  refused by its size" "$err" "Darkroom.xcconfig: error: 12884901888 bytes, over the limit of 8 MiB"
# One 8 MiB .xcconfig included under 200 spellings (`Big.xcconfig`, `./Big.xcconfig`,
# `sub/.././Big.xcconfig`…): read and parsed once, by its device and inode (issue 41; it was read
# 200 times, 292 s and 1.7 GB).
cp -r "$fixtures/lint/xcode/Darkroom" spellings
mkdir -p spellings/Configurations/sub
python3 - spellings/Configurations <<'PY'
import sys
folder = sys.argv[1]
line = "SETTING_THAT_IS_LONG = some value of the setting\n"
open(folder + "/Big.xcconfig", "w").write(line * (8 * 1024 * 1024 // len(line) - 1))
spellings = ["Big.xcconfig", "./Big.xcconfig"] + ["sub/../" + "./" * k + "Big.xcconfig" for k in range(198)]
with open(folder + "/Darkroom.xcconfig", "a") as out:
    out.writelines(f'#include "{spelling}"\n' for spelling in spellings)
PY
max_seconds=25
max_kib=$((256 * 1024))
bounded "an 8 MiB .xcconfig included under 200 spellings: read once (exit 0)" 0 "$capdoc" lint-plist --project spellings/Darkroom.xcodeproj
max_seconds=2
max_kib=$((128 * 1024))

# --- Source files (--sources): skipped with a note, the rest scanned ---
mkdir -p sources
plist sources/Info.plist
printf 'import CoreLocation\n' >sources/App.swift
truncate -s 12G sources/Huge.swift
bounded "a 12 GB sparse source file: skipped, the lint goes on (exit 0)" 0 "$capdoc" lint-plist --platform ios sources/Info.plist --sources sources
contains "  the file is named as skipped" "$out$err" "Huge.swift: larger than 8 MiB"

# --- Source files shaped to multiply the parser's work (issue 41): skipped with a warning ---
# An 8 MB call chain `a()()()…` crashed the scan (SIGSEGV, 2.4 GB); a 6 MB member chain `a.b.b…`
# took GBs. Past a million tokens a file is not parsed at all; under it, the syntax tree is walked
# without recursion, however deep a chain makes it.
mkdir -p chains
plist chains/Info.plist
python3 - chains <<'PY'
import sys
folder = sys.argv[1]
open(folder + "/Calls.swift", "w").write("let x = a" + "()" * (4 * 1024 * 1024 - 64) + "\n")
open(folder + "/Members.swift", "w").write("let x = a" + ".b" * (3 * 1024 * 1024) + "\n")
open(folder + "/Brackets.m", "w").write("[" * (8 * 1024 * 1024 - 64) + "\n")
PY
# Reading three 8 MB files and counting a million tokens in each, in a debug build.
max_seconds=5
max_kib=$((192 * 1024))
bounded "an 8 MB call chain, a 6 MB member chain, 8 MB of [ in Objective-C: skipped, exit 0" 0 "$capdoc" lint-plist --platform ios chains/Info.plist --sources chains
for file in Calls.swift Members.swift; do
  contains "  $file is named, with a warning" "$err" "^warning: not scanned: chains/$file: more than 1000000 tokens, too many to parse in bounded memory$"
done
contains "  Brackets.m is named, with a warning" "$err" "^warning: not scanned: chains/Brackets.m: more than 1000000 tokens, too many to scan in bounded memory$"
mkdir -p chain
plist chain/Info.plist
python3 -c 'import sys; open(sys.argv[1], "w").write("let x = a" + "()" * 250000 + "\nmanager.requestAlwaysAuthorization()\n")' chain/Chain.swift
max_seconds=25
max_kib=$((384 * 1024))
bounded "a call chain 250,000 deep under the token budget is scanned: the Always request after it is found (exit 1)" 1 \
  "$capdoc" lint-plist --platform ios chain/Info.plist --sources chain
contains "  at its line" "$out" "chain/Chain.swift:2:9"
max_seconds=2
max_kib=$((128 * 1024))

# --- Content and archives ---
cp -r "$fixtures/base" content
truncate -s 12G content/sources/huge.yaml
bounded "a 12 GB sparse Content file: exit 1" 1 "$capdoc" check --content content
contains "  refused by its size" "$err" "huge.yaml.*a Content file may be at most 8388608 bytes"
rm content/sources/huge.yaml
mkdir -p archives
truncate -s 12G archives/guide.txt
bounded "a 12 GB sparse archive: exit 1" 1 "$capdoc" check --content content --archives archives
contains "  refused by its size" "$err" "archive 'archives/guide.txt' cannot be used: 12884901888 bytes, over the limit of 8 MiB"

# --- Quotes: 100 sources naming one 4 MB archive, 4,000 claims, 3,000 distinct quotes ---
# The work is the archive once plus each distinct quote, not sources × archive size (47 s before).
cp -r "$fixtures/base" quotes
mkdir -p quotes-archives
cp "$fixtures/archives/guide.txt" quotes-archives/
for ((n = 0; n < 64000; n++)); do printf 'Sentence %d of the archived page says something about location.\n\n' $n; done >quotes-archives/big.md
for ((source = 0; source < 100; source++)); do
  {
    printf 'title: Extra\nurl: https://example.com/extra\nkind: article\narchive: big.md\nclaims:\n'
    for ((claim = 0; claim < 40; claim++)); do
      printf '  - id: s%dc%d\n    fact: level-supported\n    subject: always\n    platforms: [ios]\n    value: true\n' $source $claim
      printf '    quote: "Sentence %d of the archived page says something about location."\n' $((63999 - (source * 40 + claim) % 3000))
    done
  } >"quotes/sources/extra$(printf %03d $source).yaml"
done
max_seconds=20
max_kib=$((512 * 1024))
bounded "4,000 quotes against one 4 MB archive named by 100 sources: exit 0" 0 "$capdoc" check --content quotes --archives quotes-archives

finish oversized-inputs
