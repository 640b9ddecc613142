"""Reading the other seat's card play in Трефы for two as the ``normal`` level plays.

The hard facts (:mod:`cardtable.ai.clubs_sample`) say only which suits a seat is out
of; at two players, where 26 of the 39 cards a seat cannot see are set aside, they
hardly narrow the other hand down.  The choice among the legal cards says more: a
defender who ducked under the declarer's card, or took a trick with his lowest winner,
did so from a hand that made that card his choice.  A candidate deal is weighed by the
plays :func:`cardtable.ai.clubs_normal.choose_card` would have made from the hand it
gives him (:mod:`cardtable.ai.play_read`).
"""

from __future__ import annotations

from cardtable.ai.clubs_normal import choose_card
from cardtable.ai.play_read import PlayReader
from cardtable.cards import CARDS, cards_of
from cardtable.engine.clubs import ClubsState, ClubsView

READ_MISS = 0.3
"""The weight of a deal for each seen play ``normal`` would not have made from it —
soft, as in Кинг, so that the pool's weight is not left on a handful of deals.  At two
players 0.1 and 0.6 (and 0.03 or 0.1 with a pool of 512) played as well, within the
noise of 100 sets."""

READ_TABLES = frozenset({2})
"""The player counts at which the play is read.  At two, 26 of the 39 cards a seat
cannot see are set aside and the voids hardly narrow the other hand down; at three to
five each trick shows the others' cards and ``hard`` already closes most of its gap
without the reading, which was measured only at two.  (Every table read plays with one
deck, so a hand is one mask.)"""


class NormalPlayReader(PlayReader[ClubsState]):
    """Weighs Трефы deals by how well ``normal``'s play explains the cards seen."""

    def __init__(self, miss: float = READ_MISS) -> None:
        super().__init__(miss)

    def reads(self, view: ClubsView) -> bool:
        return view.n in READ_TABLES

    def deal_key(self, view: ClubsView) -> object:
        return (view.n, view.deal_index, view.dealer, view.totals, view.bids,
                view.contracts, repr(sorted(view.options.items())))

    def give(self, probe: ClubsState, seat: int, hand: int) -> None:
        probe.set_hand(seat, hand)

    def choose(self, view: ClubsView, legal: int) -> int:
        return int(choose_card(view, [CARDS[c] for c in cards_of(legal)]))
