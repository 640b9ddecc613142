"""``make windows-check``: the Windows program and its installer proven under Wine.

After ``make windows``: the bundle's ``--self-check`` as Explorer starts it and as
``build.py self-check`` starts it; then, in a fresh prefix on an Xvfb of our own
with openbox, an older-numbered Setup of the same bundle installed silently, its
first start playing a whole deal by keyboard (screenshot kept), the game saved in
AppData surviving the upgrade to this version's Setup and resumed by it, the
installed program's self-check, and the uninstaller leaving no program files,
Start-menu shortcut or uninstall key behind.  One line per check, then
``windows-check: N passed, N failed``; exit code 1 if any failed.

Under Wine only, the Setups installed are compiled with ``/DWineFolders``: Wine 8
has no per-user Program Files folder, so ``DefaultDirName={autopf}\\CardTable``
becomes ``{localappdata}\\Programs\\CardTable`` (the same folder on Windows)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from release import APP_NAME, project_version, version_tuple
from wine import StepFailed, Wine, timed_command, windows_path, x_display
from wine_build import BUILD, DIST_REL, ROOT, Layout, build_icuuc, build_py, ensure_prefix

CHECK = ROOT / "build" / "windows-check"
"""Everything the check leaves: logs, the Setups it compiled, screenshots."""
APP_ID = "{A53B35C5-A6E1-43D7-8F4E-50A0B4ED3354}"
UNINSTALL_KEY = rf"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\{APP_ID}_is1"
SUMMARY = re.compile(r"self-check: (\d+) passed, (\d+) failed")
DEAL_SECONDS = 600
"""A deal played by keyboard that takes longer has stalled."""


def older_version(version: str) -> str:
    """A version number below ``version`` (for the Setup the upgrade starts from)."""
    major, minor, patch, _ = version_tuple(version)
    if patch:
        return f"{major}.{minor}.{patch - 1}"
    if minor:
        return f"{major}.{minor - 1}.99"
    if major:
        return f"{major - 1}.99.99"
    raise ValueError(f"no version below {version}")


def self_check_summary(text: str) -> tuple[int, int] | None:
    """(passed, failed) from a self-check's last summary line, if it wrote one."""
    found = SUMMARY.findall(text)
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def rewrite_version(bundle: Path, old: str, new: str) -> None:
    """The bundle's own record of its version (the package metadata the program
    reads) changed from ``old`` to ``new``, in place."""
    internal = bundle / "_internal"
    infos = list(internal.glob(f"cardtable-{old}.dist-info"))
    if len(infos) != 1:
        raise StepFailed(f"no cardtable-{old}.dist-info in {internal}")
    metadata = infos[0] / "METADATA"
    text = metadata.read_text("utf-8")
    changed = re.sub(rf"(?m)^Version: {re.escape(old)}$", f"Version: {new}", text)
    if changed == text:
        raise StepFailed(f"no 'Version: {old}' in {metadata}")
    metadata.write_text(changed, "utf-8")
    infos[0].rename(internal / f"cardtable-{new}.dist-info")


def leftovers(folder: Path, shortcut: Path, registered: str | None) -> list[str]:
    """What an uninstall left behind: the program folder, the Start-menu shortcut,
    the uninstall key (``registered``: its DisplayVersion, ``None`` when gone)."""
    problems = []
    if folder.exists():
        left = sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))
        problems.append(f"{folder} still there ({len(left)} entries: {left[:5]})")
    if shortcut.exists():
        problems.append(f"shortcut {shortcut.name} still there")
    if registered is not None:
        problems.append(f"uninstall key {UNINSTALL_KEY} still there")
    return problems


def upgrade_problems(version: str, registered: str | None, infos: list[str], save: Path,
                     save_sha: str) -> list[str]:
    """What is wrong after an upgrade to ``version``: the uninstall key's version, the
    package metadata in the bundle (the old one must be gone), the player's save."""
    problems = []
    if registered != version:
        problems.append(f"uninstall key says {registered!r}")
    if infos != [f"cardtable-{version}.dist-info"]:
        problems.append(f"package metadata {infos}")
    if not save.is_file() or sha(save) != save_sha:
        problems.append("the saved game changed or vanished")
    return problems


