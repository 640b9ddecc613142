"""Packaging: every wheel and sdist speaks Russian, the version is written once, the
bundle leaves out only what the program never uses, and the Linux archive and its
menu entry work.  (The bundle itself is built and self-checked by CI: ``.ci/run``.)"""

from __future__ import annotations

import importlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"


def packaging_module(name: str, folder: Path = PACKAGING) -> ModuleType:
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


release = packaging_module("release")
bundle_contents = packaging_module("bundle_contents")
slim_icu = packaging_module("slim_icu", PACKAGING / "linux")
build = packaging_module("build")


def tracked_files() -> list[str]:
    """What a clone would hold: the files git tracks or would add (not the ignored
    ones, such as compiled catalogues)."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=REPO, capture_output=True, check=True)
    return [name for name in out.stdout.decode("utf-8").split("\0") if name]


class UnsafeArchive(tarfile.TarError):
    """A member that would land outside the folder, or is neither a file, a folder nor
    a link."""


def unpack(tar: tarfile.TarFile, folder: Path) -> None:
    """Extract ``tar`` into ``folder``, refusing first any member that would land
    outside it (an absolute name, ``..``, a link that points out) or is a device or a
    pipe.  The check is ours because tarfile's ``filter="data"`` arrived only in 3.11.4
    (Debian 12 has 3.11.2); where it exists it guards the extraction too."""
    root = os.path.abspath(folder)

    def inside(name: str) -> bool:
        path = os.path.normpath(os.path.join(root, name))
        return os.path.commonpath([root, path]) == root

    for member in tar.getmembers():
        if not (member.isfile() or member.isdir() or member.issym() or member.islnk()):
            raise UnsafeArchive(f"{member.name}: neither a file, a folder nor a link")
        if os.path.isabs(member.name) or not inside(member.name):
            raise UnsafeArchive(f"{member.name}: lands outside {folder}")
        if member.issym():
            target = os.path.join(os.path.dirname(member.name), member.linkname)
            if os.path.isabs(member.linkname) or not inside(target):
                raise UnsafeArchive(f"{member.name}: links to {member.linkname}, outside")
        if member.islnk() and (os.path.isabs(member.linkname) or not inside(member.linkname)):
            raise UnsafeArchive(f"{member.name}: links to {member.linkname}, outside")
    if hasattr(tarfile, "data_filter"):
        tar.extractall(folder, filter="data")
    else:
        tar.extractall(folder)  # every member was checked above


def archive_of(*members: tarfile.TarInfo) -> tarfile.TarFile:
    """An archive in memory holding ``members`` (files of three bytes)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for member in members:
            if member.isfile():
                member.size = 3
                tar.addfile(member, io.BytesIO(b"abc"))
            else:
                tar.addfile(member)
    buffer.seek(0)
    return tarfile.open(fileobj=buffer)


def member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    return info


def test_unpacking_keeps_every_member_inside_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "unpacked"
    unpack(archive_of(member("top", tarfile.DIRTYPE), member("top/a.txt"),
                      member("top/b", tarfile.SYMTYPE, "a.txt"),
                      member("top/c", tarfile.LNKTYPE, "top/a.txt")), folder)
    assert (folder / "top" / "b").read_text() == "abc"
    assert (folder / "top" / "c").read_text() == "abc"
    bad = {"../escape.txt": member("../escape.txt"),
           "/tmp/absolute.txt": member("/tmp/absolute.txt"),
           "top/out": member("top/out", tarfile.SYMTYPE, "../../outside"),
           "top/root": member("top/root", tarfile.SYMTYPE, "/etc/passwd"),
           "top/hard": member("top/hard", tarfile.LNKTYPE, "../outside"),
           "top/pipe": member("top/pipe", tarfile.FIFOTYPE)}
    for name, info in bad.items():
        with pytest.raises(UnsafeArchive, match=f"^{name}: "):
            unpack(archive_of(member("top", tarfile.DIRTYPE), info), tmp_path / "bad")
    assert not (tmp_path / "bad").exists() and not (tmp_path / "escape.txt").exists()


@pytest.fixture(scope="module")
def clean_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's tracked files only: what a fresh clone holds (no .qm files)."""
    root = tmp_path_factory.mktemp("checkout")
    for name in tracked_files():
        source = REPO / name
        if source.is_file():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    assert not list(root.glob("cardtable/i18n/*.qm"))
    return root


