#!/usr/bin/env python3
"""Runs the documented GitHub Actions workflow, and so the GitHub Action it uses (action.yml at the
package root), and the Xcode Run Script phase (docs/lint-plist.md), as written, so that the
documentation never shows a CI setup that does not work.

Usage: readme_ci.py DOC APP-FOLDER [MORE-APP-FOLDERS…]   (the folders are copied together)

The workflow's jobs run here as a runner would run them, in a scratch workspace holding a copy of
APP-FOLDER (an app with an Xcode project): `actions/checkout` copies the app; `OWNER/capdoc@REF`
runs this checkout's action.yml, a composite action, step by step, with the `with:` inputs (else
the defaults) substituted for `${{ inputs.… }}` and GITHUB_ACTION_PATH this checkout;
`actions/cache` keeps its path in a scratch store (a miss, then a hit); `run:` steps run in bash
with GitHub's variables (HOME, GITHUB_WORKSPACE, GITHUB_PATH, GITHUB_OUTPUT, RUNNER_TEMP), lines
appended to GITHUB_PATH join PATH for the next steps, outputs and outcomes feed `steps.…`, and a
failing step skips the rest but steps whose `if:` asks otherwise (`always()`, `!cancelled()`);
the SARIF upload action validates its file against the SARIF 2.1.0 schema instead of uploading it.
The job runs twice: the first run misses the cache and builds capdoc with Scripts/build, the second
restores it and builds nothing. CAPDOC_CONFIGURATION=debug makes the build reuse the test build.

Then capdoc is installed as the documentation says for a Mac (Scripts/install --prefix ~/.local)
and the Xcode Run Script phase runs with /bin/sh and the build settings Xcode exports
(PROJECT_FILE_PATH, TARGET_NAME, CONFIGURATION, SRCROOT).

Prints one `ok -`/`FAIL -` line per check and `readme-ci: N passed, M failed`."""
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

import yaml

readme_path, app_folders = sys.argv[1], [os.path.abspath(folder) for folder in sys.argv[2:]]
# The package root, two folders above this script (the documented setups check capdoc out from it).
repo_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
readme = open(readme_path, encoding="utf-8").read()
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok - {name}")
    else:
        failed += 1
        print(f"FAIL - {name}")
        for line in str(detail).splitlines()[-40:]:
            print(f"    {line}")


def block_after(marker, language):
    """The fenced block of `language` that follows the HTML comment `marker` in the README."""
    match = re.search(re.escape(f"<!-- {marker}") + r"[^\n]*-->\s*\n```" + language + r"\n(.*?)\n```", readme, re.S)
    if not match:
        check(f"the README has a ```{language} block after <!-- {marker} -->", False)
        sys.exit(1)
    return match.group(1)


work = tempfile.mkdtemp(prefix="readme-ci-")
workspace = os.path.join(work, "workspace")
home = os.path.join(work, "home")
runner_temp = os.path.join(work, "runner-temp")
cache_store = os.path.join(work, "cache-store")
for folder in (home, runner_temp, cache_store):
    os.makedirs(folder)
github_path = os.path.join(work, "github_path")

workflow = yaml.safe_load(block_after("ci-workflow", "yaml"))
check("the workflow parses as YAML with jobs", isinstance(workflow, dict) and workflow.get("jobs"), workflow)
action = yaml.safe_load(open(os.path.join(repo_root, "action.yml"), encoding="utf-8"))
check("action.yml is a composite action", action.get("runs", {}).get("using") == "composite", action.get("runs"))
# What code scanning needs: read the code, write the alerts, read the run (private repositories).
for job_name, job in workflow["jobs"].items():
    permissions = dict(workflow.get("permissions") or {}, **(job.get("permissions") or {}))
    wanted = {"contents": "read", "security-events": "write", "actions": "read"}
    check(f"{job_name}: the workflow grants {wanted}", all(permissions.get(k) == v for k, v in wanted.items()), permissions)


