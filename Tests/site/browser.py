#!/usr/bin/env python3
"""The real-browser test of a built capdoc site: headless Chromium through Selenium 4.

Usage: browser.py SITE_DIR

For every page of the site (every *.html outside markdown/ and man/), at 390x844 (a phone, with
mobile emulation) and 1280x800, in the light and the dark scheme (CDP Emulation.setEmulatedMedia,
prefers-color-scheme):
  layout   the page does not scroll sideways: document.documentElement.scrollWidth <= innerWidth + 1,
           a stacked answer table's citation markers stay beside the answer, not under the label,
           and the phone viewport is not zoomed out to fit; content wider than the viewport is
           allowed only inside an element that scrolls itself (a table wrapper with overflow-x:auto);
  colours  the page's text and background differ, the background is light in light mode and dark in
           dark mode, and body text, links, code and table headers contrast with what is behind them
           (ratio >= 3, a sanity check, not a WCAG audit);
once per page, at 1280 px:
  glance   on the matrix and service pages no cell shows more than 60 characters before its disclosure;
           a service page has at most 150 keyboard stops in <main>; nothing that says "deprecated" is
           drawn as Yes; no table on a matrix, service, request or key page scrolls sideways;
  links    every internal link (a/link/script/form, as the browser resolved it) names a file of the
           site, and its #fragment is an id on the target page;
and the search box, from the home page and from a page in a folder, at both widths: typing
`requestLocation` and `NSLocationUsageDescription` shows results, one of which links to the right
page (which exists); the down arrow moves from the box into the results. The search forgives and
lists each thing once: `geofence` (an alias in Content) and `regon` (a typo) list region monitoring
first, `requestlocaton` finds requestLocation()'s service first, no query lists one entry twice,
sources appear only when "Include sources" is ticked or the query starts with `source:`, and, with
an index of 20,000 synthetic services put in its place, no keystroke takes long; and the typo
matching of search.js (its functions `cost` and `typos`, run on their own) finds on random keys
exactly what a plain table of the edit distance finds. And a citation, clicked
like a reader would on services/region-monitoring.html: the first cell's disclosure opened, its first marker leads to
its entry in the page's citations, which is scrolled into view, highlighted, shows a quote and links
to the claim on its source page. And the platform filter: tvOS unticked on the matrix page hides its
column there and its rows on a service page, which says so and shows every platform again on request;
`?hide=visionos,mac-catalyst` in a link hides those two.
And the flow as a person sees it: flow.html shows the prompts' buttons by title (“Allow Once” from
iOS 13.0, and a button no source names as such), the prompt of requestWhenInUseAuthorization()
with its Precise Location note linking to NSLocationDefaultAccuracyReduced; its version links,
followed like a reader would, lead to an era's page that shows only that era's buttons and
transitions (iOS 14.0+: Allow Once and the reminder alert; iOS 8.0 to 11.0: neither).

Screenshots of the home page, services/region-monitoring, flow, a key page and the A–Z index at both
widths and both schemes go to $CAPDOC_SCREENS (default /tmp/capdoc-screens).

Prints one line per failure (indented details), then `browser: N passed, M failed`; exits 1 if any
check failed, 2 on usage or when the browser cannot start.
Needs: python3 selenium (4.x), chromium and chromedriver (/usr/bin/chromedriver, or $CHROMEDRIVER).
"""

import os
import sys
from html.parser import HTMLParser

import headless_chromium
from urllib.parse import unquote, urlsplit

WIDTHS = [(390, 844, True), (1280, 800, False)]
SCHEMES = ["light", "dark"]
SCREENSHOT_PAGES = ["index.html", "services/region-monitoring.html", "flow.html", "flow/ios-14.0.html",
                    "keys/NSLocationWhenInUseUsageDescription.html", "a-z.html"]
SEARCHES = [("requestLocation", "services/standard-location.html"),
            ("NSLocationUsageDescription", "keys/NSLocationUsageDescription.html")]
SEARCH_FROM = ["index.html", "keys/NSLocationWhenInUseUsageDescription.html"]
# Forgiving search: the query, and the page its first result must be.
FIRST_RESULTS = [("geofence", "services/region-monitoring.html"), ("requestlocaton", "services/standard-location.html"),
                 ("regon", "services/region-monitoring.html"), ("requestAlwaysAuthorization", "requests/always.html")]
