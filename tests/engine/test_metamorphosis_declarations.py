"""Declarations (metamorphosis.md, «Deal» step 4): from the dealer's left each player
takes one of the declaration cards still available, face down; the others see which
cards remain, not which one he took; all are turned up together at the end."""

from __future__ import annotations

import random

import pytest
from metamorphosis_helpers import assert_refused, complete, declare, new_state, play_out

from cardtable.engine.metamorphosis import METAMORPHOSIS_GAME
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.engine.metamorphosis_events import DeclarationsRevealed, Declared


@pytest.mark.parametrize(("n", "dealer", "order"), [
    (2, 0, [1, 0]), (2, 1, [0, 1]), (3, 0, [1, 2, 0]), (3, 1, [2, 0, 1]), (3, 2, [0, 1, 2]),
])
def test_choosing_starts_to_the_dealers_left(n: int, dealer: int, order: list[int]) -> None:
    state = new_state(complete(n), dealer)
    values = ["3", "A", "4"][:n]
    for i, (seat, value) in enumerate(zip(order, values, strict=True)):
        assert state.phase == "declare" and state.to_move == seat
        events = state.apply(Declare(value))
        assert events[0] == Declared(seat)
        if i < n - 1:
            assert events == [Declared(seat)]
    by_seat = [values[order.index(s)] for s in range(n)]
    assert events[1:] == [DeclarationsRevealed(tuple(by_seat))]
    assert state.phase == "play" and state.to_move == (dealer + 1) % n
    for s in range(n):
        assert list(state.view(s).declarations) == by_seat


def test_legal_declarations_are_the_cards_still_available() -> None:
    state = new_state(complete(3), 0)
    assert [a.value for a in state.legal_actions()] == ["A", "2", "3", "4"]
    declare(state, "2")
    assert sorted(a.value for a in state.legal_actions()) == ["3", "4", "A"]
    declare(state, "A")
    assert sorted(a.value for a in state.legal_actions()) == ["3", "4"]


@pytest.mark.parametrize("n", [2, 3])
def test_a_taken_card_is_refused_and_nothing_changes(n: int) -> None:
    state = new_state(complete(n), 0)
    declare(state, "4")
    exc = assert_refused(state, Declare("4"), "declaration_taken")
    assert exc.params == {"value": "4"}
    if n == 3:
        declare(state, "A")
        assert_refused(state, Declare("4"), "declaration_taken")
        assert_refused(state, Declare("A"), "declaration_taken")
    declare(state, "3")
    assert state.phase == "play"


@pytest.mark.parametrize("value", ["5", "1", "K", "a", "T", "10", "AS", "trump:D"])
def test_unknown_declaration_values_are_refused(value: str) -> None:
    state = new_state(complete(3), 2)
    assert_refused(state, Declare(value), "no_such_declaration")
    declare(state, "A")
    assert_refused(state, Declare(value), "no_such_declaration")


def test_choosing_views_show_own_card_and_remaining_choices_only() -> None:
    """3 players, dealer 0: seat 1 chooses from all four, seat 2 from the three left,
    seat 0 from two.  Until the last choice each seat sees only its own card; the
    ``declared`` flags are public; then all are revealed at once."""
    state = new_state(complete(3), 0)
    v = [state.view(s) for s in range(3)]
    assert v[1].choices == ("A", "2", "3", "4")
    assert v[0].choices == v[2].choices == ()
    assert all(x.declarations == (None, None, None) and not x.revealed for x in v)
    declare(state, "3")
    v = [state.view(s) for s in range(3)]
    assert v[1].declarations == (None, "3", None)
    assert v[0].declarations == v[2].declarations == (None, None, None)
    assert v[2].choices == ("A", "2", "4")
    assert v[1].choices == ("A", "2", "3", "4")  # what was there when it chose
    assert all(x.declared == (False, True, False) for x in v)
    declare(state, "A")
    v = [state.view(s) for s in range(3)]
    assert [x.declarations for x in v] == [(None, None, None), (None, "3", None),
                                           (None, None, "A")]
    assert v[0].choices == ("2", "4")
    assert v[2].choices == ("A", "2", "4")
    declare(state, "4")
    v = [state.view(s) for s in range(3)]
    assert all(x.declarations == ("4", "3", "A") and x.revealed for x in v)
    assert [x.choices for x in v] == [("2", "4"), ("A", "2", "3", "4"), ("A", "2", "4")]


def test_two_players_leave_two_cards_unused() -> None:
    state = new_state(complete(2), 1)
    events = declare(state, "4 2")
    assert events == [Declared(0), Declared(1), DeclarationsRevealed(("4", "2"))]
    assert state.view(1).choices == ("A", "2", "3")
    assert state.phase == "play"


def test_each_partiya_declares_afresh() -> None:
    """In the second партия all four cards are available again and the choosing starts
    to the new dealer's left; nothing is revealed until all have chosen again."""
    rng = random.Random(3)
    state = METAMORPHOSIS_GAME.new({"players": 3, "partii": 2}, 2)
    state.deal(state.random_layout(rng))
    declare(state, "A 2 3")
    play_out(state, rng)
    assert state.needs_deal and state.dealer == 0
    state.deal(state.random_layout(rng))
    assert state.to_move == 1
    assert [a.value for a in state.legal_actions()] == ["A", "2", "3", "4"]
    view = state.view(0)
    assert view.declarations == (None, None, None) and not view.revealed
    assert view.choices == ()
    declare(state, "A")
    assert state.view(2).declarations == (None, None, None)
    assert state.view(2).choices == ("2", "3", "4")
