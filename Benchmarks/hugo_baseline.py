"""The Hugo baseline of Benchmarks/run: a minimal Hugo site whose pages are the Markdown capdoc emitted.

It answers "what would the static-site generator a user would otherwise pick cost, turning the same
pages into HTML?". The site is the least Hugo needs to render every page for real:
- content/ is OUTPUT/markdown as it is (hard links, no copy), but for the home page: Hugo reads
  `content/index.md` as a leaf bundle, which would turn every other page into a resource of the
  home page, rendered never; as `content/_index.md` it is the home page's content;
- layouts/_default/single.html and list.html (the home page) wrap `.Content` in a minimal HTML
  page: without layouts Hugo renders no page at all;
- uglyURLs, so that `matrix.md` becomes `matrix.html`, the path capdoc's own site gives it (with
  pretty URLs it would be `matrix/index.html`, the path of the list page of the folder `matrix/`).
What a documentation site made of these pages would not use is off (disableKinds): the list pages
Hugo adds for each folder (capdoc writes its own overview pages), taxonomies and their terms, RSS,
the sitemap, robots.txt and the 404 page. Goldmark keeps raw HTML (`unsafe`), since capdoc's
Markdown carries `<a id>` anchors; its other extensions (pipe tables among them) are at Hugo's defaults.
The caller checks that Hugo wrote one HTML file for every Markdown file.
"""
import os
import shutil

CONFIG = """\
baseURL = "https://example.org/"
uglyURLs = true
disableKinds = ["section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
cacheDir = "{cache}"

[markup.goldmark.renderer]
unsafe = true
"""

PAGE = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>\n'
        '<body>\n{{ .Content }}\n</body></html>\n')


def make_site(markdown, site):
    """Writes the Hugo site over the Markdown folder `markdown` into `site` (replaced)."""
    shutil.rmtree(site, ignore_errors=True)
    content = os.path.join(site, "content")
    shutil.copytree(markdown, content, copy_function=os.link)
    home = os.path.join(content, "index.md")
    if os.path.exists(home):
        os.rename(home, os.path.join(content, "_index.md"))
    layouts = os.path.join(site, "layouts", "_default")
    os.makedirs(layouts)
    for name in ("single.html", "list.html"):
        with open(os.path.join(layouts, name), "w") as layout:
            layout.write(PAGE)
    with open(os.path.join(site, "config.toml"), "w") as config:
        config.write(CONFIG.format(cache=os.path.join(site, "cache")))


def command(hugo, site, public):
    """The command that renders the site into `public`: Hugo's defaults otherwise (all cores)."""
    return [hugo, "--source", site, "--destination", public, "--quiet"]


def count_files(folder, suffix):
    return sum(1 for _, _, names in os.walk(folder) for name in names if name.endswith(suffix))
