"""``cardtable --self-check``: prove that this installation (a bundle above all) has
everything the program loads, by using it the way a game does.

It starts the real :class:`MainWindow` (offscreen unless a Qt platform is chosen),
plays whole deals between computer players of every level at the instant pace,
renders every card, loads the Russian catalogues and writes, reloads and resumes an
autosave — all in a temporary folder, never the player's own settings or saves.  It
prints one line per check and exits 0, or 1 naming the checks that failed.  A
freezer that missed a module, a Qt plugin or a data file fails here, not in a
player's first game.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

CYRILLIC = re.compile("[А-Яа-яЁё]")
OUR_STRING = ("MainWindow", "&New game…")
"""A string of the program's own catalogue (context, source)."""
QT_STRING = ("QPlatformTheme", "Cancel")
"""A string of Qt's own catalogue, ``qtbase_ru.qm``."""
DEAL_SECONDS = 60.0
"""The longest a check waits for one deal between computers before it fails (a deal
takes at most about 12 s on a 2-core machine; four deals stay well inside the five
minutes ``build.py self-check`` allows the whole run)."""


class CheckFailed(Exception):
    """What a check found wrong, in a sentence."""


@dataclass
class Context:
    """What the checks share: the application and a data folder of their own."""

    app: Any
    folder: Path
    window: Any = None
    notes: list[str] = field(default_factory=list)
    workers: Any = None
    """The checks' own search workers (a :class:`SearchWorkers`) when there is no
    window to lend its own; started on first use, stopped at the end of the run."""

    def search_workers(self) -> Any:
        """The window's search workers (those its games use), else the checks' own."""
        if self.window is not None:
            return self.window.controller.search_workers
        if self.workers is None:
            from cardtable.ai.parallel import SearchWorkers

            self.workers = SearchWorkers()
        return self.workers


# --- waiting on the event loop -----------------------------------------------------


def wait_until(app: Any, condition: Callable[[], bool], seconds: float) -> bool:
    """Run the event loop until ``condition()`` holds (True) or ``seconds`` pass."""
    from PySide6.QtCore import QEventLoop

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.001)  # the computer players think in another thread
    return True


# --- the checks --------------------------------------------------------------------


def check_levels(ctx: Context) -> str:
    """Every level of every game can be made: the modules are all there."""
    from cardtable.ai import GAMES, LEVELS, available_levels, import_error, make_player

    parts = []
    for game in GAMES:
        levels = available_levels(game)
        missing = [level for level in LEVELS if level not in levels]
        if missing:
            why = "; ".join(import_error(game, level) or "?" for level in missing)
            raise CheckFailed(f"{game}: level {', '.join(missing)} missing ({why})")
        for level in levels:
            make_player(game, level)
        parts.append(f"{game} {'/'.join(levels)}")
    return "; ".join(parts)


def check_search_workers(ctx: Context) -> str:
    """The search's worker processes start (in a bundle: the program itself, started
    again as a worker) and a ``hard`` search runs on them."""
    import random

    from cardtable.ai import make_player, parallel
    from cardtable.ai.positions import positions

    pool = ctx.search_workers().pool()
    if pool is None:
        if parallel.cores() > 1:
            raise CheckFailed("the search's worker processes do not start")
        return "one core: the search stays in its thread"
    player: Any = make_player("king", "hard")
    player.use_pool(pool)
    player.max_seconds = 60.0
    view, legal = next(positions("king", 4))
    action = player.choose(view, legal, random.Random(1))
    stats = player.last_stats
    if action not in legal or stats.stopped_early or stats.playouts < player.playouts * 0.9:
        raise CheckFailed(f"the search on the workers stopped short: {stats}")
    return f"{pool.workers} workers, {stats.playouts} playouts in {stats.seconds:.2f} s"


def check_review(ctx: Context) -> str:
    """A review of one seat's decisions in a deal runs on the search's worker
    processes (in a bundle: the review's module reached in a worker, too)."""
    from cardtable.ai import make_player
    from cardtable.ai.review import review_match
    from cardtable.engine.match import Match, Seat
    from cardtable.tools.simulate import play_out

    seats = [Seat(f"easy {i}", "computer", "easy") for i in range(4)]
    match = play_out(Match.start("king", {"players": 4}, seats, seed=1),
                     [make_player("king", "easy") for _ in seats], max_deals=1)
    pool = ctx.search_workers().pool()
    review = review_match(match, 0, seed=1, pool=pool)
    accuracy = review.accuracy
    if not review.decisions or accuracy is None or not 0 <= accuracy <= 100:
        raise CheckFailed(f"the review weighed nothing: {review.to_json()}")
    where = f"{pool.workers} workers" if pool is not None else "one core"
    return (f"{len(review.decisions)} decisions of a Кинг deal weighed on {where}, "
            f"accuracy {accuracy:.0f}")


