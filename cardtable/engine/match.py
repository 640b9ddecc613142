"""A game being played: the state, who sits where, the random generator and the log
of deals and actions that becomes the record.

The match owns the one seeded generator of a game (first dealer, shuffles and, for
the command line, the computer players' choices), so a seed reproduces a whole game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from cardtable.engine import get_game
from cardtable.engine.actions import Action
from cardtable.engine.game import Event, Game, GameState, Layout, OptionError

HUMAN, COMPUTER = "human", "computer"
LEVELS = ("easy", "normal", "hard", "random")


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, human or computer, and the computer's level."""

    name: str
    kind: str = COMPUTER
    level: str | None = "easy"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == COMPUTER:
            out["level"] = self.level
        return out


@dataclass
class DealLog:
    """One deal as it happened: its layout and the actions in order."""

    layout: Layout
    actions: list[tuple[int, Action]] = field(default_factory=list)


@dataclass(frozen=True)
class DealStep:
    """A deal dealt with these cards: one step of a game's history."""

    layout: Layout


@dataclass(frozen=True)
class ActStep:
    """``seat`` took ``action``: one step of a game's history."""

    seat: int
    action: Action


Step: TypeAlias = DealStep | ActStep
"""A game's history is its steps in order — each deal, then that deal's actions — so a
position in it is one number: how many steps have been taken."""


class Match:
    """Drives one game: deals from the seeded generator (or a given layout), applies
    actions for the seat to move, and keeps everything needed to write the record."""

    def __init__(self, game: Game, state: GameState, seats: Sequence[Seat],
                 seed: int | None, rng: random.Random | None = None) -> None:
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.deals: list[DealLog] = []
        self.reviews: list[dict[str, Any]] = []
        """The record's optional ``reviews``, kept as read and written back as they are
        (:mod:`cardtable.ai.review` reads and makes them; the rules never look)."""

    @classmethod
    def start(cls, game_name: str, options: Mapping[str, Any], seats: Sequence[Seat],
              seed: int | None = None, first_dealer: int | None = None) -> Match:
        """A new game; the first dealer is drawn by lot from the seed unless given."""
        game = get_game(game_name)
        checked = game.check_options(options)
        if len(seats) != checked["players"]:
            raise OptionError("players", f"{len(seats)} seats given for "
                                         f"{checked['players']} players")
        if seed is None:
            # the system's randomness, as secrets.randbits; secrets itself would load
            # hmac and hashlib at every start
            seed = random.SystemRandom().getrandbits(48)
        rng = random.Random(seed)
        dealer = rng.randrange(checked["players"]) if first_dealer is None else first_dealer
        return cls(game, game.new(checked, dealer), seats, seed, rng)

    @property
    def n(self) -> int:
        return self.state.n

    def deal(self, layout: Layout | None = None) -> list[Event]:
        """Deal the next deal: shuffled from the match's generator, or ``layout``."""
        if layout is None:
            layout = self.state.random_layout(self.rng)
        events = self.state.deal(layout)
        self.deals.append(DealLog(layout))
        return events

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the seat to move and log it (nothing changes if the
        rules refuse it)."""
        seat = self.state.to_move
        events = self.state.apply(action)
        assert seat is not None  # the state accepted an action: someone was to move
        self.deals[-1].actions.append((seat, action))
        return events

    def next_layout(self) -> Layout:
        """The cards of the next deal, shuffled by a generator seeded with the game's
        seed and the deal's number alone: the deal is the same however the game got
        there — played straight, taken back with undo, resumed from a save."""
        return self.state.random_layout(random.Random(f"deal:{self.seed}:{len(self.deals)}"))

    def decision_seed(self) -> int:
        """A computer player's seed for the decision due now, from the game's seed and
        the position alone: the same position gets the same answer, so taking a move
        back and playing it again brings the same replies."""
        made = len(self.deals[-1].actions) if self.deals else 0
        return random.Random(f"decide:{self.seed}:{len(self.deals)}:{made}").getrandbits(64)

    @property
    def step_count(self) -> int:
        """How many steps (deals dealt and actions taken) the game has had."""
        return sum(1 + len(d.actions) for d in self.deals)

    def steps(self) -> list[Step]:
        """The game's history as steps, oldest first."""
        out: list[Step] = []
        for log in self.deals:
            out.append(DealStep(log.layout))
            out.extend(ActStep(seat, action) for seat, action in log.actions)
        return out

    def take(self, step: Step) -> list[Event]:
        """Take one step of a history (a deal or an action).  The rules check an action
        as any other (:class:`IllegalAction`); a step by a seat not to move is a history
        that is not this game's (``ValueError``)."""
        if isinstance(step, DealStep):
            return self.deal(step.layout)
        if step.seat != self.state.to_move:
            raise ValueError(f"it is seat {self.state.to_move}'s turn, not seat {step.seat}'s")
        return self.apply(step.action)

    def prefix(self, count: int) -> Match:
        """This game as it stood after its first ``count`` steps, replayed through the
        rules: a new match with the same seats and seed (this one is not changed)."""
        if not 0 <= count <= self.step_count:
            raise ValueError(f"a position from 0 to {self.step_count}, not {count}")
        state = self.game.new(self.state.options, self.state.first_dealer)
        again = Match(self.game, state, self.seats, self.seed)
        for step in self.steps()[:count]:
            again.take(step)
        return again

    def with_deal_restarted(self) -> Match:
        """This game with the current deal's actions taken back: every deal before it
        replayed through the rules, and the same cards dealt again.  The new match
        shares this one's generator, so what follows is drawn from where it stands."""
        if not self.deals:
            raise ValueError("no deal has been dealt yet")
        state = self.game.new(self.state.options, self.state.first_dealer)
        again = Match(self.game, state, self.seats, self.seed, self.rng)
        *played, current = self.deals
        for log in played:
            again.deal(log.layout)
            for _, action in log.actions:
                again.apply(action)
        again.deal(current.layout)
        return again

