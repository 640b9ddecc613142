"""Computer players driven through a game for the tests of every game's levels: a
wrapper that fails at the illegal action itself (not at a later, puzzling engine
error), and a seeded run that records every decision, to compare two runs."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.ai.base import Player
from cardtable.engine.actions import Action
from cardtable.engine.game import GameState


class Checked:
    """Wraps a player; fails the test at once on an action not among the legal ones
    handed over.  ``same_object``: the action must be one of those very objects, not
    merely equal to one (the rule-based levels pick from the list they are given)."""

    def __init__(self, inner: Player, *, same_object: bool = False) -> None:
        self.inner = inner
        self.same_object = same_object
        self.decisions = 0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        action = self.inner.choose(view, legal, rng, budget)
        if self.same_object:
            assert any(action is a for a in legal), f"{action} not among {legal}"
        else:
            assert action in legal, f"{action} not among {legal}"
        self.decisions += 1
        return action


def not_over(state: GameState) -> bool:
    return not state.is_over


def recorded_decisions(state: GameState, players: Sequence[Player], rng: random.Random,
                       keep_going: Callable[[GameState], bool] = not_over) -> list[Action]:
    """Play ``state`` on while ``keep_going(state)`` holds, each seat by its player and
    every deal drawn from ``rng``, the one generator of the run; every action, in
    order."""
    actions: list[Action] = []
    while keep_going(state):
        if state.needs_deal:
            state.deal(state.random_layout(rng))
            continue
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(state.view(seat), state.legal_actions(), rng)
        actions.append(action)
        state.apply(action)
    return actions
