"""``make macos-check``: what the macOS program needs from Qt, checked in the pinned
PySide6 wheels for both Mac architectures, on any system.

The spec (``packaging/cardtable.spec`` with ``bundle_contents.py``) keeps a few Qt
modules, plugins and translations; PyInstaller then takes whatever those link.
Only a Mac can build the app, but the wheels it is built from can be read here:
this downloads the pinned ``PySide6-Essentials``, ``shiboken6`` and ``websockets`` for
``macosx_13_0_arm64`` and ``macosx_13_0_x86_64`` (``packaging/pins.toml``) into a
cache outside the checkout, and checks, for each architecture, that every module,
plugin and translation the program needs is there, that the spec keeps it, that
each binary carries that architecture, and that every Qt library it links is in the
wheels too.  One line per check, then ``macos-check: N passed, N failed``."""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import time
import tomllib
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bundle_contents import KEEP_PLUGINS, QT_TRANSLATIONS, drop  # noqa: E402
from macho import NotMachO, linked_libraries, slices  # noqa: E402

PLATFORMS = {"arm64": "macosx_13_0_arm64", "x86_64": "macosx_13_0_x86_64"}
"""pip's platform tag for each Mac architecture (PySide6 needs macOS 13)."""

PYTHON_VERSION = "3.11"
WHEELS = ("PySide6-Essentials", "shiboken6", "websockets")
"""The pinned distributions whose macOS wheels hold Qt and the bindings, and the
program's other dependency with compiled code (network play's WebSocket library)."""

OTHER_MODULES = ("websockets/speedups.cpython-311-darwin.so",)
"""Extension modules of the other dependencies: each must be there for both
architectures (websockets has one wheel for each)."""

NOT_ON_MACOS = {
    "qxcb", "qwayland", "qwindows", "xdg-shell", "bradient", "adwaita",
    "composeplatforminputcontextplugin", "ibusplatforminputcontextplugin",
    "qxdgdesktopportal",
}
"""Plugins in ``KEEP_PLUGINS`` for X11, Wayland, Windows and Linux desktops only."""

WHOLE_FOLDER_ON_MACOS = {"styles": ("qmacstyle",)}
"""For a folder kept whole (``None``), the plugins macOS must find in it: the
native look."""

QT_DIR = "PySide6/Qt"


@dataclass(frozen=True)
class Check:
    arch: str
    what: str
    problem: str = ""  # empty when the check passed

    def line(self) -> str:
        return f"{self.arch:<7} {'FAIL' if self.problem else 'ok':<4}  {self.what}" + (
            f": {self.problem}" if self.problem else "")


@dataclass(frozen=True)
class Needs:
    """What the program needs from the wheels, by path inside them."""

    modules: tuple[str, ...]  # extension modules: PySide6/QtCore.abi3.so…
    plugins: tuple[str, ...]  # PySide6/Qt/plugins/platforms/libqcocoa.dylib…
    translations: tuple[str, ...]  # PySide6/Qt/translations/qtbase_ru.qm…


# --- what the program needs ------------------------------------------------------------


def program_qt_modules(root: Path = ROOT) -> list[str]:
    """The Qt modules the program imports (``cardtable/``) and the spec's
    ``hiddenimports`` name: ``["QtCore", "QtGui", "QtSvg", "QtWidgets"]``."""
    found: set[str] = set()
    for source in (root / "cardtable").rglob("*.py"):
        found.update(re.findall(r"\bPySide6\.(Qt\w+)", source.read_text("utf-8")))
    found.update(name.removeprefix("PySide6.") for name in spec_hidden_imports(root)
                 if name.startswith("PySide6."))
    return sorted(found)


