"""Playing the table's sound effects through whatever the system already has.

Qt's own player (QtMultimedia) lives in PySide6's add-ons, a wheel several times the
size of everything the program ships, and its library links PulseAudio's client on
Linux; a short WAV file handed to the system's player costs the bundle nothing.  So
each effect (:mod:`cardtable.ui.sound.synthesis`) is written once per volume step to a cache
folder and played by ``winsound`` on Windows, ``afplay`` on macOS, and the first of
``pw-play``, ``paplay`` and ``aplay`` found elsewhere.

Sound is a nicety: nothing here may block the GUI thread, raise, print or leave a
process behind.  Players run as child processes with no terminal; finished ones
are reaped by polling on a timer; a player that cannot start, fails or hangs is
given up, and when none is left the board stays silent for the rest of the run
(:attr:`SoundBoard.available` becomes false) — the way a machine with no audio
device is met.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QGuiApplication

from cardtable.ui.identity import program_folder
from cardtable.ui.sound import synthesis

STEPS = 10
"""Volume steps: 0.0, 0.1, … 1.0, so at most eleven files per effect are ever made."""

MAX_PLAYERS = 3
"""Players alive at once; a sound asked for while this many play is dropped (a burst
of cards must not pile up processes, and late sounds would be out of time anyway)."""

POLL_MS = 200
"""How often running players are checked while any are alive."""

STUCK_S = 5.0
"""A player still running this long after it started (the longest effect lasts 1.4 s)
hangs, on an audio server that never answers, say: it is stopped and given up."""

KILL_S = 1.0
"""How long a player asked to stop may take before it is killed."""

UNWATCHED_PLATFORMS = frozenset({"offscreen", "minimal"})
"""Qt platforms with no screen (the self-check, the tests): nobody is at the table,
so the system's players are not looked for and nothing is heard."""


class Playing(Protocol):
    """A sound being played (``subprocess.Popen`` is one)."""

    def poll(self) -> int | None:
        """``None`` while playing; the exit code (0 for success) once done."""
        ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...


@runtime_checkable
class Backend(Protocol):
    """A way to play a WAV file without waiting for it."""

    def start(self, path: Path) -> Playing | None:
        """Start playing ``path`` and return at once: a handle to follow the sound, or
        ``None`` when it plays on its own with nothing to follow.  Raising (``OSError``
        above all) means this way of playing does not work here."""
        ...


def child_environment(environ: Mapping[str, str] | None = None,
                      frozen: bool | None = None) -> dict[str, str]:
    """The environment for a system program started by the program.

    A frozen bundle's launcher points ``LD_LIBRARY_PATH`` (``DYLD_LIBRARY_PATH`` on
    macOS) at the bundle's own libraries and keeps the user's value in ``…_ORIG``;
    a system player given the bundle's libraries may fail to load, so the user's
    value is put back."""
    env = dict(os.environ if environ is None else environ)
    if not (getattr(sys, "frozen", False) if frozen is None else frozen):
        return env
    for name in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
        original = env.pop(f"{name}_ORIG", None)
        if original is not None:
            env[name] = original
        else:
            env.pop(name, None)
    return env


@dataclass(frozen=True)
class CommandBackend:
    """A system program that plays the file named last on its command line."""

    command: tuple[str, ...]

    def start(self, path: Path) -> Playing:
        import subprocess  # at the first sound, not at the table's start

        return subprocess.Popen(
            [*self.command, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=child_environment(),
            close_fds=True,
            # no console window flashing up on Windows (0 elsewhere)
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )


def _winsound() -> ModuleType:
    """Windows' own sound module, imported by name here so that a freezer sees it and
    bundles it (an import by a string would be missed)."""
    import winsound

    return winsound


class WinsoundBackend:
    """Windows' own ``PlaySound``, asynchronously from a file.

    ``winsound`` refuses ``SND_MEMORY`` together with ``SND_ASYNC`` (it cannot keep
    the bytes alive while the sound plays), hence the file.  Windows plays one such
    sound at a time: a new one cuts the last short, which suits short effects."""

    def __init__(self, module: ModuleType | None = None) -> None:
        self.module = module if module is not None else _winsound()

    def start(self, path: Path) -> None:
        w = self.module
        w.PlaySound(str(path), w.SND_FILENAME | w.SND_ASYNC | w.SND_NODEFAULT)


PLAYER_PROGRAMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "darwin": (("afplay",),),
    "other": (("pw-play",), ("paplay",), ("aplay", "-q")),
}
"""The programs tried, in order: PipeWire's, PulseAudio's (PipeWire serves it too),
then ALSA's for a system with neither server."""


def default_backends(platform: str = sys.platform,
                     which: Callable[[str], str | None] = shutil.which) -> list[Backend]:
    """This system's ways to play a sound, best first (empty when there is none)."""
    if platform == "win32":
        try:
            return [WinsoundBackend()]
        except ImportError:
            return []
    found: list[Backend] = []
    for program, *arguments in PLAYER_PROGRAMS.get(platform, PLAYER_PROGRAMS["other"]):
        path = which(program)
        if path is not None:
            found.append(CommandBackend((path, *arguments)))
    return found


def unwatched() -> bool:
    """Whether the program runs on a Qt platform with no screen."""
    return QGuiApplication.platformName() in UNWATCHED_PLATFORMS


def default_folder() -> Path:
    """Where the effects' files are kept: the user's cache folder, or the system's
    temporary folder when there is none."""
    cache = program_folder(QStandardPaths.StandardLocation.CacheLocation)
    return cache / "sounds" if cache is not None else \
        Path(tempfile.gettempdir()) / "cardtable-sounds"


