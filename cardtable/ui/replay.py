"""Watching a game again: every hand face up, step by step or at a chosen pace, back
and forward, deal by deal, and taking over from any position not at the end.

:class:`ReplaySession` drives the table from a :class:`~cardtable.engine.timeline.Timeline`
(the game's history, which it never changes); :class:`ReplayBar` is its row of
controls under the table.  The game in progress, if any, waits in the controller
meanwhile and comes back when the replay closes.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QKeySequence, QPainter, QPixmap, QPolygonF, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from cardtable.engine.actions import Play
from cardtable.engine.match import ActStep, Match
from cardtable.engine.timeline import Timeline
from cardtable.ui import texts, theme
from cardtable.ui.games import review_words
from cardtable.ui.games.review_words import ReviewWords
from cardtable.ui.pace import PACES, Pace
from cardtable.ui.review.decision_panel import DecisionPanel
from cardtable.ui.review.marks import MARK_STYLES, MarkedSlider, ReviewList, Tick, legend_html
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.scene import TableScene

if TYPE_CHECKING:
    from cardtable.ai.review import Decision, Review

SPEEDS = ("slow", "normal", "fast")
"""The paces a replay plays at (instant would show nothing)."""
RAISED = 100
"""How far a card the review marks is lifted over its neighbours in the fan."""

def bar_css(colours: theme.Theme) -> str:
    """The replay bar's style sheet in ``colours``: the info bar's colours, below the
    table."""
    return f"""
QFrame#replaybar {{ background: {theme.css(colours.bar)};
    border-top: 1px solid {theme.css(colours.bar_border)}; }}
QFrame#replaybar QLabel {{ color: {theme.css(colours.bar_text)}; }}
QFrame#replaybar QToolButton {{ border: 1px solid transparent; border-radius: 4px;
    padding: 2px; }}
QFrame#replaybar QToolButton:hover, QFrame#replaybar QToolButton:focus {{
    border-color: {theme.css(colours.bar_status)}; }}
QFrame#replaybar QListWidget {{ background: {theme.css(colours.bar_border)};
    color: {theme.css(colours.bar_text)}; border: 1px solid {theme.css(colours.bar_text)}; }}
QFrame#replaybar QListWidget::item:selected {{ background: {theme.css(colours.bar_status)};
    color: #1e1e19; }}
QFrame#replaybar QLabel#title {{ font-weight: bold; }}
QFrame#replaybar QFrame#hindsight {{ border: 1px dashed {theme.css(colours.bar_text)};
    border-radius: 4px; }}
