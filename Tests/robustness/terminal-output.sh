#!/usr/bin/env bash
# The terminal as an input and an output (issue #15, items 9 and 10).
# 1. Control characters: ESC sequences (retitle, clear, recolour), NUL, BEL, CR, DEL, C1 controls and
#    bidi overrides from Content values, Info.plist keys and strings, file names and arguments never
#    reach standard output or standard error raw: capdoc shows them as `\u{1B}` (DisplayText), and
#    Content that holds them is refused ([control-character]).
# 2. A closed, full or broken standard output or standard error: every command that prints exits 74
#    (EX_IOERR) with one line on standard error, never a trap (SIGILL, 132) or a backtrace; with
#    SIGPIPE at its default, a closed pipe ends capdoc by SIGPIPE (141), silently, as any Unix tool.
# Usage: Tests/robustness/terminal-output.sh PATH-TO-CAPDOC   (run from the package root)
source "$(dirname "$0")/lib.sh" "$1"

# raw_controls FILE: true when FILE holds a C0 control other than tab and newline, DEL, a C1 control
# or a bidi override or isolate (U+202A–U+202E, U+2066–U+2069), as UTF-8 bytes.
raw_controls() {
  LC_ALL=C grep -aqP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$1"
}
# shown_safely NAME: the last `bounded` run wrote no raw control character to stdout or stderr.
shown_safely() {
  local stream
  for stream in out err; do
    if raw_controls "$work/$stream"; then
      fail "  $1: no raw control character on std$stream" "$(head -c 600 "$work/$stream" | cat -v)"
    else
      pass "  $1: no raw control character on std$stream"
    fi
  done
}
# no_crash: the last run neither trapped nor printed a backtrace.
no_crash() {
  lacks "  no crash or backtrace" "$out$err" 'Fatal error|Current stack trace|Illegal instruction|Stack dump|#[0-9]+ 0x'
}

mkdir -p clean
cp -r "$base" clean/Content

# --- 1. Control characters --------------------------------------------------------------------

# Content values that hold ESC sequences, BEL, NUL, C1 CSI and bidi overrides (YAML escapes), and a
# bidi override written raw: refused, and the diagnostics show every one escaped.
mkdir -p hostile
cp -r "$base" hostile/Content
cat > hostile/Content/sources/evil.yaml <<'YAML'
title: "Evil\e]0;pwned\a\e[2J\e[3J title"
url: "https://example.com/evil\e[31m\x9b2J"
kind: article
claims:
  - id: evil-note
    fact: note
    subject: evil
    platforms: [ios]
    value: "A note\0 that hides \u202Eevil\u202C and \u2066isolates\u2069.\r\n"
    quote: "Quote\x07\x7f"
YAML
printf 'title: Raw bidi \xe2\x80\xae here\nurl: https://example.com/raw\nkind: article\nclaims: []\n' > hostile/Content/sources/raw-bidi.yaml
bounded "Content with control characters: check exits 1" 1 "$capdoc" check --content hostile/Content
contains "  the title is refused at its position" "$err" 'hostile/Content/sources/evil.yaml:1:8: error: .*U\+001B.*\[control-character\]$'
contains "  the URL is refused" "$err" 'sources/evil.yaml:2:6: error: .*\[control-character\]$'
contains "  the prose is refused" "$err" 'sources/evil.yaml:9:12: error: .*U\+0000.*U\+202E.*\[control-character\]$'
contains "  the quote is refused" "$err" 'sources/evil.yaml:10:12: error: .*U\+0007, U\+007F.*\[control-character\]$'
contains "  a raw bidi override is refused" "$err" 'sources/raw-bidi.yaml:1:8: error: .*U\+202E.*\[control-character\]$'
contains "  shown escaped" "$err" 'Evil\\u\{1B\}\]0;pwned\\u\{7\}\\u\{1B\}\[2J'
shown_safely "check"
bounded "Content with control characters: build exits 1" 1 "$capdoc" build --content hostile/Content --output hostile/site --templates "$templates"
shown_safely "build"
[ ! -e hostile/site ] && pass "  no site was written" || fail "  no site was written"
bounded "Content with control characters: query exits 1" 1 "$capdoc" query level always --platform ios --content hostile/Content
shown_safely "query"
bounded "Content with control characters: check --diagnostics-format json exits 1" 1 "$capdoc" check --content hostile/Content --diagnostics-format json
shown_safely "check json"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/out" && pass "  the JSON parses" || fail "  the JSON parses"