QT_PACKAGES = ("PySide6", "shiboken6")
"""Python packages of Qt that no worker process may load."""
QT_LIBRARY = re.compile(
    r"(?i)[^/\\\s]*(?:Qt6|pyside6|shiboken6)[^/\\\s]*\.(?:so|dll|dylib)[^/\\\s]*")
"""A Qt library in a process's map of loaded files (Linux's ``/proc/PID/maps``)."""


def qt_libraries_mapped(pid: int) -> list[str] | None:
    """The Qt libraries mapped into process ``pid``, or None where the system does not
    say (only Linux has ``/proc/PID/maps``)."""
    try:
        maps = Path(f"/proc/{pid}/maps").read_text(errors="replace")
    except OSError:
        return None
    return sorted({match.group(0) for match in QT_LIBRARY.finditer(maps)})


def resource_tracker_pid() -> int | None:
    """The process id of multiprocessing's resource tracker, where one runs (not on
    Windows)."""
    try:
        from multiprocessing import resource_tracker
    except ImportError:
        return None
    pid = getattr(getattr(resource_tracker, "_resource_tracker", None), "_pid", None)
    return pid if isinstance(pid, int) else None


def qt_in_helpers(pool: Any) -> tuple[int, list[str]]:
    """How many workers answered, and what Qt the search's helper processes hold: each
    worker's loaded Qt modules (asked of the worker, on every system) and, on Linux, the
    Qt libraries mapped into the workers and the resource tracker (empty when lean)."""
    found = []
    answers = pool.modules_loaded(QT_PACKAGES)
    for pid, modules in sorted(answers.items()):
        if modules:
            found.append(f"worker {pid} imported {', '.join(modules[:3])}"
                         + (f" and {len(modules) - 3} more" if len(modules) > 3 else ""))
        libraries = qt_libraries_mapped(pid)
        if libraries:
            found.append(f"worker {pid} mapped {', '.join(libraries[:3])}")
    tracker = resource_tracker_pid()
    libraries = None if tracker is None else qt_libraries_mapped(tracker)
    if libraries:
        found.append(f"the resource tracker {tracker} mapped {', '.join(libraries[:3])}")
    return len(answers), found


def check_lean_workers(ctx: Context) -> str:
    """The search's worker processes (and multiprocessing's resource tracker) load
    nothing of Qt: a bundle's entry script that imports the GUI before
    ``freeze_support()`` would load it into each of them, tens of MiB apiece."""
    pool = ctx.search_workers().pool()
    if pool is None:
        return "one core: no worker processes"
    workers, found = qt_in_helpers(pool)
    if found:
        raise CheckFailed("Qt is loaded in the search's helper processes: "
                          + "; ".join(found))
    seen = "modules asked of each"
    if qt_libraries_mapped(os.getpid()) is not None:
        seen += "; libraries mapped in them"
        if resource_tracker_pid() is not None:
            seen += " and in the resource tracker"
    return f"{workers} workers without {'/'.join(QT_PACKAGES)} ({seen})"


def check_window(ctx: Context) -> str:
    """The real main window, with its settings and autosave in the check's folder."""
    from PySide6.QtCore import QSettings

    from cardtable.ui.prefs import NEXT_DEAL_WAITS, TablePrefs, save_prefs
    from cardtable.ui.window.main_window import MainWindow

    settings = QSettings(str(ctx.folder / "settings.ini"), QSettings.Format.IniFormat)
    # each check plays one deal between computers: the table waits after it, as it
    # would for a person, instead of playing the game through
    save_prefs(settings, TablePrefs(next_deal=NEXT_DEAL_WAITS))
    window = MainWindow(qsettings=settings, autosave=ctx.folder / "current-game.json",
                        start=False)
    window.set_pace("instant")
    window.resize(1200, 800)
    window.controller.failed.connect(ctx.notes.append)
    window.show()
    ctx.window = window
    if not wait_until(ctx.app, window.isVisible, 10):
        raise CheckFailed("the window did not show")
    return f"{window.windowTitle()} {window.width()}×{window.height()}, " \
           f"Qt platform {ctx.app.platformName()}"


