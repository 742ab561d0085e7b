#!/usr/bin/env python3
"""The authorization-flow page in a real browser: usage `flow_browser.py SITE_DIR`.

Opens SITE_DIR/flow.html (file://) in headless Chromium at a phone width (390x844) and a desktop
width (1280x800) and checks that
  - the page does not scroll sideways (documentElement.scrollWidth <= innerWidth);
  - every SVG text of the diagram renders at least 11 px high;
  - at 1280 px every column header of the transitions tables is within the viewport horizontally,
    or inside a scroll container (an element with overflow-x auto or scroll);
  - no <script> element is on the page but the site's one external search.js.
Screenshots go to /tmp/flow-WIDTH.png (the whole page), /tmp/flow-WIDTH-diagram.png (the first
screen) and /tmp/flow-WIDTH-table.png (the first transitions table).
Exits 1 with the failures listed, 0 when all hold.
"""
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SIZES = [(390, 844), (1280, 800)]
MIN_TEXT_HEIGHT = 11.0

MEASURE = r"""
const out = {};
out.scrollWidth = document.documentElement.scrollWidth;
out.innerWidth = window.innerWidth;
out.scripts = Array.from(document.querySelectorAll('script')).filter(s => !/(^|\/)search\.js$/.test(s.getAttribute('src') || '')).length;
out.svgs = document.querySelectorAll('svg').length;
out.texts = Array.from(document.querySelectorAll('svg text')).map(t => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, height: r.height, visible: r.width > 0 || r.height > 0};
});
function inScroller(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (p === document.body || p === document.documentElement) return false;
    const s = getComputedStyle(p);
    if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.scrollWidth >= p.clientWidth) return true;
  }
  return false;
}
out.headers = Array.from(document.querySelectorAll('table.flow-transitions th[scope="col"], .flow-transitions table th[scope="col"]')).map(th => {
  const r = th.getBoundingClientRect();
  return {text: th.textContent, left: r.left, right: r.right, scroller: inScroller(th)};
});
out.tables = document.querySelectorAll('.flow-transitions table, table.flow-transitions').length;
return out;
"""


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    page = os.path.abspath(os.path.join(sys.argv[1], "flow.html"))
    if not os.path.exists(page):
        print(f"no such page: {page}")
        return 2
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    failures = []
    try:
        for width, height in SIZES:
            driver.set_window_rect(width=width, height=height)
            # The window's outer size includes no chrome in headless mode, but make sure of the viewport.
            inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
            if inner[0] != width:
                driver.set_window_rect(width=width + (width - inner[0]), height=height + (height - inner[1]))
            driver.get("file://" + page)
            m = driver.execute_script(MEASURE)
            where = f"{width}px"
            if m["innerWidth"] != width:
                failures.append(f"{where}: viewport is {m['innerWidth']} px wide, not {width}")
            if m["scrollWidth"] > m["innerWidth"]:
                failures.append(f"{where}: the page scrolls sideways ({m['scrollWidth']} > {m['innerWidth']})")
            if m["scripts"]:
                failures.append(f"{where}: {m['scripts']} <script> element(s)")
            if not m["texts"]:
                failures.append(f"{where}: no svg text on the page")
            shown = [t for t in m["texts"] if t["visible"]]
            small = [t for t in shown if t["height"] < MIN_TEXT_HEIGHT]
            for t in small[:10]:
                failures.append(f"{where}: svg text {t['text']!r} is {t['height']:.1f} px high (< {MIN_TEXT_HEIGHT})")
            if len(small) > 10:
                failures.append(f"{where}: … and {len(small) - 10} more small svg texts")
            if not m["tables"]:
                failures.append(f"{where}: no transitions table (.flow-transitions)")
            if width >= 1280:
                for h in m["headers"]:
                    inside = h["left"] >= 0 and h["right"] <= m["innerWidth"]
                    if not inside and not h["scroller"]:
                        failures.append(f"{where}: column header {h['text']!r} is off-screen ({h['left']:.0f}–{h['right']:.0f})")
                    elif not inside:
                        failures.append(f"{where}: column header {h['text']!r} needs a sideways scroll at desktop width")
            # Screenshots: the diagram and the first transitions table as a screen shows them, then the whole page.
            driver.save_screenshot(f"/tmp/flow-{width}-diagram.png")
            driver.execute_script("var t = document.querySelector('.flow-transitions'); if (t) t.scrollIntoView();")
            driver.save_screenshot(f"/tmp/flow-{width}-table.png")
            full = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_rect(width=width, height=min(full + 20, 16000))
            shot = f"/tmp/flow-{width}.png"
            driver.save_screenshot(shot)
            print(f"{where}: {len(shown)} svg texts (smallest {min([t['height'] for t in shown], default=0):.1f} px), "
                  f"{m['tables']} table(s), {len(m['headers'])} column headers, scrollWidth {m['scrollWidth']}; screenshot {shot}")
    finally:
        driver.quit()
    for failure in failures:
        print("FAIL " + failure)
    print("flow_browser: " + ("ok" if not failures else f"{len(failures)} failure(s)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
