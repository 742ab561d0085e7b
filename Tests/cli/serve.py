#!/usr/bin/env python3
"""End-to-end test of `capdoc serve`: a real server, real HTTP requests, real edits of Content.

Usage: serve.py PATH-TO-CAPDOC   (run from the package root; Scripts/test does this)

On a copy of Content, with the server on a free port (`--port 0`, the port read from what it prints):
  http      GET and HEAD of every file of the site: status, content type, Cache-Control, ETag and
            304 on If-None-Match; HEAD has GET's headers and no body; POST, PUT, DELETE get 405 with
            Allow; paths that climb out of the site (`..`, percent-encoded or not) get 400; a GET
            with a body 413; a missing file 404;
  bytes     every file served equals what `capdoc build` writes for the same Content (HTML pages
            once the part serve adds, between its marker comments, is taken out), after the first
            build, again after a series of edits, and after each of a series of seeded random edits
            (CAPDOC_SERVE_SEED, default 43; CAPDOC_SERVE_EDITS, default 12): a claim's value
            flipped, a quote or a source's title changed, a claim added or removed, a source file
            added, renamed or deleted, each kept only where `capdoc check` passes;
  reload    an edit of a claim's file, saved the way editors do (written aside, renamed over),
            changes the page, and /_capdoc/events announces the new generation;
  mistakes  a broken YAML file puts its diagnostic (file:line:col, the line, the caret) in every
            page served, above the last good page; fixing it takes them away;
  templates with --templates, an edit of style.css is served;
  port      a second server on the same port exits 1 and says the port is in use;
  Ctrl-C    SIGINT stops the server, exit 0, even with an event stream open;
and, in headless Chromium (Selenium; skipped when it is not installed), a page open in the browser
changes by itself after an edit (no reload asked for), then shows a YAML mistake, then its fix.

Prints `ok - …`/`FAIL - …` lines, then `serve: N passed, M failed`; exits 1 if any failed.
"""

import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "site"))
import headless_chromium  # noqa: E402  (Tests/site: the same browser set-up as the site's test)

BEGIN, END = b"<!-- capdoc serve -->", b"<!-- /capdoc serve -->"
# The claim the edits change, and the page that quotes it.
SOURCE = "sources/accuracy-authorization.yaml"
QUOTE = 'quote: "iOS: 14.0.0 -"'
PAGE = "/sources/accuracy-authorization.html"
# How long a rebuild may take to show on a slow shared machine.
PATIENCE = 60

passed = failed = skipped = 0


def ok(name):
    global passed
    passed += 1
    print(f"ok - {name}")


def fail(name, detail=""):
    global failed
    failed += 1
    print(f"FAIL - {name}")
    if detail:
        print("\n".join("    " + line for line in str(detail).splitlines()[:30]))


def check(name, condition, detail=""):
    ok(name) if condition else fail(name, detail)


def undecorated(body):
    """The page without what serve adds: the bytes `capdoc build` writes."""
    return re.sub(re.escape(BEGIN) + b".*?" + re.escape(END), b"", body, flags=re.S)


def save(path, text):
    """As an editor saves: written beside the file, then renamed over it."""
    aside = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
    with open(aside, "w") as handle:
        handle.write(text)
    os.rename(aside, path)