@dataclass(frozen=True)
class Table:
    """One deal to play: the game, its options and a level for each seat."""

    name: str
    game: str
    options: dict[str, Any]
    levels: tuple[str, ...]


TABLES = (
    Table("Кинг, 4 players", "king", {"players": 4}, ("random", "easy", "normal", "hard")),
    Table("Трефы, 6 players (two decks)", "clubs", {"players": 6},
          ("random", "easy", "normal", "hard", "easy", "normal")),
    Table("Метаморфоза, 3 players", "metamorphosis", {"players": 3, "partii": 1},
          ("easy", "normal", "hard")),
    Table("Метаморфоза, 2 players", "metamorphosis", {"players": 2, "partii": 1},
          ("random", "easy")),
)
"""Together: every level of every game, both decks and Метаморфоза at both sizes."""


def play_deal(ctx: Context, table: Table, seed: int) -> str:
    """One whole deal on the window between computers; its record must replay to the
    same score."""
    from cardtable.engine import record
    from cardtable.engine.match import Seat
    from cardtable.ui.controller import Waiting
    from cardtable.ui.settings import GameSettings

    window = ctx.window
    if window is None:
        raise CheckFailed("no window")
    seats = [Seat(f"Bot {i + 1}", "computer", level) for i, level in enumerate(table.levels)]
    ctx.notes.clear()  # a fault of an earlier deal is that deal's
    window.start_game(GameSettings(table.game, dict(table.options), seats), seed=seed)
    controller = window.controller

    def deal_done() -> bool:
        state = controller.state
        return state is not None and (controller.waiting == Waiting.NEXT_DEAL or state.is_over) \
            and window.board.isVisible()

    started = time.monotonic()
    if not wait_until(ctx.app, deal_done, DEAL_SECONDS):
        raise CheckFailed(f"the deal did not end within {DEAL_SECONDS:.0f} s "
                          f"(status: {window.status_label.text()!r})")
    seconds = time.monotonic() - started
    match = controller.match
    if controller.state.deal_index < 1 or not match.deals:
        raise CheckFailed("no deal was scored")
    if ctx.notes:
        raise CheckFailed(f"the game reported a fault: {ctx.notes[0]}")
    replayed = record.load(record.to_json(match))
    if replayed.state.deal_scores != match.state.deal_scores:
        raise CheckFailed("the deal's record does not replay to the same score")
    actions = sum(len(deal.actions) for deal in match.deals)
    scores = " ".join(f"{s:+d}" for s in match.state.deal_scores[-1])
    return f"{actions} moves in {seconds:.1f} s, scores {scores}"


def check_statistics(ctx: Context) -> str:
    """The statistics' database (SQLite, which the bundle must carry): a finished game
    written, the file closed and opened again, and read back."""
    from cardtable.engine.match import COMPUTER, HUMAN
    from cardtable.stats import SeatEntry, Statistics

    path = ctx.folder / "statistics.sqlite"
    store, problem = Statistics.open(path)
    if problem is not None or not store.persistent:
        raise CheckFailed(f"the statistics cannot be kept: {problem}")
    seats = [SeatEntry("A", HUMAN, None), SeatEntry("B", COMPUTER, "easy"),
             SeatEntry("C", COMPUTER, "normal")]
    store.begin("self-check", "king", {"players": 3}, seats, time.time())
    store.finish("self-check", [5, -2, -3], time.time())
    store.close()
    again, problem = Statistics.open(path)
    try:
        summaries = again.summaries()
    finally:
        again.close()
    if problem is not None or [(s.game, s.players, s.won) for s in summaries] != [
            ("king", 3, 1)]:
        raise CheckFailed(f"the statistics read back wrong: {summaries}")
    return f"{path.stat().st_size:,} bytes, read back after a reopen"


