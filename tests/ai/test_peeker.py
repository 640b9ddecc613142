"""The benchmark's ``peeker``: the cheater without foresight.  It sees every card that
has been dealt, but cards still to come — the rest of a хвалёнка deal, the order of
Метаморфоза's face-down stock — are dealt afresh in each of its copies, while the
cheater's copies keep them.  Both are checked, so the tests would catch a peeker that
saw the future as well as one that lost a dealt card."""

from __future__ import annotations

import random

from cardtable.ai import bench_levels, make_bench_player
from cardtable.ai.clubs_hard import ClubsCheaterPlayer
from cardtable.ai.king_hard import KingCheaterPlayer, KingPeekerPlayer
from cardtable.ai.metamorphosis_hard import (
    MetamorphosisCheaterPlayer,
    MetamorphosisPeekerPlayer,
)
from cardtable.engine.game import Layout
from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.metamorphosis import METAMORPHOSIS_GAME, MetamorphosisState


def _hvalenka(n: int, seed: int) -> KingState:
    state = KING_GAME.new({"players": n}, 0)
    assert isinstance(state, KingState)
    state.deal_index = next(i for i, s in enumerate(state.schedule) if s.is_hvalenka)
    state.dealer = n - 1
    rng = random.Random(seed)
    state.deal(state.random_layout(rng))
    assert state.phase == "order"
    return state


def _king_copies(player: KingCheaterPlayer, state: KingState,
                 count: int = 12) -> list[KingState]:
    rng = random.Random(7)
    return [player.true_sample(state, rng) for _ in range(count)]


def test_the_king_peeker_deals_the_rest_of_a_hvalenka_afresh() -> None:
    for n in (3, 4):
        state = _hvalenka(n, seed=n)
        before = (list(state.hands), list(state.packets), list(state.last_cards))
        copies = _king_copies(KingPeekerPlayer(playouts=4), state)
        every = 0
        for hand in state.hands:
            every |= hand
        for copy in copies:
            assert copy.packets == state.packets  # the first packets are dealt: seen
            union = 0
            for seat in range(n):
                assert copy.hands[seat].bit_count() == state.hands[seat].bit_count()
                assert copy.hands[seat] & state.packets[seat] == state.packets[seat]
                last = copy.last_cards[seat]
                assert (copy.hands[seat] & ~copy.packets[seat]) >> last & 1
                union |= copy.hands[seat]
            assert union == every  # the same cards, shared out again
        assert len({tuple(c.hands) for c in copies}) > 1
        assert any(c.hands != state.hands for c in copies)
        assert (list(state.hands), list(state.packets), list(state.last_cards)) == before


def test_the_king_cheater_keeps_the_rest_and_the_peeker_sees_a_dealt_hand() -> None:
    state = _hvalenka(4, seed=9)
    for copy in _king_copies(KingCheaterPlayer(playouts=4), state):
        assert copy.hands == state.hands and copy.last_cards == state.last_cards
    state.apply(state.legal_actions()[0])  # the order: now every card is dealt
    while state.phase == "buy" or state.phase == "buyer_order":
        state.apply(state.legal_actions()[0])
    assert state.phase in ("play", "deal", "over")
    if state.phase == "play":
        for copy in _king_copies(KingPeekerPlayer(playouts=4), state):
            assert copy.hands == state.hands


def _metamorphosis(n: int, seed: int) -> MetamorphosisState:
    rng = random.Random(seed)
    state = METAMORPHOSIS_GAME.new({"players": n}, 0)
    assert isinstance(state, MetamorphosisState)
    layout: Layout = state.random_layout(rng)
    state.deal(layout)
    return state


def test_the_metamorphosis_peeker_shuffles_the_face_down_stock_only() -> None:
    for n in (2, 3):
        state = _metamorphosis(n, seed=n)
        rng = random.Random(5)
        stock = list(state.stock)
        peeks = [MetamorphosisPeekerPlayer(playouts=4).true_sample(state, rng)
                 for _ in range(8)]
        for copy in peeks:
            assert copy.hands == state.hands and copy.declarations == state.declarations
            assert copy.stock[0] == stock[0] == state.turned  # the turned card, last drawn
            assert sorted(copy.stock) == sorted(stock)
        assert len({tuple(c.stock) for c in peeks}) > 1
        assert state.stock == stock  # the true state is left as it was
        cheats = [MetamorphosisCheaterPlayer(playouts=4).true_sample(state, rng)
                  for _ in range(4)]
        assert all(c.stock == stock for c in cheats)


def test_the_peeker_is_a_bench_level_of_every_game() -> None:
    for game in ("king", "clubs", "metamorphosis"):
        assert "peeker" in bench_levels(game)
        player = make_bench_player(game, "peeker")
        assert getattr(player, "omniscient", False)
    # Трефы deals every card at the start: nothing is still to come.
    assert type(make_bench_player("clubs", "peeker")) is ClubsCheaterPlayer


def test_the_peekers_play_legally_to_the_end() -> None:
    rng = random.Random(3)
    for game, options, peeker in (
            ("king", {"players": 3, "length": "short"}, KingPeekerPlayer(playouts=6)),
            ("metamorphosis", {"players": 2}, MetamorphosisPeekerPlayer(playouts=6))):
        rules = KING_GAME if game == "king" else METAMORPHOSIS_GAME
        state = rules.new(options, 0)
        deals = 0
        while state.phase != "over" and deals < 3:
            if state.needs_deal:
                state.deal(state.random_layout(rng))
                deals += 1
                continue
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            state.apply(peeker.choose_seeing_all(state, seat, legal, rng))  # type: ignore[arg-type]
        assert deals >= 1