# A newline is allowed in Content (prose needs it), but a one-line field shown by query stays on its line.
mkdir -p newline
cp -r "$base" newline/Content
sed -i 's/^title: A guide$/title: "A guide\\nFORGED: line"/' newline/Content/sources/guide.yaml
bounded "a source title with a newline: query exits 0" 0 "$capdoc" query level always --platform ios --content newline/Content
contains "  the title is shown on its source's line" "$out" '^  guide: A guide\\u\{A\}FORGED: line <https://example.com/guide>$'
lacks "  it starts no line of its own" "$out" '^FORGED'

# A Content file name with an ESC sequence: refused as an unsafe id, the name shown escaped.
mkdir -p named
cp -r "$base" named/Content
cp "$base/sources/guide.yaml" "named/Content/sources/$(printf 'g\033]0;x\007')"
printf 'title: T\nurl: https://example.com/t\nkind: article\nclaims: []\n' > "named/Content/sources/$(printf 'evil\033[2J\342\200\256').yaml"
bounded "a Content file name with control characters: check exits 1" 1 "$capdoc" check --content named/Content
contains "  the name is shown escaped" "$err" 'evil\\u\{1B\}\[2J\\u\{202E\}\.yaml'
shown_safely "check"

# A Content folder given by a name with control characters (an argument echoed in a message).
bounded "a --content argument with control characters exits 1" 1 "$capdoc" query level always --platform ios --content "$(printf 'no\033]0;x\007where')"
shown_safely "query"
# Ids given on the command line: echoed in "unknown id" messages and suggestions.
bounded "an id argument with control characters exits 64" 64 "$capdoc" query level "$(printf 'al\033]0;x\007ways\r')" --platform ios --content clean/Content
contains "  shown escaped" "$err" 'al\\u\{1B\}\]0;x\\u\{7\}ways\\u\{D\}'
shown_safely "query"
bounded "an option value with control characters exits 64" 64 "$capdoc" query level always --platform ios --os "$(printf '1\033[2J')" --content clean/Content
shown_safely "query --os"
bounded "an unknown option with control characters exits 64" 64 "$capdoc" check "$(printf -- '--x\033[2J')"
shown_safely "check --x"
bounded "explain of a term with control characters exits 64" 64 "$capdoc" explain "$(printf 'vis\033]0;x\007its')" --content clean/Content
shown_safely "explain"

# Info.plist keys and strings with control characters (XML character references), and a plist
# whose file name holds them; a key with a newline and a workflow command must not start a line.
cat > hostile.plist <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
  <key>NSLocationWhenInUseUsageDescriptio&#x1B;</key>
  <string>We use it.</string>
  <key>NSLocationTemporaryUsageDescriptionDictionary</key>
  <dict><key>Purpose&#x1B;[2J&#x0A;::add-mask::secret&#x202E;</key><string></string></dict>
  <key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
  <string>&#x1B;&#x202E;&#x9B;</string>
</dict>
</plist>
XML
named_plist="$(printf 'App\033]0;x\007\342\200\256').plist"
cp hostile.plist "$named_plist"
for format in human json sarif; do
  bounded "lint-plist --format $format of hostile keys and strings exits 1" 1 "$capdoc" lint-plist --platform ios --format "$format" hostile.plist "$named_plist"
  shown_safely "lint-plist $format"
