"""Reading the other seats' card play in Кинг as the ``normal`` level plays.

The rules' facts (:mod:`cardtable.ai.king_sample`) say what a seat cannot hold; the
choice among legal cards says much more.  A seat that ducked under the winner, threw a
queen on another's trick or led a low club did so from a hand that made that card its
choice.  A candidate deal is weighed by the plays
:func:`cardtable.ai.king_normal.choose_card` would have made from the hands it gives
(:mod:`cardtable.ai.play_read`).
"""

from __future__ import annotations

from cardtable.ai.king_normal import choose_card
from cardtable.ai.play_read import PlayReader
from cardtable.engine.king import KingState, KingView

READ_MISS = 0.3
"""The weight of a deal for each seen play ``normal`` would not have made from it.  A
sharper 0.05 placed more of the other seats' cards right but left a decision's weight
on about five of its candidate deals, and the search, playing out those few deals
again and again, chose worse (−0.41 a deal in «не брать червей», 150 sets)."""


class NormalPlayReader(PlayReader[KingState]):
    """Weighs Кинг deals by how well ``normal``'s play explains the cards seen."""

    def __init__(self, miss: float = READ_MISS) -> None:
        super().__init__(miss)

    def deal_key(self, view: KingView) -> object:
        return (view.n, view.deal_index, view.dealer, view.totals, view.orderer,
                view.ordered, view.offers, view.buyer, view.contract,
                repr(sorted(view.options.items())))

    def give(self, probe: KingState, seat: int, hand: int) -> None:
        probe.set_hand(seat, hand)

    def choose(self, view: KingView, legal: int) -> int:
        return int(choose_card(view, legal))
