"""Кинг (King), exactly as the rules file ``king.md`` describes it.

Stage 1 is seven (or, short, six) penalty deals in a fixed order; stage 2 is one of
three forms: хвалёнки (ordered contracts with buying), хвалёнки plus a reverse
ералаш, or the penalty deals played again for plus points.  The whole game is
zero-sum.

Speed matters here (computer players replay thousands of deals per decision), so
hands are ``int`` bitmasks, the legal cards are a mask computed in a few operations
(``apply`` checks an action against it with one bit test), and the current trick's
winner is updated as each card falls.  Nothing in a playout copies the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.cards import (
    CARDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    Card,
    beats,
    card_of,
    cards_of,
    deck_mask,
    rank_mask,
)
from cardtable.engine.actions import PASS, Action, Pass, Play, plays_of
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
)
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.king_events import Bought, CardShown, Offered, OrderMade
from cardtable.engine.messages import short_repr
from cardtable.engine.registry import register_game

# --- the deck --------------------------------------------------------------------------

DECK4 = deck_mask(SEVEN)
DECK3 = deck_mask(SEVEN, without=("7S", "7C"))
HEART_MASK = SUIT_MASKS[HEARTS]
NOT_HEARTS = DECK4 & ~HEART_MASK
KH = card_of(HEARTS, KING)
KH_BIT = 1 << KH
JACKS = rank_mask(JACK) & DECK4
KINGS = rank_mask(KING) & DECK4
QUEENS = rank_mask(QUEEN) & DECK4

# --- deal kinds --------------------------------------------------------------------------

PENALTY_KEYS = ("tricks", "hearts", "boys", "girls", "king", "last_two", "eralash")
"""Stage-1 deals in their fixed order."""
HVALENKA = "hvalenka"

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

TRICK_VALUE = {4: 3, 3: 8}
"""Points per trick in a хвалёнка."""
HAND_SIZE = {4: 8, 3: 10}
"""Cards per hand, and so tricks per deal."""

# Per-unit penalty of each rule, by number of players.
PENALTY_UNITS = {
    4: {"tricks": 2, "hearts": 2, "boys": 4, "boys_jk": 2, "girls": 4, "king": 16,
        "last_two": 8},
    3: {"tricks": 4, "hearts": 5, "boys": 10, "boys_jk": 5, "girls": 10, "king": 40,
        "last_two": 20},
}

def boys_rule(boys: str, n: int) -> tuple[int, int]:
    """The cards deal 3 counts (jacks, or jacks and kings) and the points per card."""
    if boys == "jacks_kings":
        return JACKS | KINGS, PENALTY_UNITS[n]["boys_jk"]
    return JACKS, PENALTY_UNITS[n]["boys"]


def card_values(key: str, n: int, boys: str) -> tuple[tuple[int, int], ...]:
    """The (cards, points per card) rules of a penalty-type deal; ералаш has them all."""
    unit = PENALTY_UNITS[n]
    values = []
    if key in ("hearts", "eralash"):
        values.append((HEART_MASK, unit["hearts"]))
    if key in ("boys", "eralash"):
        values.append(boys_rule(boys, n))
    if key in ("girls", "eralash"):
        values.append((QUEENS, unit["girls"]))
    if key in ("king", "eralash"):
        values.append((KH_BIT, unit["king"]))
    return tuple(values)


TRUMP_CONTRACTS = ("trump:S", "trump:H", "trump:D", "trump:C")
CONTRACTS = (*TRUMP_CONTRACTS, "notrump", "last", "misere", "split")
"""Every order the orderer of a хвалёнка may announce."""
BUYER_CONTRACTS = (*TRUMP_CONTRACTS, "notrump", "misere")
"""What a buyer may announce: not ``last``, not ``split``."""

ORDER_ACTIONS: tuple[Order, ...] = tuple(Order(c) for c in CONTRACTS)
BUYER_ORDER_ACTIONS: tuple[Order, ...] = tuple(Order(c) for c in BUYER_CONTRACTS)
BUY: tuple[Buy, ...] = tuple(Buy(p) for p in range(11))
"""Shared ``Buy`` actions indexed by price."""


@dataclass(frozen=True)
class DealSpec:
    """One deal of the schedule: its kind, sign and the play rules that follow."""

    key: str  # one of PENALTY_KEYS or HVALENKA
    sign: int  # -1 for penalty deals, +1 for plus deals
    stage: int
    number: int  # 1-based position in the whole game
    eralash_king: bool = False
    """Option ``eralash_king``: deal 5's K♥ rule holds in ералаш (and its plus forms)."""

    @property
    def heart_lead_restricted(self) -> bool:
        return self.key in ("hearts", "king", "eralash")

    @property
    def forced_kh(self) -> bool:
        """A player who cannot follow suit and holds K♥ must play it."""
        return self.key == "king" or (self.key == "eralash" and self.eralash_king)

    @property
    def is_hvalenka(self) -> bool:
        return self.key == HVALENKA


