"""Plain Whist for four: the smallest game the engine's protocol can carry.

Partners sit opposite (seats 0 and 2 against 1 and 3); each seat gets 13 cards, and
the last card dealt (the dealer's last) is turned up for trumps and stays in view
until the dealer plays it.  A seat follows suit if it can; the highest trump, else
the highest card of the suit led, wins the trick.  A side scores a point for each
trick over six; the game is ``deals`` deals long."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardtable.cards import CARDS, SUIT_MASKS, Card, beats, cards_of, mask_of, suit_of
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
)
from cardtable.engine.registry import register_game

SEATS = 4
HAND = 13


class WhistGame(Game):
    name = "whist"
    specs = (
        OptionSpec("players", SEATS, minimum=SEATS, maximum=SEATS, help="4 players"),
        OptionSpec("deals", 2, minimum=1, maximum=20, help="how many deals the game has"),
    )


WHIST_GAME = WhistGame()


@dataclass(frozen=True)
class WhistView(View):
    """One seat's knowledge: its hand, the turned card while the dealer holds it, the
    tricks played and each side's tricks this deal."""

    trump: int
    turned: Card | None
    """The trump card, while it is still in the dealer's hand."""
    tricks: tuple[CompletedTrick, ...]
    side_tricks: tuple[int, int]

    def trick_trump(self) -> int | None:
        return self.trump

    def shown_cards(self) -> tuple[tuple[int, Card], ...]:
        if self.turned is None or self.seat == self.dealer:
            return ()
        return ((self.dealer, self.turned),)

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        return self.tricks


class WhistState(GameState):
    """A game of Whist in progress."""

    GAME: ClassVar[str] = "whist"

    def __init__(self, options: Options, first_dealer: int) -> None:
        self._begin(options, first_dealer)
        self.hands = [0] * SEATS
        self.trump = 0
        self.turned: int | None = None
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[CompletedTrick] = []
        self.side_tricks = [0, 0]

    def clone(self) -> WhistState:
        other = object.__new__(WhistState)
        other.__dict__ = {**self.__dict__, "hands": self.hands.copy(),
                          "trick": self.trick.copy(), "tricks": self.tricks.copy(),
                          "side_tricks": self.side_tricks.copy(),
                          "deal_scores": self.deal_scores.copy(), "totals": self.totals.copy()}
        return other

    @property
    def deals_total(self) -> int | None:
        return int(self.options["deals"])

    def random_layout(self, rng: random.Random) -> Layout:
        cards = list(CARDS)
        rng.shuffle(cards)
        # dealt one at a time from the dealer's left: the dealer gets every fourth card
        first = (self.dealer + 1) % SEATS
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        for i, card in enumerate(cards):
            hands[(first + i) % SEATS].append(card)
        return Layout(tuple(tuple(h) for h in hands))

    def deal(self, layout: Layout) -> list[Event]:
        if self.phase != "deal":
            raise LayoutError("no deal is due now")
        if type(layout) is not Layout:
            raise LayoutError("a Whist deal has only hands")
        if len(layout.hands) != SEATS or any(len(h) != HAND for h in layout.hands):
            raise LayoutError(f"expected {SEATS} hands of {HAND} cards")
        if mask_of(c for h in layout.hands for c in h).bit_count() != 52:
            raise LayoutError("a card is dealt twice")
        self.hands = [mask_of(h) for h in layout.hands]
        self.turned = layout.hands[self.dealer][-1]
        self.trump = suit_of(self.turned)
        self.trick, self.tricks, self.side_tricks = [], [], [0, 0]
        self.phase = "play"
        self.to_move = (self.dealer + 1) % SEATS
        return [DealStarted(self.deal_index, self.dealer)]

    def _legal_mask(self) -> int:
        hand = self.hands[self.to_move] if self.to_move is not None else 0
        if self.trick:
            follow = hand & SUIT_MASKS[suit_of(self.trick[0][1])]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> Sequence[Action]:
        return plays_of(self._legal_mask()) if self.phase == "play" else ()

    def apply(self, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("game_over", "the game is over")
        if self.phase == "deal":
            raise IllegalAction("no_deal", "the cards have not been dealt yet")
        if type(action) is not Play:
            raise IllegalAction("wrong_action", "expected a card to play",
                                expected="a card to play")
        seat, card = self.to_move, action.card
        assert seat is not None
        if not (self.hands[seat] >> card) & 1:
            raise IllegalAction("not_in_hand", f"{card} is not in seat {seat}'s hand",
                                card=card, seat=seat)
        if not (self._legal_mask() >> card) & 1:
            led = suit_of(self.trick[0][1])
            raise IllegalAction("must_follow", "must follow suit", card=card, suit=led)
        self.hands[seat] ^= 1 << card
        if card == self.turned:
            self.turned = None
        self.trick.append((seat, card))
        events: list[Event] = [CardPlayed(seat, CARDS[card])]
        if len(self.trick) < SEATS:
            self.to_move = (seat + 1) % SEATS
            return events
        return self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> list[Event]:
        win_seat, win_card = self.trick[0]
        for seat, card in self.trick[1:]:
            if beats(card, win_card, self.trump):
                win_seat, win_card = seat, card
        plays = tuple((s, CARDS[c]) for s, c in self.trick)
        self.tricks.append(CompletedTrick(plays, win_seat))
        self.side_tricks[win_seat % 2] += 1
        events.append(TrickWon(win_seat, plays, 0))
        self.trick = []
        self.to_move = win_seat
        if len(self.tricks) < HAND:
            return events
        over = [max(0, t - 6) for t in self.side_tricks]
        row = tuple(over[seat % 2] for seat in range(SEATS))
        return self._score_deal(row, events, self.deal_index + 1 >= self.options["deals"])

    def view(self, seat: int) -> WhistView:
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat!r}")
        return WhistView(
            game="whist", seat=seat, n=SEATS, options=dict(self.options), phase=self.phase,
            to_move=self.to_move, dealer=self.dealer, deal_index=self.deal_index,
            hand=tuple(cards_of(self.hands[seat])),
            hand_counts=tuple(h.bit_count() for h in self.hands),
            trick=tuple((s, CARDS[c]) for s, c in self.trick),
            deal_scores=tuple(self.deal_scores), totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.to_move else (),
            trump=self.trump, turned=None if self.turned is None else CARDS[self.turned],
            tricks=tuple(self.tricks), side_tricks=(self.side_tricks[0], self.side_tricks[1]))


WhistGame.state_class = WhistState

register_game(WHIST_GAME)
