#!/usr/bin/env python3
"""Runs every example of the README and docs/ (a `$ capdoc …` line in a fenced block, followed by
what it prints) and compares what the command prints with what the page shows, so that the front
door and the documentation never show an answer the command no longer gives.

Usage: readme_examples.py PATH-TO-CAPDOC FILE.md…   (run from the package root)

What is shown is compared with the command's standard output; an example whose command prints
nothing there (an error) is compared with its standard error. A line `…` alone stands for lines
left out: the lines around it must appear in that order, the ones before it from the start, the
ones after it up to the end (or anywhere before a closing `…`). The examples run in the package
root, or, for the fenced block after an HTML comment `<!-- examples in DIR… -->`, in a scratch
copy of the folders it names (from the root, merged in that order). `$NAME` in an example is the environment's variable; an example whose
variable is not set is skipped, and says so (the archived pages of CAPDOC_SEEDS, CAPDOC_ARCHIVES).
Every link to a file of the checkout, such as the README's screenshot, must name one that exists.
Prints one `ok -`/`FAIL -`/`skip -` line per example (and per missing file) and `readme-examples: N passed, M failed`."""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

capdoc, paths = os.path.abspath(sys.argv[1]), sys.argv[2:]
root = os.getcwd()
passed = failed = skipped = 0
scratch = []


def matches(printed, shown):
    """Whether the printed lines are the shown ones, where a `…` line stands for any lines."""
    segments, current = [], []
    for line in shown:
        if line.strip() == "…":
            segments.append(current)
            current = []
        else:
            current.append(line)
    segments.append(current)
    if len(segments) == 1:
        return printed == shown
    first, last = segments[0], segments[-1]
    if printed[:len(first)] != first or (last and printed[len(printed) - len(last):] != last):
        return False
    position, end = len(first), len(printed) - len(last)
    for segment in segments[1:-1]:
        for start in range(position, end - len(segment) + 1):
            if printed[start:start + len(segment)] == segment:
                position = start + len(segment)
                break
        else:
            return False
    return position <= end


for path in paths:
    examples = []
    folder, current = root, None
    for line in open(path, encoding="utf-8").read().split("\n"):
        marker = re.fullmatch(r"<!-- examples in (.+) -->", line.strip())
        if marker and current is None:
            # A scratch copy of the folders, merged: an example cannot change the checkout.
            folder = tempfile.mkdtemp(prefix="readme-examples-")
            scratch.append(folder)
            for source in marker.group(1).split():
                shutil.copytree(os.path.join(root, source), folder, dirs_exist_ok=True)
        elif line.startswith("```"):
            if current is None:
                current = []
            else:
                for index, command in enumerate(current):
                    if command.startswith("$ capdoc "):
                        shown = []
                        for following in current[index + 1:]:
                            if following.startswith("$ "):
                                break
                            shown.append(following)
                        examples.append((command[len("$ capdoc "):], shown, folder))
                current, folder = None, root
        elif current is not None:
            current.append(line)

    for arguments, shown, folder in examples:
        name = f"{path}: capdoc {arguments}"
        unset = [variable for variable in re.findall(r"\$(\w+)", arguments) if not os.environ.get(variable)]
        if unset:
            skipped += 1
            print(f"skip - {name}: set {' and '.join(unset)}")
            continue
        words = [os.path.expandvars(word) for word in shlex.split(arguments)]
        result = subprocess.run([capdoc] + words, capture_output=True, text=True, cwd=folder)
        printed = result.stdout.rstrip("\n").split("\n")
        if not result.stdout:
            printed = result.stderr.rstrip("\n").split("\n")
        if matches(printed, shown):
            passed += 1
            print(f"ok - {name}")
        else:
            failed += 1
            print(f"FAIL - {name} (exit {result.returncode})")
            print("    the page shows:\n" + "\n".join("      " + line for line in shown))
            print("    it prints:\n" + "\n".join("      " + line for line in printed + result.stderr.splitlines()[:5]))
    # Every link to a file of the checkout (the screenshot, the other pages) names one that exists.
    text = open(path, encoding="utf-8").read()
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target:
            continue
        linked = os.path.normpath(os.path.join(os.path.dirname(path), target))
        if os.path.exists(linked):
            passed += 1
        else:
            failed += 1
            print(f"FAIL - {path} links to {target}, which does not exist")
    if path.endswith("README.md") and not examples:
        failed += 1
        print(f"FAIL - {path} has no `$ capdoc` example")
for folder in scratch:
    shutil.rmtree(folder, ignore_errors=True)
summary = f"readme-examples: {passed} passed, {failed} failed"
print(summary + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed else 0)
