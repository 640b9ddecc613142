"""Кинг, stage 2: хвалёнки (order, buying, play, scoring) and the two other stage-2
forms (хвалёнки + обратный ералаш, and the positive replay of stage 1), against king.md.
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
    buy,
    c,
    deal_end,
    legal_cards,
    names,
    order,
    play,
    play_deal_randomly,
    rule_legal,
    rule_winner,
    state_at,
    tricks_of,
)
from king_rules import DEAL_TOTAL, ERALASH_TOTAL, TRICK_VALUE, rule_points

from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.game import (
    DealEnded,
    Passed,
)
from cardtable.engine.king import KING_GAME, schedule
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.king_events import Bought, CardShown, Offered, OrderMade

ALL_ORDERS = ["trump:S", "trump:H", "trump:D", "trump:C", "notrump", "last", "misere", "split"]
BUYER_ORDERS = ["trump:S", "trump:H", "trump:D", "trump:C", "notrump", "misere"]

# Dealer 3, so seat 0 is the forehand and the orderer.  First three cards of each hand
# are the first packet; seat 0's last card (9C) is his "last" card.
H4 = (
    "AS KS QS AH KH 7D 8D 9C",  # seat 0
    "JS TS 9S QH JH AD KD 7C",  # seat 1
    "8S 7S TH 9H QD JD AC KC",  # seat 2
    "8H 7H TD 9D 8C QC JC TC",  # seat 3: no spades
)
# Dealer 2, seat 0 orders; last card TD.
H3 = (
    "AS KS QS AH KH QH 7D 8D 9C TD",  # seat 0
    "JS TS 9S JH TH AD KD QD 8C 9D",  # seat 1
    "8S 9H 8H 7H JD AC KC QC JC TC",  # seat 2
)


def hv(lay=H4, options=None, dealer=None, occurrence=0):  # type: ignore[no-untyped-def]
    """A state at a хвалёнка of the default (hvalenki) schedule."""
    n = len(lay)
    return state_at("hvalenka", lay, options, dealer=n - 1 if dealer is None else dealer,
                    occurrence=occurrence)


def all_pass(state) -> None:  # type: ignore[no-untyped-def]
    for _ in range(state.n - 1):
        state.apply(PASS)


# --- the order ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lay", [H4, H3], ids=["4p", "3p"])
def test_orderer_is_the_forehand_for_every_dealer(lay) -> None:  # type: ignore[no-untyped-def]
    """The player to the dealer's left orders; every order of king.md is offered."""
    n = len(lay)
    for dealer in range(n):
        state = hv(lay, dealer=dealer)
        assert state.phase == "order"
        assert state.to_move == (dealer + 1) % n
        assert [a.contract for a in state.legal_actions()] == ALL_ORDERS
        assert state.view((dealer + 1) % n).orderer == (dealer + 1) % n


@pytest.mark.parametrize("lay", [H4, H3], ids=["4p", "3p"])
def test_before_the_order_views_show_only_the_first_packet(lay) -> None:  # type: ignore[no-untyped-def]
    """Until the order, each seat sees only its own first 3 cards, others count 3 cards,
    no last card is shown; after the order the whole hand is seen."""
    n = len(lay)
    state = hv(lay)
    for seat in range(n):
        v = state.view(seat)
        assert sorted(names(v.hand)) == sorted(lay[seat].split()[:3])
        assert v.hand_counts == (3,) * n
        assert v.face_up == ()
        assert v.contract is None
        assert v.trump is None
        assert v.legal == (tuple(Order(x) for x in ALL_ORDERS) if seat == 0 else ())
    order(state, "notrump")
    size = 8 if n == 4 else 10
    for seat in range(n):
        v = state.view(seat)
        assert sorted(names(v.hand)) == sorted(lay[seat].split())
        assert v.hand_counts == (size,) * n
        assert v.contract == "notrump"
        assert v.face_up == ()  # only «по последней» shows a card


