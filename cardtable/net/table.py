"""One table on a server: its seats, its lobby, and its game as people come and go.

A table is made with a plan of seats — open to people on the network, or a computer
of a level.  People join (a free open seat, given a secret token) or come back (their
seat, by its token).  The game starts when every open seat is taken (``start:
"full"``) or when the host says so (``"host"``; seats still open then are played by
computers at the away level).  From then on the table is driven by its
:class:`~cardtable.net.session.TableSession`: each step is told to every seat as that
seat may see it, a computer seat's decision is asked of the server's computer players,
and the next deal is dealt when every person present is ready (or after a pause).

A person whose connection drops is *away*: the table says so and waits; after
``away_after`` seconds a computer of ``away_level`` plays the seat until the person is
back.  Nothing here knows sockets: a client is anything with ``send`` and ``close``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.ai.base import Player
from cardtable.engine.actions import action_from_json
from cardtable.engine.game import DealEnded, Event, GameOver, IllegalAction, OptionError
from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.engine.record import RecordError
from cardtable.engine.registry import get_game
from cardtable.net import protocol
from cardtable.net.codec import to_json, view_to_json
from cardtable.net.computers import ComputerSeats
from cardtable.net.invitation import new_token, same_token
from cardtable.net.session import TableSession

log = logging.getLogger("cardtable.server")

DEAL_PAUSE = 20.0
"""Seconds the table waits at the end of a deal for people to say they are ready."""
COMPUTER_PACE = 0.0
"""Seconds at least from one step to a computer's move after it while a person sits at
the table (0: as soon as it is decided).  A server sets its own (``serve
--computer-pace``; the program hosting a table, its window's pace): people see each
card land before the next, as at a table on one screen."""
AWAY_AFTER = 120.0
"""Default seconds before a computer plays for a person who is away."""


Durable = Callable[["NetTable", dict[str, Any] | None, Callable[[], None]], None]
"""(table, the step in its record form or None, what to do once it is on the disk)."""


def _nothing() -> None:
    pass


def _at_once(table: NetTable, step: dict[str, Any] | None, then: Callable[[], None]) -> None:
    then()


class Client(Protocol):
    """A connection as the table sees it."""

    def send(self, frame: str) -> None: ...

    def close(self, reason: str) -> None: ...


class TableError(Exception):
    """A request the table refuses; ``code`` for the client, a plain-English message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SeatSlot:
    """One seat of a network table."""

    kind: str
    """``open`` (a person on the network) or ``computer``."""
    name: str
    level: str | None = None
    """The computer's level (a computer seat), or ``None``."""
    token: str | None = None
    """The secret of the person who took this open seat."""
    clients: list[Client] = field(default_factory=list)
    away_since: float | None = None
    stand_in: bool = False
    """A computer plays for the person (away longer than the table waits)."""
    ready: bool = False

    @property
    def taken(self) -> bool:
        return self.token is not None

    @property
    def present(self) -> bool:
        return bool(self.clients)

    def public(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "taken": self.taken,
                               "present": self.present, "away": self.away_since is not None,
                               "stand_in": self.stand_in}
        if self.level is not None:
            out["level"] = self.level
        return out


class NetTable:
    """A table on a server (see the module's notes)."""

    def __init__(self, code: str, game: str, options: dict[str, Any], seats: list[SeatSlot],
                 *, computers: ComputerSeats, save: Callable[[NetTable], None],
                 start: str = "full", away_after: float = AWAY_AFTER,
                 away_level: str = "easy", host_token: str | None = None,
                 deal_pause: float = DEAL_PAUSE) -> None:
        self.code = code
        self.game = game
        self.options = options
        self.seats = seats
        self.start_rule = start
        self.away_after = away_after
        self.away_level = away_level
        self.deal_pause = deal_pause
        self.computer_pace = COMPUTER_PACE
        self._stepped_at = 0.0
        """When the last step was taken (``time.monotonic``)."""
        self.host_token = host_token or new_token()
        self.session: TableSession | None = None
        self._computers = computers
        self._save = save
        self.durable: Durable = _at_once
        """How a step reaches the disk before the seats are told of it (the server's
        journal); without a journal, at once."""
        self._players: dict[int, Player] = {}
        self._thinking: int | None = None
        """The step a computer decision is being thought for (one at a time)."""
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self.last_activity = time.monotonic()

    # --- made, kept and resumed -------------------------------------------------------

    @classmethod
    def plan(cls, code: str, request: dict[str, Any], *, computers: ComputerSeats,
             save: Callable[[NetTable], None]) -> NetTable:
        """A new table from a ``create`` request; :class:`TableError` for a game, options,
        seats or levels that do not fit."""
        try:
            game = get_game(request["game"])
            options = game.check_options({**request.get("options", {}),
                                          "players": len(request["seats"])})
        except KeyError as exc:
            raise TableError("bad_table", str(exc.args[0])) from None
        except OptionError as exc:
            raise TableError("bad_table", str(exc)) from None
        away_level = request.get("away_level", "easy")
        levels = {p.get("level", "easy") for p in request["seats"] if p["kind"] == COMPUTER}
        for level in {*levels, away_level}:
            try:
                computers.player(game.name, level)
            except ValueError as exc:
                raise TableError("bad_table", str(exc)) from None
        seats = []
        for i, plan in enumerate(request["seats"]):
            if plan["kind"] == COMPUTER:
                level = plan.get("level", "easy")
                seats.append(SeatSlot(COMPUTER, plan.get("name") or f"{level} {i + 1}", level))
            else:
                seats.append(SeatSlot("open", plan.get("name") or f"Seat {i + 1}"))
        return cls(code, game.name, options, seats, computers=computers, save=save,
                   start=request.get("start", "full"),
                   away_after=float(request.get("away_after", AWAY_AFTER)),
                   away_level=away_level)

    def to_file(self) -> dict[str, Any]:
        """The table's own file (beside the record): seats, tokens, rules of the table."""
        return {
            "format": "cardtable-table", "version": 1, "code": self.code, "game": self.game,
            "options": self.options, "start": self.start_rule, "away_after": self.away_after,
            "away_level": self.away_level, "host_token": self.host_token,
            "started": self.session is not None,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "token": s.token}
                      for s in self.seats],
        }

    @classmethod
    def from_file(cls, data: dict[str, Any], record: Any, *, computers: ComputerSeats,
                  save: Callable[[NetTable], None]) -> NetTable:
        """A table as a server kept it; ``ValueError`` for a file that is not one."""
        try:
            seats = [SeatSlot(str(s["kind"]), str(s["name"]), s.get("level"), s.get("token"))
                     for s in data["seats"]]
            table = cls(str(data["code"]), str(data["game"]), dict(data["options"]), seats,
                        computers=computers, save=save, start=str(data["start"]),
                        away_after=float(data["away_after"]),
                        away_level=str(data["away_level"]),
                        host_token=str(data["host_token"]))
            if data["started"]:
                table.session = TableSession.from_record(record)
        except (KeyError, TypeError, RecordError) as exc:
            raise ValueError(f"not a table file: {exc}") from None
        for slot in table.seats:  # everyone is away until they come back
            if slot.kind == "open" and slot.taken:
                slot.away_since = time.monotonic()
        return table

    def resume(self) -> None:
        """After a restart: people have their away time again; computers play on."""
        for i, slot in enumerate(self.seats):
            if slot.away_since is not None:
                self._timer(f"away{i}", self.away_after, functools.partial(self._stand_in, i))
        self._advance()

    # --- people come and go -----------------------------------------------------------

    def join(self, client: Client, name: str | None, seat: int | None,
             token: str | None) -> tuple[int, str]:
        """Seat ``client``: its seat back (``seat`` and ``token``), or the given or next
        free open seat.  Returns (seat, token); :class:`TableError` otherwise."""
        if token is not None:
            for i, slot in enumerate(self.seats):
                if slot.token is not None and same_token(token, slot.token) \
                        and seat in (None, i):
                    self._back(i, client)
                    return i, slot.token
            raise TableError("bad_token", "that seat's token is not right")
        free = [i for i, s in enumerate(self.seats) if s.kind == "open" and not s.taken]
        if self.session is not None or not free:
            raise TableError("table_full", "every seat at this table is taken")
        if seat is not None and seat not in free:
            raise TableError("seat_taken", f"seat {seat + 1} is not free")
        i = free[0] if seat is None else seat
        slot = self.seats[i]
        slot.token = new_token()
        if name:
            slot.name = name
        slot.clients.append(client)
        log.info("table=%s seat=%d joined name=%r", self.code, i, slot.name)
        self._save(self)
        self._send_lobby()
        if self.start_rule == "full" and all(s.taken for s in self.seats if s.kind == "open"):
            self.start()
        return i, slot.token

    def _back(self, i: int, client: Client) -> None:
        slot = self.seats[i]
        for old in slot.clients:  # the same person from a new connection: the old goes
            old.close("your seat was taken up by a new connection")
        slot.clients = [client]
        was_away = slot.away_since is not None
        slot.away_since, slot.stand_in = None, False
        self._cancel(f"away{i}")
        if was_away:
            log.info("table=%s seat=%d back", self.code, i)
        self._send_all("seat", seat=i, **slot.public())

    def leave(self, client: Client) -> None:
        """``client``'s connection has gone: its seat is away (never freed: the person
        may come back)."""
        for i, slot in enumerate(self.seats):
            if client in slot.clients:
                slot.clients.remove(client)
                if slot.clients:
                    continue
                slot.away_since = time.monotonic()
                log.info("table=%s seat=%d away", self.code, i)
                self._send_all("seat", seat=i, **slot.public())
                self._timer(f"away{i}", self.away_after, functools.partial(self._stand_in, i))
                if self.session is not None and self.session.needs_deal:
                    self._maybe_deal()

    def _stand_in(self, i: int) -> None:
        slot = self.seats[i]
        if slot.away_since is None or self.session is None or self.session.is_over:
            return
        slot.stand_in = True
        log.info("table=%s seat=%d played by a computer (%s) while away", self.code, i,
                 self.away_level)
        self._send_all("seat", seat=i, **slot.public())
        self._advance()

    def seat_of(self, client: Client) -> int | None:
        for i, slot in enumerate(self.seats):
            if client in slot.clients:
                return i
        return None

    def clients(self) -> list[Client]:
        return [c for slot in self.seats for c in slot.clients]

    # --- the game ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the game: seats still open are played by computers."""
        if self.session is not None:
            raise TableError("started", "the game has already started")
        seats = []
        for slot in self.seats:
            if slot.kind == "open" and not slot.taken:
                slot.kind, slot.level = COMPUTER, self.away_level
            seats.append(Seat(slot.name, HUMAN, None) if slot.kind == "open"
                         else Seat(slot.name, COMPUTER, slot.level))
        self.session = TableSession.new(self.game, self.options, seats)
        log.info("table=%s started game=%s players=%d", self.code, self.game, len(seats))
        # the game's head (seats, seed, first dealer) goes first to the journal: its
        # steps can be replayed after a crash even before its record is written
        self.durable(self, {"start": self.session.record()}, _nothing)
        self._send_lobby()
        self._advance()

    def act(self, seat: int, data: dict[str, Any], step: int | None) -> None:
        """A person's action for their seat; :class:`TableError` if refused."""
        session = self.session
        if session is None:
            raise TableError("not_started", "the game has not started")
        if step is not None and step != session.step:
            raise TableError("stale", "the table has moved on since that view")
        if self.seats[seat].stand_in:
            self.seats[seat].stand_in = False  # the person is here again
        try:
            action = action_from_json(data)
        except ValueError as exc:
            raise TableError("bad_action", str(exc)) from None
        try:
            events = session.act(seat, action)
        except IllegalAction as exc:
            raise TableError(exc.code, exc.message) from None
        self._after(events)

    def ready(self, seat: int) -> None:
        """``seat``'s person has seen the deal's end and wants the next."""
        self.seats[seat].ready = True
        self._maybe_deal()

    def _after(self, events: list[Event]) -> None:
        session = self.session
        assert session is not None
        self.last_activity = time.monotonic()
        if log.isEnabledFor(logging.INFO):  # (a quiet server need not describe them)
            for event in events:
                log.info("table=%s step=%d %s", self.code, session.step, _log_form(event))
        frames: list[tuple[SeatSlot, str]] = []
        for i, slot in enumerate(self.seats):
            if slot.clients:
                news = session.news_for(i, events)
                frames.append((slot, protocol.encode(
                    "update", step=news.step, view=view_to_json(news.view),
                    events=[to_json(e) for e in news.events])))
        over = any(isinstance(e, GameOver) for e in events)

        def tell() -> None:  # once the step is on the disk
            for slot, frame in frames:
                for client in slot.clients:
                    client.send(frame)
            if over:
                self._game_over()

        self._stepped_at = time.monotonic()
        self._save(self)
        self.durable(self, session.last_step(), tell)
        if any(isinstance(e, DealEnded) for e in events) and not session.is_over:
            for slot in self.seats:
                slot.ready = False
            self._timer("deal", self.deal_pause, self._deal)
            self._maybe_deal()
            return
        self._advance()

    def _maybe_deal(self) -> None:
        waiting = [s for s in self.seats
                   if s.kind == "open" and s.present and not s.stand_in and not s.ready]
        if not waiting:
            self._deal()

    def _deal(self) -> None:
        session = self.session
        self._cancel("deal")
        if session is None or not session.needs_deal or session.is_over:
            return
        self._after(session.deal())

    def _advance(self) -> None:
        """Deal if due and nobody need be waited for; ask a computer if one is to move."""
        session = self.session
        if session is None or session.is_over:
            return
        if session.needs_deal:
            if session.step == 0:
                self._deal()
            else:
                self._maybe_deal()
            return
        seat = session.to_move
        if seat is None or self._thinking == session.step:
            return
        slot = self.seats[seat]
        if slot.kind == COMPUTER:
            level = slot.level or "easy"
        elif slot.stand_in:
            level = self.away_level
        else:
            return
        self._thinking = session.step
        asyncio.get_running_loop().create_task(self._computer_move(seat, level, session.step))

    async def _computer_move(self, seat: int, level: str, step: int) -> None:
        session = self.session
        assert session is not None
        key = seat if level == self.seats[seat].level else -1 - seat
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = self._computers.player(self.game, level)
        try:
            action = await self._computers.decide(player, session.view_for(seat),
                                                  session.legal_for(seat),
                                                  session.decision_seed())
            wait = self._stepped_at + self.computer_pace - time.monotonic()
            if wait > 0 and any(s.kind == "open" and s.clients for s in self.seats):
                await asyncio.sleep(wait)  # a person watches: one card at a time
        finally:
            self._thinking = None
        slot = self.seats[seat]
        if session.step != step or session.to_move != seat \
                or not (slot.kind == COMPUTER or slot.stand_in):
            self._advance()  # the person came back and moved, or the table moved on
            return
        try:
            events = session.act(seat, action)
        except IllegalAction as exc:  # a player's fault: logged, and a legal move instead
            log.error("table=%s seat=%d computer chose an illegal action: %s", self.code,
                      seat, exc)
            events = session.act(seat, session.legal_for(seat)[0])
        self._after(events)

    def _game_over(self) -> None:
        session = self.session
        assert session is not None
        log.info("table=%s over totals=%s", self.code, list(session.totals))
        kept = session.record()
        kept.pop("seed", None)  # the deals are all shown now; the seed is nobody's
        self._send_all("record", record=kept)

    # --- what everyone is told --------------------------------------------------------

    def lobby(self) -> dict[str, Any]:
        return {"seats": [s.public() for s in self.seats], "started": self.session is not None,
                "start": self.start_rule, "game": self.game, "options": self.options}

    def _send_lobby(self) -> None:
        self._send_all("lobby", **self.lobby())

    def _send_all(self, kind: str, /, **fields: Any) -> None:
        frame = protocol.encode(kind, **fields)
        for client in self.clients():
            client.send(frame)

    def chat(self, seat: int, text: str) -> None:
        if text:
            self._send_all("chat", seat=seat, name=self.seats[seat].name, text=text)

    def welcome_back(self, client: Client, seat: int) -> None:
        """What a person (re)joining is shown first: the lobby and, once the game is
        on, their seat's view as it stands."""
        client.send(protocol.encode("lobby", **self.lobby()))
        if self.session is not None:
            news = self.session.news_for(seat, [])
            frame = protocol.encode("update", step=news.step, view=view_to_json(news.view),
                                    events=[])
            # the view as it stands, once every step in it is on the disk
            self.durable(self, None, lambda: client.send(frame))

    # --- timers -----------------------------------------------------------------------

    def _timer(self, name: str, delay: float, callback: Callable[[], None]) -> None:
        self._cancel(name)
        self._timers[name] = asyncio.get_running_loop().call_later(delay, callback)

    def _cancel(self, name: str) -> None:
        handle = self._timers.pop(name, None)
        if handle is not None:
            handle.cancel()

    def close(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()


def _log_form(event: Event) -> str:
    """An event for the server's log: what happened, never a hidden card."""
    shown = event.for_viewer(None).to_json()
    kind = shown.pop("type")
    return kind + "".join(f" {key}={value}" for key, value in shown.items())

