"""Reading the other seats' card play in Кинг as the ``normal`` level plays.

The rules' facts (:mod:`cardtable.ai.king_sample`) say what a seat cannot hold; the
choice among legal cards says much more.  A seat that ducked under the winner, threw a
queen on another's trick or led a low club did so from a hand that made that card its
choice.  Here a candidate deal is weighed by the plays it explains: for every card
another seat has played this deal, its hand then (its cards now, and those it has
played since) is given to :func:`cardtable.ai.king_normal.choose_card` with that
moment's view; a play the model would have made counts 1, any other play
:data:`READ_MISS`.

The model is ``normal``'s own play.  Against a seat that plays otherwise (a person,
another level) every candidate misses some plays alike, and the weights then say less;
a miss never excludes a deal the rules' facts allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardtable.ai.king_normal import choose_card
from cardtable.cards import cards_of
from cardtable.engine.king import KingState, KingView

READ_MISS = 0.3
"""The weight of a deal for each seen play ``normal`` would not have made from it.  A
sharper 0.05 placed more of the other seats' cards right but left a decision's weight
on about five of its candidate deals, and the search, playing out those few deals
again and again, chose worse (−0.41 a deal in «не брать червей», 150 sets)."""


@dataclass(frozen=True)
class SeenPlay:
    """One card another seat played this deal, with what it knew then."""

    index: int
    """Its place among the deal's card plays."""
    seat: int
    view: KingView
    """The seat's view just before the play (its hand is filled in per candidate)."""
    probe: KingState
    """A copy of the state just before the play: the rules say what a hand may play."""
    card: int
    later: int
    """The cards the seat played from this play on, this one included."""


class NormalPlayReader:
    """Weighs deals by how well ``normal``'s play explains the cards seen.

    :meth:`read` prepares a decision; the returned function weighs a deal (each seat's
    hand now).  Whether the model makes a play from a hand is kept for the rest of the
    deal: the next decisions ask again about the same moments."""

    def __init__(self, miss: float = READ_MISS) -> None:
        self.miss = miss
        self._deal: object = None
        self._history: tuple[int, ...] = ()
        self._made: dict[tuple[int, int], bool] = {}

    def read(self, view: KingView,
             plays: Sequence[tuple[KingState, int]]) -> PlayReading | None:
        """``plays``: the deal's card plays so far, each (the state before it, the card),
        from any deal the view allows.  None when no other seat has played."""
        later = [0] * view.n
        seen: list[SeenPlay] = []
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

    def _keep_for(self, view: KingView, history: tuple[int, ...]) -> None:
        """Forget what was asked unless this decision continues the same deal."""
        deal = (view.n, view.deal_index, view.dealer, view.totals, view.orderer,
                view.ordered, view.offers, view.buyer, view.contract,
                repr(sorted(view.options.items())))
        if deal != self._deal or history[:len(self._history)] != self._history:
            self._made = {}
        self._deal = deal
        self._history = history

    def made(self, play: SeenPlay, hand: int) -> bool:
        """Whether ``normal`` holding ``hand`` would have played ``play.card`` then."""
        key = (play.index, hand)
        got = self._made.get(key)
        if got is None:
            probe = play.probe
            probe.hands[play.seat] = hand
            legal = probe.legal_mask()
            if not legal >> play.card & 1:
                got = False
            elif legal & (legal - 1) == 0:
                got = True
            else:
                view = replace(play.view, hand=tuple(cards_of(hand)))
                got = choose_card(view, legal) == play.card
            self._made[key] = got
        return got


class PlayReading:
    """One decision's reading: ``reading(hands)`` is the weight of a deal, ``hands``
    every seat's cards now."""

    def __init__(self, reader: NormalPlayReader, seen: list[SeenPlay]) -> None:
        self.reader = reader
        self.seen = seen

    def __call__(self, hands: Sequence[int]) -> float:
        weight = 1.0
        miss = self.reader.miss
        for play in self.seen:
            if not self.reader.made(play, hands[play.seat] | play.later):
                weight *= miss
        return weight