def evaluate(expression, context):
    """A GitHub Actions expression, in the subset these files use: context names (inputs.x,
    steps.id.outputs.x, steps.id.outcome, runner.os), 'strings', ==, !=, !, &&, || and the status
    functions."""
    tokens = re.findall(r"'[^']*'|==|!=|&&|\|\||!|\(|\)|[A-Za-z_][\w.-]*(?:\(\))?|\S", expression)
    python = []
    for token in tokens:
        if token.startswith("'"):
            python.append(repr(token[1:-1]))
        elif token in ("==", "!=", "(", ")"):
            python.append(token)
        elif token in ("&&", "||", "!"):
            python.append({"&&": " and ", "||": " or ", "!": " not "}[token])
        elif token.endswith("()"):
            python.append(repr({"always()": True, "cancelled()": False, "success()": not context["failed"],
                                "failure()": context["failed"]}[token]))
        elif token in ("true", "false"):
            python.append(repr(token == "true"))
        elif re.fullmatch(r"[A-Za-z_][\w.-]*", token):
            value = context
            for part in token.split("."):
                value = value.get(part, "") if isinstance(value, dict) else ""
            python.append(repr(value))
        else:
            raise ValueError(f"an expression this test cannot evaluate: {expression}")
    return eval("".join(python), {"__builtins__": {}})


def substitute(text, context):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(evaluate(m.group(1), context)), str(text))


def should_run(step, context):
    condition = str(step.get("if", "success()")).strip()
    if condition.startswith("${{"):
        condition = condition[3:-2]
    if not re.search(r"always\(\)|cancelled\(\)|success\(\)|failure\(\)", condition):
        condition = f"success() && ({condition})"
    return bool(evaluate(condition, context))


def run_bash(name, script, step_environment, expected):
    """A run: step; returns whether it succeeded."""
    outputs = os.path.join(work, "github_output")
    open(outputs, "w").close()
    extra = [line.strip() for line in open(github_path) if line.strip()]
    environment = dict(step_environment, GITHUB_OUTPUT=outputs)
    environment["PATH"] = os.pathsep.join(list(reversed(extra)) + [step_environment["PATH"]])
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=workspace,
                            env=environment, capture_output=True, text=True)
    check(f"{name} exits {expected}", result.returncode == expected, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}")
    values = dict(line.rstrip("\n").split("=", 1) for line in open(outputs) if "=" in line)
    return result, values


sarif_files = []
base_environment = dict(os.environ, HOME=home, GITHUB_WORKSPACE=workspace, GITHUB_PATH=github_path,
                        RUNNER_TEMP=runner_temp, RUNNER_OS="Linux", CI="true", CAPDOC_CONFIGURATION="debug")
runner = {"os": "Linux", "arch": "X64", "temp": runner_temp}
install_logs = []


def run_action(label, settings):
    """action.yml's steps, as the runner runs a composite action; returns whether it succeeded."""
    inputs = {name: str(settings.get(name, spec.get("default", ""))) for name, spec in action.get("inputs", {}).items()}
    unknown = set(settings) - set(inputs)
    check(f"{label}: its inputs are the action's", not unknown, unknown)
    context = {"inputs": inputs, "steps": {}, "runner": runner, "failed": False,
               "github": {"action_path": repo_root, "workspace": workspace}}
    saves = []
    for index, step in enumerate(action["runs"]["steps"]):
        name = f"{label}: {step.get('name') or step.get('id') or index + 1}"
        if not should_run(step, context):
            if "id" in step:
                context["steps"][step["id"]] = {"outputs": {}, "outcome": "skipped"}
            continue
        uses = step.get("uses", "")
        with_values = {key: substitute(value, context) for key, value in (step.get("with") or {}).items()}
        outputs, ok = {}, True
        if uses.startswith("actions/cache@"):
            path = os.path.expanduser(with_values["path"].replace("~", home, 1))
            stored = os.path.join(cache_store, with_values["key"])
            hit = os.path.isdir(stored)
            if hit:
                shutil.copytree(stored, path, dirs_exist_ok=True)
            else:
                saves.append((path, stored))   # saved when the job ends, as actions/cache does
            outputs = {"cache-hit": "true" if hit else "false"}
            check(f"{name}: key {with_values['key']} ({'hit' if hit else 'miss'})", with_values["key"].count("-") >= 3 and not with_values["key"].endswith("-"), with_values)
        elif uses.startswith("github/codeql-action/upload-sarif@"):
            path = os.path.join(workspace, with_values.get("sarif_file", ""))
            result = subprocess.run([sys.executable, os.path.join(repo_root, "Tests/cli/validate_sarif.py"), path],
                                    capture_output=True, text=True)
            ok = result.returncode == 0
            check(f"{name}: {with_values.get('sarif_file')} is valid SARIF 2.1.0", ok, result.stderr)
            sarif_files.append(path)
        elif "run" in step:
            step_environment = dict(base_environment, GITHUB_ACTION_PATH=repo_root)
            step_environment.update({key: substitute(value, context) for key, value in (step.get("env") or {}).items()})
            expected = 1 if "capdoc lint-plist" in step["run"] else 0
            result, outputs = run_bash(name, substitute(step["run"], context), step_environment, expected)
            ok = result.returncode == 0
            if "Scripts/build" in step["run"]:
                install_logs.append(result.stdout + result.stderr)
        else:
            ok = False
            check(f"{name}: a step this test knows how to run", False, step)
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": outputs, "outcome": "success" if ok else "failure"}
        if not ok:
            context["failed"] = True
    for path, stored in saves:
        if os.path.isdir(path):
            shutil.copytree(path, stored)
    return not context["failed"]


