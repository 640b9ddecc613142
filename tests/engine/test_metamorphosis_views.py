"""What a seat sees (``view``): its own hand, the piles card by card, the cards known
to have come from a pile, the turned card, and nothing hidden.  Leaks are looked for
by pairs of games that differ only in hidden cards — played with the same actions,
the observer's views must be equal for as long as its own hand is."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from metamorphosis_helpers import complete, declare, new_state, play, random_layout

from cardtable.engine.metamorphosis import MetamorphosisLayout, MetamorphosisState


def lockstep(a: MetamorphosisState, b: MetamorphosisState, observer: int,
             rng: random.Random) -> int:
    """Play ``a`` and ``b`` with the same actions, each time one legal in both, and
    compare the observer's views; stop when its own hand differs (it drew a card the
    other game does not have there) or the game ends.  Returns the views compared."""
    compared = 0
    while not a.is_over:
        va, vb = a.view(observer), b.view(observer)
        if va.hand != vb.hand:
            break
        assert va == vb, f"the views differ after {compared} steps"
        compared += 1
        in_b = set(b.legal_actions())
        common = [x for x in a.legal_actions() if x in in_b]
        if not common:
            break
        action = rng.choice(common)
        a.apply(action)
        b.apply(action)
    return compared


def swap_hand_and_stock(lay: MetamorphosisLayout, seat: int, i: int, j: int) -> MetamorphosisLayout:
    """``lay`` with card ``i`` of ``seat``'s hand and face-down stock card ``j``
    exchanged (the turned card is public and stays)."""
    hands = [list(h) for h in lay.hands]
    stock = list(lay.stock)
    hands[seat][i], stock[j] = stock[j], hands[seat][i]
    return replace(lay, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("turned_trump", [False, True])
def test_views_ignore_an_opponents_card_swapped_with_the_stock(n: int,
                                                               turned_trump: bool) -> None:
    """An opponent's card and a face-down stock card change places: the observer sees
    no difference, through the declarations, the tricks and the refills, until the
    swapped card reaches the observer's own hand."""
    rng = random.Random(f"{n}{turned_trump}")
    total = 0
    for _ in range(8):
        lay = random_layout(rng, n)
        dealer, observer = rng.randrange(n), rng.randrange(n)
        opponent = (observer + rng.randrange(1, n)) % n
        other = swap_hand_and_stock(lay, opponent, rng.randrange(12),
                                    rng.randrange(len(lay.stock)))
        opts = {"turned_trump": turned_trump}
        a, b = new_state(lay, dealer, opts), new_state(other, dealer, opts)
        assert a.view(opponent) != b.view(opponent)  # the difference is real
        total += lockstep(a, b, observer, random.Random(rng.random()))
    assert total > 8 * 10


@pytest.mark.parametrize("n", [2, 3])
def test_views_ignore_the_order_of_the_face_down_stock(n: int) -> None:
    rng = random.Random(n)
    for _ in range(8):
        lay = random_layout(rng, n)
        stock = list(lay.stock)
        rng.shuffle(stock)
        other = replace(lay, stock=tuple(stock))
        dealer = rng.randrange(n)
        a, b = new_state(lay, dealer), new_state(other, dealer)
        for observer in range(n):
            assert lockstep(a.clone(), b.clone(), observer, random.Random(observer)) >= n + 1


def test_others_declarations_stay_hidden_until_all_have_chosen() -> None:
    """3 players, dealer 0 (seat 1, 2, 0 choose).  Seat 1 cannot tell whether seat 2
    took 2 or 4; seat 0, choosing last, sees the same two cards left whichever way
    seats 1 and 2 shared A and 2."""
    lay = complete(3)
    a, b = new_state(lay, 0, declare="A 2"), new_state(lay, 0, declare="A 4")
    assert a.view(1) == b.view(1)
    a, b = new_state(lay, 0, declare="A 2"), new_state(lay, 0, declare="2 A")
    assert a.view(0) == b.view(0)
    assert a.view(0).choices == ("3", "4")
    declare(a, "3")
    declare(b, "3")
    assert a.view(0) != b.view(0)  # revealed: now it shows
    assert a.view(0).declarations == ("3", "A", "2")


def test_what_a_seat_sees_after_a_few_rozygryshi() -> None:
    """Own hand, everybody's hand size, the piles bottom first (the same for all), the
    tricks so far, the stock size and the turned card; no hand of another seat."""
    lay = complete(2, {0: "3C 3S 5H 2D", 1: "AC KS 2H AH"}, stock_top="QS JS TS 9S",
                   turned="5C")
    state = new_state(lay, dealer=1, declare="A 4")
    v = state.view(1)
    assert v.stock_count == 28 and str(v.turned) == "5C" and str(v.turned_card) == "5C"
    assert sorted(str(x) for x in v.hand) == sorted(str(x) for x in lay.hands[1])
    play(state, "3C AC  3S KS  2H")
    views = [state.view(s) for s in (0, 1)]
    assert views[0].piles == views[1].piles
    assert [[str(x) for x in p] for p in views[0].piles] == [[], ["3C", "AC", "3S"]]
    assert views[0].hand_counts == views[1].hand_counts == (12, 11)
    assert views[0].stock_count == 28 - 3
    assert [(k, lead, [str(x) for x in cs], w, p) for k, lead, cs, w, p in views[0].tricks] \
        == [(1, 0, ["3C", "AC"], 1, -8), (2, 0, ["3S", "KS"], 1, -8)]
    assert views[0].trick == views[1].trick
    assert [(s, str(x)) for s, x in views[0].trick] == [(1, "2H")]
    assert {str(x) for x in views[0].hand} >= {"QS", "KS", "5H", "2D"}
    assert "JS" not in {str(x) for x in views[0].hand}
    assert "JS" in {str(x) for x in views[1].hand}
    assert views[0].known == ((views[0].known[0][0],), ())
    assert str(views[0].known[0][0]) == "KS"
