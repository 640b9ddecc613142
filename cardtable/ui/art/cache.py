"""The card art on screen: SVG rendered through QtSvg into pixmaps, cached.

:class:`CardArt` renders the faces and backs of :mod:`cardtable.ui.art.svg` at the
device pixel ratio, so a card is never scaled from a bitmap and is never blurry or
jagged, and keeps a bounded cache because the table asks for the same few sizes over
and over; a size not seen before is rendered on a worker thread.  The back designs'
names in the interface language live here too, beside the only other Qt they need.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from cardtable.cards import Card
from cardtable.ui.art.svg import (
    DECKS,
    DEFAULT_BACK_STYLE,
    back_svg,
    card_height,
    face_svg,
    known_back_style,
)
from cardtable.ui.i18n import QT_TRANSLATE_NOOP

BACK_STYLE_TEXT: dict[str, str] = {
    "classic": QT_TRANSLATE_NOOP("CardArt", "Classic"),
    "ornament": QT_TRANSLATE_NOOP("CardArt", "Ornament"),
    "plain": QT_TRANSLATE_NOOP("CardArt", "Plain"),
}
"""Names of the back designs, marked for lupdate; :func:`back_style_name` translates."""


def back_style_name(style: str) -> str:
    """The name of a back design in the interface language (for a settings list)."""
    return QCoreApplication.translate("CardArt", BACK_STYLE_TEXT[known_back_style(style)])



def render_svg(svg: str, width_px: int, height_px: int) -> QImage:
    """Render SVG text into a transparent image of exactly ``width_px`` × ``height_px``."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    image = QImage(width_px, height_px, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, width_px, height_px))
    painter.end()
    return image


CacheKey = tuple[int | str, int, int, float, bool, bool, bool, str]
"""(card or "back", deck, width, dpr, russian, four colour, high contrast, back style);
a face has deck 0 and no back style, a back has none of the face's three switches."""


