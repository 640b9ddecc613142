"""The normal, hard and cheater Метаморфоза players and the sampler behind the search:
always legal, blind to hidden cards, reproducible from a seed; the sampler deals the
unseen cards in every way the view allows and in no other."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from checked_play import Checked, recorded_decisions
from view_cards import cards_in

from cardtable.ai.base import Player, RandomPlayer
from cardtable.ai.metamorphosis_easy import MetamorphosisEasyPlayer
from cardtable.ai.metamorphosis_hard import (
    MetamorphosisCheaterPlayer,
    MetamorphosisHardPlayer,
    playouts_for,
    rollout_move,
)
from cardtable.ai.metamorphosis_normal import MetamorphosisNormalPlayer, _Future, _Refill
from cardtable.ai.metamorphosis_sample import MetamorphosisSampler, sample_state
from cardtable.cards import CLUBS, Card, mask_of
from cardtable.engine.actions import PLAY, Action, Play
from cardtable.engine.metamorphosis import (
    DECLARATIONS,
    METAMORPHOSIS_GAME,
    MetamorphosisLayout,
    MetamorphosisState,
)
from cardtable.engine.metamorphosis_actions import Declare

NORMAL = MetamorphosisNormalPlayer()
OPTIONS = [{"players": n, "turned_trump": tt} for n in (2, 3) for tt in (False, True)]


def cheap_hard() -> MetamorphosisHardPlayer:
    """The hard level with a handful of playouts: the same code paths, quickly."""
    return MetamorphosisHardPlayer(playouts=6, max_seconds=30.0)


def cheap_cheater() -> MetamorphosisCheaterPlayer:
    return MetamorphosisCheaterPlayer(playouts=6, max_seconds=30.0)


def new_deal(options: dict[str, object], rng: random.Random,
             dealer: int | None = None) -> tuple[MetamorphosisState, MetamorphosisLayout]:
    n = int(options["players"])  # type: ignore[call-overload]
    state = METAMORPHOSIS_GAME.new(options, rng.randrange(n) if dealer is None else dealer)
    layout = state.random_layout(rng)
    state.deal(layout)
    return state, layout


def random_positions(options: dict[str, object], rng: random.Random, count: int,
                     ) -> list[MetamorphosisState]:
    """``count`` decision points of партии played at random, from the first
    declaration to the last card."""
    out = []
    while len(out) < count:
        state, _ = new_deal(options, rng)
        stops = sorted(rng.sample(range(40), 4))
        step = 0
        while not state.is_over:
            if stops and step == stops[0]:
                out.append(state.clone())
                stops.pop(0)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    return out[:count]


def play_deal(state: MetamorphosisState, players: Sequence[Player],
              rng: random.Random) -> None:
    while not state.is_over and not state.needs_deal:
        seat = state.to_move
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rng))


# --- legality ---------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_normal_plays_whole_matches_legally(options: dict[str, object]) -> None:
    """Every seat normal, and normal among easy and random seats, over several партии."""
    rng = random.Random(str(options))
    n = int(options["players"])  # type: ignore[call-overload]
    normal = Checked(NORMAL)
    line_ups: list[list[Player]] = [
        [normal] * n,
        [normal if s == 0 else (MetamorphosisEasyPlayer() if s == 1 else RandomPlayer())
         for s in range(n)],
    ]
    for line_up in line_ups:
        state = METAMORPHOSIS_GAME.new({**options, "partii": 3}, 0)
        while not state.is_over:
            state.deal(state.random_layout(rng))
            play_deal(state, line_up, rng)
    assert normal.decisions > 3 * 2 * (12 * 3 + 3) // 2


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_hard_and_cheater_play_a_partiya_legally(options: dict[str, object]) -> None:
    rng = random.Random(7)
    n = int(options["players"])  # type: ignore[call-overload]
    hard = Checked(cheap_hard())
    state, _ = new_deal(options, rng)
    play_deal(state, [hard if s == 0 else NORMAL for s in range(n)], rng)
    cheater = cheap_cheater()
    state, _ = new_deal(options, rng)
    seen = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if seat == 0:
            action = cheater.choose_seeing_all(state, seat, legal, rng)
            seen += 1
        else:
            action = hard.choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(action)
    assert hard.decisions > 12 and seen > 12


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_every_level_and_the_rollout_choose_legally_in_random_positions(
        options: dict[str, object]) -> None:
    """Normal and the rollout policy in 200 random positions, hard in 20 of them."""
    rng = random.Random(f"positions {options}")
    hard = cheap_hard()
    for i, state in enumerate(random_positions(options, rng, 200)):
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        view = state.view(seat)
        assert NORMAL.choose(view, legal, rng) in legal
        if i < 20:
            assert hard.choose(view, legal, rng) in legal
        if state.phase == "play":
            assert rollout_move(state, rng) in legal


# --- hidden cards ---------------------------------------------------------------------


def swapped(layout: MetamorphosisLayout, x: Card, y: Card) -> MetamorphosisLayout:
    swap = {x: y, y: x}
    return MetamorphosisLayout(tuple(tuple(swap.get(c, c) for c in hand) for hand in layout.hands),
                  stock=tuple(swap.get(c, c) for c in layout.stock), turned=layout.turned)


def replay(layout: MetamorphosisLayout, options: dict[str, object], dealer: int,
           log: list[Action]) -> MetamorphosisState:
    state = METAMORPHOSIS_GAME.new(options, dealer)
    state.deal(layout)
    for action in log:
        state.apply(action)
    return state


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_decisions_ignore_cards_hidden_from_the_seat(options: dict[str, object]) -> None:
    """An opponent's card not played yet changes places with the face-down stock card
    drawn last: the observer's view is the same, and so is every decision of normal
    and hard under the same seed (while the swapped cards stay out of its sight)."""
    rng = random.Random(f"hidden {options}")
    hard = cheap_hard()
    compared = 0
    for _ in range(3):
        dealer = rng.randrange(int(options["players"]))  # type: ignore[call-overload]
        state, layout = new_deal(options, rng, dealer)
        log: list[Action] = []
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.stock_count >= 3 and rng.random() < 0.3:
                played = {a.card for a in log if isinstance(a, Play)}
                other = (seat + 1) % state.n
                x = next((c for c in layout.hands[other] if c not in played), None)
                if x is not None:
                    twin = replay(swapped(layout, x, layout.stock[-1]), options, dealer, log)
                    assert twin.hands != state.hands or twin.stock != state.stock
                    assert twin.view(seat) == view
                    legal = state.legal_actions()
                    for player in (NORMAL, hard):
                        assert (player.choose(twin.view(seat), legal, random.Random(5))
                                == player.choose(view, legal, random.Random(5)))
                    compared += 1
            action = NORMAL.choose(view, state.legal_actions(), rng)
            log.append(action)
            state.apply(action)
    assert compared > 5


def test_a_seed_reproduces_every_decision() -> None:
    def decisions(seed: int) -> list[Action]:
        rng = random.Random(seed)
        state, _ = new_deal({"players": 3, "turned_trump": True}, rng)
        return recorded_decisions(state, [NORMAL, cheap_hard(), MetamorphosisEasyPlayer()], rng)

    assert decisions(11) == decisions(11)
    assert decisions(11) != decisions(12)


def test_the_cheater_searches_the_true_state_without_changing_it() -> None:
    """Its samples are copies of the true state: the evaluation covers every legal
    card, and the state handed to it is left as it was."""
    rng = random.Random(3)
    state, _ = new_deal({"players": 2, "turned_trump": False}, rng)
    for _ in range(5):
        state.apply(NORMAL.choose(state.view(state.to_move), state.legal_actions(), rng))  # type: ignore[arg-type]
    seat = state.to_move
    assert seat is not None and state.phase == "play"
    cheater = cheap_cheater()
    before = (list(state.hands), list(state.stock), [list(p) for p in state.piles])
    ranked = cheater.evaluate_actions_seeing_all(state, seat, state.legal_actions(), rng)
    assert {a for a, _, _ in ranked} == set(state.legal_actions())
    assert (list(state.hands), list(state.stock), [list(p) for p in state.piles]) == before
    assert cheater.omniscient and not getattr(cheap_hard(), "omniscient", False)


def test_hard_searches_the_declaration_too() -> None:
    rng = random.Random(1)
    state, _ = new_deal({"players": 3, "turned_trump": False}, rng)
    assert state.phase == "declare"
    hard = MetamorphosisHardPlayer(playouts=40, max_seconds=30.0)
    ranked = hard.evaluate_actions(state.view(state.to_move), state.legal_actions(), rng)
    assert {a for a, _, _ in ranked} == {Declare(d) for d in DECLARATIONS}
    assert all(count > 0 for _, _, count in ranked)
    assert hard.last_stats is not None and hard.last_stats.playouts >= 40


def test_shorter_playouts_get_more_of_them() -> None:
    """A declaration is searched to the end of the партия with the base count; a card
    only a few розыгрыши ahead, with as many more as the playouts are shorter (36
    moves against 15 with three players), at most three times as many."""
    assert playouts_for(1000, 2, 16, 0, 0) == 1000
    assert playouts_for(1000, 3, 12, 2, 0) == 2400
    assert playouts_for(1000, 3, 12, 12, 2) == 3000
    assert playouts_for(1000, 2, 16, 1, 0) == 3000


# --- the sampler ---------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_a_sample_shows_the_seat_exactly_its_view(options: dict[str, object]) -> None:
    """Over random positions of every kind: the sample's view for the seat equals the
    view it was made from, the same actions are legal, and every card is somewhere
    exactly once; the others hold the cards they are known to hold."""
    rng = random.Random(f"sample {options}")
    for state in random_positions(options, rng, 40):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        for _ in range(3):
            sample = sample_state(view, rng)
            assert sample.view(seat) == view
            assert sample.to_move == seat
            assert list(sample.legal_actions()) == list(state.legal_actions())
            held = [*sample.hands, mask_of(sample.stock), mask_of(sample.trick_cards),
                    *(mask_of(p) for p in sample.piles)]
            assert sum(m.bit_count() for m in held) == 52
            everything = 0
            for m in held:
                everything |= m
            assert everything == (1 << 52) - 1
            for other in range(state.n):
                assert mask_of(view.known[other]) & ~sample.hands[other] == 0
                assert sample.hands[other].bit_count() == view.hand_counts[other]
            assert len(sample.stock) == view.stock_count
            if view.turned is not None:
                assert sample.stock[0] == view.turned


@pytest.mark.parametrize("players", [2, 3])
def test_a_sample_plays_on_to_the_end(players: int) -> None:
    rng = random.Random(players)
    for state in random_positions({"players": players, "turned_trump": False}, rng, 12):
        sample = sample_state(state.view(state.to_move), rng)  # type: ignore[arg-type]
        while not sample.is_over:
            legal = sample.legal_actions()
            sample.apply(legal[rng.randrange(len(legal))])
        assert sum(sample.deal_scores[-1]) == sum(sample.points)


def test_unseen_cards_go_anywhere_they_may_be_and_seen_cards_never_move() -> None:
    """Two players, after four розыгрыши: each unseen card turns up both in the other
    hand and in the stock across samples; what the seat sees stays put."""
    rng = random.Random(8)
    state, _ = new_deal({"players": 2, "turned_trump": False}, rng)
    for _ in range(2 + 8):
        state.apply(NORMAL.choose(state.view(state.to_move), state.legal_actions(), rng))  # type: ignore[arg-type]
    seat = state.to_move
    assert seat is not None and state.round == 5
    view = state.view(seat)
    seen = set(cards_in(replace(view, legal=(), turned_card=None)))
    other = 1 - seat
    in_hand: Counter[int] = Counter()
    in_stock: Counter[int] = Counter()
    sampler = MetamorphosisSampler()
    for _ in range(300):
        sample = sampler(view, rng)
        for c in range(52):
            if (sample.hands[other] >> c) & 1 and c not in view.known[other]:
                in_hand[c] += 1
        in_stock.update(sample.stock[1:] if view.turned is not None else sample.stock)
    unseen = {Card(c) for c in range(52)} - seen
    assert set(in_hand) | set(in_stock) == unseen
    assert all(in_hand[c] > 0 and in_stock[c] > 0 for c in unseen)
    assert not (set(in_hand) & seen)


def test_hidden_declarations_are_dealt_among_those_who_chose_before() -> None:
    """Three players, dealer 0: seats 1 and 2 have chosen (A and 4); seat 0 sees 2 and
    3 left.  Samples give seats 1 and 2 the A and the 4 in both ways, never anything
    else, and leave seat 0 to choose from 2 and 3."""
    rng = random.Random(2)
    state, _ = new_deal({"players": 3, "turned_trump": False}, rng, dealer=0)
    state.apply(Declare("A"))
    state.apply(Declare("4"))
    view = state.view(0)
    assert view.choices == ("2", "3")
    ways = Counter()
    for _ in range(200):
        sample = sample_state(view, rng)
        assert sample.view(0) == view
        assert [str(a.value) for a in sample.legal_actions()] == ["2", "3"]  # type: ignore[union-attr]
        ways[(sample.declarations[1], sample.declarations[2])] += 1
        assert sample.choices[1] == tuple(DECLARATIONS)
        assert sample.choices[2] == tuple(d for d in DECLARATIONS
                                          if d != sample.declarations[1])
    assert set(ways) == {("A", "4"), ("4", "A")}
    sample.apply(Declare("3"))
    assert sample.revealed and sorted(sample.declarations) == ["3", "4", "A"]  # type: ignore[type-var]


# --- what normal weighs -------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def two_handed(hand0: str, hand1: str) -> MetamorphosisState:
    """Seat 0 deals these hands; the stock is the rest of the deck in card order and
    the turned card the 10♦.  Seat 1 declares first and leads розыгрыши 1 and 2."""
    held = [cards(hand0), cards(hand1)]
    used = {c for h in held for c in h} | {Card.parse("TD")}
    stock = tuple(Card(i) for i in range(52) if Card(i) not in used)
    state = METAMORPHOSIS_GAME.new({"players": 2}, 0)
    state.deal(MetamorphosisLayout(tuple(tuple(h) for h in held), stock=stock,
                                   turned=Card.parse("TD")))
    return state


def test_normal_throws_a_club_on_the_others_kind_1_trick() -> None:
    """Two players, kind 1, nobody declared A: seat 0, last to play, dumps a club (−4
    for the taker) rather than anything else."""
    state = two_handed("2C 9C 2H 8H 3S 4S 5S 6S 3D 4D 5D 6D",
                       "7H 3H 4H 5H 6H 9H TH JH QH KH AH 7S")
    state.apply(Declare("4"))
    state.apply(Declare("3"))
    state.apply(PLAY[Card.parse("7H")])
    choice = NORMAL.choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(choice, Play) and choice.card.suit == CLUBS


def test_normal_counts_the_card_the_refill_brings_back() -> None:
    """Розыгрыш 2 (even): seat 1 leads, seat 0 plays last.  If seat 1 takes the trick,
    seat 0 draws the top of seat 1's pile — its own card — so a spade thrown there is
    worth to it just what keeping the spade is; if seat 0 takes it with the 8♥, seat 1
    draws that 8♥ and seat 0 the 2♣ it threw in розыгрыш 1."""
    state = two_handed("2C 9C 2H 8H 3S 4S 5S 6S 3D 4D 5D 6D",
                       "7H 3H 4H 5H 6H 9H TH JH QH KH AH 7S")
    for word in ["d4", "d3", "7H", "2C", "3H"]:
        state.apply(Declare(word[1:]) if word.startswith("d") else PLAY[Card.parse(word)])
    view = state.view(0)
    assert view.round == 2 and view.to_move == 0
    future = _Future(view)
    keep = future.keep_values(view.hand)
    refill = _Refill(view, future, keep)
    assert refill.need == [1, 1]
    spade, heart, club = Card.parse("3S"), Card.parse("8H"), Card.parse("2C")
    assert keep[spade] > 0
    assert refill.value(1, [Card.parse("3H"), spade]) == pytest.approx(keep[spade])
    assert refill.value(0, [Card.parse("3H"), heart]) == pytest.approx(
        future.worth_to_other(0, club) - future.worth_to_other(1, heart))
