"""Malformed actions cannot even be built, and well-formed actions that do not fit the
moment are refused as illegal without changing the state."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardtable.engine.actions import PLAY, Play
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.game import IllegalAction
from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.metamorphosis_actions import Declare


def _dealt(deal_index: int = 0) -> KingState:
    state = KING_GAME.new({}, 0)
    state.deal_index = deal_index
    state.deal(state.random_layout(random.Random(4)))
    return state


@pytest.mark.parametrize("build", [
    lambda: Play(52), lambda: Play(-1), lambda: Play("AS"), lambda: Play(True),
    lambda: Play(5.0), lambda: Play(None), lambda: Buy(True), lambda: Buy(1.0),
    lambda: Buy("2"), lambda: Buy(-1), lambda: Buy(10**6), lambda: Bid(False),
    lambda: Order(["trump:S"]), lambda: Order(None), lambda: Order("x" * 100),
    lambda: Order("\n\u202eevil"), lambda: Declare(""), lambda: Declare("\ud800"),
])
def test_malformed_actions_cannot_be_built(build: Callable[[], object]) -> None:
    with pytest.raises(ValueError) as info:
        build()
    assert len(str(info.value)) < 80  # the message quotes the input clipped


def test_a_card_given_as_its_index_is_the_same_action() -> None:
    state = _dealt()
    card = state.legal_actions()[0].card
    assert Play(int(card)) == PLAY[card]
    assert type(Play(int(card)).card) is type(card)
    state.apply(Play(int(card)))
    assert state.trick_cards == [card]


@pytest.mark.parametrize("bad", [Buy(1), Order("notrump"), Bid(2), Declare("A")])
def test_wrong_kind_of_action_in_play_is_refused_without_change(bad: object) -> None:
    state = _dealt()
    before = [state.view(s) for s in range(4)]
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)  # type: ignore[arg-type]
    assert info.value.code == "wrong_action"
    assert [state.view(s) for s in range(4)] == before
    state.apply(state.legal_actions()[0])  # and the game goes on


@pytest.mark.parametrize("bad", [Buy(0), Buy(9), Order("last"), Order("split"), PLAY[0],
                                 Bid(1)])
def test_unfitting_buying_is_refused_without_change(bad: object) -> None:
    state = _dealt(7)  # the first хвалёнка
    state.apply(Order("notrump"))
    before = [state.view(s) for s in range(4)]
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert [state.view(s) for s in range(4)] == before


@pytest.mark.parametrize("bad", [Order("trump:X"), Order("TRUMP:S"), Order("trump"),
                                 Buy(1), PLAY[0]])
def test_unknown_orders_are_refused(bad: object) -> None:
    state = _dealt(7)
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert state.phase == "order"


def test_legal_mask_is_empty_outside_card_play() -> None:
    state = KING_GAME.new({}, 0)
    assert state.legal_mask() == 0  # nothing dealt yet
    state.deal_index = 7
    state.deal(state.random_layout(random.Random(1)))
    assert state.phase == "order" and state.legal_mask() == 0
