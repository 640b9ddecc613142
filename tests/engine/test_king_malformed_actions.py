"""Malformed actions handed to the engine directly (not through a record) are refused
as illegal, never crash, and leave the state as it was."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.actions import PLAY, Buy, Order, Play
from cardtable.engine.game import IllegalAction
from cardtable.engine.king import KING_GAME, KingState


def _dealt(deal_index: int = 0) -> KingState:
    state = KING_GAME.new({}, 0)
    state.deal_index = deal_index
    state.deal(state.random_layout(random.Random(4)))
    return state


@pytest.mark.parametrize("bad", [Play(52), Play(-1), Play("AS"), Play(True), Play(5.0),
                                 Play(None), Play(5), Buy(1), Order("notrump")])
def test_malformed_play_is_refused_without_change(bad: object) -> None:
    state = _dealt()
    before = [state.view(s) for s in range(4)]
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert [state.view(s) for s in range(4)] == before
    state.apply(state.legal_actions()[0])  # and the game goes on


@pytest.mark.parametrize("bad", [Buy(True), Buy(1.0), Buy("2"), Buy(0), Buy(9), Buy(-1),
                                 Order("last"), PLAY[0]])
def test_malformed_buying_is_refused_without_change(bad: object) -> None:
    state = _dealt(7)  # the first хвалёнка
    state.apply(Order("notrump"))
    before = [state.view(s) for s in range(4)]
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert [state.view(s) for s in range(4)] == before


@pytest.mark.parametrize("bad", [Order(["trump:S"]), Order(None), Order("trump:X"),
                                 Order("TRUMP:S"), Buy(1)])
def test_malformed_order_is_refused(bad: object) -> None:
    state = _dealt(7)
    with pytest.raises(IllegalAction):
        state.apply(bad)  # type: ignore[arg-type]
    assert state.phase == "order"
