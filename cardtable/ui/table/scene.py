"""The table: a scene of card sprites that draws what the controller's signals say.

It keeps a small model — each seat's hand items, the trick items, the plates — and
brings it to the viewer's ``view`` after every step: events are animated one after
another (a queue, so a fast computer never outruns the eye), and then the model is
reconciled with the view, which is the only source of what the viewer may see.
A human's turn waits in the same queue, so the cards become playable only once
everything before has been shown.

A click, a drag onto the middle or Enter on the chosen card becomes
:attr:`TableScene.playRequested`; the engine judges it, and a refused card glides back
with the reason (:meth:`TableScene.show_refusal`).
"""

from __future__ import annotations

import functools
import random
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)
from shiboken6 import isValid

from cardtable.cards import Card
from cardtable.engine.actions import PLAY, Play
from cardtable.engine.game import (
    CardPlayed,
    DealStarted,
    Event,
    TrickWon,
    View,
)
from cardtable.ui import theme
from cardtable.ui.art.cache import CardArt
from cardtable.ui.pace import Pace, pace_of
from cardtable.ui.table.bubble import Bubble
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.dealt_deck import DealtDeck
from cardtable.ui.table.furniture import Furniture
from cardtable.ui.table.geometry import TableGeometry, table_geometry
from cardtable.ui.table.layout import (
    DRAG_THRESHOLD_CARD,
    DRAG_THRESHOLD_PX,
    LAST_TRICK_CARD,
    STOCK_CARD,
    WON_PILE_CARD,
    Z_DRAGGED,
    Z_DRAWN,
    Z_DROP_ZONE,
    Z_LAST_TRICK_BOARD,
    Z_LAST_TRICK_CARD,
    Z_LAST_TRICK_TEXT,
    drop_zone_size,
)
from cardtable.ui.table.piles import HandPile, TrickPile, hand_sort_key
from cardtable.ui.table.protocols import TableWords
from cardtable.ui.table.seat_plate import SeatPlate
from cardtable.ui.table.trick_marks import winning_index

Task = Callable[[], "QAbstractAnimation | int | None"]


