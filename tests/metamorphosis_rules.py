"""metamorphosis.md restated in plain code, as the reference the Метаморфоза tests
compare the engine with.

Nothing here comes from the engine: cards are the record's two-letter strings
(``"TH"``), and every rule — the kind of розыгрыш k, its trump, the trick's winner and
points, the premium, the two-by-two lead rotation and both ways of refilling hands —
is written out again from the rules text, in the most literal form that came to mind,
so that a slip in the engine shows up as a disagreement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

SUITS = "SHDC"
"""Record suit letters: ♠ пики, ♥ червы, ♦ бубны, ♣ трефы."""
RANKS = "23456789TJQKA"
"""Lowest first: 2 … A (Т)."""
DECK = tuple(r + s for s in SUITS for r in RANKS)
"""The play deck: one standard 52-card deck."""
HAND = 12
"""Each player gets 12 cards, and hands are filled back up to 12."""
ROUNDS = {2: 16, 3: 12}
"""Розыгрыши in a партия: 16 with 2 players, 12 with 3."""
DECLARATIONS = ("A", "2", "3", "4")
"""The declaration cards, in the order of the kinds they name."""
PREMIUM = 10


@dataclass(frozen=True)
class KindRule:
    """One line of the kind table."""

    declaration: str
    trump: str | None
    scoring_suit: str | None
    """The suit whose cards score; ``None``: every card in the trick scores."""
    per_card: int


KIND_TABLE = {
    1: KindRule("A", None, "C", -4),  # без козырей, −4 per club
    2: KindRule("2", None, "S", -4),  # без козырей, −4 per spade
    3: KindRule("3", None, None, -1),  # без козырей, −1 per card
    4: KindRule("4", "D", "H", +4),  # козыри бубны, +4 per heart
}


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def kind(k: int) -> int:
    """The kind of розыгрыш k (1-based), cycling A, 2, 3, 4: ((k − 1) mod 4) + 1."""
    return (k - 1) % 4 + 1


def trump(k: int, turned: str, turned_trump: bool) -> str | None:
    """The trump suit of розыгрыш k: the turned card's suit with ``turned_trump``,
    else the kind table's (diamonds in kind 4, none otherwise)."""
    if turned_trump:
        return suit(turned)
    return KIND_TABLE[kind(k)].trump


def winner(trick: Sequence[tuple[int, str]], trump_suit: str | None) -> int:
    """The seat that takes ``trick`` ((seat, card) in play order): the highest trump,
    else the highest card of the suit led; no card of another suit can win."""
    trumps = [(rank(card), seat) for seat, card in trick if suit(card) == trump_suit]
    if trumps:
        return max(trumps)[1]
    led = suit(trick[0][1])
    return max((rank(card), seat) for seat, card in trick if suit(card) == led)[1]


def trick_points(k: int, cards: Sequence[str]) -> int:
    """What the taker scores for the cards of розыгрыш k, the premium aside."""
    rule = KIND_TABLE[kind(k)]
    counted = [c for c in cards if rule.scoring_suit is None or suit(c) == rule.scoring_suit]
    return rule.per_card * len(counted)


def premium(k: int, declaration: str | None) -> int:
    """+10 when the taker declared the kind of this розыгрыш."""
    return PREMIUM if declaration == KIND_TABLE[kind(k)].declaration else 0


def leaders(dealer: int, n: int) -> list[int]:
    """The leader of every розыгрыш of a партия, index 0 = розыгрыш 1: the dealer's
    left neighbour leads two, then the lead passes to the left for the next two, …"""
    out = []
    seat = (dealer + 1) % n
    for k in range(1, ROUNDS[n] + 1):
        out.append(seat)
        if k % 2 == 0:
            seat = (seat + 1) % n
    return out


def declaration_order(dealer: int, n: int) -> list[int]:
    """Who chooses a declaration card first, second, …: from the dealer's left."""
    return [(dealer + 1 + i) % n for i in range(n)]


Draw = tuple[int, tuple[str, ...], int | None]
"""A refill step: (seat, cards in the order taken, the seat whose pile gave them or
``None`` for the stock)."""


