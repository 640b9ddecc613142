"""Cards, suits, ranks, notation and card sets as int bitmasks.

A card is an int from 0 to 51: ``suit * 13 + rank``, with suits ``S H D C`` (0..3) and
ranks ``2 … A`` (0..12).  Because ranks grow with the index, the highest card of a suit
in a set is simply the set's highest bit in that suit's 13-bit field — the engine and
the computer players replay thousands of deals per decision, so card sets are plain
``int`` bitmasks (bit ``c`` set ⇔ card ``c`` in the set), as in python-chess.

:class:`Card` is an ``int`` subclass with 52 shared instances, so a card is both a
readable value (``str(Card.parse("TH")) == "TH"``) and a bit index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

SUITS = "SHDC"
"""Suit letters in index order: ♠ пики, ♥ червы, ♦ бубны, ♣ трефы."""
RANKS = "23456789TJQKA"
"""Rank letters in index order, lowest first."""

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUIT_SYMBOLS = "♠♥♦♣"
RUSSIAN_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}

# Rank indices of the cards that matter by name in the rules.
TWO, SEVEN, JACK, QUEEN, KING, ACE = 0, 5, 9, 10, 11, 12

SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


def ranks_in(mask: int, suit: int) -> int:
    """The cards of ``suit`` in a card mask, as a 13-bit mask of ranks (bit 0 the 2)."""
    return (mask >> (13 * suit)) & 0x1FFF


class Card(int):
    """One card of a standard 52-card deck; compares and hashes as its index."""

    __slots__ = ()
    _all: ClassVar[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        if cls._all:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
                raise ValueError(f"card index out of range: {index!r}")
            return cls._all[index]
        return super().__new__(cls, index)

    @property
    def suit(self) -> int:
        return self // 13

    @property
    def rank(self) -> int:
        return self % 13

    @property
    def bit(self) -> int:
        return 1 << self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse record notation such as ``"TH"`` (ten of hearts) or ``"7S"``."""
        if type(text) is not str or len(text) != 2:
            shown = repr(text) if type(text) is str else type(text).__name__
            raise ValueError(f"not a card: {shown if len(shown) <= 12 else shown[:9] + '...'}")
        rank = RANKS.find(text[0])
        suit = SUITS.find(text[1])
        if rank < 0 or suit < 0:
            raise ValueError(f"not a card: {text!r}")
        return CARDS[suit * 13 + rank]

    def __str__(self) -> str:
        return RANKS[self % 13] + SUITS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def pretty(self, russian: bool = False) -> str:
        """Human notation with a suit symbol, e.g. ``10♥`` or ``Д♠``."""
        letter = RANKS[self.rank]
        if letter == "T":
            letter = "10"
        elif russian:
            letter = RUSSIAN_RANKS.get(letter, letter)
        return letter + SUIT_SYMBOLS[self.suit]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
Card._all.extend(CARDS)


def suit_of(card: int) -> int:
    """The suit index (0 spades … 3 clubs) of a card index, :class:`Card` or plain int."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank index (0 for the two … 12 for the ace) of a card index."""
    return card % 13


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of cards (duplicates collapse)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def rank_mask(rank: int) -> int:
    """All four cards of one rank."""
    return sum(1 << (s * 13 + rank) for s in range(4))


def deck_mask(min_rank: int = TWO, without: Iterable[str] = ()) -> int:
    """A deck of all cards of rank ``min_rank`` and up, minus named cards."""
    m = 0
    for s in range(4):
        for r in range(min_rank, 13):
            m |= 1 << (s * 13 + r)
    for t in without:
        m &= ~(1 << Card.parse(t))
    return m