class Server:
    def __init__(self, capdoc, content, port=0, templates=None):
        options = ["--templates", templates] if templates else []
        self.process = subprocess.Popen([capdoc, "serve", "--content", content, "--port", str(port)] + options,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline().decode()
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"capdoc serve printed {line!r}; stderr: {self.process.stderr.read().decode()[-2000:]}")
        self.line = line
        self.port = int(match.group(1))

    def request(self, method, path, headers=None, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response, data

    def wait_for(self, path, predicate):
        """The body of `path` once `predicate` holds, or None after PATIENCE seconds."""
        deadline = time.time() + PATIENCE
        while time.time() < deadline:
            _, body = self.request("GET", path)
            if predicate(body):
                return body
            time.sleep(0.1)
        return None


def build(capdoc, content, output):
    result = subprocess.run([capdoc, "build", "--content", content, "--output", output], capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"capdoc build exited {result.returncode}: {result.stderr.decode()[-3000:]}")
    files = {}
    for folder, _, names in os.walk(output):
        for name in names:
            path = os.path.join(folder, name)
            if name == ".capdoc-output":  # the build's mark on its folder, not a file of the site
                continue
            with open(path, "rb") as handle:
                files[os.path.relpath(path, output)] = handle.read()
    return files


def compare_with_build(server, capdoc, content, output, label):
    built = build(capdoc, content, output)
    differ = []
    for path, expected in sorted(built.items()):
        response, body = server.request("GET", "/" + path)
        if response.status != 200 or undecorated(body) != expected:
            differ.append(f"{path}: status {response.status}, {len(body)} bytes served, {len(expected)} built")
    check(f"{label}: all {len(built)} files served equal what capdoc build writes", not differ and len(built) > 100,
          "\n".join(differ[:20]))
    return built


def http_checks(server, built):
    response, body = server.request("GET", "/")
    check("GET / is index.html", response.status == 200 and undecorated(body) == built["index.html"])
    expected_types = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                      ".js": "text/javascript; charset=utf-8", ".json": "application/json", ".gz": "application/gzip",
                      ".md": "text/markdown; charset=utf-8", ".7": "text/plain; charset=utf-8", ".1": "text/plain; charset=utf-8"}
    seen = {}
    for path in sorted(built):
        extension = os.path.splitext(path)[1]
        if extension in expected_types and extension not in seen:
            seen[extension] = path
    wrong = []
    for extension, path in sorted(seen.items()):
        response, _ = server.request("GET", "/" + path)
        if response.getheader("Content-Type") != expected_types[extension]:
            wrong.append(f"{path}: {response.getheader('Content-Type')}")
    check(f"content types of {', '.join(sorted(seen))}", not wrong and len(seen) == len(expected_types), "\n".join(wrong) or str(seen))

    response, body = server.request("GET", PAGE)
    tag = response.getheader("ETag")
    check("pages are sent with Cache-Control: no-cache and an ETag", response.getheader("Cache-Control") == "no-cache" and bool(tag))
    again, again_body = server.request("GET", PAGE, {"If-None-Match": tag})
    check("If-None-Match with the ETag gets 304 and no body", again.status == 304 and again_body == b"", again.status)
    head, head_body = server.request("HEAD", PAGE)
    check("HEAD has GET's status, type and length, and no body",
          head.status == 200 and head_body == b"" and head.getheader("Content-Length") == str(len(body))
          and head.getheader("Content-Type") == "text/html; charset=utf-8",
          f"{head.status} {head.getheader('Content-Length')} vs {len(body)}")
    for method in ["POST", "PUT", "DELETE", "PATCH"]:
        response, _ = server.request(method, PAGE, {"Content-Length": "0"})
        check(f"{method} gets 405 with Allow: GET, HEAD", response.status == 405 and response.getheader("Allow") == "GET, HEAD",
              response.status)
    for path in ["/../../etc/passwd", "/sources/../../index.html", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd",
                 "/..%2F..%2Fetc/passwd", "/a%00.html", "/%zz"]:
        response, body = server.request("GET", path)
        check(f"GET {path} is refused (400)", response.status == 400 and b"root:" not in body, response.status)
    response, _ = server.request("GET", "/no-such-page.html")
    check("a missing file is 404", response.status == 404, response.status)
    response, _ = server.request("GET", "/index.html", {"Content-Length": "5"}, b"hello")
    check("a GET with a body is refused (413)", response.status == 413, response.status)
    response, _ = server.request("GET", "/" + "a" * 5000)
    check("a path of 5,000 bytes is refused (414)", response.status == 414, response.status)
    big = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    big.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + b"a" * 40000 + b"\r\n\r\n")
    answer = big.recv(200)
    big.close()
    check("headers over 32 KiB are refused (400)", answer.startswith(b"HTTP/1.1 400"), answer)
    # Listening on the loopback address only: another address of this machine is refused.
    other = None
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.connect(("10.255.255.255", 1))  # no packet is sent: it only picks the outgoing address
        other = probe.getsockname()[0]
        probe.close()
    except OSError:
        pass
    if other and not other.startswith("127."):
        try:
            socket.create_connection((other, server.port), timeout=5).close()
            reached = True
        except OSError:
            reached = False
        check(f"not reachable on {other}, another address of this machine", not reached)
    else:
        global skipped
        skipped += 1
        print("skip - not reachable on another address: this machine has none but loopback")


