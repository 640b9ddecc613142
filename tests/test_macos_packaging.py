"""macOS, checked on any system: the app's Info.plist as the spec's BUNDLE writes it,
its icon, and ``make macos-check``'s reading of the macOS wheels (here on small
wheels made by the test, with no network).  What only a Mac can prove is listed in
packaging/README.md."""

from __future__ import annotations

import ast
import builtins
import json
import plistlib
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
MACOS = REPO / "packaging" / "macos"
sys.path[:0] = [str(MACOS), str(REPO / "packaging")]

import check_wheels  # noqa: E402
import info_plist  # noqa: E402
import release  # noqa: E402
from test_release_workflows import SIGN_SCRIPT  # noqa: E402

# --- Info.plist ------------------------------------------------------------------------


def plist_problems(plist: dict[str, Any], version: str) -> list[str]:
    """What is wrong with an ``Info.plist`` for a Mac: empty when nothing is."""
    try:
        parsed = plistlib.loads(plistlib.dumps(plist))
    except (TypeError, ValueError, OverflowError) as error:
        return [f"does not serialise: {error}"]
    problems = []
    if parsed != plist:
        problems.append("does not read back as written")
    numbers = ".".join(str(n) for n in release.version_tuple(version)[:3])
    expected = {
        "CFBundleIdentifier": release.BUNDLE_ID,
        "CFBundleShortVersionString": numbers,
        "CFBundleVersion": numbers,
        "CFBundleExecutable": release.APP_NAME,
        "CFBundlePackageType": "APPL",
        "NSHighResolutionCapable": True,
        "CFBundleLocalizations": ["en", "ru"],
    }
    for key, value in expected.items():
        if parsed.get(key) != value:
            problems.append(f"{key} is {parsed.get(key)!r}, not {value!r}")
    for key in ("CFBundleShortVersionString", "CFBundleVersion"):
        if not re.fullmatch(r"\d+(\.\d+){0,2}", str(parsed.get(key))):
            problems.append(f"{key} is not numeric")
    if not str(parsed.get("CFBundleIconFile", "")).endswith(".icns"):
        problems.append("CFBundleIconFile is not an .icns")
    if parsed.get("LSBackgroundOnly"):
        problems.append("LSBackgroundOnly: the app would have no window nor Dock icon")
    return problems


def pyinstaller_plist_keys() -> set[str]:
    """The keys PyInstaller's BUNDLE writes by itself, read from its source: those of
    the dictionary it starts from and those it sets one by one."""
    from PyInstaller.building import osx  # type: ignore[import-untyped]

    tree = ast.parse(Path(osx.__file__).read_text("utf-8"))
    keys: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                and any(getattr(t, "id", "") == "info_plist_dict" for t in node.targets)):
            keys.update(str(k.value) for k in node.value.keys if isinstance(k, ast.Constant))
        if (isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "info_plist_dict"
                and isinstance(node.slice, ast.Constant)):
            keys.add(str(node.slice.value))
    return keys


def test_info_plist_gives_every_key_pyinstaller_writes() -> None:
    """BUNDLE writes its own keys, then lays ``info_plist`` over them: with all of
    them given, the file a Mac build writes is exactly :func:`info_plist.info_plist`."""
    bundles_own = pyinstaller_plist_keys()
    assert {"CFBundleIdentifier", "CFBundleIconFile", "CFBundleExecutable",
            "CFBundlePackageType"} <= bundles_own, "PyInstaller's BUNDLE was not read"
    assert bundles_own <= set(info_plist.info_plist("1.0")), \
        bundles_own - set(info_plist.info_plist("1.0"))


def test_info_plist_of_this_version_is_sound() -> None:
    version = release.project_version()
    assert plist_problems(info_plist.info_plist(version), version) == []


def test_a_pre_release_version_becomes_numbers() -> None:
    plist = info_plist.info_plist("0.3.0rc1")
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "0.3.0"
    assert plist_problems(plist, "0.3.0rc1") == []


