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

SUIT_SIZE = 13
"""Cards in one suit; a suit's cards are consecutive indices from :data:`SUIT_BASE`."""
RANK_FIELD = (1 << SUIT_SIZE) - 1
"""All 13 ranks as a rank field (bit 0 the two), e.g. what :func:`ranks_in` returns."""
SUIT_BASE: tuple[int, int, int, int] = (0, SUIT_SIZE, 2 * SUIT_SIZE, 3 * SUIT_SIZE)
"""The index of each suit's two, which is also the bit offset of its rank field."""
SUIT_MASKS: tuple[int, int, int, int] = (RANK_FIELD << SUIT_BASE[0], RANK_FIELD << SUIT_BASE[1],
                                         RANK_FIELD << SUIT_BASE[2], RANK_FIELD << SUIT_BASE[3])
"""Every card of each suit as a card mask."""
SUIT_OF: tuple[int, ...] = tuple(c // SUIT_SIZE for c in range(52))
"""The suit of each card index: the table form of :func:`suit_of` for hot loops."""
RANK_OF: tuple[int, ...] = tuple(c % SUIT_SIZE for c in range(52))
"""The rank of each card index: the table form of :func:`rank_of` for hot loops."""
CARD_RATIO = 7 / 5
"""Height over width of a card as drawn (the standard 5:7 playing card): the art and the
table's geometry both size cards by it."""
NO_TRUMP = -1
"""The trump suit of a deal played without trumps."""


def ranks_in(mask: int, suit: int) -> int:
    """The cards of ``suit`` in a card mask, as a 13-bit mask of ranks (bit 0 the 2)."""
    return (mask >> SUIT_BASE[suit]) & RANK_FIELD


def cards_of_ranks(ranks: int, suit: int) -> int:
    """A rank field (bit 0 the two, as :func:`ranks_in` gives) as cards of ``suit``."""
    return ranks << SUIT_BASE[suit]


def card_of(suit: int, rank: int) -> int:
    """The card index of a suit and a rank: the inverse of :func:`suit_of`/:func:`rank_of`."""
    return SUIT_BASE[suit] + rank


def suit_mask(suit: int) -> int:
    """Every card of one suit as a card mask."""
    return SUIT_MASKS[suit]


def suit_cards(mask: int, suit: int) -> int:
    """The cards of ``suit`` in a card mask, still as a card mask."""
    return mask & SUIT_MASKS[suit]


def lowest_in(mask: int, suit: int) -> int:
    """The lowest card of ``suit`` in a card mask, or -1 when it has none."""
    field = (mask >> SUIT_BASE[suit]) & RANK_FIELD
    return SUIT_BASE[suit] + (field & -field).bit_length() - 1 if field else -1


def highest_in(mask: int, suit: int) -> int:
    """The highest card of ``suit`` in a card mask, or -1 when it has none."""
    field = (mask >> SUIT_BASE[suit]) & RANK_FIELD
    return SUIT_BASE[suit] + field.bit_length() - 1 if field else -1


def above_in_suit(card: int) -> int:
    """The cards of ``card``'s suit ranked above it, as a card mask."""
    return SUIT_MASKS[SUIT_OF[card]] & ~((2 << card) - 1)


def below_in_suit(card: int) -> int:
    """The cards of ``card``'s suit ranked below it, as a card mask."""
    return SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def suit_end(card: int) -> int:
    """One past the index of the ace of ``card``'s suit (a slice end over card indices)."""
    return SUIT_BASE[SUIT_OF[card]] + SUIT_SIZE


def beats(card: int, best: int, trump: int | None = NO_TRUMP, lowest_wins: bool = False) -> bool:
    """Whether ``card``, played to a trick now won by ``best``, takes the trick over.

    The one trick-winner rule of all three games: a card of the winning card's suit
    takes it by rank (by the lower rank when ``lowest_wins``, King's «мизер»); a card of
    another suit takes it only when that suit is ``trump`` (:data:`NO_TRUMP` or None for none).
    Between equal cards (Трефы' two decks) the card already winning keeps the trick.
    """
    suit = SUIT_OF[card]
    if suit == SUIT_OF[best]:
        return (card > best) if not lowest_wins else (card < best)
    return suit == trump


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
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        return RANK_OF[self]

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
        return CARDS[card_of(suit, rank)]

    def __str__(self) -> str:
        return RANKS[RANK_OF[self]] + SUITS[SUIT_OF[self]]

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
    return SUIT_OF[card]


def rank_of(card: int) -> int:
    """The rank index (0 for the two … 12 for the ace) of a card index."""
    return RANK_OF[card]


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
    return sum(1 << card_of(s, rank) for s in range(4))


def deck_mask(min_rank: int = TWO, without: Iterable[str] = ()) -> int:
    """A deck of all cards of rank ``min_rank`` and up, minus named cards."""
    m = 0
    for s in range(4):
        for r in range(min_rank, 13):
            m |= 1 << card_of(s, r)
    for t in without:
        m &= ~(1 << Card.parse(t))
    return m
