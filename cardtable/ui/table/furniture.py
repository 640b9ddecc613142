"""What lies on the table besides hands and the trick: a stock with its turned card,
a won pile by each player and a card laid face down in front of each (a slot).

A game says what it lays out as :class:`Extras` (its presenter reads them off the
view); a game without such things gives none and nothing is shown.  The scene asks
where a refill comes from (:meth:`Furniture.source_of`) and tells what happened (a
trick added to a pile, cards taken), so the piles change in step with the
animations; after each step :meth:`Furniture.sync` brings them to the extras, which
are the only source of what the viewer may see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from cardtable.ui import theme
from cardtable.ui.art.cache import CardArt
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.geometry import CARD_RATIO, GAP, Box, TableGeometry, box_of
from cardtable.ui.table.layout import (
    STOCK_CARD,
    WON_PILE_CARD,
    Z_FURNITURE_LABEL,
    Z_SLOT,
    Z_STOCK,
    Z_TURNED,
    Z_WON_PILE,
)

SECOND_DECK = 1
"""Slot cards show the second deck's back, so they are not taken for the stock."""


def _count_tip(seat: int, count: int) -> str:
    return str(count)


@dataclass(frozen=True)
class Slot:
    """The card laid in front of a seat: its face once shown (else its back)."""

    face: int | None
    tip: str = ""


@dataclass(frozen=True)
class Extras:
    """What a game lays on the table now, with the tooltips that explain it."""

    stock_count: int = 0
    turned: int | None = None
    """The turned card, face up under the stock (counted in ``stock_count``)."""
    piles: tuple[tuple[int, ...], ...] = ()
    """Each seat's won pile, bottom first."""
    slots: tuple[Slot | None, ...] = ()
    """Each seat's slot card, or None where nothing lies."""
    stock_tip: str = ""
    turned_tip: str = ""
    pile_tip: Callable[[int, int], str] = field(default=_count_tip)
    """The tooltip of ``seat``'s pile of ``count`` cards."""


