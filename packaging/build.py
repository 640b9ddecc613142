"""Build, prove and pack CardTable's standalone program — the same commands on
Linux, macOS and Windows, for the Makefile and the release workflow alike.

    python packaging/build.py version            the version (from pyproject.toml)
    python packaging/build.py bundle             dist/CardTable (and CardTable.app)
    python packaging/build.py self-check         run the bundle's --self-check
    python packaging/build.py size [--max-mb N]  the bundle's size and biggest parts
    python packaging/build.py linux-archive      dist/CardTable-VERSION-linux-x86_64.tar.gz
    python packaging/build.py dmg                dist/CardTable-VERSION-ARCH.dmg (macOS)
    python packaging/build.py windows-installer  dist/CardTable-Setup-VERSION.exe (Inno Setup)
    python packaging/build.py yardstick          dist/MinimalWindow: ``bench gui``'s minimal
                                                 window, frozen as the bundle is

``--dist DIR`` (before the command) puts the products in DIR instead of ``dist``:
the Windows build under Wine (packaging/windows/wine_build.py) uses ``dist/windows``,
apart from the Linux bundle.

Run from anywhere with the venv's Python (the one that has the project, PyInstaller
and Pillow).  Each command exits non-zero with a message when it cannot do its job.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_contents import DROP_LIBRARIES
from release import APP_NAME, ROOT, project_version, version_tuple

DIST = ROOT / "dist"
"""Where the products go (``--dist`` changes it)."""
SPEC = ROOT / "packaging" / "cardtable.spec"
SELF_CHECK_SECONDS = 300
"""A self-check that takes longer has hung (it finishes in well under a minute)."""


def bundle_dir() -> Path:
    return DIST / APP_NAME


def app_dir() -> Path:
    return DIST / f"{APP_NAME}.app"


def executable() -> Path:
    """The program inside the bundle, as this platform builds it."""
    if sys.platform == "darwin":
        return app_dir() / "Contents" / "MacOS" / APP_NAME
    if sys.platform == "win32":
        return bundle_dir() / f"{APP_NAME}.exe"
    return bundle_dir() / APP_NAME


def work_dir() -> Path:
    """PyInstaller's work folder, one for each products folder."""
    suffix = "" if DIST.name == "dist" else f"-{DIST.name}"
    return ROOT / "build" / f"pyinstaller{suffix}"


def machine() -> str:
    """``x86_64`` or ``arm64``, as the file names say it."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(name, name)


def fail(message: str) -> int:
    print(f"build.py: {message}", file=sys.stderr)
    return 1


# --- bundle -------------------------------------------------------------------------


def cmd_bundle(args: argparse.Namespace) -> int:
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--distpath", str(DIST), "--workpath", str(work_dir()),
                    str(SPEC)], check=True, cwd=ROOT)
    print(f"bundle built in {time.monotonic() - started:.0f} s: {bundle_dir()}")
    if sys.platform.startswith("linux"):
        missing = unresolved_libraries(bundle_dir())
        if missing:
            for line in missing:
                print(f"  {line}", file=sys.stderr)
            return fail("libraries in the bundle need others that are neither in it nor "
                        "on this system (install them before building, see .ci/run)")
    print_size(bundle_dir(), top=8)
    return 0


def elf_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == b"\x7fELF":
                    yield path


def unresolved_libraries(folder: Path) -> list[str]:
    """``file: library`` for every shared library some binary of the bundle links but
    that neither the bundle nor this system has — what a plugin the self-check does
    not load (the X11 platform, say) would fail on."""
    internal = folder / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join(
        str(p) for p in (internal, internal / "PySide6" / "Qt" / "lib")))
    problems = []
    for path in elf_files(folder):
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env)
        for line in out.stdout.splitlines():
            name = line.split()[0] if line.split() else ""
            if "not found" in line:
                problems.append(f"{path.relative_to(folder)}: {name}")
            elif name.startswith(DROP_LIBRARIES):  # found on this system only
                problems.append(f"{path.relative_to(folder)}: {name} (left out on purpose)")
    return sorted(set(problems))


# --- size ---------------------------------------------------------------------------


def file_sizes(folder: Path) -> dict[Path, int]:
    """Every regular file's size (links count as nothing: they take no space)."""
    return {p: p.stat().st_size for p in folder.rglob("*")
            if p.is_file() and not p.is_symlink()}


