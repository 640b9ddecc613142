"""Refilling hands after a розыгрыш (metamorphosis.md, «Refilling hands»): after odd
ones from the stock, the turned card last; after even ones from the top of the left
neighbour's won pile, then the stock; leader first, going left; whoever cannot be
filled plays on with fewer.  Hand-built deals give exact ``CardsDrawn`` sequences;
random ones check the order of the stock and of the piles card by card."""

from __future__ import annotations

import random

import pytest
from metamorphosis_helpers import (
    complete,
    draws_of,
    hand,
    layout_strings,
    new_state,
    play,
    random_action,
    random_layout,
    tricks_of,
)

from cardtable.engine.metamorphosis_events import CardsDrawn

# 2 players, dealer 1: seat 0 leads 1–2, 5–6, 9–10; seat 1 leads 3–4, 7–8.
# Seat 1 takes розыгрыши 1 and 2, seat 0 every one from 3 to 10:
#   1  0: 3C 1: AC → 1        2  0: 3S 1: KS → 1      seat 1's pile: 3C AC 3S KS
#   3  1: 2H 0: AH → 0        4  1: 3H 0: KH → 0
#   5  0: AD 1: 4H → 0        6  0: KD 1: 5H → 0
#   7  1: 6H 0: QH → 0        8  1: 7H 0: JH → 0
#   9  0: QD 1: 8H → 0       10  0: JD 1: 9H → 0
# The stock's top cards are s0 … s11 = 2S 4S 5S 6S 7S 8S 9S TS JS QS 5C 6C.
PILE_HANDS = {0: "3C 3S AH KH AD KD QH JH QD JD", 1: "AC KS 2H 3H 4H 5H 6H 7H 8H 9H"}
PILE_STOCK = "2S 4S 5S 6S 7S 8S 9S TS JS QS 5C 6C"
PILE_SCRIPT = ["3C AC", "3S KS", "2H AH", "3H KH", "AD 4H", "KD 5H", "6H QH", "7H JH",
               "QD 8H", "JD 9H"]
# What each refill gives, worked out from the rules (seat, cards, from whose pile):
PILE_DRAWS = [
    # after 1 (odd, leader 0): the stock, seat 0 first
    [(0, ("2S",), None), (1, ("4S",), None)],
    # after 2 (even, leader 0): seat 0 takes the top of seat 1's pile, K♠ (the last card
    # of seat 1's latest trick); seat 1's neighbour, seat 0, has no pile: the stock
    [(0, ("KS",), 1), (1, ("5S",), None)],
    # after 3 (odd, leader 1)
    [(1, ("6S",), None), (0, ("7S",), None)],
    # after 4 (even, leader 1): seat 1 takes K♥ off seat 0's pile 2H AH 3H KH; seat 0
    # takes the next card of seat 1's pile, 3♠
    [(1, ("KH",), 0), (0, ("3S",), 1)],
    [(0, ("8S",), None), (1, ("9S",), None)],
    # after 6: seat 0 takes A♣; seat 1 takes 5♥, the last card of розыгрыш 6
    [(0, ("AC",), 1), (1, ("5H",), 0)],
    [(1, ("TS",), None), (0, ("JS",), None)],
    # after 8: J♥ (last card of 8) to seat 1; seat 0 takes 3♣, the bottom of the pile
    [(1, ("JH",), 0), (0, ("3C",), 1)],
    [(0, ("QS",), None), (1, ("5C",), None)],
    # after 10: seat 1's pile has run out, seat 0 draws from the stock; seat 1 takes 9♥
    [(0, ("6C",), None), (1, ("9H",), 0)],
]


def test_refills_alternate_stock_and_left_neighbours_pile() -> None:
    lay = complete(2, PILE_HANDS, stock_top=PILE_STOCK, turned="KC")
    state = new_state(lay, dealer=1, declare="2 3")
    for k, (pair, expected) in enumerate(zip(PILE_SCRIPT, PILE_DRAWS, strict=True), 1):
        before = state.view(0).stock_count
        events = play(state, pair)
        assert [t.seat for t in tricks_of(events)] == [1 if k <= 2 else 0]
        assert draws_of(events) == expected, k
        assert state.view(0).hand_counts == (12, 12)
        from_stock = sum(len(cs) for _, cs, src in expected if src is None)
        assert state.view(0).stock_count == before - from_stock
        for seat, cs, _ in expected:
            assert set(cs) <= hand(state, seat)
    # seat 0 got seat 1's pile back in exactly the reverse of the order it went on
    taken = [cs[0] for draws in PILE_DRAWS for s, cs, src in draws if src == 1]
    assert taken == ["KS", "3S", "AC", "3C"]
    assert state.view(0).piles[1] == ()


def test_cards_taken_from_a_pile_are_known_to_everyone() -> None:
    """A card taken from a pile was seen on it, so every seat's view lists it in the
    taker's hand (``known``) until it is played again."""
    lay = complete(2, PILE_HANDS, stock_top=PILE_STOCK, turned="KC")
    state = new_state(lay, dealer=1, declare="2 3")
    play(state, " ".join(PILE_SCRIPT[:2]))
    for seat in (0, 1):
        assert [[str(x) for x in k] for k in state.view(seat).known] == [["KS"], []]
    play(state, " ".join(PILE_SCRIPT[2:4]))
    for seat in (0, 1):
        assert [sorted(str(x) for x in k) for k in state.view(seat).known] == \
            [["3S", "KS"], ["KH"]]
    play(state, "AD 4H  KS")  # seat 0 leads K♠ again in розыгрыш 6
    assert [sorted(str(x) for x in k) for k in state.view(1).known] == [["3S"], ["KH"]]


