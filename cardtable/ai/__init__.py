"""Computer players.  They see only ``state.view(seat)`` — never hidden cards — and
must not import Qt (the interface runs them in worker threads).

The registry names each level's class by its dotted path and imports it on first use:
a level whose module is not written yet is simply not available (``make_player`` says
so with a ``ValueError``), and loading the ``easy`` level does not import the search.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.ai.base import Player, RandomPlayer

LEVELS = ("random", "easy", "normal", "hard")
"""The levels a person may play against, weakest first."""
BENCH_LEVELS = (*LEVELS, "cheater")
"""``cheater`` sees every card: only the strength benchmark may seat it."""

_RANDOM = "cardtable.ai.base:RandomPlayer"
_CLASSES: dict[tuple[str, str], str] = {
    ("king", "random"): _RANDOM,
    ("king", "easy"): "cardtable.ai.king_easy:KingEasyPlayer",
    ("king", "normal"): "cardtable.ai.king_normal:KingNormalPlayer",
    ("king", "hard"): "cardtable.ai.king_hard:KingHardPlayer",
    ("king", "cheater"): "cardtable.ai.king_hard:KingCheaterPlayer",
    ("clubs", "random"): _RANDOM,
    ("clubs", "easy"): "cardtable.ai.clubs_easy:ClubsEasyPlayer",
    ("clubs", "normal"): "cardtable.ai.clubs_normal:ClubsNormalPlayer",
    ("clubs", "hard"): "cardtable.ai.clubs_hard:ClubsHardPlayer",
    ("clubs", "cheater"): "cardtable.ai.clubs_hard:ClubsCheaterPlayer",
    ("metamorphosis", "random"): _RANDOM,
    ("metamorphosis", "easy"): "cardtable.ai.metamorphosis_easy:MetamorphosisEasyPlayer",
    ("metamorphosis", "normal"): "cardtable.ai.metamorphosis_normal:MetamorphosisNormalPlayer",
    ("metamorphosis", "hard"): "cardtable.ai.metamorphosis_hard:MetamorphosisHardPlayer",
    ("metamorphosis", "cheater"): "cardtable.ai.metamorphosis_hard:MetamorphosisCheaterPlayer",
}
GAMES = ("king", "clubs", "metamorphosis")


def _load(path: str) -> type | None:
    """The class at ``module:Name``, or None while its module (or the class in it) is
    not written yet.  Any other import error is a bug and propagates."""
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    return getattr(module, class_name, None)


def _player_class(game: str, level: str, allowed: tuple[str, ...]) -> type | None:
    path = _CLASSES.get((game, level)) if level in allowed else None
    return None if path is None else _load(path)


def _levels(game: str, allowed: tuple[str, ...]) -> list[str]:
    return [level for level in allowed if _player_class(game, level, allowed) is not None]


def available_levels(game: str) -> list[str]:
    """The levels the table may offer for ``game`` now, weakest first (never
    ``cheater``)."""
    return _levels(game, LEVELS)


def bench_levels(game: str) -> list[str]:
    """The levels the strength benchmark can seat for ``game`` now."""
    return _levels(game, BENCH_LEVELS)


def _make(game: str, level: str, allowed: tuple[str, ...]) -> Any:
    if game not in GAMES:
        raise ValueError(f"no computer players for game {game!r} (known: {', '.join(GAMES)})")
    cls = _player_class(game, level, allowed)
    if cls is None:
        known = ", ".join(_levels(game, allowed)) or "none"
        if level in allowed:
            raise ValueError(f"computer level {level!r} for {game!r} is not available yet "
                             f"(available: {known})")
        raise ValueError(f"no computer level {level!r} for {game!r} (available: {known})")
    return cls()


def make_player(game: str, level: str) -> Player:
    """A computer player for ``game`` at ``level`` (random, easy, normal or hard) that
    sees only its seat's view; ``ValueError`` names what exists."""
    return _make(game, level, LEVELS)


def make_bench_player(game: str, level: str) -> Player:
    """Like :func:`make_player`, but also ``cheater``: a player with ``omniscient =
    True`` whose ``choose_seeing_all(state, seat, legal, rng, budget)`` is given the
    true state.  For the strength benchmark only."""
    return _make(game, level, BENCH_LEVELS)


__all__ = ["BENCH_LEVELS", "LEVELS", "Player", "RandomPlayer", "available_levels",
           "bench_levels", "make_bench_player", "make_player"]
