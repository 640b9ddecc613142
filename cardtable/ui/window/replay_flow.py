"""Watch again, on the window's table: the game in progress waits in the controller
while a game (this one, or one opened) is shown move by move with every hand face up,
and "Take over from here" plays on from any move.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from cardtable.engine.match import HUMAN, Match, Seat
from cardtable.ui import texts
from cardtable.ui.games import presenter_class
from cardtable.ui.pace import pace_of
from cardtable.ui.score_rows import SheetData
from cardtable.ui.settings import display_name, human_default_name

if TYPE_CHECKING:
    from cardtable.ai.review import Review
    from cardtable.ui.replay import ReplayBar, ReplaySession
    from cardtable.ui.window.main_window import MainWindow

translate = QCoreApplication.translate
"""Words in the window's translation context (``lupdate`` finds them so)."""


class ReplayFlow(QObject):
    """The session watched now (if any), its bar under the table, and the way back."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session: ReplaySession | None = None
        self._bar: ReplayBar | None = None
        self._pace = "normal"
        """The pace last chosen on the bar: the next watching starts at it."""

    @property
    def bar(self) -> ReplayBar:
        """The bar under the table while a game is watched again, made when first
        needed (in the words and colours of that moment)."""
        if self._bar is None:
            from cardtable.ui.replay import ReplayBar

            self._bar = ReplayBar(self.window.centralWidget())
            self._bar.hide()
            self.window.central_layout.addWidget(self._bar)
        return self._bar

    def apply_theme(self) -> None:
        if self._bar is not None:
            self._bar.apply_theme()

    def name_controls(self) -> None:
        """The bar's words in the language now spoken."""
        if self._bar is not None:
            self._bar.name_controls()

    def watch_current(self) -> None:
        """Watch the game on the table again from its first deal."""
        controller = self.window.controller
        match = controller.copy_to_watch()
        if match is None or self.session is not None or not controller.can_watch():
            return
        if not controller.is_over:
            controller.assisted.emit("takeover")  # every hand is shown
        self.watch(match, at_end=False, own=True)

    def watch(self, match: Match, at_end: bool, own: bool = False,
              review: Review | None = None, hindsight: Review | None = None) -> None:
        """Watch ``match`` again with every hand face up, from its first deal or from
        its end; ``own`` says it is the game of the controller (taking over then goes
        back in it, the rest kept as after an undo).  ``review``: a review of the
        game to show, its marks on the slider and its costliest decisions beside it
        (``hindsight``: the same judged with every card known, said apart)."""
        window, flow = self.window, self.window.flow
        self.leave(resume=False)
        window.controller.pause()
        for panel in (flow.board, flow.choice, flow.handover):
            panel.hide()
        names = [display_name(s.name) for s in match.seats]
        humans = [i for i, s in enumerate(match.seats) if s.kind == HUMAN]
        viewer = humans[0] if humans else 0
        flow.names = names
        flow.game = match.game.name
        flow.presenter = presenter_class(match.game.name)(names, flow.you_of(match.seats))
        window.scene.start_game(flow.presenter, viewer)
        flow.mark_dealer_plates()
        window.scene.set_pace(pace_of(self._pace))
        from cardtable.ui.replay import ReplaySession

        session = ReplaySession(match, window.scene, flow.presenter, viewer, self.bar, window)
        session.moved.connect(self._on_moved)
        session.closed.connect(lambda: self.leave(resume=True))
        session.takeOver.connect(lambda taken: self._take_over(taken, own))
        session.sheetRequested.connect(window.sheets.show)
        self.session = session
        session.set_review(review, hindsight)
        self.bar.show()
        window.update_game_actions()
        session.show(session.timeline.length if at_end else session.first)
        window.table.setFocus()

    def show_review(self, review: Review, hindsight: Review | None = None) -> None:
        """Show ``review`` (in place of one shown before) on the game watched now; no
        game watched, nothing done."""
        if self.session is not None:
            self.session.set_review(review, hindsight)

    def leave(self, resume: bool) -> None:
        """Back to the table; with ``resume`` the game in progress goes on (or, with
        none, a new one starts)."""
        session, window = self.session, self.window
        if session is None:
            return
        self._pace = session.pace.key
        self.session = None
        session.dispose()
        session.deleteLater()
        self.bar.hide()
        window.scene.open_faces = None
        window.scene.set_pace(pace_of(window.prefs.pace))
        window.status_label.setToolTip("")
        window.update_game_actions()
        if resume:
            if window.controller.has_game:
                window.controller.resume()
            else:
                window.start_game(window.settings)

    def sheet_data(self) -> SheetData | None:
        """The score sheet of the game watched, if one is."""
        if self.session is None:
            return None
        match = self.session.timeline.match
        return self.window.flow.presenter.score_sheet(match.state, match.deals)

    def _on_moved(self) -> None:
        session, window = self.session, self.window
        if session is None:
            return
        state = session.timeline.state
        presenter = window.flow.presenter
        window.info_bar.set_rule(presenter.rule_html(state.view(session.viewer)))
        text = translate("MainWindow", "Watching the game again")
        if (state.needs_deal or state.is_over) and state.deal_scores:
            scores = " · ".join(f"{name} {texts.signed(score, plus=True)}" for name, score
                                in zip(window.flow.names, state.deal_scores[-1], strict=True))
            text = texts.fill(translate("MainWindow", "%1 — scored: %2"), text, scores)
        window.status_label.setText(text)
        window.status_label.setToolTip(translate(
            "MainWindow", "← → a move, PgUp PgDn a deal, Space plays and pauses, Esc closes"))
        window.sheets.refresh()

    def _take_over(self, match: Match, own: bool) -> None:
        """Play on from a position of a game watched again: the seats as they were (a
        game of computers alone gets a person at the bottom seat)."""
        session, window = self.session, self.window
        if session is None or (not own and not window.files.confirm_leaving_game()):
            return
        future = session.timeline.steps[session.timeline.position:] if own else []
        if not any(seat.kind == HUMAN for seat in match.seats):
            match.seats[session.viewer] = Seat(human_default_name(), HUMAN, None)
            future = []
        if window.stats_keeper is not None and not own:
            window.stats_keeper.salt = f"taken over {time.time()}"
        window.controller.assisted.emit("takeover")
        self.leave(resume=False)
        window.controller.start_match(match, future)