class Furniture:
    """The stock, the won piles and the slot cards, as card sprites."""

    def __init__(self, scene: QGraphicsScene, art: CardArt) -> None:
        self.scene = scene
        self.art = art
        self.geom: TableGeometry | None = None
        self.position_of: Callable[[int], int] = lambda seat: seat
        self.active = False
        self.extras = Extras()
        self.stock_count = 0
        self.turned: int | None = None
        self.piles: list[list[int]] = []
        self.stock_items: list[CardItem] = []
        self.turned_item: CardItem | None = None
        self.pile_items: list[CardItem | None] = []
        self.pile_labels: list[QGraphicsSimpleTextItem] = []
        self.stock_label: QGraphicsSimpleTextItem | None = None
        self.slot_items: list[CardItem | None] = []

    # --- places ------------------------------------------------------------------------------

    def _g(self) -> TableGeometry:
        assert self.geom is not None
        return self.geom

    def stock_pos(self) -> QPointF:
        g = self._g()
        margin = max(8.0, g.card_w * 0.12)
        return QPointF(margin + g.card_w * 0.95, g.centre[1])

    def pile_pos(self, seat: int) -> QPointF:
        """Beside the seat's hand, on the side toward the middle, clear of the hand
        (spread face up when watching again) and of the declaration card at the end of
        the plate."""
        g = self._g()
        pos = self.position_of(seat)
        if pos == 0:
            margin = max(8.0, g.card_w * 0.12)
            return QPointF(g.width - margin - g.card_w * 0.75, g.seats[0].hand[1])
        hx, hy = g.seats[pos].hand
        half = g.card_w * WON_PILE_CARD / 2
        toward = 1.0 if hx <= g.centre[0] else -1.0
        x = hx + toward * (g.hand_reach(pos, self.hands_open) + GAP + half)
        if toward > 0 and self.extras.slots:  # the declaration card is on this side too
            slot_right = g.seats[pos].plate[0] + g.plate_size[0] / 2 \
                + self.slot_width() * 1.12
            x = max(x, slot_right + GAP + half)
        return QPointF(x, hy + g.card_h * 0.12)

    @property
    def hands_open(self) -> bool:
        """Watching again: every hand lies face up, spread wider."""
        return getattr(self.scene, "open_faces", None) is not None

    def slot_pos(self, seat: int) -> QPointF:
        """In front of the player: at the right end of the seat's plate — but the
        viewer's above its plate, at the plate's right end, clear of the hand that
        begins just beside the plate."""
        g = self._g()
        pos = self.position_of(seat)
        px, py = g.seats[pos].plate
        plate_w, plate_h = g.plate_size
        if pos == 0:
            height = self.slot_width() * CARD_RATIO
            return QPointF(px + plate_w / 2 - self.slot_width() * 0.62,
                           py - plate_h / 2 - height * 0.5 - 4)
        return QPointF(px + plate_w / 2 + self.slot_width() * 0.62, py)

    def slot_width(self) -> float:
        return self._g().plate_size[1] * 1.08 / CARD_RATIO

    def boxes(self) -> list[Box]:
        """What a panel over the cloth must leave in view: the stock with the turned
        card and its count, every won pile with its count, and every seat's
        declaration card (also where it will lie once laid)."""
        if not self.active:
            return []
        g = self._g()
        w = g.card_w * STOCK_CARD
        out = []
        if self.stock_count:
            pos = self.stock_pos()
            right = w * (0.45 + 0.7) if self.turned is not None else w / 2
            out.append((pos.x() - w / 2, pos.y() - w * 0.7, pos.x() + right,
                        pos.y() + w * 0.95))
        pw = g.card_w * WON_PILE_CARD
        for seat, pile in enumerate(self.piles):
            if pile:
                pos = self.pile_pos(seat)
                left, top, right, _ = box_of((pos.x(), pos.y()), pw, pw * CARD_RATIO)
                out.append((left, top, right, pos.y() + pw * 1.05))
        if self.extras.slots:
            sw = self.slot_width()
            out += [box_of((p.x(), p.y()), sw, sw * CARD_RATIO)
                    for p in map(self.slot_pos, range(len(g.seats)))]
        return out

    def source_of(self, from_seat: int | None) -> QPointF:
        """Where a refill comes from: the stock, or ``from_seat``'s won pile."""
        return self.stock_pos() if from_seat is None else self.pile_pos(from_seat)

    # --- what happened -----------------------------------------------------------------------

    def add_to_pile(self, seat: int, cards: Sequence[int]) -> None:
        if self.active and 0 <= seat < len(self.piles):
            self.piles[seat].extend(cards)
            self._draw_piles()

    def take(self, from_seat: int | None, count: int) -> None:
        """Cards leave the stock (the turned card last) or the top of a pile."""
        if not self.active:
            return
        if from_seat is None:
            self.stock_count = max(0, self.stock_count - count)
            if self.stock_count == 0:
                self.turned = None
            self._draw_stock()
        elif 0 <= from_seat < len(self.piles):
            pile = self.piles[from_seat]
            del pile[max(0, len(pile) - count):]
            self._draw_piles()

    def place_slot(self, seat: int) -> CardItem | None:
        """The face-down card ``seat`` has just laid down (made now if need be)."""
        if not self.active or seat < 0:
            return None
        while len(self.slot_items) <= seat:
            self.slot_items.append(None)
        item = self.slot_items[seat]
        if item is None:
            item = self._card(None, self.slot_width(), deck=SECOND_DECK)
            item.setZValue(Z_SLOT)
            item.setPos(self.slot_pos(seat))
            self.slot_items[seat] = item
        return item

    def slot_item(self, seat: int) -> CardItem | None:
        return self.slot_items[seat] if 0 <= seat < len(self.slot_items) else None

    # --- bringing it to the view ------------------------------------------------------------

    def clear(self) -> None:
        for item in (*self.stock_items, self.turned_item, *self.pile_items,
                     *self.pile_labels, self.stock_label, *self.slot_items):
            if item is not None and item.scene() is self.scene:
                self.scene.removeItem(item)
        self.stock_items = []
        self.turned_item = None
        self.pile_items = []
        self.pile_labels = []
        self.stock_label = None
        self.slot_items = []
        self.piles = []
        self.stock_count = 0
        self.turned = None

    def sync(self, extras: Extras | None) -> None:
        """Show exactly what ``extras`` say lies on the table (nothing for None)."""
        self.active = extras is not None
        if extras is None:
            self.clear()
            return
        self.extras = extras
        self.stock_count = extras.stock_count
        self.turned = extras.turned
        self.piles = [list(p) for p in extras.piles]
        self._draw_stock()
        self._draw_piles()
        self._draw_slots(extras.slots)

    def relayout(self) -> None:
        if self.active:
            self._draw_stock()
            self._draw_piles()
            for seat, item in enumerate(self.slot_items):
                if item is not None:
                    item.set_width(self.slot_width())
                    item.setPos(self.slot_pos(seat))

    def _card(self, card: int | None, width: float, deck: int = 0,
              face_up: bool = False) -> CardItem:
        item = CardItem(self.art, card, width, deck=deck, face_up=face_up)
        self.scene.addItem(item)
        return item

    def _label(self, text: str, pos: QPointF, px: int) -> QGraphicsSimpleTextItem:
        label = QGraphicsSimpleTextItem(text)
        font = QFont(label.font())
        font.setPixelSize(px)
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QColor(theme.current().cloth_text))
        label.setZValue(Z_FURNITURE_LABEL)
        rect = label.boundingRect()
        label.setPos(pos.x() - rect.width() / 2, pos.y())
        self.scene.addItem(label)
        return label

    def _draw_stock(self) -> None:
        for item in (*self.stock_items, self.turned_item, self.stock_label):
            if item is not None and item.scene() is self.scene:
                self.scene.removeItem(item)
        self.stock_items = []
        self.turned_item = None
        self.stock_label = None
        g = self._g()
        pos = self.stock_pos()
        w = g.card_w * STOCK_CARD
        if self.turned is not None:
            turned = self._card(self.turned, w, face_up=True)
            turned.setRotation(90)
            turned.setPos(pos + QPointF(w * 0.45, 0))
            turned.setZValue(Z_TURNED)
            turned.setToolTip(self.extras.turned_tip)
            self.turned_item = turned
        backs = self.stock_count - (1 if self.turned is not None else 0)
        for k in range(min(backs, 4)):  # a few backs, stepped, read as a stack
            item = self._card(None, w)
            item.setPos(pos + QPointF(-k * w * 0.02, -k * w * 0.02))
            item.setZValue(Z_STOCK + k)
            item.setToolTip(self.extras.stock_tip)
            self.stock_items.append(item)
        if self.stock_count:
            self.stock_label = self._label(str(self.stock_count),
                                           pos + QPointF(0, w * 0.75), max(11, int(w * 0.16)))

    def _draw_piles(self) -> None:
        for item in (*self.pile_items, *self.pile_labels):
            if item is not None and item.scene() is self.scene:
                self.scene.removeItem(item)
        self.pile_items = []
        self.pile_labels = []
        g = self._g()
        w = g.card_w * WON_PILE_CARD
        for seat, pile in enumerate(self.piles):
            if not pile:
                self.pile_items.append(None)
                continue
            pos = self.pile_pos(seat)
            # the top card face up: every card of a won pile was played in the open
            item = self._card(pile[-1], w, face_up=True)
            item.setPos(pos)
            item.setZValue(Z_WON_PILE)
            item.setToolTip(self.extras.pile_tip(seat, len(pile)))
            self.pile_items.append(item)
            self.pile_labels.append(self._label(str(len(pile)), pos + QPointF(0, w * 0.72),
                                                max(10, int(w * 0.2))))

    def _draw_slots(self, slots: Sequence[Slot | None]) -> None:
        while len(self.slot_items) < len(slots):
            self.slot_items.append(None)
        w = self.slot_width()
        for seat, slot in enumerate(slots):
            item = self.slot_items[seat]
            if slot is None:
                if item is not None and item.scene() is self.scene:
                    self.scene.removeItem(item)
                self.slot_items[seat] = None
                continue
            if item is None:
                item = self._card(None, w, deck=SECOND_DECK)
                item.setZValue(Z_SLOT)
                self.slot_items[seat] = item
            item.set_width(w)
            item.setPos(self.slot_pos(seat))
            if slot.face is None:
                item.card = None
                item.show_back()
            elif not item.face_up or item.card != slot.face:
                item.show_face(slot.face)
            item.setToolTip(slot.tip)
