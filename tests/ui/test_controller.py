"""The controller on its own (no table): the event loop runs while a computer thinks,
stale answers are dropped, refused actions change nothing, deals can be restarted and
the game in progress survives a restart of the program."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer

from cardtable.ai import make_player
from cardtable.cards import Card
from cardtable.engine.actions import Action, Play
from cardtable.engine.game import IllegalAction
from cardtable.engine.match import Seat
from cardtable.ui.controller import GameController


class SlowPlayer:
    """Thinks for ``seconds`` (in the worker thread), then plays like the easy level."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.inner = make_player("king", "easy")
        self.calls = 0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        self.calls += 1
        time.sleep(self.seconds)
        return self.inner.choose(view, legal, rng)


def computers(n: int) -> list[Seat]:
    return [Seat(f"C{i}", "computer", "easy") for i in range(n)]


def test_event_loop_runs_while_a_computer_thinks(qtbot: Any) -> None:
    controller = GameController()
    slow = SlowPlayer(0.6)
    controller.player_factory = lambda game, level: slow
    controller.set_pace("instant")
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    with qtbot.waitSignal(controller.stepped, timeout=5000) as first_deal:
        controller.new_game("king", {"players": 3}, computers(3), seed=1)
    assert first_deal.signal_triggered
    assert controller.waiting == "computer"
    started = time.monotonic()
    with qtbot.waitSignal(controller.stepped, timeout=5000):
        pass
    elapsed = time.monotonic() - started
    timer.stop()
    during = [t for t in ticks if started <= t <= started + elapsed]
    assert elapsed >= 0.5
    # the GUI thread kept ticking every 20 ms while the player slept in its thread
    assert len(during) >= 10
    controller.stop()


def test_new_game_drops_a_stale_answer(qtbot: Any) -> None:
    controller = GameController()
    controller.player_factory = lambda game, level: SlowPlayer(0.3)
    controller.set_pace("instant")
    controller.new_game("king", {"players": 4}, computers(4), seed=2)
    assert controller.waiting == "computer"
    first = controller.match
    seats = [Seat("Я", "human", None), *computers(3)]
    controller.player_factory = make_player
    controller.new_game("king", {"players": 4}, seats, seed=3)
    qtbot.wait(600)  # the old game's answer arrives and must be ignored
    assert first is not None and all(not d.actions for d in first.deals)
    assert controller.match is not first
    controller.stop()


def test_refused_action_changes_nothing(qtbot: Any) -> None:
    controller = GameController()
    controller.set_pace("instant")
    seats = [Seat("Я", "human", None), *computers(3)]
    controller.new_game("king", {"players": 4}, seats, seed=4)
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    state = controller.state
    hand = set(state.view(0).hand)
    not_mine = next(Card(c) for c in range(52) if Card(c) not in hand)
    actions_before = len(controller.match.deals[-1].actions)
    with qtbot.waitSignal(controller.refused) as refused:
        assert controller.submit(Play(not_mine)) is False
    seat, exc = refused.args
    assert seat == 0 and isinstance(exc, IllegalAction) and exc.code == "not_in_hand"
    assert len(controller.match.deals[-1].actions) == actions_before
    assert controller.waiting == "human"
    controller.stop()


def test_restart_deal_replays_the_same_cards(qtbot: Any) -> None:
    controller = GameController()
    controller.set_pace("instant")
    seats = [Seat("Я", "human", None), *computers(3)]
    controller.new_game("king", {"players": 4}, seats, seed=5)
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    layout = controller.match.deals[-1].layout
    legal = controller.state.legal_actions()
    controller.submit(legal[0])
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    assert controller.match.deals[-1].actions
    assert controller.restart_deal()
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    assert controller.match.deals[-1].layout == layout
    assert len(controller.match.deals) == 1
    # the computers before the human have replayed their moves; the human's is undone
    assert all(seat != 0 for seat, _ in controller.match.deals[-1].actions)
    controller.stop()