done
bounded "lint-plist (human) again, for its lines" 1 "$capdoc" lint-plist --platform ios hostile.plist
contains "  the misspelled key is shown escaped" "$out" "'NSLocationWhenInUseUsageDescriptio\\\\u\{1B\}' is a misspelling"
contains "  the purpose key is shown escaped, on its line" "$out" "'Purpose\\\\u\{1B\}\[2J\\\\u\{A\}::add-mask::secret\\\\u\{202E\}' is empty"
lacks "  no value starts a line of its own" "$out" '^::'
# A file in a folder whose name is a CI workflow command: the path starts each finding's line, so it
# is written ./::…, which GitHub Actions does not read as a command.
mkdir -p '::stop-commands::capdoc'
cp hostile.plist '::stop-commands::capdoc/Info.plist'
bounded "lint-plist of a plist under a folder named ::stop-commands::, and a missing one under ::gone, exits 1 (its errors win)" 1 "$capdoc" lint-plist --platform ios '::stop-commands::capdoc/Info.plist' '::gone/Info.plist'
lacks "  no finding line starts with ::" "$out" '^::'
lacks "  no failure line starts with ::" "$err" '^::'
contains "  the missing one is named ./::gone/…" "$err" '^\./::gone/Info\.plist: error: '
contains "  the path is written ./::…" "$out" '^\./::stop-commands::capdoc/Info\.plist:[0-9]+: error: '
bounded "lint-plist of a missing plist whose name has control characters exits 2" 2 "$capdoc" lint-plist --platform ios "$(printf 'gone\033[2J.plist')"
shown_safely "lint-plist failure"

# On a terminal (a pseudo-terminal, by script(1)), diagnostics and findings are coloured: the only
# escape sequences are capdoc's own colour and bold (SGR); a value's ESC, even an SGR one, is escaped.
# only_styles NAME FILE: every ESC in FILE starts an SGR sequence (ESC [ digits and ; m).
only_styles() {
  if LC_ALL=C grep -aqP '\x1b(?!\[[0-9;]*m)' "$2"; then
    fail "  $1: no escape sequence but colour" "$(head -c 600 "$2" | cat -v)"
  else
    pass "  $1: no escape sequence but colour"
  fi
  if LC_ALL=C grep -aqP '[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$2"; then
    fail "  $1: no other raw control character" "$(head -c 600 "$2" | cat -v)"
  else
    pass "  $1: no other raw control character"
  fi
}
if command -v script > /dev/null; then
  # on_terminal NAME STATUS COMMAND...: runs COMMAND with its stdout and stderr on a pseudo-terminal.
  on_terminal() { local name=$1 status=$2; shift 2; bounded "$name" "$status" script -qec "$(printf '%q ' "$@")" /dev/null; cp "$work/out" "$work/tty"; }
  on_terminal "check of Content with control characters, on a terminal" 1 "$capdoc" check --content hostile/Content
  contains "  coloured" "$out" $'\e\[31merror:'
  only_styles "check" "$work/tty"
  on_terminal "lint-plist of hostile keys, on a terminal" 1 "$capdoc" lint-plist --platform ios hostile.plist
  contains "  coloured" "$out" $'\e\[31merror:'
  only_styles "lint-plist" "$work/tty"
  on_terminal "an id argument holding an SGR sequence, on a terminal" 64 "$capdoc" query level "$(printf '\033[31mred\033[0m')" --platform ios --content clean/Content
  only_styles "query" "$work/tty"
  lacks "  the argument's SGR is not passed through" "$out" $'\e\[31mred'
else
  skip "the terminal cases" "script(1) is not installed (bsdutils; Scripts/prerequisites test installs it)"
fi

# The site of the clean fixture: no C0 control but tab, LF, CR, and no DEL, in any HTML page.
bounded "the clean fixture builds" 0 "$capdoc" build --content clean/Content --output clean/site --templates "$templates"
if LC_ALL=C grep -rlaP '[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]' --include='*.html' clean/site > "$work/controls"; then
  fail "  no HTML page holds a control byte" "$(cat "$work/controls")"
else
  pass "  no HTML page holds a control byte ($(find clean/site -name '*.html' | wc -l) pages)"
fi
# A template with raw ESC, NUL and BEL: the pages still hold none.
mkdir -p dirty-templates
cp -r "$templates"/. dirty-templates/
printf '\033]0;x\007\000<!-- \033[2J -->\n' >> dirty-templates/page.mustache
bounded "a template with control bytes builds" 0 "$capdoc" build --content clean/Content --output clean/site2 --templates dirty-templates
if LC_ALL=C grep -rlaP '[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]' --include='*.html' clean/site2 > "$work/controls"; then
  fail "  no HTML page holds a control byte" "$(cat "$work/controls")"
else
  pass "  no HTML page holds a control byte"
fi

# --- 2. Closed, full and broken streams -------------------------------------------------------