def test_order_phase_refuses_other_actions() -> None:
    """In the order phase only one of the listed orders is accepted."""
    state = hv()
    for action in (Order("pass"), Order("trump:X"), Order("last:C"), PASS, Buy(1),
                   PLAY[c("AS")]):
        assert_refused(state, action)


# --- contracts in play --------------------------------------------------------------------------


def test_trump_wins_and_suit_must_be_followed() -> None:
    """trump:H — seat 3, void in spades, ruffs A♠ with 7♥ and wins; a player holding
    the suit led must follow it (no ruffing), the orderer leads when nobody buys."""
    state = hv()
    events = order(state, "trump:H")
    assert events == [OrderMade(0, "trump:H")]
    assert state.phase == "buy" and state.to_move == 1
    all_pass(state)
    assert state.phase == "play" and state.to_move == 0 and state.declarer == 0
    assert state.view(1).trump == 1 and state.view(1).contract == "trump:H"
    play(state, "AS")
    assert legal_cards(state) == ["9S", "JS", "TS"]
    assert_refused(state, PLAY[c("QH")], "must_follow")
    play(state, "JS 8S")
    assert legal_cards(state) == sorted(H4[3].split())  # must_trump off: anything
    won = tricks_of(play(state, "7H"))
    assert won[0].seat == 3 and won[0].points == 3
    assert state.to_move == 3


def test_higher_trump_beats_lower_trump() -> None:
    """trump:D — on a club lead, two void players ruff and the higher diamond wins."""
    lay = (
        "7C 8C 9C AS KS QS JS TS",
        "7D 8D 9D TD AH KH QH JH",
        "JD QD KD AD TH 9H 8H 7H",
        "TC JC QC KC AC 9S 8S 7S",
    )
    state = hv(lay)
    order(state, "trump:D")
    all_pass(state)
    won = tricks_of(play(state, "7C 8D JD TC"))
    assert won[0].seat == 2 and won[0].points == 3


@pytest.mark.parametrize("contract", ["trump:H", "last"])
def test_must_trump_option_forces_a_trump_when_void(contract: str) -> None:
    """must_trump: a player who cannot follow and holds a trump must play a trump; a
    player who can follow still just follows; without trumps he plays anything."""
    lay = H4 if contract == "trump:H" else (  # last card 9H: trump hearts
        "AS KS QS AH KH 7D 8D 9H",
        "JS TS 9S QH JH AD KD 7C",
        "8S 7S TH 9C QD JD AC KC",
        "8H 7H TD 9D 8C QC JC TC",
    )
    state = hv(lay, {"must_trump": True})
    order(state, contract)
    all_pass(state)
    assert state.view(1).trump == 1
    play(state, "AS")
    assert legal_cards(state) == ["9S", "JS", "TS"]  # can follow: follows, no trump
    play(state, "JS 8S")
    assert legal_cards(state) == ["7H", "8H"]
    assert_refused(state, PLAY[c("TC")], "must_trump")
    play(state, "8H")
    state2 = hv(lay, {"must_trump": True})
    order(state2, contract)
    all_pass(state2)
    # seat 0 leads a heart (trump): seat 1 follows with hearts
    play(state2, "AH")
    assert legal_cards(state2) == ["JH", "QH"]


def test_must_trump_void_without_trumps_plays_anything() -> None:
    """trump:S with must_trump: seat 3 holds no spades, so on a spade lead (void, no
    trump) any card is allowed."""
    state = hv(options={"must_trump": True})
    order(state, "trump:S")
    all_pass(state)
    play(state, "AS JS 8S")
    assert legal_cards(state) == sorted(H4[3].split())


@pytest.mark.parametrize("contract", ["notrump", "misere"])
def test_must_trump_has_no_effect_without_trumps(contract: str) -> None:
    """notrump and misere have no trump, so must_trump never restricts a void player."""
    state = hv(options={"must_trump": True})
    order(state, contract)
    all_pass(state)
    play(state, "AS JS 8S")
    assert legal_cards(state) == sorted(H4[3].split())


