"""Кинг, stage 1 («Штрафной»): every penalty deal, 3 and 4 players, against king.md.

Two hand-built deals are played card by card in every deal type (the scripts are
legal under every stage-1 play rule); their per-trick costs were worked out by hand
from the king.md tables and are written out, trick by trick, in king_helpers.py.
Random deals then check the totals, the restrictions and early finish in bulk.
"""

from __future__ import annotations

import random

import pytest
from king_helpers import (
    D3,
    D4,
    L3,
    L4,
    P3,
    P4,
    S3,
    S4,
    W3,
    W4,
    assert_refused,
    c,
    cards,
    complete,
    deal_end,
    legal_cards,
    names,
    play,
    play_deal_randomly,
    play_game_randomly,
    rule_legal,
    rule_winner,
    state_at,
    tricks_of,
)
from king_rules import DEAL_TOTAL, ERALASH_TOTAL, UNITS, rule_points

from cardtable.engine.actions import PLAY
from cardtable.engine.game import DealEnded, DealStarted, IllegalAction, TrickWon
from cardtable.engine.king import KING_GAME

PENALTY_KEYS = ("tricks", "hearts", "boys", "girls", "king", "last_two", "eralash")

SCRIPTS = {4: (L4, S4, W4, P4, D4, 3), 3: (L3, S3, W3, P3, D3, 2)}
CASES = [(key, boys) for key in PENALTY_KEYS for boys in ("jacks", "jacks_kings")
         if boys == "jacks" or key in ("boys", "eralash")]


def _variant(key: str, boys: str) -> str:
    return key + "_jk" if boys == "jacks_kings" else key


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize(("key", "boys"), CASES)
def test_scripted_deal_costs_each_trick_exactly(n: int, key: str, boys: str) -> None:
    """Each trick of the hand-built deal costs exactly what the king.md tables say, the
    trick's winner takes it and leads next, and the deal score is the sum."""
    lay, script, winners, per_trick, per_deal, dealer = SCRIPTS[n]
    state = state_at(key, lay, {"boys": boys, "early_finish": False}, dealer=dealer)
    assert state.to_move == (dealer + 1) % n == 0  # the forehand leads
    events = play(state, script)
    won = tricks_of(events)
    assert [t.seat for t in won] == winners
    assert [t.points for t in won] == [-p for p in per_trick[_variant(key, boys)]]
    # the winner of each trick led the next one
    leaders = [t.cards[0][0] for t in won]
    assert leaders == [0, *winners[:-1]]
    end = deal_end(events)
    assert end is not None and list(end.scores) == per_deal[_variant(key, boys)]
    assert state.deal_scores == [tuple(per_deal[_variant(key, boys)])]
    total = ERALASH_TOTAL[n] if key == "eralash" else DEAL_TOTAL[n]
    assert sum(end.scores) == -total
    assert state.phase == "deal" and state.deal_index == PENALTY_KEYS.index(key) + 1


@pytest.mark.parametrize("n", [4, 3])
def test_boys_option_counts_kings_only_with_jacks_kings(n: int) -> None:
    """Kings cost nothing in deal 3 with ``boys = jacks``; with ``jacks_kings`` each
    jack and king costs 2 (4 players) or 5 (3 players), and K♥ counts as a boy."""
    lay, script, *_ , dealer = SCRIPTS[n]
    for boys, units in (("jacks", {"J": UNITS[n]["boys"], "K": 0}),
                        ("jacks_kings", {"J": UNITS[n]["boys_jk"], "K": UNITS[n]["boys_jk"]})):
        state = state_at("boys", lay, {"boys": boys, "early_finish": False}, dealer=dealer)
        for t in tricks_of(play(state, script)):
            ranks = [str(card)[0] for _, card in t.cards]
            assert t.points == -sum(units.get(r, 0) for r in ranks)