def build_with_hatchling(project: Path, kind: str, out: Path) -> Path:
    """Build a wheel or sdist with the project's own backend (PEP 517), offline."""
    code = (f"import hatchling.build as b; print(b.build_{kind}({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True,
                          text=True, check=True)
    return out / done.stdout.strip().splitlines()[-1]


def check_russian_catalogue(data: bytes, tmp_path: Path) -> None:
    """The catalogue loads in Qt and turns a menu item into Russian."""
    from PySide6.QtCore import QTranslator

    qm = tmp_path / "cardtable_ru.qm"
    qm.write_bytes(data)
    translator = QTranslator()
    assert translator.load(str(qm))
    assert translator.translate("MainWindow", "&New game…") == "&Новая игра…"


def test_a_wheel_from_a_clean_checkout_speaks_russian(clean_checkout: Path,
                                                       tmp_path: Path) -> None:
    wheel = build_with_hatchling(clean_checkout, "wheel", tmp_path)
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        assert {"cardtable/i18n/cardtable_ru.qm", "cardtable/i18n/cardtable_en.qm"} <= names
        assert "cardtable/ui/resources/rules/king.ru.html" in names
        assert "cardtable/ui/resources/icon.svg" in names
        assert not [n for n in names if "__pycache__" in n or n.startswith("tests/")]
        check_russian_catalogue(whl.read("cardtable/i18n/cardtable_ru.qm"), tmp_path)


def test_an_sdist_carries_the_catalogues_and_builds_a_wheel_that_does(
        clean_checkout: Path, tmp_path: Path) -> None:
    sdist = build_with_hatchling(clean_checkout, "sdist", tmp_path)
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        top = names[0].split("/")[0]
        assert f"{top}/cardtable/i18n/cardtable_ru.qm" in names
        assert f"{top}/translations/cardtable_ru.ts" in names
        assert f"{top}/packaging/hatch_build.py" in names  # the hook it builds with
        unpack(tar, tmp_path / "unpacked")
    wheel = build_with_hatchling(tmp_path / "unpacked" / top, "wheel", tmp_path / "wheel")
    with zipfile.ZipFile(wheel) as whl:
        check_russian_catalogue(whl.read("cardtable/i18n/cardtable_ru.qm"), tmp_path)


# --- one version --------------------------------------------------------------------


def test_the_version_is_written_only_in_pyproject() -> None:
    version = release.project_version()
    found = subprocess.run(["git", "grep", "--untracked", "-l", "-F", version, "--", "."],
                           cwd=REPO,
                           capture_output=True, text=True).stdout.split()
    assert found == ["pyproject.toml"]


def test_the_program_reports_the_pyproject_version() -> None:
    import cardtable
    from cardtable.ui.identity import app_version

    assert cardtable.__version__ == release.project_version() == app_version()


def test_windows_version_numbers() -> None:
    assert release.version_tuple("4.5.6") == (4, 5, 6, 0)
    assert release.version_tuple("1.12") == (1, 12, 0, 0)
    assert release.version_tuple("0.3.0rc1") == (0, 3, 0, 0)
    assert release.version_tuple("2.0.1.7.9") == (2, 0, 1, 7)


# --- what the bundle leaves out -----------------------------------------------------

KEPT = [
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6\\plugins\\platforms\\qwindows.dll",
    "PySide6/plugins/styles/qmodernwindowsstyle.dll",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/translations/qtbase_ru.qm",
    "PySide6/translations/qtbase_en.qm",
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6Network.so.6",  # the local socket: one copy per person
    "PySide6/Qt/lib/libicudata.so.73",
    "libpython3.11.so.1.0",
    # Python's ssl, for network play's wss:// (Qt's own TLS plugin stays out)
    "libssl.so.3",
    "libcrypto.so.3",
    "libcrypto-3.dll",
]
DROPPED_EVERYWHERE = [
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/platforms/libqminimalegl.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/plugins/imageformats/libqjpeg.so",
    "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/translations/qt_de.qm",
    "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6\\translations\\qtbase_fr.qm",
    "PySide6/Qt/qml/QtQuick/qmldir",
]
DROPPED_ON_LINUX = ["PySide6/Qt/lib/libQt6Pdf.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6"]


def test_network_play_keeps_its_library_and_tls() -> None:
    """The table server and client need websockets and Python's ssl (``wss://``)."""
    for module in ("ssl", "_ssl", "websockets", "asyncio", "http", "cardtable.net"):
        assert module not in bundle_contents.EXCLUDED_MODULES
    spec = (REPO / "packaging" / "cardtable.spec").read_text("utf-8")
    for module in ("cardtable.net.server", "cardtable.net.client"):
        assert f'"{module}"' in spec


