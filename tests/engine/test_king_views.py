"""What a seat sees of a хвалёнка: the shown «last» card is public for every seat
(its owner included), and after «расписать» nobody holds cards that were never dealt."""

from __future__ import annotations

import random

from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.king_actions import Order


def _hvalenka(seed: int) -> tuple[KingState, list[list[int]]]:
    state = KING_GAME.new({}, 0)
    state.deal_index = 7
    layout = state.random_layout(random.Random(seed))
    state.deal(layout)
    return state, [list(h) for h in layout.hands]


def test_the_shown_last_card_is_public_to_every_seat() -> None:
    state, hands = _hvalenka(1)
    orderer = state.to_move
    assert orderer is not None
    state.apply(Order("last"))
    last = hands[orderer][-1]
    for seat in range(4):
        assert state.view(seat).face_up == ((orderer, last),)


def test_after_split_hands_are_the_first_packets_only() -> None:
    state, hands = _hvalenka(2)
    state.apply(Order("split"))
    assert state.phase == "deal"
    for seat in range(4):
        view = state.view(seat)
        assert sorted(view.hand) == sorted(hands[seat][:3])
        assert view.hand_counts == (3, 3, 3, 3)
