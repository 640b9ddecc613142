"""Where a panel over the cloth goes (a choice to make, the hand-over): near the
middle of the table, but never over a seat's plate or hand, a won pile, the stock or
a declaration card — narrower, in fewer columns or moved up or down where the window
is small (three players at 1024×700 with large cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from cardtable.ui.table.geometry import Box

if TYPE_CHECKING:
    from cardtable.ui.table.scene import TableScene


def keep_clear(scene: TableScene) -> list[Box]:
    """Everything on the table a panel must leave in view, in scene pixels."""
    g = scene.geom
    counts = [len(scene.hands[(scene.viewer + p) % scene.n]) for p in range(scene.n)] \
        if scene.hands else []
    return [*g.seat_boxes(counts), *scene.furniture.boxes()]


def panel_rect(panel: QWidget, scene: TableScene) -> QRect:
    """The panel's place in scene pixels (the view shows the scene unscaled from its
    corner, so these are the viewport's pixels too).  Buttons go into fewer columns
    while that is what it takes to leave everything in view."""
    g = scene.geom
    boxes = keep_clear(scene)
    while True:
        panel.adjustSize()
        hint, least = panel.sizeHint(), panel.minimumSizeHint()

        def height_for(width: float, tall: int = hint.height(),
                       least_h: int = least.height()) -> float:
            wrapped = panel.heightForWidth(int(width))
            return float(max(wrapped if wrapped > 0 else tall, least_h))

        spot = g.panel_spot(boxes, hint.width(), least.width(), height_for)
        columns = getattr(panel, "columns", 1)
        if spot is not None or columns <= 1 or not hasattr(panel, "set_columns"):
            break
        panel.set_columns(columns - 1)
    if spot is None:
        spot = g.middle_spot(hint.width(), height_for(hint.width()))
    left, top, right, bottom = spot
    return QRect(round(left), round(top), round(right - left), round(bottom - top))