for attempt in ("first run", "second run"):
    # A fresh runner each time: an empty workspace, home and PATH; only the cache store is kept.
    for folder in (workspace, home):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    open(github_path, "w").close()
    for job_name, job in workflow["jobs"].items():
        job_failed = False
        for index, step in enumerate(job["steps"]):
            name = f"{attempt}: {job_name}: {step.get('name') or step.get('uses') or index + 1}"
            if job_failed and "always()" not in str(step.get("if", "")):
                continue
            uses = step.get("uses", "")
            settings = step.get("with", {}) or {}
            if uses.startswith("actions/checkout@"):
                for folder in app_folders:
                    shutil.copytree(folder, workspace, symlinks=False, dirs_exist_ok=True)
                check(f"{name} (the app)", True)
            elif re.fullmatch(r"[\w.-]+/capdoc@[\w.-]+", uses):
                # The action fails the job where the lint finds errors, as the app has (see below).
                succeeded = run_action(name, settings)
                check(f"{name}: fails the job on the app's errors", not succeeded)
                job_failed = job_failed or not succeeded
            elif "run" in step:
                result, _ = run_bash(name, step["run"], base_environment, 0)
                job_failed = job_failed or result.returncode != 0
            else:
                check(f"{name}: a step this test knows how to run", False, step)

# The cache: the first run built capdoc (Scripts/build's swift build), the second restored it.
built = ["Compiling" in log or "complete" in log for log in install_logs]
check("the first run builds capdoc with Scripts/build, the second restores it from the cache",
      built == [True, False], f"{len(install_logs)} installs, built: {built}")

# What the lint step reported: the app's known problem (its code asks for Always, its project has
# only the When In Use string), at the project's line, with paths relative to the checkout.
check("the action uploaded SARIF on both runs", len(sarif_files) == 2, sarif_files)
for path in sarif_files:
    run = json.load(open(path))["runs"][0]
    results = [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in run["results"]]
    check("the SARIF reports the missing Always key in the project, relative to the checkout",
          results and all(result == ("missing-usage-key", "Trails.xcodeproj/project.pbxproj") for result in results), results)

# On a Mac, capdoc installed as docs/lint-plist.md says (Scripts/install --prefix ~/.local), then
# the Xcode Run Script phase, with the build settings Xcode exports.
phase = block_after("xcode-phase", "sh")
result = subprocess.run([os.path.join(repo_root, "Scripts/install"), "--prefix", os.path.join(home, ".local")],
                        env=dict(os.environ, CAPDOC_CONFIGURATION="debug"), capture_output=True, text=True)
check("Scripts/install --prefix ~/.local", result.returncode == 0, result.stdout + result.stderr)
xcode_environment = dict(os.environ, HOME=home, PROJECT_FILE_PATH=os.path.join(workspace, "Trails.xcodeproj"),
                         TARGET_NAME="Trails", CONFIGURATION="Debug", SRCROOT=workspace,
                         PATH="/usr/bin:/bin")
xcode_environment.pop("CI", None)
result = subprocess.run(["/bin/sh", "-c", phase], cwd=workspace, env=xcode_environment, capture_output=True, text=True)
check("the Xcode phase finds capdoc through the PATH it sets, and fails the build on errors", result.returncode == 1,
      f"exit {result.returncode}\n{result.stdout}\n{result.stderr}")
check("the Xcode phase prints issues as `/path:line: error: message`, which Xcode lists",
      re.search(r"^/\S+:\d+(:\d+)?: error: ", result.stdout, re.M), result.stdout)

shutil.rmtree(work, ignore_errors=True)
print(f"readme-ci: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
