"""The rules engines: pure Python, no Qt, one protocol for every game."""

from __future__ import annotations

from cardtable.engine.game import (
    Game,
    GameState,
    IllegalAction,
    LayoutError,
    OptionError,
)
from cardtable.engine.registry import GAMES, get_game

__all__ = ["GAMES", "Game", "GameState", "IllegalAction", "LayoutError", "OptionError",
           "get_game"]