@pytest.mark.parametrize("dest", KEPT)
def test_what_the_program_uses_stays(dest: str) -> None:
    assert not bundle_contents.drop(dest, linux=True)
    assert not bundle_contents.drop(dest, linux=False)


@pytest.mark.parametrize("dest", DROPPED_EVERYWHERE)
def test_what_it_never_uses_goes(dest: str) -> None:
    assert bundle_contents.drop(dest, linux=True)
    assert bundle_contents.drop(dest, linux=False)


@pytest.mark.parametrize("dest", DROPPED_ON_LINUX)
def test_libraries_go_only_where_ldd_checks_the_rest(dest: str) -> None:
    assert bundle_contents.drop(dest, linux=True)
    assert not bundle_contents.drop(dest, linux=False)


@pytest.mark.parametrize("layout", ["PySide6/Qt/translations", "PySide6/translations"])
def test_qts_russian_catalogue_lies_where_the_program_looks(
        layout: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bundle keeps ``qtbase_ru.qm`` in Qt's translations folder (``Qt/translations``
    on Linux and macOS, ``translations`` on Windows), and the program finds it there
    beside the PySide6 package even should Qt's own path (``qt.conf``) point elsewhere;
    ``qt_ru.qm`` only names ``qtbase_ru.qm`` and the catalogues of modules left out."""
    import PySide6
    from PySide6.QtCore import QLibraryInfo

    from cardtable.ui import i18n

    assert not bundle_contents.drop(f"{layout}/qtbase_ru.qm", linux=True)
    assert not bundle_contents.drop(f"{layout}/qtbase_ru.qm", linux=False)
    real = i18n.qt_catalogue("ru")
    assert real is not None  # PySide6's wheel has it: the bundle takes it from there
    package = tmp_path / "PySide6"
    (tmp_path / layout).mkdir(parents=True)
    (package / "__init__.py").write_text("")
    monkeypatch.setattr(PySide6, "__file__", str(package / "__init__.py"))
    monkeypatch.setattr(QLibraryInfo, "path", lambda _which: str(tmp_path / "nowhere"))
    assert i18n.qt_catalogue("ru") is None  # a deliberate bad case: nothing there yet
    shutil.copy(real, tmp_path / layout / "qtbase_ru.qm")
    assert i18n.qt_catalogue("ru") == tmp_path / layout / "qtbase_ru.qm"


def test_libraries_nothing_links_any_more_go() -> None:
    links = {
        "/src/QtWidgets.abi3.so": ["libQt6Widgets.so.6"],
        "/src/libQt6Widgets.so.6": ["libQt6Gui.so.6"],
        "/src/libQt6Gui.so.6": ["libfreetype.so.6", "libc.so.6"],
        "/src/libfreetype.so.6": ["libpng16.so.16"],
        "/src/libpng16.so.16": [],
        "/src/libgtk-3.so.0": ["libcairo.so.2"],
        "/src/libcairo.so.2": [],
        "/src/libpython3.11.so.1.0": [],
    }
    entries = [
        ("PySide6/QtWidgets.abi3.so", "/src/QtWidgets.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/src/libQt6Widgets.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
        ("libfreetype.so.6", "/src/libfreetype.so.6", "BINARY"),
        ("libpng16.so.16", "/src/libpng16.so.16", "BINARY"),
        ("libgtk-3.so.0", "/src/libgtk-3.so.0", "BINARY"),  # its plugin was left out
        ("libcairo.so.2", "/src/libcairo.so.2", "BINARY"),
        ("libpython3.11.so.1.0", "/src/libpython3.11.so.1.0", "BINARY"),
    ]
    kept = bundle_contents.needed_only(
        entries, lambda src: [(name, f"/lib/{name}") for name in links[src]])
    assert [dest for dest, _, _ in kept] == [
        "PySide6/QtWidgets.abi3.so", "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6", "libfreetype.so.6", "libpng16.so.16",
        "libpython3.11.so.1.0"]


@pytest.mark.parametrize(("item", "kept"), [
    ("coll/ru.res", True), ("coll/en_US.res", True), ("coll/root.res", True),
    ("coll/res_index.res", True), ("coll/ucadata.icu", True), ("ru.res", True),
    ("pool.res", True), ("supplementalData.res", True), ("zoneinfo64.res", True),
    ("brkitr/line.brk", True), ("brkitr/ru.res", True), ("nfkc.nrm", True),
    ("curr/en_GB.res", True), ("unit/ru_UA.res", True),
    ("coll/de.res", False), ("coll/zh_Hant.res", False), ("fr_CA.res", False),
    ("lang/sr_Latn_BA.res", False), ("coll/de_.res", False), ("yue.res", False),
    ("brkitr/thaidict.dict", False), ("ibm-1251_P100-1995.cnv", False),
    ("translit/root.res", False), ("confusables.cfu", False),
])
def test_icu_keeps_the_two_languages_and_what_every_language_shares(
        item: str, kept: bool) -> None:
    assert slim_icu.keep_item(item) is kept


# --- the Linux archive and its menu entry --------------------------------------------


@pytest.fixture
def fake_dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    dist = tmp_path / "dist"
    program = dist / "CardTable" / "CardTable"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\necho CardTable\n")
    program.chmod(0o755)
    (dist / "CardTable" / "_internal").mkdir()
    monkeypatch.setattr(build, "DIST", dist)
    monkeypatch.setattr(build.sys, "platform", "linux")
    yield dist


@pytest.mark.skipif(sys.platform == "win32",
                    reason="runs the archive's POSIX sh script, which Windows has no sh for")
def test_the_linux_archive_holds_the_program_its_menu_entry_and_a_note(
        fake_dist: Path, tmp_path: Path) -> None:
    assert build.main(["linux-archive"]) == 0
    version = release.project_version()
    archive = fake_dist / f"CardTable-{version}-linux-{build.machine()}.tar.gz"
    assert not list(fake_dist.glob("*.partial"))
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        assert {"CardTable/CardTable", "CardTable/cardtable.desktop", "CardTable/cardtable.svg",
                "CardTable/install-desktop-entry.sh", "CardTable/INSTALL.txt"} <= names
        assert tar.getmember("CardTable/install-desktop-entry.sh").mode & 0o111
        unpack(tar, tmp_path / "home" / "Games and cards")

    folder = tmp_path / "home" / "Games and cards" / "CardTable"
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    env.pop("XDG_DATA_HOME", None)
    script = folder / "install-desktop-entry.sh"
    subprocess.run([str(script)], env=env, check=True, capture_output=True)
    entry = tmp_path / "home/.local/share/applications/cardtable.desktop"
    text = entry.read_text("utf-8")
    assert f'Exec="{folder}/CardTable"' in text  # quoted: the path has spaces
    assert "Icon=cardtable" in text and "Categories=Game;CardGame;" in text
    assert (tmp_path / "home/.local/share/icons/hicolor/scalable/apps/cardtable.svg").is_file()
    subprocess.run([str(script), "--remove"], env=env, check=True, capture_output=True)
    assert not entry.exists()


def test_packing_without_a_bundle_says_what_to_do(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    assert build.main(["linux-archive"]) == 1
    assert build.main(["self-check"]) == 1
    assert "build it first" in capsys.readouterr().err


def test_the_windows_installer_gets_the_version_from_pyproject(
        fake_dist: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """build.py hands Inno Setup the one version (and its numeric form) and checks that
    the installer came out under the expected name."""
    (fake_dist / "CardTable" / "CardTable.exe").write_text("")
    monkeypatch.setattr(build.sys, "platform", "win32")
    monkeypatch.setattr(build, "iscc_path", lambda: "ISCC.exe")
    version = release.project_version()
    calls: list[list[str]] = []
    writes = [True]

    def compiler(args: list[str], check: bool = False) -> Any:
        """Inno Setup's stand-in: notes its arguments, writes the installer if told to."""
        calls.append(list(args))
        if writes[0]:
            (fake_dist / f"CardTable-Setup-{version}.exe").write_bytes(b"MZ")
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(build.subprocess, "run", compiler)
    assert build.main(["windows-installer"]) == 0
    numeric = ".".join(map(str, release.version_tuple(version)))
    assert calls[0][:3] == ["ISCC.exe", f"/DAppVersion={version}",
                            f"/DAppVersionNumeric={numeric}"]
    assert calls[0][3].endswith("cardtable.iss")

    (fake_dist / f"CardTable-Setup-{version}.exe").unlink()
    writes[0] = False  # a compiler that writes nothing
    assert build.main(["windows-installer"]) == 1