def check_autosave(ctx: Context) -> str:
    """The game in progress is written, reads back the same, and a new window resumes
    it where it stood."""
    from PySide6.QtCore import QSettings

    from cardtable.engine import record
    from cardtable.ui.window.main_window import MainWindow

    window = ctx.window
    path = window.controller.autosave_path
    if not window.controller.flush_autosave(10):
        raise CheckFailed("the autosave was not written within 10 s")
    if path is None or not path.is_file():
        raise CheckFailed(f"no autosave written at {path}")
    expected = record.to_json(window.controller.match)
    if record.to_json(record.load_file(path)) != expected:
        raise CheckFailed("the autosave reads back different from the game")
    settings = QSettings(str(ctx.folder / "settings.ini"), QSettings.Format.IniFormat)
    resumed = MainWindow(qsettings=settings, autosave=path)
    resumed.set_pace("instant")
    try:
        if not wait_until(ctx.app, lambda: resumed.controller.match is not None, 10):
            raise CheckFailed("a new window did not resume the saved game")
        resumed_match = resumed.controller.match
        if resumed_match is None:  # wait_until saw it set; nothing unsets it
            raise CheckFailed("a new window did not resume the saved game")
        if record.to_json(resumed_match) != expected:
            raise CheckFailed("the resumed game differs from the saved one")
    finally:
        resumed.controller.stop()
        resumed.close()
        resumed.deleteLater()
    return f"{path.stat().st_size:,} bytes, resumed at deal " \
           f"{resumed_match.state.deal_index + 1}"


def _blank(image: Any) -> bool:
    """True when the picture is one colour (or nothing at all): a failed render."""
    sample = {image.pixel(x, y) for x in range(0, image.width(), 4)
              for y in range(0, image.height(), 4)}
    return len(sample) < 3


def check_cards(ctx: Context) -> str:
    """Every face (Latin and Russian indices) and both backs render from SVG."""
    from cardtable.cards import CARDS
    from cardtable.ui.art.cache import CardArt
    from cardtable.ui.art.svg import DECKS, card_height

    width = 72
    rendered = 0
    for russian in (False, True):
        art = CardArt(russian=russian)
        faces: list[int | None] = [int(card) for card in CARDS]
        for card in faces + [None] * DECKS:
            decks = range(DECKS) if card is None else (0,)
            for deck in decks:
                pixmap = art.pixmap(card, width, 1.0, deck)
                image = pixmap.toImage()
                if pixmap.isNull() or image.height() != card_height(width) or _blank(image):
                    what = "back" if card is None else f"card {card}"
                    raise CheckFailed(f"{what} did not render")
                rendered += 1
            if card is None:
                break  # the backs once per language are enough
    return f"{rendered} pictures"


def check_icon(ctx: Context) -> str:
    """The application icon (the SVG icon engine plugin)."""
    from cardtable.ui.identity import app_icon

    icon = app_icon()
    pixmap = icon.pixmap(64, 64)
    if icon.isNull() or pixmap.isNull() or _blank(pixmap.toImage()):
        raise CheckFailed("the icon did not load (is the SVG icon plugin there?)")
    return "64×64"


def check_russian(ctx: Context) -> str:
    """The program's Russian catalogue and Qt's own, and the rules texts."""
    from PySide6.QtCore import QCoreApplication

    from cardtable.ui.dialogs.rules import GAMES as RULES_GAMES
    from cardtable.ui.dialogs.rules import read_rules
    from cardtable.ui.i18n import current_language, install_translators

    before = current_language()
    installed = install_translators(ctx.app, "ru")
    try:
        translate = QCoreApplication.translate  # by name: lupdate must not collect these
        ours = translate(*OUR_STRING)
        qts = translate(*QT_STRING)
        if not CYRILLIC.search(ours):
            raise CheckFailed(f"the program's Russian catalogue is missing: {ours!r}")
        if not CYRILLIC.search(qts):
            raise CheckFailed(f"Qt's Russian catalogue is missing: {qts!r}")
        dialog_words = _file_dialog_words()
    finally:
        for translator in installed:
            ctx.app.removeTranslator(translator)
        install_translators(ctx.app, before)
    rules = 0
    for game in RULES_GAMES:
        for language in ("en", "ru"):
            if len(read_rules(game, language)) < 1000:
                raise CheckFailed(f"the rules of {game} ({language}) are missing")
            rules += 1
    return f"{ours!r}, Qt {qts!r}, file dialog {dialog_words!r}, {rules} rules texts"