# Every command that prints: NAME|STATUS|STATUS WITH STDERR CLOSED|ARGUMENTS (split at spaces). A
# command exits 74 with stderr closed only when it has something to say there.
rm -rf clean/site clean/site2
commands=(
  "build|0|0|build --content clean/Content --output clean/site --templates $templates"
  "check|0|0|check --content clean/Content"
  "check json|0|0|check --content clean/Content --diagnostics-format json"
  "check with errors|1|74|check --content hostile/Content"
  "query support|0|0|query support visits --level always --platform ios --content clean/Content"
  "query level|0|0|query level always --platform ios --content clean/Content"
  "query keys|0|0|query keys --request when-in-use --platform ios --content clean/Content"
  "query flow|0|0|query flow --from not-determined --trigger request-always --content clean/Content"
  "query level json|0|0|query level always --platform ios --json --content clean/Content"
  "explain|0|0|explain visits --content clean/Content"
  "lint-plist|1|1|lint-plist --platform ios hostile.plist"
  "lint-plist json|1|1|lint-plist --platform ios --format json hostile.plist"
  "lint-plist sarif|1|1|lint-plist --platform ios --format sarif hostile.plist"
  "lint-plist errors and could not lint|1|74|lint-plist --platform ios hostile.plist missing.plist"
  "help|0|0|--help"
  "version|0|0|--version"
  "a usage error|64|74|query level"
)

# broken_output NAME SCRIPT MESSAGE: runs the command ($args) through `bash -c SCRIPT`, which breaks
# its standard output; it exits 74 with MESSAGE on standard error and does not crash.
broken_output() {
  rm -rf clean/site
  bounded "$1: exits 74" 74 bash -c "$2" _ "$capdoc" "${args[@]}"
  contains "  one line says why" "$err" "$3"
  no_crash
}

for entry in "${commands[@]}"; do
  IFS='|' read -r name ok closed_err arguments <<< "$entry"
  read -ra args <<< "$arguments"
  rm -rf clean/site
  bounded "$name: the control run exits $ok" "$ok" "$capdoc" "${args[@]}"
  # Standard output closed, full, and a pipe whose reader left while SIGPIPE is ignored.
  if [ "$name" != "a usage error" ]; then
    broken_output "$name >&-" '"$@" >&-' \
      '^capdoc: error: could not write to standard output \(it is closed\); the output is incomplete$'
    broken_output "$name >/dev/full" '"$@" >/dev/full' \
      'could not write to standard output \(No space left on device \(ENOSPC\)\)'
    broken_output "$name | (closed pipe, SIGPIPE ignored)" 'trap "" PIPE; "$@" | true; exit "${PIPESTATUS[0]}"' \
      'could not write to standard output \(Broken pipe \(EPIPE\)\)'
    rm -rf clean/site
    bounded "$name | (closed pipe, SIGPIPE default): ends by SIGPIPE, silently" 141 bash -c '"$@" | true; exit "${PIPESTATUS[0]}"' _ "$capdoc" "${args[@]}"
    lacks "  no message about it" "$err" 'could not write'
    no_crash
  fi
  # Standard error closed: a command that writes to it exits 74, silently (there is nowhere to say
  # why); one that does not is unaffected.
  rm -rf clean/site
  bounded "$name 2>&-: exits $closed_err" "$closed_err" bash -c '"$@" 2>&-' _ "$capdoc" "${args[@]}"
  no_crash
  rm -rf clean/site
  bounded "$name >&- 2>&-: exits 74" 74 bash -c '"$@" >&- 2>&-' _ "$capdoc" "${args[@]}"
done

# A closed stdout must not hand its number to a file capdoc opens: the build's pages, lock and
# summary stay apart, and nothing meant for the terminal lands in the site.
rm -rf clean/site
bounded "build >&- 2>&-: exits 74" 74 bash -c '"$@" >&- 2>&-' _ "$capdoc" build --content clean/Content --output clean/site --templates "$templates"
if grep -rlaq 'built [0-9]* files' clean/site 2>/dev/null; then fail "  no page holds the summary line"; else pass "  no page holds the summary line"; fi
bounded "check 2>/dev/full of Content with errors: exits 74" 74 bash -c '"$@" 2>/dev/full' _ "$capdoc" check --content hostile/Content
no_crash

finish terminal-output
