"""Where everything sits on the table, as plain numbers (no Qt), so that the layout for
2 to 8 seats at any window size can be reasoned about and tested on its own.

The viewer sits at the bottom.  Play goes clockwise, so the seat to the viewer's left
is drawn at the left, the next one further round, and so on.  Scene coordinates are
the view's pixels (the scene is resized with the window, not scaled), so the card art
is always drawn at its true size and stays sharp.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.ui.table.layout import OPEN_HAND

CARD_RATIO = 1.4
HAND_STEP_MAX = 0.8
"""The viewer's cards overlap no more than this (a share of a card's width) where the
window has the room: most of each face shows."""
HAND_SPAN_MAX = 12.0
"""…and the hand spreads over at most this many card widths."""
"""Card height / width (the classic 5:7)."""


@dataclass(frozen=True)
class SeatPlace:
    """Where one seat's things go: its plate, its hand and its card in the trick."""

    angle: float
    """Direction from the table's centre, radians, screen coordinates (y down)."""
    plate: tuple[float, float]
    """Centre of the seat plate."""
    hand: tuple[float, float]
    """Centre of the hand."""
    trick: tuple[float, float]
    """Centre of the card this seat plays to the trick."""
    hand_scale: float
    """Size of this seat's hand cards relative to the viewer's."""


@dataclass(frozen=True)
class TableGeometry:
    width: float
    height: float
    card_w: float
    card_h: float
    seats: tuple[SeatPlace, ...]
    """Indexed by position round the table: 0 = the viewer, then clockwise."""
    centre: tuple[float, float]
    hand_span: float
    """How wide the viewer's fanned hand may be."""
    plate_size: tuple[float, float]
    trick_w: float = 0.0
    """Width of a card in the trick: smaller when six to eight cards must lie there."""

    def hand_positions(self, count: int, lifted: int | None = None) -> list[tuple[float, float]]:
        """Centres of the viewer's ``count`` cards, left to right."""
        if count <= 0:
            return []
        x0, y = self.seats[0].hand
        step = self.card_w * HAND_STEP_MAX
        if count > 1:
            step = min(step, (self.hand_span - self.card_w) / (count - 1))
        left = x0 - step * (count - 1) / 2
        out = []
        for i in range(count):
            lift = self.card_h * 0.18 if i == lifted else 0.0
            out.append((left + i * step, y - lift))
        return out

    def other_hand_positions(self, position: int, count: int,
                             open_hand: bool = False) -> list[tuple[float, float]]:
        """Centres of the (small, face-down) cards of the seat at ``position`` > 0; an
        ``open_hand`` (face up, a little larger) is spread so that each card's corner
        shows."""
        if count <= 0:
            return []
        place = self.seats[position]
        w = self.card_w * place.hand_scale * (OPEN_HAND if open_hand else 1.0)
        share, span = (0.36, 2.9) if open_hand else (0.28, 2.2)
        step = min(w * share, (self.card_w * span) / max(count - 1, 1))
        x0, y0 = place.hand
        left = x0 - step * (count - 1) / 2
        return [(left + i * step, y0) for i in range(count)]


def card_width_for(width: float, height: float, seats: int, scale: float = 1.0) -> float:
    """Card width for a window: big for few seats, smaller when 6–8 must fit; ``scale``
    is the card size the player chose (small 0.85, large 1.18), within what still fits."""
    by_height = height / (6.4 if seats <= 4 else 7.4)
    by_width = width / (11.0 if seats <= 4 else 13.5)
    fitting = min(by_height, by_width)
    return max(40.0, min(fitting * scale, fitting * 1.2, 380.0 * scale))


def table_geometry(width: float, height: float, seats: int,
                   scale: float = 1.0) -> TableGeometry:
    """The layout of ``seats`` seats (2 to 8) on a ``width`` × ``height`` table, the
    cards at the chosen ``scale``."""
    cw = card_width_for(width, height, seats, scale)
    ch = cw * CARD_RATIO
    cx = width / 2
    # The trick sits a little above the middle: the viewer's hand takes the bottom.
    cy = (height - ch * 0.9) / 2 + ch * 0.1
    margin = max(8.0, cw * 0.12)
    plate_w = cw * (2.2 if seats <= 4 else 1.9)
    plate_h = max(34.0, cw * 0.5)
    places = []
    # Opponents on an ellipse around the trick, clear of the viewer's hand.
    rx = width / 2 - margin - cw * 1.25
    ry = cy - margin - ch * 0.42
    # Up to five cards lie close round the middle; six to eight, a little smaller and on a
    # wider ring, so that every card's corner can be read.
    trick_rx = cw * (0.95 if seats <= 4 else 1.35 if seats == 5 else 2.5)
    trick_ry = ch * (0.42 if seats <= 4 else 0.62 if seats == 5 else 0.78)
    trick_w = cw * (1.0 if seats <= 5 else 0.8)
    hand_y = height - margin - ch / 2
    for k in range(seats):
        angle = math.pi / 2 + 2 * math.pi * k / seats
        ca, sa = math.cos(angle), math.sin(angle)
        trick = (cx + trick_rx * ca, cy + trick_ry * sa)
        if k == 0:
            hand = (cx, hand_y)
            plate = (margin + plate_w / 2, height - margin - plate_h / 2)
            places.append(SeatPlace(angle, plate, hand, trick, 1.0))
            continue
        if seats == 3:  # two opponents: up in the far corners, the trick between them
            sa = -0.8
        hx, hy = cx + rx * ca, cy + ry * sa
        scale = 0.5 if seats <= 4 else 0.42
        small_h = ch * scale
        hand = (hx, hy - small_h * 0.3)
        plate = (hx, hy + small_h * 0.2 + plate_h / 2)
        places.append(SeatPlace(angle, plate, hand, trick, scale))
    return TableGeometry(width, height, cw, ch, tuple(places), (cx, cy),
                         hand_span=min(width - 2 * (margin + plate_w + cw * 0.2),
                                       cw * HAND_SPAN_MAX),
                         plate_size=(plate_w, plate_h), trick_w=trick_w)
