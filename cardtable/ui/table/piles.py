"""Piles: the card sprites of one place on the table, which lay themselves out and
bring themselves to what a view says (as the piles of KDE's card library do).

A :class:`HandPile` is one seat's hand — the viewer's face up and sorted, another
seat's as backs (with the faces its view shows), fanned toward the seat.  A
:class:`TrickPile` is the trick in the middle, in play order.  The stock, the won
piles and the slot cards a game lays out are :mod:`furniture`.  The scene moves
cards between piles (a card played, a trick collected) and animates; a pile only
knows its own cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QParallelAnimationGroup, QPointF

from cardtable.cards import rank_of, suit_of
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.layout import OPEN_HAND, SHOWN_CARD, Z_HAND, Z_TRICK
from cardtable.ui.table.protocols import PileTable

SUIT_DISPLAY_ORDER = (0, 1, 3, 2)
"""♠ ♥ ♣ ♦: the hand is sorted so that colours alternate."""


def hand_sort_key(card: int) -> tuple[int, int]:
    return SUIT_DISPLAY_ORDER.index(suit_of(card)), rank_of(card)


class HandPile(list[CardItem]):
    """One seat's hand, left to right as drawn."""

    def __init__(self, table: PileTable, seat: int, cards: Sequence[CardItem] = ()) -> None:
        super().__init__(cards)
        self.table = table
        self.seat = seat

    def reconcile_own(self, cards: Sequence[int], group: QParallelAnimationGroup) -> None:
        """The viewer's hand becomes ``cards``, sorted: sprites it has are kept, new
        ones fly in from the middle and turn face up, the rest leave the table."""
        t = self.table
        deck_pos = QPointF(*t.geom.centre)
        pool: dict[int, list[CardItem]] = {}
        for item in self:
            if item.card is not None:
                pool.setdefault(item.card, []).append(item)
        new_hand: list[CardItem] = []
        for card in sorted(cards, key=hand_sort_key):
            items = pool.get(card)
            if items:
                item = items.pop()
            else:
                item = t.new_card(card, deck_pos, face_up=False)
                t.fresh[item] = len(new_hand) * t.n
                if t.pace.anim_ms == 0:
                    item.show_face(card)
                else:
                    item.face_up = True
                    t.add_flip(group, item, 1.0)
            new_hand.append(item)
        for items in pool.values():
            for item in items:
                t.remove_card(item)
        for item in self:
            if item.card is None and item.scene() is t:
                t.remove_card(item)
        self[:] = new_hand

    def reconcile_other(self, count: int, faces: Sequence[int]) -> None:
        """Another seat's hand: ``count`` cards, ``faces`` of them shown face up."""
        t = self.table
        deck_pos = QPointF(*t.geom.centre)
        for item in self:  # items showing faces the view no longer shows turn back
            if item.face_up and item.card not in faces:
                item.card = None
                item.show_back()
        for card in faces:
            if not any(i.face_up and i.card == card for i in self):
                back = next((i for i in self if not i.face_up), None)
                if back is None:
                    back = t.new_card(None, deck_pos)
                    self.append(back)
                back.card = card
                back.show_face(card)
        badge = t.shown_badge if t.open_faces is None else ""
        shown = [item for item in self if item.face_up]
        for item in self:  # one word for the hand, on the face shown last (on top)
            wanted = badge if shown and item is shown[-1] else ""
            if item.badge != wanted:
                item.prepareGeometryChange()  # the badge widens what the card covers
                item.badge = wanted
                item.update()
        while len(self) < count:
            item = t.new_card(None, deck_pos)
            t.fresh[item] = len(self) * t.n + t.position_of(self.seat)
            self.append(item)
        while len(self) > count:
            extra = next((i for i in self if not i.face_up), self[-1])
            self.remove(extra)
            t.remove_card(extra)

    def lay_out(self, group: QParallelAnimationGroup | None) -> None:
        """Fan the cards where the seat sits (at once, or as moves in ``group``); a
        card just dealt waits its turn in the dealing order."""
        t = self.table
        g = t.geom
        pos = t.position_of(self.seat)
        if pos == 0:
            lifted = t.selected if t.turn_view is not None else None
            spots = g.hand_positions(len(self), lifted)
            width = g.card_w
        elif t.open_faces is not None:  # watching again: every hand face up, sorted
            self.sort(key=lambda i: (not i.face_up, hand_sort_key(i.card or 0)))
            spots = g.other_hand_positions(pos, len(self), open_hand=True)
            width = g.card_w * g.seats[pos].hand_scale * OPEN_HAND
            lifted = None
        else:
            # a card shown face up («по последней») goes on top of the fan, in full view
            self.sort(key=lambda i: i.face_up)
            spots = g.other_hand_positions(pos, len(self))
            width = g.card_w * g.seats[pos].hand_scale
            lifted = None
        for k, (item, (x, y)) in enumerate(zip(self, spots, strict=True)):
            # one card shown face up is enlarged; cards known from the won piles (several)
            # keep the hand's size
            big = item.face_up and pos != 0 and not t.shows_extras and t.open_faces is None
            item.set_width(g.card_w * SHOWN_CARD if big else width)
            item.setZValue(Z_HAND + k + (len(self) if pos == 0 and k == lifted else 0))
            target = QPointF(x, y)
            item.home = target
            if t.dragged is item:
                continue
            order = t.fresh.pop(item, None)
            if group is None:
                item.setPos(target)
            elif item.pos() != target:
                delay = 0 if order is None else order * t.pace.deal_stagger_ms
                t.add_move(group, item, target, t.pace.anim_ms, delay)


class TrickPile(list[tuple[int, CardItem]]):
    """The trick in the middle: (seat, card sprite) in play order."""

    def __init__(self, table: PileTable) -> None:
        super().__init__()
        self.table = table

    def place_of(self, seat: int) -> QPointF:
        t = self.table
        return QPointF(*t.geom.seats[t.position_of(seat)].trick)

    def add(self, seat: int, item: CardItem) -> None:
        """``seat``'s card joins the trick, above the cards played before it."""
        item.set_width(self.table.geom.trick_w)
        item.setZValue(Z_TRICK + len(self))
        self.append((seat, item))

    def reconcile(self, plays: Sequence[tuple[int, int]]) -> None:
        """The trick becomes ``plays`` ((seat, card) in order), laid where they fell."""
        t = self.table
        if [(s, i.card) for s, i in self] == list(plays):
            return
        for _, item in self:
            t.remove_card(item)
        self.clear()
        for seat, card in plays:
            self.add(seat, t.new_card(card, self.place_of(seat), face_up=True))

    def lay_out(self, group: QParallelAnimationGroup | None) -> None:
        t = self.table
        for seat, item in self:
            target = self.place_of(seat)
            item.home = target
            item.set_width(t.geom.trick_w)
            if group is not None:
                t.add_move(group, item, target, t.pace.anim_ms)
            else:
                item.setPos(target)