def _file_dialog_words() -> str:
    """The labels of Qt's own file dialog, made as the program makes it: Russian, the
    words Qt's catalogue lacks among them (``i18n.QT_GAPS``, from the program's)."""
    from PySide6.QtWidgets import QLabel

    from cardtable.ui import file_dialog, game_files

    dialog = file_dialog.make_file_dialog(None, "", game_files.filter_text(), saving=False,
                                         folder=tempfile.gettempdir())
    try:
        labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    finally:
        dialog.deleteLater()
    if not labels:  # the platform's own dialog: it speaks the system's language
        return "native"
    english = [text for text in labels if not CYRILLIC.search(text)]
    if english:
        raise CheckFailed(f"Qt's file dialog says {english!r} in Russian")
    return " ".join(labels)


def check_locale(ctx: Context) -> str:
    """Names sort in each language's alphabet and change case by its rules.  On Linux
    Qt does this with ICU, whose data the bundle cuts down to the two languages, so
    there Russian must also put its own alphabet first (ICU's Russian rule: proof that
    the Russian data is there); Windows and macOS sort with the system's own rules."""
    from functools import cmp_to_key

    from PySide6.QtCore import QCollator, QLocale

    latin, cyrillic = ["adam", "Zoe"], ["аня", "Борис", "ёж", "яблоко"]
    expected = {QLocale.Language.Russian: cyrillic + latin,
                QLocale.Language.English: latin + cyrillic}
    icu = sys.platform.startswith("linux")
    for language, order in expected.items():
        collator = QCollator(QLocale(language))
        words = order if icu else cyrillic
        ordered = sorted(reversed(words), key=cmp_to_key(collator.compare))
        if ordered != words:
            raise CheckFailed(f"{QLocale(language).name()} sorts names as {ordered}")
    upper = QLocale(QLocale.Language.Russian).toUpper("ёлка")
    if upper != "ЁЛКА":
        raise CheckFailed(f"Russian upper case of 'ёлка' is {upper!r}")
    return "collation and case in en and ru" + (" (ICU)" if icu else "")


NATIVE_PLATFORMS = {"linux": ("libqxcb.so", "libqwayland.so"), "win32": ("qwindows.dll",),
                    "darwin": ("libqcocoa.dylib",)}
"""The platform plugins a player's desktop needs, by ``sys.platform``; the rest of the
self-check runs offscreen and would never load them."""
NATIVE_STYLES = {"win32": ("windows11", "windowsvista"), "darwin": ("macos",)}
"""Any one of these styles gives the system's own look."""


def check_platform(ctx: Context) -> str:
    """The desktop's own platform plugin loads (with every library it links) and the
    system's style is there: what a player's window needs, though this run is offscreen."""
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QPluginLoader
    from PySide6.QtWidgets import QStyleFactory

    folders = [Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)),
               *(Path(p) for p in QCoreApplication.libraryPaths())]
    key = "linux" if sys.platform.startswith("linux") else sys.platform
    loaded = []
    for name in NATIVE_PLATFORMS.get(key, ()):
        found = [f / "platforms" / name for f in folders if (f / "platforms" / name).is_file()]
        if not found:
            raise CheckFailed(f"the platform plugin {name} is missing (looked in "
                              f"{', '.join(str(f) for f in folders)})")
        loader = QPluginLoader(str(found[0]))
        if not loader.load():
            raise CheckFailed(f"the platform plugin {name} does not load: "
                              f"{loader.errorString()}")
        loaded.append(name)
    names = QStyleFactory.keys()  # a list of names, not a dictionary
    styles = [style.lower() for style in names]
    wanted = NATIVE_STYLES.get(key)
    if wanted and not any(style in styles for style in wanted):
        raise CheckFailed(f"no native style among {styles}")
    return f"{', '.join(loaded) or 'none needed'}; styles {', '.join(styles)}"


def check_version(ctx: Context) -> str:
    """The program knows its version (the About box shows it; a bundle reads it from
    the metadata it carries)."""
    import cardtable
    from cardtable.ui.identity import app_version

    version = cardtable.__version__
    if not re.fullmatch(r"\d+(\.\d+)+\S*", version) or app_version() != version:
        raise CheckFailed(f"no version: {version!r}")
    return version