class TableScene(QGraphicsScene):
    playRequested = Signal(object)
    """The human chose a card (a ``Play``); the controller decides if it may be played."""
    turnShown = Signal(int, object)
    """A human's turn has reached the table: ``(seat, view)``."""
    idle = Signal()
    """Every queued animation has been shown."""
    synced = Signal(object)
    """The table now shows this view (after a step's animations)."""
    cardSelected = Signal(int)
    """The person picked this card of the hand with the arrow keys."""
    eventShown = Signal(object)
    """An event of the game is being shown now (its animation starts): for whoever
    follows the table in step with what the eye sees — sounds, a screen reader."""
    nowShown = Signal(object)
    """The controller's :class:`Now` has reached the table (everything said before it
    has been shown): the status line says it in the same frame as the plates."""
    enterWithoutCard = Signal()
    """Enter was pressed at the person's turn with no card picked and none to choose
    for them (several legal cards, no hint)."""
    trickCollecting = Signal(object)
    """A finished trick is about to slide to its winner: the animation (a pause, then
    the slide), for whoever wants to follow it (a sound, the frame-time benchmark)."""

    def __init__(self, art: CardArt, parent: Any = None) -> None:
        super().__init__(parent)
        self.art = art
        art.rendered.connect(self.update)  # a card size has arrived from the render thread
        self.pace: Pace = pace_of("normal")
        self.card_scale = 1.0
        """The card size the player chose (against what the window gives)."""
        self.geom: TableGeometry = table_geometry(1200, 800, 4)
        self.n = 0
        self.viewer = 0
        self.names: list[str] = []
        self.hands: list[HandPile] = []
        self.trick = TrickPile(self)
        self.plates: list[SeatPlate] = []
        self.bubbles: list[Bubble] = []
        self.view: View | None = None
        self.turn_view: View | None = None
        """The view of the human's decision while it is open, else None."""
        self.turn_seat: int | None = None
        self.active_seat: int | None = None
        self.follows_now = False
        """The lit plate follows the controller's phase (:meth:`show_now`), not the
        view's seat to move (which runs ahead of what is shown)."""
        self.now: Any = None
        """The phase the table shows now (a :class:`~cardtable.ui.controller.Now`)."""
        self.hinted: int | None = None
        """The card a hint suggested at this turn (Enter plays it)."""
        self.selected: int | None = None
        self.decks = 1
        """Decks in play: with two (Трефы for 6–8) the cards show two different backs."""
        self._backs = random.Random(0)
        self.furniture = Furniture(self, art)
        self.concealed = False
        """Pass-and-play between two people: no hand is shown face up."""
        self.shown_badge = ""
        """The word on a card another seat shows, from the game's words."""
        self.open_faces: Sequence[Sequence[int]] | None = None
        """Watching a game again: every seat's hand, all shown face up (None at play)."""
        self.presenter: TableWords | None = None
        """The game's words (plates, what a seat says) and what it lays on the table."""
        self._queue: deque[Task] = deque()
        self._running = False
        self._relayout_pending = False
        self._current: QAbstractAnimation | None = None
        self._delay = QTimer()
        self._delay.setSingleShot(True)
        self._delay.timeout.connect(self._step_done)
        self._press: tuple[CardItem, QPointF] | None = None
        self._dragging = False
        self._awaiting = False
        self._peek: list[Any] = []
        self.fresh: dict[CardItem, int] = {}
        """Cards just dealt, with their place in the dealing order (for the stagger)."""
        self.deck = DealtDeck()
        """Dealt cards waiting in the middle for their flight (only the top one drawn)."""
        self._loose: set[QAbstractAnimation] = set()
        """Animations outside the queue (a card gliding home), kept alive while they run."""
        self._graveyard: list[Any] = []
        """Finished animations (and the cards they moved) are let go only after their own
        ``finished`` signal has returned: dropping the last reference inside it would
        free the animation while Qt is still stepping it."""
        self._peek_timer = QTimer()
        self._peek_timer.setSingleShot(True)
        self._peek_timer.timeout.connect(self.hide_last_trick)
        self.drop_zone = QGraphicsRectItem()
        self.apply_theme()
        self.drop_zone.setZValue(Z_DROP_ZONE)
        self.drop_zone.hide()
        self.addItem(self.drop_zone)
        self.message = Bubble(warning=True)
        self.addItem(self.message)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

    # --- set-up ----------------------------------------------------------------------------

    def set_pace(self, pace: Pace) -> None:
        self.pace = pace

    def apply_theme(self) -> None:
        """Draw the table in the current theme (:func:`theme.current`)."""
        colours = theme.current()
        self.drop_zone.setPen(QPen(QColor(colours.drop_zone_edge), 2, Qt.PenStyle.DashLine))
        self.drop_zone.setBrush(QColor(colours.drop_zone_fill))
        self.furniture.relayout()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.update()

    def set_size(self, width: float, height: float) -> None:
        """Fit the table to the window: new geometry, every item placed at once — or,
        while something moves, as soon as it has arrived (a resize must not cut the
        deal short)."""
        rect = self.sceneRect()
        if (rect.width(), rect.height()) == (width, height) and self.n:
            return
        self.setSceneRect(0, 0, width, height)
        self.geom = table_geometry(width, height, max(self.n, 2), self.card_scale)
        self.hide_last_trick()
        self.hide_bubbles()
        self._apply_geometry()
        if self._running:
            self._relayout_pending = True
        else:
            self._layout(animate=False)

    def set_card_scale(self, scale: float) -> None:
        """Cards of the chosen size, laid out at once."""
        if scale == self.card_scale:
            return
        self.card_scale = scale
        rect = self.sceneRect()
        self.setSceneRect(0, 0, rect.width() + 1, rect.height())  # forget the size
        self.set_size(rect.width(), rect.height())

    def start_game(self, presenter: TableWords, viewer: int) -> None:
        """A new game: forget every item, make the plates."""
        self.presenter = presenter
        self.shown_badge = presenter.shown_badge()
        names = presenter.names
        self._queue.clear()
        self._finish_current()
        for card in self._all_cards():
            self.removeItem(card)
        for old in (*self.plates, *self.bubbles):
            self.removeItem(old)
        self.hide_last_trick()
        self.furniture.clear()
        self.message.hide()
        self.n = len(names)
        self.viewer = viewer
        self.concealed = False
        self.open_faces = None
        self.names = list(names)
        self.hands = [HandPile(self, seat) for seat in range(self.n)]
        self.trick = TrickPile(self)
        self.view = None
        self.turn_view = None
        self.turn_seat = None
        self.active_seat = None
        self._awaiting = False
        self.plates = [SeatPlate(s, name) for s, name in enumerate(names)]
        self.bubbles = [Bubble() for _ in names]
        for new in (*self.plates, *self.bubbles):
            self.addItem(new)
        rect = self.sceneRect()
        width, height = rect.width() or 1200, rect.height() or 800
        self.geom = table_geometry(width, height, self.n, self.card_scale)
        self.setSceneRect(0, 0, width, height)
        self.furniture.position_of = self.position_of
        self._apply_geometry()
        self._layout(animate=False)

    def conceal(self, view: View) -> None:
        """Pass-and-play, between two people: every hand face down, nothing to play.
        ``view`` is the public view (no hand in it), so no face is even kept."""
        self._queue.clear()
        self._finish_current()
        self._end_turn()
        self.concealed = True
        self.hide_last_trick()
        self.hide_bubbles()  # a hint or a bubble may name a card of the one who leaves
        self.message.hide()
        for item in self.hands[self.viewer] if self.hands else ():
            item.card = None
            item.show_back()
        self._sync(view)

    def set_viewer(self, seat: int, view: View) -> None:
        """The screen now belongs to ``seat``: turn the table so that it sits at the
        bottom and lay out its view at once (nothing to animate: it was not watching)."""
        self.concealed = False
        self.viewer = seat
        self._lay_at_once(view)

    def show_open(self, view: View, faces: Sequence[Sequence[int]],
                  events: Sequence[Event] | None = None) -> None:
        """Watching a game again: the position ``view`` shows, with every seat's hand
        ``faces`` face up — after ``events`` are animated, or at once (a jump)."""
        if events is None:
            self.open_faces = faces
            self.furniture.clear()
            self._lay_at_once(view)
            return
        for event in events:
            self._enqueue(functools.partial(self._animate_event, event))

        def sync() -> QAbstractAnimation | None:
            self.open_faces = faces  # the hands as they are after these events
            return self._sync(view)
        self._enqueue(sync)

    def _lay_at_once(self, view: View) -> None:
        """Drop every queued move and lay ``view`` out at once, piles made anew."""
        self._queue.clear()
        self._finish_current()
        self._end_turn()
        self.hide_last_trick()
        self.hide_bubbles()  # they were placed for the seats as they sat before
        self.message.hide()
        for items in self.hands:
            for item in items:
                self.removeItem(item)
        for _, item in self.trick:
            self.removeItem(item)
        self.hands = [HandPile(self, seat) for seat in range(self.n)]
        self.trick = TrickPile(self)
        self._apply_geometry()
        pace, self.pace = self.pace, pace_of("instant")
        try:
            self._sync(view)
        finally:
            self.pace = pace
        self._layout(animate=False)

    @property
    def shows_extras(self) -> bool:
        """Whether the game lays out a stock, won piles or slot cards now."""
        return self.furniture.active

    def remove_card(self, item: CardItem) -> None:
        self.deck.forget(item)
        self.removeItem(item)

    @property
    def dragged(self) -> CardItem | None:
        """The card being dragged now, if any (its pile leaves it where the hand is)."""
        return self._press[0] if self._press is not None and self._dragging else None

    def position_of(self, seat: int) -> int:
        """A seat's place round the table: 0 is the viewer at the bottom."""
        return (seat - self.viewer) % self.n

    def _all_cards(self) -> list[CardItem]:
        return [i for i in self.items() if isinstance(i, CardItem)]

    # --- the queue ---------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._running or bool(self._queue)

    def _enqueue(self, task: Task) -> None:
        self._queue.append(task)
        if not self._running:
            self._run_next()

    def _run_next(self) -> None:
        while self._queue:
            task = self._queue.popleft()
            try:
                result = task()
            except Exception:  # a drawing bug must not stop the game: say it, go on
                traceback.print_exc()
                continue
            if isinstance(result, QAbstractAnimation):
                if result.totalDuration() <= 0:
                    result.start()
                    continue
                self._running = True
                self._current = result
                result.finished.connect(self._step_done)
                result.start()
                return
            if isinstance(result, int) and result > 0:
                self._running = True
                self._delay.start(result)
                return
        self._running = False
        self.deck.show_all()
        if self._relayout_pending:
            self._relayout_pending = False
            self._layout(animate=False)
        self.idle.emit()

    def _step_done(self) -> None:
        if self._current is not None:
            self._bury(self._current)
        self._current = None
        self._running = False
        self._run_next()

    def _bury(self, thing: Any) -> None:
        if not self._graveyard:
            QTimer.singleShot(0, self._graveyard.clear)
        self._graveyard.append(thing)

    def _release(self, anim: QAbstractAnimation) -> None:
        self._loose.discard(anim)
        self._bury(anim)

    def _finish_current(self) -> None:
        """Jump the running animation (or pause) to its end."""
        if self._delay.isActive():
            self._delay.stop()
            self._step_done()
        anim = self._current
        if anim is not None and anim.state() == QAbstractAnimation.State.Running:
            anim.setCurrentTime(anim.totalDuration())

    # --- what the controller says ------------------------------------------------------------

    def show_step(self, events: Sequence[Event], view: View) -> None:
        for event in events:
            self._enqueue(functools.partial(self._animate_event, event))
        self._enqueue(lambda: self._sync(view))

    def show_turn(self, seat: int, view: View) -> None:
        self._enqueue(lambda: self._begin_turn(seat, view))

    def show_now(self, now: Any) -> None:
        """The controller's phase, shown once everything before it has been: the plate
        it lights (none while a trick is gathered), told on with :attr:`nowShown`."""
        self.follows_now = True
        self._enqueue(lambda: self._show_now(now))

    def _show_now(self, now: Any) -> None:
        self.now = now
        if now.seat != self.turn_seat or now.lit is None:
            self._end_turn()
        if now.phase != "turn":  # a person's turn is lit by :meth:`_begin_turn`, next
            self.active_seat = now.lit
            self._update_plates()
        self.nowShown.emit(now)
        return None

    def after_shown(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once everything queued so far has been shown."""

        def task() -> None:
            callback()

        self._enqueue(task)

    def hide_bubbles(self) -> None:
        for bubble in self.bubbles:
            bubble.hide()

    def end_turn_marks(self) -> None:
        """A choice was made on a panel: the hand stops looking playable."""
        for item in self.hands[self.viewer] if self.hands else ():
            item.set_marks()

    def show_thinking(self, seat: int) -> None:
        self._enqueue(lambda: self._set_active(seat))

    def show_refusal(self, text: str) -> None:
        """The engine refused the human's card: it glides home and the reason shows."""
        self._awaiting = False
        self._show_message(text)
        if self.turn_view is not None:
            self._mark_hand(self.turn_view)
        self._layout(animate=True)

    def show_note(self, text: str) -> None:
        """A passing word above the hand that does not replace anything."""
        self._show_message(text)

    def _show_message(self, text: str) -> None:
        g = self.geom
        self.message.show_text(text, int(g.card_w * 0.17), 3500)
        x, y = g.seats[0].hand
        self.message.setPos(x, y - g.card_h * 0.85)
        self._keep_inside(self.message)

    # --- events ------------------------------------------------------------------------------

    def _animate_event(self, event: Event) -> QAbstractAnimation | int | None:
        self.eventShown.emit(event)
        closes = type(event) is DealStarted or (
            self.presenter is not None and self.presenter.closes_round(event))
        if closes or (type(event) is CardPlayed and not self.trick):
            self.hide_bubbles()  # what was said in the round before no longer stands
        said = self.presenter.announce(event) if self.presenter is not None else None
        if said is not None:
            seat, text = said
            self._say(seat, text)
        linger = self.presenter.linger_ms(event) if self.presenter is not None else 0
        if linger and said is not None:
            return linger  # the words stay in view a moment before anything moves on
        if isinstance(event, DealStarted):
            self._clear_for_deal(event.dealer)
        elif isinstance(event, CardPlayed):
            return self._play_card(event.seat, event.card)
        elif isinstance(event, TrickWon):
            return self._collect(event.seat, [c for _, c in event.cards])
        elif self.presenter is not None:
            return self.presenter.animate(event, self)  # the game's own events
        return None

    def say(self, seat: int, text: str) -> None:
        """A bubble by ``seat``: an announcement, a hint."""
        self._say(seat, text)

    def _say(self, seat: int, text: str) -> None:
        if not 0 <= seat < len(self.bubbles):
            return
        bubble = self.bubbles[seat]
        g = self.geom
        bubble.show_text(text, int(g.card_w * 0.16), max(1800, self.pace.trick_pause_ms * 2))
        place = g.seats[self.position_of(seat)]
        if self.position_of(seat) == 0:
            px, py = place.plate
            bubble.setPos(px, py - g.plate_size[1] * 0.5 - g.card_w * 0.22)
        else:  # over the seat's own face-down cards: never over the trick
            hx, hy = place.hand
            bubble.setPos(hx, hy)
        self._keep_inside(bubble)

    def _keep_inside(self, bubble: Bubble) -> None:
        """Move a bubble sideways so that all of it is in the window."""
        rect = bubble.boundingRect()
        margin = 4.0
        x = bubble.pos().x()
        x = max(x, margin - rect.left())
        x = min(x, self.sceneRect().width() - margin - rect.right())
        bubble.setPos(x, bubble.pos().y())

    def _clear_for_deal(self, dealer: int) -> None:
        self.hide_last_trick()
        self.furniture.clear()
        self._backs = random.Random(dealer * 1000 + len(self.names))
        for item in self._all_cards():
            if item not in self._peek:
                self.removeItem(item)
        self.hands = [HandPile(self, seat) for seat in range(self.n)]
        self.trick = TrickPile(self)
        self.view = None
        return None

    def _play_card(self, seat: int, card: Card) -> QAbstractAnimation | None:
        hand = self.hands[seat] if 0 <= seat < len(self.hands) else []
        item = next((i for i in hand if i.card == card and i.face_up), None)
        if item is None and seat == self.viewer:
            item = next((i for i in hand if i.card == card), None)
        if item is None:
            item = next((i for i in reversed(hand) if not i.face_up), None)
        if item is None:  # not on the table yet (should not happen): make it
            item = self.new_card(None, QPointF(*self.geom.seats[self.position_of(seat)].hand))
        else:
            hand.remove(item)
        if seat == self.turn_seat:
            self._end_turn()
        item.card = card
        item.set_marks()
        self.trick.add(seat, item)
        self._mark_trick()
        group = QParallelAnimationGroup()
        target = self.trick.place_of(seat)
        self.add_move(group, item, target, self.pace.anim_ms)
        if not item.face_up:
            item.face_up = True
            self.add_flip(group, item, 1.0)
        self.hands[seat].lay_out(group)
        return self._finish(group)

    def _collect(self, winner: int, cards: Sequence[int] = ()) -> QAbstractAnimation | int | None:
        """After the trick has been seen, the cards slide to the winner's plate — or,
        where won piles lie on the table (Метаморфоза), onto the winner's pile."""
        items = [item for _, item in self.trick]
        self.trick = TrickPile(self)
        piles = self.furniture.active
        if self.pace.anim_ms == 0:
            for item in items:
                self.removeItem(item)
            if piles:
                self.furniture.add_to_pile(winner, cards)
            return None
        seq = QSequentialAnimationGroup()
        seq.addPause(self.pace.trick_pause_ms)
        group = QParallelAnimationGroup()
        if piles:
            target = self.furniture.pile_pos(winner)
        else:
            target = QPointF(*self.geom.seats[self.position_of(winner)].plate)
        for item in items:
            if piles:
                self.add_resize(group, item, self.geom.card_w * WON_PILE_CARD)
            self.add_move(group, item, target, self.pace.anim_ms)
            if not piles:
                fade = QPropertyAnimation(item, b"opacity")
                fade.setDuration(self.pace.anim_ms)
                fade.setStartValue(1.0)
                fade.setEndValue(0.0)
                fade.setEasingCurve(QEasingCurve.Type.InQuad)
                group.addAnimation(fade)
        seq.addAnimation(group)

        def drop() -> None:
            if not isValid(self):
                return  # the table was closed while the trick was on its way
            for item in items:
                if not isValid(item):
                    continue  # gone with a table laid out anew meanwhile
                item.hide()
                if item.scene() is self:
                    self.removeItem(item)
            self._bury(items)  # the cards outlive the animations that moved them
            if piles:
                self.furniture.add_to_pile(winner, cards)

        seq.finished.connect(drop)
        self.trickCollecting.emit(seq)
        return seq

    def draw_cards(self, seat: int, cards: Sequence[int | None],
                    from_seat: int | None) -> QAbstractAnimation | None:
        """A refill: the cards fly from the stock or from the neighbour's won pile into
        ``seat``'s hand, face up where this viewer may know them."""
        if not 0 <= seat < len(self.hands) or not self.furniture.active:
            return None
        source = self.furniture.source_of(from_seat)
        self.furniture.take(from_seat, len(cards))
        hand = self.hands[seat]
        group = QParallelAnimationGroup()
        mine = seat == self.viewer and not self.concealed
        for k, card in enumerate(cards):
            known = card is not None and (mine or from_seat is not None)
            item = self.new_card(card if known else None, source,
                                  face_up=known and from_seat is not None)
            item.set_width(self.geom.card_w * (WON_PILE_CARD if from_seat is not None
                                               else STOCK_CARD))
            item.setZValue(Z_DRAWN + k)
            if known and not item.face_up:
                item.face_up = True
                self.add_flip(group, item, 1.0)
            self.fresh[item] = k
            hand.append(item)
        if seat == self.viewer:
            hand.sort(key=lambda i: (i.card is None, hand_sort_key(i.card or 0)))
        self.hands[seat].lay_out(group)
        return self._finish(group)

    def lay_slot_card(self, seat: int) -> QAbstractAnimation | None:
        """A card is laid face down in ``seat``'s slot (a declaration)."""
        if not self.furniture.active:
            return None
        item = self.furniture.place_slot(seat)
        if item is None:
            return None
        start = QPointF(*self.geom.seats[self.position_of(seat)].plate)
        target = item.pos()
        item.setPos(start)
        group = QParallelAnimationGroup()
        self.add_move(group, item, target, self.pace.anim_ms)
        return self._finish(group)

    def reveal_slots(self, values: Sequence[str]) -> QAbstractAnimation | None:
        """All the slots' cards (the declarations) turn face up together."""
        group = QParallelAnimationGroup()
        for seat, value in enumerate(values):
            item = self.furniture.slot_item(seat)
            if item is None or not value:
                continue
            face = self.presenter.slot_card(value) if self.presenter is not None else None
            if face is None:
                continue
            item.card = face
            if not item.face_up:
                item.face_up = True
                self.add_flip(group, item, 1.0)
        return self._finish(group)

    def _mark_trick(self) -> None:
        """The card that led the trick and the one winning it so far, marked."""
        view = self.view
        plays = [(seat, item.card if item.card is not None else -1) for seat, item in self.trick]
        best = None
        if view is not None and all(card >= 0 for _, card in plays):
            best = winning_index(plays, view.trick_trump(), view.ranks_reversed())
        for index, (_, item) in enumerate(self.trick):
            item.set_trick_marks(leads=index == 0, winning=index == best)

    def trick_marks(self) -> tuple[int | None, int | None]:
        """The seats whose cards lead and win the trick on the table (for words)."""
        lead = self.trick[0][0] if self.trick else None
        win = next((seat for seat, item in self.trick if item.winning), None)
        return lead, win

    # --- the turn ----------------------------------------------------------------------------

    def _set_active(self, seat: int | None) -> None:
        self.active_seat = seat
        self._update_plates()
        return None

    def _begin_turn(self, seat: int, view: View) -> None:
        self.turn_seat = seat
        self.turn_view = view
        self._awaiting = False
        self.active_seat = seat
        self._update_plates()
        self._mark_hand(view)
        self.turnShown.emit(seat, view)
        return None

    def _end_turn(self) -> None:
        self.turn_view = None
        self.turn_seat = None
        self.selected = None
        self.hinted = None
        self.drop_zone.hide()
        for item in self.hands[self.viewer] if self.hands else ():
            item.set_marks()

    def suggest(self, card: int) -> bool:
        """Lift ``card`` in the human's hand as if chosen with the keys (a hint): Enter
        then plays it."""
        if self.turn_view is None or self.concealed:
            return False
        hand = self.hands[self.viewer]
        for i, item in enumerate(hand):
            if item.card == card and card in self.legal_cards():
                self.selected = i
                self.hinted = card
                self._mark_hand(self.turn_view)
                self._layout(animate=True)
                return True
        return False

    def legal_cards(self) -> set[int]:
        if self.turn_view is None:
            return set()
        return {a.card for a in self.turn_view.legal if type(a) is Play}

    def _mark_hand(self, view: View) -> None:
        legal = {a.card for a in view.legal if type(a) is Play}
        playing = bool(legal)
        hand = self.hands[self.viewer]
        for i, item in enumerate(hand):
            item.set_marks(legal=playing and item.card in legal,
                           dimmed=playing and item.card not in legal,
                           selected=playing and i == self.selected)

    def request_play(self, item: CardItem) -> None:
        if self.turn_view is None or self._awaiting or item.card is None:
            return
        if item not in self.hands[self.viewer]:
            return
        self._awaiting = True
        self.playRequested.emit(PLAY[item.card])

    # --- mouse and keyboard ------------------------------------------------------------------

    def card_pressed(self, item: CardItem, event: QGraphicsSceneMouseEvent) -> None:
        if (event.button() == Qt.MouseButton.LeftButton and self.turn_view is not None
                and item in self.hands[self.viewer]):
            self._press = (item, event.scenePos())
            self._dragging = False
            event.accept()
        else:
            event.ignore()

    def card_dragged(self, item: CardItem, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or self._press[0] is not item:
            return
        start = self._press[1]
        delta = event.scenePos() - start
        threshold = max(DRAG_THRESHOLD_PX, self.geom.card_w * DRAG_THRESHOLD_CARD)
        if not self._dragging and delta.manhattanLength() < threshold:
            return
        if not self._dragging:
            self._dragging = True
            item.setZValue(Z_DRAGGED)
            self.drop_zone.setRect(self.drop_rect())
            self.drop_zone.show()
        item.setPos(item.home + delta)

    def card_released(self, item: CardItem, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or self._press[0] is not item:
            return
        self._press = None
        dragging, self._dragging = self._dragging, False
        self.drop_zone.hide()
        if not dragging:
            self.request_play(item)
            return
        if self.drop_rect().contains(item.pos()):
            self.request_play(item)
            if not self._awaiting:
                return
            if self.turn_view is not None and item in self.hands[self.viewer]:
                return  # waiting for the engine: refused cards glide back
            return
        self._layout(animate=True)

    def card_double_clicked(self, item: CardItem, event: QGraphicsSceneMouseEvent) -> None:
        self.request_play(item)

    def drop_rect(self) -> QRectF:
        g = self.geom
        cx, cy = g.centre
        w, h = drop_zone_size(self.n, g.card_w, g.card_h)
        return QRectF(cx - w / 2, cy - h / 2, w, h)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        hand = self.hands[self.viewer] if self.hands else []
        if self.turn_view is None or not hand or not self.legal_cards():
            super().keyPressEvent(event)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            legal = [i for i, item in enumerate(hand) if item.card in self.legal_cards()]
            if self.selected is None or self.selected not in legal:
                self.selected = legal[0] if step > 0 else legal[-1]
            else:
                self.selected = legal[(legal.index(self.selected) + step) % len(legal)]
            self._mark_hand(self.turn_view)
            self._layout(animate=True)
            card = hand[self.selected].card
            if card is not None:
                self.cardSelected.emit(card)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and self.selected is not None and self.selected < len(hand):
            self.request_play(hand[self.selected])
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._enter_without_card(hand)
            event.accept()
            return
        super().keyPressEvent(event)

    def _enter_without_card(self, hand: Sequence[CardItem]) -> None:
        """Enter with no card picked: the hinted card, or the only one that may be
        played; else the person is told what to do."""
        legal = self.legal_cards()
        wanted = self.hinted if self.hinted in legal else \
            (next(iter(legal)) if len(legal) == 1 else None)
        item = next((i for i in hand if wanted is not None and i.card == wanted), None)
        if item is not None:
            self.request_play(item)
        else:
            self.enterWithoutCard.emit()

    # --- the last trick ----------------------------------------------------------------------

    def show_last_trick(self, view: View, caption: str) -> bool:
        """Lay the last completed trick of this deal over the middle for a few seconds:
        on a dark board, each card with the name of who played it, the winner's in gold."""
        self.hide_last_trick()
        tricks = view.completed_tricks()
        if not tricks:
            return False
        plays, winner = tricks[-1].plays, tricks[-1].winner
        g = self.geom
        cx, _cy = g.centre
        w = g.card_w * LAST_TRICK_CARD
        step = w * 1.15
        font_px = max(10, int(g.card_w * 0.15))
        board_w = step * len(plays) + w * 0.5
        board_h = w * 1.4 + font_px * 4.2
        top = self._peek_board(board_w, board_h, caption, font_px)
        colours = theme.current()
        left = cx - step * (len(plays) - 1) / 2
        card_y = top + font_px * 1.8 + w * 0.7
        for i, (seat, card) in enumerate(plays):
            x = left + i * step
            item = self.new_card(card, QPointF(x, card_y), face_up=True)
            item.set_width(w)
            item.setZValue(Z_LAST_TRICK_CARD)
            self._peek.append(item)
            name = self.names[seat] if 0 <= seat < len(self.names) else ""
            colour = QColor(colours.peek_winner if seat == winner else colours.peek_name)
            self._peek_text(name, x, card_y + w * 0.72 + font_px * 0.2, font_px, colour,
                            seat == winner, max_width=step)
        self._peek_timer.start(4000)
        return True

    def show_round(self, caption: str, said: Sequence[tuple[int, str]],
                   highlight: int | None = None) -> bool:
        """Lay a round of what was said (the offers and passes of a buying round) over
        the middle for a few seconds, as the last trick is: each seat's words under its
        name, the winner's (``highlight``) in gold."""
        self.hide_last_trick()
        if not said:
            return False
        g = self.geom
        cx, _cy = g.centre
        font_px = max(10, int(g.card_w * 0.15))
        colours = theme.current()
        lines = [(self.names[seat] if 0 <= seat < len(self.names) else "", words, seat)
                 for seat, words in said]
        font = QFont()
        font.setPixelSize(font_px)
        font.setBold(True)
        widest = max(QFontMetricsF(font).horizontalAdvance(f"{n}: {w}") for n, w, _ in lines)
        board_w = min(g.width - 20, max(g.card_w * 3, widest + font_px * 2))
        board_h = font_px * (2.6 + 1.5 * len(lines))
        top = self._peek_board(board_w, board_h, caption, font_px)
        for i, (name, words, seat) in enumerate(lines):
            colour = QColor(colours.peek_winner if seat == highlight else colours.peek_name)
            self._peek_text(f"{name}: {words}", cx, top + font_px * (1.9 + 1.5 * i), font_px,
                            colour, seat == highlight, max_width=board_w - font_px)
        self._peek_timer.start(4000)
        return True

    def _peek_board(self, width: float, height: float, caption: str, font_px: int) -> float:
        """The dark board of a look back (the last trick, a round of offers) over the
        middle, with its caption; returns the board's top."""
        cx, cy = self.geom.centre
        colours = theme.current()
        backdrop = QGraphicsRectItem(cx - width / 2, cy - height / 2, width, height)
        backdrop.setBrush(QColor(colours.peek_board))
        backdrop.setPen(QPen(QColor(colours.peek_border), 1.5))
        backdrop.setZValue(Z_LAST_TRICK_BOARD)
        self.addItem(backdrop)
        self._peek.append(backdrop)
        top = cy - height / 2
        self._peek_text(caption, cx, top + font_px * 0.3, font_px, QColor(colours.peek_text),
                        True)
        return top

    def _peek_text(self, text: str, x: float, y: float, font_px: int, colour: QColor,
                   bold: bool, max_width: float | None = None) -> None:
        item = QGraphicsSimpleTextItem()
        font = item.font()
        font.setPixelSize(font_px)
        font.setBold(bold)
        item.setFont(font)
        if max_width is not None:
            text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, max_width)
        item.setText(text)
        item.setBrush(colour)
        item.setZValue(Z_LAST_TRICK_TEXT)
        item.setPos(x - item.boundingRect().width() / 2, y)
        self.addItem(item)
        self._peek.append(item)

    def hide_last_trick(self) -> None:
        self._peek_timer.stop()
        for item in self._peek:
            if item.scene() is self:
                self.removeItem(item)
        self._peek = []

    # --- bringing the model to the view ------------------------------------------------------

    def _sync(self, view: View) -> QAbstractAnimation | None:
        """Reconcile the items with ``view``: the viewer's cards face up, the others' as
        backs (or faces the view shows), the trick as the view has it."""
        self.view = view
        self.decks = view.deck_count()
        self.furniture.sync(self.presenter.table_extras(view)
                            if self.presenter is not None else None)
        self.fresh = {}
        group = QParallelAnimationGroup()
        if not self.concealed:
            self.hands[self.viewer].reconcile_own(view.hand, group)
        shown = view.shown_cards()
        for seat, hand in enumerate(self.hands):
            if seat != self.viewer or self.concealed:
                faces = self.open_faces[seat] if self.open_faces is not None \
                    else [c for s, c in shown if s == seat]
                hand.reconcile_other(view.hand_counts[seat], faces)
        self.trick.reconcile(view.trick)
        self._mark_trick()
        if self.turn_view is not None and self.turn_seat is not None \
                and view is not self.turn_view and view.to_move != self.turn_seat:
            self._end_turn()
        if self.open_faces is not None or not self.follows_now:
            self.active_seat = view.to_move
        self._update_plates()
        self._layout(animate=True, group=group)
        self.synced.emit(view)
        return self._finish(group)

    def _update_plates(self) -> None:
        view = self.view
        for seat, plate in enumerate(self.plates):
            if view is None:
                plate.set_state("", "", False, seat == self.active_seat)
                continue
            line, total, note = self.presenter.plate(view, seat) if self.presenter \
                is not None else ("", str(view.totals[seat]), "")
            plate.set_state(line, total, view.dealer == seat and view.phase != "over",
                            seat == self.active_seat and view.phase != "over", note)

    # --- layout ------------------------------------------------------------------------------

    def _apply_geometry(self) -> None:
        g = self.geom
        self.furniture.geom = g
        self.furniture.relayout()
        for seat, plate in enumerate(self.plates):
            place = g.seats[self.position_of(seat)]
            plate.set_size(*g.plate_size)
            plate.setPos(*place.plate)
        for seat, hand in enumerate(self.hands):
            scale = g.seats[self.position_of(seat)].hand_scale
            for item in hand:
                item.set_width(g.card_w * scale)
        for _, item in self.trick:
            item.set_width(g.trick_w)

    def _layout(self, animate: bool, group: QParallelAnimationGroup | None = None) -> None:
        own = group is None
        group = group if group is not None else QParallelAnimationGroup()
        for hand in self.hands:
            hand.lay_out(group if animate else None)
        self.trick.lay_out(group if animate else None)
        if own and animate:
            anim = self._finish(group)
            if anim is not None:
                self._loose.add(anim)
                anim.finished.connect(lambda a=anim: self._release(a))
                anim.start()

    # --- small helpers -----------------------------------------------------------------------

    def new_card(self, card: int | None, pos: QPointF, face_up: bool = False) -> CardItem:
        deck = self._backs.randrange(2) if self.decks > 1 else 0
        item = CardItem(self.art, card, self.geom.card_w, deck=deck, face_up=face_up)
        item.setPos(pos)
        item.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        item.setAcceptHoverEvents(False)
        self.addItem(item)
        return item

    def add_move(self, group: QParallelAnimationGroup, item: CardItem, target: QPointF,
                  ms: int, delay: int = 0) -> None:
        if ms <= 0:
            item.setPos(target)
            return
        anim = QPropertyAnimation(item, b"pos")
        anim.setDuration(ms)
        anim.setStartValue(item.pos())
        anim.setEndValue(target)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        if delay > 0:
            seq = QSequentialAnimationGroup()
            seq.addPause(delay)
            seq.addAnimation(anim)
            group.addAnimation(seq)
            self.deck.wait(item, anim, seq)
        else:
            group.addAnimation(anim)

    def add_resize(self, group: QParallelAnimationGroup, item: CardItem, width: float) -> None:
        if self.pace.anim_ms <= 0:
            item.set_width(width)
            return
        anim = QPropertyAnimation(item, b"cardWidth")
        anim.setDuration(self.pace.anim_ms)
        anim.setStartValue(item.width)
        anim.setEndValue(width)
        group.addAnimation(anim)

    def add_flip(self, group: QParallelAnimationGroup, item: CardItem, end: float) -> None:
        if self.pace.anim_ms <= 0:
            item._set_flip(end)
            return
        anim = QPropertyAnimation(item, b"flip")
        anim.setDuration(self.pace.anim_ms)
        anim.setStartValue(item._get_flip())
        anim.setEndValue(end)
        group.addAnimation(anim)

    def _finish(self, group: QParallelAnimationGroup) -> QAbstractAnimation | None:
        return group if group.animationCount() else None

    # --- the cloth ---------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        scene = self.sceneRect()
        gradient = QRadialGradient(scene.center(), max(scene.width(), scene.height()) * 0.75)
        colours = theme.current()
        gradient.setColorAt(0.0, QColor(colours.cloth))
        gradient.setColorAt(0.65, QColor(colours.cloth_mid))
        gradient.setColorAt(1.0, QColor(colours.cloth_edge))
        painter.fillRect(rect, QBrush(gradient))

