"""Трефы (Clubs, by Michael Lamar), exactly as the rules file ``clubs.md`` describes it.

Clubs are always trumps; a deal is bid (an auction, or everyone names a contract) and
then played out; an exact contract scores 10 + tricks, anything else −10; the game
ends after the deal in which someone reaches the target, or after the last deal of
the limit (option ``deals``) if there is one.

From 6 players on there are two decks, so a hand may hold two identical cards.  A hand
is kept as two bitmasks: ``ones`` (cards held at least once) and ``twos`` (cards held
twice); the cancellation rule is then one mask operation — a seat's playable cards are
``ones & ~cards_in_trick`` — and a seat with none is skipped automatically.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.cards import CARDS, CLUBS, SUIT_MASKS, SUIT_OF, Card, beats, cards_of, deck_mask
from cardtable.engine.actions import PASS, Action, Pass, Play, plays_of
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.clubs_events import AuctionWon, BidMade, TurnSkipped
from cardtable.engine.game import (
    CardPlayed,
    CompletedTrick,
    DealStarted,
    Event,
    Game,
    GameState,
    IllegalAction,
    Layout,
    LayoutError,
    OptionError,
    Options,
    OptionSpec,
    Passed,
    TrickWon,
    View,
    cards_from_json,
)
from cardtable.engine.messages import short_repr
from cardtable.engine.registry import register_game

HAND_SIZE = {2: 13, 3: 17, 4: 13, 5: 10, 6: 17, 7: 14, 8: 13}
"""Cards per hand, and so tricks per deal, by number of players."""
ASIDE = {2: 26, 3: 0, 4: 0, 5: 0, 6: 2, 7: 6, 8: 0}
"""Cards set aside unseen at the start of a deal."""
REMOVED = {3: ("2D",), 5: ("2D", "2H")}
"""Twos taken out of the deck so that the cards share out evenly."""

CLUB_MASK = SUIT_MASKS[CLUBS]
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
MADE_BONUS = 10
FAILED = -10

BIDS: tuple[Bid, ...] = tuple(Bid(k) for k in range(max(HAND_SIZE.values()) + 1))
"""Shared ``Bid`` actions indexed by tricks."""


def decks_for(n: int) -> int:
    """One deck up to 5 players, two from 6 on."""
    return 2 if n >= 6 else 1


def deck_for(n: int) -> int:
    """The mask of the card faces in play (each twice when there are two decks)."""
    return deck_mask(without=REMOVED.get(n, ()))


def hand_masks(cards: Iterable[int]) -> tuple[int, int]:
    """Cards as the state holds a hand: the faces held, and those held twice (with two
    decks)."""
    ones = twos = 0
    for c in cards:
        bit = 1 << c
        if ones & bit:
            twos |= bit
        else:
            ones |= bit
    return ones, twos


def contract_score(bid: int, taken: int) -> int:
    """10 + tricks for an exact contract, −10 otherwise."""
    return MADE_BONUS + taken if taken == bid else FAILED


# --- the layout ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClubsLayout(Layout):
    """A Трефы deal: the hands and the cards set aside unseen (none for most numbers of
    players)."""

    aside: tuple[Card, ...] = ()


# --- options ---------------------------------------------------------------------------

MIN_DEAL_LIMIT, MAX_DEAL_LIMIT = 5, 200
"""Option ``deals``: 0 (no limit) or a limit in this range."""


class ClubsGame(Game):
    name = "clubs"
    specs = (
        OptionSpec("players", 4, minimum=2, maximum=8, help="2 to 8 players"),
        OptionSpec("bidding", "auction", choices=("auction", "everyone"),
                   help="an auction for one declarer, or every player bids once"),
        OptionSpec("target", 100, minimum=25, maximum=500,
                   help="the game ends after the deal in which someone reaches this"),
        OptionSpec("deals", 0, minimum=0, maximum=MAX_DEAL_LIMIT,
                   help=f"0: no limit; else {MIN_DEAL_LIMIT} to {MAX_DEAL_LIMIT}: the game "
                        "also ends after that many deals"),
    )
    layout_keys = ("hands", "aside")

    def layout_from_json(self, data: Any) -> ClubsLayout:
        hands = self.hands_from_json(data)
        return ClubsLayout(hands, cards_from_json(data["aside"], "aside"))

    def layout_to_json(self, layout: Layout) -> dict[str, Any]:
        if not isinstance(layout, ClubsLayout):
            raise LayoutError("not a Трефы layout")
        out = super().layout_to_json(layout)
        out["aside"] = [str(c) for c in layout.aside]
        return out

    def check_combination(self, options: Options) -> None:
        limit = options["deals"]
        if limit != 0 and limit < MIN_DEAL_LIMIT:
            raise OptionError("deals", f"option 'deals' must be 0 (no limit) or from "
                                       f"{MIN_DEAL_LIMIT} to {MAX_DEAL_LIMIT}, not {limit}")



CLUBS_GAME = ClubsGame()


# --- the view ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClubsView(View):
    """What one seat may know: its own hand, the number of cards in the others' hands,
    the bidding and every card played.  The cards set aside are never seen.  Phases:
    ``deal``, ``auction``, ``bidding`` (the everyone form), ``play``, ``over``; with two
    decks a card may appear twice in ``hand``."""

    forehand: int
    hand_size: int
    decks: int
    aside_count: int
    bids: tuple[tuple[int, int | None], ...]
    """The bidding so far in order: (seat, tricks) or (seat, None) for a pass."""
    high_bid: int | None
    high_seat: int | None
    passed: tuple[bool, ...]
    contracts: tuple[int | None, ...]
    """Each seat's contract: in the everyone form as it is named, in the auction the
    declarer's once the auction is won."""
    declarer: int | None
    forbidden_bid: int | None
    """In the everyone form, the number the dealer may not name (None otherwise)."""
    skipped: tuple[int, ...]
    """Seats skipped in the current trick (no playable card)."""
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int, tuple[int, ...]], ...]
    """Completed tricks of this deal: (leader, (seat, card) in play order, winner,
    skipped seats)."""
    played_counts: tuple[int, ...]
    """For each of the 52 faces, how many copies have been played this deal (the
    current trick included)."""
    tricks_taken: tuple[int, ...]

    def trick_trump(self) -> int | None:
        return CLUBS

    def deck_count(self) -> int:
        return self.decks

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        return tuple(CompletedTrick(plays, winner, skipped)
                     for _, plays, winner, skipped in self.tricks)

    def unseen_mask(self) -> int | None:
        return self._unseen_of(deck_for(self.n)) if self.decks == 1 else None


