"""The games the engine knows, by record name: each game's module registers its
:class:`Game` at its end (:func:`register_game`), the OpenSpiel habit, and
:mod:`cardtable.engine.installed` lists the modules of the games installed."""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.engine.messages import short_repr

GAMES: dict[str, Game] = {}
"""Every game the engine knows, by its record name, in the order they registered."""


def register_game(game: Game) -> Game:
    """Make ``game`` known by its name; a second game of the same name is refused."""
    known = GAMES.get(game.name)
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
