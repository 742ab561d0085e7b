#!/usr/bin/env python3
"""Link checker for a built capdoc site (stdlib only).

Usage: check_links.py SITE_DIR

HTML (every *.html under SITE_DIR): every href/src must be a relative link to a file inside the
site, and every #fragment must be an id (or <a name>) in the target page. Absolute paths ("/x"),
links to a directory, `javascript:` and other unknown schemes, and external resources (a src or a
stylesheet fetched from elsewhere) are errors. External http(s) and mailto links are listed, not
fetched.

Markdown (every *.md under SITE_DIR/markdown): every inline link or image `[text](target)` whose
target is relative must name an existing file; a #fragment into a .md file must be a heading's
GitHub-style slug or an explicit id="…"/name="…" in raw HTML of that file.

Prints one line per broken link (`page:line: 'link': reason`), the external links, and a summary;
exits 1 if any link is broken, 2 on usage.
"""

import os
import re
import sys
import unicodedata
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

URL_ATTRIBUTES = {
    "a": ["href"], "area": ["href"], "link": ["href"], "base": ["href"],
    "img": ["src", "srcset"], "script": ["src"], "iframe": ["src"], "embed": ["src"],
    "source": ["src", "srcset"], "track": ["src"], "audio": ["src"], "video": ["src", "poster"],
    "input": ["src"], "object": ["data"], "form": ["action"], "button": ["formaction"],
    "blockquote": ["cite"], "q": ["cite"], "ins": ["cite"], "del": ["cite"],
}
# Attributes that make the browser fetch something (rather than navigate to it).
RESOURCE_ATTRIBUTES = {"src", "srcset", "poster", "data"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []  # (line, tag, attribute, value, is_resource)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("id",) + (("name",) if tag == "a" else ()):
            if attributes.get(name):
                self.ids.add(attributes[name])
        line = self.getpos()[0]
        for name in URL_ATTRIBUTES.get(tag, []):
            value = attributes.get(name)
            if value is None:
                continue
            rels = (attributes.get("rel") or "").lower().split()
            resource = name in RESOURCE_ATTRIBUTES or (tag == "link" and "stylesheet" in rels)
            values = [v.strip().split()[0] for v in value.split(",") if v.strip()] if name == "srcset" else [value]
            for v in values:
                self.links.append((line, tag, name, v, resource))

    handle_startendtag = handle_starttag


class Checker:
    def __init__(self, site):
        self.site = os.path.realpath(site)
        self.pages = {}
        self.markdown_ids = {}
        self.broken = []
        self.external = {}
        self.checked = 0

    def rel(self, path):
        return os.path.relpath(path, self.site)

    def page(self, path):
        if path not in self.pages:
            parser = Page()
            with open(path, encoding="utf-8", errors="replace") as f:
                parser.feed(f.read())
            parser.close()
            self.pages[path] = parser
        return self.pages[path]

    def fail(self, path, line, link, reason):
        self.broken.append(f"{self.rel(path)}:{line}: '{link}': {reason}")

    def resolve(self, source, link, line, allow_dir=False):
        """Returns (target file or None if broken, fragment or None)."""
        parts = urlsplit(link)
        if parts.scheme or parts.netloc:
            return None, None
        path = unquote(parts.path)
        fragment = unquote(parts.fragment) if "#" in link else None
        if path.startswith("/"):
            self.fail(source, line, link, "absolute path; links must be relative so the site works from any folder and from file://")
            return None, None
        target = os.path.realpath(os.path.join(os.path.dirname(source), path)) if path else source
        if target != self.site and not target.startswith(self.site + os.sep):
            self.fail(source, line, link, "points outside the site")
            return None, None
        if os.path.isdir(target):
            if not allow_dir:
                self.fail(source, line, link, "links to a directory; link to a file (e.g. index.html) so it works from file://")
            return None, None
        if not os.path.isfile(target):
            self.fail(source, line, link, f"no such file: {self.rel(target)}")
            return None, None
        return target, fragment

    def external_link(self, source, line, link, scheme, resource):
        if scheme in ("http", "https", "mailto") or (not scheme and link.startswith("//")):
            if resource:
                self.fail(source, line, link, "external resource; the site must not load anything from elsewhere")
            else:
                self.external.setdefault(link, self.rel(source))
            return True
        if scheme:
            reason = "JavaScript URL" if scheme == "javascript" else f"unsupported URL scheme '{scheme}:'"
            self.fail(source, line, link, reason)
            return True
        return False

    def check_html(self, path):
        for line, tag, attribute, link, resource in self.page(path).links:
            self.checked += 1
            scheme = urlsplit(link).scheme.lower()
            if self.external_link(path, line, link.strip(), scheme, resource):
                continue
            if link.strip() == "" or link.strip() == "#":
                self.fail(path, line, link, f"empty {attribute} on <{tag}>")
                continue
            target, fragment = self.resolve(path, link.strip(), line)
            if target is None or fragment is None:
                continue
            if target.endswith((".html", ".htm")):
                if fragment not in self.page(target).ids:
                    self.fail(path, line, link, f"no id '{fragment}' in {self.rel(target)}")

    # Markdown -----------------------------------------------------------------------------

    LINK = re.compile(r"!?\[(?:\\.|[^\[\]\\]|\[(?:\\.|[^\[\]\\])*\])*\]\(\s*(<(?:\\.|[^<>\\\n])*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
    FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
    CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
    HTML_ID = re.compile(r"""<[a-zA-Z][^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
    HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")

    @staticmethod
    def unescape(text):
        return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)

    def markdown_lines(self, path, code_spans=False):
        """The file's lines with fenced code blocks blanked, and code spans too unless asked for."""
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        out, fence = [], None
        for line in lines:
            m = self.FENCE.match(line)
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                    fence = None
                out.append("")
            elif m:
                fence = m.group(1)
                out.append("")
            else:
                out.append(line if code_spans else self.CODE_SPAN.sub(lambda s: " " * len(s.group(0)), line))
        return out

    def slug(self, heading):
        text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)       # links -> their text
        text = re.sub(r"<[^>]+>", "", text)                              # raw HTML tags
        text = self.unescape(text.replace("`", "").replace("*", ""))
        text = text.lower()
        text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
        return text.replace(" ", "-")

    def anchors(self, path):
        if path not in self.markdown_ids:
            ids, seen = set(), {}
            for line in self.markdown_lines(path, code_spans=True):
                for m in self.HTML_ID.finditer(self.CODE_SPAN.sub("", line)):
                    ids.add(next(g for g in m.groups() if g is not None))
                h = self.HEADING.match(line)
                if h:
                    base = self.slug(h.group(2))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    ids.add(base if n == 0 else f"{base}-{n}")
            self.markdown_ids[path] = ids
        return self.markdown_ids[path]

    def check_markdown(self, path):
        for number, line in enumerate(self.markdown_lines(path), 1):
            for m in self.LINK.finditer(line):
                self.checked += 1
                link = m.group(1)
                if link.startswith("<"):
                    link = link[1:-1]
                link = self.unescape(link)
                resource = m.group(0).startswith("!")
                scheme = urlsplit(link).scheme.lower()
                if self.external_link(path, number, link, scheme, resource):
                    continue
                if link in ("", "#"):
                    self.fail(path, number, link, "empty link target")
                    continue
                target, fragment = self.resolve(path, link, number)
                if target is None or fragment is None:
                    continue
                if target.endswith(".md"):
                    if fragment not in self.anchors(target):
                        self.fail(path, number, link, f"no heading or id '{fragment}' in {self.rel(target)}")
                elif target.endswith((".html", ".htm")):
                    if fragment not in self.page(target).ids:
                        self.fail(path, number, link, f"no id '{fragment}' in {self.rel(target)}")

    def files(self, top, suffixes):
        found = []
        for root, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found += [os.path.join(root, n) for n in sorted(names) if n.endswith(suffixes) and not n.startswith(".")]
        return found

    def run(self):
        html = self.files(self.site, (".html", ".htm"))
        markdown_dir = os.path.join(self.site, "markdown")
        markdown = self.files(markdown_dir, (".md",)) if os.path.isdir(markdown_dir) else []
        problems = []
        if not html:
            problems.append(f"{self.rel(self.site)}: no HTML pages found")
        if not markdown:
            problems.append(f"{self.rel(markdown_dir)}: no Markdown pages found")
        for path in html:
            self.check_html(path)
        for path in markdown:
            self.check_markdown(path)
        for line in problems + self.broken:
            print(line)
        for link in sorted(self.external):
            print(f"external (not fetched): {link} (first on {self.external[link]})")
        broken = len(problems) + len(self.broken)
        print(f"links: {len(html)} HTML pages, {len(markdown)} Markdown pages, {self.checked} links checked, "
              f"{len(self.external)} external listed, {broken} broken")
        return 1 if broken else 0


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check_links.py SITE_DIR", file=sys.stderr)
        return 2
    return Checker(argv[1]).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
