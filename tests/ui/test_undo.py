"""Undo and redo in the controller: back to the human's previous decision with the
computers' moves after it, the same replies when the same move is played again,
redo where nothing new was played, the autosave following, off in pass-and-play
unless allowed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.actions import Action
from cardtable.engine.match import ActStep, Seat
from cardtable.ui.controller import GameController, Waiting


class Whimsical:
    """Plays a legal action chosen by the operating system's randomness, ignoring the
    seed it is given: thinking again about a position gives another answer, so only
    a controller that replays the replies it got before can repeat them."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        self.calls += 1
        return random.SystemRandom().choice(list(legal))


def human_first(n: int) -> list[Seat]:
    return [Seat("Я", "human", None), *(Seat(f"C{i}", "computer", "easy")
                                         for i in range(1, n))]


def controller_with(qtbot: Any, players: Any = None) -> GameController:
    controller = GameController()
    controller.set_pace("instant")
    if players is not None:
        controller.player_factory = lambda game, level: players
    return controller


def wait_human(qtbot: Any, controller: GameController) -> None:
    def ready() -> bool:
        if controller.waiting == Waiting.NEXT_DEAL:
            controller.next_deal()
        return controller.waiting == Waiting.HUMAN
    qtbot.waitUntil(ready, timeout=10000)


def play_human_moves(qtbot: Any, controller: GameController, count: int,
                     rng: random.Random) -> list[Action]:
    made = []
    for _ in range(count):
        wait_human(qtbot, controller)
        legal = controller.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert controller.submit(action)
        made.append(action)
    wait_human(qtbot, controller)
    return made


@pytest.mark.parametrize(("game", "options"), [("king", {"players": 4}),
                                               ("clubs", {"players": 3}),
                                               ("metamorphosis", {"players": 3})])
def test_undo_goes_back_to_the_last_human_decision(qtbot: Any, game: str,
                                                   options: dict[str, int]) -> None:
    controller = controller_with(qtbot, Whimsical())
    controller.new_game(game, options, human_first(options["players"]), seed=21)
    play_human_moves(qtbot, controller, 12, random.Random(1))
    match = controller.match
    assert match is not None
    steps = match.steps()
    last_human = max(i for i, s in enumerate(steps)
                     if isinstance(s, ActStep) and s.seat == 0)
    assert controller.can_undo() and not controller.can_redo()
    assert controller.undo()
    assert controller.waiting == Waiting.HUMAN and controller.state.to_move == 0
    assert controller.match is not None
    assert controller.match.steps() == steps[:last_human]
    assert controller.future == steps[last_human:]
    assert controller.can_redo()


def test_the_same_move_after_undo_brings_the_same_replies(qtbot: Any) -> None:
    """With a computer whose every answer is new, the replies can only repeat if the
    controller follows what it took back; playing differently thinks afresh."""
    whimsical = Whimsical()
    controller = controller_with(qtbot, whimsical)
    controller.new_game("king", {"players": 4}, human_first(4), seed=22)
    play_human_moves(qtbot, controller, 6, random.Random(2))
    assert controller.match is not None
    before = controller.match.steps()
    calls = whimsical.calls
    controller.undo()
    step = controller.future[0]
    assert isinstance(step, ActStep)
    assert controller.submit(step.action)
    wait_human(qtbot, controller)
    assert controller.match.steps() == before
    assert whimsical.calls == calls  # nothing was thought again
    assert controller.future == []

    # the deliberate bad case: another move, and the old replies must not be reused
    controller.undo()
    while len(controller.state.legal_actions()) < 2:  # back to a decision with a choice
        assert controller.undo()
    first = controller.future[0]
    assert isinstance(first, ActStep)
    other = next(a for a in controller.state.legal_actions() if a != first.action)
    assert controller.submit(other)
    assert controller.future == []
    wait_human(qtbot, controller)
    rng = random.Random(12)
    for _ in range(20):  # the next computer move, whenever it comes, is thought afresh
        if whimsical.calls > calls:
            break
        play_human_moves(qtbot, controller, 1, rng)
    assert whimsical.calls > calls


def test_redo_restores_what_undo_took_back(qtbot: Any) -> None:
    controller = controller_with(qtbot)
    controller.new_game("clubs", {"players": 4}, human_first(4), seed=23)
    play_human_moves(qtbot, controller, 10, random.Random(3))
    assert controller.match is not None
    before = controller.match.steps()
    assert controller.undo() and controller.undo() and controller.undo()
    assert controller.match.step_count < len(before)
    assert controller.redo() and controller.redo()
    wait_human(qtbot, controller)
    assert controller.redo()
    wait_human(qtbot, controller)
    assert controller.match.steps() == before
    assert not controller.can_redo()


