"""A network table as the window sees it: the controller's signals and questions, with
the game held by the table server.

The window and its parts talk to a controller (ask, send); this one answers from what
the server told its seat — its view and the events as it may see them — and sends the
person's actions to the server, which alone applies them.  So the same table, the same
animations and the same words serve a game here and a game across the network.
There is no undo at a network table; Watch again is offered at the end, from the
record the server hands everyone then.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from cardtable.engine import record
from cardtable.engine.actions import Action, action_to_json
from cardtable.engine.game import (
    DealEnded,
    DealStarted,
    Event,
    GameOver,
    GameState,
    IllegalAction,
    TrickWon,
    View,
)
from cardtable.engine.match import COMPUTER, HUMAN, Match, Seat
from cardtable.engine.registry import get_game
from cardtable.net.codec import event_from_json, view_from_json
from cardtable.ui.controller import GameController, Now, OnDisk, Phase, Waiting
from cardtable.ui.network.link import NetLink
from cardtable.ui.score_rows import SheetData

if TYPE_CHECKING:
    from cardtable.ui.games.base import GamePresenter


class RemoteController(GameController):
    """The controller of a network table: one seat's side of it."""

    lobbyChanged = Signal(object)
    """The lobby (seats, who is present, started) as the server last told it."""
    seatNews = Signal(int, object)
    """(seat, its public state): someone left, came back or is played for."""
    chatReceived = Signal(int, str, str)
    """(seat, name, text)."""
    connectionChanged = Signal(bool, str)
    tableReady = Signal()
    """The game has begun: the first news follows at once (open the table now)."""

    def __init__(self, link: NetLink, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.link = link
        """The first seat's connection: the lobby, chat, the record and hosting come by
        it (every seat's connection hears them; one is enough)."""
        self.links: dict[int, NetLink] = {}
        """Every seat played at this screen, and its connection."""
        self.seat: int | None = None
        """The first seat's number (the one "you" is, when it is the only one)."""
        self.lobby: dict[str, Any] = {}
        self._views: dict[int, View] = {}
        """Each of our seats' latest view, and the step it is at."""
        self._steps: dict[int, int] = {}
        self._view: View | None = None
        """What the table shows: the viewer's view, or its public part between two
        people sharing the screen."""
        self._shown_step = -1
        self._taking_over: int | None = None
        """A seat taking the screen whose news has not caught up with the table yet."""
        self._game: str | None = None
        self._options: dict[str, Any] = {}
        self._seats: list[Seat] = []
        self._record: Any = None
        """The whole game's record, handed to everyone when it is over."""
        self._match_copy: Match | None = None
        self.connected = False
        self._attach(link)
        link.connectionChanged.connect(self._on_connection)

    def add_seat(self, link: NetLink) -> None:
        """Another seat played by a person at this screen (its own connection, joined
        by the caller): the screen is handed between them as in pass-and-play."""
        self._attach(link)

    def _attach(self, link: NetLink) -> None:
        link.setParent(self)
        link.received.connect(lambda message, by=link: self._on_message(by, message))
        link.joined.connect(lambda joined, by=link: self._on_joined(by, joined))

    # --- news from the server ---------------------------------------------------------

    def _on_joined(self, link: NetLink, joined: dict[str, Any]) -> None:
        seat = int(joined["seat"])
        self.links[seat] = link
        self.humans = sorted(self.links)
        if link is self.link:
            self.seat = seat
            if self._view is None:
                self.viewer = seat

    def _on_connection(self, up: bool, why: str) -> None:
        self.connected = up
        self.connectionChanged.emit(up, why)

    def _on_message(self, link: NetLink, message: dict[str, Any]) -> None:
        kind = message.get("type")
        try:
            if kind == "update":
                self._on_update(message)
            elif kind == "error":
                self._on_error(link, str(message.get("code")), str(message.get("message")))
            elif kind == "lobby":  # from any seat's connection: it may be the first heard
                self._on_lobby(message)
            elif link is not self.link:
                return  # the table's news, heard by the first seat's connection already
            elif kind == "seat":
                self._on_seat(message)
            elif kind == "chat":
                self.chatReceived.emit(int(message["seat"]), str(message["name"]),
                                       str(message["text"]))
            elif kind == "record":
                self._on_record(message["record"])
        except (KeyError, TypeError, ValueError) as exc:
            self.failed.emit(f"the server sent something this program cannot read: {exc}")

    def _on_lobby(self, message: dict[str, Any]) -> None:
        self.lobby = message
        self._game = str(message["game"])
        self._options = dict(message["options"])
        self._seats = [Seat(str(s["name"]), HUMAN if s["kind"] == "open" else COMPUTER,
                            s.get("level")) for s in message["seats"]]
        self.lobbyChanged.emit(message)

    def _on_record(self, data: Any) -> None:
        """The whole game, handed to everyone at its end: Watch again, the score sheet
        with every deal's contract, and the statistics (which count a game from a
        person's move: ours, made at this screen)."""
        self._record = data
        self._match_copy = None
        if self.copy_to_watch() is None:
            self._record = None
            self.failed.emit("the server's record of the game cannot be read")
        if self._view is not None and self.seat is not None:
            self.humanActed.emit(self.seat)
            self.gameFinished.emit(self._view)

    @property
    def match(self) -> Match | None:
        """The finished game (from the server's record), for the statistics; None while
        it is played: the server holds it."""
        if self._match_copy is None and self._record is not None:
            self._match_copy = self.copy_to_watch()
        return self._match_copy

    @match.setter
    def match(self, value: Match | None) -> None:
        """The base class sets it; a network table never holds a match of its own."""

    def _on_seat(self, message: dict[str, Any]) -> None:
        seat = int(message["seat"])
        if isinstance(self.lobby.get("seats"), list) and 0 <= seat < len(self.lobby["seats"]):
            self.lobby["seats"][seat] = {k: v for k, v in message.items()
                                         if k not in ("type", "seat")}
        self.seatNews.emit(seat, message)

    def _on_error(self, link: NetLink, code: str, text: str) -> None:
        view = self._views.get(self.viewer)
        if link is self.links.get(self.viewer) and self.waiting is None and view is not None \
                and view.to_move == self.viewer and not self.concealed:
            # our move was refused: the turn is ours again
            self.refused.emit(self.viewer, IllegalAction(code, text))
            self._turn(self.viewer, view)
        else:
            self.failed.emit(text)

    def _on_update(self, message: dict[str, Any]) -> None:
        view = view_from_json(message["view"])
        events = [event_from_json(e) for e in message["events"]]
        step = int(message["step"])
        self._views[view.seat], self._steps[view.seat] = view, step
        self._game = view.game
        first = self._view is None
        if first:
            self.viewer = view.seat if view.seat in self.links or not self.links else self.viewer
            self.concealed = False
            self.tableReady.emit()  # the table's window opens, then hears it all
            self.gameStarted.emit((self.seats(), self.viewer, view.game))
        if view.seat != self.viewer:
            if self._taking_over == view.seat and step >= self._shown_step:
                self._take_over_now(view.seat)
            return  # the table shows the viewer's news
        if step <= self._shown_step:
            return  # shown already, from the seat that held the screen before
        self._shown_step = step
        if self.concealed:  # between two people at this screen: what anyone may see
            events = [e.for_viewer(None) for e in events]
        shown = view.public() if self.concealed else view
        self._view = shown
        won = next((e for e in events if type(e) is TrickWon), None)
        if won is not None:
            self._tell(Now(Phase.GATHERING, won.seat))
        elif any(type(e) is DealStarted for e in events):
            self._tell(Now(Phase.DEALING))
        self.stepped.emit(events, shown)  # without events: caught up after a reconnection
        self._say_what_now(view, events)

    def _say_what_now(self, view: View, events: Sequence[Event]) -> None:
        """After a step is shown: the end, a deal's end, a person's turn here (handing
        the screen over first if it is someone else's), or another's."""
        mover = view.to_move
        if view.phase == "over" or any(type(e) is GameOver for e in events):
            self.waiting = None
            self.concealed = self.shared
            self._tell(Now(Phase.GAME_OVER))
            if self._record is not None:  # rejoined after the end
                self.gameFinished.emit(self._view)
            # else the end is told with the record, which follows at once
        elif any(type(e) is DealEnded for e in events) or view.phase == "deal":
            self.waiting = Waiting.NEXT_DEAL
            self.concealed = self.shared  # the score is for everyone; the hands are not
            self._tell(Now(Phase.DEAL_OVER))
            self.dealFinished.emit(view.public() if self.concealed else view)
        elif mover is not None and mover in self.links:
            if self.shared and (self.concealed or mover != self.viewer):
                self.waiting = Waiting.HANDOVER
                self.concealed = True
                self._tell(Now(Phase.HANDOVER, mover))
                self.handOver.emit(mover)
            else:
                self._turn(mover, view)
        elif mover is not None:
            self.waiting = None
            self._tell(Now(Phase.THINKING, mover))
            self.computerThinking.emit(mover)

    def _turn(self, seat: int, view: View) -> None:
        self.waiting = Waiting.HUMAN
        self._tell(Now(Phase.TURN, seat))
        self.humanToMove.emit(seat, view)

    def take_over(self) -> None:
        """The person whose turn it is sits at the screen: their seat's view."""
        view = self._view
        if self.waiting != Waiting.HANDOVER or view is None or view.to_move is None:
            return
        seat = view.to_move
        if self._steps.get(seat, -1) >= self._shown_step:
            self._take_over_now(seat)
        else:
            self._taking_over = seat  # when its news reaches this step

    def _take_over_now(self, seat: int) -> None:
        self._taking_over = None
        self.viewer = seat
        self.concealed = False
        view = self._views[seat]
        self._view = view
        self._shown_step = max(self._shown_step, self._steps[seat])
        self.viewerChanged.emit(seat, view)
        self._turn(seat, view)

    # --- what the person sends --------------------------------------------------------

    def submit(self, action: Action) -> bool:
        seat = self.viewer
        link = self.links.get(seat)
        view = self._views.get(seat)
        if self.waiting != Waiting.HUMAN or link is None or view is None:
            return False
        if action not in view.legal:
            self.refused.emit(seat, IllegalAction("not_legal", "that move is not allowed"))
            return False
        self.waiting = None
        link.send("act", action=action_to_json(action), step=self._steps[seat])
        self.humanActed.emit(seat)
        return True

    def next_deal(self) -> None:
        """Everyone at this screen is ready for the next deal."""
        if self.waiting != Waiting.NEXT_DEAL:
            return
        self.waiting = Waiting.DEALING
        for link in self.links.values():
            link.send("next")

    def say(self, text: str) -> None:
        """A chat line to the table."""
        if text.strip():
            self.link.send("chat", text=text.strip())

    def start_game(self) -> None:
        """The host starts the game (seats still open are played by computers)."""
        if self.link.host_token is not None and self.link.code:
            self.link.send("start", code=self.link.code, host_token=self.link.host_token)

    @property
    def is_host(self) -> bool:
        """This screen made the table (and may start it)."""
        return self.link.create is not None or self.link.host_token is not None

    def stop(self) -> None:
        super().stop()
        for link in {self.link, *self.links.values()}:
            link.close()

    # --- what the table may ask -------------------------------------------------------

    def you(self, seats: Sequence[Seat]) -> int | None:
        """Our seat, when one person plays at this screen (several: their names)."""
        return self.seat if len(self.links) <= 1 else None

    def new_game(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a network table's game is started by its host")

    def start_match(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a network table's game is held by the server")

    def pause(self) -> None:
        """Watching again does not stop a network game: the server plays on."""

    def resume(self) -> None:
        """Show the game as it stands (a window opened after the first news, or after
        watching again) and say what happens now."""
        view, own = self._view, self._views.get(self.viewer)
        if view is not None and own is not None:
            self.gameStarted.emit((self.seats(), self.viewer, view.game))
            self.stepped.emit([], view)
            self._say_what_now(own, [])

    def table_view(self) -> View | None:
        """What the table may show: between two people at this screen, only what
        anyone may see."""
        view = self._view
        return view.public() if view is not None and self.concealed else view

    def view_of_mover(self) -> View | None:
        view = self._view
        return None if view is None or view.to_move is None else self._views.get(view.to_move)

    @property
    def state(self) -> GameState | None:
        return None

    @property
    def has_game(self) -> bool:
        return self._view is not None

    def game_name(self) -> str | None:
        return self._game

    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def seats(self) -> list[Seat]:
        return list(self._seats)

    @property
    def to_move(self) -> int | None:
        return None if self._view is None else self._view.to_move

    @property
    def is_over(self) -> bool:
        return self._view is not None and self._view.phase == "over"

    @property
    def step_count(self) -> int:
        return max(self._shown_step, 0)

    def score_sheet(self, presenter: GamePresenter[Any]) -> SheetData | None:
        """The sheet from what the seat sees: the scores and totals so far (the deals'
        own cards are the server's until the end)."""
        view = self._view
        if view is None:
            return None
        watched = self.copy_to_watch()
        if watched is not None:
            return presenter.score_sheet(watched.state, watched.deals)
        state = get_game(view.game).at_deal(view)
        if view.phase == "over":
            state.phase = "over"
        return presenter.score_sheet(state, None)

    def human_has_played(self) -> bool:
        return self.has_game and not self.is_over

    def can_watch(self) -> bool:
        return self._record is not None

    def copy_to_watch(self) -> Match | None:
        if self._record is None:
            return None
        try:
            return record.load(self._record)
        except record.RecordError:
            return None

    def save_record(self, path: Path) -> OnDisk | None:
        match = self.copy_to_watch()
        if match is None:
            return None
        record.save(match, path)
        return OnDisk.of(match)

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def can_restart(self) -> bool:
        return False

    def restart_deal(self) -> bool:
        return False

    def request_hint(self) -> bool:
        return False

    def unsaved_moves(self) -> int:
        return 0  # the server keeps the game
