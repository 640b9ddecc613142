"""The sound board: what it plays, what it refuses, and that a machine with no way to
play sound (no player program, no audio device, a player that fails or hangs) leaves
the program running, silent, with nothing raised, printed or left behind."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from cardtable.ui.sound import playback as sound
from cardtable.ui.sound import synthesis as sounds
from cardtable.ui.sound.playback import (
    MAX_PLAYERS,
    STEPS,
    CommandBackend,
    SoundBoard,
    WinsoundBackend,
    child_environment,
    default_backends,
)

POSIX_SCRIPTS = pytest.mark.skipif(sys.platform == "win32", reason="shell scripts as players")


class FakeHandle:
    """A player that runs until told what it exited with."""

    def __init__(self) -> None:
        self.code: int | None = None
        self.terminated = False

    def poll(self) -> int | None:
        return self.code

    def terminate(self) -> None:
        self.terminated = True
        self.code = -15

    def kill(self) -> None:
        self.code = -9


class FakeBackend:
    """Records what would be played; its players run until finished by the test."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.played: list[Path] = []
        self.handles: list[FakeHandle] = []
        self.error = error

    def start(self, path: Path) -> FakeHandle:
        if self.error is not None:
            raise self.error
        self.played.append(path)
        handle = FakeHandle()
        self.handles.append(handle)
        return handle

    def finish_all(self, code: int = 0) -> None:
        for handle in self.handles:
            if handle.code is None:
                handle.code = code


class RecordingBackend:
    """A real backend whose processes the test can see."""

    def __init__(self, inner: CommandBackend) -> None:
        self.inner = inner
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, path: Path) -> sound.Playing:
        process = self.inner.start(path)
        assert isinstance(process, subprocess.Popen)
        self.started.append(process)
        return process


def python_player(code: str) -> CommandBackend:
    """A "player" that runs ``code`` with the WAV file's path as its argument."""
    return CommandBackend((sys.executable, "-c", code))


@pytest.fixture
def boards(qtbot: Any) -> Iterator[list[SoundBoard]]:
    """Boards the test makes; every process they started is gone when it ends."""
    made: list[SoundBoard] = []
    yield made
    for board in made:
        board.stop()
        qtbot.waitUntil(lambda b=board: b.playing == 0, timeout=5000)


def make_board(boards: list[SoundBoard], backend: Any, folder: Path) -> SoundBoard:
    board = SoundBoard(backend=backend, folder=folder)
    boards.append(board)
    return board


# --- what is played --------------------------------------------------------------------


