"""Computer players.  They see only ``state.view(seat)`` — never hidden cards — and
must not import Qt (the interface runs them in worker threads).

Each game registers its levels from its own files (``<game>_levels.py``, see
:mod:`cardtable.ai.levels`); each level's class is imported on first use (loading
the ``easy`` level does not import the search), by a plain ``from … import``
statement in its loader: a freezer such as PyInstaller follows those statements, so
a bundle carries every level the table offers by construction.  A level whose module
cannot be imported (a broken install) is not offered, and ``make_player`` says so
with a ``ValueError``.
"""

from __future__ import annotations

from typing import Any

import cardtable.ai.installed  # noqa: F401  (each game registers its levels)
from cardtable.ai.base import Player, RandomPlayer
from cardtable.ai.levels import LOADERS, games

LEVELS = ("random", "easy", "normal", "hard")
"""The levels a person may play against, weakest first."""
BENCH_LEVELS = (*LEVELS, "cheater", "peeker", "opening-peeker")
"""Only the strength benchmark may seat these.  ``cheater`` sees every card, even
those still to be dealt; ``peeker`` sees every card dealt, not the stock's order or the rest
of a хвалёнка deal (in Трефы every card is dealt at the start: it is the cheater).
``opening-peeker`` (Кинг only) is the peeker during the first trick of each penalty
deal and ``hard`` otherwise."""
GAMES = games()
"""The games that have computer players (each registers its levels from its own
files; :mod:`cardtable.ai.installed` lists them)."""


_IMPORT_ERRORS: dict[tuple[str, str], str] = {}


def import_error(game: str, level: str) -> str | None:
    """Why ``level`` of ``game`` could not be loaded, if it could not."""
    return _IMPORT_ERRORS.get((game, level))


def _player_class(game: str, level: str, allowed: tuple[str, ...]) -> type | None:
    """The class of ``level`` for ``game``, or None when there is none or its module
    cannot be imported (a broken install: :func:`import_error` says why)."""
    loader = LOADERS.get((game, level)) if level in allowed else None
    if loader is None:
        return None
    try:
        cls = loader().get(level)
    except ImportError as exc:
        _IMPORT_ERRORS[(game, level)] = f"{type(exc).__name__}: {exc}"
        return None
    _IMPORT_ERRORS.pop((game, level), None)
    return cls


def _levels(game: str, allowed: tuple[str, ...]) -> list[str]:
    return [level for level in allowed if _player_class(game, level, allowed) is not None]


def has_level(game: str, level: str) -> bool:
    """Whether the table may offer ``level`` for ``game`` now: only that level's module
    is imported, not every level's as by :func:`available_levels`."""
    return _player_class(game, level, LEVELS) is not None


def offers_level(game: str, level: str) -> bool:
    """Whether the table offers ``level`` for ``game``, asked without importing any
    level's module: the game registers it and people may play against it.  Whether its
    module is really there shows when a player of it is first made (a broken install
    then seats the strongest level below it that is there, and the table says so)."""
    return level in LEVELS and (game, level) in LOADERS


def available_levels(game: str) -> list[str]:
    """The levels the table may offer for ``game`` now, weakest first (never
    ``cheater``)."""
    return _levels(game, LEVELS)


def bench_levels(game: str) -> list[str]:
    """The levels the strength benchmark can seat for ``game`` now."""
    return _levels(game, BENCH_LEVELS)


def _make(game: str, level: str, allowed: tuple[str, ...]) -> Any:
    known_games = games()  # asked now: a game may register after this module loads
    if game not in known_games:
        raise ValueError(f"no computer players for game {game!r} "
                         f"(known: {', '.join(known_games)})")
    cls = _player_class(game, level, allowed)
    if cls is None:
        known = ", ".join(_levels(game, allowed)) or "none"
        if level in allowed and (game, level) in LOADERS:
            raise ValueError(f"computer level {level!r} for {game!r} is missing from this "
                             f"installation (available: {known})")
        raise ValueError(f"no computer level {level!r} for {game!r} (available: {known})")
    player = cls()
    if hasattr(player, "registry_key"):
        player.registry_key = (game, level)  # how a search worker makes the same player
    return player


def make_player(game: str, level: str) -> Player:
    """A computer player for ``game`` at ``level`` (random, easy, normal or hard) that
    sees only its seat's view; ``ValueError`` names what exists."""
    return _make(game, level, LEVELS)


def make_bench_player(game: str, level: str) -> Player:
    """Like :func:`make_player`, but also ``cheater``: a player with ``omniscient =
    True`` whose ``choose_seeing_all(state, seat, legal, rng, budget)`` is given the
    true state.  For the strength benchmark only."""
    return _make(game, level, BENCH_LEVELS)


__all__ = ["BENCH_LEVELS", "GAMES", "LEVELS", "LOADERS", "Player", "RandomPlayer",
           "available_levels", "bench_levels", "has_level", "import_error",
           "make_bench_player", "make_player", "offers_level"]
