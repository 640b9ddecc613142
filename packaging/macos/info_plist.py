"""The macOS app's ``Info.plist`` and icon, as the spec's ``BUNDLE`` writes them.

PyInstaller's ``BUNDLE`` writes a few keys of its own and then lays the spec's
``info_plist`` over them.  :func:`info_plist` gives every one of those keys itself,
so the file in ``CardTable.app/Contents/Info.plist`` is exactly this dictionary,
and a test on Linux checks what a Mac build ships.  Standard library only, until
:func:`write_icns` asks for Pillow."""

from __future__ import annotations

from pathlib import Path

from release import APP_NAME, BUNDLE_ID, PUBLISHER, version_tuple

LANGUAGES = ["en", "ru"]
"""The languages the program speaks; Finder and the menu bar follow the first of
these the user prefers (``CFBundleLocalizations``)."""

MINIMUM_MACOS = "13.0"
"""PySide6's macOS wheels are built for macOS 13 and later."""

ICNS_NAME = f"{APP_NAME}.icns"
"""The icon's name in ``Contents/Resources`` (given ready-made, BUNDLE keeps it)."""


def bundle_version(version: str) -> str:
    """``pyproject.toml``'s version as Apple wants it, three numbers: a pre-release
    ``0.3.0rc1`` is ``0.3.0`` here."""
    return ".".join(str(n) for n in version_tuple(version)[:3])


def info_plist(version: str, executable: str = APP_NAME) -> dict[str, object]:
    """Every key of the app's ``Info.plist``, for ``BUNDLE(info_plist=...)``;
    ``executable`` is the name of the program in ``Contents/MacOS`` (the EXE's)."""
    numbers = bundle_version(version)
    return {
        # what BUNDLE would write by itself, given here so that nothing is left to it
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleExecutable": executable,
        "CFBundleIconFile": ICNS_NAME,
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundlePackageType": "APPL",
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": numbers,
        "LSBackgroundOnly": False,  # a windowed program with a Dock icon
        "NSHighResolutionCapable": True,  # sharp cards on Retina screens
        # ours
        "CFBundleVersion": numbers,
        "CFBundleDevelopmentRegion": LANGUAGES[0],
        "CFBundleLocalizations": list(LANGUAGES),
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": MINIMUM_MACOS,
        "NSHumanReadableCopyright": PUBLISHER,
    }


def write_icns(png: Path, out_dir: Path) -> Path:
    """``out_dir/CardTable.icns`` from the 1024 px ``png`` (``release.icon_files``),
    using the sizes drawn from the SVG beside it (``cardtable-32.png``…) where they
    exist rather than scaling the big one down."""
    from PIL import Image

    out_dir.mkdir(parents=True, exist_ok=True)
    icns = out_dir / ICNS_NAME
    drawn = [Image.open(path) for path in sorted(png.parent.glob(f"{png.stem}-*.png"))]
    try:
        with Image.open(png) as big:
            big.save(icns, format="ICNS", append_images=drawn)
    finally:
        for image in drawn:
            image.close()
    return icns