def test_eralash_single_trick_costs_all_six_penalties() -> None:
    """In ералаш one trick can cost everything at once: the 7th trick A♠ K♥ Q♠ J♠ costs
    trick 2 + heart 2 + J♠ 4 + Q♠ 4 + K♥ 16 + last-two 8 = 36; with jacks and kings
    J♠ and K♥ are both boys at 2 each (still 36; without K♥ as a boy it would be 34)."""
    lay = (
        "AC KC QC JC TC 9C 8C AS",  # seat 0, the forehand, wins every trick
        "7H 8H 9H TH JH QH KH AH",  # seat 1: only hearts
        "7C 7D 8D 9D TD 8S QS 9S",  # seat 2
        "7S TS KS AD KD QD JS JD",  # seat 3: no clubs
    )
    script = ("AC 7H 7C 7S  KC 8H 7D TS  QC 9H 8D KS  JC TH 9D AD  TC JH TD KD  "
              "9C QH 8S QD  AS KH QS JS  8C AH 9S JD")
    # T1 2+7H 2; T2 2+8H 2(+KC 2); T3 2+9H 2+QC 4(+KS 2); T4 2+TH 2+JC 4|2;
    # T5 2+JH 2+JH 4|2(+KD 2); T6 2+QH 2+QH 4+QD 4; T7 36; T8 2+AH 2+JD 4|2+last 8
    expected = {"jacks": [4, 4, 8, 8, 8, 12, 36, 16],
                "jacks_kings": [4, 6, 10, 6, 8, 12, 36, 14]}
    for boys, costs in expected.items():
        state = state_at("eralash", lay, {"boys": boys}, dealer=3)
        events = play(state, script)
        won = tricks_of(events)
        assert [t.seat for t in won] == [0] * 8
        assert [t.points for t in won] == [-x for x in costs]
        end = deal_end(events)
        assert end is not None and list(end.scores) == [-96, 0, 0, 0]


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("boys", ["jacks", "jacks_kings"])
@pytest.mark.parametrize("early", [True, False])
@pytest.mark.parametrize("key", PENALTY_KEYS)
def test_random_deals_distribute_exactly_the_deal_total(n: int, boys: str, early: bool,
                                                         key: str) -> None:
    """Over many random deals every trick costs what the rules say, the highest card of
    the suit led wins, and the deal distributes exactly −16/−40 (ералаш −96/−240)."""
    rng = random.Random(f"{n}{boys}{early}{key}")
    total = ERALASH_TOTAL[n] if key == "eralash" else DEAL_TOTAL[n]
    for k in range(20):
        dealer = k % n
        state = state_at(key, KING_GAME.new({"players": n}, 0).random_layout(rng),
                         {"boys": boys, "early_finish": early}, dealer=dealer)
        assert state.to_move == (dealer + 1) % n
        events = []
        while state.phase == "play":
            view = state.view(state.to_move)
            legal = state.legal_actions()
            expected = rule_legal(names(view.hand), names(c for _, c in view.trick), key)
            assert sorted(names(legal)) == expected
            assert view.legal == tuple(legal)
            events += state.apply(legal[rng.randrange(len(legal))])
        won = tricks_of(events)
        for i, t in enumerate(won):
            trick = [(s, str(card)) for s, card in t.cards]
            assert t.seat == rule_winner(trick)
            assert t.points == -rule_points(key, [x for _, x in trick], i, n, boys)
        end = deal_end(events)
        assert end is not None
        assert sum(end.scores) == -total
        per_seat = [0] * n
        for t in won:
            per_seat[t.seat] += t.points
        assert list(end.scores) == per_seat
        assert state.dealer == (dealer + 1) % n


# --- heart lead ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["hearts", "king", "eralash"])
@pytest.mark.parametrize("n", [4, 3])
def test_heart_lead_refused_while_holding_another_suit(key: str, n: int) -> None:
    """Deals 2, 5, 7: leading a heart while holding another suit is refused with the
    state unchanged, on the first trick and on a later lead by a trick's winner."""
    lay, *_rest, dealer = SCRIPTS[n]
    state = state_at(key, lay, {"early_finish": False}, dealer=dealer)
    hearts0 = [x for x in lay[0].split() if x[1] == "H"]
    assert_refused(state, PLAY[c(hearts0[0])], "no_heart_lead")
    assert not any(x[1] == "H" for x in legal_cards(state))
    assert legal_cards(state) == sorted(x for x in lay[0].split() if x[1] != "H")
    if n == 4:
        # after T1 and T2 seat 3 leads, holding 7H AH besides diamonds and clubs
        play(state, "AS KS QS JS 7S 8S 9S TS")
        assert state.to_move == 3
        assert_refused(state, PLAY[c("AH")], "no_heart_lead")
        assert legal_cards(state) == ["7C", "AC", "JD", "TD"]
    else:
        # after T1..T5 seat 2 leads, holding 8H AH besides clubs
        play(state, "AS KS QS JS 9S 8S TS QD KH AD KD JD 7D 8D 9D")
        assert state.to_move == 2
        assert_refused(state, PLAY[c("8H")], "no_heart_lead")
        assert legal_cards(state) == ["AC", "QC", "TC"]


