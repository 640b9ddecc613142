"""What every build and installer of CardTable shares: the names, the one version
(read from ``pyproject.toml``, nowhere else), the compiled translations and the
icons.  Used by the PyInstaller spec, ``build.py`` and the wheel's build hook; it
needs only the standard library until a function asks for Qt or Pillow."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "CardTable"
BUNDLE_ID = "org.cardtable.CardTable"
PUBLISHER = "The CardTable project"


def project_version(root: Path = ROOT) -> str:
    """The version in ``pyproject.toml``: the only place it is written."""
    with (root / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``0.2.1`` → ``(0, 2, 1, 0)``, as Windows version resources want it; a
    pre-release or local suffix (``0.3.0rc1``) keeps only its leading digits."""
    numbers = [0, 0, 0, 0]
    for i, part in enumerate(version.split(".")[:4]):
        digits = re.match(r"\d*", part)
        numbers[i] = int(digits.group() or 0) if digits else 0
    return numbers[0], numbers[1], numbers[2], numbers[3]


def lrelease_path() -> str:
    """``pyside6-lrelease`` beside the running Python (a venv), else on PATH; on
    Windows PySide6's own ``lrelease.exe`` first (pip's ``Scripts`` launcher for it
    can name its Python relatively, ``#!python.exe``, and then fails: seen under Wine)."""
    if sys.platform == "win32":
        spec = importlib.util.find_spec("PySide6")  # found, not imported: no Qt loaded
        if spec is not None and spec.origin:
            own = Path(spec.origin).parent / "lrelease.exe"
            if own.is_file():
                return str(own)
    here = Path(sys.executable).parent
    for name in ("pyside6-lrelease", "pyside6-lrelease.exe"):
        found = shutil.which(name, path=str(here)) or shutil.which(name)
        if found:
            return found
    raise SystemExit("pyside6-lrelease not found: install PySide6 (the project) first")


def compile_translations(ts_dir: Path, qm_dir: Path) -> list[Path]:
    """``ts_dir/cardtable_*.ts`` → ``qm_dir/cardtable_*.qm``; the paths written."""
    sources = sorted(ts_dir.glob("cardtable_*.ts"))
    if not sources:
        raise SystemExit(f"no cardtable_*.ts in {ts_dir}")
    lrelease = lrelease_path()
    qm_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for ts in sources:
        qm = qm_dir / (ts.stem + ".qm")
        subprocess.run([lrelease, "-silent", str(ts), "-qm", str(qm)], check=True)
        if not qm.is_file() or qm.stat().st_size == 0:
            raise SystemExit(f"pyside6-lrelease wrote nothing for {ts}")
        written.append(qm)
    return written


ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)


def icon_files(svg: Path, out_dir: Path) -> dict[str, Path]:
    """Render the SVG icon to ``cardtable.png`` (1024 px: macOS makes its .icns from
    it) and ``cardtable.ico`` (every Windows size, for the program and its
    installer), in ``out_dir``."""
    from PIL import Image
    from PySide6.QtCore import QByteArray, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(
        ["cardtable-icons", "-platform", "offscreen"])
    renderer = QSvgRenderer(QByteArray(svg.read_bytes()))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")

    def render(size: int, path: Path) -> Path:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        if not image.save(str(path)):
            raise SystemExit(f"cannot write {path}")
        return path

    out_dir.mkdir(parents=True, exist_ok=True)
    png = render(1024, out_dir / "cardtable.png")
    # each size drawn from the SVG, not scaled down from one big picture
    sized = [render(size, out_dir / f"cardtable-{size}.png") for size in ICO_SIZES]
    ico = out_dir / "cardtable.ico"
    with Image.open(sized[-1]) as biggest:
        frames = [Image.open(path) for path in sized[:-1]]
        biggest.save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                     append_images=frames)
        for frame in frames:
            frame.close()
    del app
    return {"png": png, "ico": ico}


def windows_version_info(version: str) -> Any:
    """The version resource of ``CardTable.exe`` (what Explorer's Details tab shows)."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = version_tuple(version)
    strings = [
        vi.StringStruct("CompanyName", PUBLISHER),
        vi.StringStruct("FileDescription", f"{APP_NAME}: Кинг, Трефы, Метаморфоза"),
        vi.StringStruct("FileVersion", version),
        vi.StringStruct("InternalName", APP_NAME),
        vi.StringStruct("OriginalFilename", f"{APP_NAME}.exe"),
        vi.StringStruct("ProductName", APP_NAME),
        vi.StringStruct("ProductVersion", version),
    ]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers, mask=0x3F, flags=0x0,
                             OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
        kids=[
            vi.StringFileInfo([vi.StringTable("040904B0", strings)]),
            vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])]),
        ],
    )
