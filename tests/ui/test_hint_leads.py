"""The hint's reasons for a lead, counted from the cards seen this deal."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cardtable.cards import Card
from cardtable.engine import get_game
from cardtable.engine.actions import Play
from cardtable.ui.games.hint_words import play_reason

C = Card.parse


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(c) for c in text.split())


def king_lead(hand: str, gone: str = "") -> Any:
    """Seat 0 of 4-player Кинг to lead, holding ``hand``, after one trick of ``gone``."""
    state = get_game("king").new({"players": 4}, first_dealer=0)
    state.deal(state.random_layout(random.Random(1)))
    tricks = ((1, cards(gone), 1),) if gone else ()
    return replace(state.view(0), hand=cards(hand), trick=(), tricks=tricks,
                   legal=tuple(Play(c) for c in cards(hand)))


def clubs_lead(n: int, hand: str, gone: str = "") -> Any:
    state = get_game("clubs").new({"players": n}, first_dealer=0)
    state.deal(state.random_layout(random.Random(1)))
    plays = tuple(enumerate(cards(gone)))
    tricks = ((0, plays, 0, ()),) if gone else ()
    return replace(state.view(0), hand=cards(hand), trick=(), tricks=tricks,
                   legal=tuple(Play(c) for c in cards(hand)))


def test_the_master_of_a_suit_is_named_so() -> None:
    view = king_lead("KS 8S 9H", gone="AS 7S TD JD")
    assert play_reason(view, C("KS"), tricks_cost=False) == (
        "lead K♠: the highest card of its suit still out")
    # the ace is still out before that trick
    assert play_reason(king_lead("KS 8S 9H"), C("KS"), tricks_cost=False) == (
        "lead K♠: still out, 1 higher card of its suit")


def test_the_lowest_card_left_is_a_safe_exit() -> None:
    view = king_lead("8S KS 9H", gone="7S AS TD JD")
    assert play_reason(view, C("8S"), tricks_cost=False) == (
        "lead 8♠: every card of its suit still out is higher")
    # the 7♠ is out: the count of the higher ones (9, 10, J, Q, A) is the reason
    assert play_reason(king_lead("8S KS 9H"), C("8S"), tricks_cost=False) == (
        "lead 8♠: still out, 5 higher cards of its suit")


def test_a_suit_nobody_else_holds_is_named() -> None:
    view = king_lead("QH KH AH 7S", gone="7H 8H 9H TH JH 8S 9S TS")
    assert play_reason(view, C("QH")) == "lead Q♥: nobody else has this suit"


def test_the_count_holds_in_trefy_with_one_deck_and_is_not_guessed_with_two() -> None:
    one = clubs_lead(4, "AC KD 2S", gone="2C 3C 4C AD")
    assert one.unseen_mask() is not None
    assert play_reason(one, C("KD")) == "lead K♦: the highest card of its suit still out"
    two = clubs_lead(6, "AC KD 2S", gone="2C 3C 4C AD 5C 6C")
    assert two.unseen_mask() is None
    assert play_reason(two, C("KD")) == ("lead K♦: your last card of this suit — then you "
                                         "are free of it")


def test_metamorphosis_leads_are_not_counted() -> None:
    """Its piles and stock bring seen cards back, so a count would mislead."""
    state = get_game("metamorphosis").new({"players": 2}, first_dealer=0)
    state.deal(state.random_layout(random.Random(1)))
    view = state.view(0)
    assert view.unseen_mask() is None
    lead = replace(view, trick=(), legal=tuple(Play(c) for c in view.hand))
    for card in view.hand:
        words = play_reason(lead, card)
        assert words.startswith(f"lead {card.pretty()}: ")
        assert "still out" not in words and "nobody else" not in words


def test_where_a_trick_costs_the_words_fit_the_aim() -> None:
    """In «Не брать взяток» a master card led is a card shed before it takes a costlier
    trick, a low one led cannot take the trick — never "the highest card" as if the aim
    were to win it; the Кинг presenter knows which deals these are."""
    from cardtable.ui.games.king import KingPresenter

    master = king_lead("KS 8S 9H", gone="AS 7S TD JD")
    low = king_lead("8S KS 9H", gone="7S AS TD JD")
    assert play_reason(master, C("KS"), tricks_cost=True) == (
        "lead K♠: it would take a trick anyway — better this one than a costlier one later")
    assert play_reason(low, C("8S"), tricks_cost=True) == (
        "lead 8♠: it cannot take the trick — every card of its suit still out is higher")
    presenter = KingPresenter(["A", "B", "C", "D"])
    assert master.deal is not None and not master.deal.is_hvalenka  # deal 1: no tricks
    assert presenter.hint_text(master, Play(C("KS"))).startswith(
        "lead K♠: it would take a trick anyway")
