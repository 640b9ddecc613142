"""Кинг options, deck, layouts and whole games, against king.md's tables."""

from __future__ import annotations

import itertools
import random

import pytest
from king_helpers import (
    deck,
    layout,
    names,
    play_deal_randomly,
    play_game_randomly,
)
from king_rules import DEAL_TOTAL, ERALASH_TOTAL, TRICK_VALUE

from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.clubs import ClubsLayout
from cardtable.engine.game import (
    DealEnded,
    GameOver,
    IllegalAction,
    Layout,
    LayoutError,
    OptionError,
)
from cardtable.engine.king import KING_GAME, schedule
from cardtable.engine.king_actions import Order
from cardtable.engine.metamorphosis import MetamorphosisLayout

PENALTY = ["tricks", "hearts", "boys", "girls", "king", "last_two", "eralash"]
FORMS = ["hvalenki", "hvalenki_reverse_eralash", "positive"]
VALID = [(n, length, form) for n in (4, 3) for length in ("full", "short") for form in FORMS
         if not (length == "short" and form == "hvalenki_reverse_eralash")]


def expected_schedule(n: int, length: str, form: str) -> list[tuple[str, int, int]]:
    """king.md's length table written out: (key, sign, stage) per deal."""
    stage1 = PENALTY if length == "full" else PENALTY[:6]
    out = [(k, -1, 1) for k in stage1]
    if form == "hvalenki":
        out += [("hvalenka", 1, 2)] * (2 * n if length == "full" else n)
    elif form == "hvalenki_reverse_eralash":
        out += [("hvalenka", 1, 2)] * n + [("eralash", 1, 2)]
    else:
        out += [(k, 1, 2) for k in stage1]
    return out


STAGE_TOTAL = {("full", 4): 192, ("full", 3): 480, ("short", 4): 96, ("short", 3): 240}
GAME_LENGTH = {  # king.md: stage 1 + stage 2 deals
    (4, "full", "hvalenki"): 7 + 8, (3, "full", "hvalenki"): 7 + 6,
    (4, "short", "hvalenki"): 6 + 4, (3, "short", "hvalenki"): 6 + 3,
    (4, "full", "hvalenki_reverse_eralash"): 7 + 5, (3, "full", "hvalenki_reverse_eralash"): 7 + 4,
    (4, "full", "positive"): 7 + 7, (3, "full", "positive"): 7 + 7,
    (4, "short", "positive"): 6 + 6, (3, "short", "positive"): 6 + 6,
}


# --- options ----------------------------------------------------------------------------------


def test_defaults() -> None:
    """A missing key takes its default from king.md's options table."""
    assert KING_GAME.check_options({}) == {
        "players": 4, "length": "full", "stage2": "hvalenki", "boys": "jacks",
        "must_trump": False, "early_finish": True, "eralash_king": False}


@pytest.mark.parametrize(("n", "length", "form"), VALID)
@pytest.mark.parametrize("boys", ["jacks", "jacks_kings"])
def test_schedule_matches_the_length_table(n: int, length: str, form: str, boys: str) -> None:
    """Every valid combination gives king.md's deal list and length."""
    opts = KING_GAME.check_options({"players": n, "length": length, "stage2": form,
                                    "boys": boys})
    sched = schedule(opts)
    assert [(d.key, d.sign, d.stage) for d in sched] == expected_schedule(n, length, form)
    assert [d.number for d in sched] == list(range(1, len(sched) + 1))
    assert len(sched) == GAME_LENGTH[(n, length, form)]
    state = KING_GAME.new(opts, 0)
    assert state.deals_total == len(sched)


@pytest.mark.parametrize("n", [4, 3])
def test_short_with_reverse_eralash_refused(n: int) -> None:
    """short + hvalenki_reverse_eralash is refused, naming the option, never changed."""
    raw = {"players": n, "length": "short", "stage2": "hvalenki_reverse_eralash"}
    with pytest.raises(OptionError) as info:
        KING_GAME.check_options(raw)
    assert info.value.key == "stage2"
    assert "stage2" in str(info.value)
    with pytest.raises(OptionError):
        KING_GAME.new(raw, 0)
    assert raw == {"players": n, "length": "short", "stage2": "hvalenki_reverse_eralash"}