def test_three_players_odd_refill_goes_left_from_the_leader() -> None:
    """3 players, dealer 0: seat 1 leads 1 and draws first, then 2, then 0."""
    lay = complete(3, {0: "2C", 1: "3C", 2: "4C"}, stock_top="AS KS QS JS")
    state = new_state(lay, dealer=0, declare="A 2 3")
    assert state.to_move == 1
    events = play(state, "3C 4C 2C")
    assert draws_of(events) == [(1, ("AS",), None), (2, ("KS",), None),
                                (0, ("QS",), None)]
    assert state.view(0).hand_counts == (12, 12, 12)


@pytest.mark.parametrize(("script", "draws"), [
    # seat 2 takes 1 and 2 (pile 3C 4C 2C 3D 4D 2D); seat 1 takes its top 2♦;
    # seats 2 and 0 find their neighbours' piles empty and draw from the stock
    ("3C 4C 2C  3D 4D 2D", [(1, ("2D",), 2), (2, ("JS",), None), (0, ("TS",), None)]),
    # seat 2 takes 1, seat 0 takes 2: seat 1 gets the last card of 1 (seat 0's 2♣),
    # seat 2 the last card of 2 (seat 0's A♦), seat 0 draws
    ("3C 4C 2C  3D 4D AD", [(1, ("2C",), 2), (2, ("AD",), 0), (0, ("JS",), None)]),
    # seat 1 takes both: seat 0 takes its top card (2♦), the others draw
    ("AC 4C 2C  KD 4D 2D", [(1, ("JS",), None), (2, ("TS",), None), (0, ("2D",), 1)]),
])
def test_three_players_even_refill_takes_the_left_neighbours_top(
        script: str, draws: list[tuple[int, tuple[str, ...], int | None]]) -> None:
    lay = complete(3, {0: "2C 2D AD", 1: "3C 3D AC KD", 2: "4C 4D"},
                   stock_top="AS KS QS JS TS")
    state = new_state(lay, dealer=0, declare="A 2 3")
    first, second = script.split("  ")
    events = play(state, first)
    assert draws_of(events) == [(1, ("AS",), None), (2, ("KS",), None),
                                (0, ("QS",), None)]
    events = play(state, second)
    assert draws_of(events) == draws
    assert state.view(0).hand_counts == (12, 12, 12)


def test_no_refill_after_the_last_rozygrysh() -> None:
    rng = random.Random(5)
    for n in (2, 3):
        state = new_state(random_layout(rng, n), 0)
        events: list[object] = []
        while not state.is_over:
            step = state.apply(random_action(state, rng))
            if tricks_of(step):
                events = step
        assert not any(isinstance(e, CardsDrawn) for e in events)
        assert len(tricks_of(events)) == 1


@pytest.mark.parametrize("n", [2, 3])
def test_stock_is_drawn_top_first_and_the_turned_card_last(n: int) -> None:
    """Everything drawn from the stock, in event order, is the face-down stock from the
    top, then the turned card; once drawn, the turned card is known to every seat and
    the stock is empty.  3 players always reach it: six odd refills want 18 cards and
    the stock holds 16.  With 2 players each even refill takes at least one card from
    a pile (the trick just won lies there), so at most 8·2 + 7 = 23 of the 28 are
    drawn and both hands are full at every розыгрыш."""
    rng = random.Random(n)
    reached = 0
    for _ in range(12):
        lay = random_layout(rng, n)
        _, stock, turned = layout_strings(lay)
        state = new_state(lay, rng.randrange(n))
        drawn: list[str] = []
        while not state.is_over:
            view = state.view(0)
            if view.phase == "play" and not view.trick and n == 2:
                assert view.hand_counts == (12, 12)
            events = state.apply(random_action(state, rng))
            for seat, cards, src in draws_of(events):
                if src is None:
                    drawn += cards
                    if turned in cards:
                        assert cards[-1] == turned
                        assert state.view(0).stock_count == 0
                        for s in range(n):
                            assert state.view(s).turned is None
                            assert str(state.view(s).turned_card) == turned
                            assert turned in [str(x) for x in state.view(s).known[seat]]
        assert drawn == [*stock, turned][:len(drawn)]
        if turned in drawn:
            reached += 1
            assert drawn[-1] == turned and len(drawn) == len(stock) + 1
    assert reached == (12 if n == 3 else 0)


@pytest.mark.parametrize("n", [2, 3])
def test_piles_give_their_cards_back_from_the_top(n: int) -> None:
    """Each ``CardsDrawn`` from a pile is the top of that pile as the view showed it
    (the trick just won laid on it in play order), card by card from the top; the
    seat took from its left neighbour (seat + 1), and only after an even розыгрыш.
    Whoever ends short has an empty stock and, after an even розыгрыш, an empty
    neighbour's pile."""
    rng = random.Random(10 + n)
    multi = 0
    for _ in range(15):
        state = new_state(random_layout(rng, n), rng.randrange(n), {"turned_trump": True})
        while not state.is_over:
            before = state.view(0)
            events = state.apply(random_action(state, rng))
            won = tricks_of(events)
            if not won:
                continue
            piles = [list(p) for p in before.piles]
            piles[won[0].seat] += [x for _, x in won[0].cards]
            for seat, cards, src in draws_of(events):
                if src is None:
                    continue
                assert before.round % 2 == 0
                assert src == (seat + 1) % n
                for x in cards:
                    assert str(piles[src].pop()) == x
                multi += len(cards) > 1
            after = state.view(0)
            if after.phase != "play":
                continue
            assert [list(p) for p in after.piles] == piles
            for seat, count in enumerate(after.hand_counts):
                if count < 12:
                    assert after.stock_count == 0
                    if before.round % 2 == 0:
                        assert piles[(seat + 1) % n] == []
    if n == 3:
        assert multi > 0  # short hands took two cards off a pile at once