def spec_hidden_imports(root: Path = ROOT) -> list[str]:
    """The ``hiddenimports`` list of the spec's ``Analysis`` call."""
    tree = ast.parse((root / "packaging" / "cardtable.spec").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Analysis":
            for keyword in node.keywords:
                if keyword.arg == "hiddenimports":
                    return [str(name) for name in ast.literal_eval(keyword.value)]
    return []


def macos_plugins() -> list[str]:
    """The plugins ``KEEP_PLUGINS`` keeps that macOS uses, as paths in the wheel."""
    paths = []
    for folder, names in KEEP_PLUGINS.items():
        wanted = WHOLE_FOLDER_ON_MACOS.get(folder, ()) if names is None else names
        if names is None and folder not in WHOLE_FOLDER_ON_MACOS:
            raise SystemExit(f"KEEP_PLUGINS keeps {folder}/ whole: name in "
                             "WHOLE_FOLDER_ON_MACOS what macOS needs from it")
        paths += [f"{QT_DIR}/plugins/{folder}/lib{name}.dylib"
                  for name in wanted if name not in NOT_ON_MACOS]
    return paths


def program_needs(root: Path = ROOT) -> Needs:
    modules = [f"PySide6/{name}.abi3.so" for name in program_qt_modules(root)]
    return Needs(
        modules=("shiboken6/Shiboken.abi3.so", *modules, *OTHER_MODULES),
        plugins=tuple(macos_plugins()),
        translations=tuple(f"{QT_DIR}/translations/{name}" for name in QT_TRANSLATIONS),
    )


# --- the wheels ------------------------------------------------------------------------


def pinned_versions(root: Path = ROOT) -> dict[str, str]:
    """``packaging/pins.toml``'s versions of :data:`WHEELS`."""
    with (root / "packaging" / "pins.toml").open("rb") as f:
        wheels = tomllib.load(f)["wheels"]
    missing = [name for name in WHEELS if name not in wheels]
    if missing:
        raise SystemExit(f"packaging/pins.toml [wheels] has no {', '.join(missing)}")
    return {name: str(wheels[name]) for name in WHEELS}


def compatible_wheel(folder: Path, name: str, version: str, arch: str) -> Path | None:
    """The wheel of ``name==version`` in ``folder`` that pip picks for a Mac of
    ``arch`` with macOS 13 (``…_arm64`` before ``…_universal2``), if one is there."""
    from packaging.tags import mac_platforms
    from packaging.utils import canonicalize_name, parse_wheel_filename

    preference = {platform: rank for rank, platform in
                  enumerate(mac_platforms((13, 0), arch))}
    best: tuple[int, Path] | None = None
    for path in sorted(folder.glob("*.whl")):
        wheel_name, wheel_version, _build, tags = parse_wheel_filename(path.name)
        if (canonicalize_name(wheel_name), str(wheel_version)) != (canonicalize_name(name),
                                                                     version):
            continue
        ranks = [preference[tag.platform] for tag in tags if tag.platform in preference]
        if ranks and (best is None or min(ranks) < best[0]):
            best = (min(ranks), path)
    return best[1] if best else None


def resolved_marker(cache: Path, arch: str) -> Path:
    """Written once pip has resolved the pins for ``arch``: the pins it holds."""
    return cache / f"resolved-{arch}.txt"


def pin_lines(pins: dict[str, str]) -> str:
    return "".join(f"{name}=={version}\n" for name, version in pins.items())


def fetch(arch: str, pins: dict[str, str], cache: Path) -> list[Path]:
    """The pinned wheels for ``arch``: those pip picked before if the cache holds
    them, else pip downloads them (a file already in the cache is not fetched again:
    a universal2 wheel serves both architectures)."""
    marker = resolved_marker(cache, arch)
    wanted = {name: compatible_wheel(cache, name, version, arch)
              for name, version in pins.items()}
    if (None in wanted.values() or not marker.is_file()
            or marker.read_text("utf-8") != pin_lines(pins)):
        cache.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                   "--only-binary=:all:", "--platform", PLATFORMS[arch],
                   "--python-version", PYTHON_VERSION, "--dest", str(cache),
                   *(f"{name}=={version}" for name, version in pins.items())]
        print(f"{arch:<7} pip download --platform {PLATFORMS[arch]} "
              f"{' '.join(f'{n}=={v}' for n, v in pins.items())}", flush=True)
        try:
            subprocess.run(command, check=True, timeout=900)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
            raise SystemExit(f"macos-check FAILED: pip could not download the {arch} wheels "
                             f"({error}); nothing was checked") from error
        wanted = {name: compatible_wheel(cache, name, version, arch)
                  for name, version in pins.items()}
        if None not in wanted.values():
            marker.write_text(pin_lines(pins), "utf-8")
    found = [path for path in wanted.values() if path is not None]
    if len(found) != len(pins):
        raise SystemExit(f"pip downloaded no {arch} wheel of "
                         f"{', '.join(n for n, p in wanted.items() if p is None)}")
    return found