class Events:
    """An open /_capdoc/events stream, read line by line."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        self.socket.sendall(b"GET /_capdoc/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""

    def next_generation(self):
        while True:
            match = re.search(rb"event: reload\ndata: (\d+)\n\n", self.buffer)
            if match:
                self.buffer = self.buffer[match.end():]
                return int(match.group(1))
            chunk = self.socket.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk

    def headers(self):
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.socket.recv(65536)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        return head.decode()


def edit_checks(server, capdoc, content, work):
    source = os.path.join(content, SOURCE)
    original = open(source).read()
    events = Events(server.port)
    head = events.headers()
    check("/_capdoc/events is an event stream", " 200 " in head.splitlines()[0] and "text/event-stream" in head, head)
    first = events.next_generation()
    check("the event stream starts with the current generation", first is not None and first >= 1, first)

    # A claim's quote, edited and saved as an editor does.
    save(source, original.replace(QUOTE, 'quote: "iOS: 14.0.0 - edited while served"', 1))
    body = server.wait_for(PAGE, lambda body: b"edited while served" in body)
    check("an edit of a claim's file changes the page", body is not None)
    generation = events.next_generation()
    check("the event stream announces the rebuild", generation is not None and generation > first, f"{first} then {generation}")

    # A burst: several saves in quick succession, then the last one is what is served.
    for index in range(5):
        save(source, original.replace(QUOTE, f'quote: "iOS: 14.0.0 - burst {index}"', 1))
        time.sleep(0.02)
    body = server.wait_for(PAGE, lambda body: b"burst 4" in body)
    check("after a burst of saves the last one is served", body is not None)

    # A file added, then deleted.
    added = os.path.join(content, "sources", "added-while-served.yaml")
    with open(added, "w") as handle:
        handle.write("title: Added while served\nurl: \"https://developer.apple.com/documentation/corelocation/added-while-served\"\nkind: reference\ndate: 2026-11-22\n"
                     "summary: A source added while capdoc serve runs.\nclaims: []\n")
    body = server.wait_for("/sources/added-while-served.html", lambda body: b"Added while served" in body)
    check("an added source file gets its page", body is not None)
    os.remove(added)
    response_status = None
    deadline = time.time() + PATIENCE
    while time.time() < deadline:
        response, _ = server.request("GET", "/sources/added-while-served.html")
        response_status = response.status
        if response.status == 404:
            break
        time.sleep(0.1)
    check("a deleted source file's page goes", response_status == 404, response_status)

    # The bytes after this series of edits equal a build of the same Content.
    last_good = compare_with_build(server, capdoc, content, os.path.join(work, "site-after-edits"), "after edits")

    # A YAML mistake: the last good page, with the diagnostic above it.
    broken = open(source).read().replace("    fact: api-available\n", "    fact: [api-available\n", 1)
    save(source, broken)
    body = server.wait_for(PAGE, lambda body: b": error: " in body)
    text = (body or b"").decode()
    check("a YAML mistake shows in the page", body is not None)
    # libyaml notices the unclosed `[` on the line after it: the diagnostic names that line.
    location = re.search(re.escape(os.path.join(content, SOURCE)) + r":(\d+):(\d+): error: invalid YAML[^\n]*\n([^\n]*)\n( *)\^\n", text)
    lines = broken.splitlines()
    check("the diagnostic gives file:line:col", location is not None and int(location.group(1)) <= len(lines), text[:3000])
    caret_ok = False
    if location is not None and int(location.group(1)) <= len(lines):
        named, shown, pad = lines[int(location.group(1)) - 1], location.group(3), location.group(4)
        # The line is shown indented; the caret stands under the column the diagnostic names.
        caret_ok = shown.endswith(named) and len(pad) == len(shown) - len(named) + int(location.group(2)) - 1
    check("the diagnostic shows the source line and a caret under its column", caret_ok, text[:3000])
    check("the diagnostics come before the page", text.find(": error: ") < text.find("<main") if "<main" in text else False)
    other = "/services/region-monitoring.html"
    _, other_body = server.request("GET", other)
    check("every page carries the diagnostics", b": error: " in other_body)
    check("under the diagnostics is the last good page", undecorated(body or b"") == last_good[PAGE[1:]])
    _, css = server.request("GET", "/style.css")
    check("files other than pages stay as built", css == last_good["style.css"])

    # Fixed: the diagnostics go.
    save(source, original)
    body = server.wait_for(PAGE, lambda body: b": error: " not in body)
    check("fixing the mistake takes the diagnostics away", body is not None and b"iOS: 14.0.0 -" in body)
    compare_with_build(server, capdoc, content, os.path.join(work, "site-fixed"), "after the fix")
    return events


class RandomEdits:
    """Seeded, reproducible edits of Content of every kind the issue names: a claim's value flipped,
    a claim's quote or a source's title changed, a claim added or removed, a source file added,
    renamed or deleted. Each is tried first on a copy (`scratch`) and kept only where `capdoc check`
    passes, so that the served site has a build to equal; the copy then follows the served folder."""

    KINDS = ["value", "quote", "title", "add-claim", "remove-claim", "add-file", "rename-file", "delete-file"]

    def __init__(self, capdoc, content, scratch, seed):
        self.capdoc, self.content, self.scratch = capdoc, content, scratch
        self.random = random.Random(seed)
        self.number = 0
        self.turns = []
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(content, scratch)

    def sources(self):
        folder = os.path.join(self.scratch, "sources")
        return sorted(name for name in os.listdir(folder) if name.endswith(".yaml"))

    def read(self, name):
        with open(os.path.join(self.scratch, "sources", name)) as handle:
            return handle.read()

    @staticmethod
    def claims(lines):
        """(start, end) of each claim's lines: from `  - id:` to before the next line indented less."""
        blocks, start = [], None
        for index, line in enumerate(lines + [""]):
            if start is not None and not line.startswith("    "):
                blocks.append((start, index))
                start = None
            if line.startswith("  - id: "):
                start = index
        return blocks

    def change(self, kind):
        """The edit as {source file name: its new text, or None to delete it}; None when it cannot apply."""
        self.number += 1
        tag = f"random edit {self.number}"
        name = self.random.choice(self.sources())
        text = self.read(name)
        lines = text.split("\n")
        blocks = self.claims(lines)
        if kind == "value":
            found = [i for i, line in enumerate(lines) if re.fullmatch(r"    value: (true|false)", line)]
            if not found:
                return None
            i = self.random.choice(found)
            lines[i] = "    value: false" if lines[i].endswith("true") else "    value: true"
            return {name: "\n".join(lines)}
        if kind == "quote":
            found = [i for i, line in enumerate(lines) if line.startswith("    quote: ")]
            if not found:
                return None
            i = self.random.choice(found)
            lines[i] = f"    quote: {json.dumps(tag)}"
            return {name: "\n".join(lines)}
        if kind == "title":
            return {name: re.sub(r"^title: .*$", f"title: Title after {tag}", text, count=1, flags=re.M)}
        if not blocks:
            return None
        start, end = self.random.choice(blocks)
        if kind == "add-claim":
            copy = lines[start:end]
            copy[0] = copy[0] + f"-copy-{self.number}"
            return {name: "\n".join(lines[:end] + copy + lines[end:])}
        if kind == "remove-claim":
            return {name: "\n".join(lines[:start] + lines[end:])}
        if kind == "add-file":
            claim = [line for line in lines[start:end] if not line.startswith("    quote:")] + [f"    quote: {json.dumps(tag)}"]
            added = (f"title: Added by {tag}\nurl: \"https://developer.apple.com/documentation/corelocation/added-{self.number}\"\n"
                     f"kind: reference\ndate: 2026-11-2{self.number % 10}\nsummary: A source added by {tag}.\nclaims:\n" + "\n".join(claim) + "\n")
            return {f"added-{self.number}.yaml": added}
        if kind == "rename-file":
            return {name: None, name[:-len(".yaml")] + f"-renamed-{self.number}.yaml": text}
        if kind == "delete-file":
            return {name: None}
        raise ValueError(kind)

    def write(self, folder, changes):
        for name, text in changes.items():
            path = os.path.join(folder, "sources", name)
            if text is None:
                os.remove(path)
            else:
                save(path, text)

    def next(self):
        """Picks edits until one keeps the check clean, applies it to the served folder, and says what it was."""
        # Every kind in turn, in a seeded order, so that a short series has each; another kind
        # only when this one cannot apply or does not check clean.
        if not self.turns:
            self.turns = self.random.sample(self.KINDS, len(self.KINDS))
        preferred = self.turns.pop(0)
        for attempt in range(50):
            kind = preferred if attempt < 5 else self.random.choice(self.KINDS)
            changes = self.change(kind)
            if not changes:
                continue
            before = {name: (self.read(name) if os.path.exists(os.path.join(self.scratch, "sources", name)) else None) for name in changes}
            self.write(self.scratch, changes)
            checked = subprocess.run([self.capdoc, "check", "--content", self.scratch], capture_output=True)
            if checked.returncode == 0:
                self.write(self.content, changes)
                return f"{kind} ({', '.join(sorted(changes))})"
            self.write(self.scratch, {name: text for name, text in before.items() if text is not None})
            for name, text in before.items():
                if text is None:
                    os.remove(os.path.join(self.scratch, "sources", name))
        raise RuntimeError("no random edit kept the check clean in 50 tries")