def test_without_must_trump_a_void_player_may_discard() -> None:
    """Default options: a void player holding trumps may still discard."""
    state = hv()
    order(state, "trump:H")
    all_pass(state)
    play(state, "AS JS 8S")
    assert legal_cards(state) == sorted(H4[3].split())
    won = tricks_of(play(state, "TC"))
    assert won[0].seat == 0  # seat 0's A♠ wins


def test_notrump_discard_never_wins() -> None:
    """notrump: the highest card of the suit led wins; a discard never does."""
    state = hv()
    order(state, "notrump")
    all_pass(state)
    assert state.view(0).trump is None
    won = tricks_of(play(state, "AS JS 8S 7H"))
    assert won[0].seat == 0 and won[0].points == 3


def test_misere_reverses_the_ranks() -> None:
    """misere: 7 is the highest card and A the lowest; tricks still score +3."""
    state = hv()
    order(state, "misere")
    all_pass(state)
    assert state.view(2).misere is True and state.view(2).trump is None
    won = tricks_of(play(state, "AS JS 7S 8H"))
    assert won[0].seat == 2 and won[0].points == 3  # 7♠ beats J♠ and A♠
    # seat 2 leads AC; seat 3 plays 8C, seat 0 9C, seat 1 7C -> 7C wins
    won = tricks_of(play(state, "AC 8C 9C 7C"))
    assert won[0].seat == 1


def test_last_trump_is_the_suit_of_the_orderers_last_card() -> None:
    """last: the orderer's last dealt card (9♣) fixes clubs as trump and is shown face up
    to the other seats until it is played; before the order nobody sees it."""
    state = hv()
    for seat in range(4):
        assert "9C" not in names(state.view(seat).hand)
        assert state.view(seat).face_up == ()
    events = order(state, "last")
    assert OrderMade(0, "last") in events and CardShown(0, c("9C")) in events
    assert state.view(0).trump == 3
    for seat in (1, 2, 3):
        assert state.view(seat).face_up == ((0, c("9C")),)
        assert "9C" not in names(state.view(seat).hand)
    assert "9C" in names(state.view(0).hand)
    all_pass(state)
    won = tricks_of(play(state, "AS JS 8S 8C"))  # seat 3 ruffs with a club
    assert won[0].seat == 3
    for seat in (1, 2):
        assert state.view(seat).face_up == ((0, c("9C")),)
    # seat 3 leads TC, seat 0 must follow with 9C: then the card is no longer face up
    play(state, "TC 9C")
    for seat in range(4):
        assert state.view(seat).face_up == ()


def test_last_with_three_players() -> None:
    """3 players: the last of the orderer's 10 cards (T♦) fixes diamonds."""
    state = hv(H3)
    order(state, "last")
    assert state.view(1).trump == 2
    assert state.view(2).face_up == ((0, c("TD")),)


@pytest.mark.parametrize(("lay", "expected"), [(H4, (6, 6, 6, 6)), (H3, (32, 24, 24))],
                         ids=["4p", "3p"])
def test_split_ends_the_deal_without_play(lay, expected) -> None:  # type: ignore[no-untyped-def]
    """split: no buying, no play; 4 players 2 tricks each (6 points), 3 players the
    orderer 4 tricks (32) and the others 3 (24)."""
    for dealer in range(len(lay)):
        state = hv(lay, dealer=dealer)
        orderer = (dealer + 1) % len(lay)
        events = order(state, "split")
        end = deal_end(events)
        rotated = expected[-orderer:] + expected[:-orderer] if orderer else expected
        assert end is not None and end.scores == rotated
        assert not any(isinstance(e, (Offered, Passed, Bought)) for e in events)
        assert state.phase == "deal" and state.deal_scores == [rotated]
        assert sum(rotated) == {4: 24, 3: 80}[len(lay)]


# --- buying ------------------------------------------------------------------------------------