@pytest.mark.parametrize("key", ["hearts", "king", "eralash"])
@pytest.mark.parametrize("n", [4, 3])
def test_heart_lead_allowed_with_only_hearts(key: str, n: int) -> None:
    """A leader holding nothing but hearts may lead any of them (also in 2, 5, 7); the
    scripted deals lead hearts in their last tricks and play through."""
    hearts = "7H 8H 9H TH JH QH KH AH"
    size = 8 if n == 4 else 10
    if n == 4:
        lay = complete(4, {0: hearts})
        state = state_at(key, lay, dealer=3)
        assert legal_cards(state) == sorted(hearts.split())
        play(state, "QH")
        assert state.to_move == 1
    lay, script, *_rest, dealer = SCRIPTS[n]
    state = state_at(key, lay, {"early_finish": False}, dealer=dealer)
    events = play(state, script)
    assert len(tricks_of(events)) == size


@pytest.mark.parametrize("key", ["tricks", "boys", "girls", "last_two"])
@pytest.mark.parametrize("n", [4, 3])
def test_heart_lead_not_restricted_in_deals_1_3_4_6(key: str, n: int) -> None:
    """Deals 1, 3, 4 and 6 let the leader lead a heart while holding other suits."""
    lay, *_rest, dealer = SCRIPTS[n]
    state = state_at(key, lay, dealer=dealer)
    assert legal_cards(state) == sorted(lay[0].split())
    heart = next(x for x in lay[0].split() if x[1] == "H")
    play(state, heart)
    assert state.to_move == 1 and [str(x) for x in state.trick_cards] == [heart]


def test_heart_may_be_discarded_in_heart_deals() -> None:
    """The restriction is on leading only: a void player may discard a heart."""
    lay = complete(4, {0: "AS KS QS JS 7D 8D 9D TD", 1: "AH 7C 8C 9C TC JC QC KC"})
    for key in ("hearts", "king", "eralash"):
        state = state_at(key, lay, dealer=3)
        play(state, "AS")
        assert "AH" in legal_cards(state)
        play(state, "AH")
        assert state.to_move == 2


# --- forced K♥ --------------------------------------------------------------------------------

VOID_KH = complete(4, {0: "AS KS QS JS 7D 8D 9D TD", 1: "KH AH QH 7C 8C 9C TC JC"})
"""Seat 1 holds K♥ and no spades; seat 0 (forehand with dealer 3) leads spades."""


def test_forced_kh_in_deal_5() -> None:
    """Deal 5: a player who cannot follow and holds K♥ can play nothing but K♥; any
    other card is refused (state unchanged) and K♥ is taken by the spade."""
    state = state_at("king", VOID_KH, dealer=3)
    play(state, "AS")
    assert legal_cards(state) == ["KH"]
    for other in ("AH", "QH", "7C", "JC"):
        assert_refused(state, PLAY[c(other)], "must_play_kh")
    events = play(state, "KH")
    events += play(state, "7S JD")  # seat 2 follows; seat 3 has no spades
    won = tricks_of(events)
    assert won[0].seat == 0 and won[0].points == -16
    # early finish: K♥ was the only penalty card, so the deal is over after one trick
    end = deal_end(events)
    assert end is not None and list(end.scores) == [-16, 0, 0, 0]


def test_forced_kh_three_players_scripted() -> None:
    """3 players, deal 5: in the scripted deal seat 2 is void in spades on trick 3 and
    must discard K♥; the deal ends there with early finish (−40 to seat 0)."""
    lay, *_rest = SCRIPTS[3]
    state = state_at("king", lay, dealer=2)
    events = play(state, "AS KS QS JS 9S 8S TS QD")
    assert state.to_move == 2
    assert legal_cards(state) == ["KH"]
    assert_refused(state, PLAY[c("AC")], "must_play_kh")
    events += play(state, "KH")
    end = deal_end(events)
    assert len(tricks_of(events)) == 3
    assert end is not None and list(end.scores) == [-40, 0, 0]


def test_kh_not_forced_when_player_can_follow() -> None:
    """A K♥ holder who can follow suit must follow and may not throw K♥; on a heart lead
    he may play any heart, not only K♥."""
    state = state_at("king", L4, dealer=3)
    play(state, "AS KS")
    assert legal_cards(state) == ["9S", "QS"]  # seat 2 holds KH and spades
    assert_refused(state, PLAY[c("KH")], "must_follow")
    play(state, "QS JS 7S 8S 9S TS AC 8C QC KC 7C JC 9C TC AD KD QD JD 7D 8D 9D TD")
    play(state, "7H 8H TH")
    assert legal_cards(state) == ["KH", "QH"]
    play(state, "QH")  # ducks; K♥ is not forced
    assert state.phase == "play"