def test_game_in_progress_survives_a_restart(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "saved" / "game.json"
    controller = GameController()
    controller.autosave_path = path
    controller.set_pace("instant")
    seats = [Seat("Я", "human", None), *computers(2)]
    controller.new_game("king", {"players": 3}, seats, seed=6)
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    controller.submit(controller.state.legal_actions()[0])
    qtbot.waitUntil(lambda: controller.waiting == "human", timeout=5000)
    assert controller.flush_autosave()
    assert path.is_file()
    from cardtable.engine import record

    again = record.load_file(path)
    assert [len(d.actions) for d in again.deals] == \
        [len(d.actions) for d in controller.match.deals]
    controller.stop()


class Searching:
    """Thinks until told to stop (like the search levels' ``cancel``), then answers."""

    def __init__(self) -> None:
        import threading

        self.stop = threading.Event()
        self.started = threading.Event()
        self.returned = threading.Event()
        self.inner = make_player("king", "easy")

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        self.started.set()
        self.stop.wait(30)
        self.returned.set()
        return self.inner.choose(view, legal, rng)

    def cancel(self) -> None:
        self.stop.set()


def test_a_new_game_cancels_a_computer_that_is_thinking(qtbot: Any) -> None:
    controller = GameController()
    searching = Searching()
    controller.player_factory = lambda game, level: searching
    controller.set_pace("instant")
    controller.new_game("king", {"players": 3}, computers(3), seed=1)
    qtbot.waitUntil(searching.started.is_set, timeout=5000)
    assert controller.waiting == "computer"
    controller.player_factory = lambda game, level: make_player(game, "easy")
    controller.new_game("king", {"players": 3}, computers(3), seed=2)
    qtbot.waitUntil(searching.returned.is_set, timeout=2000)  # not the 30 s it would think
    assert searching.stop.is_set()
    controller.stop()


def test_quitting_cancels_a_computer_that_is_thinking(qtbot: Any) -> None:
    controller = GameController()
    searching = Searching()
    controller.player_factory = lambda game, level: searching
    controller.new_game("king", {"players": 3}, computers(3), seed=1)
    qtbot.waitUntil(searching.started.is_set, timeout=5000)
    controller.stop()
    qtbot.waitUntil(searching.returned.is_set, timeout=2000)


def test_a_level_missing_from_the_install_falls_back_and_says_so(
        qtbot: Any, monkeypatch: Any) -> None:
    """A broken install (a bundle without the search, say) still plays: the seat gets
    the strongest level there is below the one asked for, and the status line says
    which; nothing crashes and the window does not hang."""
    import cardtable.ai as registry

    def missing() -> dict[str, type]:
        raise ModuleNotFoundError("No module named 'cardtable.ai.king_hard'",
                                  name="cardtable.ai.king_hard")

    monkeypatch.setitem(registry.LOADERS, ("king", "hard"), missing)
    controller = GameController()
    controller.set_pace("instant")
    said: list[str] = []
    controller.failed.connect(said.append)
    seats = [Seat("Аня", "computer", "hard"), *computers(2)]
    with qtbot.waitSignal(controller.stepped, timeout=5000):
        controller.new_game("king", {"players": 3}, seats, seed=1)
    qtbot.waitUntil(lambda: controller.players[0] is not None, timeout=10000)  # its turn
    assert type(controller.players[0]).__name__ == "KingNormalPlayer"
    assert said == ["Computer level Hard is missing from this installation: "
                    "Аня plays at Normal"]
    controller.stop()


def test_a_searching_computer_plays_on_every_core(qtbot: Any) -> None:
    """The hard seat gets the program's search workers at its first decision (in the
    computer thread; on one core there are none and it searches alone)."""
    from cardtable.ai import parallel

    controller = GameController()
    controller.set_pace("instant")
    seats = [Seat("Аня", "computer", "hard"), *computers(2)]
    with qtbot.waitSignal(controller.stepped, timeout=5000):
        controller.new_game("king", {"players": 3}, seats, seed=2)
    hard = controller.player(0)  # made now rather than at its first turn: the same one
    qtbot.waitUntil(lambda: hard.last_stats is not None, timeout=20000)
    assert hard.pool is controller.search_workers.started
    if parallel.cores() > 1:
        assert hard.pool is not None and hard.playouts == 2000 * hard.pool.workers
    controller.stop()
    assert controller.search_workers.started is None  # the controller stops its workers


def test_a_computer_is_made_at_its_first_turn(qtbot: Any) -> None:
    """Making a computer player imports its level's module (the search and its tables):
    none is made while the first table is drawn, and each seat's is made once, at its
    first turn, then kept."""
    controller = GameController()
    made: list[str] = []

    def factory(game: str, level: str) -> SlowPlayer:
        made.append(level)
        return SlowPlayer(0.0)

    controller.player_factory = factory
    controller.set_pace("instant")
    controller.hold_thinking()
    seats = [Seat("C0", "computer", "hard"), Seat("C1", "computer", "easy"),
             Seat("C2", "computer", "normal")]
    controller.new_game("king", {"players": 3}, seats, seed=1)
    qtbot.wait(100)
    assert made == [] and controller.players == [None, None, None]
    controller.release_thinking()
    qtbot.waitUntil(lambda: controller.match.state.needs_deal, timeout=20000)  # played out
    assert sorted(made) == ["easy", "hard", "normal"]  # one each, kept for the whole deal
    assert all(isinstance(player, SlowPlayer) for player in controller.players)
    controller.stop()


def test_held_thinking_starts_once_released(qtbot: Any) -> None:
    """The program holds the computers while its first table is drawn: a computer's
    turn that comes meanwhile starts thinking only at the release, and a game put
    away while held leaves nothing to think about."""
    controller = GameController()
    player = SlowPlayer(0.0)
    controller.player_factory = lambda game, level: player
    controller.set_pace("instant")
    controller.hold_thinking()
    controller.new_game("king", {"players": 3}, computers(3), seed=1)
    assert controller.waiting == "computer"
    qtbot.wait(200)
    assert player.calls == 0 and not controller.match.deals[0].actions
    controller.release_thinking()
    qtbot.waitUntil(lambda: player.calls >= 1, timeout=5000)
    qtbot.waitUntil(lambda: bool(controller.match.deals[0].actions), timeout=5000)

    controller.hold_thinking()
    controller.new_game("king", {"players": 3}, computers(3), seed=2)
    put_away = controller.match
    controller.new_game("king", {"players": 3}, computers(3), seed=3)
    controller.release_thinking()
    qtbot.waitUntil(lambda: bool(controller.match.deals[0].actions), timeout=5000)
    assert put_away is not None and not put_away.deals[0].actions
    controller.stop()
