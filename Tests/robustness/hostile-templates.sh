#!/usr/bin/env bash
# Hostile templates on disk (issue 15, item 8): `--templates` folders are third-party files. A template
# that is a symbolic link (to /etc/passwd), one larger than its limit (a sparse 3 GB style.css), and a
# layout of 3,000 nested sections (a stack overflow in swift-mustache) or 1,000 (35 s) each make
# `capdoc build` exit 1 with a clear error naming the file (file:line:col for the nesting), write no
# output, and stay within a bound of time and memory. Also the Markdown writer's attacks on disk: a
# note nested 200,000 deep (refused by the check) and links that broke out of autolinks.
# Usage: Tests/robustness/hostile-templates.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"

# templates NAME: a copy of the shipped templates as NAME/Templates, with the base fixture as NAME/Content.
templates() {
  rm -rf "$1"
  mkdir -p "$1"
  cp -r "$root/Templates" "$1/Templates"
  cp -r "$base" "$1/Content"
}

# refused NAME FOLDER MESSAGE: `capdoc build` with FOLDER/Templates exits 1 with MESSAGE on stderr
# (an extended regular expression), and writes no output folder.
refused() {
  local name=$1 folder=$2 message=$3
  bounded "$name: build exits 1" 1 "$capdoc" build --content "$folder/Content" --output "$folder/site" --templates "$folder/Templates"
  contains "  says why, naming the file" "$err" "$message"
  [ ! -e "$folder/site" ] && pass "  no output folder was made" || fail "  no output folder was made" "$(ls -A "$folder/site")"
}

# The shipped templates build: the control for everything below.
templates valid
bounded "the shipped templates build" 0 "$capdoc" build --content valid/Content --output valid/site --templates valid/Templates
[ -f valid/site/style.css ] && pass "  and publish style.css" || fail "  and publish style.css"

# A stylesheet, a layout and a script that are symbolic links: refused, never read or published.
for file in style.css page.mustache search.js platforms.js; do
  templates "link-$file"
  rm "link-$file/Templates/$file"
  ln -s /etc/passwd "link-$file/Templates/$file"
  refused "a $file that is a link to /etc/passwd" "link-$file" "^error: template '[^']*/Templates/$file' is a symbolic link"
  lacks "  prints nothing of the linked file" "$err$out" 'root:'
done

# A 3 GB stylesheet (sparse: no disk used) and a 300 KB layout: refused by their size, before reading.
templates huge-css
truncate -s 3G huge-css/Templates/style.css
refused "a 3 GB style.css" huge-css "^error: template '[^']*/Templates/style.css' is 3221225472 bytes; at most 4194304 bytes are allowed"
templates huge-layout
head -c 307200 /dev/zero | tr '\0' 'x' > huge-layout/Templates/page.mustache
refused "a 300 KB page.mustache" huge-layout "^error: template '[^']*/Templates/page.mustache' is 307200 bytes; at most 262144 bytes are allowed"

# Sections nested 3,000 deep (60 KB; a stack overflow) and 1,000 deep (35 s), also behind a
# set-delimiter tag: refused at the tag that crosses the limit, before swift-mustache parses them.
nest() { python3 -c "import sys; n=int(sys.argv[1]); o, c, pre = sys.argv[2], sys.argv[3], sys.argv[4]; print(pre + (o + '\n') * n + '{{{content}}}\n' + (c + '\n') * n)" "$@"; }
for levels in 3000 1000; do
  templates "deep-$levels"
  nest "$levels" '{{#content}}' '{{/content}}' '' > "deep-$levels/Templates/page.mustache"
  refused "a page.mustache of $levels nested sections" "deep-$levels" "^error: [^ ]*/Templates/page.mustache:51:1: template nests its sections more than 50 levels deep$"
done
templates deep-delimiters
nest 3000 '<%^content%>' '<%/content%>' '{{=<% %>=}}' > deep-delimiters/Templates/page.mustache
refused "3,000 nested inverted sections behind changed delimiters" deep-delimiters "^error: [^ ]*/Templates/page.mustache:51:1: template nests its sections more than 50 levels deep$"
templates nested-50
nest 50 '{{#content}}' '{{/content}}' '' > nested-50/Templates/page.mustache
bounded "a page.mustache of 50 nested sections (the limit) builds" 0 "$capdoc" build --content nested-50/Content --output nested-50/site --templates nested-50/Templates

# A note nested 200,000 deep (issue 15, item 2): refused by the check at the note, in well under a second.
templates deep-note
python3 - deep-note/Content/sources/extra.yaml <<'PY'
import sys
note = "*" * 200000 + "x" + "*" * 200000
open(sys.argv[1], "w").write("title: Extra\nurl: https://example.com/extra\nkind: article\nclaims:\n  - id: n\n    fact: note\n    subject: t\n    value: x\n    quote: q\n    note: \"%s\"\n" % note)
PY
bounded "a note nested 200,000 deep: build exits 1" 1 "$capdoc" build --content deep-note/Content --output deep-note/site --templates deep-note/Templates
contains "  at the note, with its check" "$err" "^deep-note/Content/sources/extra.yaml:10:11: error: 'note' nests its Markdown more than 32 levels deep .*\[prose-nesting\]$"

# A source url that ended its autolink (issue 15, item 3): refused; prose links that did the same are
# written so that cmark, reading the Markdown back with raw HTML allowed, finds no element or script URL.
templates url-newline
printf 'title: Extra\nurl: "https://example.com/a\\n\\n[x]: javascript:alert(1)\\n<img src=x onerror=alert(1)>"\nkind: article\nclaims: []\n' > url-newline/Content/sources/extra.yaml
bounded "a source url holding newlines: build exits 1" 1 "$capdoc" build --content url-newline/Content --output url-newline/site --templates url-newline/Templates
contains "  at the url" "$err" "^url-newline/Content/sources/extra.yaml:2:6: error: url must not contain white space .*\[wrong-type\]$"
templates breakout
cp "$root/Tests/CapdocKitTests/Fixtures/corpus/content/render--autolink-breakout/sources/extra.yaml" breakout/Content/sources/extra.yaml
bounded "prose links that broke out of autolinks build" 0 "$capdoc" build --content breakout/Content --output breakout/site --templates breakout/Templates --format markdown
if command -v cmark >/dev/null; then
  unsafe=$(find breakout/site/markdown -name '*.md' -exec cmark --unsafe {} \; | grep -oE '<(img|svg|script|b) [^>]*>|<script>|<\?\?>|href="(javascript|vbscript):[^"]*"' || true)
  empty "  read back by cmark --unsafe: no element, no script URL" "$unsafe"
else
  skip "  read back by cmark --unsafe" "cmark is not installed (Scripts/prerequisites test installs it)"
fi

cd "$root"
finish hostile-templates