@pytest.mark.parametrize("key", ["tricks", "hearts", "boys", "girls", "last_two", "eralash"])
def test_kh_not_forced_outside_deal_5(key: str) -> None:
    """Only deal 5 forces K♥; in ералаш and the other deals a void K♥ holder may
    discard anything."""
    state = state_at(key, VOID_KH, dealer=3)
    play(state, "AS")
    assert legal_cards(state) == sorted(names(cards("KH AH QH 7C 8C 9C TC JC")))
    play(state, "JC")
    assert state.to_move == 2


# --- follow suit, leads, rotation ------------------------------------------------------------


@pytest.mark.parametrize("key", PENALTY_KEYS)
def test_must_follow_suit(key: str) -> None:
    """A player holding the suit led must follow; another suit is refused unchanged."""
    state = state_at(key, L4, dealer=3)
    play(state, "AS")
    assert legal_cards(state) == ["8S", "KS"]
    assert_refused(state, PLAY[c("KD")], "must_follow")
    assert_refused(state, PLAY[c("AD")], "not_in_hand")  # seat 0's card
    play(state, "8S")
    assert state.to_move == 2


def test_wrong_action_types_refused_in_play() -> None:
    """In the play phase only a card is an action; orders and prices are refused."""
    from cardtable.engine.actions import PASS
    from cardtable.engine.king_actions import Buy, Order

    state = state_at("tricks", L4, dealer=3)
    for action in (PASS, Buy(1), Order("notrump")):
        assert_refused(state, action)


@pytest.mark.parametrize("n", [4, 3])
def test_forehand_leads_every_penalty_deal(n: int) -> None:
    """The player to the dealer's left leads to the first trick, in every deal."""
    rng = random.Random(n)
    for dealer in range(n):
        for key in PENALTY_KEYS:
            lay = KING_GAME.new({"players": n}, 0).random_layout(rng)
            state = state_at(key, lay, dealer=dealer)
            assert state.phase == "play"
            assert state.to_move == (dealer + 1) % n
            assert state.view(0).forehand == (dealer + 1) % n


@pytest.mark.parametrize("n", [4, 3])
def test_dealer_passes_to_the_left_every_deal(n: int) -> None:
    """Over a whole game the deal passes to the left after every deal, and the forehand
    (dealer + 1) leads or orders."""
    for first in range(n):
        state, per_deal = play_game_randomly({"players": n}, seed=first, first_dealer=first)
        for i, events in enumerate(per_deal):
            started = [e for e in events if isinstance(e, DealStarted)]
            assert started == [DealStarted(i, (first + i) % n)]
            played = [e for e in events if isinstance(e, TrickWon)]
            if played and i < 7:
                assert played[0].cards[0][0] == (first + i + 1) % n
        assert state.dealer == (first + len(per_deal)) % n


def test_play_events_match_cards() -> None:
    """Every CardPlayed event names the seat to move and the card; trick seats run
    clockwise from the leader."""
    from cardtable.engine.game import CardPlayed

    state = state_at("tricks", L4, dealer=3)
    events = play(state, "AS KS QS JS 7S")
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert [(e.seat, str(e.card)) for e in played] == [
        (0, "AS"), (1, "KS"), (2, "QS"), (3, "JS"), (0, "7S")]
    won = tricks_of(events)[0]
    assert [s for s, _ in won.cards] == [0, 1, 2, 3]
    view = state.view(2)
    assert view.trick == ((0, c("7S")),)
    assert view.tricks == ((0, cards("AS KS QS JS"), 0),)


# --- early finish ---------------------------------------------------------------------------------


def test_early_finish_scripted_king_deal() -> None:
    """4 players, deal 5: with early finish the deal ends when K♥ falls (7th trick);
    without it all 8 tricks are played; the scores are the same."""
    on = state_at("king", L4, {"early_finish": True}, dealer=3)
    events = play(on, " ".join(S4.split()[:28]))
    assert len(tricks_of(events)) == 7
    assert on.phase == "deal" and on.deal_scores == [(0, 0, -16, 0)]
    with pytest.raises(IllegalAction):
        on.apply(PLAY[c("QH")])
    off = state_at("king", L4, {"early_finish": False}, dealer=3)
    events = play(off, " ".join(S4.split()[:28]))
    assert deal_end(events) is None and off.phase == "play"
    events = play(off, "QH AH 9H JH")
    assert off.deal_scores == [(0, 0, -16, 0)]


