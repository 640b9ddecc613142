"""A table session: the one authority over a game in progress.

The session owns the match and is the only place that applies actions.  Everyone
else — a person's screen here or far away, a computer player — is a client: it is
given its seat's view and the events as its seat may see them, and it sends actions
for its own seat.  The session checks who sends (only the seat to move may act) and
the rules check what is sent, exactly as on a table at one screen.

It knows nothing of sockets, threads or Qt: the table server drives it from its event
loop for every network table, the desktop program's controller drives it for a game
at one screen (solo and pass-and-play), and tests drive it directly — one path that
applies actions and decides what each seat is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine import record
from cardtable.engine.actions import Action, action_from_json, action_to_json
from cardtable.engine.game import Event, GameState, IllegalAction, Layout, View
from cardtable.engine.match import Match, Seat


class NotYourTurn(IllegalAction):
    """An action from a seat that is not to move (the state is not consulted)."""

    def __init__(self, seat: int, to_move: int | None) -> None:
        if to_move is None:
            super().__init__("not_your_turn", "nobody is to move now", seat=seat)
        else:
            super().__init__("not_your_turn", f"it is seat {to_move}'s turn, not seat {seat}'s",
                             seat=seat, to_move=to_move)


@dataclass(frozen=True)
class SeatNews:
    """What one seat is told after a step: the events as it may see them and its view."""

    seat: int
    step: int
    events: tuple[Event, ...]
    view: View


class TableSession:
    """One game's authority: applies actions for the seat to move, deals when a deal
    is due, and tells each seat what it may see."""

    def __init__(self, match: Match) -> None:
        self._match = match
        self._text = record.RecordText()

    @classmethod
    def new(cls, game: str, options: dict[str, Any], seats: Sequence[Seat],
            seed: int | None = None) -> TableSession:
        """A new game (``OptionError`` for options the game refuses)."""
        return cls(Match.start(game, options, seats, seed))

    @classmethod
    def from_record(cls, data: Any) -> TableSession:
        """A game resumed from its record (``RecordError`` for a record that is not one)."""
        return cls(record.load(data))

    # --- what anyone may ask ----------------------------------------------------------

    @property
    def game(self) -> str:
        return self._match.game.name

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._match.state.options)

    @property
    def seats(self) -> list[Seat]:
        return list(self._match.seats)

    @property
    def n(self) -> int:
        return self._match.n

    @property
    def to_move(self) -> int | None:
        return self._state.to_move

    @property
    def needs_deal(self) -> bool:
        return self._state.needs_deal

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def step(self) -> int:
        """How many steps (deals and actions) the game has had."""
        return self._match.step_count

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._state.totals)

    @property
    def _state(self) -> GameState:
        return self._match.state

    def view_for(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more."""
        self._check_seat(seat)
        return self._state.view(seat)

    def public_view_for(self, seat: int) -> View:
        """What anyone at the table may see, laid out for ``seat`` (a screen shared by
        several people, between two of them)."""
        self._check_seat(seat)
        return self._state.public_view(seat)

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        """``events`` as ``viewer`` may see them (``None``: anyone at the table)."""
        return self._state.events_for(events, viewer)

    def news_for(self, seat: int, events: Sequence[Event]) -> SeatNews:
        """``events`` as ``seat`` may see them, with its view after them."""
        self._check_seat(seat)
        return SeatNews(seat, self.step, tuple(self._state.events_for(events, seat)),
                        self._state.view(seat))

    def record(self) -> dict[str, Any]:
        """The game's record so far (the record format: every card, every seed): for
        the disk, never for a client."""
        return record.to_json(self._match)

    def record_text(self) -> str:
        """The record as the text kept on the disk (only the deal in progress is
        encoded anew)."""
        return self._text.dumps(self._match)

    def last_step(self) -> dict[str, Any]:
        """The step just taken, in the record's form (``{"cards": …}`` for a deal,
        ``{"seat": …, "type": …}`` for an action), with the step count it makes."""
        match = self._match
        log = match.deals[-1]
        if log.actions:
            seat, action = log.actions[-1]
            entry: dict[str, Any] = {"seat": seat, **action_to_json(action)}
        else:
            entry = {"cards": match.game.layout_to_json(log.layout)}
        entry["step"] = match.step_count
        return entry

    def take_step(self, entry: dict[str, Any]) -> bool:
        """Take a step kept in the form :meth:`last_step` gives, if it is the next one
        (True); one this game already holds is passed over (False); anything else is a
        ``ValueError`` (an :class:`IllegalAction` too: the rules check it)."""
        step = entry.get("step")
        if type(step) is not int or step <= self.step:
            return False
        if step != self.step + 1:
            raise ValueError(f"step {step} does not follow step {self.step}")
        if "cards" in entry:
            self.deal(self._match.game.layout_from_json(entry["cards"]))
        else:
            seat = entry.get("seat")
            if type(seat) is not int:
                raise ValueError("a step without a seat")
            fields = {k: v for k, v in entry.items() if k not in ("seat", "step")}
            self.act(seat, action_from_json(fields))
        return True

    def decision_seed(self) -> int:
        """The seed for a computer's decision now (the same position, the same seed)."""
        return self._match.decision_seed()

    # --- what changes the game --------------------------------------------------------

    def deal(self, layout: Layout | None = None) -> list[Event]:
        """Deal the next deal: ``layout`` (a deal taken back by undo, dealt again), or
        cards drawn from the game's seed and the deal's number alone — the same however
        the game got there; ``ValueError`` when no deal is due."""
        if not self._state.needs_deal:
            raise ValueError("no deal is due")
        return self._match.deal(layout if layout is not None else self._match.next_layout())

    def act(self, seat: int, action: Action) -> list[Event]:
        """``seat`` takes ``action``.  Refused with :class:`IllegalAction` (the game is
        unchanged) when the seat is not to move or the rules do not allow it."""
        self._check_seat(seat)
        if self._state.to_move != seat:
            raise NotYourTurn(seat, self._state.to_move)
        return self._match.apply(action)

    def legal_for(self, seat: int) -> tuple[Action, ...]:
        """The actions ``seat`` may take now (none unless it is to move)."""
        if self._state.to_move != seat:
            return ()
        return tuple(self._state.legal_actions())

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat!r} at a table of {self.n}")
