"""The controller: the one place that holds the running game.

It asks the engine what happens next, hands a decision to the human at the table or to
a computer player in a worker thread, applies the chosen action and tells the world
through signals.  The table only draws what the signals say and sends actions back
through :meth:`GameController.submit`; it never touches the engine.

The game itself is held by a :class:`~cardtable.net.session.TableSession`, the same
authority a network table has: it applies every action (the seat to move only, the
rules checking) and says what each seat may see.  Privacy is the engine's: signals
carry the session's ``view_for(viewer)`` (or the public view) and
``events_for(events, viewer)``, never the state itself; the controller knows no field
of any game.

Pass-and-play: when two or more seats are human, the screen belongs to one of them at
a time.  Between owners — at the start, after every deal, and whenever the turn comes
to a human who does not hold the screen — the table is *concealed*: it gets
:meth:`GameState.public_view`, what anyone at the table may see, and no hand at all.  The
controller then says :attr:`GameController.handOver` and waits until the window calls
:meth:`GameController.take_over` (the person has sat down), and only then shows that
seat's view.

Saving: the game is autosaved off the GUI thread at every human turn and deal's end
(:class:`saves.BackgroundSaver`).  The controller learns the outcome of each write
and keeps what the disk holds, so that it can say how many moves would be lost; a
write that fails raises :attr:`GameController.saveProblem` (again at each failure,
the count grown) and the next good one :attr:`GameController.saveRestored`.  The game
in memory goes on either way.

Undo and redo: the game's history is a list of steps (:meth:`Match.steps`).  Undo goes
back to just before the last human move — the computers' moves after it go too — and
keeps what was taken back as the *future*.  While the game follows that future (redo,
or the person playing the same move again), the computers' moves are taken from it
instead of being thought again, so their replies change only if the person plays
differently; a different move drops the future.  Deals are shuffled and computers
seeded from the position alone (:meth:`Match.next_layout`, :meth:`Match.decision_seed`),
so even a fresh answer does not depend on how the game got to where it is.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from cardtable import saves
from cardtable.ai import LEVELS, available_levels, make_player
from cardtable.ai.base import Player
from cardtable.ai.parallel import SearchWorkers
from cardtable.engine import record
from cardtable.engine.actions import Action
from cardtable.engine.game import DealStarted, Event, GameState, IllegalAction, TrickWon, View
from cardtable.engine.match import COMPUTER, HUMAN, ActStep, DealStep, Match, Seat, Step
from cardtable.net.session import TableSession
from cardtable.ui import gui_thread, texts
from cardtable.ui.pace import DEFAULT_PACE, Pace, pace_of
from cardtable.ui.score_rows import SheetData

if TYPE_CHECKING:
    from cardtable.ui.games.base import GamePresenter
    from cardtable.ui.gui_thread import Bridge


class Phase(StrEnum):
    """What happens at the table now, as the table must say it: the one source of
    the status line, the lit plate and the outlined cards (see :class:`Now`)."""

    DEALING = "dealing"
    THINKING = "thinking"
    """A computer player decides (its plate lit)."""
    TURN = "turn"
    """A person decides (their plate lit, their playable cards outlined)."""
    GATHERING = "gathering"
    """A trick is complete and goes to its winner: nobody is to play."""
    HANDOVER = "handover"
    DEAL_OVER = "deal_over"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Now:
    """The phase and the seat it concerns (the mover, the trick's winner, the person
    the screen goes to; None for the others)."""

    phase: Phase
    seat: int | None = None

    @property
    def lit(self) -> int | None:
        """The plate lit as "to move" in this phase, if any."""
        return self.seat if self.phase in (Phase.THINKING, Phase.TURN, Phase.HANDOVER) \
            else None


class Waiting(StrEnum):
    """What the table is waiting for."""

    HUMAN = "human"
    """A person's decision (the table's input is open)."""
    COMPUTER = "computer"
    """A computer player thinking off the GUI thread."""
    HANDOVER = "handover"
    """Pass-and-play: the screen to be handed to the next person."""
    NEXT_DEAL = "next_deal"
    """The score of a deal shown; the next deal on the player's word."""
    DEALING = "dealing"
    """The next deal asked for and being dealt."""