def test_buying_prices_strictly_rise_and_everyone_speaks_once() -> None:
    """Each other player speaks once from the orderer's left; a price is 1..8 and above
    every earlier offer; equal, lower, 0 and 9 are refused unchanged."""
    state = hv()
    order(state, "trump:S")
    assert state.to_move == 1
    assert state.legal_actions() == (PASS, *(Buy(p) for p in range(1, 9)))
    assert_refused(state, Buy(0), "price_out_of_range")
    assert_refused(state, Buy(9), "price_out_of_range")
    assert buy(state, 3) == [Offered(1, 3)]
    assert state.to_move == 2
    assert state.legal_actions() == (PASS, *(Buy(p) for p in range(4, 9)))
    assert_refused(state, Buy(3), "price_out_of_range")
    assert_refused(state, Buy(2), "price_out_of_range")
    assert_refused(state, Order("notrump"))
    assert_refused(state, PLAY[c("8S")])
    buy(state, 5)
    assert state.to_move == 3
    events = state.apply(PASS)
    assert events[0] == Passed(3)
    assert Bought(2, 5) in events
    assert state.offers == [(1, 3), (2, 5), (3, None)]
    assert state.phase == "buyer_order" and state.to_move == 2
    assert [a.contract for a in state.legal_actions()] == BUYER_ORDERS
    assert_refused(state, Order("last"))
    assert_refused(state, Order("split"))
    assert_refused(state, Buy(6))
    assert order(state, "trump:S") == [OrderMade(2, "trump:S")]  # repeating is allowed
    assert state.phase == "play" and state.to_move == 2 and state.declarer == 2
    v = state.view(0)
    assert v.buyer == 2 and v.price == 5 and v.contract == "trump:S" and v.trump == 0


def test_after_the_maximum_price_only_pass_is_legal() -> None:
    """Once 8 (all tricks) is offered, the remaining players can only pass."""
    state = hv()
    order(state, "notrump")
    buy(state, 8)
    assert state.legal_actions() == (PASS,)
    assert_refused(state, Buy(8), "price_out_of_range")
    state.apply(PASS)
    assert state.to_move == 3 and state.legal_actions() == (PASS,)
    state.apply(PASS)
    assert state.phase == "buyer_order" and state.to_move == 1


def test_three_players_prices_up_to_ten() -> None:
    """3 players: prices 1..10, the two others speak, the orderer does not."""
    state = hv(H3, dealer=0)  # seat 1 orders; seats 2 then 0 speak
    order(state, "trump:C")
    assert state.to_move == 2
    assert state.legal_actions() == (PASS, *(Buy(p) for p in range(1, 11)))
    state.apply(PASS)
    assert state.to_move == 0
    buy(state, 10)
    assert state.phase == "buyer_order" and state.to_move == 0


def test_buyer_leads_and_pays_the_orderer() -> None:
    """The buyer's new order stands, he leads, and price × 3 moves from him to the
    orderer at the end; the deal still adds to 24 and the buyer may end below zero."""
    state = hv()
    order(state, "trump:C")
    state.apply(PASS)
    buy(state, 7)
    state.apply(PASS)
    order(state, "misere")
    assert state.to_move == 2 and state.view(1).misere and state.view(1).trump is None
    # seat 2 holds 8S 7S TH 9H QD JD AC KC; play out with the lowest legal card
    events = []
    while state.phase == "play":
        events += state.apply(state.legal_actions()[0])
    end = deal_end(events)
    assert end is not None
    taken = state.view(0).tricks_taken
    assert sum(taken) == 8
    expected = [3 * t for t in taken]
    expected[2] -= 21
    expected[0] += 21
    assert list(end.scores) == expected
    assert sum(end.scores) == 24
    assert end.scores[2] < 0 or taken[2] >= 7


