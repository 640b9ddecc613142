"""The ``whist`` fixture: the fifth game in every registry for one test, then gone."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from cardtable.ai.levels import LOADERS
from cardtable.engine.registry import GAMES


@pytest.fixture
def whist() -> Iterator[ModuleType]:
    """Whist's engine module, with the game and its levels registered (its modules
    register them when first imported; again here for a later test)."""
    from cardtable.ai.levels import random_level, register_levels
    from cardtable.engine.registry import register_game
    from plugin_game import whist as engine
    from plugin_game import whist_levels  # noqa: F401
    register_game(engine.WHIST_GAME)
    register_levels("whist", {"random": random_level})
    yield engine
    GAMES.pop("whist", None)
    LOADERS.pop(("whist", "random"), None)


@pytest.fixture
def whist_on_screen(whist: ModuleType) -> Iterator[type]:
    """Whist's presenter registered too, for the window's tests."""
    from cardtable.ui.games.base import PRESENTERS, register_presenter
    from plugin_game.whist_presenter import WhistPresenter
    register_presenter(WhistPresenter)
    yield WhistPresenter
    PRESENTERS.pop("whist", None)
