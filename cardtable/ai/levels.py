"""The registry of computer levels: each game's ``ai/<game>_levels.py`` registers
where its levels come from (:func:`register_levels`), and :mod:`cardtable.ai` asks
this registry and names no game.

A level is registered as a *loader*, a function that imports the level's module by
a plain ``from … import`` statement and returns its classes: a level's module is
imported on first use (loading ``easy`` does not import the search), and a freezer
such as PyInstaller follows those statements, so a bundle carries every level by
construction."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardtable.ai.base import RandomPlayer

Classes = dict[str, type]
"""Level name → player class, as one module defines them."""
Loader = Callable[[], Classes]

LOADERS: dict[tuple[str, str], Loader] = {}
"""Where each level of each game comes from, by (game, level), in the order the games
registered.  Tests may replace an entry to stand for a module missing from an
install."""


def random_level() -> Classes:
    """The ``random`` level, the same for every game."""
    return {"random": RandomPlayer}


def register_levels(game: str, loaders: Mapping[str, Loader]) -> None:
    """Register ``game``'s levels: level name → the loader of its module."""
    for level, loader in loaders.items():
        LOADERS[(game, level)] = loader


def games() -> tuple[str, ...]:
    """The games that have computer players, in the order they registered."""
    return tuple(dict.fromkeys(game for game, _ in LOADERS))
