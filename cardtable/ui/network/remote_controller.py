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

    def __init__(self, link: NetLink, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.seat: int | None = None
        self.lobby: dict[str, Any] = {}
        self._view: View | None = None
        self._step = 0
        self._game: str | None = None
        self._options: dict[str, Any] = {}
        self._seats: list[Seat] = []
        self._record: Any = None
        self._match_copy: Match | None = None
        """The whole game's record, handed to everyone when it is over."""
        self.connected = False
        link.setParent(self)
        link.received.connect(self._on_message)
        link.joined.connect(self._on_joined)
        link.connectionChanged.connect(self._on_connection)

    # --- news from the server ---------------------------------------------------------

    def _on_joined(self, joined: dict[str, Any]) -> None:
        self.seat = int(joined["seat"])
        self.viewer = self.seat
        self.humans = [self.seat]

    def _on_connection(self, up: bool, why: str) -> None:
        self.connected = up
        self.connectionChanged.emit(up, why)

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        try:
            if kind == "lobby":
                self._on_lobby(message)
            elif kind == "update":
                self._on_update(message)
            elif kind == "seat":
                self._on_seat(message)
            elif kind == "chat":
                self.chatReceived.emit(int(message["seat"]), str(message["name"]),
                                       str(message["text"]))
            elif kind == "record":
                self._on_record(message["record"])
            elif kind == "error":
                self._on_error(str(message.get("code")), str(message.get("message")))
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

    def _on_error(self, code: str, text: str) -> None:
        if self.waiting is None and self.seat is not None and self._view is not None \
                and self._view.to_move == self.seat:
            # our move was refused: the turn is ours again
            self.refused.emit(self.seat, IllegalAction(code, text))
            self.waiting = Waiting.HUMAN
            self._tell(Now(Phase.TURN, self.seat))
            self.humanToMove.emit(self.seat, self._view)
        else:
            self.failed.emit(text)

    def _on_update(self, message: dict[str, Any]) -> None:
        view = view_from_json(message["view"])
        events = [event_from_json(e) for e in message["events"]]
        first = self._view is None
        self._view, self._step = view, int(message["step"])
        self._game = view.game
        if first:
            self.concealed = False
            self.gameStarted.emit((self.seats(), view.seat, view.game))
        won = next((e for e in events if type(e) is TrickWon), None)
        if won is not None:
            self._tell(Now(Phase.GATHERING, won.seat))
        elif any(type(e) is DealStarted for e in events):
            self._tell(Now(Phase.DEALING))
        if events or first:
            self.stepped.emit(events, view)
        self._say_what_now(view, events)

    def _say_what_now(self, view: View, events: Sequence[Event]) -> None:
        """After a step is shown: the end, a deal's end, our turn, or another's."""
        if view.phase == "over" or any(type(e) is GameOver for e in events):
            self.waiting = None
            self._tell(Now(Phase.GAME_OVER))
            if self._record is not None:  # rejoined after the end
                self.gameFinished.emit(view)
            # else the end is told with the record, which follows at once
        elif any(type(e) is DealEnded for e in events) or view.phase == "deal":
            self.waiting = Waiting.NEXT_DEAL
            self._tell(Now(Phase.DEAL_OVER))
            self.dealFinished.emit(view)
        elif view.to_move is not None and view.to_move == self.seat:
            self.waiting = Waiting.HUMAN
            self._tell(Now(Phase.TURN, view.to_move))
            self.humanToMove.emit(view.to_move, view)
        elif view.to_move is not None:
            self.waiting = None
            self._tell(Now(Phase.THINKING, view.to_move))
            self.computerThinking.emit(view.to_move)

    # --- what the person sends --------------------------------------------------------

    def submit(self, action: Action) -> bool:
        if self.waiting != Waiting.HUMAN or self.seat is None:
            return False
        view = self._view
        if view is not None and action not in view.legal:
            self.refused.emit(self.seat, IllegalAction("not_legal", "that move is not allowed"))
            return False
        self.waiting = None
        self.link.send("act", action=action_to_json(action), step=self._step)
        self.humanActed.emit(self.seat)
        return True

    def next_deal(self) -> None:
        if self.waiting != Waiting.NEXT_DEAL:
            return
        self.waiting = Waiting.DEALING
        self.link.send("next")

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
        self.link.close()

    # --- what the table may ask -------------------------------------------------------

    def you(self, seats: Sequence[Seat]) -> int | None:
        return self.seat

    def new_game(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a network table's game is started by its host")

    def start_match(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a network table's game is held by the server")

    def pause(self) -> None:
        """Watching again does not stop a network game: the server plays on."""

    def resume(self) -> None:
        """Show the game as it stands (a window opened after the first news, or after
        watching again) and say what happens now."""
        view = self._view
        if view is not None:
            self.gameStarted.emit((self.seats(), view.seat, view.game))
            self.stepped.emit([], view)
            self._say_what_now(view, [])

    def table_view(self) -> View | None:
        return self._view

    def view_of_mover(self) -> View | None:
        view = self._view
        return view if view is not None and view.to_move == self.seat else None

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
        return self._step

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