@pytest.mark.parametrize("change, complaint", [
    ({"CFBundleLocalizations": ["en"]}, "CFBundleLocalizations"),
    ({"CFBundleVersion": "0.3.0rc1"}, "CFBundleVersion"),
    ({"CFBundleIdentifier": "CardTable"}, "CFBundleIdentifier"),
    ({"NSHighResolutionCapable": False}, "NSHighResolutionCapable"),
    ({"CFBundleIconFile": "cardtable.png"}, "CFBundleIconFile"),
    ({"LSBackgroundOnly": True}, "LSBackgroundOnly"),
    ({"NSHumanReadableCopyright": None}, "does not serialise"),
], ids=["one-language", "pre-release", "id", "low-dpi", "png-icon", "background", "none"])
def test_the_plist_check_catches_a_bad_plist(change: dict[str, Any], complaint: str) -> None:
    plist = info_plist.info_plist("0.3.0rc1") | change
    problems = plist_problems(plist, "0.3.0rc1")
    assert any(complaint in problem for problem in problems), problems


def test_the_icon_is_an_icns_bundle_keeps_as_named(tmp_path: Path) -> None:
    """BUNDLE converts any other picture to ``generated-HASH.icns``; an .icns it
    copies under its own name, the one ``CFBundleIconFile`` gives."""
    from PIL import IcnsImagePlugin, Image
    from PyInstaller.building.icon import normalize_icon_type  # type: ignore[import-untyped]

    png = tmp_path / "icons" / "cardtable.png"
    png.parent.mkdir()
    Image.new("RGBA", (1024, 1024), (0, 128, 0, 255)).save(png)
    Image.new("RGBA", (32, 32), (255, 0, 0, 255)).save(png.parent / "cardtable-32.png")
    icns = info_plist.write_icns(png, tmp_path / "out")
    assert icns.name == info_plist.info_plist("1.0")["CFBundleIconFile"]
    assert icns.read_bytes()[:4] == b"icns"
    assert normalize_icon_type(str(icns), ("icns",), "icns", str(tmp_path)) == str(icns)
    with Image.open(icns) as image:  # its 32 px picture (16 pt at 2x) is the one drawn
        assert isinstance(image, IcnsImagePlugin.IcnsImageFile)
        image.size = (16, 16)
        image.load(scale=2)
        assert image.size == (32, 32)
        assert image.getpixel((0, 0)) == (255, 0, 0, 255)


class _Recorder:
    """Stands in for one of PyInstaller's spec functions, remembering its calls."""

    def __init__(self, result: Any = None) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self.result = result

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((args, kwargs))
        return self.result if self.result is not None else SimpleNamespace(**kwargs)


def spec_on_a_mac(root: Path, work: Path) -> dict[str, Any]:
    """Run the real spec as PyInstaller would on a Mac (``sys.platform`` is
    ``darwin`` for the spec alone), with PyInstaller's functions recorded: what
    it passes to BUNDLE and names the EXE.  ``root`` is a copy of the checkout made
    of links, so the icons it renders stay out of the real ``build/``."""
    real_sys = sys

    class MacSys(ModuleType):
        platform = "darwin"

        def __getattr__(self, name: str) -> Any:
            return getattr(real_sys, name)

    mac_sys = MacSys("sys")
    real_import = builtins.__import__

    def spec_import(name: str, *args: Any, **kwargs: Any) -> Any:
        return mac_sys if name == "sys" else real_import(name, *args, **kwargs)

    bundle = _Recorder()
    namespace: dict[str, Any] = {
        "__builtins__": {**vars(builtins), "__import__": spec_import},
        "__name__": "__main__",
        "SPECPATH": str(root / "packaging"),
        "workpath": str(work),
        "Analysis": _Recorder(SimpleNamespace(binaries=[], datas=[], pure=[], scripts=[])),
        "PYZ": _Recorder(),
        # PyInstaller's EXE is named inside workpath
        "EXE": lambda *args, name, **kwargs: SimpleNamespace(name=str(work / name)),
        "COLLECT": _Recorder(),
        "BUNDLE": bundle,
    }
    spec = root / "packaging" / "cardtable.spec"
    exec(compile(spec.read_text("utf-8"), str(spec), "exec"), namespace)
    assert len(bundle.calls) == 1, "the spec did not call BUNDLE once on a Mac"
    kwargs = bundle.calls[0][1]
    return {key: kwargs[key] for key in
            ("name", "icon", "bundle_identifier", "version", "info_plist")}


