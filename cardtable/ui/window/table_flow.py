"""The table's flow: the controller's news turned into what the table shows.

The controller says what happens (a game started, a turn, a deal over, a hand-over);
:class:`TableFlow` turns it into the scene's pictures, the panels on the cloth (the
choice, the score board, the hand-over), the status line, the sounds and what a screen
reader hears, and the person's clicks back into actions sent to the controller.  It
asks the controller questions and never reads its match or state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer

from cardtable.engine.actions import Action, Play
from cardtable.engine.game import CardPlayed, DealStarted, Event, IllegalAction, View, places_of
from cardtable.engine.match import Seat
from cardtable.ui import texts
from cardtable.ui.announcer import event_words, table_words
from cardtable.ui.controller import Now, Phase, Waiting
from cardtable.ui.games import GAME_ORDER, presenter_class
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.panels import BoardPanel, Choice, ChoicePanel
from cardtable.ui.prefs import NEXT_DEAL_TIMED, NEXT_DEAL_WAITS
from cardtable.ui.settings import display_name
from cardtable.ui.table.panel_spot import panel_rect

if TYPE_CHECKING:
    from cardtable.ui.sound.playback import SoundBoard
    from cardtable.ui.window.main_window import MainWindow

translate = QCoreApplication.translate
"""Words in the window's translation context: ``translate("MainWindow", text)``
(``lupdate`` finds them so, and the catalogues keep their context)."""

HANDOVER_KEYS_MS = 1200
"""How long the hand-over panel answers only a click: a key still held (or pressed
twice) for the move before must not show the next person's cards."""

RESULT_KEYS_MS = 1000
"""How long a deal's or the game's result answers only a click: an Enter still held
(or pressed by habit) for the last card must not start the next deal or a new game."""