@dataclass
class _Live:
    """A player process the board follows until it ends."""

    handle: Playing
    backend: Backend
    started: float
    stopping: float | None = None
    """When the board asked the player to stop: its exit code then says nothing."""


class SoundBoard(QObject):
    """The table's sounds: :meth:`play` an effect by name, at :attr:`volume`, unless
    :attr:`muted`.  Used from the GUI thread; never blocks it and never raises."""

    availableChanged = Signal(bool)
    """Emitted once, with ``False``, when the last way to play a sound fails."""

    def __init__(self, parent: QObject | None = None,
                 backend: Backend | Sequence[Backend] | None = None, *,
                 folder: Path | None = None) -> None:
        """``backend``: one way to play or several to try in order; ``None`` for this
        system's players (none on a platform with no screen).  ``folder``: where the
        WAV files go (the user's cache folder by default)."""
        super().__init__(parent)
        if backend is None:
            backends = [] if unwatched() else default_backends()
        elif isinstance(backend, Backend):
            backends = [backend]
        else:
            backends = list(backend)
        self._backends: list[Backend] = backends
        self._folder = folder
        self._volume = 0.5
        self._muted = False
        self._files: dict[tuple[str, int], Path] = {}
        self._live: list[_Live] = []
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._tick)
        self._held: list[str] | None = None
        """The effects asked for while held (:meth:`hold`), in order; ``None`` if not."""

    # --- settings ---------------------------------------------------------------------

    @property
    def volume(self) -> float:
        """From 0.0 (silent) to 1.0; 0.5 by default, since the effects are quiet
        already and a first sound must not startle."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = synthesis.clamp(float(value))

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop()

    @property
    def available(self) -> bool:
        """Whether a way to play sound is left; false for the rest of the run once
        every one has failed."""
        return bool(self._backends)

    @property
    def playing(self) -> int:
        """How many followed players are still alive (as of the last check)."""
        return len(self._live)

    # --- playing ----------------------------------------------------------------------

    def hold(self) -> None:
        """Keep the effects asked for from now on until :meth:`release`: the window
        holds them until the table is first on the screen, which making an effect's
        file and starting a player would otherwise delay."""
        if self._held is None:
            self._held = []

    def release(self) -> None:
        """Play what was asked for while held (each effect once, in order)."""
        held, self._held = self._held or [], None
        for name in dict.fromkeys(held):
            self.play(name)

    def play(self, name: str) -> None:
        """Start effect ``name`` and return at once.  An unknown name, mute, volume 0,
        no way to play, or :data:`MAX_PLAYERS` already playing: nothing happens.
        While the board is held (:meth:`hold`) the effect waits for the release."""
        if self._held is not None:
            self._held.append(name)
            return
        try:
            self._play(name)
        except Exception:  # sound is never worth an error: go quiet instead
            self._give_up_all()

    def stop(self) -> None:
        """Ask every followed player to stop (muting does this)."""
        now = time.monotonic()
        for live in self._live:
            if live.stopping is None:
                live.stopping = now
                with contextlib.suppress(Exception):
                    live.handle.terminate()

    def _play(self, name: str) -> None:
        step = round(self._volume * STEPS)
        if self._muted or step == 0 or name not in synthesis.EFFECTS or not self._backends:
            return
        self._reap()
        if len(self._live) >= MAX_PLAYERS:
            return
        path = self._file(name, step)
        while self._backends:
            backend = self._backends[0]
            try:
                handle = backend.start(path)
            except Exception:
                self._give_up(backend)
                continue
            if handle is not None:
                self._live.append(_Live(handle, backend, time.monotonic()))
                if not self._timer.isActive():
                    self._timer.start()
            return

    def _file(self, name: str, step: int) -> Path:
        """The WAV file of ``name`` at volume ``step``, written on first use.  Its name
        carries a checksum of its bytes, so a file left by a version whose sounds
        differ is never played; it is written whole under another name and moved
        into place, so a second copy of the program never reads half a file."""
        path = self._files.get((name, step))
        if path is not None:
            return path
        data = synthesis.wav(name, step / STEPS)
        folder = self._folder if self._folder is not None else default_folder()
        path = folder / f"{name}-{step:02d}-{zlib.crc32(data):08x}.wav"
        if not (path.is_file() and path.stat().st_size == len(data)):
            folder.mkdir(parents=True, exist_ok=True)
            fd, part = tempfile.mkstemp(dir=folder, suffix=".part")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.replace(part, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(part)
                raise
        self._files[(name, step)] = path
        return path

    # --- following the players --------------------------------------------------------

    def _tick(self) -> None:
        try:
            self._reap()
        except Exception:
            self._give_up_all()
        if not self._live:
            self._timer.stop()

    def _reap(self) -> None:
        """Collect finished players (no zombies), give up a way of playing whose player
        failed, and stop players that hang."""
        now = time.monotonic()
        alive: list[_Live] = []
        for live in self._live:
            try:
                code = live.handle.poll()
            except Exception:
                self._give_up(live.backend)
                continue
            if code is not None:
                if code != 0 and live.stopping is None:
                    self._give_up(live.backend)  # e.g. no audio device
                continue
            alive.append(live)
            if live.stopping is None and now - live.started > STUCK_S:
                live.stopping = now
                self._give_up(live.backend)
                with contextlib.suppress(Exception):
                    live.handle.terminate()
            elif live.stopping is not None and now - live.stopping > KILL_S:
                with contextlib.suppress(Exception):
                    live.handle.kill()
        self._live = alive

    def _give_up(self, backend: Backend) -> None:
        if backend in self._backends:
            self._backends.remove(backend)
            if not self._backends:
                self.availableChanged.emit(False)

    def _give_up_all(self) -> None:
        with contextlib.suppress(Exception):
            if self._backends:
                self._backends.clear()
                self.availableChanged.emit(False)
