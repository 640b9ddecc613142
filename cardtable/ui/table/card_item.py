"""A card sprite: knows how to draw itself (face or back, dimmed or highlighted,
half-turned while it flips); the scene decides where it goes and what clicks mean."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from cardtable.ui import theme
from cardtable.ui.table.geometry import CARD_RATIO

if TYPE_CHECKING:
    from cardtable.ui.art.cache import CardArt



class CardItem(QGraphicsObject):
    """One card on the table.  ``card`` is None for a card whose face this seat may not
    know; such a card can only be shown face down."""

    def __init__(self, art: CardArt, card: int | None, width: float, deck: int = 0,
                 face_up: bool = False) -> None:
        super().__init__()
        self.art = art
        self.card = card
        self.deck = deck
        self.width = width
        self.face_up = face_up and card is not None
        self._flip = 1.0 if self.face_up else 0.0
        self.legal = False
        """Highlighted: the human may play it now."""
        self.dimmed = False
        """Shown faded: the human may not play it now."""
        self.selected = False
        """Chosen with the keyboard."""
        self.leads = False
        """In the trick: the card that led it (a dark tab with an arrow on the top edge)."""
        self.winning = False
        """In the trick: the card winning it so far (a gold frame and a star tab)."""
        self.badge = ""
        """A word on the face about where the card comes from («из стопки»: a card
        everyone saw taken from a won pile, not a peek at a hidden hand)."""
        self.home = QPointF()
        """Where the layout wants it; a dragged card returns here."""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    # --- geometry --------------------------------------------------------------------------

    @property
    def height(self) -> float:
        return self.width * CARD_RATIO

    def set_width(self, width: float) -> None:
        if width != self.width:
            self.prepareGeometryChange()
            self.width = width
            self.update()

    cardWidth = Property(float, lambda self: self.width, set_width)
    """The width as a Qt property, so a card can shrink as it lands on a pile."""

    def boundingRect(self) -> QRectF:
        w, h = self.width, self.height
        pad = max(3.0, w * 0.05)
        if self.winning or self.leads:  # the tabs stand a little above the top edge
            pad = max(pad, max(9.0, w * 0.2) * 0.65)
        if self.badge:  # the word may reach past a small card's edges
            words = QFontMetricsF(self._badge_font(w)).horizontalAdvance(self.badge) + 8
            pad = max(pad, (words - w) / 2)
        return QRectF(-w / 2 - pad, -h / 2 - pad, w + 2 * pad, h + 2 * pad + 2)

    # --- face and flip ------------------------------------------------------------------------

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        self._flip = value
        self.update()

    flip = Property(float, _get_flip, _set_flip)
    """0 = back up, 1 = face up; in between the card is half turned (for animation)."""

    def show_face(self, card: int | None) -> None:
        """Turn the card face up at once (``card`` is its face, learnt now)."""
        if card is not None:
            self.card = card
        self.face_up = self.card is not None
        self._flip = 1.0 if self.face_up else 0.0
        self.update()

    def show_back(self) -> None:
        self.face_up = False
        self._flip = 0.0
        self.update()

    def set_marks(self, legal: bool = False, dimmed: bool = False,
                  selected: bool = False) -> None:
        if (legal, dimmed, selected) != (self.legal, self.dimmed, self.selected):
            self.legal, self.dimmed, self.selected = legal, dimmed, selected
            self.update()

    def set_trick_marks(self, leads: bool = False, winning: bool = False) -> None:
        if (leads, winning) != (self.leads, self.winning):
            self.prepareGeometryChange()  # the tabs reach above the card
            self.leads, self.winning = leads, winning
            self.update()

    # --- painting ----------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w, h = self.width, self.height
        turn = math.cos(math.pi * self._flip)  # 1 back … -1 face
        sx = max(abs(turn), 0.02)
        showing_face = self._flip > 0.5 and self.card is not None
        painter.save()
        painter.scale(sx, 1.0)
        radius = w * 0.06
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.current().card_shadow))
        painter.drawRoundedRect(QRectF(-w / 2 + 1.5, -h / 2 + 2.5, w, h), radius, radius)
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = painter.worldTransform().m22() or 1.0
        pixel_w = max(8, round(w * scale))
        # a size not rendered yet is drawn scaled from the nearest one until it is ready
        pixmap = self.art.pixmap_soon(self.card if showing_face else None, pixel_w, dpr,
                                      deck=self.deck)
        painter.drawPixmap(QRectF(-w / 2, -h / 2, w, h), pixmap, QRectF(pixmap.rect()))
        if self.dimmed:  # a veil, not transparency: overlapping cards must not show through
            painter.setBrush(QColor(theme.current().card_veil))
            painter.drawRoundedRect(QRectF(-w / 2, -h / 2, w, h), radius, radius)
        if self.badge and showing_face:
            self._paint_badge(painter, w, h)
        if self.winning or self.leads:
            self._paint_trick_marks(painter, w, h, radius)
        if self.legal or self.selected:
            colours = theme.current()
            colour = QColor(colours.card_selected if self.selected else colours.card_legal)
            pen = QPen(colour, max(2.0, w * 0.035))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = pen.widthF() / 2
            painter.drawRoundedRect(QRectF(-w / 2 + inset, -h / 2 + inset,
                                           w - 2 * inset, h - 2 * inset), radius, radius)
        painter.restore()

    def _paint_trick_marks(self, painter: QPainter, w: float, h: float,
                           radius: float) -> None:
        """Shapes, not letters, so they read the same in every language: a frame and
        a star for the winning card, an arrow for the lead — each on a tab of its own
        colour with a dark or light edge, readable on either cloth and on a
        high-contrast face."""
        gold = QColor(theme.current().peek_winner)
        tab = max(9.0, w * 0.2)
        if self.winning:
            pen = QPen(gold, max(2.5, w * 0.05))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = pen.widthF() / 2
            painter.drawRoundedRect(QRectF(-w / 2 + inset, -h / 2 + inset,
                                           w - 2 * inset, h - 2 * inset), radius, radius)
            box = QRectF(tab * 0.08, -h / 2 - tab * 0.6, tab, tab)  # clear of the index
            painter.setPen(QPen(QColor(20, 20, 20), 1.2))
            painter.setBrush(gold)
            painter.drawEllipse(box)
            painter.setBrush(QColor(20, 20, 20))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPolygon(_star(box.center(), tab * 0.38))
        if self.leads:
            box = QRectF(-tab * 1.08, -h / 2 - tab * 0.6, tab, tab)
            painter.setPen(QPen(QColor(240, 240, 240), 1.2))
            painter.setBrush(QColor(20, 20, 20, 230))
            painter.drawEllipse(box)
            c, r = box.center(), tab * 0.26
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255))
            painter.drawPolygon(QPolygonF([QPointF(c.x() - r * 0.8, c.y() - r),
                                           QPointF(c.x() + r * 1.1, c.y()),
                                           QPointF(c.x() - r * 0.8, c.y() + r)]))

    @staticmethod
    def _badge_font(width: float) -> QFont:
        font = QFont()
        font.setPixelSize(max(9, round(width * 0.14)))
        font.setBold(True)
        return font

    def _paint_badge(self, painter: QPainter, w: float, h: float) -> None:
        font = self._badge_font(w)
        metrics = QFontMetricsF(font)
        text = self.badge  # whole: on a small card it reaches past the card's edges
        tw, th = metrics.horizontalAdvance(text) + 6, metrics.height() + 2
        rect = QRectF(-tw / 2, h / 2 - th - h * 0.06, tw, th)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 20, 205))
        painter.drawRoundedRect(rect, th * 0.3, th * 0.3)
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    # --- input: the scene decides what a press or a drag means ----------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        handler: Any = self.scene()
        if handler is not None and hasattr(handler, "card_pressed"):
            handler.card_pressed(self, event)
        else:
            event.ignore()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        handler: Any = self.scene()
        if handler is not None and hasattr(handler, "card_dragged"):
            handler.card_dragged(self, event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        handler: Any = self.scene()
        if handler is not None and hasattr(handler, "card_released"):
            handler.card_released(self, event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        handler: Any = self.scene()
        if handler is not None and hasattr(handler, "card_double_clicked"):
            handler.card_double_clicked(self, event)


def _star(centre: QPointF, radius: float) -> QPolygonF:
    """A five-pointed star around ``centre``."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(QPointF(centre.x() + r * math.cos(angle),
                              centre.y() + r * math.sin(angle)))
    return QPolygonF(points)
