"""The real program, played by a stand-in for the person, for the kill-and-resume
test (:mod:`kill_resume`): run as ``python tests/kill_driver.py --data DIR --seed N``.

It sets the application up as the real entry point does (offscreen), with its
settings in ``DIR/settings.ini`` and the game in progress kept at
``DIR/current-game.json``; builds the real :class:`MainWindow`, which resumes the
saved game or starts one; and plays on for ever: a legal action chosen with a seeded
generator whenever a person must decide, "Next deal" on the board, "Play again" at the
end.  The computers play at once, so the game is saved many times a second.

So that the parent knows the least that must survive a kill, it prints (flushed):

``resumed SEED DEALS ACTIONS`` / ``fresh PROBLEM``
    what the window's resume found on disk (before anything is saved);
``started SEED``
    a new game begins (before its first save);
``saved SEED DEALS ACTIONS``
    after each save has returned — the file on disk holds at least this;
``over SEED DEALS ACTIONS``
    the game has ended: printed by the writer thread *before* it removes the file;
``failed MESSAGE``
    the window reported a failure (a save that could not be written, …).

Only this driver is instrumented (``record.write_atomically``, which the program's
autosave thread calls, ``saves.resume`` and the controller's autosave are wrapped
here); the program itself is unchanged.
``--sabotage`` makes the driver misbehave on purpose, to prove the checker catches
it: ``truncate`` writes half of each save where the file is, ``overstate`` reports
a thousand actions more than it saved (more than any game has, so that no later
save can make up for the lie before the kill), ``forget`` throws the saved game away
before the window opens, as a program that fails to resume would.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the project, not tests/

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from cardtable import saves
from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.ui.controller import Waiting
from cardtable.ui.i18n import install_translators
from cardtable.ui.identity import configure_application
from cardtable.ui.settings import GameSettings, save_pace, save_settings

AUTOSAVE = "current-game.json"
PLAYERS = {"king": (3, 4), "clubs": (2, 3, 4, 5, 6), "metamorphosis": (2, 3)}
"""The tables the kill test covers, by game."""


def say(*words: object) -> None:
    """One whole line in one write, so that a kill never leaves half of one (Python's
    own ``print`` may write a line in pieces, one per word, when unbuffered)."""
    os.write(1, (" ".join(map(str, words)) + "\n").encode("utf-8"))


def progress(match: Match) -> tuple[int, int]:
    """(deals dealt, actions taken) of a match: what a save must keep."""
    return len(match.deals), sum(len(d.actions) for d in match.deals)


def describe(match: Match) -> str:
    deals, actions = progress(match)
    return f"{match.seed} {deals} {actions}"


def game_options(game: str, players: int, rng: random.Random) -> dict[str, Any]:
    """Options for a new game, drawn so that games end now and then (the end of a
    game removes the file, which the test must see too)."""
    if game == "king":
        return {"players": players, "length": rng.choice(("full", "short")),
                "stage2": rng.choice(("hvalenki", "positive"))}
    if game == "clubs":
        return {"players": players, "target": rng.choice((25, 50)),
                "bidding": rng.choice(("auction", "everyone"))}
    return {"players": players, "partii": 1, "turned_trump": rng.random() < 0.5}


def seats(players: int, humans: int, level: str) -> list[Seat]:
    return [Seat(f"Игрок {i + 1}", "human", None) if i < humans
            else Seat(f"Бот {i + 1}", "computer", level) for i in range(players)]


ending: dict[str, Any] = {"seed": None, "progress": (0, 0)}
"""The game that has just ended, for the ``over`` line the writer thread prints."""


def instrument(sabotage: str | None) -> None:
    """Wrap the write of the autosave (in the program's writer thread) and the resume
    the window calls, to say what they did."""
    real_write = record.write_atomically
    real_discard = saves.discard
    real_resume = saves.resume

    def discard(path: Path) -> None:
        # in the writer thread, so in order with its "saved" lines
        say("over", ending["seed"], *ending["progress"])
        real_discard(path)

    def write(path: str | os.PathLike[str], data: bytes) -> None:
        if sabotage == "truncate":
            Path(path).write_bytes(data[:len(data) // 2])
        else:
            real_write(path, data)
        written = json.loads(data)
        deals = len(written["deals"])
        actions = sum(len(d["actions"]) for d in written["deals"])
        if sabotage == "overstate":
            actions += 1000
        say("saved", written.get("seed"), deals, actions)

    def resume(path: Path, now: float | None = None) -> saves.Resumed:
        found = real_resume(path, now)
        if found.match is not None:
            say("resumed", describe(found.match))
        else:
            say("fresh", found.problem or "none")
        return found

    record.write_atomically = write  # type: ignore[assignment]
    saves.discard = discard
    saves.resume = resume


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=sorted(PLAYERS), default="king")
    parser.add_argument("--players", type=int)
    parser.add_argument("--humans", type=int, default=1,
                        help="seats 0 … k-1 are people (2 or more: pass-and-play)")
    parser.add_argument("--level", choices=("easy", "random"), default="easy")
    parser.add_argument("--person", choices=("easy", "random"), default="random",
                        help="how the stand-in picks its legal action")
    parser.add_argument("--max-seconds", type=float, default=120.0,
                        help="quit on its own after this long (a safety net)")
    parser.add_argument("--sabotage", choices=("truncate", "overstate", "forget"))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    players = args.players or rng.choice(PLAYERS[args.game])
    if players not in PLAYERS[args.game]:
        parser.error(f"{args.game} is covered at {PLAYERS[args.game]} players")

    app = QApplication([sys.argv[0], "-platform", "offscreen"])
    configure_application(app)
    install_translators(app)
    args.data.mkdir(parents=True, exist_ok=True)
    qs = QSettings(str(args.data / "settings.ini"), QSettings.Format.IniFormat)
    settings = GameSettings(args.game, game_options(args.game, players, rng),
                            seats(players, min(args.humans, players), args.level))
    # what the new-game dialog would have stored (computers there are never ``random``)
    save_settings(qs, GameSettings(settings.game, settings.options,
                                   seats(players, min(args.humans, players), "easy")))
    save_pace(qs, "instant")
    if args.sabotage == "forget":
        (args.data / AUTOSAVE).unlink(missing_ok=True)
    instrument(args.sabotage)

    from cardtable.ui.window.main_window import MainWindow

    window = MainWindow(qsettings=qs, autosave=args.data / AUTOSAVE, start=True)
    window.settings = settings  # the level may be ``random``, which the dialog never offers
    window.show()
    controller = window.controller
    controller.failed.connect(lambda message: say("failed", message))
    controller.gameStarted.connect(
        lambda _payload: controller.match is not None and not controller.match.deals
        and say("started", controller.match.seed))
    real_autosave = controller._autosave

    def autosave() -> None:
        match = controller.match
        if match is not None and match.state.is_over:  # the writer removes the file next
            ending["seed"], ending["progress"] = match.seed, progress(match)
        real_autosave()

    controller._autosave = autosave  # type: ignore[method-assign]
    person = make_player(args.game, "easy") if args.person == "easy" else None

    def step() -> None:
        """Whatever a person at the table would do now."""
        match = controller.match
        if match is None:
            return
        waiting = controller.waiting
        if waiting == Waiting.HUMAN:
            view = controller.view_of_mover()
            action = person.choose(view, view.legal, rng) if person is not None \
                else rng.choice(list(view.legal))
            if not controller.submit(action):
                say("failed", f"a legal action was refused: {action}")
        elif waiting == Waiting.HANDOVER:
            controller.take_over()
        elif match.state.is_over and window.board.isVisible():
            window.play_again()
        elif waiting == Waiting.NEXT_DEAL and window.board.isVisible():
            window.board.buttons[0].click()

    ticker = QTimer()
    ticker.setInterval(1)
    ticker.timeout.connect(step)
    ticker.start()
    QTimer.singleShot(int(args.max_seconds * 1000), window.close)
    QTimer.singleShot(int(args.max_seconds * 1000), app.quit)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