def check_one_copy(ctx: Context) -> str:
    """The one-copy lock and the local server (QtNetwork) work: a second lock on the
    folder is refused, and a start's message reaches the running copy and is
    answered."""
    from PySide6.QtCore import QLockFile
    from PySide6.QtNetwork import QLocalSocket

    from cardtable.ui import single_instance as one

    folder = ctx.folder / "one-copy"
    start = one.claim(folder, None)
    if start.outcome != one.Outcome.FIRST or start.guard is None:
        raise CheckFailed(f"the lock was not taken: {start.outcome.value} {start.reason}")
    guard = start.guard
    received: list[Path | None] = []
    guard.set_receiver(received.append)
    client = QLocalSocket()
    try:
        second = QLockFile(str(folder / one.LOCK_FILE))
        if second.tryLock(0) or second.error() != QLockFile.LockError.LockFailedError:
            raise CheckFailed("a second lock on the same folder was not refused")
        game = folder / "game.cardtable.json"
        client.connectToServer(guard.name)
        if not client.waitForConnected(5000):
            raise CheckFailed(f"no connection to {guard.name}: {client.errorString()}")
        client.write(one.encode(game))
        client.flush()
        answer = bytearray()

        def answered() -> bool:
            answer.extend(bytes(client.readAll().data()))
            return b"\n" in answer and received == [game]

        if not wait_until(ctx.app, answered, 10):
            raise CheckFailed(f"the running copy did not take the message: {bytes(answer)!r}")
    finally:
        client.abort()
        guard.release()
    return f"locked, handed over on {guard.name}"


NETWORK_SECONDS = 60.0
"""The longest the network check may take (a short game on the loopback takes well
under a second)."""


def check_network(ctx: Context) -> str:
    """Network play's code, its WebSocket library and TLS are there, with no network
    needed: a table server on the loopback hosts a short game of two computer players
    who join over real sockets; both see the same end, and the server's record of the
    table replays to it.  (Every connection's TLS context is Python's ``ssl``.)"""
    import asyncio
    import ssl

    import websockets

    from cardtable.engine import record
    from cardtable.net.client import TableClient
    from cardtable.net.remote_player import SeatResult, play_seat
    from cardtable.net.server import TableServer, run_server

    folder = ctx.folder / "tables"
    ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # what a joining program's wss:// uses

    async def game() -> tuple[int, str, list[SeatResult]]:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        ready: asyncio.Future[int] = loop.create_future()
        serving = loop.create_task(run_server(TableServer(folder, deal_pause=0.0),
                                              "127.0.0.1", 0, ready=ready.set_result,
                                              stop=stop))
        try:
            first: list[asyncio.Future[Any]] = [ready, serving]
            await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
            if serving.done():
                serving.result()  # its error, if it failed to start
                raise CheckFailed("the table server stopped before it listened")
            port = ready.result()
            url = f"ws://127.0.0.1:{port}"
            host = await TableClient.open(url)
            try:
                created = await host.create("metamorphosis", [{"kind": "open"}] * 2,
                                            {"partii": 1})
            finally:
                await host.close()
            seats = await asyncio.gather(*(play_seat(url, created["code"], "random",
                                                     f"P{i + 1}", seed=i)
                                           for i in range(2)))
            return port, str(created["code"]), list(seats)
        finally:
            stop.set()
            await serving

    async def bounded() -> tuple[int, str, list[SeatResult]]:
        return await asyncio.wait_for(game(), NETWORK_SECONDS)

    try:
        port, code, seats = asyncio.run(bounded())
    except TimeoutError as exc:
        raise CheckFailed(f"no end of the game after {NETWORK_SECONDS:.0f} s") from exc
    totals = {tuple(seat.totals) for seat in seats}
    if sorted(seat.seat for seat in seats) != [0, 1] or len(totals) != 1:
        raise CheckFailed(f"the seats saw different ends: {[s.totals for s in seats]}")
    kept = record.load_file(folder / f"{code}.json")
    if not kept.state.is_over or tuple(kept.state.totals) not in totals:
        raise CheckFailed(f"the server's record does not end as the game did: {code}.json")
    try:
        import websockets.speedups

        speed = "C speedups"
    except ImportError:
        speed = "pure Python"
    moves = sum(seat.moves for seat in seats)
    return (f"Метаморфоза for 2 on ws://127.0.0.1:{port}: {moves} moves, totals "
            f"{list(seats[0].totals)}; websockets {websockets.__version__} ({speed}), "
            f"{ssl.OPENSSL_VERSION}")


# --- running -----------------------------------------------------------------------


