"""The hint: the strongest level's move for the human to move, found in a worker
thread, pointed at on the table, with a few words on why."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardtable.cards import Card
from cardtable.engine import get_game
from cardtable.engine.actions import Action, Play
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.match import Seat
from cardtable.ui.games.clubs import ClubsPresenter
from cardtable.ui.games.hint_words import beats, hint_text, play_reason, winning_card
from cardtable.ui.settings import GameSettings
from cardtable.ui.window.main_window import MainWindow

C = Card.parse


def king_view(hand: str, trick: Sequence[tuple[int, str]], **changes: Any) -> Any:
    """Seat 0 of 4-player Кинг (deal 1, no tricks) holding ``hand`` with ``trick`` on
    the table; its legal cards follow suit, as the engine's would."""
    state = get_game("king").new({"players": 4}, first_dealer=0)
    state.deal(state.random_layout(random.Random(1)))
    view = state.view(0)
    cards = tuple(C(c) for c in hand.split())
    played = tuple((s, C(c)) for s, c in trick)
    follow = [c for c in cards if played and c.suit == played[0][1].suit]
    return replace(view, hand=cards, trick=played,
                   legal=tuple(Play(c) for c in (follow or cards)), **changes)


def test_beats_follows_suit_trumps_and_the_reversed_ranks() -> None:
    assert beats(C("KS"), C("QS"), None)
    assert not beats(C("2S"), C("QS"), None)
    assert not beats(C("AH"), C("2S"), None)  # another suit never takes without trumps
    assert beats(C("2C"), C("AS"), trump=3)  # clubs are suit 3
    assert beats(C("7S"), C("AS"), None, reversed_ranks=True)


def test_the_reason_names_the_void_when_throwing_a_card_away() -> None:
    view = king_view("QS 9S 2C", [(1, "5D"), (2, "KD")])
    assert winning_card(view) == C("KD")
    assert play_reason(view, C("QS")) == "throw Q♠ away: you have no diamonds"
    assert play_reason(view, C("QS")) != play_reason(view, C("2C"))


def test_the_reason_tells_taking_from_ducking() -> None:
    """Deal 1 costs a trick: ducking is the aim, taking needs its own reason."""
    view = king_view("AD 3D 2C", [(1, "5D"), (2, "KD")])
    assert play_reason(view, C("AD")) == "take the trick with A♦: then you lead the next one"
    assert play_reason(view, C("3D")) == ("play 3♦ under K♦: the highest card you can "
                                          "lose the trick with")
    lead = replace(view, trick=(), legal=(Play(C("3D")), Play(C("AD")), Play(C("2C"))))
    assert play_reason(lead, C("3D")) == ("lead 3♦: it cannot take the trick — every card "
                                          "of its suit still out is higher")


def test_a_trump_on_a_void_is_said_to_trump() -> None:
    view = king_view("QH 9S", [(1, "5D")], trump=1, deal=None)
    assert play_reason(view, C("QH")) == "trump with Q♥: you have no diamonds"


def test_choices_other_than_cards_are_named() -> None:
    view = king_view("AD", [])
    presenter = ClubsPresenter(["A", "B", "C", "D"])
    move = presenter.move_text(view, Bid(3))
    assert move == "bid 3"
    # the words add why to the presenter's move, and the presenter's hint is that
    choice = replace(view, legal=(Bid(2), Bid(3)))
    assert hint_text(choice, Bid(3), move).startswith(
        "bid 3 — your aces, kings and clubs should take about ")
    assert presenter.hint_text(choice, Bid(3)) == hint_text(choice, Bid(3), move)


class Scripted:
    """A 'strongest level' whose answer the test knows: the highest legal card."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        self.calls += 1
        plays = [a for a in legal if type(a) is Play]
        return max(plays, key=lambda a: a.card % 13) if plays else legal[0]


def test_the_hint_lifts_the_suggested_card_and_says_why(window: MainWindow, qtbot: Any) -> None:
    scripted = Scripted()
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, 4)]
    assert not window.menus.hint_action.isEnabled()  # nobody to advise yet
    window.start_game(GameSettings("king", {"players": 4}, seats), seed=3)
    qtbot.waitUntil(lambda: window.scene.turn_view is not None and not window.scene.busy,
                    timeout=10000)
    assert window.menus.hint_action.isEnabled()
    # the computers are seated; the hint's player is made when first asked for
    window.controller.player_factory = lambda game, level: scripted
    view = window.scene.turn_view
    with qtbot.waitSignal(window.controller.hintReady, timeout=10000) as ready:
        window.menus.hint_action.trigger()
    seat, action = ready.args
    assert seat == 0 and scripted.calls == 1
    expected = max((a for a in view.legal if type(a) is Play), key=lambda a: a.card % 13)
    assert action == expected
    hand = window.scene.hands[0]
    assert window.scene.selected is not None
    assert hand[window.scene.selected].card == expected.card
    assert window.status_label.text().startswith("Hint: ")
    assert Card(expected.card).pretty() in window.status_label.text()
    # Enter plays the suggested card
    played = []
    window.controller.stepped.connect(lambda events, v: played.extend(events))
    from PySide6.QtCore import Qt

    window.table.setFocus()
    qtbot.keyClick(window.table.viewport(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(getattr(e, "card", None) == expected.card for e in played),
                    timeout=5000)


def test_a_hint_for_a_move_already_made_is_dropped(window: MainWindow, qtbot: Any) -> None:
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, 4)]
    window.start_game(GameSettings("king", {"players": 4}, seats), seed=3)
    qtbot.waitUntil(lambda: window.scene.turn_view is not None and not window.scene.busy,
                    timeout=10000)
    controller = window.controller
    assert controller.request_hint()
    shown: list[Any] = []
    controller.hintReady.connect(lambda seat, action: shown.append(action))
    legal = [a for a in window.scene.turn_view.legal if type(a) is Play]
    controller.submit(legal[0])  # the human moves before the hint arrives
    qtbot.wait(1500)
    assert shown == []