def random_edit_checks(server, capdoc, content, work, seed, count):
    """After each of `count` random edits, every file served equals a fresh `capdoc build`."""
    print(f"# random edits: seed {seed} (CAPDOC_SERVE_SEED), {count} edits (CAPDOC_SERVE_EDITS)")
    edits = RandomEdits(capdoc, content, os.path.join(work, "scratch"), seed)
    events = Events(server.port)
    events.headers()
    generation = events.next_generation()
    kinds = set()
    for number in range(1, count + 1):
        edit = edits.next()
        kinds.add(edit.split()[0])
        # Each save makes one rebuild: its generation is the next.
        generation = events.next_generation()
        compare_with_build(server, capdoc, content, os.path.join(work, f"site-random-{number}"), f"random edit {number}: {edit}")
        shutil.rmtree(os.path.join(work, f"site-random-{number}"), ignore_errors=True)
    events.socket.close()
    check(f"the random edits were of several kinds ({', '.join(sorted(kinds))})", len(kinds) >= min(6, count), kinds)


def browser_checks(server, content):
    try:
        from selenium.webdriver.common.by import By
    except ImportError:
        global skipped
        skipped += 1
        print("skip - a page open in Chromium reloads by itself: python3 module selenium missing (pip install selenium)")
        return
    try:
        driver = headless_chromium.start()
    except Exception as error:
        fail("headless Chromium starts", str(error).splitlines()[0])
        return
    source = os.path.join(content, SOURCE)
    original = open(source).read()

    def wait(condition):
        deadline = time.time() + PATIENCE
        while time.time() < deadline:
            try:
                if condition():
                    return True
            except Exception:
                pass
            time.sleep(0.1)
        return False

    try:
        driver.get(f"http://127.0.0.1:{server.port}{PAGE}")
        # Wait until the page listens, then mark it: a reload (ours or the page's own) clears the mark.
        wait(lambda: driver.execute_script("return document.readyState") == "complete")
        time.sleep(0.5)
        driver.execute_script("window.capdocTestMark = 'not reloaded';")
        save(source, original.replace(QUOTE, 'quote: "iOS: 14.0.0 - seen in the browser"', 1))
        check("browser: the open page shows the edit by itself",
              wait(lambda: "seen in the browser" in driver.find_element(By.TAG_NAME, "body").text))
        check("browser: it did so by reloading (the page was not reloaded by the test)",
              driver.execute_script("return window.capdocTestMark === undefined"))

        save(source, original.replace("    fact: api-available\n", "    fact: [api-available\n", 1))
        check("browser: a YAML mistake appears in the open page",
              wait(lambda: ": error: " in driver.find_element(By.ID, "capdoc-serve-diagnostics").text))
        banner = driver.find_element(By.ID, "capdoc-serve-diagnostics")
        check("browser: the diagnostics are shown open, at the top of the page",
              banner.is_displayed() and banner.location["y"] < 50, banner.location)

        save(source, original)
        check("browser: fixing it takes them away", wait(lambda: ": error: " not in driver.find_element(By.TAG_NAME, "body").text))
    finally:
        driver.quit()
        save(source, original)


