"""Small facts about Кинг positions shared by the computer players: card strength
under a contract, who is winning a trick, what a card costs in a penalty deal, and a
quick estimate of the tricks a hand will take."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import HEARTS, SUIT_MASKS, cards_of
from cardtable.engine.king import (
    BUYER_CONTRACTS,
    DECK3,
    DECK4,
    HEART_MASK,
    JACKS,
    KH_BIT,
    KINGS,
    PENALTY_UNITS,
    QUEENS,
)


def deck_for(n: int) -> int:
    return DECK4 if n == 4 else DECK3


def strength(card: int, misere: bool) -> int:
    """Rank strength within a suit: 7 is the highest card in «мизер»."""
    rank = card % 13
    return 12 - rank if misere else rank


def beats(card: int, winning: int, led: int, trump: int, misere: bool) -> bool:
    """Would ``card`` take the trick from the card now winning it?"""
    suit, wsuit = card // 13, winning // 13
    if suit == wsuit:
        return strength(card, misere) > strength(winning, misere)
    return suit == trump


def trick_winner(trick: Sequence[tuple[int, int]], trump: int, misere: bool) -> tuple[int, int]:
    """The (seat, card) winning the cards played so far."""
    seat, win = trick[0]
    led = win // 13
    for s, c in trick[1:]:
        if beats(c, win, led, trump, misere):
            seat, win = s, c
    return seat, win


def penalty_mask(key: str, boys: str) -> int:
    """The cards that cost points in a penalty deal (none in «взятки» and «2 последние»)."""
    boys_mask = JACKS | KINGS if boys == "jacks_kings" else JACKS
    return {
        "hearts": HEART_MASK,
        "boys": boys_mask,
        "girls": QUEENS,
        "king": KH_BIT,
        "eralash": HEART_MASK | boys_mask | QUEENS | KH_BIT,
    }.get(key, 0)


def card_penalty(card: int, key: str, n: int, boys: str) -> int:
    """Points a card costs its taker in deal ``key`` (the trick itself not counted)."""
    unit = PENALTY_UNITS[n]
    bit = 1 << card
    boys_mask = JACKS | KINGS if boys == "jacks_kings" else JACKS
    total = 0
    if key in ("hearts", "eralash") and card // 13 == HEARTS:
        total += unit["hearts"]
    if key in ("boys", "eralash") and bit & boys_mask:
        total += unit["boys_jk"] if boys == "jacks_kings" else unit["boys"]
    if key in ("girls", "eralash") and bit & QUEENS:
        total += unit["girls"]
    if key in ("king", "eralash") and bit & KH_BIT:
        total += unit["king"]
    return total


def estimate_tricks(hand: int, contract: str, n: int) -> float:
    """A quick count of the tricks ``hand`` should take under ``contract``: top
    sequences, guarded second-best cards and long trumps."""
    misere = contract == "misere"
    trump = "SHDC".index(contract[-1]) if contract.startswith("trump:") else -1
    deck = deck_for(n)
    total = 0.0
    for suit in range(4):
        mine = sorted(cards_of(hand & SUIT_MASKS[suit]), key=lambda c: -strength(c, misere))
        if not mine:
            continue
        suit_deck = sorted(cards_of(deck & SUIT_MASKS[suit]), key=lambda c: -strength(c, misere))
        tops = 0
        for have, top in zip(mine, suit_deck, strict=False):
            if have != top:
                break
            tops += 1
        total += tops
        length = len(mine)
        if tops == 0 and length >= 2 and mine[0] == suit_deck[1]:
            total += 0.5
        if suit == trump:
            total += max(0, length - max(tops, 2)) * 0.8
    return min(total, 8.0 if n == 4 else 10.0)


def best_contract(hand: int, n: int) -> tuple[str, float]:
    """The buyer's contract with the most expected tricks, and that number."""
    return max(((c, estimate_tricks(hand, c, n)) for c in BUYER_CONTRACTS),
               key=lambda ce: ce[1])