class Wheels:
    """The files of some wheels, as one tree (paths inside the wheels)."""

    def __init__(self, paths: Iterable[Path]) -> None:
        self._zips = [zipfile.ZipFile(path) for path in paths]
        self.where = {name: z for z in self._zips for name in z.namelist()}
        self._slices: dict[str, dict[str, bytes]] = {}

    def close(self) -> None:
        for z in self._zips:
            z.close()

    def slices(self, path: str) -> dict[str, bytes]:
        if path not in self._slices:
            self._slices[path] = slices(self.where[path].read(path))
        return self._slices[path]

    def resolve(self, install_name: str, linker: str) -> str | None:
        """The wheel path a Qt or bindings library that ``linker`` links is found at
        (``@rpath/…`` by its name, ``@loader_path/…`` beside ``linker``)."""
        if install_name.startswith("@loader_path/"):
            path = str(PurePosixPath(linker).parent / install_name.removeprefix("@loader_path/"))
            return path if path in self.where else None
        tail = "/" + install_name.removeprefix("@rpath/")
        return next((path for path in self.where if path.endswith(tail)), None)


def system_library(install_name: str) -> bool:
    """A library every Mac has (the rest must come with the program)."""
    return install_name.startswith(("/usr/lib/", "/System/Library/"))


# --- the checks ------------------------------------------------------------------------


def check_arch(arch: str, wheels: Wheels, needs: Needs) -> list[Check]:
    """Every check for one architecture: each needed file is in the wheels and kept by
    the spec, each binary carries ``arch``, and everything it links is found
    (followed through the Qt libraries it brings in)."""
    checks: list[Check] = []

    def binary(path: str, what: str) -> bool:
        """Whether ``path`` is a binary of ``arch``; records the check."""
        if path not in wheels.where:
            checks.append(Check(arch, what, "not in the wheels"))
            return False
        try:
            archs = wheels.slices(path)
        except NotMachO as error:
            checks.append(Check(arch, what, f"not a macOS binary ({error})"))
            return False
        if arch not in archs:
            checks.append(Check(arch, what, f"built for {', '.join(sorted(archs))} only"))
            return False
        checks.append(Check(arch, what))
        return True

    linked_from: list[str] = []
    for path in needs.modules:
        if binary(path, f"module {path}"):
            linked_from.append(path)
    for path in needs.plugins:
        what = f"plugin {path.removeprefix(QT_DIR + '/plugins/')}"
        if drop(path, linux=False):
            checks.append(Check(arch, what, "the spec leaves it out (bundle_contents.drop)"))
        elif binary(path, what):
            linked_from.append(path)
    for path in needs.translations:
        what = f"translation {PurePosixPath(path).name}"
        if drop(path, linux=False):
            checks.append(Check(arch, what, "the spec leaves it out (bundle_contents.drop)"))
        elif path not in wheels.where:
            checks.append(Check(arch, what, "not in the wheels"))
        else:
            checks.append(Check(arch, what))

    # what the kept binaries link, and what that links in turn (QtGui brings QtDBus)
    seen = set(linked_from)
    while linked_from:
        path = linked_from.pop(0)
        missing = []
        for name in linked_libraries(wheels.slices(path)[arch]):
            if system_library(name):
                continue
            found = wheels.resolve(name, path)
            if found is None:
                missing.append(name)
            elif found not in seen:
                seen.add(found)
                what = f"library {found.removeprefix(QT_DIR + '/lib/')}"
                if drop(found, linux=False):
                    checks.append(Check(arch, what, "linked, but the spec leaves it out"))
                elif binary(found, what):
                    linked_from.append(found)
        short = PurePosixPath(path).name
        checks.append(Check(arch, f"links of {short}",
                            f"not in the wheels: {', '.join(missing)}" if missing else ""))
    return checks


def run_checks(wheels_by_arch: Mapping[str, Sequence[Path]], needs: Needs) -> list[Check]:
    checks = []
    for arch, paths in wheels_by_arch.items():
        wheels = Wheels(paths)
        try:
            checks += check_arch(arch, wheels, needs)
        finally:
            wheels.close()
    return checks


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cardtable-macos" / "wheels"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=default_cache(),
                        help="folder of the downloaded wheels (default: %(default)s)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    pins = pinned_versions()
    needs = program_needs()
    wheels_by_arch = {arch: fetch(arch, pins, args.cache) for arch in PLATFORMS}
    for arch, paths in wheels_by_arch.items():
        print(f"{arch:<7} wheels: {', '.join(path.name for path in paths)}")
    checks = run_checks(wheels_by_arch, needs)
    for check in checks:
        print(check.line())
    failed = sum(1 for check in checks if check.problem)
    size = sum(path.stat().st_size for path in set().union(*wheels_by_arch.values()))
    print(f"wheels {size / 1e6:.1f} MB in {args.cache}; "
          f"{time.monotonic() - started:.1f} s")
    print(f"macos-check: {len(checks) - failed} passed, {failed} failed")
    return 1 if failed or not checks else 0


if __name__ == "__main__":
    sys.exit(main())
