"""clubs.md restated in plain code for the Трефы tests, independently of the engine.

Cards are written as record strings (``"AS"``, ``"TC"``), so nothing here shares a
table, a bitmask or a helper with ``cardtable.engine.clubs``: the deal table, the
legal cards (with the two-deck cancellation rule), the trick winner, the auction, the
everyone-bids restriction, the contract score and the end of the game are each written
straight from the rules text, and the tests compare the engine against them.
"""

from __future__ import annotations

from collections.abc import Sequence

RANKS = "23456789TJQKA"
"""Lowest first, as in clubs.md («ranks 2 … A»)."""
SUITS = "SHDC"
CLUB = "C"
PLAYERS = tuple(range(2, 9))
"""«The table supports 2 to 8 players.»"""

# clubs.md, «Deck and deal».
HAND_SIZE = {2: 13, 3: 17, 4: 13, 5: 10, 6: 17, 7: 14, 8: 13}
ASIDE = {2: 26, 3: 0, 4: 0, 5: 0, 6: 2, 7: 6, 8: 0}
REMOVED = {3: ("2D",), 5: ("2D", "2H")}

MADE_BONUS = 10
FAILED = -10
DEFAULT_TARGET = 100
TARGET_RANGE = (25, 500)


def decks(n: int) -> int:
    """One deck up to 5 players, two decks (104 cards) from 6 on."""
    return 2 if n >= 6 else 1


def faces(n: int) -> list[str]:
    """The card faces in play for ``n`` players (one deck, minus the named twos)."""
    removed = REMOVED.get(n, ())
    return [r + s for s in SUITS for r in RANKS if r + s not in removed]


def deck(n: int) -> list[str]:
    """Every card of the deal, a face twice when there are two decks."""
    return faces(n) * decks(n)


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


# --- play -------------------------------------------------------------------------------


def playable(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """The cancellation rule: a player's cards minus those identical to a card already
    in the trick (each distinct face once, sorted)."""
    in_trick = set(trick)
    return sorted({x for x in hand if x not in in_trick})


def legal_cards(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """What the player may play to ``trick`` (cards so far, in order): a playable card
    of the suit led if he has one, else any playable card; empty means he skips."""
    cards = playable(hand, trick)
    if trick:
        follow = [x for x in cards if suit(x) == suit(trick[0])]
        if follow:
            return follow
    return cards


def trick_winner(trick: Sequence[tuple[int, str]]) -> int:
    """The seat that takes ``trick`` ((seat, card) in play order): the highest club,
    else the highest card of the suit led."""
    led = suit(trick[0][1])
    clubs = [(seat, x) for seat, x in trick if suit(x) == CLUB]
    pool = clubs or [(seat, x) for seat, x in trick if suit(x) == led]
    return max(pool, key=lambda sx: rank(sx[1]))[0]


# --- bidding ----------------------------------------------------------------------------


class Auction:
    """The auction of clubs.md, move by move: ``None`` is a pass, a number a bid."""

    def __init__(self, n: int, dealer: int) -> None:
        self.n = n
        self.hand_size = HAND_SIZE[n]
        self.passed = [False] * n
        self.high: int | None = None
        self.high_seat: int | None = None
        self.to_move: int | None = (dealer + 1) % n  # the dealer's left starts
        self.declarer: int | None = None

    def must_bid(self) -> bool:
        """Everyone else passed before any bid: the last one left may not pass."""
        return self.high is None and self.passed.count(False) == 1

    def legal(self) -> list[int | None]:
        """The moves of the seat to move: maybe a pass, then every bid above the high."""
        if self.to_move is None:
            return []
        low = 0 if self.high is None else self.high + 1
        bids: list[int | None] = list(range(low, self.hand_size + 1))
        return bids if self.must_bid() else [None, *bids]

    def act(self, move: int | None) -> None:
        """Carry out a move of the seat to move; raises ``ValueError`` if not legal."""
        if move not in self.legal():
            raise ValueError(f"{move} is not a legal auction move")
        seat = self.to_move
        assert seat is not None
        if move is None:
            self.passed[seat] = True
        else:
            self.high, self.high_seat = move, seat
        left = [s for s in range(self.n) if not self.passed[s]]
        if move == self.hand_size or (len(left) == 1 and left[0] == self.high_seat):
            self.declarer = self.high_seat
            self.to_move = None
            return
        nxt = (seat + 1) % self.n
        while self.passed[nxt]:
            nxt = (nxt + 1) % self.n
        self.to_move = nxt


def forbidden_bid(earlier_bids: Sequence[int], hand_size: int) -> int | None:
    """Everyone form: the dealer (last bidder) may not make the bids add up to the
    number of tricks; None if no bid of his could."""
    rest = hand_size - sum(earlier_bids)
    return rest if 0 <= rest <= hand_size else None


def everyone_legal(earlier_bids: Sequence[int], hand_size: int, is_dealer: bool) -> list[int]:
    """The bids a player may name in the everyone form."""
    banned = forbidden_bid(earlier_bids, hand_size) if is_dealer else None
    return [k for k in range(hand_size + 1) if k != banned]


# --- scoring ----------------------------------------------------------------------------


def contract_score(bid: int, taken: int) -> int:
    """Exact contract: 10 + tricks taken; otherwise −10."""
    return MADE_BONUS + taken if taken == bid else FAILED


def deal_row(contracts: Sequence[int | None], taken: Sequence[int]) -> list[int]:
    """One deal's scores: a seat without a contract (auction, not declarer) scores 0."""
    return [0 if bid is None else contract_score(bid, t) for bid, t in zip(contracts, taken,
                                                                           strict=True)]


def game_over(totals: Sequence[int], target: int = DEFAULT_TARGET) -> bool:
    """After a deal the game ends if someone has reached the target (exactly counts)."""
    return max(totals) >= target


def places(totals: Sequence[int]) -> list[int]:
    """Places by total, 1 = best; equal totals share the place (the win included)."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]