def schedule(options: Mapping[str, Any]) -> tuple[DealSpec, ...]:
    """Every deal of a whole game, in order, for these (checked) options."""
    n = options["players"]
    full = options["length"] == "full"
    stage1 = PENALTY_KEYS if full else PENALTY_KEYS[:-1]
    keys: list[tuple[str, int, int]] = [(k, -1, 1) for k in stage1]
    form = options["stage2"]
    if form == "hvalenki":
        keys += [(HVALENKA, 1, 2)] * (2 * n if full else n)
    elif form == "hvalenki_reverse_eralash":
        keys += [(HVALENKA, 1, 2)] * n + [("eralash", 1, 2)]
    else:
        keys += [(k, 1, 2) for k in stage1]
    king_rule = bool(options.get("eralash_king", False))
    return tuple(DealSpec(k, sign, stage, i + 1, king_rule)
                 for i, (k, sign, stage) in enumerate(keys))


# --- options ------------------------------------------------------------------------------


class KingGame(Game):
    name = "king"
    specs = (
        OptionSpec("players", 4, choices=(3, 4), help="3 or 4 players"),
        OptionSpec("length", "full", choices=("full", "short"),
                   help="full game, or «короткий кинг» without ералаш"),
        OptionSpec("stage2", "hvalenki",
                   choices=("hvalenki", "hvalenki_reverse_eralash", "positive"),
                   help="the form of the positive stage"),
        OptionSpec("boys", "jacks", choices=("jacks", "jacks_kings"),
                   help="deal 3 counts jacks, or jacks and kings"),
        OptionSpec("must_trump", False, help="a player void in the suit led must trump"),
        OptionSpec("early_finish", True,
                   help="end a deal once no points are left to take"),
        OptionSpec("eralash_king", False,
                   help="deal 5's K♥ rule (void in the suit led: play K♥) holds in ералаш"),
    )

    def check_combination(self, options: Options) -> None:
        if options["length"] == "short" and options["stage2"] == "hvalenki_reverse_eralash":
            raise OptionError(
                "stage2",
                "option 'stage2' = 'hvalenki_reverse_eralash' is only available with "
                "'length' = 'full' (the short game has no ералаш)",
            )



KING_GAME = KingGame()


# --- the view --------------------------------------------------------------------------------


