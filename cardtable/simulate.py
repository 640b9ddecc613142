"""Whole games between computer players: the ``simulate`` command and the tests'
workhorse.  Each game has its own seed, so any one of them can be replayed alone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardtable.ai import make_player
from cardtable.ai.base import Player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat


def play_out(match: Match, players: Sequence[Player]) -> Match:
    """Play ``match`` to its end, each seat's decisions made by ``players[seat]``
    from that seat's view with the match's own generator."""
    state = match.state
    rng = match.rng
    while not state.is_over:
        if state.needs_deal:
            match.deal()
            continue
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        match.apply(players[seat].choose(state.view(seat), legal, rng))
    return match


def simulate(game: str, options: Mapping[str, Any], levels: Sequence[str], seed: int,
             games: int, record_dir: Path | None = None) -> Iterator[dict[str, Any]]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, …; yield one summary each."""
    players = [make_player(game, level) for level in levels]
    seats = [Seat(f"{level} {i + 1}", "computer", level) for i, level in enumerate(levels)]
    for k in range(games):
        game_seed = seed + k
        match = play_out(Match.start(game, options, seats, seed=game_seed), players)
        if record_dir is not None:
            record.save(match, record_dir / f"{game}-{game_seed}.json")
        yield {"game": game, "seed": game_seed, "totals": list(match.state.totals),
               "deals": len(match.state.deal_scores)}
