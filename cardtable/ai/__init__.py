"""Computer players.  They see only ``state.view(seat)`` — never hidden cards — and
must not import Qt (the interface runs them in worker threads).

Each level's class is imported on first use (loading the ``easy`` level does not
import the search), by a plain ``from … import`` statement in a loader below: a
freezer such as PyInstaller follows those statements, so a bundle carries every
level the table offers by construction.  A level whose module cannot be imported
(a broken install) is not offered, and ``make_player`` says so with a ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.ai.base import Player, RandomPlayer

LEVELS = ("random", "easy", "normal", "hard")
"""The levels a person may play against, weakest first."""
BENCH_LEVELS = (*LEVELS, "cheater", "peeker", "opening-peeker")
"""Only the strength benchmark may seat these.  ``cheater`` sees every card, even
those still to be dealt; ``peeker`` sees every card dealt, not the stock's order or the rest
of a хвалёнка deal (in Трефы every card is dealt at the start: it is the cheater).
``opening-peeker`` (Кинг only) is the peeker during the first trick of each penalty
deal and ``hard`` otherwise."""
GAMES = ("king", "clubs", "metamorphosis")

Classes = dict[str, type]
"""Level name → player class, as one module defines them."""


def _random() -> Classes:
    return {"random": RandomPlayer}


def _king_easy() -> Classes:
    from cardtable.ai.king_easy import KingEasyPlayer
    return {"easy": KingEasyPlayer}


def _king_normal() -> Classes:
    from cardtable.ai.king_normal import KingNormalPlayer
    return {"normal": KingNormalPlayer}


def _king_hard() -> Classes:
    from cardtable.ai.king_hard import (
        KingCheaterPlayer,
        KingHardPlayer,
        KingOpeningPeekerPlayer,
        KingPeekerPlayer,
    )
    return {"hard": KingHardPlayer, "cheater": KingCheaterPlayer, "peeker": KingPeekerPlayer,
            "opening-peeker": KingOpeningPeekerPlayer}


def _clubs_easy() -> Classes:
    from cardtable.ai.clubs_easy import ClubsEasyPlayer
    return {"easy": ClubsEasyPlayer}


def _clubs_normal() -> Classes:
    from cardtable.ai.clubs_normal import ClubsNormalPlayer
    return {"normal": ClubsNormalPlayer}


def _clubs_hard() -> Classes:
    from cardtable.ai.clubs_hard import ClubsCheaterPlayer, ClubsHardPlayer
    return {"hard": ClubsHardPlayer, "cheater": ClubsCheaterPlayer,
            "peeker": ClubsCheaterPlayer}


def _metamorphosis_easy() -> Classes:
    from cardtable.ai.metamorphosis_easy import MetamorphosisEasyPlayer
    return {"easy": MetamorphosisEasyPlayer}


def _metamorphosis_normal() -> Classes:
    from cardtable.ai.metamorphosis_normal import MetamorphosisNormalPlayer
    return {"normal": MetamorphosisNormalPlayer}


def _metamorphosis_hard() -> Classes:
    from cardtable.ai.metamorphosis_hard import (
        MetamorphosisCheaterPlayer,
        MetamorphosisHardPlayer,
        MetamorphosisPeekerPlayer,
    )
    return {"hard": MetamorphosisHardPlayer, "cheater": MetamorphosisCheaterPlayer,
            "peeker": MetamorphosisPeekerPlayer}


LOADERS: dict[tuple[str, str], Callable[[], Classes]] = {
    ("king", "random"): _random,
    ("king", "easy"): _king_easy,
    ("king", "normal"): _king_normal,
    ("king", "hard"): _king_hard,
    ("king", "cheater"): _king_hard,
    ("king", "peeker"): _king_hard,
    ("king", "opening-peeker"): _king_hard,
    ("clubs", "random"): _random,
    ("clubs", "easy"): _clubs_easy,
    ("clubs", "normal"): _clubs_normal,
    ("clubs", "hard"): _clubs_hard,
    ("clubs", "cheater"): _clubs_hard,
    ("clubs", "peeker"): _clubs_hard,
    ("metamorphosis", "random"): _random,
    ("metamorphosis", "easy"): _metamorphosis_easy,
    ("metamorphosis", "normal"): _metamorphosis_normal,
    ("metamorphosis", "hard"): _metamorphosis_hard,
    ("metamorphosis", "cheater"): _metamorphosis_hard,
    ("metamorphosis", "peeker"): _metamorphosis_hard,
}
"""Where each level of each game comes from.  Tests may replace an entry to stand for
a module missing from an install."""


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


__all__ = ["BENCH_LEVELS", "LEVELS", "Player", "RandomPlayer", "available_levels",
           "bench_levels", "has_level", "import_error", "make_bench_player", "make_player"]