# Queries that many names and sources match: each lists a thing once.
BROAD_QUERIES = ["requestAlwaysAuthorization", "location", "always", "monitorng", "CLLocationManager"]
# The slowest keystroke allowed with an index of 20,000 services (a slow shared machine: generous).
SLOWEST_KEYSTROKE_MS = 500


class Ids(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is not None and (name == "id" or (tag == "a" and name == "name")):
                self.ids.add(value)


# Runs in the page (issue 38's targets): each answer cell's text before its disclosure (the summary of
# a compact cell, or the whole cell), the keyboard stops in <main> (links and summaries a reader can
# reach: not those inside a closed disclosure), values that say "deprecated" drawn as good news, and
# tables that scroll sideways inside their box.
GLANCE = r"""
var main = document.querySelector('main') || document.body;
var longest = '';
main.querySelectorAll('td').forEach(function (td) {
  var summary = td.querySelector(':scope > details.cell > summary');
  var text = (summary ? summary.innerText : td.innerText).trim();
  if (td.querySelector('.value') && text.length > longest.length) longest = text;
});
var stops = Array.prototype.filter.call(
  main.querySelectorAll('a[href], summary, input, button, select, textarea, [tabindex]:not([tabindex="-1"])'),
  function (e) { return e.checkVisibility(); }).length;
var greenDeprecated = Array.prototype.filter.call(main.querySelectorAll('.value.yes'),
  function (e) { return /deprecat/i.test(e.textContent); }).map(function (e) { return e.textContent; });
var wide = Array.prototype.filter.call(main.querySelectorAll('.table-wrap'),
  function (w) { return w.scrollWidth > w.clientWidth + 1; }).map(function (w) {
    var caption = w.querySelector('caption'); return caption ? caption.textContent : '(no caption)'; });
return {longest: longest, stops: stops, greenDeprecated: greenDeprecated, wideTables: wide};
"""
GLANCE_LONGEST = 60  # characters a cell shows before its disclosure (matrix and service pages)
GLANCE_STOPS = 150   # keyboard stops in a service page's main content
# Pages whose tables fit a 1280 px screen without scrolling sideways.
FITTING_PAGES = ("matrix.html", "matrix/", "services/", "requests/", "keys/")


def glance_problems(page, probe):
    """What a page at 1280 px breaks of issue 38's targets."""
    problems = []
    if page.startswith(("matrix", "services/")) and len(probe["longest"]) > GLANCE_LONGEST:
        problems.append(f"a cell shows {len(probe['longest'])} characters before its disclosure: {probe['longest'][:80]!r}")
    if page.startswith("services/") and probe["stops"] > GLANCE_STOPS:
        problems.append(f"{probe['stops']} keyboard stops in the main content (at most {GLANCE_STOPS})")
    problems += [f"'deprecated' drawn as good news: {text!r}" for text in probe["greenDeprecated"]]
    if page.startswith(FITTING_PAGES):
        problems += [f"table scrolls sideways at 1280 px: {caption}" for caption in probe["wideTables"]]
    return problems


# Runs in the page: the list entry that holds the anchor with this id (the target of a citation marker).
CITATION_ENTRY = r"""
var anchor = document.getElementById(arguments[0]);
if (!anchor) return null;
var item = anchor.closest("li"), list = item && item.parentElement;
if (!item) return null;
var box = item.getBoundingClientRect();
var link = item.querySelector("a[href]");
return {inView: box.top >= 0 && box.bottom <= window.innerHeight, text: item.textContent,
        background: getComputedStyle(anchor).backgroundColor, listBackground: getComputedStyle(item).backgroundColor,
        source: link ? link.href : null};
"""

# Runs in the page: what sticks out sideways, and the colours. Returns a dict.
PROBE = r"""
function rgba(text) {
  var m = /rgba?\(([^)]*)\)/.exec(text || "");
  if (!m) return null;
  var p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
}
function luminance(c) {
  var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function contrast(a, b) {
  var la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
function background(el) {
  for (var e = el; e; e = e.parentElement) {
    var c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0.5) return c;
  }
  return [255, 255, 255, 1];
}
function describe(el) {
  var s = el.tagName.toLowerCase();
  if (el.id) s += "#" + el.id;
  if (el.className && typeof el.className === "string") s += "." + el.className.trim().split(/\s+/).join(".");
  var text = (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 60);
  return s + (text ? " “" + text + "”" : "");
}
function scrollsItself(el) {
  for (var e = el.parentElement; e && e !== document.body; e = e.parentElement) {
    var o = getComputedStyle(e).overflowX;
    if ((o === "auto" || o === "scroll" || o === "hidden") && e.getBoundingClientRect().right <= innerWidth + 1) return true;
  }
  return false;
}
var width = innerWidth;
var wide = [];
if (document.documentElement.scrollWidth > width + 1) {
  var all = document.body.getElementsByTagName("*");
  for (var i = 0; i < all.length && wide.length < 5; i++) {
    var r = all[i].getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1 && !scrollsItself(all[i])) {
      // Report the outermost offender only: skip elements inside one already listed.
      var inside = wide.some(function (w) { return w.el.contains(all[i]); });
      if (!inside) wide.push({el: all[i], right: Math.round(r.right)});
    }
  }
}
var body = getComputedStyle(document.body);
var fg = rgba(body.color), bg = background(document.body);
var low = [];
var selectors = ["main p", "main li", "main a", "main code", "th", "td", ".value", ".site-header a", ".site-search input", ".site-search button", "caption", ".site-footer p"];
selectors.forEach(function (sel) {
  var els = document.querySelectorAll(sel);
  for (var i = 0; i < els.length && i < 40; i++) {
    var el = els[i];
    if (!el.getClientRects().length) continue;
    var c = rgba(getComputedStyle(el).color), b = background(el);
    var ratio = contrast(c, b);
    if (ratio < 3) { low.push(sel + ": " + describe(el) + " contrast " + ratio.toFixed(2)); break; }
  }
});
// Diagram labels must stay readable: an SVG scaled down to a phone shrinks its text with it.
var smallText = [];
document.querySelectorAll("svg text").forEach(function (t) {
  var r = t.getBoundingClientRect();
  if ((r.width > 0 || r.height > 0) && r.height < 11 && smallText.length < 5) smallText.push(describe(t) + " " + r.height.toFixed(1) + "px high");
});
// The flow page's transitions tables are laid out to fit a desktop screen: their column headers in view.
var hiddenHeaders = [];
document.querySelectorAll(".flow-transitions th[scope=col]").forEach(function (th) {
  var r = th.getBoundingClientRect();
  if (r.right > innerWidth + 1 && hiddenHeaders.length < 5) hiddenHeaders.push(describe(th) + " reaches " + Math.round(r.right) + "px");
});
// On a phone an answer table stacks into cards of label and answer (a grid): a cell's citation
// markers stay beside its answer, never in the label's column under the label.
var strayMarkers = [];
document.querySelectorAll("td").forEach(function (td) {
  if (strayMarkers.length >= 5 || getComputedStyle(td).display !== "grid") return;
  var box = td.getBoundingClientRect();
  td.querySelectorAll("a.cite").forEach(function (a) {
    var r = a.getBoundingClientRect();
    if (r.width > 0 && r.left < box.left + box.width * 0.3 && strayMarkers.length < 5) strayMarkers.push(describe(a) + " in " + describe(td));
  });
});
return {
  smallText: smallText, hiddenHeaders: hiddenHeaders, strayMarkers: strayMarkers,
  scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
  wide: wide.map(function (w) { return describe(w.el) + " reaches " + w.right + "px"; }),
  fg: fg, bg: bg, bodyContrast: contrast(fg, bg), bgLuminance: luminance(bg), low: low,
  styled: getComputedStyle(document.querySelector(".site-header") || document.body).borderBottomStyle !== "none"
};
"""

# Runs in the page: 20,000 synthetic services in place of the index, then the query typed letter by
# letter; the slowest keystroke in ms, and what the status says at the end.
LARGE_INDEX = r"""
var syllables = ["loc", "ation", "reg", "ion", "mon", "itor", "bea", "con", "head", "vis", "geo", "code", "push",
                 "serv", "sess", "auth", "req", "uest", "date", "live", "cir", "cle", "zone", "track"];
var seed = 7;
function pick() { seed = (seed * 1103515245 + 12345) % 2147483648; return syllables[seed % syllables.length]; }
function word() { return pick() + pick() + pick(); }
function cap(w) { return w.charAt(0).toUpperCase() + w.slice(1); }
var records = [];
for (var i = 0; i < 20000; i++) {
  var a = word(), b = word();
  records.push({n: cap(a) + " " + b + " service " + i, k: "Service", u: "services/svc-" + i + ".html",
                w: ["svc-" + i, "start" + cap(a) + cap(b) + "()", "CL" + cap(word()) + "Manager"], a: [word()]});
}
window.CAPDOC_SEARCH_INDEX = records;
var box = document.getElementById("search-q");
box.dispatchEvent(new Event("focus"));
var slowest = 0;
for (var n = 1; n <= arguments[0].length; n++) {
  box.value = arguments[0].slice(0, n);
  var start = performance.now();
  box.dispatchEvent(new Event("input"));
  slowest = Math.max(slowest, performance.now() - start);
}
return {slowest: slowest, status: document.getElementById("search-status").textContent,
        results: document.querySelectorAll("#search-results a").length};
"""

# Runs in the page: search.js's typo matching (arguments[0], the text of its functions `cost` and
# `typos`) against a plain optimal-string-alignment table, on random keys of letters and digits (a
# digit edit costs more than the most edits allowed). Returns the first disagreements.
TYPO_CHECK = r"""
var typos = new Function(arguments[0] + "; return typos;")();
var digit = function (ch) { return ch >= "0" && ch <= "9"; };
function table(a, b, most) {
  var w = function (ch) { return digit(ch) ? most + 1 : 1; };
  var d = [[0]], i, j;
  for (i = 1; i <= a.length; i++) d[i] = [d[i - 1][0] + w(a[i - 1])];
  for (j = 1; j <= b.length; j++) d[0][j] = d[0][j - 1] + w(b[j - 1]);
  for (i = 1; i <= a.length; i++) for (j = 1; j <= b.length; j++) {
    d[i][j] = Math.min(d[i - 1][j] + w(a[i - 1]), d[i][j - 1] + w(b[j - 1]),
                       d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : Math.max(w(a[i - 1]), w(b[j - 1]))));
    if (i > 1 && j > 1 && a[i - 1] !== b[j - 1] && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && !digit(a[i - 1]) && !digit(b[j - 1]))
      d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
  }
  return d;
}
function expected(q, key, most) {
  var d = table(q, key, most), m = q.length, best = most + 1;
  if (key.length <= m + most && d[m][key.length] <= most) return 2 * d[m][key.length];
  for (var j = Math.max(1, m - most); j <= Math.min(key.length, m + most); j++) best = Math.min(best, d[m][j]);
  return best <= most ? 2 * best + 1 : -1;
}
var seed = 3;
function pick(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
function word(length, letters) { var w = ""; while (w.length < length) w += letters.charAt(pick(letters.length)); return w; }
var wrong = [], pairs = 0;
for (var t = 0; t < 2000; t++) {
  var letters = t % 3 === 0 ? "ab1" : "abcd";
  var keys = [];
  for (var k = 1 + pick(60); k > 0; k--) keys.push(word(1 + pick(14), letters));
  keys = keys.filter(function (key, at) { return keys.indexOf(key) === at; }).sort();
  var q = word(3 + pick(9), letters), most = q.length >= 7 ? 2 : 1, got = {};
  typos(keys, q, most, 1e12, function (key, score) { got[key] = score; });
  keys.forEach(function (key) {
    pairs++;
    var want = expected(q, key, most), have = key in got ? got[key] : -1;
    if (want !== have && wrong.length < 5) wrong.push(q + " ~ " + key + ": " + have + ", not " + want);
  });
}
return {pairs: pairs, wrong: wrong};
"""

LINKS = r"""
var out = [];
document.querySelectorAll("a[href], link[href], script[src], img[src], form[action]").forEach(function (el) {
  var attr = el.hasAttribute("href") ? "href" : el.hasAttribute("src") ? "src" : "action";
  out.push([el.getAttribute(attr), el[attr === "action" ? "action" : attr]]);
});
return out;
"""


def typo_functions(path):
    """The text of search.js's functions `cost` and `typos`, each to its closing brace; None if missing."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    parts = []
    for name in ("cost", "typos"):
        start = text.find(f"function {name}(")
        if start < 0:
            return None
        depth, at = 0, text.index("{", start)
        while True:
            depth += {"{": 1, "}": -1}.get(text[at], 0)
            at += 1
            if depth == 0:
                break
        parts.append(text[start:at])
    return "\n".join(parts)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: browser.py SITE_DIR", file=sys.stderr)
        return 2
    site = os.path.realpath(sys.argv[1])
    screens = os.environ.get("CAPDOC_SCREENS", "/tmp/capdoc-screens")
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        print("browser: python3 module selenium is missing (pip install selenium)", file=sys.stderr)
        return 2

    pages = []
    for folder, dirs, files in os.walk(site):
        rel = os.path.relpath(folder, site)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (rel == "." and d in ("markdown", "man")))
        pages += [os.path.normpath(os.path.join(rel, f)) for f in files if f.endswith(".html")]
    pages.sort()
    if not pages:
        print(f"browser: no pages under {site}", file=sys.stderr)
        return 2

    try:
        driver = headless_chromium.start(["--allow-file-access-from-files", "--hide-scrollbars"])
    except Exception as error:  # the browser could not start: not a failure of the site
        print(f"browser: cannot start headless Chromium: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2
    driver.set_page_load_timeout(60)

    passed = 0
    failures = []

    def fail(what, details=()):
        failures.append(what)
        print(f"FAIL {what}")
        for line in list(details)[:10]:
            print(f"    {line}")

    ids_cache = {}

    def ids(path):
        if path not in ids_cache:
            parser = Ids()
            with open(path, encoding="utf-8", errors="replace") as handle:
                parser.feed(handle.read())
            ids_cache[path] = parser.ids
        return ids_cache[path]

    def url(page):
        return "file://" + os.path.join(site, page)

    def check_link(raw, resolved):
        """None when the link is fine, else why not."""
        parts = urlsplit(resolved)
        if parts.scheme in ("http", "https", "mailto"):
            return None
        if parts.scheme != "file":
            return f"scheme {parts.scheme}:"
        target = os.path.realpath(unquote(parts.path))
        if not (target == site or target.startswith(site + os.sep)):
            return "outside the site"
        if not os.path.isfile(target):
            return "no such file"
        if parts.fragment and target.endswith(".html") and unquote(parts.fragment) not in ids(target):
            return f"no id '{unquote(parts.fragment)}' on {os.path.relpath(target, site)}"
        return None

    def emulate(width, height, mobile, scheme):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": [{"name": "prefers-color-scheme", "value": scheme}]})

    os.makedirs(screens, exist_ok=True)
    try:
        for width, height, mobile in WIDTHS:
            for page in pages:
                emulate(width, height, mobile, "light")
                driver.get(url(page))
                if width == WIDTHS[-1][0]:  # links once per page
                    broken = [f"'{raw}': {why}" for raw, resolved in driver.execute_script(LINKS)
                              if (why := check_link(raw, resolved))]
                    if broken:
                        fail(f"links {page}: {len(broken)} broken", broken)
                    else:
                        passed += 1
                    problems = glance_problems(page, driver.execute_script(GLANCE))
                    if problems:
                        fail(f"glance {page}", problems)
                    else:
                        passed += 1
                for scheme in SCHEMES:
                    emulate(width, height, mobile, scheme)
                    probe = driver.execute_script(PROBE)
                    name = f"{page} at {width}px, {scheme}"
                    problems = []
                    if probe["scrollWidth"] > probe["innerWidth"] + 1:
                        problems.append(f"scrolls sideways: scrollWidth {probe['scrollWidth']} > innerWidth {probe['innerWidth']}")
                        problems += probe["wide"]
                    if probe["innerWidth"] > width + 1:
                        problems.append(f"viewport zoomed out to {probe['innerWidth']}px to fit the content")
                    if not probe["styled"]:
                        problems.append("the stylesheet did not apply")
                    if probe["fg"][:3] == probe["bg"][:3] or probe["bodyContrast"] < 4.5:
                        problems.append(f"body text {probe['fg']} on {probe['bg']}: contrast {probe['bodyContrast']:.2f}")
                    if (scheme == "dark") != (probe["bgLuminance"] < 0.2):
                        problems.append(f"background {probe['bg']} does not look {scheme}")
                    problems += probe["low"]
                    problems += [f"diagram text under 11px: {t}" for t in probe["smallText"]]
                    problems += [f"citation marker under its cell's label: {m}" for m in probe["strayMarkers"]]
                    if width >= 1280:
                        problems += [f"transitions column off-screen: {h}" for h in probe["hiddenHeaders"]]
                    if problems:
                        fail(f"layout {name}", problems)
                    else:
                        passed += 1
                    if page in SCREENSHOT_PAGES:
                        driver.save_screenshot(os.path.join(screens, f"{page.replace('/', '_')[:-5]}-{width}-{scheme}.png"))

        # The search box, typed into like a reader would.
        for width, height, mobile in WIDTHS:
            emulate(width, height, mobile, "light")
            for start in SEARCH_FROM:
                for query, expected in SEARCHES:
                    name = f"search {query!r} from {start} at {width}px"
                    if start not in pages:
                        fail(f"{name}: no page {start}")
                        continue
                    driver.get(url(start))
                    box = driver.find_element(By.ID, "search-q")
                    box.send_keys(query)
                    try:
                        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a"))
                    except Exception:
                        fail(name, ["no results appeared", "status: " + driver.find_element(By.ID, "search-status").text])
                        continue
                    links = driver.find_elements(By.CSS_SELECTOR, "#search-results a")
                    hrefs = [link.get_attribute("href") for link in links]
                    wanted = "file://" + os.path.join(site, expected)
                    problems = []
                    if wanted not in hrefs:
                        problems.append(f"no result links to {expected}; results: " + ", ".join(os.path.relpath(urlsplit(h).path, site) for h in hrefs[:8]))
                    problems += [f"result '{h}': {why}" for h in hrefs if (why := check_link(h, h))]
                    if not driver.find_element(By.ID, "search-results").is_displayed():
                        problems.append("the results list is not visible")
                    probe = driver.execute_script(PROBE)
                    if probe["scrollWidth"] > probe["innerWidth"] + 1:
                        problems.append(f"the results make the page scroll sideways ({probe['scrollWidth']} > {probe['innerWidth']})")
                    box.send_keys(Keys.ARROW_DOWN)
                    if driver.switch_to.active_element != links[0]:
                        problems.append("the down arrow does not move into the results")
                    if problems:
                        fail(name, problems)
                    else:
                        passed += 1
                    if start == "index.html" and query == SEARCHES[0][0]:
                        driver.save_screenshot(os.path.join(screens, f"search-{width}-light.png"))

        # Forgiving search: ranked, one entry a thing, sources only when asked.
        emulate(1280, 800, False, "light")

        def results(query, sources=False):
            """The results (text, page) and the status after typing the query on the home page."""
            driver.get(url("index.html"))
            if sources:
                driver.find_element(By.ID, "search-sources").click()
            driver.find_element(By.ID, "search-q").send_keys(query)
            WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "search-status").text)
            found = [(link.text, os.path.relpath(urlsplit(link.get_attribute("href")).path, site) + (
                "#" + urlsplit(link.get_attribute("href")).fragment if urlsplit(link.get_attribute("href")).fragment else ""))
                for link in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]
            return found, driver.find_element(By.ID, "search-status").text

        for query, expected in FIRST_RESULTS:
            found, status = results(query)
            if not found or found[0][1] != expected:
                fail(f"search {query!r}: the first result is not {expected}", [f"results: {found[:5]}", f"status: {status}"])
            else:
                passed += 1
        for query in BROAD_QUERIES:
            for sources in (False, True):
                found, status = results(query, sources)
                problems = []
                if len(set(found)) != len(found):
                    problems.append("an entry twice: " + ", ".join(f"{t} → {p}" for t, p in found if found.count((t, p)) > 1))
                page_links = [p for _, p in found if "#" not in p]
                if len(set(page_links)) != len(page_links):
                    problems.append("a page twice: " + ", ".join(sorted({p for p in page_links if page_links.count(p) > 1})))
                if not sources and any(p.startswith("sources/") for _, p in found):
                    problems.append("a source without Include sources: " + ", ".join(p for _, p in found if p.startswith("sources/")))
                if problems:
                    fail(f"search {query!r}{' with sources' if sources else ''}: duplicates or sources", problems + [f"status: {status}"])
                else:
                    passed += 1
        # The sources of requestAlwaysAuthorization(): hidden and counted, shown when asked, alone after source:.
        hidden, status = results("requestAlwaysAuthorization")
        shown, _ = results("requestAlwaysAuthorization", sources=True)
        alone, _ = results("source:requestAlwaysAuthorization")
        problems = []
        if "source" not in status or "Include sources" not in status:
            problems.append(f"the status does not say that sources match: {status}")
        if not any(p.startswith("sources/") for _, p in shown) or shown[0][1] != "requests/always.html":
            problems.append(f"Include sources: no source after the request: {shown[:5]}")
        if not alone or not all(p.startswith("sources/") for _, p in alone):
            problems.append(f"source: lists other things than sources: {alone[:5]}")
        box = driver.find_element(By.ID, "search-sources")
        labels = driver.execute_script("return Array.from(arguments[0].labels).map(function (l) { return l.textContent.trim(); })", box)
        if labels != ["Include sources"]:
            problems.append(f"the checkbox's label is {labels}, not 'Include sources'")
        if problems:
            fail("search: sources only when asked", problems)
        else:
            passed += 1
        # 20,000 services: the slowest keystroke of a typo, a prefix and an alias.
        slow = []
        for query in ["requestlocaton", "startlocreg", "geofence"]:
            driver.get(url("index.html"))
            timing = driver.execute_script(LARGE_INDEX, query)
            if timing["slowest"] > SLOWEST_KEYSTROKE_MS or "result" not in timing["status"]:
                slow.append(f"{query!r}: slowest keystroke {timing['slowest']:.0f} ms; {timing['status']}")
            else:
                print(f"    search {query!r} in 20,000 services: slowest keystroke {timing['slowest']:.0f} ms, {timing['results']} shown")
        if slow:
            fail(f"search: a keystroke over {SLOWEST_KEYSTROKE_MS} ms with 20,000 services", slow)
        else:
            passed += 1

        # The typo matching on its own, against a plain table.
        functions = typo_functions(os.path.join(site, "search.js"))
        if not functions:
            fail("search: typo matching: no functions cost and typos in search.js")
        else:
            check = driver.execute_script(TYPO_CHECK, functions)
            if check["wrong"]:
                fail(f"search: typo matching disagrees with the edit-distance table ({check['pairs']} pairs)", check["wrong"])
            else:
                passed += 1

        # A citation marker, clicked: its entry in the page's own list, in view and marked.
        emulate(1280, 800, False, "light")
        page = "services/region-monitoring.html"
        driver.get(url(page))
        # The markers sit behind the cell's disclosure: opened first, as a reader would.
        driver.find_element(By.CSS_SELECTOR, "table details.cell > summary").click()
        marker = driver.find_element(By.CSS_SELECTOR, "table details.cell[open] a.cite")
        entry_id = marker.get_attribute("href").split("#", 1)[1]
        marker.click()
        entry = driver.execute_script(CITATION_ENTRY, entry_id)
        problems = []
        if not entry:
            problems.append(f"no element #{entry_id} on {page}")
        else:
            if driver.execute_script("return location.hash") != "#" + entry_id:
                problems.append(f"the address did not change to #{entry_id}")
            if not entry["inView"]:
                problems.append("the entry is not scrolled into view")
            if entry["background"] == entry["listBackground"]:
                problems.append(f"the followed entry's number is not highlighted (background {entry['background']})")
            if "“" not in entry["text"]:
                problems.append(f"the entry shows no quote: {entry['text'][:120]}")
            if not entry["source"] or "/sources/" not in entry["source"] or "#claim-" not in entry["source"]:
                problems.append(f"the entry does not link to a claim on its source page: {entry['source']}")
            elif (why := check_link(entry["source"], entry["source"])):
                problems.append(f"its link '{entry['source']}': {why}")
        if problems:
            fail(f"citation on {page}", problems)
        else:
            passed += 1

        # The platform filter: unticked on the matrix page, remembered on another page, shown again
        # from its note, and set by a plain link's ?hide=.
        def shown_rows(path):
            return [th.text for th in driver.find_elements(By.CSS_SELECTOR, "main table tbody th[scope=row]") if th.is_displayed()]
        problems = []
        driver.get(url("matrix.html"))
        forms = driver.find_elements(By.CSS_SELECTOR, ".platform-filter")
        if not forms or not forms[0].is_displayed():
            problems.append("matrix.html shows no platform filter")
        else:
            driver.find_element(By.CSS_SELECTOR, '.platform-filter input[data-platform="tvos"]').click()
            heads = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "main table thead th") if th.is_displayed()]
            if "tvOS" in heads or "iOS" not in heads:
                problems.append(f"unticking tvOS left the matrix headings {heads[:9]}")
            driver.get(url("services/region-monitoring.html"))
            rows = shown_rows("services/region-monitoring.html")
            if "tvOS" in rows or "iOS" not in rows:
                problems.append(f"tvOS hidden on the matrix page, but a service page shows rows {rows[:8]}")
            notes = driver.find_elements(By.CSS_SELECTOR, "#platforms-hidden a")
            if not notes:
                problems.append("a page hiding tvOS does not say so")
            else:
                notes[0].click()
                if "tvOS" not in shown_rows(""):
                    problems.append("'Show every platform' did not bring tvOS back")
            driver.get(url("services/heading.html") + "?hide=visionos,mac-catalyst")
            rows = shown_rows("services/heading.html")
            if "visionOS" in rows or "Mac Catalyst" in rows or "tvOS" not in rows:
                problems.append(f"?hide=visionos,mac-catalyst shows rows {rows[:8]}")
            driver.get(url("services/heading.html"))
            driver.find_element(By.CSS_SELECTOR, "#platforms-hidden a").click()
        if problems:
            fail("platform filter", problems)
        else:
            passed += 1

        # The flow as a person sees it: buttons by title, the prompt's accuracy note, and the eras
        # chosen by plain links.
        def texts(selector):
            return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]

        def buttons():
            return {row.find_element(By.CSS_SELECTOR, "th").text: [td.text for td in row.find_elements(By.CSS_SELECTOR, "td")]
                    for row in driver.find_elements(By.CSS_SELECTOR, ".flow-buttons tbody tr")}
        problems = []
        driver.get(url("flow.html"))
        table = buttons()
        once = table.get("Allow Once")
        if not once or "“Allow Once”" not in once[0] or "13.0+" not in once[1]:
            problems.append(f"flow.html: the Allow Once button is {once}")
        if not any("Not given by the sources" in cells[0] for cells in table.values()):
            problems.append("flow.html: no button says that the sources give no title")
        prompt = driver.find_elements(By.CSS_SELECTOR, "#prompt-request-when-in-use")
        if not prompt:
            problems.append("flow.html: no section for the prompt of requestWhenInUseAuthorization()")
        else:
            section = driver.execute_script(
                "var e = arguments[0], t = ''; for (var n = e.nextElementSibling; n && n.tagName !== e.tagName && n.tagName !== 'H2'; n = n.nextElementSibling) t += n.innerText + '\\n'; return t;",
                prompt[0])
            if "Precise Location" not in section:
                problems.append("flow.html: the When In Use prompt says nothing of Precise Location")
            if not driver.find_elements(By.XPATH, "//*[@id='prompt-request-when-in-use']/following::a[contains(@href, 'keys/NSLocationDefaultAccuracyReduced.html')]"):
                problems.append("flow.html: the prompt does not link to NSLocationDefaultAccuracyReduced")
        for label, page, shows, hides in [("14.0+", "flow/ios-14.0.html", ["“Allow Once”", "reminder alert"], ["Grant When In Use instead"]),
                                          ("8.0 to 11.0", "flow/ios-8.0.html", [], ["“Allow Once”", "reminder alert", "Precise Location"])]:
            driver.get(url("flow.html"))
            links = driver.find_elements(By.XPATH, f"//li[starts-with(normalize-space(.), 'iOS:')]//a[normalize-space(.)='{label}']")
            if not links:
                problems.append(f"flow.html: no link '{label}' for iOS")
                continue
            links[0].click()
            here = os.path.relpath(unquote(urlsplit(driver.current_url).path), site)
            if here != page:
                problems.append(f"the iOS '{label}' link led to {here}, not {page}")
                continue
            text = driver.find_element(By.TAG_NAME, "main").text
            missing = [word for word in shows if word not in text]
            present = [word for word in hides if word in text]
            if missing or present:
                problems.append(f"{page}: missing {missing}, showing {present}")
            if not driver.find_elements(By.CSS_SELECTOR, "main svg[role=img]"):
                problems.append(f"{page}: no diagram")
            if driver.find_elements(By.CSS_SELECTOR, "script:not([src])"):
                problems.append(f"{page}: an inline script")
            current = texts("main li strong")
            if label not in current:
                problems.append(f"{page}: the selector does not mark '{label}' as the current era ({current[:5]})")
        if problems:
            fail("flow as seen", problems)
        else:
            passed += 1
    finally:
        driver.quit()

    print(f"browser: {passed} passed, {len(failures)} failed ({len(pages)} pages at {', '.join(str(w[0]) for w in WIDTHS)}px "
          f"in {' and '.join(SCHEMES)}; links; search; screenshots in {screens})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
