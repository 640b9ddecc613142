"""Options a set-up cannot use: the K♥ rule of the eralash in the short game (which
has no eralash), must-trump when the plus deals have no trumps, who leads when two
players make both orders the same.  Each game's presenter asks its own engine (its
schedule of deals, its leaders) in :meth:`GamePresenter.unused_options`; the New game
dialog greys such an option out and says why by the codes here.  The engine accepts
these options everywhere, as the rules files say: they are ignored, not wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NO_ERALASH = "no_eralash"
NO_TRUMPS = "no_trumps"
SAME_LEADERS = "same_leaders"


def unused_options(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """Each option of ``game`` that ``options`` (checked, complete) make pointless, with
    the code of why: «Кинг в ералаше» in the short game, which has no ералаш."""
    from cardtable.ui.games import presenter_class  # the presenters import the codes
    return presenter_class(game).unused_options(options)
