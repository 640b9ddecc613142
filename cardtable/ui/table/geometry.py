"""Where everything sits on the table, as plain numbers (no Qt), so that the layout for
2 to 8 seats at any window size can be reasoned about and tested on its own.

The viewer sits at the bottom.  Play goes clockwise, so the seat to the viewer's left
is drawn at the left, the next one further round, and so on.  Scene coordinates are
the view's pixels (the scene is resized with the window, not scaled), so the card art
is always drawn at its true size and stays sharp.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.cards import CARD_RATIO
from cardtable.ui.table.layout import OPEN_HAND

HAND_STEP_MAX = 0.8
"""The viewer's cards overlap no more than this (a share of a card's width) where the
window has the room: most of each face shows."""
"""Card height / width (the classic 5:7)."""
HAND_SPAN_MAX = 12.0
"""…and the hand spreads over at most this many card widths."""
OPEN_STEP_READABLE = 0.42
"""Watching again, each face-up card of another seat shows at least this share of its
width: its rank and suit in the corner can be read."""
OPEN_STEP_MAX = 0.5
"""…and no more, so a short hand stays compact."""
OPEN_ROW_DROP = 0.42
"""A second row of an open hand lies this share of a card's height lower: the row
behind still shows its corners."""
OPEN_HAND_MAX = 17
"""The most cards a hand holds (Трефы with three or six players): room is kept for them."""
GAP = 4.0
"""Pixels kept between things that must not touch."""

Box = tuple[float, float, float, float]
"""A rectangle as (left, top, right, bottom), in scene pixels."""


def box_of(centre: tuple[float, float], width: float, height: float) -> Box:
    x, y = centre
    return x - width / 2, y - height / 2, x + width / 2, y + height / 2


def boxes_overlap(a: Box, b: Box, touch: float = 0.0) -> bool:
    """Whether ``a`` and ``b`` share more than a ``touch``-pixel strip."""
    return (a[0] < b[2] - touch and b[0] < a[2] - touch
            and a[1] < b[3] - touch and b[1] < a[3] - touch)


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
    """Where everything goes on a table of one size: the cards' sizes and each seat's places."""

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
        shows (:meth:`open_hand_positions`)."""
        if count <= 0:
            return []
        if open_hand:
            return self.open_hand_positions(position, count)
        place = self.seats[position]
        w = self.card_w * place.hand_scale
        step = min(w * 0.28, (self.card_w * 2.2) / max(count - 1, 1))
        x0, y0 = place.hand
        left = x0 - step * (count - 1) / 2
        return [(left + i * step, y0) for i in range(count)]

    def open_card_width(self, position: int) -> float:
        return self.card_w * self.seats[position].hand_scale * OPEN_HAND

    def plate_box(self, position: int) -> Box:
        return box_of(self.seats[position].plate, *self.plate_size)

    def open_hand_room(self, position: int) -> float:
        """How wide the face-up hand of the seat at ``position`` may spread, centred on
        its seat: inside the table, and half the way to a seat beside it at most."""
        x, y = self.seats[position].hand
        h = self.open_card_width(position) * CARD_RATIO
        margin = max(8.0, self.card_w * 0.12)
        room = 2 * min(x - margin, self.width - margin - x)
        for other, place in enumerate(self.seats[1:], start=1):
            ox, oy = place.hand
            if other != position and abs(oy - y) < h * (1 + OPEN_ROW_DROP) * 1.2:
                room = min(room, abs(ox - x) - 2 * GAP)
        return max(room, self.open_card_width(position))

    def open_hand_layout(self, position: int, count: int) -> tuple[int, int, float]:
        """(rows, cards per row, step) of a face-up hand of ``count`` cards: one row
        where every corner shows within :meth:`open_hand_room`, else two or three."""
        w = self.open_card_width(position)
        room = self.open_hand_room(position)
        rows = 1
        per_row = max(count, 1)
        while rows < 3 and w + (per_row - 1) * w * OPEN_STEP_READABLE > room:
            rows += 1
            per_row = math.ceil(count / rows)
        step = min(w * OPEN_STEP_MAX, (room - w) / max(per_row - 1, 1))
        return rows, per_row, step

    def open_hand_positions(self, position: int, count: int) -> list[tuple[float, float]]:
        """Centres of a face-up hand (watching again), row by row, front row last: the
        rows stand on the seat's plate, never behind it, and each lower row leaves the
        corners of the one behind it in view."""
        if count <= 0:
            return []
        w = self.open_card_width(position)
        h = w * CARD_RATIO
        rows, per_row, step = self.open_hand_layout(position, count)
        x0 = self.seats[position].hand[0]
        plate_top = self.plate_box(position)[1]
        front_y = plate_top - GAP / 2 - h / 2
        out = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            left = x0 - step * (in_row - 1) / 2
            out.append((left + col * step, front_y - (rows - 1 - row) * h * OPEN_ROW_DROP))
        return out

    def hand_box(self, position: int, count: int, open_hand: bool = False) -> Box | None:
        """What the hand of ``count`` cards of the seat at ``position`` covers."""
        if count <= 0:
            return None
        if position == 0:
            spots = self.hand_positions(count)
            w = self.card_w
        else:
            spots = self.other_hand_positions(position, count, open_hand)
            w = self.open_card_width(position) if open_hand \
                else self.card_w * self.seats[position].hand_scale
        h = w * CARD_RATIO
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        return min(xs) - w / 2, min(ys) - h / 2, max(xs) + w / 2, max(ys) + h / 2

    def seat_boxes(self, hand_counts: Sequence[int]) -> list[Box]:
        """Every seat's plate and hand (``hand_counts`` by position round the table,
        the viewer's first): what a panel over the cloth must leave in view."""
        out = [self.plate_box(p) for p in range(len(self.seats))]
        for position, count in enumerate(hand_counts[:len(self.seats)]):
            hand = self.hand_box(position, count)
            if hand is not None:
                out.append(hand)
        return out

    def panel_spot(self, keep_clear: Sequence[Box], width: float, min_width: float,
                   height_for: Callable[[float], float]) -> Box | None:
        """Where a panel goes over the cloth: as near the middle as it can lie without
        covering any of ``keep_clear`` (plates, hands, piles, declaration cards), at
        ``width`` or narrower down to ``min_width`` (``height_for`` says how tall it
        is then); None where it cannot."""
        cx, cy = self.centre
        w = min(width, self.width - 2 * GAP)
        narrowest = min(min_width, w)
        while True:
            spot = self._free_row(keep_clear, cx, cy, w, height_for(w))
            if spot is not None or w <= narrowest:
                return spot
            w = max(narrowest, w - 16)

    def middle_spot(self, width: float, height: float) -> Box:
        """A panel of this size in the middle of the table, inside it."""
        cx, cy = self.centre
        w = min(width, self.width - 2 * GAP)
        top = max(GAP, min(cy - height / 2, self.height - GAP - height))
        return cx - w / 2, top, cx + w / 2, top + height

    def _free_row(self, keep_clear: Sequence[Box], cx: float, cy: float, w: float,
                  h: float) -> Box | None:
        """The ``w`` × ``h`` box centred at ``cx`` nearest to ``cy`` that covers none of
        ``keep_clear`` and lies on the table, or None."""
        low, high = GAP, self.height - GAP - h
        if high < low:
            return None
        ideal = min(max(cy - h / 2, low), high)
        tops = sorted({ideal, low, high, *(t for t in (
            *(b[3] + GAP for b in keep_clear), *(b[1] - GAP - h for b in keep_clear))
            if low <= t <= high)}, key=lambda t: abs(t - ideal))
        for top in tops:
            spot = (cx - w / 2, top, cx + w / 2, top + h)
            if not any(boxes_overlap(spot, b) for b in keep_clear):
                return spot
        return None

    def hand_reach(self, position: int, open_hand: bool = False) -> float:
        """Half the width the hand of the seat at ``position`` > 0 may take at most:
        what lies beside it (a won pile) keeps clear of this."""
        if open_hand:
            w = self.open_card_width(position)
            return min(self.open_hand_room(position),
                       w * (1 + OPEN_STEP_MAX * (OPEN_HAND_MAX - 1))) / 2
        w = self.card_w * self.seats[position].hand_scale
        return (w + self.card_w * 2.2) / 2


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
