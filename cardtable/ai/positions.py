"""Decisions worth searching: positions from a seeded game of ``easy`` players where
the seat to move has more than two choices.  The search's benchmark measures on
them and the self-check proves the search's workers with one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.ai import make_player
from cardtable.engine.match import Match, Seat

POSITIONS = 4


def positions(game: str, n: int, seed: int = 3) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """(view, legal actions) of the seat to move at decisions with a choice."""
    match = Match.start(game, {"players": n}, [Seat(f"P{i}", "computer", "easy")
                                              for i in range(n)], seed=seed)
    easy = make_player(game, "easy")
    state = match.state
    found = 0
    while found < POSITIONS and not state.is_over:
        if state.needs_deal:
            match.deal()
            continue
        seat = state.to_move
        if seat is None:
            raise RuntimeError("a game neither over nor between deals has a seat to move")
        legal = tuple(state.legal_actions())
        if len(legal) > 2:
            yield state.view(seat), legal
            found += 1
        match.apply(easy.choose(state.view(seat), legal, match.rng))