class TableFlow(QObject):
    """The controller's signals, shown: owns the panels on the cloth and the words
    of the game on the table (the names, the presenter)."""

    @property
    def sound(self) -> SoundBoard:
        """The window's sound board (asked each time: it may be replaced)."""
        return self.window.sound

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.scene = window.scene
        self.table = window.table
        self.announcer = window.announcer
        self.status_label = window.status_label
        self.names: list[str] = []
        self.game = ""
        self.presenter: GamePresenter[Any] = presenter_class(GAME_ORDER[0])([])
        """The game on the table, in words (replaced when a game starts)."""
        self._last_view: View | None = None
        self._turn_steps = 0
        viewport = self.table.viewport()
        self.choice = ChoicePanel(viewport)
        self.board = BoardPanel(viewport)
        self.handover = ChoicePanel(viewport)
        self.handover.setProperty("opaque", "true")
        """Pass-and-play: «pass the computer to Аня» over a table with every hand hidden."""
        self._handover_timer = QTimer(self)
        self._handover_timer.setSingleShot(True)
        self._handover_timer.timeout.connect(self._handover_keys)
        self._handover_seat = -1
        self._next_deal_timer = QTimer(self)
        self._next_deal_timer.setSingleShot(True)
        self._next_deal_timer.timeout.connect(self._next_deal)
        """Settings ▸ Next deal: the next deal starts by itself after a pause."""
        self._only_card_turn: View | None = None
        """The turn whose only card is being played by itself (Settings)."""

    def connect_signals(self) -> None:
        c = self.controller
        c.gameStarted.connect(self._on_game_started)
        c.stepped.connect(self.scene.show_step)
        c.nowChanged.connect(self.scene.show_now)
        self.scene.nowShown.connect(self._on_now_shown)
        self.scene.enterWithoutCard.connect(self._say_what_to_do)
        c.humanToMove.connect(self.scene.show_turn)
        c.computerThinking.connect(self.scene.show_thinking)
        c.dealFinished.connect(lambda view: self.scene.after_shown(
            lambda: self._show_deal_board(view)))
        c.gameFinished.connect(lambda view: self.scene.after_shown(
            lambda: self._show_game_over(view)))
        c.handOver.connect(lambda seat: self.scene.after_shown(
            lambda: self._show_hand_over(seat)))
        c.viewerChanged.connect(self._on_viewer_changed)
        c.hintReady.connect(self._show_hint)
        c.stepped.connect(lambda *_: self.window.menus.hint_action.setEnabled(False))
        self.handover.chosen.connect(self._taken_over)
        c.refused.connect(self._on_refused)
        c.failed.connect(lambda message: self.status_label.setText(message))
        c.saveProblem.connect(self.window._on_save_problem)
        c.saveRestored.connect(self.window._on_save_restored)
        for signal in (c.gameStarted, c.stepped, c.humanToMove, c.dealFinished,
                       c.gameFinished, c.handOver, c.computerThinking):
            signal.connect(self.window.update_game_actions)
        self.scene.playRequested.connect(self._submit)
        self.scene.eventShown.connect(self._say_event)
        self.scene.eventShown.connect(self._sound_of)
        self.scene.trickCollecting.connect(lambda _anim: self.sound.play("collect"))
        self.scene.turnShown.connect(self._chime_turn)
        self.scene.cardSelected.connect(
            lambda card: self.announcer.say(texts.card_words(card)))
        self.scene.turnShown.connect(self._on_turn_shown)
        self.scene.synced.connect(self._on_synced)
        self.choice.chosen.connect(self._on_choice)

    def reword_table(self) -> None:
        """Say again what the table shows, in the interface language."""
        if self.window.replay is not None:
            watched = self.window.replay.timeline.match
            seats, game = list(watched.seats), watched.game.name
        else:
            seats, game = self.controller.seats(), self.controller.game_name() or ""
        if not seats:
            return
        self.names = [display_name(s.name) for s in seats]
        self.presenter = presenter_class(game)(self.names, self.you_of(seats))
        self.scene.presenter = self.presenter
        self.scene.shown_badge = self.presenter.shown_badge()
        self.mark_dealer_plates()
        self.scene.names = list(self.names)
        for plate, name in zip(self.scene.plates, self.names, strict=True):
            plate.name = name
            plate.update()
        if self.window.replay is not None:
            self.window.replay.reword(self.presenter)
            return
        view = self.controller.table_view()
        if view is None:
            return
        self.scene.show_step([], view)  # the plates, the piles' tips
        self.window.info_bar.set_rule(self.presenter.rule_html(view))
        if self.handover.isVisible() and self.controller.to_move is not None:
            self._show_hand_over(self.controller.to_move)
        elif self.board.isVisible():
            if self.controller.is_over:
                self._show_game_over(view)
            else:
                self._show_deal_board(view)
        elif self.scene.turn_view is not None and self.scene.turn_seat is not None:
            self._on_turn_shown(self.scene.turn_seat, self.scene.turn_view)
        else:
            self._on_synced(view)

    def _on_game_started(self, payload: tuple[list[Seat], int, str]) -> None:
        seats, viewer, game = payload
        self.names = [display_name(s.name) for s in seats]
        self.game = game
        self.presenter = presenter_class(game)(self.names, self.you_of(seats))
        self.board.hide()
        self.choice.hide()
        self.handover.hide()
        self.scene.start_game(self.presenter, viewer)
        self.scene.concealed = self.controller.concealed
        self.mark_dealer_plates()
        self.window.rule_label.setText("")
        self.status_label.setText("")

    def you_of(self, seats: list[Seat]) -> int | None:
        """The seat the sentences call "you": the one person playing at this screen
        (the controller knows: at a network table it is this screen's seat)."""
        return self.controller.you(seats)

    def mark_dealer_plates(self) -> None:
        for plate in self.scene.plates:
            plate.dealer_mark = translate("MainWindow", "D")
            plate.dealer_tip = translate("MainWindow", "The dealer of this deal")

    def _show_hand_over(self, seat: int) -> None:
        """Hide every hand and wait for ``seat``'s player to sit at the screen."""
        if self.controller.waiting != Waiting.HANDOVER:
            return
        self.choice.hide()
        view = self.controller.table_view()
        if view is not None:
            self.scene.conceal(view)
        name = self.names[seat]
        self.handover.show_choices(
            texts.fill(translate("MainWindow", "Pass the computer to %1"), name),
            texts.fill(translate(
                    "MainWindow", "Everyone else, please look away. %1, click when you are "
                               "ready: your cards will be shown."), name),
            [Choice(texts.fill(translate(
                    "MainWindow", "I am %1 — show my cards"), name), seat, accent=True)],
            1, self.panel_font_px())
        for button in self.handover.buttons:  # never a stray Space or Enter of the last
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # move: the keys come a moment later
            button.clearFocus()
        self.table.setFocus()
        self._handover_seat = seat
        self._handover_timer.start(HANDOVER_KEYS_MS)
        self.status_label.setText(texts.fill(translate(
                "MainWindow", "Next: %1 — pass the computer"), name))
        self.announcer.say(texts.fill(translate(
                "MainWindow", "Pass the computer to %1"), name), urgent=True)
        self.place_panels()

    def _handover_keys(self) -> None:
        """The hand-over's button takes the keys once the last move's keys are done."""
        seat = self._handover_seat
        if not self.handover.isVisible() or self.controller.waiting != Waiting.HANDOVER \
                or self.controller.to_move != seat:
            return
        for button in self.handover.buttons:
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _taken_over(self, seat: object) -> None:
        self.handover.hide()
        self.controller.take_over()

    def _on_viewer_changed(self, seat: int, view: View) -> None:
        self.scene.set_viewer(seat, view)

    def _say_event(self, event: Event) -> None:
        """Say what the table is showing now, for a screen reader."""
        self.announcer.say(event_words(event, self.names, self.presenter.you,
                                       self.presenter.announce(event)))

    def _chime_turn(self, *_: object) -> None:
        """The turn comes back to the person after others have played: a chime (not
        for each of several decisions in a row)."""
        steps = self.controller.step_count
        if steps - self._turn_steps > 1:
            self.sound.play("turn")
        self._turn_steps = steps

    def _sound_of(self, event: Event) -> None:
        """A card's sound as it moves (none at the instant pace: a burst, not a game)."""
        if self.scene.pace.anim_ms == 0:
            return
        if isinstance(event, DealStarted):
            self.sound.play("deal")
        elif isinstance(event, CardPlayed):
            self.sound.play("play")

    def _on_synced(self, view: View) -> None:
        self.announcer.describe(table_words(view, self.names, self.presenter.you,
                                            self.scene.concealed))
        if self.window.replay is not None:
            return  # the replay says where it is itself
        self._last_view = view
        self.window.info_bar.set_rule(self.presenter.rule_html(view))
        marks = self._trick_marks_words()
        if marks:
            self.announcer.describe(f"{self.table.accessibleDescription()} {marks}")

    def _trick_marks_words(self) -> str:
        """The marks on the trick in words: whose card led it and whose wins so far."""
        lead, win = self.scene.trick_marks()
        if lead is None or win is None:
            return ""
        cards = {seat: item.card for seat, item in self.scene.trick}
        lead_card, win_card = cards.get(lead), cards.get(win)
        if lead_card is None or win_card is None:
            return ""
        return texts.fill(translate("MainWindow", "Led by %1 (%2). Winning so far: %3 (%4)."),
                          self._seat_words(lead), texts.card_words(lead_card),
                          self._seat_words(win), texts.card_words(win_card))

    def _seat_words(self, seat: int) -> str:
        return translate("MainWindow", "you") if seat == self.presenter.you else self.names[seat]

    def _on_now_shown(self, now: Now) -> None:
        """The status line says what the table shows now, in the frame that lights
        (or unlights) the plates: a person's turn is said by :meth:`_on_turn_shown`,
        run in the same frame."""
        if self.window.replay is not None:
            return
        self.status_label.setToolTip("")
        if now.phase == Phase.THINKING and now.seat is not None:
            self.status_label.setText(texts.fill(translate("MainWindow", "%1 is thinking…"),
                                                 self.names[now.seat]))
        elif now.phase == Phase.GATHERING and now.seat is not None:
            self.status_label.setText(
                translate("MainWindow", "You take the trick") if now.seat == self.presenter.you
                else texts.fill(translate(
                        "MainWindow", "%1 takes the trick"), self.names[now.seat]))
        elif now.phase == Phase.DEALING:
            self.status_label.setText(translate("MainWindow", "Dealing…"))

    def _say_what_to_do(self) -> None:
        """Enter at the person's turn with no card picked and no card to choose."""
        self.status_label.setText(translate("MainWindow",
            "Pick a card with ← → and press Enter, click it, or press H for a hint."))
        self.announcer.say(self.status_label.text())

    def ask_hint(self) -> None:
        if self.scene.turn_view is None or not self.controller.request_hint():
            return
        self.window.menus.hint_action.setEnabled(False)
        self.status_label.setText(translate("MainWindow", "Thinking about a hint…"))

    def _show_hint(self, seat: int, action: Action) -> None:
        view = self.scene.turn_view
        if view is None or seat != self.scene.turn_seat:
            return
        text = texts.fill(translate(
                "MainWindow", "Hint: %1"), self.presenter.hint_text(view, action))
        if type(action) is Play:
            self.scene.suggest(action.card)
        else:
            self.choice.suggest(action)
        self.scene.say(seat, text)
        self.status_label.setText(text)
        self.window.menus.hint_action.setEnabled(True)

    def _on_turn_shown(self, seat: int, view: View) -> None:
        self._last_view = view
        self.window.menus.hint_action.setEnabled(True)
        name = self.names[seat]
        plays = [a for a in view.legal if type(a).__name__ == "Play"]
        self.choice.hide()
        several = self.controller.shared
        if plays:
            self.status_label.setText(
                texts.fill(translate("MainWindow", "%1, your turn: play a card"), name) if several
                else translate("MainWindow", "Your turn: play a card"))
            if self.window.prefs.play_only_card and len(view.legal) == 1:
                self._play_only_card(view)
            self.announcer.say(self.status_label.text())
            self.status_label.setToolTip(translate("MainWindow",
                "Click a card, drag it to the middle, or pick it with ← → and press Enter"))
            self.table.setFocus()
            return
        title, subtitle, choices, columns = self.presenter.panel(view)
        self.status_label.setText(texts.fill(translate(
                "MainWindow", "%1, your turn"), name) if several
                                  else translate("MainWindow", "Your turn"))
        self.announcer.say(f"{self.status_label.text()}: {title}")
        font_px = max(13, min(30, int(self.scene.geom.card_w * 0.13)))
        self.choice.show_choices(title, subtitle, choices, columns, font_px)
        self.place_panels()

    def _play_only_card(self, view: View) -> None:
        """Settings ▸ the only card played by itself: after the pace's pause, so the
        person sees whose turn it was and which card went."""
        self._only_card_turn = view
        self.status_label.setText(translate(
                "MainWindow", "Your only playable card goes by itself."))

        def play() -> None:
            if self._only_card_turn is view and self.scene.turn_view is view \
                    and self.controller.waiting == Waiting.HUMAN:
                self._only_card_turn = None
                self.controller.submit(view.legal[0])
        QTimer.singleShot(self.scene.pace.move_ms, self, play)

    def _on_choice(self, action: Action) -> None:
        self.choice.hide()
        self.scene.end_turn_marks()
        if not self.controller.submit(action) and self._last_view is not None \
                and self.controller.waiting == Waiting.HUMAN:
            seat, view = self.controller.to_move, self.controller.view_of_mover()
            if seat is not None and view is not None:
                self._on_turn_shown(seat, view)

    def _submit(self, action: Action) -> None:
        self.controller.submit(action)

    def _on_refused(self, seat: int, exc: IllegalAction) -> None:
        self.scene.show_refusal(texts.illegal_reason(exc))

    def _show_deal_board(self, view: View) -> None:
        self.choice.hide()
        if self.controller.concealed:  # the score is for everyone; the last hand is not
            self.scene.conceal(view)
        self.scene.hide_bubbles()
        scores = self.presenter.deal_over_scores(view)
        title = self.presenter.deal_over_title(view)
        alone = not self.controller.humans
        mode = self.window.prefs.next_deal
        if alone and mode != NEXT_DEAL_WAITS:
            self.board.hide()  # a game of computers alone plays through unattended
            QTimer.singleShot(0, self, self._next_deal)
            return
        self.board.set_content(title, scores, self.window.sheets.board_widget(),
                               [(translate("MainWindow", "Next deal"), self._next_deal),
                                *self._review_button(go_on=True)],
                               self.panel_font_px(), keys_after_ms=RESULT_KEYS_MS,
                               escape=self._next_deal)
        if mode == NEXT_DEAL_TIMED:
            self._next_deal_timer.start(self.window.prefs.next_deal_s * 1000)
            self.status_label.setText(texts.fill(translate("MainWindow",
                "The next deal starts by itself in %1 s; press Enter or click “Next deal” "
                "to start it now."), self.window.prefs.next_deal_s))
        else:
            self.status_label.setText(translate(
                    "MainWindow", "Press Enter or click “Next deal” to go on."))
        self.announcer.say(f"{title}. {scores}")
        self.place_panels()

    def _next_deal(self) -> None:
        self._next_deal_timer.stop()
        self.board.hide()
        self.controller.next_deal()

    def _show_game_over(self, view: View) -> None:
        self.choice.hide()
        if self.controller.concealed:  # the score is for everyone; the last hand is not
            self.scene.conceal(view)
        self.scene.hide_bubbles()
        totals = list(view.totals)
        places = places_of(totals)
        order = sorted(range(len(totals)), key=lambda s: (places[s], s))
        winners = [self.names[s] for s in order if places[s] == 1]
        you = self.presenter.you
        if len(winners) == 1 and you is not None and places[you] == 1:
            title = translate("MainWindow", "Game over — you win")
        elif len(winners) == 1:
            title = texts.fill(translate("MainWindow", "Game over — %1 wins"), winners[0])
        else:
            title = texts.fill(translate(
                    "MainWindow", "Game over — shared win: %1"), ", ".join(winners))
        self.board.set_content(title, "", self.window.sheets.board_widget(),
                               [(translate("MainWindow", "Play again"), self.window.play_again),
                                (translate(
                                        "MainWindow", "Watch again"), self.window.replay_current),
                                *self._review_button(),
                                (translate("MainWindow", "New game…"), self.window.new_game_dialog),
                                (translate("MainWindow", "Close"), self.board.hide)],
                               self.panel_font_px(), keys_after_ms=RESULT_KEYS_MS,
                               escape=self.board.hide)
        self.status_label.setText(texts.game_over_text())
        self.announcer.say(title, urgent=True)
        self.sound.play("game_over")
        self.place_panels()

    def _review_button(self, go_on: bool = False) -> list[tuple[str, Any]]:
        """The board's "Review" when the game has a decision to review.  The review
        runs in the strip above the table.  With ``go_on`` (a deal's end) the keys then
        go back to the board's first button, "Next deal", so that Enter goes on with
        the game while the review runs (they stayed on "Review", and Enter only
        reviewed again).  At the game's end they stay: its first button starts a new
        game, which would stop the review."""
        if not self.window.reviews.can_review():
            return []

        def review() -> None:
            self.window.reviews.start()
            if go_on and self.board.isVisible() and self.board.buttons:
                self.board.buttons[0].setFocus(Qt.FocusReason.OtherFocusReason)
        return [(translate("MainWindow", "Review"), review)]

    def panel_font_px(self) -> int:
        return max(13, min(30, int(self.scene.geom.card_w * 0.12)))

    def place_panels(self) -> None:
        vp = self.table.viewport().size()
        for panel in (self.choice, self.handover):
            if panel is self.choice and panel.isVisible():
                # clear of plates, hands, piles and declaration cards (scene px = view px)
                panel.setGeometry(panel_rect(panel, self.scene))
                continue
            if panel.isVisible():
                panel.adjustSize()
                cx, cy = self.scene.geom.centre
                room = self._room_between_plates(cy, panel.sizeHint().height())
                while panel.sizeHint().width() > room and panel.columns > 1:
                    panel.set_columns(panel.columns - 1)  # narrower: the plates show
                size = panel.sizeHint()
                w = min(size.width(), vp.width() - 20)
                panel.resize(w, size.height())
                y = cy - size.height() / 2
                if panel is self.handover:
                    # over the hand, face down the while, leaving the trick in view
                    hand_y = self.scene.geom.seats[0].hand[1]
                    y = min(vp.height() - size.height() - 8, hand_y - size.height() / 2)
                panel.move(int(cx - w / 2), int(max(8, y)))
        if self.board.isVisible():
            share = 0.7 if len(self.names) <= 5 else 0.92  # six to eight columns need room
            w = min(vp.width() - 24, max(600, int(vp.width() * share)))
            h = min(vp.height() - 16, max(560, int(vp.height() * 0.85)))
            self.board.resize(w, h)
            self.board.move((vp.width() - w) // 2, (vp.height() - h) // 2)

    def _room_between_plates(self, cy: float, height: float) -> float:
        """How wide a panel centred on the table may be without covering a seat's plate
        beside it (the plates at the sides whose height it would share)."""
        g = self.scene.geom
        cx = g.centre[0]
        pw, ph = g.plate_size
        room = g.width - 20
        for place in g.seats[1:]:
            x, y = place.plate
            if abs(y - cy) < (ph + height) / 2 and abs(x - cx) > pw / 2:
                room = min(room, 2 * (abs(x - cx) - pw / 2) - 16)
        return room