class CardArt(QObject):
    """Pixmaps of faces and backs, rendered on demand at the device pixel ratio and cached.

    The table draws the same cards at a handful of sizes many times a second, and
    rendering SVG is far slower than blitting, hence the cache; it is bounded
    (least recently used goes first) because window resizes pass through many sizes.
    :meth:`pixmap` renders at once; :meth:`pixmap_soon`, for painting, renders a size
    not seen before on a worker thread and meanwhile gives the nearest size it has,
    so a resize never waits for the art.
    """

    rendered = Signal()
    """New sizes have been rendered: whatever shows stand-ins may repaint."""
    _arrived = Signal(object, object)
    """(key, QImage) from the render thread, delivered in the GUI thread (queued)."""

    def __init__(self, russian: bool = False, four_colour: bool = False, capacity: int = 320,
                 parent: QObject | None = None, *, high_contrast: bool = False,
                 back_style: str = DEFAULT_BACK_STYLE) -> None:
        super().__init__(parent)
        self._pending: set[CacheKey] = set()
        self._renderer: ThreadPoolExecutor | None = None
        self._arrived.connect(self._store, Qt.ConnectionType.QueuedConnection)
        self._russian = russian
        self._four_colour = four_colour
        self._high_contrast = high_contrast
        self._back_style = known_back_style(back_style)
        self._capacity = max(1, capacity)
        self._cache: OrderedDict[CacheKey, QPixmap] = OrderedDict()

    @property
    def russian(self) -> bool:
        return self._russian

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @property
    def high_contrast(self) -> bool:
        return self._high_contrast

    @property
    def back_style(self) -> str:
        """The design of the backs (one of :data:`BACK_STYLES`)."""
        return self._back_style

    def __len__(self) -> int:
        return len(self._cache)

    def set_language(self, russian: bool) -> None:
        """Switch the court and ace indices; faces are re-rendered, backs are kept."""
        if russian != self._russian:
            self._russian = russian
            self._drop_faces()

    def set_four_colour(self, four_colour: bool) -> None:
        """Switch to or from four-colour suits; faces are re-rendered, backs are kept."""
        if four_colour != self._four_colour:
            self._four_colour = four_colour
            self._drop_faces()

    def set_high_contrast(self, high_contrast: bool) -> None:
        """Switch to or from the high-contrast faces; faces are re-rendered, backs kept."""
        if high_contrast != self._high_contrast:
            self._high_contrast = high_contrast
            self._drop_faces()

    def set_back_style(self, style: str) -> None:
        """Switch the design of the backs (an unknown one: the default); backs are
        re-rendered, faces are kept."""
        style = known_back_style(style)
        if style != self._back_style:
            self._back_style = style
            for key in [k for k in self._cache if k[0] == "back"]:
                del self._cache[key]

    def clear(self) -> None:
        self._cache.clear()

    def _drop_faces(self) -> None:
        for key in [k for k in self._cache if k[0] != "back"]:
            del self._cache[key]

    def _current(self, key: CacheKey) -> bool:
        """Whether ``key`` is drawn as the art is set now (a render may finish late)."""
        if key[0] == "back":
            return key[7] == self._back_style
        return key[4:7] == (self._russian, self._four_colour, self._high_contrast)

    def pixmap(self, card: int | None, width: int, dpr: float = 1.0, deck: int = 0) -> QPixmap:
        """The face of ``card`` (or the back of ``deck`` when ``card`` is None), ``width``
        logical pixels wide and ``round(width * CARD_RATIO)`` high, crisp at ``dpr``."""
        key = self._key(card, width, dpr, deck)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        height = card_height(width)
        return self._keep(key, render_svg(self._svg(key), round(width * dpr),
                                          round(height * dpr)))

    def pixmap_soon(self, card: int | None, width: int, dpr: float = 1.0,
                    deck: int = 0) -> QPixmap:
        """As :meth:`pixmap`, but a size not rendered yet is rendered on a worker thread
        (then :attr:`rendered` is said) while the nearest size already rendered stands
        in, to be drawn scaled; only a card never rendered at all is rendered now."""
        key = self._key(card, width, dpr, deck)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        stand_in = self._nearest(key)
        if stand_in is None:
            return self.pixmap(card, width, dpr, deck)
        if key not in self._pending:
            self._pending.add(key)
            if self._renderer is None:
                self._renderer = ThreadPoolExecutor(1, thread_name_prefix="card-art")
            height = card_height(width)
            job = self._renderer.submit(render_svg, self._svg(key), round(width * dpr),
                                        round(height * dpr))
            job.add_done_callback(lambda done: self._deliver(key, done))
        return stand_in

    def _deliver(self, key: CacheKey, done: Future[QImage]) -> None:
        """In the render thread: hand the image to the GUI thread (which alone makes
        pixmaps).  The art may be gone by then, when the program is closing."""
        if done.exception() is None:
            with contextlib.suppress(RuntimeError):
                self._arrived.emit(key, done.result())

    def _store(self, key: CacheKey, image: QImage) -> None:
        self._pending.discard(key)
        if self._current(key):
            self._keep(key, image)
            self.rendered.emit()

    def _keep(self, key: CacheKey, image: QImage) -> QPixmap:
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(key[3])
        self._cache[key] = pixmap
        while len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        return pixmap

    def _nearest(self, key: CacheKey) -> QPixmap | None:
        """The same card at the size nearest ``key``'s (a larger one when tied)."""
        best: tuple[float, QPixmap] | None = None
        for other, pixmap in self._cache.items():
            if other[0] == key[0] and other[1] == key[1] and other[3:] == key[3:]:
                distance = abs(other[2] - key[2]) - (0.5 if other[2] > key[2] else 0)
                if best is None or distance < best[0]:
                    best = (distance, pixmap)
        return None if best is None else best[1]

    def _key(self, card: int | None, width: int, dpr: float, deck: int) -> CacheKey:
        """The cache key of a face or back; a bad argument is refused."""
        if width < 1:
            raise ValueError(f"card width must be positive: {width!r}")
        if not dpr > 0:
            raise ValueError(f"device pixel ratio must be positive: {dpr!r}")
        dpr = float(dpr)
        if card is None:
            if deck not in range(DECKS):
                raise ValueError(f"no such deck: {deck!r}")
            key: CacheKey = ("back", deck, width, dpr, False, False, False, self._back_style)
        else:
            card = Card(card)
            key = (int(card), 0, width, dpr, self._russian, self._four_colour,
                   self._high_contrast, "")
        return key

    @staticmethod
    def _svg(key: CacheKey) -> str:
        """The SVG of what ``key`` names (made only when a size must be rendered)."""
        what, deck, _, _, russian, four_colour, high_contrast, style = key
        if isinstance(what, str):  # "back"
            return back_svg(deck, style)
        return face_svg(Card(what), russian, four_colour, high_contrast)
