"""The hint's reasons on crafted positions of every game and decision kind: what the
seat wants from the trick, the obvious move, and the words when the search differs."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cardtable.cards import Card
from cardtable.engine import get_game
from cardtable.engine.actions import Pass, Play
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.king import HVALENKA, DealSpec
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.metamorphosis import kind_of
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.ui.games.hint_words import (
    choice_reason,
    hint_text,
    obvious_card,
    obvious_move,
    play_reason,
    wants_tricks,
)

C = Card.parse


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(c) for c in text.split())


def dealt(game: str, options: dict[str, Any]) -> Any:
    state = get_game(game).new(options, first_dealer=options["players"] - 1)
    state.deal(state.random_layout(random.Random(1)))
    return state


def position(view: Any, hand: str, trick: str = "", legal: str | None = None,
             **changes: Any) -> Any:
    """``view`` with seat 0 holding ``hand``, ``trick`` played before it by the seats
    after it, and ``legal`` (default: follow suit if it can)."""
    held = cards(hand)
    played = cards(trick)
    seats = [(view.n - len(played) + i) % view.n for i in range(len(played))]
    if legal is None:
        follow = [c for c in held if played and c.suit == played[0].suit]
        allowed = follow or list(held)
    else:
        allowed = list(cards(legal))
    return replace(view, seat=0, hand=held, trick=tuple(zip(seats, played, strict=True)),
                   legal=tuple(Play(c) for c in allowed), **changes)


def king(deal: str = "tricks", sign: int = -1, **changes: Any) -> Any:
    view = dealt("king", {"players": 4}).view(0)
    return replace(view, deal=DealSpec(deal, sign, 1 if sign < 0 else 2, 1), **changes)


def test_what_a_seat_wants_from_the_trick_in_each_game() -> None:
    assert not wants_tricks(king("hearts"))
    assert wants_tricks(king("hearts", sign=1))  # the positive stage: plus points
    assert wants_tricks(king(HVALENKA, sign=1, misere=True))  # a misère's tricks score too
    clubs = dealt("clubs", {"players": 4}).view(0)
    assert wants_tricks(replace(clubs, contracts=(3, None, None, None),
                                tricks_taken=(2, 0, 0, 0)))
    assert not wants_tricks(replace(clubs, contracts=(3, None, None, None),
                                    tricks_taken=(3, 0, 0, 0)))
    meta = dealt("metamorphosis", {"players": 2}).view(0)
    ace, four = kind_of(1), kind_of(4)
    assert not wants_tricks(replace(meta, kind=ace, declarations=("2", None)))
    assert wants_tricks(replace(meta, kind=ace, declarations=("A", None)))  # the premium
    assert wants_tricks(replace(meta, kind=four, declarations=("2", None)))


def test_the_obvious_card_ducks_or_takes_cheaply_and_leads_by_the_aim() -> None:
    duck = position(king("tricks"), "AD TD 3D 2C", "5D KD")
    assert obvious_card(duck) == C("TD")  # the highest that stays under the K♦
    take = position(king(HVALENKA, sign=1), "AD TD 3D 2C", "5D KD")
    assert obvious_card(take) == C("AD")  # the lowest that takes
    assert obvious_card(position(king("tricks"), "AD 3D 9C")) == C("3D")
    assert obvious_card(position(king(HVALENKA, sign=1), "AD 3D 9C")) == C("AD")
    only = position(king("tricks"), "AD 2C", "5D")
    assert obvious_card(only) == C("AD") and obvious_move(only) == Play(C("AD"))
    # in a misère the 7 is the highest: the lowest card that takes the 9♦ is the 8♦
    misere = position(king(HVALENKA, sign=1, misere=True), "7D 8D AD", "9D")
    assert obvious_card(misere) == C("8D")


def test_a_card_other_than_the_obvious_one_says_why() -> None:
    view = position(king("tricks"), "AD TD 3D 2C", "5D KD")
    assert play_reason(view, C("3D")) == "play 3♦ under K♦: your higher 10♦ stays for later"
    assert play_reason(view, C("AD")) == "take the trick with A♦: then you lead the next one"
    hval = position(king(HVALENKA, sign=1), "AD TD 3D 2C", "5D KD")
    assert play_reason(hval, C("3D")) == "play 3♦ under K♦: keep A♦ to take a later trick"
    # the third seat to play: the A♦ might be wasted, a player is still to come
    two = position(king(HVALENKA, sign=1), "AD QD 3D", "KD JD", legal="AD QD 3D")
    assert play_reason(two, C("AD")) == ("take the trick with A♦: the lowest card that "
                                         "takes it")


def test_a_penalty_trick_without_a_penalty_card_is_free_to_take() -> None:
    """«Не брать червей»: the last to play takes a trick with no heart in it."""
    view = position(king("hearts"), "AS 2S 9C", "7S 8S JS")
    assert play_reason(view, C("AS")) == "take the trick with A♠: it costs nothing"
    early = position(king("hearts"), "AS 2S 9C", "7S 8S")
    assert play_reason(early, C("AS")) == ("take the trick with A♠: nothing that costs is "
                                           "in it yet")
    hearts = position(king("hearts"), "AS 2S 9C", "7S 8H JS", legal="AS 2S")
    assert play_reason(hearts, C("AS")) == "take the trick with A♠: then you lead the next one"


def test_trefy_says_what_the_contract_needs() -> None:
    base = dealt("clubs", {"players": 4}).view(0)
    declarer = replace(base, contracts=(4, None, None, None), declarer=0,
                       tricks_taken=(2, 1, 0, 0))
    view = position(declarer, "AH 3H 2C", "5H KH")
    assert play_reason(view, C("AH")) == ("take the trick with A♥: your contract needs 2 "
                                          "more tricks")
    defender = replace(base, contracts=(None, 4, None, None), declarer=1,
                       tricks_taken=(0, 3, 0, 0))
    view = position(defender, "AH 3H 2C", "5H KH")
    assert play_reason(view, C("AH")) == ("take the trick with A♥: keep it from the "
                                          "declarer, who needs 1 more trick")
    made = replace(declarer, tricks_taken=(4, 1, 0, 0))
    assert play_reason(position(made, "AH 3H 2C", "5H KH"), C("3H")) == (
        "play 3♥ under K♥: the highest card you can lose the trick with")


def test_metamorphosis_names_the_premium_and_the_penalty_given_away() -> None:
    meta = dealt("metamorphosis", {"players": 2}).view(0)
    ace = replace(meta, kind=kind_of(1), trump=None)
    declared = position(replace(ace, declarations=("A", None)), "AS 4C 2H", "KS",
                        legal="AS 4C 2H")
    assert play_reason(declared, C("AS")) == ("take the trick with A♠: you declared this "
                                              "kind, +10 for every one you take")
    other = position(replace(ace, declarations=("2", None)), "AS 4C 2H", "KS",
                     legal="AS 4C 2H")
    assert play_reason(other, C("4C")) == ("give 4♣ to the trick's taker: it costs the "
                                           "taker 4 points")
    four = position(replace(meta, kind=kind_of(4), trump=2, declarations=("2", None)),
                    "AH 4C", "KH", legal="AH 4C")
    assert play_reason(four, C("AH")) == "take the trick with A♥: it scores you 4 points"


def test_bids_orders_prices_and_declarations_say_why() -> None:
    clubs = dealt("clubs", {"players": 4}).view(0)
    hand = cards("AC KC QC 9C 5C AH KH 2H 3D 4D 5D 6S 7S")
    bidding = replace(clubs, hand=hand, legal=tuple(Bid(i) for i in range(14)))
    # A♣ K♣ Q♣, two clubs past three, the A♥ and the K♥ with a guard: 7
    assert choice_reason(bidding, Bid(6)) == ("your aces, kings and clubs should take "
                                              "about 7 tricks")
    assert hint_text(bidding, Bid(6), "bid 6").startswith("bid 6 — your aces")
    dealer = replace(bidding, forbidden_bid=7, legal=tuple(Bid(i) for i in range(14)
                                                             if i != 7))
    assert choice_reason(dealer, Bid(6)) == "as the dealer you may not bid 7"
    auction = replace(bidding, high_bid=8, legal=(Pass(), *(Bid(i) for i in range(9, 14))))
    assert choice_reason(auction, Pass()) == ("your cards should take about 7 tricks, and "
                                              "the bid is already 8")
    order = replace(king(HVALENKA, sign=1), phase="order", hand=cards("AS KS 9H"),
                    legal=tuple(Order(c) for c in ("trump:S", "notrump", "split")))
    assert choice_reason(order, Order("trump:S")) == "you hold 2 cards of ♠ among your first three"
    assert choice_reason(order, Order("notrump")) == "you hold 2 aces or kings"
    buying = replace(king(HVALENKA, sign=1), phase="buy", hand=cards(
        "AS KS QS JS TS AH 7D 8C"), legal=(Pass(), Buy(1), Buy(2)))
    # five spades as trumps (A K Q and two past three) and the A♥
    assert choice_reason(buying, Buy(2)) == "your cards should take about 6 tricks"
    meta = dealt("metamorphosis", {"players": 2}).view(0)
    declaring = replace(meta, hand=cards("AD KD 9D 8D 2H"), legal=tuple(
        Declare(v) for v in ("A", "2", "3", "4")))
    assert choice_reason(declaring, Declare("4")) == ("you hold 4 diamonds, the trumps of "
                                                       "a four")
    forced = replace(declaring, legal=(Declare("3"),))
    assert choice_reason(forced, Declare("3")) == "the only choice you have"


def test_a_wrong_reason_in_the_expectations_is_caught() -> None:
    """Planted: the words for a duck are not the words for a take, nor the reverse —
    the exact comparisons above fail on a reason that is merely plausible."""
    view = position(king("tricks"), "AD TD 3D 2C", "5D KD")
    assert play_reason(view, C("TD")) != play_reason(view, C("AD"))
    assert "under" in play_reason(view, C("TD")) and "take" in play_reason(view, C("AD"))
    assert choice_reason(dealt("clubs", {"players": 4}).view(0), Play(C("AD"))) is None