@pytest.mark.parametrize(("key", "value"), [
    ("players", "4"), ("players", 4.0), ("players", True), ("players", 2), ("players", 5),
    ("players", None), ("length", "long"), ("length", 1), ("stage2", "eralash"),
    ("stage2", None), ("boys", "kings"), ("boys", True), ("must_trump", 1),
    ("must_trump", "true"), ("early_finish", 0), ("early_finish", None),
])
def test_bad_option_values_refused_naming_the_option(key: str, value: object) -> None:
    """A wrong type or value is refused with an OptionError naming the option."""
    with pytest.raises(OptionError) as info:
        KING_GAME.check_options({key: value})
    assert info.value.key == key
    assert key in str(info.value)


def test_unknown_option_refused() -> None:
    """An unknown key is refused and named."""
    with pytest.raises(OptionError) as info:
        KING_GAME.check_options({"players": 4, "jokers": True})
    assert info.value.key == "jokers"
    assert "jokers" in str(info.value)


def test_bad_first_dealer_refused() -> None:
    """The first dealer is a seat of the table."""
    for bad in (-1, 4, "0", 1.0, None):
        with pytest.raises(OptionError):
            KING_GAME.new({"players": 4}, bad)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        KING_GAME.new({"players": 3}, 3)


# --- deck, hands, layouts ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 3])
def test_deck_and_hand_sizes(n: int) -> None:
    """4 players: 32 cards 7..A, 8 each; 3 players: 30 cards without 7♠ 7♣, 10 each."""
    expected = deck(n)
    assert len(expected) == (32 if n == 4 else 30)
    if n == 3:
        assert "7S" not in names(expected) and "7C" not in names(expected)
        assert "7H" in names(expected) and "7D" in names(expected)
    rng = random.Random(n)
    for _ in range(20):
        state = KING_GAME.new({"players": n}, 0)
        lay = state.random_layout(rng)
        assert len(lay.hands) == n
        assert all(len(h) == (8 if n == 4 else 10) for h in lay.hands)
        assert sorted(x for h in lay.hands for x in h) == sorted(expected)
        state.deal(lay)
        assert [v.bit_count() for v in state.hands] == [len(h) for h in lay.hands]
        assert state.view(0).hand_counts == (8 if n == 4 else 10,) * n


GOOD4 = ("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
         "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C")
GOOD3 = ("AS KS QS JS TS 9S 8S AH KH QH", "JH TH 9H 8H 7H AD KD QD JD TD",
         "9D 8D 7D AC KC QC JC TC 9C 8C")


@pytest.mark.parametrize(("n", "hands", "why"), [
    (4, GOOD4[:3], "three hands for four players"),
    (4, (*GOOD4[:3], GOOD4[3] + " 6C"), "a 9-card hand / foreign 6C"),
    (4, (GOOD4[0], GOOD4[1], GOOD4[2], "AC KC QC JC TC 9C 8C"), "a 7-card hand"),
    (4, (GOOD4[0], GOOD4[1], GOOD4[2], "AC KC QC JC TC 9C 8C AS"), "AS twice"),
    (4, (GOOD4[0], GOOD4[1], GOOD4[2], "AC KC QC JC TC 9C 8C 6C"), "6C not in the deck"),
    (4, (GOOD4[0], GOOD4[1], GOOD4[2], "AC KC QC JC TC 9C 8C 2H"), "2H not in the deck"),
    (3, (GOOD3[0], GOOD3[1], "9D 8D 7D AC KC QC JC TC 9C 7C"), "7C not in the 3p deck"),
    (3, ("AS KS QS JS TS 9S 7S AH KH QH", GOOD3[1], GOOD3[2]), "7S not in the 3p deck"),
    (3, (*GOOD3, "7S"), "four hands for three players"),
    (3, (GOOD3[0], GOOD3[1], "9D 8D 7D AC KC QC JC TC 9C 9C"), "9C twice in one hand"),
])
def test_bad_layouts_refused(n: int, hands: tuple[str, ...], why: str) -> None:
    """Wrong counts, duplicates and foreign cards are refused with LayoutError, and the
    state still waits for a deal."""
    state = KING_GAME.new({"players": n}, 0)
    assert state.needs_deal
    with pytest.raises(LayoutError):
        state.deal(layout(hands))
    assert state.needs_deal and state.deal_index == 0 and state.hands == [0] * n
    state.deal(layout(GOOD4 if n == 4 else GOOD3))  # a good layout is still accepted
    assert state.phase == "play"