"""


def media_icon(kind: str, px: int = 32) -> QIcon:
    """A light media-control symbol for the dark bar, drawn here so that it reads on
    the cloth (the style's own icons are dark): ``play``, ``pause``, ``back``,
    ``forward``, ``first`` (the deal before) and ``last`` (the deal after)."""
    icon = QIcon()
    for mode, alpha in ((QIcon.Mode.Normal, 255), (QIcon.Mode.Disabled, 90)):
        pixmap = QPixmap(px, px)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(theme.current().bar_text)
        colour.setAlpha(alpha)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        _draw_symbol(painter, kind, px)
        painter.end()
        icon.addPixmap(pixmap, mode)
    return icon


def _draw_symbol(painter: QPainter, kind: str, px: float) -> None:
    top, bottom, mid = px * 0.2, px * 0.8, px / 2
    bar = px * 0.12

    def triangle(x0: float, x1: float) -> None:
        """A triangle pointing from x0 towards x1."""
        painter.drawPolygon(QPolygonF([QPointF(x0, top), QPointF(x1, mid),
                                       QPointF(x0, bottom)]))

    def upright(x: float, width: float) -> None:
        painter.drawRect(QRectF(x, top, width, bottom - top))

    if kind == "play":
        triangle(px * 0.3, px * 0.78)
    elif kind == "pause":
        upright(px * 0.28, bar * 1.4)
        upright(px * 0.72 - bar * 1.4, bar * 1.4)
    elif kind == "forward":
        triangle(px * 0.32, px * 0.72)
    elif kind == "back":
        triangle(px * 0.68, px * 0.28)
    elif kind == "last":
        triangle(px * 0.2, px * 0.52)
        triangle(px * 0.5, px * 0.76)
        upright(px * 0.76, bar)
    elif kind == "first":
        triangle(px * 0.8, px * 0.48)
        triangle(px * 0.5, px * 0.24)
        upright(px * 0.24 - bar, bar)


class ReplayBar(QFrame):
    """The replay's controls: the deal, the move, play and pause, the speed, taking
    over and closing; and, under them while a review is shown, its marked decisions
    (:attr:`review_area`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replaybar")
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 4, 10, 4)
        column.setSpacing(4)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)

        def tool(kind: str) -> QToolButton:
            button = QToolButton(self)
            button.setIcon(media_icon(kind))
            button.setAutoRaise(True)
            row.addWidget(button)
            return button

        self.previous_deal = tool("first")
        self.back = tool("back")
        self.play = tool("play")
        self.forward = tool("forward")
        self.next_deal = tool("last")
        self.deal = QComboBox(self)
        self.deal.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        row.addWidget(self.deal)
        self.slider: QSlider = MarkedSlider(Qt.Orientation.Horizontal, self)
        self.slider.setMinimumWidth(120)
        row.addWidget(self.slider, 1)
        self.where = QLabel(self)
        row.addWidget(self.where)
        self.speed = QComboBox(self)
        for key in SPEEDS:
            self.speed.addItem("", key)
        self.speed.setCurrentIndex(SPEEDS.index("normal"))
        row.addWidget(self.speed)
        self.sheet = QPushButton(self)
        self.take_over = QPushButton(self)
        self.close_button = QPushButton(self)
        for button in (self.sheet, self.take_over, self.close_button):
            row.addWidget(button)
        self._build_review_area(column)
        self.playing = False
        self.name_controls()
        self.apply_theme()

    def _build_review_area(self, column: QVBoxLayout) -> None:
        """The review's part, hidden until a review is shown: the legend and the
        buttons to the previous and next marked decision over the list of the costliest
        ones, and the panel of the decision stood on."""
        self.review_area = QWidget(self)
        area = QHBoxLayout(self.review_area)
        area.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        head = QHBoxLayout()
        self.legend = QLabel(self.review_area)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)  # a narrow window: the legend under the heading
        head.addWidget(self.legend, 1)
        self.previous_marked = QToolButton(self.review_area)
        self.next_marked = QToolButton(self.review_area)
        for button, kind in ((self.previous_marked, "back"), (self.next_marked, "forward")):
            button.setIcon(media_icon(kind, 20))
            button.setAutoRaise(True)
            head.addWidget(button)
        left.addLayout(head)
        self.marked_list = ReviewList(self.review_area)
        self.marked_list.setMaximumHeight(96)
        left.addWidget(self.marked_list)
        area.addLayout(left, 1)
        self.decision = DecisionPanel(self.review_area)
        area.addWidget(self.decision, 1)
        column.addWidget(self.review_area)
        self.review_area.hide()

    def apply_theme(self) -> None:
        """The bar and its symbols in the current theme."""
        theme.restyle(self, bar_css(theme.current()))
        for button, kind in ((self.previous_deal, "first"), (self.back, "back"),
                             (self.forward, "forward"), (self.next_deal, "last")):
            button.setIcon(media_icon(kind))
        self.set_playing(self.playing)

    def name_controls(self) -> None:
        """Every control's words in the interface language (again after a change)."""
        def name(button: QToolButton, text: str, key: str) -> None:
            native = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
            button.setToolTip(f"{text} ({native})")
            button.setAccessibleName(text)

        name(self.previous_deal, self.tr("Previous deal"), "PgUp")
        name(self.back, self.tr("Step back"), "Left")
        name(self.forward, self.tr("Step forward"), "Right")
        name(self.next_deal, self.tr("Next deal"), "PgDown")
        self.set_playing(self.playing)
        self.deal.setAccessibleName(self.tr("Deal"))
        self.deal.setToolTip(self.tr("Jump to a deal"))
        self.slider.setAccessibleName(self.tr("Position in the game"))
        self.where.setAccessibleName(self.tr("Position"))
        self.speed.setAccessibleName(self.tr("Speed"))
        self.speed.setToolTip(self.tr("How fast the game is played back"))
        names = {"slow": self.tr("Slow"), "normal": self.tr("Normal"), "fast": self.tr("Fast")}
        for index, key in enumerate(SPEEDS):
            self.speed.setItemText(index, names[key])
        self.sheet.setText(self.tr("Score sheet"))
        self.take_over.setText(self.tr("Take over from here"))
        self.take_over.setToolTip(self.tr("Play on from this position; what followed it "
                                          "is left out"))
        self.close_button.setText(self.tr("Close replay"))
        self.close_button.setToolTip(self.tr("Back to the table (Esc)"))
        name(self.previous_marked, ReviewWords.tr("Previous marked decision"), "P")
        name(self.next_marked, ReviewWords.tr("Next marked decision"), "N")
        self.marked_list.setAccessibleName(ReviewWords.tr("Costliest decisions"))
        self.decision.name_controls()

    def set_playing(self, playing: bool) -> None:
        self.playing = playing
        self.play.setIcon(media_icon("pause" if playing else "play"))
        name = self.tr("Pause") if playing else self.tr("Play")
        self.play.setAccessibleName(name)
        self.play.setToolTip(f"{name} ({QKeySequence('Space').toString()})")


