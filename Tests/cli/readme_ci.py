#!/usr/bin/env python3
"""Runs the documented GitHub Actions workflow and Xcode Run Script phase (docs/lint-plist.md), as
written, so that the documentation never shows a CI setup that does not work.

Usage: readme_ci.py DOC APP-FOLDER [MORE-APP-FOLDERS…]   (the folders are copied together)

The workflow's jobs run here as a runner would run them, in a scratch workspace holding a copy of
APP-FOLDER (an app with an Xcode project): `actions/checkout` steps copy the app (or, with
`path:`, link this capdoc checkout there); `run:` steps run in bash with GitHub's variables
(HOME, GITHUB_WORKSPACE, GITHUB_PATH, RUNNER_TEMP), lines appended to GITHUB_PATH join PATH for
the next steps, and a failing step skips the rest but `if: always()` steps; the SARIF upload
action validates its file against the SARIF 2.1.0 schema instead of uploading it. `sudo` runs its
command, except `apt-get`, whose packages .ci/run installed: it checks they are there instead of
reaching the network. CAPDOC_CONFIGURATION=debug makes the install reuse the test build.

Then the Xcode Run Script phase runs with /bin/sh and the build settings Xcode exports
(PROJECT_FILE_PATH, TARGET_NAME, CONFIGURATION, SRCROOT), with HOME as the workflow left it.

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
shims = os.path.join(work, "shims")
for folder in (home, runner_temp, shims):
    os.makedirs(folder)
github_path = os.path.join(work, "github_path")
open(github_path, "w").close()

# sudo: run the command as is (we are root here), but for apt-get only check that the packages
# are installed (.ci/run installed them), so that the test does not depend on the network.
with open(os.path.join(shims, "sudo"), "w") as shim:
    shim.write("""#!/usr/bin/env bash
if [ "$1" = apt-get ]; then
  shift
  packages=()
  installing=0
  for word in "$@"; do
    case $word in install) installing=1 ;; -*) ;; *) [ $installing = 1 ] && packages+=("$word") ;; esac
  done
  for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || { echo "sudo shim: $package is not installed" >&2; exit 100; }
  done
  exit 0
fi
exec "$@"
""")
os.chmod(os.path.join(shims, "sudo"), 0o755)

workflow = yaml.safe_load(block_after("ci-workflow", "yaml"))
check("the workflow parses as YAML with jobs", isinstance(workflow, dict) and workflow.get("jobs"), workflow)
environment = dict(os.environ, HOME=home, GITHUB_WORKSPACE=workspace, GITHUB_PATH=github_path,
                   RUNNER_TEMP=runner_temp, CI="true", CAPDOC_CONFIGURATION="debug")
environment["PATH"] = shims + os.pathsep + environment["PATH"]
sarif_files = []

for job_name, job in workflow["jobs"].items():
    job_failed = False
    for index, step in enumerate(job["steps"]):
        name = step.get("name") or step.get("uses") or f"step {index + 1}"
        if job_failed and "always()" not in str(step.get("if", "")):
            continue
        uses = step.get("uses", "")
        settings = step.get("with", {}) or {}
        if uses.startswith("actions/checkout@"):
            if "path" in settings:
                # The capdoc checkout: this repository, as a link (its build folder is reused).
                os.symlink(repo_root, os.path.join(workspace, settings["path"]))
            else:
                for folder in app_folders:
                    shutil.copytree(folder, workspace, symlinks=False, dirs_exist_ok=True)
            check(f"{job_name}: {name} ({settings.get('path', 'the app')})", True)
        elif uses.startswith("github/codeql-action/upload-sarif@"):
            path = os.path.join(workspace, settings.get("sarif_file", ""))
            result = subprocess.run([sys.executable, os.path.join(repo_root, "Tests/cli/validate_sarif.py"), path],
                                    capture_output=True, text=True)
            check(f"{job_name}: {name}: {settings.get('sarif_file')} is valid SARIF 2.1.0", result.returncode == 0, result.stderr)
            sarif_files.append(path)
        elif "run" in step:
            extra = [line.strip() for line in open(github_path) if line.strip()]
            step_environment = dict(environment)
            step_environment["PATH"] = os.pathsep.join(list(reversed(extra)) + [environment["PATH"]])
            result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]], cwd=workspace,
                                    env=step_environment, capture_output=True, text=True)
            expected = 1 if "lint-plist" in step["run"] else 0
            check(f"{job_name}: {name} exits {expected}", result.returncode == expected,
                  f"exit {result.returncode}\n{result.stdout}\n{result.stderr}")
            if result.returncode != 0:
                job_failed = True
        else:
            check(f"{job_name}: {name}: a step this test knows how to run", False, step)

# What the lint step reported: the app's known problem (its code asks for Always, its project has
# only the When In Use string), at the project's line, with paths relative to the checkout.
for path in sarif_files:
    run = json.load(open(path))["runs"][0]
    results = [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in run["results"]]
    check("the SARIF reports the missing Always key in the project, relative to the checkout",
          results and all(result == ("missing-usage-key", "Trails.xcodeproj/project.pbxproj") for result in results), results)

# The Xcode Run Script phase, with the build settings Xcode exports and capdoc as installed above.
phase = block_after("xcode-phase", "sh")
installed = [line.strip() for line in open(github_path) if line.strip()]
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
