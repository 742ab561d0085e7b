#!/usr/bin/env python3
"""The five consumers of docs/dataset.md: runs docs/examples/questions.py and questions.js on a built
capdoc.json, checks that the page shows both files as they are, that Python and JavaScript answer
alike, and that every answer is the one `capdoc query --json` gives (the same answer table).

Usage: dataset_consumers.py PATH-TO-CAPDOC SITE/capdoc.json PACKAGE-ROOT   Exits 1 and says why on a mismatch."""
import json
import os
import subprocess
import sys

capdoc, dataset, root = sys.argv[1], sys.argv[2], sys.argv[3]
examples = os.path.join(root, "docs", "examples")
problems = []


def query(*arguments):
    return json.loads(subprocess.run([capdoc, "query", *arguments, "--json"], check=True, capture_output=True, text=True).stdout)


page = open(os.path.join(root, "docs", "dataset.md"), encoding="utf-8").read()
for name in ("questions.py", "questions.js"):
    if open(os.path.join(examples, name), encoding="utf-8").read().strip() not in page:
        problems.append(f"docs/dataset.md does not show docs/examples/{name} as it is")

python = json.loads(subprocess.run([sys.executable, os.path.join(examples, "questions.py"), dataset], check=True, capture_output=True, text=True).stdout)
node = json.loads(subprocess.run(["node", os.path.join(examples, "questions.js"), dataset], check=True, capture_output=True, text=True).stdout)
if python != node:
    problems.append(f"Python and JavaScript answer differently:\n  {python}\n  {node}")

# 1. Region monitoring under When In Use on iOS 17, and since when.
support = query("support", "region-monitoring", "--level", "when-in-use", "--platform", "ios", "--os", "17.0")
if python["q1"] != {"answer": support["availability"], "since": support["since"]}:
    problems.append(f"question 1: {python['q1']}, query says {support['availability']} since {support['since']}")
# 2. The keys of the Always request on iOS 15 and macOS 14.
for platform, version in (("ios", "15.0"), ("macos", "14.0")):
    keys = query("keys", "--request", "always", "--platform", platform, "--os", version)
    if python["q2"][platform] != keys["required"]:
        problems.append(f"question 2 on {platform}: {python['q2'][platform]}, query says {keys['required']}")
# 3. Every service on watchOS 10 under Always.
for service, answer in python["q3"].items():
    expected = query("support", service, "--level", "always", "--platform", "watchos", "--os", "10.0")["availability"]
    if answer != expected:
        problems.append(f"question 3, {service}: {answer}, query says {expected}")
# 4. What is deprecated on iOS: the names the deployment-target report lists.
target = query("target", "ios", "1.0")
listed = sorted(row["header"] for table in target["tables"] if "deprecated" in table["caption"] for row in table["rows"])
if sorted(name for name, _, _ in python["q4"]) != listed:
    problems.append(f"question 4: {[name for name, _, _ in python['q4']]}, query target lists {listed}")
# 5. The sentences that decide answer 1 are among the claims query cites for it.
claims = json.load(open(dataset, encoding="utf-8"))["claims"]
cited = {claims[reference]["quote"] for reference in support["claims"]}
if not python["q5"] or any(quote not in cited for quote, _ in python["q5"]):
    problems.append("question 5: a deciding sentence is not among the claims query cites")

for problem in problems:
    print(problem)
print(f"dataset consumers: 5 questions, Python and JavaScript, {'FAILED' if problems else 'match capdoc query'}")
sys.exit(1 if problems else 0)