class ReplaySession(QObject):
    """One game watched again on ``scene``, from the seat ``viewer`` at the bottom."""

    moved = Signal()
    """The position changed (the window updates the rule line and the sheet)."""
    closed = Signal()
    takeOver = Signal(object)
    """The person takes over: the :class:`Match` as it stands at the position."""
    sheetRequested = Signal()

    def __init__(self, match: Match, scene: TableScene, presenter: Any, viewer: int,
                 bar: ReplayBar, shortcuts_on: QWidget) -> None:
        super().__init__(bar)
        self.timeline = Timeline(match)
        self.scene = scene
        self.presenter = presenter
        self.viewer = viewer
        self.bar = bar
        self.playing = False
        self._links: list[tuple[Any, Any]] = []
        self.review: Review | None = None
        """The fair review shown (its marks on the slider and the list), if any."""
        self.hindsight: Review | None = None
        """The same decisions judged with every card known: said apart, never marked."""
        self._decisions: dict[int, Decision] = {}
        self._hindsight: dict[int, Decision] = {}
        self._views: dict[int, Any] = {}
        self._marked_cards: list[tuple[CardItem, float]] = []
        """The cards marked on the table, each with the height it was raised to."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._tick)
        self._shortcuts: list[QShortcut] = []
        for key, slot in (("Left", lambda: self.step(-1)), ("Right", lambda: self.step(1)),
                          ("Home", self.deal_start), ("End", self.deal_end),
                          ("PgUp", self.previous_deal), ("PgDown", self.next_deal),
                          ("Space", self.toggle_play), ("Esc", self.close),
                          ("N", lambda: self.step_marked(1)),
                          ("P", lambda: self.step_marked(-1))):
            shortcut = QShortcut(QKeySequence(key), shortcuts_on)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)
            self._shortcuts.append(shortcut)
        self._connect_bar()

    # --- set-up ----------------------------------------------------------------------------

    def _connect_bar(self) -> None:
        bar = self.bar
        timeline = self.timeline
        self._disconnect_bar()
        bar.deal.blockSignals(True)
        bar.deal.clear()
        count = len(timeline.deal_starts)
        for deal in range(count):
            bar.deal.addItem(self.presenter.deal_number(deal + 1), deal)
        bar.deal.blockSignals(False)
        bar.slider.setRange(self.first, timeline.length)
        links = [(bar.previous_deal.clicked, self.previous_deal),
                 (bar.back.clicked, lambda: self.step(-1)),
                 (bar.play.clicked, self.toggle_play),
                 (bar.forward.clicked, lambda: self.step(1)),
                 (bar.next_deal.clicked, self.next_deal),
                 (bar.deal.activated, self._deal_chosen),
                 (bar.slider.valueChanged, self._slid),
                 (bar.sheet.clicked, self.sheetRequested.emit),
                 (bar.take_over.clicked, self._take_over),
                 (bar.close_button.clicked, self.close),
                 (bar.marked_list.chosen, self.go_to),
                 (bar.previous_marked.clicked, lambda: self.step_marked(-1)),
                 (bar.next_marked.clicked, lambda: self.step_marked(1)),
                 (bar.decision.takeOver, self.take_over_at)]
        self._links = [(signal, signal.connect(slot)) for signal, slot in links]
        bar.set_playing(False)
        self._fill_review()

    def reword(self, presenter: Any) -> None:
        """The game's words changed (another language): name the deals again."""
        self.presenter = presenter
        position = self.position
        self._connect_bar()
        self.show(position)

    def _disconnect_bar(self) -> None:
        for signal, connection in self._links:
            signal.disconnect(connection)
        self._links = []

    @property
    def first(self) -> int:
        """The first position worth showing: the first deal lying dealt."""
        return self.timeline.deal_starts[0] if self.timeline.deal_starts else 0

    @property
    def pace(self) -> Pace:
        return PACES[str(self.bar.speed.currentData() or "normal")]

    @property
    def position(self) -> int:
        return self.timeline.position

    # --- showing a position ---------------------------------------------------------------

    def _faces(self) -> list[tuple[int, ...]]:
        state = self.timeline.state
        return [tuple(state.view(seat).hand) for seat in range(state.n)]

    def show(self, position: int) -> None:
        """Jump to ``position`` (clamped to the game), laid out at once."""
        position = max(self.first, min(self.timeline.length, position))
        self.timeline.seek(position)
        self.scene.set_pace(self.pace)
        self.scene.show_open(self.timeline.state.view(self.viewer), self._faces())
        self._moved()

    def step(self, delta: int) -> None:
        """One step forward (animated) or back (at once)."""
        self.pause()
        self._step(delta)

    def _step(self, delta: int) -> bool:
        timeline = self.timeline
        if delta < 0:
            if timeline.position <= self.first:
                return False
            self.show(timeline.position - 1)
            return True
        if timeline.position >= timeline.length:
            return False
        events = timeline.forward()
        self.scene.set_pace(self.pace)
        self.scene.show_open(timeline.state.view(self.viewer), self._faces(), events)
        self._moved()
        return True

    def _moved(self) -> None:
        bar = self.bar
        timeline = self.timeline
        deal = max(0, timeline.deal_of(timeline.position))
        bar.slider.blockSignals(True)
        bar.slider.setValue(timeline.position)
        bar.slider.blockSignals(False)
        bar.deal.setCurrentIndex(deal)
        if timeline.deal_starts:
            made = timeline.position - timeline.deal_starts[deal]
            bar.where.setText(texts.fill(self.tr("move %1 of %2"), made,
                                         timeline.moves_in_deal(deal)))
        at_end = timeline.position >= timeline.length
        bar.back.setEnabled(timeline.position > self.first)
        bar.previous_deal.setEnabled(timeline.position > self.first)
        bar.forward.setEnabled(not at_end)
        bar.next_deal.setEnabled(not at_end)
        bar.play.setEnabled(not at_end or self.playing)
        bar.take_over.setEnabled(self.can_take_over())
        self._show_review_here()
        self.moved.emit()

    def deal_start(self) -> None:
        self.pause()
        deal = self.timeline.deal_of(self.position)
        if deal >= 0:
            self.show(self.timeline.deal_starts[deal])

    def deal_end(self) -> None:
        self.pause()
        deal = self.timeline.deal_of(self.position)
        starts = self.timeline.deal_starts
        self.show(starts[deal + 1] - 1 if deal + 1 < len(starts) else self.timeline.length)

    def previous_deal(self) -> None:
        """To the start of this deal, or of the one before if already there."""
        self.pause()
        deal = self.timeline.deal_of(self.position)
        starts = self.timeline.deal_starts
        if deal > 0 and self.position == starts[deal]:
            deal -= 1
        if deal >= 0:
            self.show(starts[deal])

    def next_deal(self) -> None:
        self.pause()
        deal = self.timeline.deal_of(self.position)
        starts = self.timeline.deal_starts
        self.show(starts[deal + 1] if deal + 1 < len(starts) else self.timeline.length)

    def _deal_chosen(self, index: int) -> None:
        self.pause()
        if 0 <= index < len(self.timeline.deal_starts):
            self.show(self.timeline.deal_starts[index])

    def _slid(self, value: int) -> None:
        self.pause()
        self.show(value)

    # --- playing at a pace ---------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.timeline.position >= self.timeline.length:
            return
        self.playing = True
        self.bar.set_playing(True)
        self._tick()

    def pause(self) -> None:
        self.playing = False
        self._timer.stop()
        self.bar.set_playing(False)

    def _tick(self) -> None:
        if not self.playing:
            return
        if not self._step(1):
            self.pause()
            self._moved()
            return
        # the next step once this one has been seen, and a moment to take it in
        self.scene.after_shown(lambda: self._timer.start(self.pace.move_ms)
                               if self.playing else None)

    # --- the review's marks ------------------------------------------------------------------

    def set_review(self, review: Review | None, hindsight: Review | None = None) -> None:
        """Show ``review`` on the bar and the table (None: none), with ``hindsight``
        apart.  Decisions that are not this game's seat's are left out."""
        self.review = review
        self.hindsight = hindsight if review is not None else None
        self._decisions = self._fitting(review)
        self._hindsight = self._fitting(self.hindsight)
        self._views = self._views_at(review.seat, set(self._decisions)) if review else {}
        self._fill_review()
        self._show_review_here()

    def _views_at(self, seat: int, positions: set[int]) -> dict[int, Any]:
        """``seat``'s view at each of ``positions``, in one pass over the game (the
        list's words need them all at once)."""
        t = self.timeline
        match = Match(t.game, t.game.new(t.options, t.first_dealer), t.seats, t.seed)
        views = {}
        for position, step in enumerate(t.steps):
            if position in positions:
                views[position] = match.state.view(seat)
            match.take(step)
        return views

    def _fitting(self, review: Review | None) -> dict[int, Decision]:
        if review is None or review.game != self.timeline.game.name:
            return {}
        steps = self.timeline.steps
        return {d.position: d for d in review.decisions
                if 0 <= d.position < len(steps) and isinstance(steps[d.position], ActStep)
                and steps[d.position].seat == review.seat  # type: ignore[union-attr]
                and steps[d.position].action == d.chosen}  # type: ignore[union-attr]

    def _seat_name(self) -> str | None:
        """The reviewed seat's name, None when it is the person at this screen."""
        if self.review is None or self.presenter.you == self.review.seat:
            return None
        return str(self.presenter.names[self.review.seat])

    def marked(self) -> list[Decision]:
        """The marked decisions shown, costliest first."""
        if self.review is None:
            return []
        return [d for d in self.review.marked() if d.position in self._decisions]

    def _fill_review(self) -> None:
        bar = self.bar
        slider = bar.slider
        review = self.review
        if review is None:
            bar.review_area.hide()
            if isinstance(slider, MarkedSlider):
                slider.set_ticks(())
            return
        marked = self.marked()
        lines = [(d, review_words.list_line(self.presenter, self._views[d.position], d))
                 for d in marked]
        if isinstance(slider, MarkedSlider):
            slider.set_ticks([Tick(d.position, d.mark or "", words) for d, words in lines])
        bar.marked_list.fill(lines)
        counts = [(mark, review.count(mark)) for mark in reversed(tuple(MARK_STYLES))]
        if marked:
            heading = "<b>" + escape(ReviewWords.tr("Costliest decisions")) + "</b>"
        else:
            heading = escape(ReviewWords.tr("No decision is marked."))
        heading += " &nbsp; "
        bar.legend.setText(heading + legend_html(counts))
        bar.legend.setToolTip(review_words.forced_words(review.forced))
        bar.previous_marked.setEnabled(bool(marked))
        bar.next_marked.setEnabled(bool(marked))
        bar.review_area.show()

    def _show_review_here(self) -> None:
        """The decision stood on, if the review weighed one here: the panel says it
        and the cards are marked on the table."""
        if self.review is None:
            return
        panel = self.bar.decision
        decision = self._decisions.get(self.position)
        self.bar.marked_list.select_position(self.position)
        if decision is None:
            panel.show_nothing()
            self._unmark_cards()
            return
        view = self.timeline.state.view(self.review.seat)
        panel.show_decision(self.presenter, view, decision, self._seat_name(),
                            self._hindsight.get(self.position), self.can_take_over())
        self.scene.after_shown(lambda: self._mark_cards(decision))

    def _mark_cards(self, decision: Decision) -> None:
        """The card chosen and the better one, marked in the reviewed seat's hand."""
        self._unmark_cards()
        if self.review is None or self.position != decision.position \
                or decision.best == decision.chosen or type(decision.chosen) is not Play \
                or type(decision.best) is not Play:
            return
        hands = self.scene.hands
        if not 0 <= self.review.seat < len(hands):
            return
        for action, badge, selected in ((decision.chosen, ReviewWords.tr("chosen"), False),
                                        (decision.best, ReviewWords.tr("better"), True)):
            item = next((i for i in hands[self.review.seat] if i.card == action.card), None)
            if item is None:
                continue
            item.set_marks(legal=not selected, selected=selected)
            item.prepareGeometryChange()
            item.badge = badge
            raised = item.zValue() + RAISED
            item.setZValue(raised)  # the word in full view over the fan
            item.update()
            self._marked_cards.append((item, raised))

    def _unmark_cards(self) -> None:
        for item, raised in self._marked_cards:
            if item.scene() is self.scene:
                item.set_marks()
                item.prepareGeometryChange()
                item.badge = ""
                if item.zValue() == raised:  # not laid out again since
                    item.setZValue(raised - RAISED)
                item.update()
        self._marked_cards = []

    def marked_cards(self) -> dict[int, str]:
        """The cards marked on the table now and their words (what a test reads)."""
        return {int(i.card): i.badge for i, _ in self._marked_cards if i.card is not None}

    def go_to(self, position: int) -> None:
        """To a decision, before its action: the table shows the moment of choice."""
        self.pause()
        self.show(position)

    def step_marked(self, delta: int) -> None:
        """To the next (``delta`` 1) or previous (−1) marked decision in the game."""
        positions = sorted(d.position for d in self.marked())
        here = self.position
        ahead = [p for p in positions if (p > here if delta > 0 else p < here)]
        if ahead:
            self.go_to(ahead[0] if delta > 0 else ahead[-1])

    def take_over_at(self, position: int) -> None:
        """"Take over from here" at a decision: play on from before its action."""
        self.go_to(position)
        self._take_over()

    # --- leaving --------------------------------------------------------------------------

    def can_take_over(self) -> bool:
        """Play on from here: anywhere the game is not over yet."""
        state = self.timeline.state
        return self.timeline.position >= self.first and not state.is_over

    def _take_over(self) -> None:
        if self.can_take_over():
            self.pause()
            self.takeOver.emit(self.timeline.prefix())

    def close(self) -> None:
        self.pause()
        self.closed.emit()

    def dispose(self) -> None:
        """Stop answering keys and the bar (the window shows the table again)."""
        self.pause()
        self._disconnect_bar()
        self._unmark_cards()
        self.bar.review_area.hide()
        slider = self.bar.slider
        if isinstance(slider, MarkedSlider):
            slider.set_ticks(())
        for shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.setParent(None)
        self._shortcuts = []
