#!/usr/bin/env python3
"""Runs every example of the README (a `$ capdoc …` line in a fenced block, followed by what it
prints) and compares the command's standard output with what the README shows, so that the front
door never shows an answer the command no longer gives.

Usage: readme_examples.py README PATH-TO-CAPDOC   (run from the package root)
Prints one `ok -`/`FAIL -` line per example and `readme-examples: N passed, M failed`."""
import shlex
import subprocess
import sys

readme_path, capdoc = sys.argv[1], sys.argv[2]
readme = open(readme_path, encoding="utf-8").read()
passed = failed = 0
examples = []
blocks, current = [], None
for line in readme.split("\n"):
    if line.startswith("```"):
        if current is None:
            current = []
        else:
            blocks.append(current)
            current = None
    elif current is not None:
        current.append(line)
for lines in blocks:
    for index, line in enumerate(lines):
        if not line.startswith("$ capdoc "):
            continue
        shown = []
        for following in lines[index + 1:]:
            if following.startswith("$ "):
                break
            shown.append(following)
        examples.append((line[len("$ capdoc "):], shown))

for arguments, shown in examples:
    result = subprocess.run([capdoc] + shlex.split(arguments), capture_output=True, text=True)
    printed = result.stdout.rstrip("\n").split("\n")
    if printed == shown:
        passed += 1
        print(f"ok - capdoc {arguments}")
    else:
        failed += 1
        print(f"FAIL - capdoc {arguments} (exit {result.returncode})")
        print("    README shows:\n" + "\n".join("      " + line for line in shown))
        print("    it prints:\n" + "\n".join("      " + line for line in printed + result.stderr.splitlines()[:5]))
if not examples:
    failed += 1
    print("FAIL - the README has no `$ capdoc` example")
print(f"readme-examples: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
