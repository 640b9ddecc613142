"""The games the engine knows, by record name: each game's module registers its
:class:`Game` at its end (:func:`register_game`), the OpenSpiel habit, and
:mod:`cardtable.engine.installed` lists the modules of the games installed, imported
when a game is first asked for (:class:`~cardtable.lazy_registry.LazyRegistry`)."""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.engine.installed import GAMES as INSTALLED
from cardtable.engine.messages import short_repr
from cardtable.lazy_registry import LazyRegistry

GAMES: LazyRegistry[Game] = LazyRegistry(INSTALLED)
"""Every game the engine knows, by its record name: the installed ones in the order
they are offered, then any registered otherwise."""


def register_game(game: Game) -> Game:
    """Make ``game`` known by its name; a second game of the same name is refused."""
    known = GAMES.peek(game.name)
    if known is not None and known is not game:
        raise ValueError(f"two games called {game.name!r}")
    GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called ``name``; raises ``KeyError`` with the known names."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {short_repr(name)}; known: {', '.join(GAMES)}") from None
