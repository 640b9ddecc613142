"""Метаморфоза against metamorphosis.md, one rule at a time, on hand-built deals.

The numbers in these tests were worked out by hand from the rules file and are
written next to the cards; random партии then check the counts and rotations that
hold for every deal (the trick-by-trick comparison with the reference is in
test_metamorphosis_properties.py).
"""

from __future__ import annotations

import random

import pytest
from metamorphosis_helpers import (
    assert_refused,
    c,
    complete,
    game_over,
    hand,
    names,
    new_state,
    play,
    play_out,
    random_action,
    random_layout,
    tricks_of,
)

from cardtable.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from cardtable.engine.actions import PLAY
from cardtable.engine.game import DealEnded, DealStarted, GameOver
from cardtable.engine.metamorphosis import METAMORPHOSIS_GAME, MetamorphosisState
from cardtable.engine.metamorphosis_actions import Declare

# --- number of розыгрыши and the lead ----------------------------------------------------------

# Leaders of розыгрыши 1, 2, 3, … written out by hand from the rules: two each, starting
# to the dealer's left, the lead passing to the left (seat + 1).
LEADERS = {
    (2, 0): [1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0],
    (2, 1): [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
    (3, 0): [1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0],
    (3, 1): [2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1],
    (3, 2): [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2],
}


@pytest.mark.parametrize(("n", "dealer"), list(LEADERS))
@pytest.mark.parametrize("turned_trump", [False, True])
def test_a_partiya_has_16_or_12_rozygryshi_led_two_by_two(n: int, dealer: int,
                                                          turned_trump: bool) -> None:
    """16 розыгрыши with 2 players, 12 with 3, whoever wins them; the leaders follow
    the rotation whoever won the trick before, and the партия then ends."""
    rng = random.Random(f"{n}{dealer}{turned_trump}")
    for _ in range(4):
        state = new_state(random_layout(rng, n), dealer, {"turned_trump": turned_trump})
        events = play_out(state, rng)
        won = tricks_of(events)
        assert len(won) == {2: 16, 3: 12}[n]
        assert [t.cards[0][0] for t in won] == LEADERS[(n, dealer)]
        assert [[s for s, _ in t.cards] for t in won] == \
            [[(lead + i) % n for i in range(n)] for lead in LEADERS[(n, dealer)]]
        assert state.phase == "over" and state.to_move is None


@pytest.mark.parametrize("n", [2, 3])
def test_later_partii_rotate_from_the_new_dealer(n: int) -> None:
    """The deal passes to the left; each партия's declarations and leads start to its
    own dealer's left; totals are the sums of the партия rows; the match ends after
    ``partii`` deals with GameOver."""
    rng = random.Random(n)
    partii = 3
    state = METAMORPHOSIS_GAME.new({"players": n, "partii": partii}, 1)
    rows = []
    for p in range(partii):
        dealer = (1 + p) % n
        assert state.needs_deal and state.dealer == dealer and state.deal_index == p
        events = state.deal(random_layout(rng, n))
        assert events == [DealStarted(p, dealer)]
        assert state.to_move == (dealer + 1) % n  # first to choose a declaration
        events = play_out(state, rng)
        won = tricks_of(events)
        assert [t.cards[0][0] for t in won] == LEADERS[(n, dealer)]
        row = [0] * n
        for t in won:
            row[t.seat] += t.points
        ends = [e for e in events if isinstance(e, DealEnded)]
        assert ends == [DealEnded(p, tuple(row))]
        rows.append(tuple(row))
    assert state.is_over and state.deal_scores == rows
    totals = tuple(sum(r[s] for r in rows) for s in range(n))
    assert tuple(state.totals) == totals
    assert game_over(events) == GameOver(totals)
    assert state.legal_actions() == ()


# --- one hand-built партия: kinds, winners, points, premium ----------------------------------

# 2 players, dealer 1: seat 0 leads розыгрыши 1–2, seat 1 3–4, seat 0 5–6, seat 1 7–8.
# Seat 0 chooses first and takes A; seat 1 takes 4.  All 16 cards come from the hands
# as dealt, so the refills do not matter here.
#  k kind  leader: cards        taker  points (by the table)
#  1 A     0: 3C  1: AC         1      2 clubs −8; 1 declared 4, no premium      −8
#  2 2     0: 3S  1: KS         1      2 spades −8                                −8
#  3 3     1: 2H  0: 5H         0      2 cards −2 (seat 0 holds hearts, follows)  −2
#  4 4 ♦   1: AH  0: 2D         0      trump 2♦ beats A♥; 1 heart +4              +4
#  5 A     0: 6H  1: 4C         0      4♣ is off suit, no trump: 1 club −4 + 10   +6
#  6 2     0: 9S  1: TS         1      2 spades −8                                −8
#  7 3     1: 4D  0: AD         0      −2 (♦ is not trump in kind 3)              −2
#  8 4 ♦   1: KH  0: 3H         1      2 hearts +8 + premium 10                  +18
SCRIPT_HANDS = {0: "3C 3S 5H 2D 6H 9S AD 3H", 1: "AC KS 2H AH 4C TS 4D KH"}
SCRIPT = "3C AC  3S KS  2H 5H  AH 2D  6H 4C  9S TS  4D AD  KH 3H"
SCRIPT_TAKERS = [1, 1, 0, 0, 0, 1, 0, 1]
SCRIPT_POINTS = [-8, -8, -2, 4, 6, -8, -2, 18]
SCRIPT_KINDS = [1, 2, 3, 4, 1, 2, 3, 4]


def scripted_state(options: dict[str, object] | None = None) -> MetamorphosisState:
    return new_state(complete(2, SCRIPT_HANDS, turned="5C"), dealer=1, options=options,
                     declare="A 4")


def test_scripted_partiya_kinds_takers_points_and_premium() -> None:
    state = scripted_state()
    assert state.view(0).declarations == ("A", "4")
    running = [0, 0]
    for k, (pair, taker, pts) in enumerate(zip(SCRIPT.split("  "), SCRIPT_TAKERS,
                                              SCRIPT_POINTS, strict=True), start=1):
        view = state.view(0)
        assert view.round == k and view.kind is not None
        assert view.kind.number == SCRIPT_KINDS[k - 1]
        assert view.kind.declaration == "A234"[SCRIPT_KINDS[k - 1] - 1]
        assert view.trump == (DIAMONDS if SCRIPT_KINDS[k - 1] == 4 else None)
        assert view.leader == [0, 0, 1, 1][(k - 1) % 4]
        won = tricks_of(play(state, pair))
        assert [(t.seat, t.points) for t in won] == [(taker, pts)]
        assert [str(x) for _, x in won[0].cards] == pair.split()
        running[taker] += pts
        # points are written the moment the trick is won, for every seat to see
        assert [list(state.view(s).points) for s in (0, 1)] == [running, running]
    assert running == [6, -6]


def test_winner_does_not_lead_the_next_rozygrysh() -> None:
    """Seat 1 takes розыгрыш 1 but seat 0 leads 2; seat 0 takes 3 and 7 but seat 1
    leads 4 and 8."""
    state = scripted_state()
    pairs = SCRIPT.split("  ")
    for k, pair in enumerate(pairs, start=1):
        play(state, pair)
        if k in (1, 3, 7):
            assert state.view(0).leader == [0, 0, 1, 1][k % 4]
            assert state.to_move == state.view(0).leader != SCRIPT_TAKERS[k - 1]


@pytest.mark.parametrize("mine", ["A", "2", "3", "4"])
def test_premium_exactly_for_the_declared_kind(mine: str) -> None:
    """Seat 0 takes розыгрыши 1–4: −8, −8, −2, +4 by the table, and +10 only in the one
    whose kind it declared (seat 1's declaration never matters, it takes nothing)."""
    other = "4" if mine != "4" else "A"
    lay = complete(2, {0: "AC AS AH 2D", 1: "2C 2S 2H 3H"}, turned="9C")
    state = new_state(lay, dealer=1, declare=f"{mine} {other}")
    won = tricks_of(play(state, "AC 2C  AS 2S  2H AH  3H 2D"))
    base = [-8, -8, -2, 4]
    assert [t.seat for t in won] == [0, 0, 0, 0]
    assert [t.points for t in won] == [p + (10 if "A234"[i] == mine else 0)
                                       for i, p in enumerate(base)]


def test_premium_goes_to_the_declarer_only_when_he_takes_it() -> None:
    """Seat 0 declared 3, seat 1 A.  Seat 0 takes розыгрыши 1–5; only розыгрыш 3
    (kind 3) carries its premium; in 1 and 5 (kind A) seat 1's declaration earns
    nobody anything.  When seat 1 takes a clubless kind-A trick it scores just +10."""
    lay = complete(2, {0: "AC AS AH 2D 2H", 1: "2C 2S 3H 4H 3S"}, turned="9C")
    state = new_state(lay, dealer=1, declare="3 A")
    won = tricks_of(play(state, "AC 2C  AS 2S  3H AH  4H 2D  2H 3S"))
    # −8 (2 clubs), −8 (2 spades), −2 + 10, +4 (one heart, 2♦ trumps), 0 (no club)
    assert [(t.seat, t.points) for t in won] == [(0, -8), (0, -8), (0, 8), (0, 4),
                                                 (0, 0)]
    lay = complete(2, {0: "AC AS AH 2D 2H", 1: "2C 2S 3H 4H KH"}, turned="9C")
    state = new_state(lay, dealer=1, declare="3 A")
    play(state, "AC 2C  AS 2S  3H AH  4H 2D")
    won = tricks_of(play(state, "2H KH"))
    assert [(t.seat, t.points) for t in won] == [(1, 10)]


# --- the winner rule ----------------------------------------------------------------------------

# 3 players, dealer 2: seat 0 leads розыгрыши 1–2, seat 1 3–4.  Seat 0 declared 3,
# seat 1 2, seat 2 A.  Before the last trick: 4♠ (seat 2) takes 1, 4♣ (seat 2) takes 2,
# 4♥ (seat 0) takes 3.
B = "2S 3S 4S  2C 3C 4C  2H 3H 4H"


@pytest.mark.parametrize(("before", "trick", "taker", "points"), [
    # k=1, no trump: the highest of the suit led; a higher card of another suit loses
    ("", "5S KS AH", 1, 0),
    ("", "5C 2C AS", 0, -8),  # two clubs
    ("", "7H 2C 3D", 0, -4),  # one club
    ("", "7H 2C AC", 0, -8),  # clubs are not trump: A♣ loses to the led 7♥
    # k=2: seat 1 takes one spade −4 and its premium: it declared 2
    ("2S 3S 4S", "5D AD KS", 1, 6),
    # k=3: −1 per card, seat 0 (declared 3) gets the premium
    ("2S 3S 4S  2C 3C 4C", "2D 3D 4D", 2, 7),
    ("2S 3S 4S  2C 3C 4C", "9H 8H 7C", 0, -3),
    # k=4 (diamonds trump, +4 per heart): the highest trump wins, whatever was led
    (B, "AS 2D 3D", 2, 0),
    (B, "AH 2D KH", 1, 8),
    (B, "2D AH 3D", 2, 4),
    (B, "5H TH 9H", 1, 12),
    (B, "5H TH 5D", 2, 8),
])
def test_winner_is_highest_trump_else_highest_of_suit_led(before: str, trick: str,
                                                          taker: int, points: int) -> None:
    """Cards are listed in play order; the hands are arranged so every card is in its
    player's hand.  ``taker`` counts from the leader (0 = the leader)."""
    played = (before + "  " + trick).split()
    hands: dict[int, list[str]] = {0: [], 1: [], 2: []}
    trick_leaders = [0, 0, 1, 1]
    for i, x in enumerate(played):
        hands[(trick_leaders[i // 3] + i % 3) % 3].append(x)
    lay = complete(3, {s: " ".join(h) for s, h in hands.items()}, turned="QC")
    state = new_state(lay, dealer=2, declare="3 2 A")
    play(state, before)
    leader = trick_leaders[len(before.split()) // 3]
    assert state.to_move == leader
    won = tricks_of(play(state, trick))
    assert [(t.seat, t.points) for t in won] == [((leader + taker) % 3, points)]


def test_turned_trump_makes_the_turned_suit_trump_in_every_rozygrysh() -> None:
    """With turned_trump and 7♣ turned, clubs are trump in розыгрыши 1–4 (diamonds are
    not trump in kind 4); the scoring stays: −4 per club in kind A, +4 per heart in
    kind 4, premium for the declared kind."""
    lay = complete(2, {0: "AS 2H AD QH", 1: "2C 3C 4H 2D"}, turned="7C")
    state = new_state(lay, dealer=1, options={"turned_trump": True}, declare="A 4")
    for k in range(1, 5):
        assert state.view(1).trump == CLUBS
        assert state.view(1).kind.number == k  # type: ignore[union-attr]
        pair = ["AS 2C", "2H 3C", "4H AD", "2D QH"][k - 1]
        won = tricks_of(play(state, pair))
        # k=1: 2♣ trumps A♠, seat 1 takes one club −4 (declared 4: no premium)
        # k=2: 3♣ trumps 2♥: no spades, 0
        # k=3: seat 1 leads 4♥, A♦ is off suit: seat 1 −2
        # k=4: seat 1 leads 2♦, Q♥ is off suit, ♦ not trump: seat 1, 1 heart +4 +10
        assert [(t.seat, t.points) for t in won] == [[(1, -4)], [(1, 0)], [(1, -2)],
                                                     [(1, 14)]][k - 1]
    # the same cards without the option: k=1 A♠ wins, k=2 2♥ wins, k=4 2♦ is trump
    state = new_state(lay, dealer=1, declare="A 4")
    won = tricks_of(play(state, "AS 2C  2H 3C  4H AD  2D QH"))
    assert [(t.seat, t.points) for t in won] == [(0, -4 + 10), (0, 0), (1, -2), (1, 14)]


def test_turned_trump_stays_after_the_turned_card_is_drawn() -> None:
    """3 players always draw the turned card (18 stock draws are wanted, 16 cards lie
    there); from then on view.turned is None but the trump is still its suit, and a
    low trump beats the suit led."""
    rng = random.Random(11)
    for _ in range(10):
        lay = random_layout(rng, 3)
        state = new_state(lay, 0, {"turned_trump": True})
        trump_suit = lay.turned.suit  # type: ignore[union-attr]
        checked = 0
        while not state.is_over:
            view = state.view(0)
            if view.phase == "play":
                assert view.trump == trump_suit
                assert view.turned_card == lay.turned
                if view.turned is None:
                    checked += 1
            events = state.apply(random_action(state, rng))
            for t in tricks_of(events):
                trumps = [(x.rank, s) for s, x in t.cards if x.suit == trump_suit]
                if trumps:
                    assert t.seat == max(trumps)[1]
        assert checked > 0


def test_first_cycle_of_kinds_in_one_partiya() -> None:
    """Seat 1 takes 1–3 with spades: 0 (kind A, no clubs), −8 (two spades), −2 + 10
    (it declared 3); in 4 seat 0's 2♦ trumps A♥: +4 for one heart."""
    lay = complete(2, {0: "2S 3S 4S 5H 2D", 1: "6S 7S 8S AH 9H"}, turned="9C")
    state = new_state(lay, dealer=1, declare="2 3")
    won = tricks_of(play(state, "2S 6S  3S 7S  8S 4S"))
    assert [(t.seat, t.points) for t in won] == [(1, 0), (1, -8), (1, 8)]
    assert state.view(0).kind.number == 4  # type: ignore[union-attr]
    assert state.view(0).trump == DIAMONDS
    won = tricks_of(play(state, "AH 2D"))
    assert [(t.seat, t.points) for t in won] == [(0, 4)]
    assert state.view(1).points == (4, 0)


# --- any card may be played; what is refused ----------------------------------------------------


def test_any_card_may_be_played_legal_actions_are_the_whole_hand() -> None:
    """There is no obligation to follow suit: while holding hearts seat 0 may discard
    a spade on a heart lead; the legal actions are exactly the hand."""
    state = scripted_state()
    assert sorted(names(state.legal_actions())) == sorted(hand(state, 0))
    assert len(state.legal_actions()) == 12
    play(state, "3C AC  3S KS  2H")
    assert any(x.endswith("H") for x in hand(state, 0))
    assert sorted(names(state.legal_actions())) == sorted(hand(state, 0))
    assert sorted(names(state.view(0).legal)) == sorted(hand(state, 0))
    assert state.view(1).legal == ()
    won = tricks_of(play(state, "9S"))  # a spade on the heart lead
    assert [(t.seat, t.points) for t in won] == [(1, -2)]  # 2♥ takes it
    assert state.to_move == 1  # seat 1 leads 4 by the rotation anyway


def test_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    state = scripted_state()
    other = sorted(hand(state, 1))[0]
    assert_refused(state, PLAY[c(other)], "not_in_hand")
    play(state, "3C")
    assert_refused(state, PLAY[c("3C")], "not_in_hand")  # already played
    assert_refused(state, Declare("A"), "wrong_action")
    play(state, "AC")
    assert state.view(0).points == (0, -8)


def test_actions_outside_their_phase_are_refused() -> None:
    state = METAMORPHOSIS_GAME.new({"players": 3}, 0)
    assert_refused(state, PLAY[c("AS")], "no_deal")
    state.deal(complete(3))
    assert_refused(state, PLAY[c("2S")], "wrong_action")  # seat 1 must declare first
    rng = random.Random(1)
    play_out(state, rng)
    assert_refused(state, PLAY[c("2S")], "game_over")
    assert_refused(state, Declare("A"), "game_over")


def test_four_kinds_have_the_right_trumps_in_the_view() -> None:
    """The view says the kind and trump of the current розыгрыш: none for A, 2, 3;
    diamonds for 4; and the turned suit in every one with turned_trump."""
    for turned, option in (("9S", False), ("9S", True), ("9H", True)):
        state = new_state(complete(2, turned=turned), 0, {"turned_trump": option},
                          declare="A 2")
        seen = []
        while not state.is_over:
            view = state.view(0)
            if not view.trick:
                seen.append((view.kind.number, view.trump))  # type: ignore[union-attr]
            state.apply(state.legal_actions()[0])
        suit = {"9S": SPADES, "9H": HEARTS}[turned]
        expected = [(k % 4 + 1, suit if option else (DIAMONDS if k % 4 == 3 else None))
                    for k in range(16)]
        assert seen == expected


def test_points_are_not_rewritten_when_pile_cards_come_back() -> None:
    """After розыгрыш 2 seat 0 takes the top of seat 1's pile (seat 1's cards of 2),
    plays it again in a later trick; the points written for розыгрыши 1 and 2 stay."""
    state = scripted_state()
    play(state, "3C AC  3S")
    assert state.view(0).piles == ((), (c("3C"), c("AC")))
    play(state, "KS")  # seat 1 takes both: −8, −8; its pile was 3C AC 3S KS
    assert "KS" in hand(state, 0)  # the top of seat 1's pile
    assert state.view(0).piles == ((), (c("3C"), c("AC"), c("3S")))
    assert state.view(0).points == (0, -16)
    play(state, "2H 5H  AH 2D  KS 4C")  # k=5 (kind A): K♠ led, 4♣ off suit: −4 + 10
    assert state.view(1).points == (-2 + 4 + 6, -16)


# --- option leaders ---------------------------------------------------------------------


def leaders_played(options: dict[str, object], dealer: int, seed: int) -> list[int]:
    """Who led each розыгрыш of a партия played at random."""
    state = METAMORPHOSIS_GAME.new(options, dealer)
    rng = random.Random(seed)
    state.deal(state.random_layout(rng))
    while not state.is_over:
        state.apply(rng.choice(list(state.legal_actions())))
    return [lead for _, lead, *_ in state.tricks]


def test_source_leaders_repeat_every_four_with_three_players() -> None:
    """metamorphosis.md, option ``leaders = "source"``: with the dealer at seat 0 the
    leaders are 1, 1, 2, 2, 1, 1, 2, 2, …; the default rotates 1, 1, 2, 2, 0, 0, …"""
    source = leaders_played({"players": 3, "leaders": "source"}, dealer=0, seed=1)
    assert source == [1, 1, 2, 2] * 3
    rotate = leaders_played({"players": 3}, dealer=0, seed=1)
    assert rotate == [1, 1, 2, 2, 0, 0] * 2
    assert leaders_played({"players": 3, "leaders": "source"}, dealer=2, seed=2) == \
        [0, 0, 1, 1] * 3


def test_with_two_players_both_readings_are_the_same() -> None:
    for dealer in (0, 1):
        assert leaders_played({"players": 2, "leaders": "source"}, dealer, seed=3) == \
            leaders_played({"players": 2}, dealer, seed=3) == \
            [1 - dealer] * 2 + [dealer] * 2 + [1 - dealer] * 2 + [dealer] * 2 + \
            [1 - dealer] * 2 + [dealer] * 2 + [1 - dealer] * 2 + [dealer] * 2
