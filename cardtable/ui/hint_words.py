"""Why the suggested move, in a few words: «сбросить Д♠: у вас нет бубен».

The search says only *which* move is best and what it expects to score; the reason is
read off the position, where a player would see it — a void, a card that takes the
trick, a card that ducks under it.  Where no short reason fits, the hint names the
move alone."""

from __future__ import annotations

from cardtable.cards import CARDS, CLUBS, DIAMONDS, HEARTS, SPADES, rank_of, ranks_in, suit_of
from cardtable.engine.game import View
from cardtable.ui.i18n import current_language
from cardtable.ui.texts import Texts, fill


def _card(card: int) -> str:
    return CARDS[card].pretty(russian=current_language() == "ru")


def _none_of(suit: int) -> str:
    """«у вас нет бубен»: the suit after "none of" (Russian genitive plural)."""
    words = {
        SPADES: Texts.tr("you have no spades"),
        HEARTS: Texts.tr("you have no hearts"),
        DIAMONDS: Texts.tr("you have no diamonds"),
        CLUBS: Texts.tr("you have no clubs"),
    }
    return words[suit]


def _trick_cards(view: View) -> list[int]:
    return [c for _, c in view.trick]


def beats(card: int, best: int, trump: int | None, reversed_ranks: bool = False) -> bool:
    """Does ``card`` take the trick from ``best`` (the card winning it so far)?"""
    suit, best_suit = suit_of(card), suit_of(best)
    if suit == best_suit:
        higher = rank_of(card) > rank_of(best)
        return higher != reversed_ranks
    return suit == trump


def winning_card(view: View) -> int | None:
    """The card winning the trick on the table so far (None on the lead)."""
    cards = _trick_cards(view)
    if not cards:
        return None
    trump = view.trick_trump()
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, trump, view.ranks_reversed()):
            best = card
    return best


def lead_reason(view: View, card: int, tricks_cost: bool = False) -> str:
    """Why lead ``card``: it is the master of its suit, or the lowest one left, or
    nobody else can follow it (counted from the cards seen this deal).  Where taking a
    trick costs (``tricks_cost``), the words say what the move is for there: shedding a
    card that would take a trick anyway, or one that cannot take it."""
    name = _card(card)
    unseen = view.unseen_mask()
    if unseen is None:
        return fill(Texts.tr("lead %1"), name)
    suit = suit_of(card)
    out = ranks_in(unseen, suit)
    rank = rank_of(card)
    higher = out >> (rank + 1)
    lower = out & ((1 << rank) - 1)
    if not out:
        return fill(Texts.tr("lead %1: nobody else has this suit"), name)
    if not higher:
        if tricks_cost:
            return fill(Texts.tr("lead %1: it would take a trick anyway — better this one "
                                 "than a costlier one later"), name)
        return fill(Texts.tr("lead %1: the highest card of its suit still out"), name)
    if not lower:
        if tricks_cost:
            return fill(Texts.tr("lead %1: it cannot take the trick — every card of its "
                                 "suit still out is higher"), name)
        return fill(Texts.tr("lead %1: every card of its suit still out is higher"), name)
    return fill(Texts.tr("lead %1"), name)


def play_reason(view: View, card: int, tricks_cost: bool = False) -> str:
    """A few words on why ``card`` is a good card to play now (``tricks_cost``: in a
    deal where taking a trick costs points)."""
    cards = _trick_cards(view)
    name = _card(card)
    trump = view.trick_trump()
    if not cards:
        return lead_reason(view, card, tricks_cost)
    led = suit_of(cards[0])
    best = winning_card(view)
    assert best is not None
    holds_led = any(suit_of(c) == led for c in view.hand)
    takes = beats(card, best, trump, view.ranks_reversed())
    if suit_of(card) != led and not holds_led:
        if takes:
            return fill(Texts.tr("trump with %1: %2"), name, _none_of(led))
        return fill(Texts.tr("throw %1 away: %2"), name, _none_of(led))
    if takes:
        if tricks_cost:
            return fill(Texts.tr("take the trick with %1: this one costs least"), name)
        return fill(Texts.tr("take the trick with %1"), name)
    return fill(Texts.tr("play %1 under %2"), name, _card(best))
