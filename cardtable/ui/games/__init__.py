"""Each game's presenter, in the order the game chooser lists them.

Adding a game to the screen is adding its presenter here (after its engine and its
players): the window, the table and the dialogs ask this registry and nothing else.
"""

from __future__ import annotations

from typing import Any

from cardtable.ui.games.base import GamePresenter
from cardtable.ui.games.clubs import ClubsPresenter
from cardtable.ui.games.king import KingPresenter
from cardtable.ui.games.metamorphosis import MetamorphosisPresenter

PRESENTERS: dict[str, type[GamePresenter[Any]]] = {
    p.GAME: p for p in (KingPresenter, ClubsPresenter, MetamorphosisPresenter)
}

GAME_ORDER: tuple[str, ...] = tuple(PRESENTERS)
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
