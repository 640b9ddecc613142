"""The widget that shows the table: the scene is kept the size of the widget, so the
cards are drawn at their true pixel size at every window size."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from cardtable.ui.table.scene import TableScene


class TableView(QGraphicsView):
    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # The viewport is made here rather than by Qt: the first time Python meets a
        # widget Qt made, it looks it up among every widget class of QtWidgets, which
        # cost the table's start 7 ms.
        self.setViewport(QWidget())
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(480, 360)
        self.escape: Callable[[], bool] | None = None
        """Called for Esc while the table has the keys (a panel over the table closes
        as its button would); it says whether it did anything."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.escape is not None and self.escape():
            event.accept()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        scene = self.scene()
        if isinstance(scene, TableScene):
            scene.set_size(size.width(), size.height())
        self.setSceneRect(0, 0, size.width(), size.height())