def checks() -> Iterator[tuple[str, Callable[[Context], str]]]:
    yield "computer levels", check_levels
    yield "search workers", check_search_workers
    yield "workers without Qt", check_lean_workers
    yield "review", check_review
    yield "main window", check_window
    yield "statistics", check_statistics
    for i, table in enumerate(TABLES):
        def deal(ctx: Context, t: Table = table, s: int = i + 1) -> str:
            return play_deal(ctx, t, s)
        yield f"deal: {table.name}", deal
        if i == 0:
            yield "autosave", check_autosave
    yield "card faces and backs", check_cards
    yield "icon", check_icon
    yield "translations", check_russian
    yield "locale data", check_locale
    yield "platform plugin", check_platform
    yield "version", check_version
    yield "one copy", check_one_copy
    yield "network table", check_network


class Output(Protocol):
    """Where :func:`run` prints: a text stream, or a :class:`_Tee` of them."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


def run(app: Any, out: Output, only: Sequence[str] = ()) -> int:
    """Run every check (or those named in ``only``), print a line for each; 0 if all
    passed, else 1."""
    started = time.monotonic()
    failed: list[str] = []
    passed = 0
    with tempfile.TemporaryDirectory(prefix="cardtable-self-check-",
                                     ignore_cleanup_errors=True) as folder:
        ctx = Context(app, Path(folder))
        try:
            for name, check in checks():
                if only and name not in only:
                    continue
                t0 = time.monotonic()
                try:
                    detail = check(ctx)
                except CheckFailed as exc:
                    failed.append(name)
                    detail = str(exc)
                except Exception as exc:  # anything at all is a failed check, not a crash
                    failed.append(name)
                    trace = traceback.format_exc().rstrip().replace("\n", "\n      ")
                    detail = f"{type(exc).__name__}: {exc}\n      {trace}"
                ok = not failed or failed[-1] != name
                passed += ok
                mark = "ok" if ok else "FAIL"
                print(f"{mark:<4}  {name}: {detail} ({time.monotonic() - t0:.1f} s)",
                      file=out, flush=True)
                if name == "main window" and ctx.window is None:
                    break  # nothing further can run without it
        finally:
            if ctx.window is not None:
                ctx.window.controller.stop()
                ctx.window.close()
            if ctx.workers is not None:
                ctx.workers.shutdown()
    total = time.monotonic() - started
    verdict = f"FAILED: {', '.join(failed)}" if failed else "all passed"
    print(f"self-check {verdict} in {total:.1f} s", file=out)
    print(f"self-check: {passed} passed, {len(failed)} failed", file=out, flush=True)
    return 1 if failed else 0


class _Tee:
    """Writes to every stream given (the report file and standard output, if any)."""

    def __init__(self, streams: Sequence[TextIO]) -> None:
        self.streams = streams

    def write(self, text: str) -> int:
        for stream in self.streams:
            stream.write(text)
        return len(text)

    def flush(self) -> None:
        for stream in self.streams:
            stream.flush()


def main(argv: Sequence[str]) -> int:
    """Entry point for ``--self-check [--report FILE]`` (other arguments, such as Qt's
    ``-platform``, pass through to Qt).  A windowed program on Windows has no standard
    output: ``--report`` gives the lines a file to go to.  Nothing may escape as an
    exception: a windowed bundle would show it in a dialog that nobody closes."""
    parser = argparse.ArgumentParser(prog="cardtable --self-check", add_help=False)
    parser.add_argument("--self-check", action="store_true")
    parser.add_argument("--report", type=Path)
    parser.add_argument("--only", type=lambda text: [n.strip() for n in text.split(",")],
                        default=[], help="run only these checks (names, by commas)")
    args, qt_args = parser.parse_known_args(list(argv))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    streams: list[TextIO] = [s for s in (sys.stdout,) if s is not None]
    report = None
    if args.report is not None:
        try:
            report = args.report.open("w", encoding="utf-8")
        except OSError as exc:
            print(f"cannot write the report {args.report}: {exc}", file=sys.stderr)
            return 2
        streams.append(report)
    out = _Tee(streams)
    try:
        from PySide6.QtWidgets import QApplication

        from cardtable.ui.i18n import install_translators
        from cardtable.ui.identity import configure_application

        existing = QApplication.instance()
        app = existing if isinstance(existing, QApplication) else QApplication(
            [sys.argv[0] if sys.argv else "cardtable", *qt_args])
        configure_application(app)
        install_translators(app, "en")
        return run(app, out, args.only)
    except BaseException:  # anything at all: said in the report, never raised
        out.write("FAIL  self-check stopped: " + traceback.format_exc())
        out.write("self-check: 0 passed, 1 failed\n")
        return 1
    finally:
        if report is not None:
            report.close()