@dataclass
class Results:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def record(self, name: str, ok: bool, detail: str) -> bool:
        (self.passed if ok else self.failed).append(name)
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}", flush=True)
        return ok

    def attempt(self, name: str, check: Callable[[], str]) -> bool:
        """Run one check: its detail on success, the failure's reason otherwise."""
        try:
            return self.record(name, True, check())
        except (StepFailed, OSError, subprocess.SubprocessError, ValueError) as exc:
            return self.record(name, False, str(exc))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Installed:
    """The program as a player has it in the check prefix."""

    def __init__(self, wine: Wine) -> None:
        self.wine = wine
        user = wine.user_dir()
        self.folder = user / "AppData" / "Local" / "Programs" / APP_NAME
        self.exe = self.folder / f"{APP_NAME}.exe"
        self.shortcut = (user / "AppData" / "Roaming" / "Microsoft" / "Windows" /
                         "Start Menu" / "Programs" / f"{APP_NAME}.lnk")
        self.save = user / "AppData" / "Roaming" / APP_NAME / "current-game.json"

    def registered_version(self) -> str | None:
        """``DisplayVersion`` of the uninstall key, ``None`` when there is no key."""
        result = self.wine.run("reg-query", ["reg", "query", UNINSTALL_KEY, "/v",
                                             "DisplayVersion"], 120, check=False)
        if result.returncode != 0:
            return None
        found = re.search(r"DisplayVersion\s+REG_SZ\s+(\S+)", result.stdout)
        return found.group(1) if found else ""

    def dist_infos(self) -> list[str]:
        return sorted(p.name for p in (self.folder / "_internal").glob("cardtable-*.dist-info"))

    def install(self, name: str, setup: Path) -> None:
        log = CHECK / f"{name}-setup.log"
        self.wine.run(name, [windows_path(setup), "/VERYSILENT", "/SUPPRESSMSGBOXES",
                             "/NORESTART", f"/LOG={windows_path(log)}"], 600)
        self.wine.wait_idle()

    def save_state(self) -> dict[str, Any] | None:
        """The autosave as JSON (``None`` when there is none or it is mid-write)."""
        try:
            data = json.loads(self.save.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None


def progress(state: dict[str, Any] | None) -> tuple[int, int]:
    """(deals begun, moves in the last deal) of an autosave."""
    if not state or not isinstance(state.get("deals"), list) or not state["deals"]:
        return (0, 0)
    last = state["deals"][-1]
    return (len(state["deals"]), len(last.get("actions", [])) if isinstance(last, dict) else 0)


class Player:
    """Plays the running program by keyboard on the X display, as a person would:
    Return plays the selected card (and answers a dialog), Right moves on when the
    selected card may not be played.  Progress is read from the autosave."""

    def __init__(self, wine: Wine, installed: Installed, name: str) -> None:
        self.wine, self.installed, self.name = wine, installed, name
        self.log = (wine.logs / f"{name}.log").open("wb")
        # a pipe, never a Unix file: the bundle's Python fails to start on one
        self.proc = subprocess.Popen(timed_command(["wine", str(installed.exe)], 1800),
                                     env=wine.env(), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     cwd=installed.folder)
        self.drain = threading.Thread(target=self._copy_output, daemon=True)
        self.drain.start()

    def _copy_output(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.write(line)
            self.log.flush()

    def xdotool(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["xdotool", *args], env=self.wine.env(), capture_output=True,
                              text=True, timeout=30)

    def window(self, seconds: float = 120) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise StepFailed(f"the program ended at start (exit {self.proc.returncode}); "
                                 f"log: {self.log.name}")
            found = self.xdotool("search", "--onlyvisible", "--name", APP_NAME).stdout.split()
            if found:
                return found[-1]
            time.sleep(1)
        raise StepFailed(f"no {APP_NAME} window after {seconds:.0f} s")

    def play_until(self, done: Callable[[dict[str, Any] | None], bool],
                   seconds: float = DEAL_SECONDS) -> dict[str, Any] | None:
        window = self.window()
        deadline = time.monotonic() + seconds
        last = progress(self.installed.save_state())
        quiet_since = time.monotonic()
        keys = ["Return", "Right", "Return", "Right", "Right", "Return"]
        turn = 0
        while time.monotonic() < deadline:
            state = self.installed.save_state()
            if done(state):
                return state
            now = progress(state)
            if now != last:
                last, quiet_since = now, time.monotonic()
            elif time.monotonic() - quiet_since > 1.5:
                # nothing moved for a while: it is the player's turn (or a dialog's)
                self.xdotool("windowactivate", "--sync", window)
                self.xdotool("key", keys[turn % len(keys)])
                turn += 1
                quiet_since = time.monotonic()
            if self.proc.poll() is not None:
                raise StepFailed(f"the program ended during play (exit {self.proc.returncode})")
            time.sleep(0.3)
        raise StepFailed(f"no progress to the goal in {seconds:.0f} s (at {last})")

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", "root", str(path)], env=self.wine.env(),
                       check=True, timeout=60)
        return path

    def close(self) -> None:
        """Alt+F4 as a player closes it; the program must end by itself."""
        window = self.window(30)
        self.xdotool("windowactivate", "--sync", window)
        self.xdotool("key", "alt+F4")
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.wine.kill()
            raise StepFailed("the program did not end within 60 s of Alt+F4") from None
        finally:
            self.drain.join(10)
            self.log.close()
            self.wine.wait_idle()


def compile_setups(layout: Layout, build_wine: Wine, version: str, old: str) -> tuple[Path, Path]:
    """This version's Setup and an older-numbered one of the same bundle (its package
    metadata rewritten to ``old``), both for Wine's folders."""
    bundle = ROOT / DIST_REL / APP_NAME
    old_bundle = CHECK / "old" / APP_NAME
    shutil.rmtree(old_bundle.parent, ignore_errors=True)
    shutil.copytree(bundle, old_bundle, symlinks=True)
    rewrite_version(old_bundle, version, old)
    made = []
    for name, source, number in (("new", bundle, version), ("old", old_bundle, old)):
        output = CHECK / f"setup-{name}"
        shutil.rmtree(output, ignore_errors=True)
        code = build_py(layout, build_wine, f"compile-setup-{name}",
                        ["windows-installer", "--source", windows_path(source),
                         "--output", windows_path(output), "--version", number,
                         "--define", "WineFolders"], 1200, echo=False)
        setup = output / f"{APP_NAME}-Setup-{number}.exe"
        if code != 0 or not setup.is_file():
            raise StepFailed(f"build.py windows-installer ({name}) failed; log: "
                             f"{build_wine.logs / f'compile-setup-{name}.log'}")
        made.append(setup)
    return made[0], made[1]


def run_checks(layout: Layout) -> int:
    version = project_version()
    exe = ROOT / DIST_REL / APP_NAME / f"{APP_NAME}.exe"
    if not exe.is_file() or not (layout.python / ".complete").is_file():
        raise StepFailed(f"no {exe} or no Windows Python: run `make windows` first")
    shutil.rmtree(CHECK, ignore_errors=True)
    CHECK.mkdir(parents=True)
    results = Results()
    began = time.monotonic()
    with x_display() as display:
        openbox = subprocess.Popen(["openbox"], env={"DISPLAY": display, "PATH": "/usr/bin:/bin",
                                                     "HOME": str(CHECK)},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        build_wine = layout.wine(layout.build_prefix, display)
        build_wine.logs = CHECK / "logs"
        print(f"Wine: {build_wine.works()}", flush=True)  # loud when Wine cannot start
        try:
            bundle_checks(layout, build_wine, exe, results)
            installer_checks(layout, build_wine, display, version, results)
        finally:
            openbox.terminate()
            build_wine.kill()
    print(f"windows-check: {len(results.passed)} passed, {len(results.failed)} failed "
          f"({time.monotonic() - began:.0f} s; logs and screenshots in {CHECK})")
    return 0 if not results.failed else 1


def bundle_checks(layout: Layout, wine: Wine, exe: Path, results: Results) -> None:
    def as_explorer() -> str:
        report = CHECK / "self-check-explorer.txt"
        code = wine.run("self-check-explorer",
                        [layout.python_exe(), windows_path(Path(__file__).with_name(
                            "start_detached.py")), "300", windows_path(exe), "--self-check",
                         "--report", windows_path(report)], 420, check=False).returncode
        text = report.read_text("utf-8", errors="replace") if report.is_file() else ""
        summary = self_check_summary(text)
        if code != 0 or summary is None or summary[1]:
            raise StepFailed(f"exit code {code}, {summary or 'no summary'}; report {report}")
        return f"{summary[0]} passed, {summary[1]} failed (report {report.name})"

    def as_build_py() -> str:
        code = build_py(layout, wine, "self-check-build-py", ["self-check"], 600, echo=False)
        text = (wine.logs / "self-check-build-py.log").read_text("utf-8", errors="replace")
        summary = self_check_summary(text)
        if code != 0 or summary is None or summary[1]:
            raise StepFailed(f"exit code {code}, {summary or 'no summary'}; "
                             f"log {wine.logs / 'self-check-build-py.log'}")
        return f"{summary[0]} passed, {summary[1]} failed"

    results.attempt("bundle self-check, started as Explorer starts it", as_explorer)
    results.attempt("bundle self-check, started by build.py self-check", as_build_py)


def installer_checks(layout: Layout, build_wine: Wine, display: str, version: str,
                     results: Results) -> None:
    old = older_version(version)
    setups: list[Path] = []

    def compiled() -> str:
        setups.extend(compile_setups(layout, build_wine, version, old))
        return (f"{setups[1].name} and {setups[0].name}, compiled with /DWineFolders: "
                "DefaultDirName={localappdata}\\Programs\\CardTable instead of "
                "{autopf}\\CardTable (Wine 8 lacks the per-user Program Files folder)")

    if not results.attempt("Setups for the upgrade check", compiled):
        return
    new_setup, old_setup = setups
    build_icuuc(layout)
    wine = ensure_prefix(layout, CHECK / "prefix", display, fresh=True)
    wine.logs = CHECK / "logs"
    app = Installed(wine)
    saved: dict[str, Any] = {}

    def install_old() -> str:
        app.install("install-old", old_setup)
        registered = app.registered_version()
        if not app.exe.is_file() or not app.shortcut.is_file() or registered != old:
            raise StepFailed(f"exe {app.exe.is_file()}, shortcut {app.shortcut.is_file()}, "
                             f"uninstall key version {registered!r}")
        return f"{app.exe.relative_to(wine.drive_c())}, Start-menu shortcut, key {registered}"

    def first_start() -> str:
        player = Player(wine, app, "first-start")
        try:
            player.play_until(lambda s: progress(s)[0] >= 1 and progress(s)[1] > 0, 180)
            player.screenshot(CHECK / "first-start-dealt.png")
            state = player.play_until(lambda s: progress(s)[0] >= 2 and progress(s)[1] >= 2)
            shot = player.screenshot(CHECK / "first-start-deal-played.png")
        finally:
            player.close()
        saved["state"], saved["sha"] = progress(state), sha(app.save)
        return (f"one deal played by keyboard, the next begun {progress(state)}; "
                f"screenshot {shot}")

    def upgrade() -> str:
        if "sha" not in saved:
            raise StepFailed("no saved game to carry over (the first start failed)")
        app.install("install-new", new_setup)
        infos = app.dist_infos()
        problems = upgrade_problems(version, app.registered_version(), infos, app.save,
                                    saved["sha"])
        if problems:
            raise StepFailed("; ".join(problems))
        return f"{old} → {version}, the saved game untouched, metadata {infos}"

    def installed_self_check() -> str:
        report = CHECK / "self-check-installed.txt"
        code = wine.run("self-check-installed", [windows_path(app.exe), "--self-check",
                                                 "--report", windows_path(report)], 420,
                        check=False, env={"WINEQT_QPA_PLATFORM": "offscreen"}).returncode
        summary = self_check_summary(report.read_text("utf-8", errors="replace")
                                     if report.is_file() else "")
        if code != 0 or summary is None or summary[1]:
            raise StepFailed(f"exit code {code}, {summary or 'no summary'}; report {report}")
        if sha(app.save) != saved.get("sha"):
            raise StepFailed("the self-check touched the player's saved game")
        return f"{summary[0]} passed, {summary[1]} failed"

    def resumed() -> str:
        before = saved.get("state")
        if before is None:
            raise StepFailed("no saved game to resume")
        player = Player(wine, app, "upgraded-start")
        try:
            state = player.play_until(
                lambda s: progress(s)[0] == before[0] and progress(s)[1] > before[1], 180)
            shot = player.screenshot(CHECK / "upgraded-resumed.png")
        finally:
            player.close()
        return f"the saved deal {before} went on to {progress(state)}; screenshot {shot.name}"

    def uninstall() -> str:
        uninstaller = app.folder / "unins000.exe"
        if not uninstaller.is_file():
            raise StepFailed(f"no {uninstaller}")
        wine.run("uninstall", [windows_path(uninstaller), "/VERYSILENT", "/SUPPRESSMSGBOXES",
                               "/NORESTART", f"/LOG={windows_path(CHECK / 'uninstall.log')}"],
                 600)
        wine.wait_idle()
        problems = leftovers(app.folder, app.shortcut, app.registered_version())
        if problems:
            raise StepFailed("; ".join(problems))
        kept = "kept" if app.save.is_file() else "gone"
        return f"no program folder, shortcut or uninstall key (the player's save {kept})"

    for name, check in (("silent install of the older Setup", install_old),
                        ("first start on Wine's display plays a deal", first_start),
                        ("upgrade install keeps the saved game", upgrade),
                        ("installed program's self-check", installed_self_check),
                        ("the upgraded program resumes the saved game", resumed),
                        ("silent uninstall leaves nothing behind", uninstall)):
        results.attempt(name, check)
    wine.kill()


__all__ = ["BUILD", "run_checks"]