def test_undo_across_the_end_of_a_deal(qtbot: Any) -> None:
    """The human's last card ends the deal; undo from the next deal's first decision
    takes back the deal's end and the new deal, and redo deals the same cards."""
    controller = controller_with(qtbot)
    controller.new_game("king", {"players": 3}, human_first(3), seed=24)
    rng = random.Random(4)
    while controller.match is not None and len(controller.match.deals) < 2:
        play_human_moves(qtbot, controller, 1, rng)
    match = controller.match
    assert match is not None
    second_layout = match.deals[1].layout
    before = match.steps()
    # undo until the position is back in the first deal
    while len(controller.match.deals) > 1:
        assert controller.undo()
    assert controller.waiting == Waiting.HUMAN
    while controller.can_redo():
        controller.redo()
        wait_human(qtbot, controller)
    assert controller.match.deals[1].layout == second_layout
    assert controller.match.steps() == before


def test_a_deal_is_the_same_however_the_game_got_there(qtbot: Any) -> None:
    """Deals come from the seed and the deal's number: a game resumed from its record
    after the first deal (a fresh generator) gets the same second deal as the game
    played straight on."""
    controller = controller_with(qtbot)
    controller.new_game("king", {"players": 3}, human_first(3), seed=25)
    rng = random.Random(5)
    while controller.match is not None and len(controller.match.deals) < 2:
        play_human_moves(qtbot, controller, 1, rng)
    assert controller.match is not None
    straight = controller.match.deals[1].layout
    data = record.to_json(controller.match)
    data["deals"] = data["deals"][:1]
    resumed = controller_with(qtbot)
    resumed.start_match(record.load(data))
    qtbot.waitUntil(lambda: resumed.waiting == Waiting.NEXT_DEAL, timeout=5000)
    resumed.next_deal()
    assert resumed.match is not None and resumed.match.deals[1].layout == straight
    controller.stop()
    resumed.stop()


def test_the_autosave_follows_undo(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    controller = controller_with(qtbot)
    controller.autosave_path = path
    controller.new_game("king", {"players": 4}, human_first(4), seed=26)
    play_human_moves(qtbot, controller, 5, random.Random(7))
    controller.undo()
    assert controller.match is not None
    assert controller.flush_autosave()
    assert record.load_file(path).steps() == controller.match.steps()


def test_undo_and_redo_are_off_in_pass_and_play_unless_allowed(qtbot: Any) -> None:
    controller = controller_with(qtbot)
    seats = [Seat("Аня", "human", None), Seat("Борис", "human", None),
             Seat("C", "computer", "easy")]
    controller.new_game("king", {"players": 3}, seats, seed=27)

    def act() -> None:
        if controller.waiting == Waiting.HANDOVER:
            controller.take_over()
        qtbot.waitUntil(lambda: controller.waiting == Waiting.HUMAN, timeout=10000)
        controller.submit(controller.state.legal_actions()[0])

    for _ in range(3):
        qtbot.waitUntil(lambda: controller.waiting in (Waiting.HANDOVER, Waiting.HUMAN),
                        timeout=10000)
        act()
    qtbot.waitUntil(lambda: controller.waiting in (Waiting.HANDOVER, Waiting.HUMAN),
                    timeout=10000)
    assert not controller.can_undo() and not controller.undo()
    controller.shared_undo = True
    assert controller.undo()
    # the table is hidden again and handed to whoever must decide
    assert controller.waiting == Waiting.HANDOVER and controller.concealed


def test_no_undo_without_a_human_move(qtbot: Any) -> None:
    controller = controller_with(qtbot)
    controller.new_game("king", {"players": 3}, human_first(3), seed=28)
    wait_human(qtbot, controller)
    assert not controller.can_undo() and not controller.undo()
    computers = GameController()
    computers.new_game("king", {"players": 3},
                       [Seat(f"C{i}", "computer", "easy") for i in range(3)], seed=28)
    assert not computers.can_undo()
    computers.stop()


def test_restart_deal_can_be_redone(qtbot: Any) -> None:
    controller = controller_with(qtbot)
    controller.new_game("king", {"players": 4}, human_first(4), seed=29)
    play_human_moves(qtbot, controller, 3, random.Random(8))
    assert controller.match is not None
    before = controller.match.steps()
    assert controller.restart_deal()
    wait_human(qtbot, controller)
    while controller.can_redo():
        controller.redo()
        wait_human(qtbot, controller)
    assert controller.match.steps() == before


def test_undo_and_hint_are_told_as_assistance(qtbot: Any) -> None:
    controller = controller_with(qtbot)
    helped: list[str] = []
    controller.assisted.connect(helped.append)
    controller.player_factory = lambda game, level: make_player(game, "easy")
    controller.new_game("king", {"players": 4}, human_first(4), seed=30)
    play_human_moves(qtbot, controller, 2, random.Random(9))
    controller.request_hint()
    controller.undo()
    assert helped == ["hint", "undo"]
