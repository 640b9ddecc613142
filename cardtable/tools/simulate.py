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

MAX_DEALS = 1000
"""Where ``simulate`` stops a game that has no fixed length (Трефы is played until
someone reaches the target, which random players may never do)."""


def play_out(match: Match, players: Sequence[Player], max_deals: int | None = None) -> Match:
    """Play ``match`` to its end — or to ``max_deals`` completed deals — each seat's
    decisions made by ``players[seat]`` from that seat's view with the match's own
    generator."""
    state = match.state
    rng = match.rng
    while not state.is_over:
        if state.needs_deal:
            if max_deals is not None and state.deal_index >= max_deals:
                break
            match.deal()
            continue
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        match.apply(players[seat].choose(state.view(seat), legal, rng))
    return match


def simulate(game: str, options: Mapping[str, Any], levels: Sequence[str], seed: int,
             games: int, record_dir: Path | None = None,
             max_deals: int = MAX_DEALS) -> Iterator[dict[str, Any]]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, …; yield one summary each.
    A game stopped at ``max_deals`` before its end says ``"finished": false``."""
    if not 1 <= max_deals <= record.MAX_DEALS:
        raise ValueError(f"max_deals must be from 1 to {record.MAX_DEALS} (a record holds "
                         f"at most that many deals)")
    players = [make_player(game, level) for level in levels]
    seats = [Seat(f"{level} {i + 1}", "computer", level) for i, level in enumerate(levels)]
    for k in range(games):
        game_seed = seed + k
        match = play_out(Match.start(game, options, seats, seed=game_seed), players,
                         max_deals)
        if record_dir is not None:
            record.save(match, record_dir / f"{game}-{game_seed}.json")
        line = {"game": game, "seed": game_seed, "totals": list(match.state.totals),
                "deals": len(match.state.deal_scores)}
        if not match.state.is_over:
            line["finished"] = False
        yield line