def test_layout_with_extra_parts_refused() -> None:
    """A Кинг deal has only hands: another game's layout, with an aside or a stock
    and a turned card, is refused — even when those parts are empty."""
    base = layout(GOOD4)
    for bad in (ClubsLayout(base.hands, aside=(Card.parse("2C"),)),
                ClubsLayout(base.hands, aside=()),
                MetamorphosisLayout(base.hands, stock=(Card.parse("2C"),),
                                    turned=Card.parse("3C"))):
        with pytest.raises(LayoutError, match="only hands"):
            KING_GAME.new({}, 0).deal(bad)
    KING_GAME.new({}, 0).deal(Layout(base.hands))  # the same hands alone are a deal


def test_deal_refused_while_a_deal_is_in_play() -> None:
    """A second layout while cards are being played is refused."""
    state = KING_GAME.new({}, 0)
    state.deal(layout(GOOD4))
    with pytest.raises(LayoutError):
        state.deal(layout(GOOD4))
    assert state.phase == "play"


# --- whole games ---------------------------------------------------------------------------------

FLAGS = list(itertools.product(["jacks", "jacks_kings"], [False, True], [False, True]))


@pytest.mark.parametrize(("n", "length", "form"), VALID)
@pytest.mark.parametrize(("boys", "must_trump", "early"), FLAGS)
def test_whole_random_games_are_zero_sum(n: int, length: str, form: str, boys: str,
                                         must_trump: bool, early: bool) -> None:
    """A whole game with random legal actions: each stage-1 deal distributes its total,
    stage 1 sums to −192/−480 (short −96/−240) and stage 2 to the same plus, the game
    ends after exactly the table's number of deals with totals summing to 0, in phase
    "over", refusing any further action or deal."""
    opts = {"players": n, "length": length, "stage2": form, "boys": boys,
            "must_trump": must_trump, "early_finish": early}
    for seed in range(2):
        state, per_deal = play_game_randomly(opts, seed=seed * 97 + n, first_dealer=seed % n)
        sched = schedule(KING_GAME.check_options(opts))
        assert len(per_deal) == len(state.deal_scores) == GAME_LENGTH[(n, length, form)]
        stage1 = stage2 = 0
        for spec, row, events in zip(sched, state.deal_scores, per_deal, strict=True):
            ends = [e for e in events if isinstance(e, DealEnded)]
            assert len(ends) == 1 and ends[0].scores == row
            if spec.key == "eralash":
                per = ERALASH_TOTAL[n]
            elif spec.key == "hvalenka":
                per = TRICK_VALUE[n] * (8 if n == 4 else 10)  # 24 / 80
            else:
                per = DEAL_TOTAL[n]
            assert sum(row) == spec.sign * per
            if spec.stage == 1:
                stage1 += sum(row)
            else:
                stage2 += sum(row)
        total = STAGE_TOTAL[(length, n)]
        assert stage1 == -total
        assert stage2 == total
        assert sum(state.totals) == 0
        assert state.totals == [sum(r[s] for r in state.deal_scores) for s in range(n)]
        assert state.phase == "over" and state.is_over and state.to_move is None
        assert isinstance(per_deal[-1][-1], GameOver)
        assert per_deal[-1][-1].totals == tuple(state.totals)
        assert not any(isinstance(e, GameOver) for ev in per_deal[:-1] for e in ev)
        assert state.legal_actions() == ()
        for action in (PLAY[Card.parse("AS")], PASS, Order("notrump")):
            with pytest.raises(IllegalAction):
                state.apply(action)
        with pytest.raises(LayoutError):
            state.deal(state.random_layout(random.Random(0)))
        assert len(state.deal_scores) == GAME_LENGTH[(n, length, form)]


@pytest.mark.parametrize("n", [4, 3])
def test_game_not_over_before_its_last_deal(n: int) -> None:
    """Before the last deal ends the game waits for the next deal, never "over"."""
    rng = random.Random(11)
    state = KING_GAME.new({"players": n, "length": "short"}, 0)
    for i in range(state.deals_total):
        assert state.phase == "deal" and state.deal_index == i
        state.deal(state.random_layout(rng))
        play_deal_randomly(state, rng)
    assert state.phase == "over" and len(state.deal_scores) == 6 + n


def test_places_share_equal_totals() -> None:
    """The highest total wins; equal totals share the place."""
    state = KING_GAME.new({}, 0)
    state.totals = [10, -5, 10, -15]
    assert state.places() == [1, 3, 1, 4]
