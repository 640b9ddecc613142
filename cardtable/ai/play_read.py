"""Reading the other seats' card play: what is common to every game's reader.

The rules' facts say which cards a seat cannot hold; its choice among the legal cards
says much more.  A candidate deal is weighed by the plays it explains: for every card
another seat has played this deal, its hand then (its cards now and those it has
played since) is given to a model of how it plays, with that moment's view; a play
the model would have made counts 1, any other play the reader's ``miss`` weight.  A
miss never excludes a deal the rules allow, so a seat that plays otherwise than the
model (a person, another level) weakens the reading but cannot mislead it into ruling
a deal out.

A game's reader (:mod:`cardtable.ai.king_read`, :mod:`cardtable.ai.clubs_read`)
says how a hand is put into a state and which card its model plays.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Any, Generic, Protocol, TypeVar

from cardtable.cards import cards_of


class ReadableState(Protocol):
    """What the reader needs of a game's state before a card play."""

    @property
    def to_move(self) -> int | None: ...

    def legal_mask(self) -> int: ...

    def view(self, seat: int) -> Any: ...


StateT = TypeVar("StateT", bound=ReadableState)


@dataclass(frozen=True)
class SeenPlay(Generic[StateT]):
    """One card another seat played this deal, with what it knew then."""

    index: int
    """Its place among the deal's card plays."""
    seat: int
    view: Any
    """The seat's view just before the play (its hand is filled in per candidate)."""
    probe: StateT
    """A copy of the state just before the play: the rules say what a hand may play."""
    card: int
    later: int
    """The cards the seat played from this play on, this one included."""


class PlayReader(ABC, Generic[StateT]):
    """Weighs deals by how well a model's play explains the cards seen.

    :meth:`read` prepares a decision; the returned :class:`PlayReading` weighs a deal
    (each seat's hand now, as a mask).  Whether the model makes a play from a hand is
    kept for the rest of the deal: the next decisions ask again about the same
    moments."""

    def __init__(self, miss: float) -> None:
        self.miss = miss
        self._deal: object = None
        self._history: tuple[int, ...] = ()
        self._made: dict[tuple[int, int], bool] = {}

    # --- what a game says ------------------------------------------------------------------

    def reads(self, view: Any) -> bool:
        """Whether the play is read at this view's table."""
        return True

    @abstractmethod
    def deal_key(self, view: Any) -> object:
        """What tells one deal from another (with the card play so far)."""

    @abstractmethod
    def give(self, probe: StateT, seat: int, hand: int) -> None:
        """Put ``hand`` into ``probe`` as ``seat``'s cards."""

    @abstractmethod
    def choose(self, view: Any, legal: int) -> int:
        """The card the model plays from ``view`` among the faces of ``legal``."""

    # --- the reading -----------------------------------------------------------------------

    def read(self, view: Any, plays: Sequence[tuple[StateT, int]],
             ) -> PlayReading[StateT] | None:
        """``plays``: the deal's card plays so far, each (the state before it, the
        card), from any deal the view allows.  None when no other seat has played or
        the play is not read at this table."""
        if not self.reads(view):
            return None
        later = [0] * view.n
        seen: list[SeenPlay[StateT]] = []
        for index in range(len(plays) - 1, -1, -1):
            state, card = plays[index]
            seat = state.to_move
            if seat is None:
                raise ValueError("a card play with no seat to move")
            later[seat] |= 1 << card
            if seat != view.seat:
                seen.append(SeenPlay(index, seat, state.view(seat), state, card,
                                     later[seat]))
        self._keep_for(view, tuple(card for _, card in plays))
        if not seen:
            return None
        return PlayReading(self, seen)

    def _keep_for(self, view: Any, history: tuple[int, ...]) -> None:
        """Forget what was asked unless this decision continues the same deal."""
        deal = self.deal_key(view)
        if deal != self._deal or history[:len(self._history)] != self._history:
            self._made = {}
        self._deal = deal
        self._history = history

    def made(self, play: SeenPlay[StateT], hand: int) -> bool:
        """Whether the model holding ``hand`` would have played ``play.card`` then."""
        key = (play.index, hand)
        got = self._made.get(key)
        if got is None:
            probe = play.probe
            self.give(probe, play.seat, hand)
            legal = probe.legal_mask()
            if not legal >> play.card & 1:
                got = False
            elif legal & (legal - 1) == 0:
                got = True
            else:
                view = replace(play.view, hand=tuple(cards_of(hand)))
                got = self.choose(view, legal) == play.card
            self._made[key] = got
        return got


class PlayReading(Generic[StateT]):
    """One decision's reading: ``reading(hands)`` is the weight of a deal, ``hands``
    every seat's cards now (masks)."""

    def __init__(self, reader: PlayReader[StateT], seen: list[SeenPlay[StateT]]) -> None:
        self.reader = reader
        self.seen = seen

    def __call__(self, hands: Sequence[int]) -> float:
        weight = 1.0
        miss = self.reader.miss
        for play in self.seen:
            if not self.reader.made(play, hands[play.seat] | play.later):
                weight *= miss
        return weight


ItemT = TypeVar("ItemT")


class WeightedPool(Generic[ItemT]):
    """A decision's candidate deals with their weights, drawn from by weight for every
    sample of the search (uniformly when no deal has any weight)."""

    def __init__(self, items: Sequence[ItemT], weights: Iterable[float]) -> None:
        self.items = list(items)
        self.cumulative = list(accumulate(weights))
        if len(self.cumulative) != len(self.items) or not self.items:
            raise ValueError("a pool needs one weight per deal, and a deal")

    def draw(self, rng: random.Random) -> ItemT:
        if self.cumulative[-1] <= 0:
            return self.items[rng.randrange(len(self.items))]
        at = bisect_right(self.cumulative, rng.random() * self.cumulative[-1])
        return self.items[min(at, len(self.items) - 1)]