def test_scripted_buy_at_full_price_goes_below_zero() -> None:
    """Seat 1 buys at 8 (24 points) and takes 2 tricks: +6 − 24 = −18; the orderer gets
    his tricks plus 24.  Worked out by hand below."""
    state = hv()
    order(state, "trump:S")
    buy(state, 8)
    state.apply(PASS)
    state.apply(PASS)
    order(state, "notrump")
    # seat 1 (JS TS 9S QH JH AD KD 7C) leads:
    #  T1 1:AD 2:QD 3:TD 0:7D -> 1      T2 1:KD 2:JD 3:9D 0:8D -> 1
    #  T3 1:7C 2:AC 3:8C 0:9C -> 2      T4 2:KC 3:QC 0:KH 1:JH -> 2
    #  T5 2:8S 3:JC 0:AS 1:JS -> 0      T6 0:KS 1:TS 2:7S 3:TC -> 0
    #  T7 0:QS 1:9S 2:TH 3:8H -> 0      T8 0:AH 1:QH 2:9H 3:7H -> 0
    events = play(state, "AD QD TD 7D  KD JD 9D 8D  7C AC 8C 9C  KC QC KH JH  "
                         "8S JC AS JS  KS TS 7S TC  QS 9S TH 8H  AH QH 9H 7H")
    assert [t.seat for t in tricks_of(events)] == [1, 1, 2, 2, 0, 0, 0, 0]
    end = deal_end(events)
    # tricks: seat 0 4 (12), seat 1 2 (6), seat 2 2 (6); payment 8 × 3 = 24
    assert end is not None and end.scores == (12 + 24, 6 - 24, 6, 0)
    assert state.deal_scores == [(36, -18, 6, 0)]


def test_nobody_buys_orderer_declares_and_leads() -> None:
    """All pass: the order stands, the orderer is the declarer and leads, no payment."""
    state = hv(dealer=1)  # seat 2 orders
    order(state, "trump:D")
    assert state.to_move == 3
    all_pass(state)
    assert state.phase == "play" and state.to_move == 2 and state.declarer == 2
    assert state.buyer is None and state.view(0).contract == "trump:D"
    events = play_deal_randomly(state, random.Random(5))
    end = deal_end(events)
    assert end is not None
    assert list(end.scores) == [3 * t for t in state.view(0).tricks_taken]


def test_buyer_may_not_be_the_orderer_and_buying_ends_with_the_last_speaker() -> None:
    """The offers come from the three other seats in order; the orderer never speaks."""
    for dealer in range(4):
        state = hv(dealer=dealer)
        orderer = (dealer + 1) % 4
        order(state, "notrump")
        seats = []
        while state.phase == "buy":
            seats.append(state.to_move)
            state.apply(PASS)
        assert seats == [(orderer + k) % 4 for k in (1, 2, 3)]


# --- random хвалёнки --------------------------------------------------------------------------