@dataclass(frozen=True)
class OnDisk:
    """What an autosave holds: the game (its name and seed) and its steps."""

    game: tuple[str, int | None]
    steps: tuple[Step, ...]

    @classmethod
    def of(cls, match: Match) -> OnDisk:
        return cls((match.game.name, match.seed), tuple(match.steps()))


def moves_in(steps: Sequence[Step]) -> int:
    """The moves (the players' actions, not the deals) among ``steps``."""
    return sum(1 for step in steps if isinstance(step, ActStep))


_TOKENS = itertools.count(1)


class GameController(QObject):
    """Owns the match; speaks in signals.  One game at a time."""

    gameStarted = Signal(object)
    """The match's seats and the viewer: ``(seats, viewer, game name)``."""
    stepped = Signal(object, object)
    """``(events, view)``: what just happened, and the viewer's view after it."""
    humanToMove = Signal(int, object)
    """``(seat, view)``: a human seat must decide; ``view.legal`` lists its choices."""
    computerThinking = Signal(int)
    dealFinished = Signal(object)
    """The viewer's view after a deal has been scored; call :meth:`next_deal` to go on."""
    gameFinished = Signal(object)
    handOver = Signal(int)
    """Pass-and-play: the screen must go to this human seat; the table is concealed until
    :meth:`take_over` is called."""
    hintReady = Signal(int, object)
    """``(seat, action)``: what the strongest computer level would do in the human's
    place (asked for with :meth:`request_hint`)."""
    viewerChanged = Signal(int, object)
    """``(seat, view)``: the screen now belongs to this seat; show its view."""
    refused = Signal(int, object)
    """``(seat, IllegalAction)``: the human's action was refused; nothing changed."""
    failed = Signal(str)
    """Something went wrong outside the rules (a computer player's error); the game
    goes on."""
    saveProblem = Signal(object)
    """A :class:`saves.SaveProblem`: the autosave could not be written (said at each
    failure; :meth:`unsaved_moves` has grown).  The game goes on in memory."""
    saveRestored = Signal()
    """A save succeeded after :attr:`saveProblem`: everything is on the disk again."""
    humanActed = Signal(int)
    """A human seat's move was applied."""
    nowChanged = Signal(object)
    """A :class:`Now`: what happens from here on, said before the signals that show it
    (the table follows it in the order it shows things)."""
    assisted = Signal(str)
    """The person was helped: ``"undo"`` (a move taken back, a deal restarted) or
    ``"hint"``; the statistics keep such games apart."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match: Match | None = None
        self.session: TableSession | None = None
        """The game's one authority (as at a network table): it applies every action
        and says what each seat may see; the controller adds the players, the pace,
        undo and the autosave around it."""
        self.players: list[Player | None] = []
        """Each seat's computer player, made at its first turn (:meth:`player`); None
        for a person, and for a computer that has not had a turn yet."""
        self.viewer = 0
        self.humans: list[int] = []
        self.concealed = False
        """Pass-and-play between two owners: signals carry the public view only."""
        self.pace: Pace = pace_of(DEFAULT_PACE)
        self.autosave_path: Path | None = None
        self.waiting: Waiting | None = None
        """What the table waits for, or None (nothing to wait for)."""
        self.now: Now | None = None
        """The phase last said with :attr:`nowChanged`."""
        self._generation = 0
        """The token of the answer awaited now; any other answer is stale."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self.search_workers = SearchWorkers()
        """The search's worker processes, started at a searching player's first
        decision and stopped by :meth:`stop`."""
        self._bridge = gui_thread.for_application().bridge
        """The application's bridge (it outlives this controller: see :class:`Bridge`)."""
        self._bridge.decided.connect(self._on_decided)
        self._bridge.hinted.connect(self._on_hinted)
        self._hint_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self._hint_token = 0
        self._hint_player: Any = None
        self._hint_game = ""
        self._think_started = 0.0
        self._extra_pause_ms = 0
        self._pending: Future[Any] | None = None
        self.holding = False
        """Whether a computer's turn waits to start thinking (:meth:`hold_thinking`)."""
        self._held: _Thought | None = None
        self.player_factory = make_player
        """Builds a computer player from (game, level); tests put slow players here."""
        self.closed = False
        """After :meth:`stop` (the window is closing) nothing starts any more."""
        self._saver: saves.BackgroundSaver | None = None
        self._record_text = record.RecordText()
        self.on_disk: OnDisk | None = None
        """What the autosave held after its last write that succeeded (None: no game)."""
        self.save_problem: saves.SaveProblem | None = None
        """Why the last autosave failed, until one succeeds."""
        self._bridge.written.connect(self._take_save_outcomes)
        self.future: list[Step] = []
        """Steps taken back by undo, which the game follows while it replays them."""
        self.shared_undo = False
        """Whether undo works when several people share the screen (a setting: it takes
        every player's agreement)."""

    # --- starting and stopping ------------------------------------------------------

    def new_game(self, game: str, options: dict[str, Any], seats: Sequence[Seat],
                 seed: int | None = None) -> None:
        """Start a new game (any game in progress is dropped, its thinking cancelled)."""
        self.start_match(Match.start(game, options, list(seats), seed=seed))

    def start_match(self, match: Match, future: Sequence[Step] = (),
                    on_disk: bool = False) -> None:
        """Take over ``match`` — a new game or one loaded from a record — and go on;
        ``future`` is what undo took back, for the game to follow; ``on_disk`` says
        it was resumed from the autosave (so it is all there already)."""
        if self.closed:
            return
        if on_disk:
            self.on_disk = OnDisk.of(match)
        self._cancel()
        self.match = match
        self.session = TableSession(match)
        self.future = list(future)
        self.players = [None for _ in match.seats]
        self.humans = [i for i, s in enumerate(match.seats) if s.kind == HUMAN]
        self.viewer = self.humans[0] if self.humans else 0
        self.concealed = self.shared
        self.gameStarted.emit((list(match.seats), self.viewer, match.game.name))
        if not match.state.needs_deal and not match.state.is_over:
            # a deal in progress (a restarted deal, a resumed game): show it as it stands
            self.stepped.emit([], self.table_view())
        self._advance()

    def player(self, seat: int) -> Player:
        """The computer player at ``seat``, made at its first turn: making it imports
        its level's module (the search and its tables), which nothing on the way to
        the first table needs."""
        match = self.match
        assert match is not None and match.seats[seat].kind == COMPUTER
        made = self.players[seat]
        if made is None:
            made = self.players[seat] = self._computer(match.game.name, match.seats[seat])
        return made

    def _computer(self, game: str, seat: Seat) -> Player:
        """The computer player for ``seat``; if its level is missing from this
        installation, the strongest weaker level there is (said on the status line),
        so that a broken install still plays instead of stopping the game."""
        level = seat.level or "easy"
        try:
            return self.player_factory(game, level)
        except ValueError:
            weaker = list(LEVELS[:LEVELS.index(level)]) if level in LEVELS else []
            fallback = next((lv for lv in reversed(weaker) if lv in available_levels(game)),
                            "random")
            self.failed.emit(texts.fill(self.tr(
                "Computer level %1 is missing from this installation: %2 plays at %3"),
                texts.level_name(level), seat.name, texts.level_name(fallback)))
            return self.player_factory(game, fallback)

    def you(self, seats: Sequence[Seat]) -> int | None:
        """The seat the sentences call "you": the one person playing at this screen."""
        humans = [i for i, s in enumerate(seats) if s.kind == HUMAN]
        return humans[0] if len(humans) == 1 else None

    @property
    def shared(self) -> bool:
        """Pass-and-play: several people take turns at this screen."""
        return len(self.humans) > 1

    def table_view(self) -> View | None:
        """What the table may show now: the viewer's view, or the public one."""
        if self.match is None:
            return None
        session = self.session
        assert session is not None  # it holds the match
        return session.public_view_for(self.viewer) if self.concealed \
            else session.view_for(self.viewer)

    def stop(self) -> None:
        """Cancel any thinking, let the worker threads end and the autosave be written
        (on quit)."""
        self.closed = True
        self._cancel()
        if self._saver is not None:
            self._saver.close()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._hint_executor.shutdown(wait=False, cancel_futures=True)
        self.search_workers.shutdown()

    def set_pace(self, key: str) -> None:
        """How fast the computers play and the table moves from now on."""
        self.pace = pace_of(key)

    def pause(self) -> None:
        """Stop thinking and waiting: the table shows something else for a while (a
        game watched again); :meth:`resume` brings the game back."""
        self._cancel()

    def resume(self) -> None:
        """Show the game again as it stands and go on (after :meth:`pause`)."""
        if self.match is not None:
            self.start_match(self.match, self.future)

    def _cancel(self) -> None:
        self._generation = next(_TOKENS)
        self._held = None
        for player in (*self.players, self._hint_player):
            stop = getattr(player, "cancel", None)
            if callable(stop):  # a searching player returns at once with its best so far
                stop()
        if self._pending is not None:
            if not self._pending.cancel() and not self.closed:
                # still thinking about a position that is gone: let it finish on its own
                # thread and think about the new game on a fresh one
                self._executor.shutdown(wait=False)
                self._executor = ThreadPoolExecutor(max_workers=1,
                                                    thread_name_prefix="computer")
            self._pending = None
        self.waiting = None

    # --- what the table may ask -----------------------------------------------------------
    # The window and the parts of the table ask these, and never read the match or the
    # state: what is shown comes as views (the engine's privacy), the rest as plain facts.

    @property
    def state(self) -> GameState | None:
        """The running state, for tests and checks; the table asks the questions below."""
        return None if self.match is None else self.match.state

    @property
    def has_game(self) -> bool:
        """A game is on the table (started, resumed or opened)."""
        return self.match is not None

    def game_name(self) -> str | None:
        """The game played (its engine's name), None before a game."""
        return None if self.match is None else self.match.game.name

    def options(self) -> dict[str, Any]:
        """The game's options, as chosen when it started (empty before a game)."""
        return {} if self.match is None else dict(self.match.state.options)

    def seats(self) -> list[Seat]:
        """Who sits at the table, in seat order (empty before a game)."""
        return [] if self.match is None else list(self.match.seats)

    @property
    def to_move(self) -> int | None:
        """The seat to move now, None between deals, at the end or before a game."""
        return None if self.match is None else self.match.state.to_move

    @property
    def is_over(self) -> bool:
        """The game on the table has ended."""
        return self.match is not None and self.match.state.is_over

    @property
    def step_count(self) -> int:
        """How many steps (deals and moves) the game has taken: it grows with each."""
        return 0 if self.match is None else self.match.step_count

    def view_of_mover(self) -> View | None:
        """The view of the seat to move (for re-showing a human's choice)."""
        state = self.state
        if state is None or state.to_move is None:
            return None
        return state.view(state.to_move)

    def view(self) -> View | None:
        """What the table shows now (None before a game)."""
        return self.table_view()

    def score_sheet(self, presenter: GamePresenter[Any]) -> SheetData | None:
        """The score sheet's rows for the game on the table, in ``presenter``'s words."""
        match = self.match
        return None if match is None else presenter.score_sheet(match.state, match.deals)

    def human_has_played(self) -> bool:
        """Whether a person has made a move in the unfinished game on the table (leaving
        it then loses something)."""
        match = self.match
        return match is not None and not match.state.is_over and any(
            match.seats[seat].kind == HUMAN for log in match.deals for seat, _ in log.actions)

    def can_watch(self) -> bool:
        """The game on the table can be watched again — but not an unfinished one that
        several people share: watching shows every hand."""
        match = self.match
        return match is not None and bool(match.deals) \
            and (match.state.is_over or not self.shared)

    def copy_to_watch(self) -> Match | None:
        """A copy of the game on the table, to be watched again (the table's own game is
        left alone)."""
        return None if self.match is None else self.match.prefix(self.match.step_count)

    def save_record(self, path: Path) -> OnDisk | None:
        """Write the game's record to ``path`` at once and whole (never half a file);
        what the file holds then, None without a game.  Raises :class:`OSError`."""
        match = self.match
        if match is None:
            return None
        record.save(match, path)
        return OnDisk.of(match)

    # --- the main loop, one step at a time --------------------------------------------

    def _advance(self) -> None:
        match = self.match
        if match is None or self.closed:
            return
        state = match.state
        if state.is_over:
            self.waiting = None
            self._autosave()
            self.concealed = self.shared
            self._tell(Now(Phase.GAME_OVER))
            self.gameFinished.emit(self.table_view())
            return
        if state.needs_deal:
            if state.deal_index > 0 and self.waiting != Waiting.DEALING:
                self.waiting = Waiting.NEXT_DEAL
                self._autosave()
                self.concealed = self.shared  # the score is for everyone; the hands are not
                self._tell(Now(Phase.DEAL_OVER))
                self.dealFinished.emit(self.table_view())
                return
            step = self.future.pop(0) if self.future else None
            if not isinstance(step, DealStep):
                self.future.clear()
            events = self._session().deal(step.layout if isinstance(step, DealStep) else None)
            self.waiting = None
            self._publish(events)
            self._advance()
            return
        seat = state.to_move
        if seat is None:
            raise RuntimeError("a game neither over nor between deals has a seat to move")
        view = state.view(seat)
        if seat in self.humans:
            self._autosave()
            if self.shared and (self.concealed or seat != self.viewer):
                self.waiting = Waiting.HANDOVER
                self.concealed = True
                self._tell(Now(Phase.HANDOVER, seat))
                self.handOver.emit(seat)
                return
            self.waiting = Waiting.HUMAN
            self._tell(Now(Phase.TURN, seat))
            self.humanToMove.emit(seat, view)
            return
        self.waiting = Waiting.COMPUTER
        self._tell(Now(Phase.THINKING, seat))
        self.computerThinking.emit(seat)
        token = self._generation = next(_TOKENS)
        self._think_started = time.monotonic()
        if self.future:
            step = self.future[0]
            if isinstance(step, ActStep) and step.seat == seat:
                self.future.pop(0)  # the reply it gave before the undo
                self._on_decided(token, step.action)
                return
            self.future.clear()
        thought = _Thought(seat, view, tuple(state.legal_actions()), match.decision_seed(),
                           token)
        if self.holding:
            self._held = thought
        else:
            self._start_thinking(thought)

    def _start_thinking(self, thought: _Thought) -> None:
        seat, view, legal, seed, token = thought
        self._pending = self._executor.submit(_think, self.player(seat), view, legal, seed,
                                              token, self._bridge, self.search_workers)

    def hold_thinking(self) -> None:
        """From now until :meth:`release_thinking`, a computer whose turn comes waits to
        start thinking.  The program holds it while its table is first drawn: a search
        in the worker thread would take the interpreter from that drawing (a third of
        the time to the first table went so), and the move is shown at the pace's
        time from the turn's start all the same."""
        self.holding = True

    def release_thinking(self) -> None:
        """Let the computers think again, starting the one whose turn has come."""
        self.holding = False
        thought, self._held = self._held, None
        if thought is not None and thought.token == self._generation and not self.closed:
            self._start_thinking(thought)

    @Slot(object, object)
    def _on_decided(self, generation: int, action: Action | Exception) -> None:
        if generation != self._generation or self.match is None or self.closed:
            return  # another controller's answer, or one for a position that is gone
        self._pending = None
        if isinstance(action, Exception):
            self.failed.emit(f"computer player failed: {action}")
            action = self.match.state.legal_actions()[0]
        elapsed_ms = int((time.monotonic() - self._think_started) * 1000)
        delay = max(0, self.pace.move_ms + self._extra_pause_ms - elapsed_ms)
        if delay == 0:
            self._apply_computer(generation, action)
        else:
            QTimer.singleShot(delay, lambda: self._apply_computer(generation, action))

    def _apply_computer(self, generation: int, action: Action) -> None:
        if generation != self._generation or self.match is None:
            return
        seat = self.match.state.to_move
        assert seat is not None  # a computer was asked because a seat is to move
        try:
            events = self._session().act(seat, action)
        except IllegalAction as exc:  # a player's bug: play on with a legal action
            self.failed.emit(f"computer player chose an illegal action: {exc.message}")
            events = self._session().act(seat, self._session().legal_for(seat)[0])
        self._publish(events)
        self._advance()

    @Slot(object)
    def submit(self, action: Action) -> bool:
        """The human to move chooses ``action``.  Refused actions change nothing and
        are reported with :attr:`refused`; returns whether it was applied."""
        match = self.match
        if match is None or self.waiting != Waiting.HUMAN:
            return False
        seat = match.state.to_move
        assert seat is not None  # a human is waited for
        try:
            events = self._session().act(seat, action)
            self._hint_token = 0  # a hint still thinking is about the move just made
        except IllegalAction as exc:
            self.refused.emit(seat, exc)
            return False
        if self.future and self.future[0] == ActStep(seat, action):
            self.future.pop(0)  # the same move as before the undo: the same replies follow
        else:
            self.future.clear()
        self.humanActed.emit(seat)
        self._publish(events)
        self._advance()
        return True

    # --- undo and redo --------------------------------------------------------------------

    def _history_open(self) -> bool:
        """Undo and redo work against computers, and in pass-and-play only if allowed."""
        return self.match is not None and not self.closed and bool(self.humans) \
            and (not self.shared or self.shared_undo)

    def _undo_point(self) -> int | None:
        """The position just before the last human move, if there is one."""
        assert self.match is not None
        steps = self.match.steps()
        for index in range(len(steps) - 1, -1, -1):
            step = steps[index]
            if isinstance(step, ActStep) and step.seat in self.humans:
                return index
        return None

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back now."""
        return self._history_open() and self._undo_point() is not None

    def can_redo(self) -> bool:
        """Whether :meth:`redo` would play a move again now."""
        return self._history_open() and self._redo_end() is not None

    def _redo_end(self) -> int | None:
        """How many future steps redo takes: up to and including the next human move."""
        for index, step in enumerate(self.future):
            if isinstance(step, ActStep) and step.seat in self.humans:
                return index + 1
        return None

    def undo(self) -> bool:
        """Take back the last human move and the computers' moves after it: the person
        decides again where they decided last.  What was taken back stays as the future
        (for redo, and for the same replies if the same move is played)."""
        if not self.can_undo():
            return False
        match = self.match
        point = self._undo_point()
        assert match is not None and point is not None
        future = match.steps()[point:] + self.future
        self.assisted.emit("undo")
        self.start_match(match.prefix(point), future)
        return True

    def redo(self) -> bool:
        """Play again what undo took back, up to the next human decision after it."""
        end = self._redo_end()
        match = self.match
        if not self.can_redo() or end is None or match is None:
            return False
        future = self.future
        again = match.prefix(match.step_count)  # the match on the table is left alone
        for step in future[:end]:
            again.take(step)
        self.start_match(again, future[end:])
        return True

    def request_hint(self) -> bool:
        """Ask the strongest level what it would do for the human to move; the answer
        comes as :attr:`hintReady` (in a worker thread, so the table stays live)."""
        match = self.match
        if match is None or self.waiting != Waiting.HUMAN or self.closed:
            return False
        game = match.game.name
        self.assisted.emit("hint")
        if self._hint_player is None or self._hint_game != game:
            levels = [lv for lv in available_levels(game) if lv != "random"]
            self._hint_player = self.player_factory(game, levels[-1] if levels else "easy")
            self._hint_game = game
        seat = match.state.to_move
        if seat is None:
            raise RuntimeError("a human is waited for, so a seat is to move")
        view = match.state.view(seat)
        legal = tuple(match.state.legal_actions())
        self._hint_token = token = next(_TOKENS)
        seed = random.Random(match.state.deal_index * 7919 + len(view.legal)).getrandbits(32)
        self._hint_executor.submit(_hint, self._hint_player, view, legal, seed,
                                   (token, self._generation, seat), self._bridge,
                                   self.search_workers)
        return True

    @Slot(object, object)
    def _on_hinted(self, key: tuple[int, int, int], action: Action | Exception) -> None:
        token, generation, seat = key
        if token != self._hint_token or generation != self._generation or self.closed \
                or self.waiting != Waiting.HUMAN or isinstance(action, Exception):
            return  # asked for a position that is gone, or the search failed
        self.hintReady.emit(seat, action)

    @Slot()
    def take_over(self) -> None:
        """Pass-and-play: the person whose turn it is sits at the screen: show that seat's
        view and let it act."""
        match = self.match
        if match is None or self.waiting != Waiting.HANDOVER:
            return
        seat = match.state.to_move
        if seat is None:
            raise RuntimeError("a handover is waited for, so a seat is to move")
        self.viewer = seat
        self.concealed = False
        view = match.state.view(seat)
        self.viewerChanged.emit(seat, view)
        self.waiting = Waiting.HUMAN
        self._tell(Now(Phase.TURN, seat))
        self.humanToMove.emit(seat, view)

    @Slot()
    def next_deal(self) -> None:
        """Go on after the score of a deal has been shown."""
        if self.waiting != Waiting.NEXT_DEAL:
            return
        self.waiting = Waiting.DEALING
        self._advance()

    def can_restart(self) -> bool:
        """A deal is in progress and may be played again: in pass-and-play only where
        undo is allowed (it takes back the other people's moves too)."""
        match = self.match
        return match is not None and not self.closed and bool(match.deals) \
            and not match.state.needs_deal and not match.state.is_over \
            and (not self.shared or self.shared_undo)

    def moves_in_deal(self) -> int:
        """The people's moves made so far in the deal in progress (what a restart
        takes back)."""
        match = self.match
        if match is None or not match.deals or match.state.needs_deal:
            return 0
        return sum(1 for seat, _ in match.deals[-1].actions if seat in self.humans)

    def restart_deal(self) -> bool:
        """Play the current deal again from its first action, with the same cards (what
        was played of it stays as the future, as after an undo)."""
        match = self.match
        if match is None or not self.can_restart():
            return False
        start = match.step_count - len(match.deals[-1].actions)
        future = match.steps()[start:] + self.future
        self.assisted.emit("undo")
        self.start_match(match.prefix(start), future)
        return True

    def _publish(self, events: list[Event]) -> None:
        self._extra_pause_ms = self.pace.trick_pause_ms if any(
            type(e) is TrickWon for e in events) else 0
        match = self.match
        if match is None:
            raise RuntimeError("events come only from a match in progress")
        won = next((e for e in events if type(e) is TrickWon), None)
        if won is not None:  # said before the last card is shown: nobody is to play now
            self._tell(Now(Phase.GATHERING, won.seat))
        elif any(type(e) is DealStarted for e in events):
            self._tell(Now(Phase.DEALING))
        viewer = None if self.concealed else self.viewer
        self.stepped.emit(self._session().events_for(events, viewer), self.table_view())

    def _session(self) -> TableSession:
        session = self.session
        if session is None or self.match is None:
            raise RuntimeError("the table's session holds the game in progress")
        return session

    def _tell(self, now: Now) -> None:
        self.now = now
        self.nowChanged.emit(now)

    # --- the game in progress survives a crash or a quit --------------------------------

    def _autosave(self) -> None:
        """Hand the record to the writer thread: the table never waits for the disk,
        and only the deal in progress is encoded anew (:class:`record.RecordText`)."""
        path = self.autosave_path
        if path is None or self.match is None:
            return
        saver = self._saver
        if saver is None or saver.path != path:
            if saver is not None:
                saver.close()
                self._take_save_outcomes()
            saver = self._saver = saves.BackgroundSaver(path, self._bridge.written.emit)
        if self.match.state.is_over:
            saver.remove()
        else:
            saver.save(self._record_text.dumps(self.match), OnDisk.of(self.match))

    def save_now(self) -> None:
        """Hand the game to the writer again (the person asks to try once more)."""
        if not self.closed:
            self._autosave()

    def flush_autosave(self, timeout: float = 5.0) -> bool:
        """Wait (at most ``timeout`` seconds) until the autosave handed over is written
        or has failed, and take its outcome in (tests, quitting); False on a time-out,
        and then what is still being written counts as not on the disk."""
        done = self._saver is None or self._saver.flush(timeout)
        self._take_save_outcomes()
        return done

    @Slot()
    def _take_save_outcomes(self) -> None:
        """Learn what the writer did: what is on the disk, and whether saving fails."""
        if self._saver is None:
            return
        problem: saves.SaveProblem | None = None
        restored = False
        for outcome in self._saver.take_outcomes():
            if outcome.problem is not None:
                if not outcome.removal:  # a finished game's file left: nothing lost
                    problem = self.save_problem = outcome.problem
                    restored = False
                    if problem.reason == saves.FOLDER_IN_THE_WAY:
                        self.on_disk = None  # no game where the next start looks
            elif outcome.removal:
                self.on_disk = None
            else:
                self.on_disk = outcome.tag
                if self.save_problem is not None:
                    self.save_problem, problem, restored = None, None, True
        if restored:
            self.saveRestored.emit()
        if problem is not None:
            self.saveProblem.emit(problem)

    def unsaved_moves(self) -> int:
        """How many moves of the game in progress the autosave does not hold (none
        for a finished game: nothing of it is resumed)."""
        match = self.match
        if match is None or match.state.is_over:
            return 0
        beyond = self.moves_beyond(self.on_disk)
        return moves_in(match.steps()) if beyond is None else beyond

    def moves_beyond(self, held: OnDisk | None) -> int | None:
        """How many moves of the game in progress ``held`` lacks (those after the
        history they share); None if it holds no game or another game."""
        match = self.match
        if match is None or held is None or held.game != (match.game.name, match.seed):
            return None
        steps = match.steps()
        same = 0
        for ours, theirs in zip(steps, held.steps, strict=False):
            if ours != theirs:
                break
            same += 1
        return moves_in(steps[same:])


def _on_every_core(player: Player, workers: SearchWorkers) -> None:
    """A searching player spreads its playouts over the controller's worker processes,
    started at its first decision (in this worker thread, so the table never waits
    for them); on one core or where processes cannot start it searches alone."""
    use_pool = getattr(player, "use_pool", None)
    if callable(use_pool) and getattr(player, "pool", True) is None \
            and getattr(player, "registry_key", None) is not None:
        use_pool(workers.pool())


def _hint(player: Player, view: View, legal: tuple[Action, ...], seed: int,
          key: tuple[int, int, int], bridge: Bridge, workers: SearchWorkers) -> None:
    """The hint's search, in its own worker thread; ``key`` is (hint token, generation,
    seat)."""
    try:
        _on_every_core(player, workers)
        action: Action | Exception = player.choose(view, legal, random.Random(seed))
    except Exception as exc:
        action = exc
    bridge.hinted.emit(key, action)


class _Thought(NamedTuple):
    """A computer's decision to make: whose (its player is made at its first turn, when
    the thinking starts) and what :func:`_think` is given with that player."""

    seat: int
    view: View
    legal: tuple[Action, ...]
    seed: int
    token: int


def _think(player: Player, view: View, legal: tuple[Action, ...], seed: int, token: int,
           bridge: Bridge, workers: SearchWorkers) -> None:
    """A computer player's decision, in the worker thread.  It holds no reference to
    the controller, only to the application's bridge (and the plain worker pool)."""
    try:
        _on_every_core(player, workers)
        action: Action | Exception = player.choose(view, legal, random.Random(seed))
    except Exception as exc:  # a player's bug must not stop the game
        action = exc
    bridge.decided.emit(token, action)
