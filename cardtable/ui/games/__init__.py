"""Each game's presenter, in the order the game chooser lists them.

Each game's presenter module registers its class (:func:`register_presenter`), and
:mod:`cardtable.ui.games.installed` lists those modules (each imported when its game
is first asked for): the window, the table and the dialogs ask this registry and
nothing else.
"""

from __future__ import annotations

from typing import Any

from cardtable.ui.games.base import PRESENTERS, GamePresenter, register_presenter

GAME_ORDER: tuple[str, ...] = PRESENTERS.installed
"""The games, in the order the game chooser lists them; the first is the default."""


def presenter_class(game: str) -> type[GamePresenter[Any]]:
    """The presenter of ``game``; a ``ValueError`` names a game without one."""
    try:
        return PRESENTERS[game]
    except KeyError:
        raise ValueError(f"no game {game!r} on the screen") from None


def game_title(game: str) -> str:
    """A game's name in the interface language (the engine's name if unknown)."""
    presenter = PRESENTERS.get(game)
    return presenter.title() if presenter is not None else game


__all__ = ["GAME_ORDER", "PRESENTERS", "GamePresenter", "game_title", "presenter_class",
           "register_presenter"]
