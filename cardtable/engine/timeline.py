"""A whole game laid out for watching again: any position of its history, reached
forward one step at a time (with the events, to animate) or by a jump.

A position is a number of steps (:class:`~cardtable.engine.match.Step`) taken from the
start.  Going forward takes the next step on a working match; going back rebuilds
the match from the state kept where the deal began, so a jump anywhere in a long game
costs at most one deal's replay, not the game's.
"""

from __future__ import annotations

from cardtable.engine.game import Event, GameState
from cardtable.engine.match import ActStep, DealLog, DealStep, Match, Step


class Timeline:
    """The history of ``match`` (copied: the match itself is not touched), with a
    cursor at one position of it."""

    def __init__(self, match: Match) -> None:
        self.game = match.game
        self.options = dict(match.state.options)
        self.first_dealer = match.state.first_dealer
        self.seats = list(match.seats)
        self.seed = match.seed
        self.steps: list[Step] = match.steps()
        self.deal_starts = [i + 1 for i, s in enumerate(self.steps) if isinstance(s, DealStep)]
        """The position at which each deal lies dealt, before its first action."""
        self._marks: dict[int, GameState] = {}
        """The state at each deal's start, kept as the cursor passes it."""
        self.match = Match(self.game, self.game.new(self.options, self.first_dealer),
                           self.seats, self.seed)
        self.position = 0

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def state(self) -> GameState:
        return self.match.state

    def forward(self) -> list[Event]:
        """Take the next step; its events (what to animate)."""
        if self.position >= self.length:
            raise IndexError("the end of the game")
        events = self.match.take(self.steps[self.position])
        self.position += 1
        if self.position in self.deal_starts and self.position not in self._marks:
            self._marks[self.position] = self.match.state.clone()
        return events

    def seek(self, position: int) -> None:
        """Put the cursor at ``position`` (0 … :attr:`length`)."""
        if not 0 <= position <= self.length:
            raise IndexError(f"a position from 0 to {self.length}, not {position}")
        if position < self.position:
            self._rewind(position)
        while self.position < position:
            self.forward()

    def _rewind(self, position: int) -> None:
        """A working match at the last deal start at or before ``position`` that is
        known, else at the very start."""
        marks = [m for m in self._marks if m <= position]
        start = max(marks, default=0)
        state = self._marks[start].clone() if start else \
            self.game.new(self.options, self.first_dealer)
        match = Match(self.game, state, self.seats, self.seed)
        for step in self.steps[:start]:
            if isinstance(step, DealStep):
                match.deals.append(DealLog(step.layout))
            elif isinstance(step, ActStep):
                match.deals[-1].actions.append((step.seat, step.action))
        self.match = match
        self.position = start

    def deal_of(self, position: int) -> int:
        """The deal (0-based) lying on the table at ``position`` (-1 before the first)."""
        return sum(1 for start in self.deal_starts if start <= position) - 1

    def moves_in_deal(self, deal: int) -> int:
        """How many actions deal ``deal`` has in this history."""
        start = self.deal_starts[deal]
        end = self.deal_starts[deal + 1] - 1 if deal + 1 < len(self.deal_starts) \
            else self.length
        return end - start

    def prefix(self) -> Match:
        """The game as it stands at the cursor, as a match of its own to play on."""
        return self.match.prefix(self.match.step_count)