def test_the_backend_receives_the_effect_at_the_volume(boards: list[SoundBoard],
                                                      tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    assert board.available and board.volume == 0.5 and not board.muted
    board.play("turn")
    board.volume = 0.8
    board.play("game_over")
    assert [p.parent for p in fake.played] == [tmp_path, tmp_path]
    assert fake.played[0].read_bytes() == sounds.wav("turn", 0.5)
    assert fake.played[1].read_bytes() == sounds.wav("game_over", 0.8)


def test_muted_or_at_volume_zero_nothing_is_played(boards: list[SoundBoard],
                                                  tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    board.muted = True
    board.play("play")
    board.muted = False
    board.volume = 0.0
    board.play("play")
    board.volume = 0.04  # below the first step
    board.play("play")
    assert fake.played == []
    assert list(tmp_path.iterdir()) == []  # not even a file was made
    board.volume = 0.1
    board.play("play")  # the same board does play: the silence above was meant
    assert len(fake.played) == 1


def test_an_unknown_effect_is_ignored(boards: list[SoundBoard], tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    board.play("applause")
    assert fake.played == [] and board.available


def test_volume_is_kept_within_range(boards: list[SoundBoard], tmp_path: Path) -> None:
    board = make_board(boards, FakeBackend(), tmp_path)
    board.volume = 3.0
    assert board.volume == 1.0
    board.volume = -1.0
    assert board.volume == 0.0
    board.volume = float("nan")
    assert board.volume == 0.0


def test_each_file_is_written_once_per_volume_step(boards: list[SoundBoard],
                                                   tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    for _ in range(3):
        board.play("deal")
        fake.finish_all()
    first = fake.played[0]
    written = first.stat().st_mtime_ns
    assert fake.played == [first] * 3
    board.volume = 0.52  # the same step as 0.5
    board.play("deal")
    fake.finish_all()
    board.volume = 0.9
    board.play("deal")
    assert fake.played[3] == first and fake.played[4] != first
    assert first.stat().st_mtime_ns == written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({p.name for p in fake.played})
    # a second board (the next run) finds the files and plays the same one
    again = FakeBackend()
    make_board(boards, again, tmp_path).play("deal")
    assert again.played == [first]
    assert first.stat().st_mtime_ns == written


def test_a_stale_file_of_another_version_is_not_played(boards: list[SoundBoard],
                                                       tmp_path: Path) -> None:
    fake = FakeBackend()
    make_board(boards, fake, tmp_path).play("collect")
    (tmp_path / "collect-05-00000000.wav").write_bytes(b"an older sound")
    fake.played[0].write_bytes(b"cut short")  # damaged: rewritten
    later = FakeBackend()
    make_board(boards, later, tmp_path).play("collect")
    assert later.played[0].read_bytes() == sounds.wav("collect", 5 / STEPS)


def test_at_most_three_players_at_once(boards: list[SoundBoard], tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    for _ in range(MAX_PLAYERS + 2):
        board.play("deal")
    assert len(fake.played) == MAX_PLAYERS == board.playing
    fake.handles[0].code = 0
    board.play("turn")
    assert len(fake.played) == MAX_PLAYERS + 1
    assert fake.played[-1].name.startswith("turn-")


def test_muting_stops_what_plays(boards: list[SoundBoard], tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    board.play("game_over")
    board.muted = True
    assert fake.handles[0].terminated
    board.muted = False
    board.play("play")
    assert len(fake.played) == 2 and board.available  # a stopped player is no failure


# --- real processes --------------------------------------------------------------------


def test_finished_players_are_reaped_without_being_waited_for(
        boards: list[SoundBoard], tmp_path: Path, qtbot: Any) -> None:
    backend = RecordingBackend(python_player("import time; time.sleep(0.3)"))
    board = make_board(boards, backend, tmp_path)
    began = time.monotonic()
    board.play("play")
    board.play("turn")
    assert time.monotonic() - began < 0.25  # play() did not wait for the player
    assert board.playing == 2
    qtbot.waitUntil(lambda: board.playing == 0, timeout=10_000)
    # returncode is set only by a wait on the child: none is left a zombie
    assert all(p.returncode == 0 for p in backend.started)
    assert board.available


def test_an_exited_child_stays_a_zombie_until_waited_for() -> None:
    """Why the check above means something: a finished child nobody polls keeps no
    return code (it is a zombie) until it is waited for."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    time.sleep(1.0)
    assert process.returncode is None
    assert process.wait(timeout=10) == 0


def test_a_player_that_prints_prints_nothing(boards: list[SoundBoard], tmp_path: Path,
                                             qtbot: Any,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    noisy = ("import sys; print('played', sys.argv[1]); "
             "sys.stderr.write('ALSA lib pcm.c: warning\\n')")
    subprocess.run([sys.executable, "-c", noisy, "x"], check=True)
    seen = capfd.readouterr()
    assert "played" in seen.out and "ALSA" in seen.err  # capture does see a child's output
    board = make_board(boards, python_player(noisy), tmp_path)
    board.play("deal")
    qtbot.waitUntil(lambda: board.playing == 0, timeout=10_000)
    assert capfd.readouterr() == ("", "")


# --- a machine with no way to play sound ------------------------------------------------


def test_no_audio_device_makes_the_board_silent(boards: list[SoundBoard], tmp_path: Path,
                                                qtbot: Any,
                                                capfd: pytest.CaptureFixture[str]) -> None:
    """A player that exits at once with an error, as ``aplay`` does with no sound card:
    the board gives up, says so once, and the program carries on."""
    failing = RecordingBackend(python_player(
        "import sys; sys.stderr.write('audio open error: No such device\\n'); sys.exit(1)"))
    board = make_board(boards, failing, tmp_path)
    changes: list[bool] = []
    board.availableChanged.connect(changes.append)
    board.play("deal")
    qtbot.waitUntil(lambda: not board.available, timeout=10_000)
    assert changes == [False]
    assert board.playing == 0 and failing.started[0].returncode == 1
    board.play("turn")
    board.play("game_over")
    assert len(failing.started) == 1  # nothing is tried again
    with qtbot.waitSignal(_single_shot(board, 10), timeout=2000):
        pass  # the event loop still runs
    assert capfd.readouterr() == ("", "")
    assert changes == [False]


def _single_shot(parent: SoundBoard, ms: int) -> Any:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.start(ms)
    return timer.timeout


def test_a_player_program_that_does_not_exist(boards: list[SoundBoard],
                                              tmp_path: Path) -> None:
    board = make_board(boards, CommandBackend((str(tmp_path / "no-such-player"),)), tmp_path)
    board.play("deal")
    assert not board.available
    board.play("deal")  # and again: still nothing raised


@pytest.mark.parametrize("error", [OSError(5, "Input/output error"),
                                   FileNotFoundError("pw-play"),
                                   PermissionError("aplay"),
                                   RuntimeError("Failed to play sound")])
def test_a_backend_that_raises_is_caught(boards: list[SoundBoard], tmp_path: Path,
                                         error: BaseException) -> None:
    broken = FakeBackend(error=error)
    with pytest.raises(type(error)):  # the fake does raise: the board must catch it
        broken.start(tmp_path / "x.wav")
    board = make_board(boards, broken, tmp_path)
    board.play("collect")
    assert not board.available
    board.play("collect")


def test_a_player_whose_poll_raises_is_given_up(boards: list[SoundBoard],
                                                tmp_path: Path, qtbot: Any) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    board.play("deal")

    def broken() -> int | None:
        raise OSError("lost track")

    fake.handles[0].poll = broken  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not board.available, timeout=5000)
    assert board.playing == 0


def test_the_next_player_is_tried_when_one_fails(boards: list[SoundBoard], tmp_path: Path,
                                                 qtbot: Any) -> None:
    first, second = FakeBackend(), FakeBackend()
    board = make_board(boards, [CommandBackend((str(tmp_path / "pw-play"),)), first,
                                second], tmp_path)
    board.play("play")  # the missing program is passed over at once
    assert len(first.played) == 1
    first.handles[0].code = 1  # then the first found fails after starting
    qtbot.waitUntil(lambda: board.playing == 0, timeout=5000)
    board.play("play")
    assert len(first.played) == 1 and len(second.played) == 1 and board.available


def test_a_player_that_hangs_is_stopped_and_given_up(boards: list[SoundBoard],
                                                     tmp_path: Path, qtbot: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound, "STUCK_S", 0.3)
    hanging = RecordingBackend(python_player("import time; time.sleep(60)"))
    board = make_board(boards, hanging, tmp_path)
    board.play("deal")
    qtbot.waitUntil(lambda: not board.available and board.playing == 0, timeout=10_000)
    assert hanging.started[0].returncode not in (None, 0)  # ended by the board, reaped


def test_a_cache_folder_that_cannot_be_written(boards: list[SoundBoard],
                                               tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    fake = FakeBackend()
    board = make_board(boards, fake, blocked / "sounds")
    board.play("turn")
    assert fake.played == [] and not board.available


def _script(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@POSIX_SCRIPTS
def test_a_linux_machine_with_no_audio_device(boards: list[SoundBoard], tmp_path: Path,
                                              qtbot: Any,
                                              capfd: pytest.CaptureFixture[str]) -> None:
    """Every player the system has is found, each fails as it does with no sound card
    or no sound server, and the program runs on, silent and with nothing printed."""
    bin_dir, log = tmp_path / "bin", tmp_path / "tried.log"
    bin_dir.mkdir()
    for name in ("pw-play", "paplay", "aplay"):
        _script(bin_dir, name,
                f'echo {name} >> "{log}"; echo "{name}: Connection refused" >&2; exit 1')
    found = default_backends("linux", which=lambda n: shutil.which(n, path=str(bin_dir)))
    assert [b.command[1:] for b in found if isinstance(b, CommandBackend)] == [(), (), ("-q",)]
    board = make_board(boards, found, tmp_path / "cache")
    for _ in range(3):
        qtbot.waitUntil(lambda: board.playing == 0, timeout=10_000)
        board.play("deal")
    qtbot.waitUntil(lambda: not board.available, timeout=10_000)
    assert log.read_text().split() == ["pw-play", "paplay", "aplay"]
    board.play("game_over")
    assert capfd.readouterr() == ("", "")


# --- finding a way to play ------------------------------------------------------------


def test_the_players_looked_for_on_each_system(monkeypatch: pytest.MonkeyPatch) -> None:
    everywhere = {"pw-play": "/usr/bin/pw-play", "paplay": "/usr/bin/paplay",
                  "aplay": "/usr/bin/aplay", "afplay": "/usr/bin/afplay"}
    assert default_backends("linux", which=everywhere.get) == [
        CommandBackend(("/usr/bin/pw-play",)), CommandBackend(("/usr/bin/paplay",)),
        CommandBackend(("/usr/bin/aplay", "-q"))]
    assert default_backends("freebsd", which={"aplay": "/bin/aplay"}.get) == [
        CommandBackend(("/bin/aplay", "-q"))]
    assert default_backends("darwin", which=everywhere.get) == [
        CommandBackend(("/usr/bin/afplay",))]
    assert default_backends("linux", which=lambda name: None) == []
    monkeypatch.setitem(sys.modules, "winsound", None)  # no winsound: import fails
    assert default_backends("win32") == []
    fake = SimpleNamespace(SND_FILENAME=0x20000, SND_ASYNC=1, SND_NODEFAULT=2)
    monkeypatch.setitem(sys.modules, "winsound", fake)
    (windows,) = default_backends("win32")
    assert isinstance(windows, WinsoundBackend) and windows.module is fake


def test_winsound_plays_the_file_asynchronously(boards: list[SoundBoard],
                                                tmp_path: Path) -> None:
    """Not from memory: winsound refuses SND_MEMORY with SND_ASYNC."""
    calls: list[tuple[object, int]] = []
    fake = SimpleNamespace(SND_FILENAME=0x20000, SND_ASYNC=0x1, SND_NODEFAULT=0x2,
                           SND_MEMORY=0x4, PlaySound=lambda s, f: calls.append((s, f)))
    board = make_board(boards, WinsoundBackend(fake), tmp_path)  # type: ignore[arg-type]
    board.play("turn")
    ((played, flags),) = calls
    assert isinstance(played, str) and Path(played).read_bytes() == sounds.wav("turn", 0.5)
    assert flags == 0x20000 | 0x1 | 0x2
    assert board.playing == 0 and board.available  # nothing to follow, nothing failed


def test_winsound_failing_makes_the_board_silent(boards: list[SoundBoard],
                                                 tmp_path: Path) -> None:
    def refuse(sound_: object, flags: int) -> None:
        raise RuntimeError("Failed to play sound")

    fake = SimpleNamespace(SND_FILENAME=0x20000, SND_ASYNC=1, SND_NODEFAULT=2,
                           PlaySound=refuse)
    board = make_board(boards, WinsoundBackend(fake), tmp_path)  # type: ignore[arg-type]
    board.play("turn")
    assert not board.available


@POSIX_SCRIPTS
def test_nothing_plays_on_a_platform_with_no_screen(tmp_path: Path, qtbot: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The self-check and the tests run offscreen: no player is even looked for,
    though one is there to be found."""
    marker = tmp_path / "played"
    _script(tmp_path, "pw-play", f'touch "{marker}"')
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    assert default_backends("linux") == [CommandBackend((str(tmp_path / "pw-play"),))]
    assert sound.unwatched()
    board = SoundBoard()
    assert not board.available
    board.play("deal")
    assert board.playing == 0 and not marker.exists()


def test_a_bundle_gives_system_players_the_users_library_path() -> None:
    bundle = {"LD_LIBRARY_PATH": "/opt/CardTable", "LD_LIBRARY_PATH_ORIG": "/usr/local/lib",
              "HOME": "/home/u"}
    assert child_environment(bundle, frozen=True) == {"LD_LIBRARY_PATH": "/usr/local/lib",
                                                      "HOME": "/home/u"}
    assert child_environment({"LD_LIBRARY_PATH": "/opt/CardTable"}, frozen=True) == {}
    assert child_environment(bundle, frozen=False) == bundle  # from source: as it is


def test_a_player_started_from_a_bundle_gets_the_users_library_path(
        boards: list[SoundBoard], tmp_path: Path, qtbot: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", str(tmp_path / "bundle"))
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", str(tmp_path / "user"))
    seen = tmp_path / "seen"
    board = make_board(boards, python_player(
        f"import os; open({str(seen)!r}, 'w').write(os.environ.get('LD_LIBRARY_PATH', ''))"),
        tmp_path)
    board.play("deal")
    qtbot.waitUntil(lambda: board.playing == 0, timeout=10_000)
    assert seen.read_text() == str(tmp_path / "user")


def test_what_is_asked_while_held_is_played_once_released(boards: list[SoundBoard],
                                                          tmp_path: Path) -> None:
    fake = FakeBackend()
    board = make_board(boards, fake, tmp_path)
    board.hold()
    for name in ("deal", "play", "deal"):
        board.play(name)
    assert fake.played == [] and not any(tmp_path.iterdir())  # not even a file made
    board.release()
    assert [p.read_bytes() for p in fake.played] == [sounds.wav("deal", 0.5),
                                                     sounds.wav("play", 0.5)]
    board.play("turn")  # released: played at once
    assert len(fake.played) == 3