def test_the_spec_on_a_mac_writes_this_plist_and_icon(tmp_path: Path) -> None:
    """What a Mac build ships: the spec runs here as on a Mac (in a separate Python),
    and its BUNDLE call gets the plist the tests above check and the icon it names."""
    root = tmp_path / "checkout"
    (root / "packaging").mkdir(parents=True)
    for entry in (REPO / "packaging").iterdir():
        (root / "packaging" / entry.name).symlink_to(entry)
    for name in ("cardtable", "translations", "pyproject.toml"):
        (root / name).symlink_to(REPO / name)
    result = subprocess.run(
        [sys.executable, __file__, str(root), str(tmp_path / "work")],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    bundle = json.loads(result.stdout.splitlines()[-1])
    version = release.project_version()
    plist = bundle["info_plist"]
    assert plist == info_plist.info_plist(version)
    assert plist_problems(plist, version) == []
    assert bundle["bundle_identifier"] == plist["CFBundleIdentifier"] == release.BUNDLE_ID
    assert bundle["version"] == plist["CFBundleShortVersionString"]
    assert bundle["name"] == f"{plist['CFBundleExecutable']}.app"
    icon = Path(bundle["icon"])
    assert icon.name == plist["CFBundleIconFile"] and icon.read_bytes()[:4] == b"icns"
    assert not (REPO / "build" / "icons").is_relative_to(root)


# --- make macos-check ------------------------------------------------------------------

CPU = {"arm64": 0x0100000C, "x86_64": 0x01000007}


def thin_macho(arch: str, links: list[str]) -> bytes:
    """A 64-bit Mach-O dylib of ``arch`` whose load commands link ``links``."""
    commands = b""
    for name in links:
        raw = name.encode() + b"\0"
        size = (24 + len(raw) + 7) // 8 * 8
        commands += struct.pack("<6I", 0x0C, size, 24, 0, 0, 0) + raw.ljust(size - 24, b"\0")
    header = struct.pack("<8I", 0xFEEDFACF, CPU[arch], 0, 6, len(links), len(commands), 0, 0)
    return header + commands


def fat_macho(links: list[str], archs: tuple[str, ...] = ("arm64", "x86_64")) -> bytes:
    """A universal binary of ``archs``, as PySide6's macOS wheels carry."""
    thins = [thin_macho(arch, links) for arch in archs]
    data = struct.pack(">II", 0xCAFEBABE, len(thins))
    offset = 4096
    table, body = b"", b""
    for arch, thin in zip(archs, thins, strict=True):
        table += struct.pack(">iiIII", CPU[arch], 0, offset, len(thin), 12)
        body = body.ljust(offset - 4096, b"\0") + thin
        offset = 4096 + (len(body) + 4095) // 4096 * 4096
    return (data + table).ljust(4096, b"\0") + body


QTCORE = "PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore"


def make_wheel(path: Path, leave_out: tuple[str, ...] = (),
               replace: dict[str, bytes] | None = None) -> Path:
    """A wheel with every file the program needs (binaries linking QtCore, which
    links only the system), less ``leave_out``, with ``replace``'s contents."""
    needs = check_wheels.program_needs()
    files = {name: fat_macho(["@rpath/QtCore.framework/Versions/A/QtCore",
                              "/usr/lib/libc++.1.dylib"])
             for name in (*needs.modules, *needs.plugins)}
    files[QTCORE] = fat_macho(["/usr/lib/libSystem.B.dylib"])
    files.update({name: b"<qm>" for name in needs.translations})
    files.update(replace or {})
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as wheel:
        for name, data in files.items():
            if name not in leave_out:
                wheel.writestr(name, data)
    return path


def problems_of(wheel: Path) -> list[str]:
    checks = check_wheels.run_checks({"arm64": [wheel], "x86_64": [wheel]},
                                     check_wheels.program_needs())
    assert checks
    return [check.line() for check in checks if check.problem]


COCOA = "PySide6/Qt/plugins/platforms/libqcocoa.dylib"


def test_the_program_needs_cocoa_and_its_qt_modules_on_a_mac() -> None:
    needs = check_wheels.program_needs()
    assert {"PySide6/QtCore.abi3.so", "PySide6/QtGui.abi3.so", "PySide6/QtWidgets.abi3.so",
            "PySide6/QtSvg.abi3.so"} <= set(needs.modules)
    assert COCOA in needs.plugins
    assert "PySide6/Qt/plugins/styles/libqmacstyle.dylib" in needs.plugins
    assert not any("qxcb" in p or "qwindows" in p for p in needs.plugins)
    assert "PySide6/Qt/translations/qtbase_ru.qm" in needs.translations
    # network play's WebSocket library, with its compiled part for each architecture
    assert "websockets/speedups.cpython-311-darwin.so" in needs.modules


def test_a_complete_wheel_passes(tmp_path: Path) -> None:
    assert problems_of(make_wheel(tmp_path / "complete.whl")) == []


def test_a_missing_plugin_fails_on_both_architectures(tmp_path: Path) -> None:
    problems = problems_of(make_wheel(tmp_path / "w.whl", leave_out=(COCOA,)))
    assert len(problems) == 2, problems
    assert all("platforms/libqcocoa.dylib: not in the wheels" in p for p in problems)


def test_a_plugin_for_intel_only_fails_on_apple_silicon(tmp_path: Path) -> None:
    intel_only = fat_macho([], archs=("x86_64",))
    problems = problems_of(make_wheel(tmp_path / "w.whl", replace={COCOA: intel_only}))
    assert problems == ["arm64   FAIL  plugin platforms/libqcocoa.dylib: "
                        "built for x86_64 only"]


def test_a_websocket_library_for_one_architecture_only_fails(tmp_path: Path) -> None:
    speedups = "websockets/speedups.cpython-311-darwin.so"
    arm_only = fat_macho(["/usr/lib/libSystem.B.dylib"], archs=("arm64",))
    problems = problems_of(make_wheel(tmp_path / "w.whl", replace={speedups: arm_only}))
    assert problems == [f"x86_64  FAIL  module {speedups}: built for arm64 only"]


def test_a_missing_linked_library_or_translation_fails(tmp_path: Path) -> None:
    problems = problems_of(make_wheel(tmp_path / "w.whl", leave_out=(
        QTCORE, "PySide6/Qt/translations/qtbase_ru.qm")))
    assert any("links of libqcocoa.dylib: not in the wheels: @rpath/QtCore.framework"
               in p for p in problems), problems
    assert any("translation qtbase_ru.qm: not in the wheels" in p for p in problems)


def test_a_library_outside_the_wheels_and_the_system_fails(tmp_path: Path) -> None:
    homebrew = fat_macho(["/opt/homebrew/lib/libicuuc.77.dylib"])
    problems = problems_of(make_wheel(tmp_path / "w.whl", replace={QTCORE: homebrew}))
    assert len(problems) == 2 and all("/opt/homebrew" in p for p in problems), problems


@pytest.mark.parametrize("complete", [True, False], ids=["complete", "no-cocoa"])
def test_macos_check_reads_the_cached_pinned_wheels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], complete: bool) -> None:
    """The whole command on a cache that holds the pinned wheels: no download, one
    line per check, the summary, and the exit status."""
    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"downloads although the wheels are cached: {args}")

    monkeypatch.setattr(check_wheels.subprocess, "run", no_network)
    pins = check_wheels.pinned_versions()
    cache = tmp_path / "cache"
    make_wheel(cache / f"pyside6_essentials-{pins['PySide6-Essentials']}"
                       "-cp310-abi3-macosx_13_0_universal2.whl",
               leave_out=() if complete else (COCOA,))
    make_wheel(cache / f"shiboken6-{pins['shiboken6']}-cp310-abi3-macosx_13_0_universal2.whl",
               leave_out=tuple(check_wheels.program_needs().plugins))
    make_wheel(cache / f"websockets-{pins['websockets']}-cp311-cp311-macosx_11_0_universal2.whl",
               leave_out=tuple(check_wheels.program_needs().plugins))
    for arch in check_wheels.PLATFORMS:  # pip resolved them before
        check_wheels.resolved_marker(cache, arch).write_text(check_wheels.pin_lines(pins))
    status = check_wheels.main(["--cache", str(cache)])
    out = capsys.readouterr().out
    summary = re.search(r"^macos-check: (\d+) passed, (\d+) failed$", out, re.MULTILINE)
    assert summary, out
    assert (status, int(summary.group(2))) == ((0, 0) if complete else (1, 2)), out
    assert "arm64   ok    plugin platforms/libqcocoa.dylib" in out or not complete


