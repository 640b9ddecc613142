"""The easy Кинг player: legal, reproducible, and playing the sensible rules it
promises (duck, unload penalty cards, order the strongest suit, buy only cheaply)."""

from __future__ import annotations

import itertools
import random

import pytest

from cardtable.ai import make_player
from cardtable.ai.king_easy import KingEasyPlayer
from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.game import Layout
from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.king_actions import Buy, Order
from cardtable.tools.simulate import simulate

HANDS = [
    "9H 7S 8S 9S TS JS QS KS",
    "7H 8H TH AH 7D 8D 9D TD",
    "JH QH KH AS JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC",
]


def state_at(deal_index: int, dealer: int, hands: list[str], **options: object) -> KingState:
    state = KING_GAME.new({"players": len(hands), **options}, 0)
    state.deal_index = deal_index
    state.dealer = dealer
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    return state


def easy_choice(state: KingState) -> object:
    seat = state.to_move
    assert seat is not None
    return KingEasyPlayer().choose(state.view(seat), state.legal_actions(), random.Random(0))


def test_ducks_under_the_winning_card() -> None:
    state = state_at(0, dealer=3, hands=HANDS)  # «взятки», seat 0 leads
    state.apply(PLAY[Card.parse("9H")])
    assert easy_choice(state) == PLAY[Card.parse("8H")]


def test_unloads_the_most_expensive_penalty_card_when_void() -> None:
    state = state_at(1, dealer=2, hands=HANDS)  # «черви», seat 3 leads clubs
    state.apply(PLAY[Card.parse("7C")])
    assert easy_choice(state) == PLAY[Card.parse("9H")]  # its only heart
    state.apply(PLAY[Card.parse("9H")])
    assert easy_choice(state) == PLAY[Card.parse("AH")]


def test_follows_with_the_highest_card_under_the_winner_in_eralash() -> None:
    state = state_at(6, dealer=0, hands=HANDS)  # ералаш, seat 1 leads
    state.apply(PLAY[Card.parse("7D")])
    state.apply(PLAY[Card.parse("JD")])
    state.apply(PLAY[Card.parse("7C")])  # seat 3 void in diamonds
    state.apply(PLAY[Card.parse("9H")])  # seat 0 void too
    assert state.to_move == 2  # JD took the trick
    state.apply(PLAY[Card.parse("AS")])
    state.apply(PLAY[Card.parse("AC")])  # seat 3 void in spades
    # seat 0 must follow with a spade below the ace
    assert easy_choice(state) == PLAY[Card.parse("KS")]


def test_leads_the_card_others_most_likely_beat() -> None:
    state = state_at(0, dealer=3, hands=HANDS)
    assert easy_choice(state) == PLAY[Card.parse("9H")]


@pytest.mark.parametrize(
    ("packet", "expected"),
    [("AS KS 7S", "trump:S"), ("QD TD 8C", "trump:D"), ("AH KD AC", "notrump"),
     ("7S 8H 9D", "misere"), ("7S TH JD", "split")],
)
def test_orders_from_the_first_packet(packet: str, expected: str) -> None:
    rest = [c for c in (str(Card(i)) for i in range(52)) if c[0] in "789TJQKA"
            and c not in packet.split()]
    rng = random.Random(3)
    rng.shuffle(rest)
    hands = [packet + " " + " ".join(rest[:5])] + [" ".join(rest[5 + 8 * k:13 + 8 * k])
                                                  for k in range(3)]
    state = state_at(7, dealer=3, hands=hands)  # first хвалёнка, seat 0 orders
    assert state.phase == "order"
    assert easy_choice(state) == Order(expected)


def _buying_state(strong_hand: str) -> KingState:
    rest = [c for c in (str(Card(i)) for i in range(52)) if c[0] in "789TJQKA"
            and c not in strong_hand.split()]
    hands = [" ".join(rest[0:8]), strong_hand, " ".join(rest[8:16]), " ".join(rest[16:24])]
    state = state_at(7, dealer=3, hands=hands)
    state.apply(Order("notrump"))
    return state


def test_buys_a_strong_hand_cheaply() -> None:
    state = _buying_state("AS KS QS JS AH KH AD AC")
    assert state.phase == "buy" and state.to_move == 1
    assert easy_choice(state) == Buy(1)


