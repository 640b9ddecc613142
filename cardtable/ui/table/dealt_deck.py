"""The deck in the middle while a deal flies out of it: only the cards that can be
seen are drawn.

A deal lays every card at the middle of the table, each waiting its turn in the
dealing order before it flies to its seat.  They lie on one spot, so all but the top
card of each size are covered; drawing them anyway cost a whole deck of card paints
in every frame of the deal — the table's very first frame among them, where it was
a fifth of the time to the first table.  So a waiting card is hidden unless it is
the top one of its size on its spot, and it shows again the moment its flight
begins.  Nothing is left hidden: whatever ends a wait (the flight's start, the deal
jumped to its end, the card leaving the table) shows the card or lets it go, and
:meth:`DealtDeck.show_all` runs when the table's animations are done.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation
from shiboken6 import isValid

from cardtable.ui.table.card_item import CardItem

RUNNING = QAbstractAnimation.State.Running

Spot = tuple[int, int, float]
"""Where a card waits, and its width: cards of one spot cover each other."""


def spot_of(item: CardItem) -> Spot:
    return round(item.x()), round(item.y()), item.width


class DealtDeck:
    """The cards waiting in the deck, and the one on top of each spot (the one
    drawn).  A card laid later lies above one laid before it at the same height."""

    def __init__(self) -> None:
        self._waiting: dict[CardItem, Spot] = {}
        self._tops: dict[Spot, CardItem] = {}

    def __len__(self) -> int:
        return len(self._waiting)

    @property
    def cards(self) -> tuple[CardItem, ...]:
        """The cards waiting now, in the order they were laid."""
        return tuple(self._waiting)

    def wait(self, item: CardItem, flight: QAbstractAnimation,
             wait: QAbstractAnimation) -> None:
        """``item`` waits in the deck until ``flight`` starts; ``wait`` is the pause and
        the flight together, which may also end (jumped to its end) without the flight
        seen to start."""
        if item in self._waiting:
            return
        spot = self._waiting[item] = spot_of(item)
        top = self._tops.get(spot)
        if top is None or item.zValue() >= top.zValue():
            if top is not None and isValid(top):
                top.setVisible(False)
            self._tops[spot] = item
        else:
            item.setVisible(False)
        flight.stateChanged.connect(lambda state, _old: self._leaves(item)
                                    if state == RUNNING else None)
        wait.stateChanged.connect(lambda state, _old: self._leaves(item)
                                  if state != RUNNING else None)

    def show_all(self) -> None:
        """Every waiting card drawn again (the table's animations are over)."""
        waiting = list(self._waiting)
        self._waiting.clear()
        self._tops.clear()
        for item in waiting:
            if isValid(item):
                item.setVisible(True)

    def forget(self, item: CardItem) -> None:
        """``item`` left the table while it waited."""
        self._leaves(item)

    def _leaves(self, item: CardItem) -> None:
        spot = self._waiting.pop(item, None)
        if spot is None:
            return
        if isValid(item):
            item.setVisible(True)
        if self._tops.get(spot) is item:
            del self._tops[spot]
            self._new_top(spot)

    def _new_top(self, spot: Spot) -> None:
        """The card now on top of ``spot`` (the highest, the latest laid of those) is
        drawn."""
        top: CardItem | None = None
        for item, where in self._waiting.items():
            if where == spot and isValid(item) and (top is None
                                                     or item.zValue() >= top.zValue()):
                top = item
        if top is not None:
            self._tops[spot] = top
            top.setVisible(True)