@dataclass(frozen=True)
class KingView(View):
    """What one seat may know.  Other seats' cards appear only as counts, except the
    orderer's last card while it lies face up in his hand (``face_up``, for every
    seat).  Before the order of a хвалёнка, ``hand`` is the seat's first packet."""

    forehand: int
    deals_total: int
    deal: DealSpec | None
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Completed tricks of this deal: (leader, cards in play order, winner)."""
    played: int
    tricks_taken: tuple[int, ...]
    points: tuple[int, ...]
    orderer: int | None
    ordered: str | None
    """The orderer's contract; ``contract`` is the one being played (the buyer's)."""
    contract: str | None
    trump: int | None
    misere: bool
    offers: tuple[tuple[int, int | None], ...]
    """Buying so far: (seat, price) or (seat, None) for a pass."""
    buyer: int | None
    price: int
    declarer: int | None
    face_up: tuple[tuple[int, Card], ...]

    def trick_trump(self) -> int | None:
        return self.trump

    def ranks_reversed(self) -> bool:
        return self.misere

    def shown_cards(self) -> tuple[tuple[int, Card], ...]:
        return self.face_up

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        return tuple(CompletedTrick(tuple(((leader + i) % self.n, c)
                                          for i, c in enumerate(cards)), winner)
                     for leader, cards, winner in self.tricks)

    def unseen_mask(self) -> int | None:
        return self._unseen_of(DECK4 if self.n == 4 else DECK3)

    @property
    def hand_mask(self) -> int:
        m = 0
        for c in self.hand:
            m |= 1 << c
        return m


# --- the state ----------------------------------------------------------------------------------


class KingState(GameState):
    """A whole game of Кинг in progress."""

    GAME: ClassVar[str] = "king"

    def __init__(self, options: Options, first_dealer: int) -> None:
        self._begin(options, first_dealer)
        n = self.n
        self.schedule = schedule(options)
        self.deck = DECK4 if n == 4 else DECK3
        self.deck_cards = tuple(cards_of(self.deck))
        self.hand_size = HAND_SIZE[n]
        self.trick_value = TRICK_VALUE[n]
        self.spec: DealSpec | None = None
        self._clear_deal()

    def _clear_deal(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.packets = [0] * n  # first packet of each hand (хвалёнка)
        self.last_cards = [0] * n  # last card dealt to each hand
        self.trick_cards: list[int] = []
        self.leader = 0
        self.win_card = 0
        self.win_seat = 0
        self.trick_no = 0
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.played = 0
        self.tricks_taken = [0] * n
        self.points = [0] * n
        # play rules of the deal
        self.trump = -1
        self.misere = False
        self.heart_lead = False
        self.forced_kh = False
        self.must_trump = False
        self.per_trick = 0
        self.card_values: tuple[tuple[int, int], ...] = ()
        self.last_two = 0
        self.sign = 1
        self.early_cards = 0  # penalty cards still out, for early finish (0 = off)
        # хвалёнка
        self.orderer: int | None = None
        self.contract: str | None = None
        self.ordered: str | None = None  # the orderer's own contract, before any buying
        self.offers: list[tuple[int, int | None]] = []
        self.best_price = 0
        self.buyer: int | None = None
        self.declarer: int | None = None
        self.face_up = 0

    # --- protocol: facts -----------------------------------------------------------------

    @property
    def deals_total(self) -> int:
        return len(self.schedule)

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.n

    def clone(self) -> KingState:
        other = object.__new__(KingState)
        d = self.__dict__.copy()
        for key in ("hands", "packets", "last_cards", "trick_cards", "tricks", "tricks_taken",
                    "points", "offers", "deal_scores", "totals"):
            d[key] = d[key].copy()
        other.__dict__ = d
        return other

    def set_hand(self, seat: int, hand: int, last_card: int | None = None) -> None:
        """Give ``seat`` the cards of the mask ``hand`` (with ``last_card``, also the
        card dealt to it last, whose suit a хвалёнка makes trumps).  For a player's own
        copy of a state: a sample of the hidden cards, or a probe of what a seat
        would play."""
        self.hands[seat] = hand
        if last_card is not None:
            self.last_cards[seat] = last_card

    # --- dealing --------------------------------------------------------------------------

    def random_layout(self, rng: random.Random) -> Layout:
        cards = list(self.deck_cards)
        rng.shuffle(cards)
        k = self.hand_size
        return Layout(tuple(tuple(cards[i * k:(i + 1) * k]) for i in range(self.n)))

    def check_layout(self, layout: Layout) -> None:
        """Refuse a layout that is not a valid deal for these options."""
        if not isinstance(layout, Layout):
            raise LayoutError("not a deal layout")
        if type(layout) is not Layout:
            raise LayoutError("a Кинг deal has only hands")
        if len(layout.hands) != self.n:
            raise LayoutError(f"expected {self.n} hands, got {len(layout.hands)}")
        seen = 0
        for seat, hand in enumerate(layout.hands):
            if len(hand) != self.hand_size:
                raise LayoutError(f"hand {seat} has {len(hand)} cards, expected "
                                  f"{self.hand_size}")
            for c in hand:
                if type(c) is not Card:
                    raise LayoutError(f"hand {seat}: not a card: {short_repr(c)}")
                bit = 1 << c
                if not bit & self.deck:
                    raise LayoutError(f"hand {seat}: {c} is not in the "
                                      f"{self.deck.bit_count()}-card deck")
                if bit & seen:
                    raise LayoutError(f"hand {seat}: {c} is dealt twice")
                seen |= bit

    def deal(self, layout: Layout) -> list[Event]:
        if self.phase != "deal":
            raise LayoutError("no deal is due now" if self.phase != "over"
                              else "the game is over")
        self.check_layout(layout)
        self._clear_deal()
        spec = self.spec = self.schedule[self.deal_index]
        n = self.n
        for seat, hand in enumerate(layout.hands):
            m = 0
            for c in hand:
                m |= 1 << c
            self.hands[seat] = m
            self.packets[seat] = (1 << hand[0]) | (1 << hand[1]) | (1 << hand[2])
            self.last_cards[seat] = hand[-1]
        events: list[Event] = [DealStarted(self.deal_index, self.dealer)]
        forehand = (self.dealer + 1) % n
        if spec.is_hvalenka:
            self.orderer = forehand
            self.phase = "order"
            self.to_move = forehand
            self.sign = 1
            self.per_trick = self.trick_value
            return events
        self.sign = spec.sign
        self.heart_lead = spec.heart_lead_restricted
        self.forced_kh = spec.forced_kh
        unit = PENALTY_UNITS[n]
        key = spec.key
        if key in ("tricks", "eralash"):
            self.per_trick = unit["tricks"]
        if key in ("last_two", "eralash"):
            self.last_two = unit["last_two"]
        self.card_values = card_values(key, n, self.options["boys"])
        if self.options["early_finish"] and key in ("hearts", "boys", "girls", "king"):
            self.early_cards = self.card_values[0][0] & self.deck
        self._start_play(forehand)
        return events

    def _start_play(self, leader: int) -> None:
        self.phase = "play"
        self.leader = leader
        self.to_move = leader

    # --- legal actions ---------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to move may play now (0 outside card play)."""
        return self._legal_mask() if self.phase == "play" else 0

    def _legal_mask(self) -> int:
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        if not self.trick_cards:
            if self.heart_lead and hand & NOT_HEARTS:
                return hand & NOT_HEARTS
            return hand
        follow = hand & SUIT_MASKS[SUIT_OF[self.trick_cards[0]]]
        if follow:
            return follow
        if self.forced_kh and hand & KH_BIT:
            return KH_BIT
        if self.must_trump and self.trump >= 0:
            trumps = hand & SUIT_MASKS[self.trump]
            if trumps:
                return trumps
        return hand

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == "play":
            return plays_of(self._legal_mask())
        if phase == "order":
            return ORDER_ACTIONS
        if phase == "buy":
            return (PASS, *BUY[self.best_price + 1:self.hand_size + 1])
        if phase == "buyer_order":
            return BUYER_ORDER_ACTIONS
        return ()

    # --- applying actions ------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "play":
            if type(action) is Play and (self._legal_mask() >> action.card) & 1:
                return self._play(action.card)
            raise self._illegal_play(action)
        if self.phase == "order":
            if type(action) is Order and action.contract in CONTRACTS:
                return self._order(action.contract)
            raise self._wrong(action, "an order: " + ", ".join(CONTRACTS))
        if self.phase == "buy":
            return self._buy(action)
        if self.phase == "buyer_order":
            if type(action) is Order and action.contract in BUYER_CONTRACTS:
                return self._buyer_order(action.contract)
            raise self._wrong(action, "the buyer's order: " + ", ".join(BUYER_CONTRACTS))
        if self.phase == "over":
            raise IllegalAction("game_over", "the game is over")
        raise IllegalAction("no_deal", "the cards have not been dealt")

    def _wrong(self, action: object, expected: str) -> IllegalAction:
        return IllegalAction("wrong_action", f"{action} is not allowed now; expected {expected}",
                             expected=expected)

    def _illegal_play(self, action: object) -> IllegalAction:
        if type(action) is not Play:
            return self._wrong(action, "a card to play")
        card = action.card
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        if not hand & (1 << card):
            return IllegalAction("not_in_hand", f"{card} is not in seat {seat}'s hand",
                                 card=card, seat=seat)
        if not self.trick_cards:
            return IllegalAction("no_heart_lead",
                                 "a heart may not be led while holding another suit", card=card)
        led = SUIT_OF[self.trick_cards[0]]
        if hand & SUIT_MASKS[led]:
            return IllegalAction("must_follow", f"must follow suit: {SUIT_NAMES[led]} were led",
                                 card=card, suit=led)
        if self.forced_kh and hand & KH_BIT:
            return IllegalAction("must_play_kh",
                                 "a player who cannot follow suit and holds KH must play it",
                                 card=card)
        return IllegalAction("must_trump", f"must play a trump ({SUIT_NAMES[self.trump]})",
                             card=card, suit=self.trump)

    def _play(self, c: int) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        self.hands[seat] ^= 1 << c
        trick = self.trick_cards
        trick.append(c)
        events: list[Event] = [CardPlayed(seat, CARDS[c])]
        if len(trick) == 1 or beats(c, self.win_card, self.trump, self.misere):
            self.win_card = c
            self.win_seat = seat
        if len(trick) < self.n:
            self.to_move = (seat + 1) % self.n
            return events
        return self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> list[Event]:
        trick = self.trick_cards
        mask = 0
        for c in trick:
            mask |= 1 << c
        pts = self.per_trick
        for card_mask, unit in self.card_values:
            pts += (mask & card_mask).bit_count() * unit
        if self.last_two and self.trick_no >= self.hand_size - 2:
            pts += self.last_two
        pts *= self.sign
        winner = self.win_seat
        self.points[winner] += pts
        self.tricks_taken[winner] += 1
        self.tricks.append((self.leader, tuple(trick), winner))
        self.trick_no += 1
        self.played |= mask
        self.face_up &= ~mask
        events.append(TrickWon(winner, tuple(zip(self._trick_seats(), map(CARDS.__getitem__,
                                                                       trick), strict=True)),
                               pts))
        self.trick_cards = []
        self.leader = winner
        self.to_move = winner
        if self.trick_no == self.hand_size:
            return self._end_deal(events)
        if self.early_cards:
            self.early_cards &= ~mask
            if not self.early_cards:
                return self._end_deal(events)
        return events

    def _trick_seats(self) -> list[int]:
        n = self.n
        return [(self.leader + i) % n for i in range(len(self.trick_cards))]

    def _end_deal(self, events: list[Event]) -> list[Event]:
        scores = list(self.points)
        if self.buyer is not None and self.orderer is not None:
            payment = self.best_price * self.trick_value
            scores[self.buyer] -= payment
            scores[self.orderer] += payment
        return self._score_deal(tuple(scores), events,
                                last=self.deal_index + 1 == len(self.schedule))

    # --- хвалёнка: order, buying, the buyer's order ----------------------------------------------

    def _order(self, contract: str) -> list[Event]:
        orderer = self.orderer
        assert orderer is not None
        events: list[Event] = [OrderMade(orderer, contract)]
        self.contract = self.ordered = contract
        if contract == "split":
            # No play: the rest of the cards are never dealt.
            self.hands = list(self.packets)
            n = self.n
            for seat in range(n):
                credited = 2 if n == 4 else (4 if seat == orderer else 3)
                self.tricks_taken[seat] = credited
                self.points[seat] = credited * self.trick_value
            return self._end_deal(events)
        if contract == "last":
            last = self.last_cards[orderer]
            self.face_up = 1 << last
            events.append(CardShown(orderer, CARDS[last]))
        self._apply_contract(contract)
        self.phase = "buy"
        self.to_move = (orderer + 1) % self.n
        return events

    def _buy(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        events: list[Event]
        if type(action) is Pass:
            self.offers.append((seat, None))
            events = [Passed(seat)]
        elif type(action) is Buy:
            price = action.price
            if type(price) is not int or not self.best_price < price <= self.hand_size:
                low = self.best_price + 1
                if low > self.hand_size:
                    raise IllegalAction("price_out_of_range",
                                        "the highest price has been offered: only a pass "
                                        "is left", low=low, high=self.hand_size)
                raise IllegalAction("price_out_of_range",
                                    f"a price must be from {low} to {self.hand_size}",
                                    low=low, high=self.hand_size)
            self.offers.append((seat, price))
            self.best_price = price
            self.buyer = seat
            events = [Offered(seat, price)]
        else:
            raise self._wrong(action, "a price or a pass")
        orderer = self.orderer
        assert orderer is not None
        nxt = (seat + 1) % self.n
        if nxt != orderer:
            self.to_move = nxt
            return events
        if self.buyer is None:
            self.declarer = orderer
            self._start_play(orderer)
        else:
            events.append(Bought(self.buyer, self.best_price))
            self.phase = "buyer_order"
            self.to_move = self.buyer
        return events

    def _buyer_order(self, contract: str) -> list[Event]:
        buyer = self.buyer
        assert buyer is not None
        self.contract = contract
        self._apply_contract(contract)
        self.declarer = buyer
        self._start_play(buyer)
        return [OrderMade(buyer, contract)]

    def _apply_contract(self, contract: str) -> None:
        if contract.startswith("trump:"):
            self.trump = SUITS.index(contract[-1])
        elif contract == "last":
            assert self.orderer is not None
            self.trump = SUIT_OF[self.last_cards[self.orderer]]
        else:
            self.trump = -1
        self.misere = contract == "misere"
        self.must_trump = self.options["must_trump"] and self.trump >= 0

    # --- views ------------------------------------------------------------------------------------

    def view(self, seat: int) -> KingView:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat!r}")
        n = self.n
        in_order = self.phase == "order"
        hand_mask = self.packets[seat] if in_order else self.hands[seat]
        if in_order:
            counts = tuple(3 for _ in range(n))
        else:
            counts = tuple(h.bit_count() for h in self.hands)
        face_up = tuple((s, CARDS[c]) for s in range(n)
                        for c in cards_of(self.face_up & self.hands[s]))
        trick_mask = 0
        for c in self.trick_cards:
            trick_mask |= 1 << c
        return KingView(
            game="king",
            seat=seat,
            n=n,
            options=dict(self.options),
            phase=self.phase,
            to_move=self.to_move,
            dealer=self.dealer,
            forehand=(self.dealer + 1) % n,
            deal_index=self.deal_index,
            deals_total=len(self.schedule),
            deal=self.spec,
            hand=tuple(cards_of(hand_mask)),
            hand_counts=counts,
            trick=tuple(zip(self._trick_seats(), (CARDS[c] for c in self.trick_cards),
                            strict=True)),
            tricks=tuple((lead, tuple(CARDS[c] for c in cards), win)
                         for lead, cards, win in self.tricks),
            played=self.played | trick_mask,
            tricks_taken=tuple(self.tricks_taken),
            points=tuple(self.points),
            orderer=self.orderer,
            ordered=self.ordered,
            contract=self.contract,
            trump=self.trump if self.trump >= 0 else None,
            misere=self.misere,
            offers=tuple(self.offers),
            buyer=self.buyer,
            price=self.best_price if self.buyer is not None else 0,
            declarer=self.declarer,
            face_up=face_up,
            deal_scores=tuple(self.deal_scores),
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
        )


KingGame.state_class = KingState

register_game(KING_GAME)