def _mostly_pass(state, rng):  # type: ignore[no-untyped-def]
    """A random legal action, passing 70 % of the time when buying (so that the
    orderer's own contracts, «по последней» included, are often played)."""
    legal = state.legal_actions()
    if state.phase == "buy" and rng.random() < 0.7:
        return PASS
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("must_trump", [False, True])
def test_random_hvalenki_distribute_exactly_and_follow_the_rules(n: int,
                                                                 must_trump: bool) -> None:
    """Random хвалёнки with random orders and buying: each trick goes to the rules'
    winner for the contract played, is worth +3/+8, the tricks add to 24/80, and the
    buyer's payment (price × trick value) sums to zero."""
    rng = random.Random(f"hv{n}{must_trump}")
    value = TRICK_VALUE[n]
    size = 8 if n == 4 else 10
    seen_contracts = set()
    for k in range(80):
        lay = KING_GAME.new({"players": n}, 0).random_layout(rng)
        state = hv(lay=tuple(" ".join(str(x) for x in h) for h in lay.hands),
                   options={"must_trump": must_trump}, dealer=k % n)
        orderer = (k % n + 1) % n
        last_suit = str(lay.hands[orderer][-1])[1]

        def choose(st, r, last_suit=last_suit):  # type: ignore[no-untyped-def]
            if st.phase == "play":  # check the legal cards against the rules
                v = st.view(st.to_move)
                contract = v.contract
                trump = contract[-1] if contract.startswith("trump:") else (
                    last_suit if contract == "last" else None)
                expected = rule_legal(names(v.hand), names(x for _, x in v.trick),
                                      "hvalenka", trump, must_trump)
                assert sorted(names(st.legal_actions())) == expected
            return _mostly_pass(st, r)

        events = play_deal_randomly(state, rng, choose=choose)
        orders = [e for e in events if isinstance(e, OrderMade)]
        contract = orders[-1].contract
        seen_contracts.add(contract)
        bought = [e for e in events if isinstance(e, Bought)]
        end = deal_end(events)
        assert end is not None
        if contract == "split":
            assert len(orders) == 1
            continue
        trump = None
        if contract.startswith("trump:"):
            trump = contract[-1]
        elif contract == "last":
            trump = str(lay.hands[orderer][-1])[1]
        won = tricks_of(events)
        assert len(won) == size
        taken = [0] * n
        for t in won:
            trick = [(s, str(x)) for s, x in t.cards]
            assert t.seat == rule_winner(trick, trump, contract == "misere")
            assert t.points == value
            taken[t.seat] += 1
        expected = [value * x for x in taken]
        declarer = orderer
        if bought:
            buyer, price = bought[0]
            declarer = buyer
            assert buyer != orderer and 1 <= price <= size
            expected[buyer] -= price * value
            expected[orderer] += price * value
        assert won[0].cards[0][0] == declarer
        assert list(end.scores) == expected
        assert sum(end.scores) == value * size
    assert {"misere", "notrump", "last", "split"} <= seen_contracts


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize(("length", "times"), [("full", 2), ("short", 1)])
def test_each_player_orders_twice_full_once_short(n: int, length: str, times: int) -> None:
    """Over a whole game each seat is the orderer of 2 хвалёнки (short: 1)."""
    from king_helpers import play_game_randomly

    state, per_deal = play_game_randomly({"players": n, "length": length}, seed=n,
                                         first_dealer=1)
    orderers = [ev[1].seat for ev in per_deal if len(ev) > 1 and isinstance(ev[1], OrderMade)]
    assert sorted(orderers) == sorted(list(range(n)) * times)
    hv_index = [i for i, d in enumerate(state.schedule) if d.key == "hvalenka"]
    assert orderers == [(1 + i + 1) % n for i in hv_index]


# --- the other stage-2 forms -----------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("boys", ["jacks", "jacks_kings"])
def test_reverse_eralash_scores_plus(n: int, boys: str) -> None:
    """hvalenki_reverse_eralash: the last deal is ералаш for plus points: the scripted
    deal scores the stage-1 ералаш numbers with the sign turned (+96/+240 in all)."""
    lay, script, winners = (L4, S4, W4) if n == 4 else (L3, S3, W3)
    per_trick = (P4 if n == 4 else P3)["eralash_jk" if boys == "jacks_kings" else "eralash"]
    per_deal = (D4 if n == 4 else D3)["eralash_jk" if boys == "jacks_kings" else "eralash"]
    opts = {"stage2": "hvalenki_reverse_eralash", "boys": boys}
    state = state_at("eralash", lay, opts, dealer=n - 1, occurrence=1)
    assert state.deal_index == 7 + n
    assert state.deal_index == len(state.schedule) - 1
    events = play(state, script)
    won = tricks_of(events)
    assert [t.seat for t in won] == winners
    assert [t.points for t in won] == per_trick
    end = deal_end(events)
    assert end is not None and list(end.scores) == [-x for x in per_deal]
    assert sum(end.scores) == ERALASH_TOTAL[n]
    assert state.is_over


