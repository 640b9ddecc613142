"""The README's two commands on a fresh machine: its apt line is the part of
``.ci/debian-packages.txt`` that ``make run`` and ``make test`` need, the oldest Python
is the same in pyproject.toml, the Makefile and the README, and ``make`` names a
Python that is too old, or cannot make a venv, instead of failing later in pip."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
PACKAGES = REPO / ".ci" / "debian-packages.txt"
MAKEFILE = REPO / "Makefile"
BUNDLE_ONLY = "# --- only for make bundle ---"


def run_and_test_packages(listing: str) -> list[str]:
    """The packages of ``.ci/debian-packages.txt`` above its "only for make bundle"
    line, in order."""
    head, marker, _ = listing.partition(BUNDLE_ONLY)
    if not marker:
        raise ValueError(f"the package list has no line «{BUNDLE_ONLY}»")
    return [word for line in head.splitlines() for word in line.split("#")[0].split()]


def readme_apt_packages(readme: str) -> list[str]:
    """The packages of the README's ``sudo apt-get install`` command (continued over
    lines ending in a backslash)."""
    match = re.search(r"^sudo apt-get install ((?:.*\\\n)*.*)$", readme, re.MULTILINE)
    if match is None:
        raise ValueError("the README has no «sudo apt-get install» line")
    return match.group(1).replace("\\\n", " ").split()


def apt_line_problems(readme: str, listing: str) -> list[str]:
    """How the README's apt line differs from what the package list says the two
    commands need."""
    said, needed = readme_apt_packages(readme), run_and_test_packages(listing)
    problems = [f"the README's apt line lacks {p}" for p in needed if p not in said]
    problems += [f"the README's apt line has {p}, which .ci/debian-packages.txt does not "
                 f"list for make run and make test" for p in said if p not in needed]
    if not problems and said != needed:
        problems.append("the README's apt line is not in the order of the list")
    return problems


def test_the_readmes_apt_line_is_what_the_two_commands_need() -> None:
    readme, listing = README.read_text("utf-8"), PACKAGES.read_text("utf-8")
    assert apt_line_problems(readme, listing) == [], (
        "the README's apt line should be: sudo apt-get install "
        + " ".join(run_and_test_packages(listing)))
    needed = run_and_test_packages(listing)
    assert {"python3-venv", "libwayland-cursor0", "libxcb-cursor0"} <= set(needed)
    assert "icu-devtools" not in needed  # for the bundle only


def test_a_wrong_apt_line_is_caught() -> None:
    readme, listing = README.read_text("utf-8"), PACKAGES.read_text("utf-8")
    assert " libwayland-cursor0" in readme
    without = readme.replace(" libwayland-cursor0", "", 1)
    assert apt_line_problems(without, listing) == [
        "the README's apt line lacks libwayland-cursor0"]
    extra = readme.replace("sudo apt-get install ", "sudo apt-get install gcc ", 1)
    assert apt_line_problems(extra, listing) == [
        "the README's apt line has gcc, which .ci/debian-packages.txt does not list for "
        "make run and make test"]
    swapped = readme.replace("python3 python3-venv", "python3-venv python3", 1)
    assert apt_line_problems(swapped, listing) == [
        "the README's apt line is not in the order of the list"]
    with pytest.raises(ValueError, match="only for make bundle"):
        run_and_test_packages(listing.replace(BUNDLE_ONLY, "# bundle"))


def test_the_oldest_python_is_one_in_pyproject_the_makefile_and_the_readme() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    oldest = project["requires-python"].removeprefix(">=")
    assert re.fullmatch(r"3\.\d+", oldest)
    assert f"\nMIN_PYTHON := {oldest}\n" in MAKEFILE.read_text("utf-8")
    assert f"Python {oldest} or newer" in README.read_text("utf-8")
    assert sys.version_info[:2] >= tuple(map(int, oldest.split(".")))


# --- make names the Python it uses, and one it cannot use --------------------------------

posix_make = pytest.mark.skipif(
    sys.platform == "win32" or shutil.which("make") is None,
    reason="the Makefile is the POSIX systems' way in (Windows: packaging/build.py)")


def fake_python(folder: Path, version: tuple[int, int, int], ensurepip: bool = True) -> Path:
    """A Python that says it is ``version`` (and, if told, has no ensurepip), as an
    old or a Debian system Python would be seen by the Makefile's check."""
    script = folder / f"python{version[0]}.{version[1]}"
    hide = "" if ensurepip else "importlib.util.find_spec = lambda name, *a: None\n"
    script.write_text(f"#!{sys.executable}\n"
                      "import importlib.util, sys\n"
                      f"sys.version_info = {(*version, 'final', 0)!r}\n"
                      f"{hide}"
                      "exec(sys.argv[sys.argv.index('-c') + 1])\n", "utf-8")
    script.chmod(0o755)
    return script


def make(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", "-C", str(REPO), *args],
                          capture_output=True, text=True, timeout=120)


@posix_make
def test_make_says_which_python_it_uses() -> None:
    done = make("check-python", f"PYTHON={sys.executable}")
    assert done.returncode == 0, done.stderr
    v = sys.version_info
    assert done.stdout == f"Python {v[0]}.{v[1]}.{v[2]} ({sys.executable})\n"


@posix_make
def test_make_names_a_python_that_is_too_old(tmp_path: Path) -> None:
    old = fake_python(tmp_path, (3, 10, 12))
    venv = tmp_path / "venv"
    done = make(f"{venv}/bin/python", f"VENV={venv}", f"PYTHON={old}")
    assert done.returncode != 0
    assert f"CardTable needs Python 3.11 or newer; {old} is 3.10.12." in done.stderr
    assert "make PYTHON=/path/to/python3" in done.stderr
    assert not venv.exists()  # stopped before making anything
    assert make("check-python", f"PYTHON={fake_python(tmp_path, (3, 11, 0))}").returncode == 0


@posix_make
def test_make_names_a_python_that_cannot_make_a_venv(tmp_path: Path) -> None:
    bare = fake_python(tmp_path, (3, 11, 2), ensurepip=False)
    done = make("check-python", f"PYTHON={bare}")
    assert done.returncode != 0
    assert "sudo apt-get install python3-venv" in done.stderr