PENALTY_CARDS = {
    "hearts": lambda s, boys: s[1] == "H",
    "boys": lambda s, boys: s[0] == "J" or (boys == "jacks_kings" and s[0] == "K"),
    "girls": lambda s, boys: s[0] == "Q",
    "king": lambda s, boys: s == "KH",
}


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("boys", ["jacks", "jacks_kings"])
@pytest.mark.parametrize("key", PENALTY_KEYS)
@pytest.mark.parametrize("stage", [1, 2], ids=["penalty", "plus"])
def test_early_finish_same_scores_ends_with_last_penalty_card(n: int, boys: str,
                                                               key: str, stage: int) -> None:
    """The same cards played with and without early finish give the same scores; with
    it, hearts/boys/girls/king (and their plus versions, stage2 = positive) end on the
    trick that takes the last penalty card, and deals 1, 6, 7 are always played out."""
    rng = random.Random(f"early{n}{boys}{key}{stage}")
    base = {"boys": boys, "stage2": "positive"}
    occurrence = stage - 1
    size = 8 if n == 4 else 10
    ended_early = 0
    for _ in range(15):
        lay = KING_GAME.new({"players": n}, 0).random_layout(rng)
        off = state_at(key, lay, {**base, "early_finish": False}, dealer=n - 1,
                       occurrence=occurrence)
        on = state_at(key, lay, {**base, "early_finish": True}, dealer=n - 1,
                      occurrence=occurrence)
        assert on.schedule[on.deal_index].sign == (-1 if stage == 1 else 1)
        actions = []
        legal_seen = []
        events_off = []
        while off.phase == "play":
            legal = off.legal_actions()
            a = legal[rng.randrange(len(legal))]
            actions.append(a)
            legal_seen.append(tuple(legal))
            events_off += off.apply(a)
        tricks_off = tricks_of(events_off)
        if key in PENALTY_CARDS:
            is_pen = PENALTY_CARDS[key]
            last = max(i for i, t in enumerate(tricks_off)
                       if any(is_pen(str(x), boys) for _, x in t.cards))
            expected = last + 1
        else:
            expected = size
        events_on = []
        for a, legal in zip(actions, legal_seen, strict=True):
            if on.phase != "play":
                break
            assert tuple(on.legal_actions()) == legal  # same play rules either way
            events_on += on.apply(a)
        assert len(tricks_of(events_on)) == expected
        assert on.phase == ("over" if on.deal_index == len(on.schedule) else "deal")
        assert on.deal_scores == off.deal_scores
        ended_early += expected < size
    if key in ("boys", "girls", "king"):
        assert ended_early > 0  # the sample did exercise an early end
    elif key not in PENALTY_CARDS:
        assert ended_early == 0


@pytest.mark.parametrize("n", [4, 3])
def test_early_finish_hearts_deal_ends_when_last_heart_taken(n: int) -> None:
    """Deal 2: the forehand leads spades and the others, void, throw hearts; the deal
    ends with the trick that takes the last heart (3rd), scores as if played out."""
    if n == 4:
        lay = complete(4, {0: "7S 8S 9S TS JS QS KS AS", 1: "7H 8H 9H", 2: "TH JH QH",
                           3: "KH AH"})
        script = "AS 7H TH KH  KS 8H JH AH  QS 9H QH 9C"
    else:
        lay = complete(3, {0: "8S 9S TS JS QS KS AS AD KD QD", 1: "7H 8H 9H TH",
                           2: "JH QH KH AH"})
        script = "AS 7H JH  KS 8H QH  QS 9H KH  JS TH AH"
    size = 8 if n == 4 else 10
    on = state_at("hearts", lay, {"early_finish": True}, dealer=n - 1)
    events = play(on, script)
    assert len(tricks_of(events)) == (3 if n == 4 else 4)
    assert on.phase == "deal" and on.deal_scores == [(-16, 0, 0, 0) if n == 4 else (-40, 0, 0)]
    off = state_at("hearts", lay, {"early_finish": False}, dealer=n - 1)
    events = play(off, script)
    assert deal_end(events) is None
    rng = random.Random(1)
    events += play_deal_randomly(off, rng)
    assert len(tricks_of(events)) == size
    assert off.deal_scores == on.deal_scores


def test_deal_ended_event_and_next_deal_due() -> None:
    """After the last trick a DealEnded event carries the row, the dealer moves on and
    the state waits for the next deal."""
    state = state_at("tricks", L4, dealer=3)
    events = play(state, S4)
    assert events[-1] == DealEnded(0, tuple(D4["tricks"]))
    assert state.needs_deal and state.to_move is None and state.dealer == 0
    assert state.totals == D4["tricks"]
    assert state.legal_actions() == ()
    assert_refused(state, PLAY[c("AS")], "no_deal")