def templates_checks(capdoc, content, work):
    """`--templates DIR` is served and watched like Content."""
    templates = os.path.join(work, "Templates")
    shutil.copytree("Templates", templates)
    served = Server(capdoc, content, templates=templates)
    try:
        _, before = served.request("GET", "/style.css")
        with open(os.path.join(templates, "style.css"), "rb") as handle:
            check("--templates: style.css is the folder's", before == handle.read())
        with open(os.path.join(templates, "style.css"), "ab") as handle:
            handle.write(b"\n/* edited while served */\n")
        body = served.wait_for("/style.css", lambda body: b"edited while served" in body)
        check("--templates: an edit of the templates is served", body is not None)
    finally:
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=15)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    capdoc = os.path.realpath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="capdoc-serve-")
    server = None
    try:
        content = os.path.join(work, "Content")
        shutil.copytree("Content", content)
        server = Server(capdoc, content)
        check("serve listens on the loopback address and says where", "http://127.0.0.1:" in server.line, server.line)
        built = compare_with_build(server, capdoc, content, os.path.join(work, "site"), "first build")
        http_checks(server, built)
        events = edit_checks(server, capdoc, content, work)
        random_edit_checks(server, capdoc, content, work, int(os.environ.get("CAPDOC_SERVE_SEED", "43")),
                           int(os.environ.get("CAPDOC_SERVE_EDITS", "12")))
        browser_checks(server, content)

        templates_checks(capdoc, content, work)

        taken = subprocess.run([capdoc, "serve", "--content", content, "--port", str(server.port)],
                               capture_output=True, timeout=PATIENCE)
        check("a second server on the same port exits 1", taken.returncode == 1, taken.returncode)
        check("and says the port is in use", f"port {server.port} on 127.0.0.1 is already in use" in taken.stderr.decode(),
              taken.stderr.decode()[-1000:])

        # Ctrl-C with an event stream still open.
        server.process.send_signal(signal.SIGINT)
        try:
            status = server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            status = "still running after 15 s"
        printed = server.process.stderr.read().decode() if status == 0 else ""
        check("Ctrl-C stops the server cleanly (exit 0)", status == 0, f"{status}")
        check("the terminal showed the YAML mistake and each rebuild",
              ": error: invalid YAML" in printed and re.search(r"^ready: \d+ pages \(0 errors, \d+ warnings\) in \d", printed, re.M) is not None,
              printed[-2000:])
        ended = False
        try:
            for _ in range(100):  # the generations it had sent and this test had not read yet, then the end
                if events.next_generation() is None:
                    ended = True
                    break
        except OSError as error:
            print(f"    the event stream: {error}")
        check("and ends the open event stream", ended)
    except Exception as error:
        detail = repr(error)
        if server and server.process.poll() is not None:
            detail += f"\nthe server exited with {server.process.returncode}:\n" + server.process.stderr.read().decode()[-3000:]
        fail("serve test ran to its end", detail)
    finally:
        if server and server.process.poll() is None:
            server.process.kill()
        shutil.rmtree(work, ignore_errors=True)
    summary = f"serve: {passed} passed, {failed} failed"
    print(summary + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