@pytest.mark.parametrize("n", [4, 3])
def test_reverse_eralash_keeps_the_heart_lead_rule_not_forced_kh(n: int) -> None:
    """The reverse ералаш refuses a heart lead while holding another suit, and does not
    force K♥."""
    lay = L4 if n == 4 else L3
    opts = {"stage2": "hvalenki_reverse_eralash"}
    state = state_at("eralash", lay, opts, dealer=n - 1, occurrence=1)
    heart = next(x for x in lay[0].split() if x[1] == "H")
    assert_refused(state, PLAY[c(heart)], "no_heart_lead")
    void_kh = ("AS KS QS JS 7D 8D 9D TD", "KH AH QH 7C 8C 9C TC JC",
               "7S 8S 9S TS 7H 8H 9H TH", "JH JD QD KD AD QC KC AC")
    if n == 4:
        state = state_at("eralash", void_kh, opts, dealer=3, occurrence=1)
        play(state, "AS")
        assert len(state.legal_actions()) == 8


def test_reverse_eralash_random_deals_total_plus() -> None:
    """Random reverse ералаш deals always distribute exactly +96 / +240."""
    rng = random.Random(7)
    for n in (4, 3):
        for _ in range(20):
            lay = KING_GAME.new({"players": n}, 0).random_layout(rng)
            state = state_at("eralash", lay, {"stage2": "hvalenki_reverse_eralash"},
                             dealer=rng.randrange(n), occurrence=1)
            events = play_deal_randomly(state, rng)
            assert len(tricks_of(events)) == (8 if n == 4 else 10)
            end = deal_end(events)
            assert end is not None and sum(end.scores) == ERALASH_TOTAL[n]


PENALTY_KEYS = ("tricks", "hearts", "boys", "girls", "king", "last_two", "eralash")


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("key", PENALTY_KEYS)
def test_positive_form_replays_stage_1_for_plus(n: int, key: str) -> None:
    """stage2 = positive: the same deals in the same order for plus points; the scripted
    deal scores exactly the stage-1 numbers with the sign turned."""
    lay, script, winners = (L4, S4, W4) if n == 4 else (L3, S3, W3)
    per_trick = (P4 if n == 4 else P3)[key]
    per_deal = (D4 if n == 4 else D3)[key]
    opts = {"stage2": "positive", "early_finish": False}
    state = state_at(key, lay, opts, dealer=n - 1, occurrence=1)
    assert state.deal_index == 7 + PENALTY_KEYS.index(key)
    events = play(state, script)
    won = tricks_of(events)
    assert [t.seat for t in won] == winners
    assert [t.points for t in won] == per_trick
    end = deal_end(events)
    assert end is not None and list(end.scores) == [-x for x in per_deal]


@pytest.mark.parametrize("length", ["full", "short"])
def test_positive_form_keeps_the_play_rules(length: str) -> None:
    """Plus hearts/king/ералаш refuse a heart lead; plus king forces K♥ on a void
    player and ends early with early finish (3 players: after trick 3, +40)."""
    opts = {"stage2": "positive", "players": 3, "length": length}
    keys = ["hearts", "king", "eralash"] if length == "full" else ["hearts", "king"]
    for key in keys:
        state = state_at(key, L3, opts, dealer=2, occurrence=1)
        assert state.schedule[state.deal_index].sign == 1
        assert_refused(state, PLAY[c("9H")], "no_heart_lead")
    state = state_at("king", L3, opts, dealer=2, occurrence=1)
    events = play(state, "AS KS QS JS 9S 8S TS QD")
    assert legal_cards(state) == ["KH"]
    assert_refused(state, PLAY[c("AC")], "must_play_kh")
    events += play(state, "KH")
    end = deal_end(events)
    assert end is not None and end.scores == (40, 0, 0) and len(tricks_of(events)) == 3
    # not forced in the plus ералаш
    if length == "full":
        state = state_at("eralash", L3, opts, dealer=2, occurrence=1)
        play(state, "AS KS QS JS 9S 8S TS QD")
        assert len(state.legal_actions()) == 8


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("key", PENALTY_KEYS)
def test_positive_random_deals_total_plus(n: int, key: str) -> None:
    """Every plus deal distributes exactly +16/+40 (+96/+240 for «брать всё»), each
    trick worth what its penalty would cost."""
    rng = random.Random(f"pos{n}{key}")
    total = ERALASH_TOTAL[n] if key == "eralash" else DEAL_TOTAL[n]
    for _ in range(10):
        lay = KING_GAME.new({"players": n}, 0).random_layout(rng)
        state = state_at(key, lay, {"stage2": "positive"}, dealer=rng.randrange(n),
                         occurrence=1)
        events = play_deal_randomly(state, rng)
        for i, t in enumerate(tricks_of(events)):
            assert t.points == rule_points(key, [str(x) for _, x in t.cards], i, n)
        end = deal_end(events)
        assert end is not None and sum(end.scores) == total