def refill(after: int, leader: int, hands: list[list[str]], stock: list[str],
           piles: list[list[str]]) -> list[Draw]:
    """Fill hands back up to 12 after розыгрыш ``after`` led by ``leader``; changes
    ``hands``, ``stock`` (top first, the turned card last) and ``piles`` (bottom
    first) in place and returns what each seat took, in order.

    After an odd розыгрыш every seat, from the leader going left, draws from the stock.
    After an even one each seat takes from the top of its left neighbour's pile
    (seat + 1), then from the stock when that pile runs out.  Whoever cannot be filled
    simply stays short.
    """
    n = len(hands)
    draws: list[Draw] = []
    for i in range(n):
        seat = (leader + i) % n
        lacking = HAND - len(hands[seat])
        if after % 2 == 0:
            neighbour = (seat + 1) % n
            pile = piles[neighbour]
            taken = []
            while lacking > 0 and pile:
                card = pile.pop()  # the top: the last card that went on
                taken.append(card)
                lacking -= 1
            hands[seat].extend(taken)
            if taken:
                draws.append((seat, tuple(taken), neighbour))
        drawn = []
        while lacking > 0 and stock:
            drawn.append(stock.pop(0))
            lacking -= 1
        hands[seat].extend(drawn)
        if drawn:
            draws.append((seat, tuple(drawn), None))
    return draws


@dataclass
class Trick:
    """A finished розыгрыш as the reference saw it."""

    number: int
    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int
    points: int


@dataclass
class Partiya:
    """One партия followed by the rules: the deal, the declarations, the розыгрыши
    and the refills.  ``hands`` keep their cards in no particular order."""

    n: int
    dealer: int
    hands: list[list[str]]
    stock: list[str]
    """Top first; the turned card is the last one."""
    turned: str
    turned_trump: bool = False
    piles: list[list[str]] = field(default_factory=list)
    declarations: list[str | None] = field(default_factory=list)
    available: list[str] = field(default_factory=lambda: list(DECLARATIONS))
    points: list[int] = field(default_factory=list)
    number: int = 0
    """The current розыгрыш, 1-based; 0 while declaring."""
    trick: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    draws: list[list[Draw]] = field(default_factory=list)
    """The refill after each розыгрыш (empty after the last)."""
    order: list[int] = field(default_factory=list)
    lead_order: list[int] = field(default_factory=list)

    @classmethod
    def deal(cls, n: int, dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str],
             turned: str, turned_trump: bool = False) -> Partiya:
        assert len(hands) == n
        return cls(n, dealer, [list(h) for h in hands], [*stock, turned], turned,
                   turned_trump, piles=[[] for _ in range(n)], declarations=[None] * n,
                   points=[0] * n, order=declaration_order(dealer, n),
                   lead_order=leaders(dealer, n))

    @property
    def finished(self) -> bool:
        return self.number > ROUNDS[self.n]

    @property
    def to_move(self) -> int | None:
        if self.number == 0:
            return self.order[sum(d is not None for d in self.declarations)]
        if self.finished:
            return None
        return (self.leader + len(self.trick)) % self.n

    @property
    def leader(self) -> int:
        return self.lead_order[self.number - 1]

    @property
    def trump(self) -> str | None:
        return trump(self.number, self.turned, self.turned_trump)

    def declare(self, value: str) -> None:
        assert self.number == 0 and value in self.available
        seat = self.to_move
        assert seat is not None
        self.available.remove(value)
        self.declarations[seat] = value
        if all(d is not None for d in self.declarations):
            self.number = 1

    def play(self, card: str) -> Trick | None:
        """The seat to move plays ``card``; the finished trick, if this completes one."""
        seat = self.to_move
        assert seat is not None and self.number > 0 and card in self.hands[seat]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            return None
        k = self.number
        cards = [c for _, c in self.trick]
        taker = winner(self.trick, self.trump)
        pts = trick_points(k, cards) + premium(k, self.declarations[taker])
        self.points[taker] += pts
        self.piles[taker].extend(cards)
        done = Trick(k, self.leader, tuple(self.trick), taker, pts)
        self.tricks.append(done)
        self.trick = []
        if k < ROUNDS[self.n]:
            self.draws.append(refill(k, done.leader, self.hands, self.stock, self.piles))
        else:
            self.draws.append([])
        self.number += 1
        return done

    def all_cards(self) -> list[str]:
        """Every card of the deck where it is now: hands, stock, piles, trick."""
        out = [c for h in self.hands for c in h] + list(self.stock)
        out += [c for p in self.piles for c in p] + [c for _, c in self.trick]
        return out


def match_totals(rows: Sequence[Sequence[int]]) -> list[int]:
    """Totals carry over from партия to партия: the column sums of the deal rows."""
    n = len(rows[0]) if rows else 0
    return [sum(row[s] for row in rows) for s in range(n)]


def dealer_of(first_dealer: int, partiya: int, n: int) -> int:
    """The deal passes to the left: партия i (0-based) is dealt by first dealer + i."""
    return (first_dealer + partiya) % n
