"""Метаморфоза (Metamorphosis), exactly as the rules file ``metamorphosis.md`` reads it.

A партия is 16 (2 players) or 12 (3 players) розыгрыши, each one trick.  The
розыгрыш number fixes its kind (A, 2, 3, 4 in a cycle): what is trump and what the
trick is worth.  Each player secretly declares one kind and earns +10 for every
розыгрыш of that kind he wins.  The lead passes to the left every two розыгрыши, any
card may be played, and hands are refilled to 12 — after odd розыгрыши from the
stock, after even ones from the left neighbour's won pile.

**What a seat knows** (``view``).  Every card on a won pile was played face up and
piles are stacked in a fixed order, so a player with a good memory knows every pile
card by card; the view shows them in full, and so also which cards each player took
from a pile into his hand (``known``), as well as who drew the turned card.  Hidden
are: the others' hands otherwise, the face-down stock, and the others' declarations
until all are turned up — except what the choosing itself tells a seat: it sees the
cards still available when it chooses (``choices``), as the rules say.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.cards import (
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    beats,
    cards_of,
    deck_mask,
    mask_of,
)
from cardtable.engine.actions import Action, Play, plays_of
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
    Options,
    OptionSpec,
    TrickWon,
    View,
    card_from_json,
    cards_from_json,
)
from cardtable.engine.messages import short_repr
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.engine.metamorphosis_events import CardsDrawn, DeclarationsRevealed, Declared
from cardtable.engine.registry import register_game

DECK = deck_mask()
HAND_SIZE = 12
ROUNDS = {2: 16, 3: 12}
"""Розыгрыши in a партия, by number of players."""
DECLARATIONS = ("A", "2", "3", "4")
"""The declaration cards; the kind of a declaration is its position + 1."""
PREMIUM = 10

HEART_MASK = SUIT_MASKS[HEARTS]
SPADE_MASK = SUIT_MASKS[SPADES]
CLUB_MASK = SUIT_MASKS[CLUBS]


@dataclass(frozen=True)
class Kind:
    """One kind of розыгрыш: its declaration card, trump and what the taker scores."""

    number: int
    declaration: str
    trump: int | None
    cards: int
    """The cards that score (all cards for kind 3)."""
    per_card: int


KINDS: tuple[Kind, ...] = (
    Kind(1, "A", None, CLUB_MASK, -4),
    Kind(2, "2", None, SPADE_MASK, -4),
    Kind(3, "3", None, DECK, -1),
    Kind(4, "4", DIAMONDS, HEART_MASK, 4),
)


def kind_of(round_number: int) -> Kind:
    """The kind of розыгрыш ``round_number`` (1-based): A, 2, 3, 4, A, …"""
    return KINDS[(round_number - 1) % 4]


def leader_of(round_number: int, dealer: int, n: int, leaders: str = "rotate") -> int:
    """Розыгрыши 1–2 are led by the dealer's left neighbour, 3–4 by his left, … With
    ``leaders = "source"`` the leaders of розыгрыши 1–4 repeat every four (the source's
    «пятый розыгрыш начинает игрок, который начинал первый» taken literally; the same
    as the rotation with two players)."""
    step = (round_number - 1) % 4 if leaders == "source" else round_number - 1
    return (dealer + 1 + step // 2) % n


def trick_points(kind: Kind, trick_mask: int) -> int:
    """What the taker of a trick of these cards scores for the kind, premium aside."""
    return (trick_mask & kind.cards).bit_count() * kind.per_card


DECLARE: dict[str, Declare] = {v: Declare(v) for v in DECLARATIONS}


# --- the layout ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MetamorphosisLayout(Layout):
    """A Метаморфоза deal: the hands, the face-down stock top first and the turned
    card, drawn last."""

    stock: tuple[Card, ...]
    turned: Card


# --- options ------------------------------------------------------------------------------


class MetamorphosisGame(Game):
    name = "metamorphosis"
    specs = (
        OptionSpec("players", 2, choices=(2, 3), help="2 or 3 players"),
        OptionSpec("turned_trump", False,
                   help="the turned card's suit is trump in every розыгрыш"),
        OptionSpec("partii", 1, minimum=1, maximum=12,
                   help="how many партии the match has; totals carry over"),
        OptionSpec("leaders", "rotate", choices=("rotate", "source"),
                   help="the lead passes left every two розыгрыши, or (3 players) the "
                        "leaders of розыгрыши 1–4 repeat every four"),
    )
    layout_keys = ("hands", "stock", "turned")

    def layout_from_json(self, data: Any) -> MetamorphosisLayout:
        hands = self.hands_from_json(data)
        return MetamorphosisLayout(hands, cards_from_json(data["stock"], "stock"),
                                   card_from_json(data["turned"], "turned"))

    def layout_to_json(self, layout: Layout) -> dict[str, Any]:
        if not isinstance(layout, MetamorphosisLayout):
            raise LayoutError("not a Метаморфоза layout")
        out = super().layout_to_json(layout)
        out["stock"] = [str(c) for c in layout.stock]
        out["turned"] = str(layout.turned)
        return out



METAMORPHOSIS_GAME = MetamorphosisGame()


# --- the view -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MetamorphosisView(View):
    """What one seat may know (see the module's docstring for why piles are open).
    Phases: ``deal``, ``declare``, ``play``, ``over``."""

    deals_total: int
    rounds_total: int
    round: int
    """The current розыгрыш, 1-based (0 before the first)."""
    kind: Kind | None
    trump: int | None
    leader: int | None
    stock_count: int
    """Cards in the stock, the turned card included while it is there."""
    turned: Card | None
    """The turned card while it is still in the stock."""
    turned_card: Card | None
    """The turned card of this партия (it fixes trumps with ``turned_trump``)."""
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's won pile, bottom first (the last card is the top)."""
    known: tuple[tuple[Card, ...], ...]
    """Cards every player knows to be in each seat's hand: taken from a won pile, or
    the turned card."""
    declarations: tuple[str | None, ...]
    """This seat's own declaration; the others' once all are revealed."""
    declared: tuple[bool, ...]
    revealed: bool
    choices: tuple[str, ...]
    """The declaration cards that were available when this seat chose (or now, on its
    turn to choose)."""
    tricks: tuple[tuple[int, int, tuple[Card, ...], int, int], ...]
    """Completed розыгрыши: (number, leader, cards in play order, winner, points)."""
    points: tuple[int, ...]

    def trick_trump(self) -> int | None:
        return self.trump

    def shown_cards(self) -> tuple[tuple[int, Card], ...]:
        return tuple((s, c) for s, cards in enumerate(self.known) for c in cards)

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        return tuple(CompletedTrick(tuple(((leader + i) % self.n, c)
                                          for i, c in enumerate(cards)), winner)
                     for _, leader, cards, winner, _ in self.tricks)

    def public(self) -> MetamorphosisView:
        """Also without the declaration cards this seat was offered, and without its own
        declaration until all are turned face up."""
        declarations = self.declarations if self.revealed else (None,) * self.n
        return dataclasses.replace(self, hand=(), legal=(), choices=(),
                                   declarations=declarations)


# --- the state --------------------------------------------------------------------------------


def _choices_seen(view: MetamorphosisView,
                  declarations: list[str | None]) -> list[tuple[str, ...]]:
    """What each seat saw when it chose: rebuilt from the declaration order once all
    are revealed; before that, only the view's own seat (a sampler deals the rest)."""
    n = view.n
    choices: list[tuple[str, ...]] = [()] * n
    if view.revealed:
        available = list(DECLARATIONS)
        for i in range(n):
            seat = (view.dealer + 1 + i) % n
            choices[seat] = tuple(available)
            declared = declarations[seat]
            if declared is None:
                raise ValueError("a revealed view shows every seat's declaration")
            available.remove(declared)
    else:
        choices[view.seat] = view.choices
    return choices


class MetamorphosisState(GameState):
    """A match of Метаморфоза in progress (one or more партии)."""

    GAME: ClassVar[str] = "metamorphosis"

    def __init__(self, options: Options, first_dealer: int) -> None:
        self._begin(options, first_dealer)
        n = self.n
        self.rounds_total = ROUNDS[n]
        self.partii: int = options["partii"]
        self.turned_trump: bool = options["turned_trump"]
        self.stock_size = len(CARDS) - n * HAND_SIZE - 1
        self._clear_deal()

    def _clear_deal(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.known = [0] * n
        self.stock: list[int] = []  # top of the stock last; the turned card is stock[0]
        self.turned: int | None = None
        self.piles: list[list[int]] = [[] for _ in range(n)]  # bottom first
        self.declarations: list[str | None] = [None] * n
        self.available = list(DECLARATIONS)
        self.choices: list[tuple[str, ...]] = [()] * n
        self.revealed = False
        self.round = 0
        self.kind: Kind | None = None
        self.trump = -1
        self.leader = 0
        self.trick_cards: list[int] = []
        self.win_card = 0
        self.win_seat = 0
        self.tricks: list[tuple[int, int, tuple[int, ...], int, int]] = []
        self.points = [0] * n

    # --- protocol: facts ----------------------------------------------------------------

    @property
    def deals_total(self) -> int:
        return self.partii

    def clone(self) -> MetamorphosisState:
        other = object.__new__(MetamorphosisState)
        d = self.__dict__.copy()
        for key in ("hands", "known", "stock", "declarations", "available", "choices",
                    "trick_cards", "tricks", "points", "deal_scores", "totals"):
            d[key] = d[key].copy()
        d["piles"] = [p.copy() for p in self.piles]
        other.__dict__ = d
        return other

    # --- building a state from what a seat sees (for the computer players) -------------

    @classmethod
    def from_view(cls, view: MetamorphosisView) -> MetamorphosisState:
        """A state with every public fact of ``view`` at the same decision point: the
        seat's own hand, the cards each other hand is known to hold, and no other
        hidden card (:meth:`with_hidden` adds them).  Before the reveal only the seat's
        own declaration and choice are set.  A search's sampler builds this once per
        decision and deals the hidden cards into copies of it."""
        st = METAMORPHOSIS_GAME.at_deal(view)
        assert isinstance(st, MetamorphosisState)
        n, me = view.n, view.seat
        trick: list[int] = [c for _, c in view.trick]
        trump = view.trump if view.trump is not None else -1
        win_card, win_seat = 0, 0
        if trick:
            win_seat, win_card = view.trick[0]
            for s, c in view.trick[1:]:
                if beats(c, win_card, trump):
                    win_seat, win_card = s, c
        revealed = view.revealed
        if revealed:
            declarations: list[str | None] = list(view.declarations)
        else:
            declarations = [view.declarations[me] if s == me else None for s in range(n)]
        taken = {d for d in declarations if d is not None}
        st.phase = view.phase
        st.to_move = view.to_move
        st.turned = view.turned_card
        piles: list[list[int]] = [list(p) for p in view.piles]
        st.piles = piles
        st.declarations = declarations
        st.available = ([d for d in DECLARATIONS if d not in taken] if revealed
                        else list(view.choices))
        st.choices = _choices_seen(view, declarations)
        st.revealed = revealed
        st.round = view.round
        st.kind = view.kind
        st.trump = trump
        st.leader = view.leader if view.leader is not None else 0
        st.trick_cards = trick
        st.win_card = win_card
        st.win_seat = win_seat
        st.tricks = list(view.tricks)
        st.points = list(view.points)
        st.known = [mask_of(k) for k in view.known]
        st.hands = [mask_of(view.hand) if s == me else st.known[s] for s in range(n)]
        return st

    def with_hidden(self, hands: Sequence[int], stock: list[int],
                    declared: Sequence[tuple[int, tuple[str, ...], str]] = ()
                    ) -> MetamorphosisState:
        """A copy of this state with hidden cards dealt: each seat's hand gains the
        cards of ``hands[seat]`` (a mask), ``stock`` is the stock (the turned card
        first), and each ``(seat, choices, declaration)`` of ``declared`` says what a
        seat chose from and took before the reveal."""
        st = self.clone()
        for seat, mask in enumerate(hands):
            st.hands[seat] |= mask
        st.stock = stock
        for seat, choices, value in declared:
            st.choices[seat] = choices
            st.declarations[seat] = value
        return st

    # --- dealing ----------------------------------------------------------------------------

    def random_layout(self, rng: random.Random) -> MetamorphosisLayout:
        cards = list(CARDS)
        rng.shuffle(cards)
        n = self.n
        hands = tuple(tuple(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n))
        rest = cards[n * HAND_SIZE:]
        return MetamorphosisLayout(hands, stock=tuple(rest[:-1]), turned=rest[-1])

    def check_layout(self, layout: Layout) -> MetamorphosisLayout:
        """Refuse a layout that is not a valid deal: 12 cards a hand, the rest of the
        deck in the stock and the turned card, every card exactly once."""
        if not isinstance(layout, Layout):
            raise LayoutError("not a deal layout")
        if type(layout) is not MetamorphosisLayout:
            raise LayoutError("a Метаморфоза deal has hands, the stock and the turned "
                              "card, and nothing else")
        if len(layout.hands) != self.n:
            raise LayoutError(f"expected {self.n} hands, got {len(layout.hands)}")
        groups = [(f"hand {seat}", hand, HAND_SIZE) for seat, hand in enumerate(layout.hands)]
        groups.append(("stock", layout.stock, self.stock_size))
        groups.append(("turned", (layout.turned,), 1))
        seen = 0
        for what, cards, expected in groups:
            if len(cards) != expected:
                raise LayoutError(f"{what} has {len(cards)} cards, expected {expected}")
            for c in cards:
                if type(c) is not Card:
                    raise LayoutError(f"{what}: not a card: {short_repr(c)}")
                if (seen >> c) & 1:
                    raise LayoutError(f"{what}: {c} is dealt twice")
                seen |= 1 << c
        return layout

    def deal(self, layout: Layout) -> list[Event]:
        if self.phase != "deal":
            raise LayoutError("no deal is due now" if self.phase != "over"
                              else "the game is over")
        dealt = self.check_layout(layout)
        self._clear_deal()
        for seat, hand in enumerate(dealt.hands):
            m = 0
            for c in hand:
                m |= 1 << c
            self.hands[seat] = m
        turned = dealt.turned
        self.turned = turned
        self.stock = [turned, *reversed(dealt.stock)]
        self.phase = "declare"
        self.to_move = (self.dealer + 1) % self.n
        self.choices[self.to_move] = tuple(self.available)
        return [DealStarted(self.deal_index, self.dealer)]

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        if self.phase == "play":
            seat = self.to_move
            assert seat is not None
            return plays_of(self.hands[seat])
        if self.phase == "declare":
            return tuple(DECLARE[v] for v in self.available)
        return ()

    # --- applying actions --------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "play":
            seat = self.to_move
            assert seat is not None
            if type(action) is Play and (self.hands[seat] >> action.card) & 1:
                return self._play(action.card)
            if type(action) is not Play:
                raise self._wrong(action, "a card to play")
            return self._not_in_hand(action.card)
        if self.phase == "declare":
            return self._declare(action)
        if self.phase == "over":
            raise IllegalAction("game_over", "the game is over")
        raise IllegalAction("no_deal", "the cards have not been dealt")

    def _wrong(self, action: object, expected: str) -> IllegalAction:
        return IllegalAction("wrong_action", f"{action} is not allowed now; expected {expected}",
                             expected=expected)

    def _not_in_hand(self, card: Card) -> list[Event]:
        seat = self.to_move
        raise IllegalAction("not_in_hand", f"{card} is not in seat {seat}'s hand",
                            card=card, seat=seat)

    def _declare(self, action: Action) -> list[Event]:
        if type(action) is not Declare:
            raise self._wrong(action, "a declaration: " + ", ".join(self.available))
        value = action.value
        if value not in DECLARATIONS:
            raise IllegalAction("no_such_declaration", f"there is no declaration card "
                                                       f"{short_repr(value)}: A, 2, 3 or 4",
                                value=value)
        if value not in self.available:
            raise IllegalAction("declaration_taken", f"the declaration card {value} has "
                                                     f"already been taken", value=value)
        seat = self.to_move
        assert seat is not None
        self.available.remove(value)
        self.declarations[seat] = value
        events: list[Event] = [Declared(seat)]
        nxt = (seat + 1) % self.n
        if self.declarations[nxt] is None:
            self.to_move = nxt
            self.choices[nxt] = tuple(self.available)
            return events
        self.revealed = True
        values = tuple(d for d in self.declarations if d is not None)
        assert len(values) == self.n  # revealed once every seat has declared
        events.append(DeclarationsRevealed(values))
        self._start_round(1)
        return events

    def _start_round(self, number: int) -> None:
        self.phase = "play"
        self.round = number
        kind = self.kind = kind_of(number)
        if self.turned_trump:
            assert self.turned is not None  # dealt before the first розыгрыш
            self.trump = SUIT_OF[self.turned]
        else:
            self.trump = -1 if kind.trump is None else kind.trump
        self.leader = self.to_move = leader_of(number, self.dealer, self.n,
                                               self.options["leaders"])

    def _play(self, c: int) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        bit = 1 << c
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        trick = self.trick_cards
        trick.append(c)
        events: list[Event] = [CardPlayed(seat, CARDS[c])]
        if len(trick) == 1 or beats(c, self.win_card, self.trump):
            self.win_card = c
            self.win_seat = seat
        if len(trick) < self.n:
            self.to_move = (seat + 1) % self.n
            return events
        return self._finish_round(events)

    def _finish_round(self, events: list[Event]) -> list[Event]:
        kind = self.kind
        assert kind is not None
        winner = self.win_seat
        mask = 0
        for c in self.trick_cards:
            mask |= 1 << c
        pts = trick_points(kind, mask)
        if self.declarations[winner] == kind.declaration:
            pts += PREMIUM
        self.points[winner] += pts
        trick = tuple(self.trick_cards)
        self.piles[winner].extend(trick)
        self.tricks.append((self.round, self.leader, trick, winner, pts))
        n = self.n
        events.append(TrickWon(winner, tuple(((self.leader + i) % n, CARDS[c])
                                             for i, c in enumerate(trick)), pts))
        self.trick_cards = []
        if self.round == self.rounds_total:
            return self._end_deal(events)
        self._refill(events)
        self._start_round(self.round + 1)
        return events

    def _refill(self, events: list[Event]) -> None:
        """After an odd розыгрыш from the stock; after an even one from the top of the
        left neighbour's won pile, then the stock.  Leader first, going left."""
        n = self.n
        from_piles = self.round % 2 == 0
        for i in range(n):
            seat = (self.leader + i) % n
            need = HAND_SIZE - self.hands[seat].bit_count()
            if need <= 0:
                continue
            if from_piles:
                left = (seat + 1) % n
                pile = self.piles[left]
                taken = []
                while need and pile:
                    c = pile.pop()
                    taken.append(c)
                    self.hands[seat] |= 1 << c
                    self.known[seat] |= 1 << c
                    need -= 1
                if taken:
                    events.append(CardsDrawn(seat, tuple(CARDS[c] for c in taken), left))
            drawn = []
            stock = self.stock
            while need and stock:
                c = stock.pop()
                drawn.append(c)
                self.hands[seat] |= 1 << c
                if c == self.turned and not stock:
                    self.known[seat] |= 1 << c
                need -= 1
            if drawn:
                events.append(CardsDrawn(seat, tuple(CARDS[c] for c in drawn), None))

    def _end_deal(self, events: list[Event]) -> list[Event]:
        return self._score_deal(tuple(self.points), events,
                                last=self.deal_index + 1 == self.partii)

    # --- views ---------------------------------------------------------------------------------

    def view(self, seat: int) -> MetamorphosisView:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat!r}")
        n = self.n
        in_stock = bool(self.stock) and self.turned is not None
        if self.revealed:
            declarations = tuple(self.declarations)
        else:
            declarations = tuple(d if s == seat else None
                                 for s, d in enumerate(self.declarations))
        playing = self.phase == "play"
        return MetamorphosisView(
            game="metamorphosis",
            seat=seat,
            n=n,
            options=dict(self.options),
            phase=self.phase,
            to_move=self.to_move,
            dealer=self.dealer,
            deal_index=self.deal_index,
            deals_total=self.partii,
            rounds_total=self.rounds_total,
            round=self.round,
            kind=self.kind if playing else None,
            trump=self.trump if playing and self.trump >= 0 else None,
            leader=self.leader if playing else None,
            hand=tuple(cards_of(self.hands[seat])),
            hand_counts=tuple(h.bit_count() for h in self.hands),
            stock_count=len(self.stock),
            turned=CARDS[self.turned] if in_stock and self.turned is not None else None,
            turned_card=None if self.turned is None else CARDS[self.turned],
            piles=tuple(tuple(CARDS[c] for c in p) for p in self.piles),
            known=tuple(tuple(cards_of(k)) for k in self.known),
            declarations=declarations,
            declared=tuple(d is not None for d in self.declarations),
            revealed=self.revealed,
            choices=self.choices[seat],
            trick=tuple(((self.leader + i) % n, CARDS[c])
                        for i, c in enumerate(self.trick_cards)),
            tricks=tuple((num, lead, tuple(CARDS[c] for c in cards), win, pts)
                         for num, lead, cards, win, pts in self.tricks),
            points=tuple(self.points),
            deal_scores=tuple(self.deal_scores),
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
        )


MetamorphosisGame.state_class = MetamorphosisState

register_game(METAMORPHOSIS_GAME)