def test_hvalenka_deal_ended_event_and_sizes() -> None:
    """A хвалёнка ends with a DealEnded row like any deal; the trick value is 3/8."""
    state = hv()
    order(state, "notrump")
    all_pass(state)
    events = play_deal_randomly(state, random.Random(3))
    assert isinstance(events[-1], DealEnded)
    assert all(t.points == 3 for t in tricks_of(events))
    state = hv(H3)
    order(state, "notrump")
    all_pass(state)
    events = play_deal_randomly(state, random.Random(3))
    assert all(t.points == 8 for t in tricks_of(events))


# --- option eralash_king: deal 5's K♥ rule in ералаш and its plus forms ---------------------

VOID_KH_4 = ("AS KS QS JS 7D 8D 9D TD", "KH AH QH 7C 8C 9C TC JC",
             "7S 8S 9S TS 7H 8H 9H TH", "JH JD QD KD AD QC KC AC")
"""Seat 1 holds K♥ and no spades; seat 0 (forehand with dealer 3) leads spades."""


@pytest.mark.parametrize(("stage2", "occurrence"), [
    ("hvalenki", 0),                    # the ералаш of stage 1
    ("hvalenki_reverse_eralash", 1),    # обратный ералаш
    ("positive", 1),                    # the plus ералаш
])
def test_eralash_king_forces_the_kh_in_every_eralash(stage2: str, occurrence: int) -> None:
    on = {"stage2": stage2, "eralash_king": True}
    state = state_at("eralash", VOID_KH_4, on, dealer=3, occurrence=occurrence)
    play(state, "AS")
    assert legal_cards(state) == ["KH"]
    for other in ("AH", "QH", "7C"):
        assert_refused(state, PLAY[c(other)], "must_play_kh")
    play(state, "KH")
    # off (the default): the void player may play anything
    off = state_at("eralash", VOID_KH_4, {"stage2": stage2}, dealer=3,
                   occurrence=occurrence)
    play(off, "AS")
    assert len(off.legal_actions()) == 8


def test_eralash_king_changes_nothing_else() -> None:
    """Deal 5 forces K♥ either way; the other deals never do; ералаш still refuses a
    heart lead; the schedule and scores are those of the game without the option."""
    on = {"eralash_king": True}
    assert [(s.key, s.sign) for s in schedule(KING_GAME.check_options(on))] == \
        [(s.key, s.sign) for s in schedule(KING_GAME.check_options({}))]
    for spec in schedule(KING_GAME.check_options(on)):
        assert spec.forced_kh == (spec.key in ("king", "eralash"))
    state = state_at("eralash", L4, on, dealer=3)
    heart = next(x for x in L4[0].split() if x[1] == "H")
    assert_refused(state, PLAY[c(heart)], "no_heart_lead")
    rng = random.Random(3)
    for _ in range(10):
        lay = KING_GAME.new({"players": 4}, 0).random_layout(rng)
        state = state_at("eralash", lay, on, dealer=rng.randrange(4))
        end = deal_end(play_deal_randomly(state, rng))
        assert end is not None and sum(end.scores) == -ERALASH_TOTAL[4]