# --- the state -------------------------------------------------------------------------------


class ClubsState(GameState):
    """A whole game of Трефы in progress."""

    GAME: ClassVar[str] = "clubs"

    def __init__(self, options: Options, first_dealer: int) -> None:
        self._begin(options, first_dealer)
        n = self.n
        self.target: int = options["target"]
        self.auction = options["bidding"] == "auction"
        self.decks = decks_for(n)
        self.deck = deck_for(n)
        self.deck_cards = tuple(cards_of(self.deck)) * self.decks
        self.hand_size = HAND_SIZE[n]
        self.aside_size = ASIDE[n]
        self._clear_deal()

    def _clear_deal(self) -> None:
        n = self.n
        self.ones = [0] * n
        self.twos = [0] * n
        self.aside: tuple[Card, ...] = ()
        self.bids: list[tuple[int, int | None]] = []
        self.passed = [False] * n
        self.high = -1
        self.high_seat: int | None = None
        self.contracts: list[int | None] = [None] * n
        self.declarer: int | None = None
        self.leader = 0
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_mask = 0
        self.turns = 0  # seats that have played or been skipped in this trick
        self.skipped: list[int] = []
        self.win_card = 0
        self.win_seat = 0
        self.tricks: list[tuple[int, tuple[tuple[int, int], ...], int, tuple[int, ...]]] = []
        self.played_once = 0
        self.played_twice = 0
        self.tricks_taken = [0] * n

    # --- protocol: facts -------------------------------------------------------------------

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.n

    def clone(self) -> ClubsState:
        other = object.__new__(ClubsState)
        d = self.__dict__.copy()
        for key in ("ones", "twos", "bids", "passed", "contracts", "trick_seats",
                    "trick_cards", "skipped", "tricks", "tricks_taken", "deal_scores",
                    "totals"):
            d[key] = d[key].copy()
        other.__dict__ = d
        return other

    # --- building a state from what a seat sees (for the computer players) -------------

    @classmethod
    def from_view(cls, view: ClubsView) -> ClubsState:
        """A state with every public fact of ``view`` and the seat's own hand, at the
        same decision point; the other hands are empty and nothing is set aside yet
        (:meth:`with_hands` fills them in).  A search's sampler builds this once per
        decision and deals the hidden cards into clones of it."""
        st = CLUBS_GAME.at_deal(view)
        assert isinstance(st, ClubsState)
        st.phase = view.phase
        st.to_move = view.to_move
        st.bids = list(view.bids)
        st.passed = list(view.passed)
        st.high = -1 if view.high_bid is None else view.high_bid
        st.high_seat = view.high_seat
        st.contracts = list(view.contracts)
        st.declarer = view.declarer
        st.tricks = [(lead, tuple((s, CARDS[c]) for s, c in plays), win, tuple(skipped))
                     for lead, plays, win, skipped in view.tricks]
        st.tricks_taken = list(view.tricks_taken)
        st.trick_seats = [s for s, _ in view.trick]
        st.trick_cards = [CARDS[c] for _, c in view.trick]
        st.trick_mask = 0
        for c in st.trick_cards:
            st.trick_mask |= 1 << c
        st.skipped = list(view.skipped)
        st.turns = len(view.trick) + len(view.skipped)
        if view.trick:
            st.leader = view.trick[0][0]
            win_seat, win = view.trick[0]
            for s, c in view.trick[1:]:
                if beats(c, win, CLUBS):
                    win_seat, win = s, c
            st.win_seat, st.win_card = win_seat, CARDS[win]
        elif view.phase == "play" and view.to_move is not None:
            st.leader = view.to_move
        once = twice = 0
        for c, k in enumerate(view.played_counts):
            if k >= 1:
                once |= 1 << c
            if k >= 2:
                twice |= 1 << c
        st.played_once, st.played_twice = once, twice
        st.ones[view.seat], st.twos[view.seat] = hand_masks(view.hand)
        return st

    def set_hand(self, seat: int, ones: int, twos: int = 0) -> None:
        """Give ``seat`` the faces of the mask ``ones``, those of ``twos`` twice.  For a
        player's own copy of a state: a sample of the hidden cards, or a probe of what
        a seat would play."""
        self.ones[seat] = ones
        self.twos[seat] = twos

    def with_hands(self, hands: dict[int, Iterable[int]], aside: Iterable[int]) -> ClubsState:
        """A copy of this state in which each seat of ``hands`` holds those cards (a
        doubled card twice) and ``aside`` is set aside: a sample of the hidden cards
        dealt into :meth:`from_view`'s state."""
        st = self.clone()
        for seat, cards in hands.items():
            st.set_hand(seat, *hand_masks(cards))
        st.aside = tuple(CARDS[c] for c in aside)
        return st

    def hand_cards(self, seat: int) -> list[Card]:
        """A seat's cards, lowest first, a doubled card twice."""
        ones, twos = self.ones[seat], self.twos[seat]
        return sorted(cards_of(ones) + cards_of(twos))

    def hand_count(self, seat: int) -> int:
        return self.ones[seat].bit_count() + self.twos[seat].bit_count()

    # --- dealing --------------------------------------------------------------------------

    def random_layout(self, rng: random.Random) -> ClubsLayout:
        cards = list(self.deck_cards)
        rng.shuffle(cards)
        k = self.hand_size
        hands = tuple(tuple(cards[i * k:(i + 1) * k]) for i in range(self.n))
        return ClubsLayout(hands, aside=tuple(cards[self.n * k:]))

    def check_layout(self, layout: Layout) -> ClubsLayout:
        """Refuse a layout that is not a valid deal: wrong hand sizes, wrong number set
        aside, a card not in the deck, or a card more often than there are decks."""
        if not isinstance(layout, Layout):
            raise LayoutError("not a deal layout")
        if type(layout) is not ClubsLayout:
            raise LayoutError("a Трефы deal has only hands and the cards set aside")
        if len(layout.hands) != self.n:
            raise LayoutError(f"expected {self.n} hands, got {len(layout.hands)}")
        counts = [0] * 52
        groups = [(f"hand {seat}", hand) for seat, hand in enumerate(layout.hands)]
        groups.append(("aside", layout.aside))
        for what, cards in groups:
            expected = self.hand_size if what != "aside" else self.aside_size
            if len(cards) != expected:
                raise LayoutError(f"{what} has {len(cards)} cards, expected {expected}")
            for c in cards:
                if type(c) is not Card:
                    raise LayoutError(f"{what}: not a card: {short_repr(c)}")
                if not (self.deck >> c) & 1:
                    raise LayoutError(f"{what}: {c} is not in the deck for {self.n} players")
                counts[c] += 1
                if counts[c] > self.decks:
                    raise LayoutError(f"{what}: {c} is dealt more often than there are "
                                      f"decks ({self.decks})")
        return layout

    def deal(self, layout: Layout) -> list[Event]:
        if self.phase != "deal":
            raise LayoutError("no deal is due now" if self.phase != "over"
                              else "the game is over")
        dealt = self.check_layout(layout)
        self._clear_deal()
        for seat, hand in enumerate(dealt.hands):
            self.ones[seat], self.twos[seat] = hand_masks(hand)
        self.aside = dealt.aside
        self.phase = "auction" if self.auction else "bidding"
        self.to_move = self.forehand
        return [DealStarted(self.deal_index, self.dealer)]

    # --- legal actions -----------------------------------------------------------------------

    def forbidden_bid(self) -> int | None:
        """In the everyone form, the dealer's bid that would make the bids add up to
        the number of tricks (None if no such bid exists or it is not the dealer's turn)."""
        if self.phase != "bidding" or self.to_move != self.dealer:
            return None
        rest = self.hand_size - sum(t for _, t in self.bids if t is not None)
        return rest if 0 <= rest <= self.hand_size else None

    def must_bid(self) -> bool:
        """The last player left in an auction nobody has bid in may not pass."""
        return self.high < 0 and self.passed.count(False) == 1

    def legal_mask(self) -> int:
        """The card faces the seat to move may play now (0 outside card play)."""
        seat = self.to_move
        if self.phase != "play" or seat is None:
            return 0
        return self.legal_mask_of(seat)

    def legal_mask_of(self, seat: int) -> int:
        playable = self.ones[seat] & ~self.trick_mask
        if self.trick_cards:
            follow = playable & SUIT_MASKS[SUIT_OF[self.trick_cards[0]]]
            if follow:
                return follow
        return playable

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == "play":
            seat = self.to_move
            assert seat is not None
            return plays_of(self.legal_mask_of(seat))
        if phase == "auction":
            bids = BIDS[self.high + 1:self.hand_size + 1]
            return bids if self.must_bid() else (PASS, *bids)
        if phase == "bidding":
            forbidden = self.forbidden_bid()
            return tuple(b for b in BIDS[:self.hand_size + 1] if b.tricks != forbidden)
        return ()

    # --- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase == "play":
            seat = self.to_move
            assert seat is not None
            if type(action) is Play and (self.legal_mask_of(seat) >> action.card) & 1:
                return self._play(action.card)
            raise self._illegal_play(action)
        if phase == "auction":
            return self._auction(action)
        if phase == "bidding":
            return self._everyone_bid(action)
        if phase == "over":
            raise IllegalAction("game_over", "the game is over")
        raise IllegalAction("no_deal", "the cards have not been dealt")

    def _wrong(self, action: object, expected: str) -> IllegalAction:
        return IllegalAction("wrong_action", f"{action} is not allowed now; expected {expected}",
                             expected=expected)

    @staticmethod
    def _bid_tricks(action: Bid) -> int:
        """The bid's number, refused unless a whole number from 0 up: a ``Bid`` built
        past its own check (2.5, −1, True) must not reach the state."""
        tricks = action.tricks
        if type(tricks) is not int or tricks < 0:
            raise IllegalAction("malformed_bid", f"a bid must be a whole number of tricks, "
                                                 f"not {short_repr(tricks)}")
        return tricks

    def _auction(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        n = self.n
        if type(action) is Pass:
            if self.must_bid():
                raise IllegalAction("must_bid", "everyone else has passed without a bid: "
                                                "the last player left must bid")
            self.passed[seat] = True
            self.bids.append((seat, None))
            events: list[Event] = [Passed(seat)]
            if self.passed.count(False) == 1 and self.high_seat is not None:
                return self._auction_won(events)
            self.to_move = self._next_bidder(seat)
            return events
        if type(action) is not Bid:
            raise self._wrong(action, "a bid or a pass")
        tricks = self._bid_tricks(action)
        if tricks <= self.high:
            raise IllegalAction("bid_too_low", f"a bid must be above the highest bid so "
                                               f"far ({self.high})", high=self.high)
        if tricks > self.hand_size:
            raise IllegalAction("bid_too_high", f"a bid may not exceed the {self.hand_size} "
                                                f"tricks of the deal", high=self.hand_size)
        self.bids.append((seat, tricks))
        self.high = tricks
        self.high_seat = seat
        events = [BidMade(seat, tricks)]
        if tricks == self.hand_size or all(self.passed[s] for s in range(n) if s != seat):
            return self._auction_won(events)
        self.to_move = self._next_bidder(seat)
        return events

    def _next_bidder(self, seat: int) -> int:
        n = self.n
        nxt = (seat + 1) % n
        while self.passed[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _auction_won(self, events: list[Event]) -> list[Event]:
        declarer = self.high_seat
        assert declarer is not None
        self.declarer = declarer
        self.contracts[declarer] = self.high
        events.append(AuctionWon(declarer, self.high))
        self._start_play()
        return events

    def _everyone_bid(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        if type(action) is not Bid:
            raise self._wrong(action, "a number of tricks (no passing in this form)")
        tricks = self._bid_tricks(action)
        if tricks > self.hand_size:
            raise IllegalAction("bid_too_high", f"a bid may not exceed the {self.hand_size} "
                                                f"tricks of the deal", high=self.hand_size)
        forbidden = self.forbidden_bid()
        if tricks == forbidden:
            raise IllegalAction("forbidden_sum", f"the dealer may not bid {tricks}: the bids "
                                                 f"would add up to the {self.hand_size} tricks",
                                tricks=tricks, total=self.hand_size)
        self.bids.append((seat, tricks))
        self.contracts[seat] = tricks
        events: list[Event] = [BidMade(seat, tricks)]
        if seat == self.dealer:
            self._start_play()
        else:
            self.to_move = (seat + 1) % self.n
        return events

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.to_move = self.forehand

    def _illegal_play(self, action: object) -> IllegalAction:
        if type(action) is not Play:
            return self._wrong(action, "a card to play")
        card = action.card
        seat = self.to_move
        assert seat is not None
        if not (self.ones[seat] >> card) & 1:
            return IllegalAction("not_in_hand", f"{card} is not in seat {seat}'s hand",
                                 card=card, seat=seat)
        if (self.trick_mask >> card) & 1:
            return IllegalAction("duplicate_in_trick", f"{card} has already been played to "
                                                       f"this trick (the other deck's copy)",
                                 card=card)
        led = SUIT_OF[self.trick_cards[0]]
        return IllegalAction("must_follow", f"must follow suit: {SUIT_NAMES[led]} were led",
                             card=card, suit=led)

    def _play(self, c: int) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        bit = 1 << c
        if self.twos[seat] & bit:
            self.twos[seat] ^= bit
        else:
            self.ones[seat] ^= bit
        if self.played_once & bit:
            self.played_twice |= bit
        else:
            self.played_once |= bit
        events: list[Event] = [CardPlayed(seat, CARDS[c])]
        if not self.trick_cards or beats(c, self.win_card, CLUBS):
            self.win_card = c
            self.win_seat = seat
        self.trick_seats.append(seat)
        self.trick_cards.append(c)
        self.trick_mask |= bit
        self.turns += 1
        return self._advance(seat, events)

    def _advance(self, seat: int, events: list[Event]) -> list[Event]:
        """Pass the turn on, skipping every seat with no playable card; finish the
        trick when every seat has played or been skipped."""
        n = self.n
        while self.turns < n:
            seat = (seat + 1) % n
            if self.ones[seat] & ~self.trick_mask:
                self.to_move = seat
                return events
            self.skipped.append(seat)
            self.turns += 1
            events.append(TurnSkipped(seat))
        return self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> list[Event]:
        winner = self.win_seat
        self.tricks_taken[winner] += 1
        cards = tuple(zip(self.trick_seats, self.trick_cards, strict=True))
        self.tricks.append((self.leader, cards, winner, tuple(self.skipped)))
        events.append(TrickWon(winner, tuple((s, CARDS[c]) for s, c in cards), 0))
        self.trick_seats = []
        self.trick_cards = []
        self.trick_mask = 0
        self.skipped = []
        self.turns = 0
        self.leader = self.to_move = winner
        if len(self.tricks) == self.hand_size:
            return self._end_deal(events)
        return events

    def _end_deal(self, events: list[Event]) -> list[Event]:
        row = tuple(0 if bid is None else contract_score(bid, self.tricks_taken[seat])
                    for seat, bid in enumerate(self.contracts))
        reached = max(t + p for t, p in zip(self.totals, row, strict=True)) >= self.target
        limit = self.options["deals"]
        return self._score_deal(row, events, reached or 0 < limit <= self.deal_index + 1)

    # --- views -----------------------------------------------------------------------------------

    def view(self, seat: int) -> ClubsView:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat!r}")
        once, twice = self.played_once, self.played_twice
        return ClubsView(
            game="clubs",
            seat=seat,
            n=self.n,
            options=dict(self.options),
            phase=self.phase,
            to_move=self.to_move,
            dealer=self.dealer,
            forehand=self.forehand,
            deal_index=self.deal_index,
            hand_size=self.hand_size,
            decks=self.decks,
            hand=tuple(self.hand_cards(seat)),
            hand_counts=tuple(self.hand_count(s) for s in range(self.n)),
            aside_count=len(self.aside),
            bids=tuple(self.bids),
            high_bid=self.high if self.high >= 0 else None,
            high_seat=self.high_seat,
            passed=tuple(self.passed),
            contracts=tuple(self.contracts),
            declarer=self.declarer,
            forbidden_bid=self.forbidden_bid(),
            trick=tuple((s, CARDS[c]) for s, c in zip(self.trick_seats, self.trick_cards,
                                                       strict=True)),
            skipped=tuple(self.skipped),
            tricks=tuple((lead, tuple((s, CARDS[c]) for s, c in cards), win, skipped)
                         for lead, cards, win, skipped in self.tricks),
            played_counts=tuple(((once >> c) & 1) + ((twice >> c) & 1) for c in range(52)),
            tricks_taken=tuple(self.tricks_taken),
            deal_scores=tuple(self.deal_scores),
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
        )


ClubsGame.state_class = ClubsState

register_game(CLUBS_GAME)
