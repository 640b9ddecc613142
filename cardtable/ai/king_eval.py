"""Small facts about Кинг positions shared by the computer players: card strength
under a contract, who is winning a trick, what a card costs in a penalty deal, and a
quick estimate of the tricks a hand will take."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, cards_of
from cardtable.cards import beats as beats_in_trick
from cardtable.engine.king import BUYER_CONTRACTS, DECK3, DECK4, HAND_SIZE, card_values


def deck_for(n: int) -> int:
    return DECK4 if n == 4 else DECK3


def strength(card: int, misere: bool) -> int:
    """Rank strength within a suit: 7 is the highest card in «мизер»."""
    rank = RANK_OF[card]
    return 12 - rank if misere else rank


def beats(card: int, winning: int, led: int, trump: int, misere: bool) -> bool:
    """Would ``card`` take the trick from the card now winning it?"""
    return beats_in_trick(card, winning, trump, misere)


def trick_winner(trick: Sequence[tuple[int, int]], trump: int, misere: bool) -> tuple[int, int]:
    """The (seat, card) winning the cards played so far."""
    seat, win = trick[0]
    led = SUIT_OF[win]
    for s, c in trick[1:]:
        if beats(c, win, led, trump, misere):
            seat, win = s, c
    return seat, win


def penalty_mask(key: str, n: int, boys: str) -> int:
    """The cards that carry points in a deal of kind ``key`` (none in «взятки» and
    «2 последние», where the tricks themselves count)."""
    mask = 0
    for cards, _ in card_values(key, n, boys):
        mask |= cards
    return mask


def card_penalty(card: int, key: str, n: int, boys: str) -> int:
    """Points a card carries in a deal of kind ``key`` (the trick itself not counted)."""
    return sum(unit for cards, unit in card_values(key, n, boys) if cards >> card & 1)


def estimate_tricks(hand: int, contract: str, n: int) -> float:
    """A quick count of the tricks ``hand`` should take under ``contract``: top
    sequences, guarded second-best cards and long trumps."""
    misere = contract == "misere"
    trump = SUITS.index(contract[-1]) if contract.startswith("trump:") else -1
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
    return min(total, float(HAND_SIZE[n]))


def best_contract(hand: int, n: int) -> tuple[str, float]:
    """The buyer's contract with the most expected tricks, and that number."""
    return max(((c, estimate_tricks(hand, c, n)) for c in BUYER_CONTRACTS),
               key=lambda ce: ce[1])
