"""A game being played: the state, who sits where, the random generator and the log
of deals and actions that becomes the record.

The match owns the one seeded generator of a game (first dealer, shuffles and, for
the command line, the computer players' choices), so a seed reproduces a whole game.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
            seed = secrets.randbits(48)
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