def part_of(path: Path, folder: Path) -> str:
    """The part of the bundle a file belongs to, for the size report."""
    rel = path.relative_to(folder).as_posix().removeprefix("_internal/")
    for prefix in ("PySide6/Qt/lib/libicu", "PySide6/Qt/lib/", "PySide6/Qt/plugins/",
                   "PySide6/Qt/translations/", "PySide6/", "python3", "lib-dynload/",
                   "cardtable/"):
        if rel.startswith(prefix):
            return prefix.rstrip("/") + ("*" if not prefix.endswith("/") else "")
    return rel if "/" not in rel else rel.split("/")[0]


def print_size(folder: Path, top: int) -> int:
    sizes = file_sizes(folder)
    total = sum(sizes.values())
    parts: dict[str, int] = {}
    for path, size in sizes.items():
        part = part_of(path, folder)
        parts[part] = parts.get(part, 0) + size
    print(f"{folder}: {total / 1e6:.1f} MB in {len(sizes)} files")
    for name, size in sorted(parts.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {size / 1e6:6.1f} MB  {name}")
    return total


def cmd_size(args: argparse.Namespace) -> int:
    folder = app_dir() if sys.platform == "darwin" else bundle_dir()
    if not folder.is_dir():
        return fail(f"no {folder}: build it first (build.py bundle)")
    total = print_size(folder, args.top)
    if args.max_mb is not None and total > args.max_mb * 1e6:
        return fail(f"the bundle is {total / 1e6:.1f} MB, more than {args.max_mb} MB")
    return 0


# --- self-check ---------------------------------------------------------------------


def cmd_self_check(args: argparse.Namespace) -> int:
    """Run the bundle's own ``--self-check`` in a fresh home folder.  The report goes
    through a file, since a windowed program on Windows has no standard output."""
    program = executable()
    if not program.is_file():
        return fail(f"no {program}: build it first (build.py bundle)")
    with tempfile.TemporaryDirectory(prefix="cardtable-home-") as home:
        report = Path(home) / "self-check.txt"
        env = dict(os.environ, HOME=home, USERPROFILE=home, APPDATA=home,
                   LOCALAPPDATA=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home,
                   QT_QPA_PLATFORM="offscreen")
        started = time.monotonic()
        try:
            result = subprocess.run([str(program), "--self-check", "--report", str(report)],
                                    env=env, timeout=SELF_CHECK_SECONDS,
                                    stdout=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            if report.is_file():
                print(report.read_text("utf-8", errors="replace"), end="")
            return fail(f"the self-check did not finish in {SELF_CHECK_SECONDS} s")
        elapsed = time.monotonic() - started
        print(report.read_text("utf-8", errors="replace") if report.is_file()
              else "(no report written)", end="")
    print(f"{program.name} --self-check: exit code {result.returncode}, {elapsed:.1f} s "
          "from start to exit")
    return 0 if result.returncode == 0 else fail("the bundle failed its self-check")


# --- packing ------------------------------------------------------------------------

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=CardTable
GenericName=Card games
GenericName[ru]=Карточные игры
Comment=Кинг, Трефы and Метаморфоза against the computer or with friends
Comment[ru]=Кинг, Трефы и Метаморфоза с компьютером или с друзьями
Exec=CardTable
Icon=cardtable
Terminal=false
Categories=Game;CardGame;
Keywords=cards;king;clubs;metamorphosis;кинг;трефы;метаморфоза;
StartupWMClass=cardtable
"""


def cmd_linux_archive(args: argparse.Namespace) -> int:
    folder = bundle_dir()
    if not executable().is_file():
        return fail(f"no {executable()}: build it first (build.py bundle)")
    version = project_version()
    name = f"{APP_NAME}-{version}-linux-{machine()}"
    target = DIST / f"{name}.tar.gz"
    extras = {
        "cardtable.desktop": DESKTOP_ENTRY.encode("utf-8"),
        "cardtable.svg": (ROOT / "cardtable" / "ui" / "resources" / "icon.svg").read_bytes(),
        "install-desktop-entry.sh": (ROOT / "packaging" / "linux" /
                                     "install-desktop-entry.sh").read_bytes(),
        "INSTALL.txt": (ROOT / "packaging" / "linux" / "INSTALL.txt").read_bytes(),
    }
    partial = target.with_suffix(".partial")
    with tarfile.open(partial, "w:gz") as tar:
        tar.add(folder, arcname=f"{APP_NAME}")
        for filename, data in extras.items():
            info = tarfile.TarInfo(f"{APP_NAME}/{filename}")
            info.size = len(data)
            info.mode = 0o755 if filename.endswith(".sh") else 0o644
            info.mtime = int(time.time())
            tar.addfile(info, io.BytesIO(data))
    partial.replace(target)  # never a half-written archive under the real name
    print(f"{target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


def cmd_dmg(args: argparse.Namespace) -> int:
    """The drag-to-Applications disk image, after checking the app is built for this
    Mac's architecture only (one image per architecture)."""
    if sys.platform != "darwin":
        return fail("disk images are made on macOS")
    app = app_dir()
    if not executable().is_file():
        return fail(f"no {app}: build it first (build.py bundle)")
    archs = subprocess.run(["lipo", "-archs", str(executable())], capture_output=True,
                           text=True, check=True).stdout.split()
    if archs != [machine()]:
        return fail(f"{executable().name} is built for {archs}, expected {machine()}")
    version = project_version()
    target = DIST / f"{APP_NAME}-{version}-{machine()}.dmg"
    with tempfile.TemporaryDirectory() as staging:
        # ditto keeps the bundle's links, permissions and signatures intact
        subprocess.run(["ditto", str(app), f"{staging}/{APP_NAME}.app"], check=True)
        os.symlink("/Applications", f"{staging}/Applications")
        target.unlink(missing_ok=True)
        command = ["hdiutil", "create", "-volname", f"{APP_NAME} {version}", "-srcfolder",
                   staging, "-fs", "HFS+", "-format", "UDZO", "-ov", str(target)]
        for attempt in range(1, 5):
            # hdiutil now and then finds the disk "busy" on a build machine: try again
            if subprocess.run(command).returncode == 0:
                break
            if attempt == 4:
                return fail("hdiutil could not make the disk image")
            time.sleep(5 * attempt)
    print(f"{target} ({', '.join(archs)})")
    return 0


def iscc_path() -> str | None:
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES"),
                 os.environ.get("LOCALAPPDATA", "") + "\\Programs"):
        if base:
            candidate = Path(base) / "Inno Setup 6" / "ISCC.exe"
            if candidate.is_file():
                return str(candidate)
    return None


def iscc_command(iscc: str, version: str, source: Path, output: Path,
                 defines: list[str]) -> list[str]:
    """ISCC compiling the installer of the bundle in ``source`` into ``output``."""
    numeric = ".".join(str(n) for n in version_tuple(version))  # for the version resource
    # the script's own defaults are the release's dist\CardTable and dist
    where = [] if source == ROOT / "dist" / APP_NAME else [f"/DSourceDir={source}"]
    if output != ROOT / "dist":
        where.append(f"/O{output}")
    return [iscc, f"/DAppVersion={version}", f"/DAppVersionNumeric={numeric}",
            str(ROOT / "packaging" / "windows" / "cardtable.iss"), *where,
            *[f"/D{define}" for define in defines]]


def cmd_windows_installer(args: argparse.Namespace) -> int:
    """``dist/CardTable-Setup-VERSION.exe`` from ``dist/CardTable``.  ``--source``,
    ``--output``, ``--version`` and ``--define NAME=VALUE`` make variants (the Wine
    check installs one with an older version and one for Wine's folders)."""
    source = Path(args.source).resolve() if args.source else bundle_dir()
    if not (source / f"{APP_NAME}.exe").is_file():
        return fail(f"no {source / (APP_NAME + '.exe')}: build it first (build.py bundle)")
    iscc = iscc_path()
    if iscc is None:
        return fail("Inno Setup 6 (ISCC.exe) not found")
    version = args.version or project_version()
    output = Path(args.output).resolve() if args.output else DIST
    subprocess.run(iscc_command(iscc, version, source, output, args.define or []),
                   check=True)
    target = output / f"{APP_NAME}-Setup-{version}.exe"
    if not target.is_file():
        return fail(f"Inno Setup did not write {target}")
    print(f"{target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


# --- the start's yardstick, frozen ----------------------------------------------------

YARDSTICK = "MinimalWindow"


def cmd_yardstick(args: argparse.Namespace) -> int:
    """``bench gui``'s minimal PySide6 window, frozen by the same PyInstaller into a
    windowed one-folder program: a bundle's start compared like for like (a frozen
    program also starts its freezer's loader and reads its modules from an archive)."""
    from cardtable.tools.bench_gui import MINIMAL_WINDOW

    work = work_dir().with_name(work_dir().name + "-yardstick")
    work.mkdir(parents=True, exist_ok=True)
    script = work / "minimal_window.py"
    script.write_text(MINIMAL_WINDOW, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--windowed", "--onedir", "--name", YARDSTICK,
                    "--distpath", str(DIST), "--workpath", str(work), "--specpath", str(work),
                    str(script)], check=True, cwd=ROOT)
    name = f"{YARDSTICK}.exe" if sys.platform == "win32" else YARDSTICK
    program = DIST / YARDSTICK / name
    if sys.platform == "darwin":
        program = DIST / f"{YARDSTICK}.app" / "Contents" / "MacOS" / YARDSTICK
    print(f"the minimal window, frozen: {program}\n"
          f"compare: python -m cardtable bench gui --launch-only --program "
          f"{executable()} --yardstick {program}")
    return 0


def cmd_version(args: argparse.Namespace) -> int:
    print(project_version())
    return 0


def readable_output() -> None:
    """Output that cannot fail on Russian text: UTF-8 into a pipe or file (a Windows
    Python would use the ANSI code page, cp1252, and raise on the self-check's report),
    and what a console cannot show escaped rather than fatal."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            if stream.isatty():
                stream.reconfigure(errors="backslashreplace")
            else:
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", help="the products folder (default: dist)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("version").set_defaults(run=cmd_version)
    sub.add_parser("bundle").set_defaults(run=cmd_bundle)
    sub.add_parser("self-check").set_defaults(run=cmd_self_check)
    size = sub.add_parser("size")
    size.add_argument("--max-mb", type=float)
    size.add_argument("--top", type=int, default=12)
    size.set_defaults(run=cmd_size)
    sub.add_parser("linux-archive").set_defaults(run=cmd_linux_archive)
    sub.add_parser("dmg").set_defaults(run=cmd_dmg)
    installer = sub.add_parser("windows-installer")
    installer.add_argument("--source", help="the bundle folder (default: DIST/CardTable)")
    installer.add_argument("--output", help="where the Setup goes (default: DIST)")
    installer.add_argument("--version", help="the version (default: pyproject.toml's)")
    installer.add_argument("--define", action="append", metavar="NAME=VALUE",
                           help="an Inno Setup /D define (repeatable)")
    installer.set_defaults(run=cmd_windows_installer)
    sub.add_parser("yardstick").set_defaults(run=cmd_yardstick)
    args = parser.parse_args(argv)
    readable_output()
    if args.dist:
        global DIST
        DIST = Path(args.dist) if Path(args.dist).is_absolute() else ROOT / args.dist
    try:
        return int(args.run(args))
    except subprocess.CalledProcessError as exc:
        return fail(f"{Path(str(exc.cmd[0])).name} failed with exit code {exc.returncode}")


if __name__ == "__main__":
    sys.exit(main())