def test_macos_check_fails_loudly_without_the_wheels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def offline(command: list[str], **kwargs: Any) -> None:
        assert command[2:4] == ["pip", "download"] and "macosx_13_0_arm64" in command
        raise subprocess.CalledProcessError(1, command)

    monkeypatch.setattr(check_wheels.subprocess, "run", offline)
    with pytest.raises(SystemExit, match="FAILED: pip could not download the arm64 wheels"):
        check_wheels.main(["--cache", str(tmp_path / "empty")])


def test_the_wheel_pip_would_pick_is_taken(tmp_path: Path) -> None:
    """Not one for another system; one for the architecture before a universal one."""
    def wheel(platform: str) -> Path:
        return make_wheel(tmp_path / f"shiboken6-6.11.3-cp310-abi3-{platform}.whl")

    def picked(arch: str) -> Path | None:
        return check_wheels.compatible_wheel(tmp_path, "shiboken6", "6.11.3", arch)

    wheel("manylinux_2_28_x86_64")
    assert picked("arm64") is None
    universal = wheel("macosx_13_0_universal2")
    assert picked("arm64") == picked("x86_64") == universal
    wheel("macosx_12_0_arm64")  # pip ranks the newer macOS first
    assert picked("arm64") == universal
    arm = wheel("macosx_13_0_arm64")
    assert (picked("arm64"), picked("x86_64")) == (arm, universal)
    assert check_wheels.compatible_wheel(tmp_path, "shiboken6", "6.10.0", "arm64") is None


# --- shell scripts ---------------------------------------------------------------------


def test_every_macos_shell_script_is_shellchecked() -> None:
    """tests/test_release_workflows.py runs shellcheck on the signing script; a new
    script in packaging/macos must be checked there too."""
    scripts = {p.relative_to(REPO).as_posix() for p in MACOS.glob("*.sh")}
    assert scripts == {SIGN_SCRIPT}, scripts - {SIGN_SCRIPT}


if __name__ == "__main__":
    # the spec run as on a Mac, for test_the_spec_on_a_mac_writes_this_plist_and_icon
    print(json.dumps(spec_on_a_mac(Path(sys.argv[1]), Path(sys.argv[2]))))