def test_passes_with_a_weak_hand() -> None:
    state = _buying_state("TS JS TH JH TD JD TC JC")  # no top cards either way
    assert easy_choice(state) == PASS


def test_never_buys_at_a_silly_price() -> None:
    rest = [c for c in (str(Card(i)) for i in range(52)) if c[0] in "789TJQKA"]
    strong = ["AS", "KS", "QS", "JS", "AH", "KH", "AD", "AC"]
    others = [c for c in rest if c not in strong]
    # seat 1 (the first to speak) offers 6; seat 2 holds the strong hand.
    hands = [" ".join(others[0:8]), " ".join(others[8:16]), " ".join(strong),
             " ".join(others[16:24])]
    state = state_at(7, dealer=3, hands=hands)
    state.apply(Order("notrump"))
    state.apply(Buy(6))
    assert state.to_move == 2
    assert easy_choice(state) == PASS


@pytest.mark.parametrize(("players", "length", "stage2"), [
    (p, length, form)
    for p, length, form in itertools.product((3, 4), ("full", "short"),
                                             ("hvalenki", "positive",
                                              "hvalenki_reverse_eralash"))
    if not (length == "short" and form == "hvalenki_reverse_eralash")
])
def test_whole_games_are_legal_and_reproducible(players: int, length: str, stage2: str) -> None:
    options = {"players": players, "length": length, "stage2": stage2, "must_trump": True}
    levels = ["easy"] * (players - 1) + ["random"]
    first = list(simulate("king", options, levels, seed=11, games=6))
    again = list(simulate("king", options, levels, seed=11, games=6))
    assert first == again  # a seed reproduces every decision
    for game in first:
        assert sum(game["totals"]) == 0


def test_easy_sees_only_its_view() -> None:
    """Two states that differ only in other seats' hidden cards give the same choice."""
    base = state_at(0, dealer=3, hands=HANDS)
    swapped = [HANDS[0], HANDS[2].replace("AS", "7H"), HANDS[1].replace("7H", "AS"),
               HANDS[3]]
    other = state_at(0, dealer=3, hands=swapped)
    assert base.view(0) == other.view(0)
    player = make_player("king", "easy")
    for seed in range(5):
        assert player.choose(base.view(0), base.legal_actions(), random.Random(seed)) == \
            player.choose(other.view(0), other.legal_actions(), random.Random(seed))


def test_unloads_the_king_of_hearts_first_in_eralash() -> None:
    hands = ["KH 7S 8S 9S TS JS QS KS", "7H 8H TH AH 7D 8D 9D TD",
             "JH QH 9H AS JD QD KD AD", HANDS[3]]
    state = state_at(6, dealer=2, hands=hands)  # ералаш, seat 3 leads clubs
    state.apply(PLAY[Card.parse("7C")])
    assert easy_choice(state) == PLAY[Card.parse("KH")]


def test_gives_no_points_away_in_a_plus_deal() -> None:
    """Plus «черви»: void and unable to win, it keeps its heart (worth points to the
    taker) and throws a club."""
    hands = ["7S 8S 9S TS JS QS KS 9H", "AS 8H TH AH 7D 8D 9D TD",
             "7H 8C 9C TC JC QC KC AC", "JH QH KH 7C JD QD KD AD"]
    state = state_at(8, dealer=0, hands=hands, stage2="positive")  # plus hearts
    assert state.spec is not None and state.spec.key == "hearts" and state.spec.sign > 0
    state.apply(PLAY[Card.parse("AS")])
    assert easy_choice(state) == PLAY[Card.parse("8C")]


def test_keeps_high_cards_for_the_last_two_tricks_of_the_plus_deal() -> None:
    state = state_at(12, dealer=0, hands=HANDS, stage2="positive")  # plus «2 последние»
    assert state.spec is not None and state.spec.key == "last_two"
    assert state.to_move == 1
    assert easy_choice(state) == PLAY[Card.parse("7H")]  # its lowest card, not an ace


def test_spends_high_cards_early_in_the_penalty_last_two() -> None:
    state = state_at(5, dealer=0, hands=HANDS)  # «не брать 2 последние»
    assert easy_choice(state) == PLAY[Card.parse("AH")]
