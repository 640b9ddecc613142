"""The rules engines: pure Python, no Qt, one protocol for every game."""

from __future__ import annotations

from cardtable.engine.clubs import CLUBS_GAME
from cardtable.engine.game import (
    Game,
    GameState,
    IllegalAction,
    LayoutError,
    OptionError,
)
from cardtable.engine.king import KING_GAME
from cardtable.engine.messages import short_repr
from cardtable.engine.metamorphosis import METAMORPHOSIS_GAME

GAMES: dict[str, Game] = {g.name: g for g in (KING_GAME, CLUBS_GAME, METAMORPHOSIS_GAME)}
"""Every game the engine knows, by its record name."""


def get_game(name: str) -> Game:
    """The game called ``name``; raises ``KeyError`` with the known names."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {short_repr(name)}; known: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "Game", "GameState", "IllegalAction", "LayoutError", "OptionError",
           "get_game"]
