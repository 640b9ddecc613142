"""Options a set-up cannot use: the K♥ rule of the eralash in the short game (which
has no eralash), must-trump when the plus deals have no trumps, who leads when two
players make both orders the same.  Each is asked of the game's own engine (its
schedule of deals, its leaders); the New game dialog greys such an option out and
says why.  The engine accepts these options everywhere, as the rules files say: they
are ignored, not wrong."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.engine.king import schedule as king_schedule
from cardtable.engine.metamorphosis import ROUNDS as METAMORPHOSIS_ROUNDS
from cardtable.engine.metamorphosis import leader_of

NO_ERALASH = "no_eralash"
NO_TRUMPS = "no_trumps"
SAME_LEADERS = "same_leaders"


def _king_has_eralash(options: Mapping[str, Any]) -> bool:
    return any(deal.key == "eralash" for deal in king_schedule(options))


def _king_has_trumps(options: Mapping[str, Any]) -> bool:
    return any(deal.is_hvalenka for deal in king_schedule(options))  # only orders name trumps


def _metamorphosis_leaders_differ(options: Mapping[str, Any]) -> bool:
    n = options["players"]
    return any(leader_of(r, 0, n, "source") != leader_of(r, 0, n, "rotate")
               for r in range(1, METAMORPHOSIS_ROUNDS[n] + 1))


_USED_WHEN: dict[tuple[str, str], tuple[Callable[[Mapping[str, Any]], bool], str]] = {
    ("king", "eralash_king"): (_king_has_eralash, NO_ERALASH),
    ("king", "must_trump"): (_king_has_trumps, NO_TRUMPS),
    ("metamorphosis", "leaders"): (_metamorphosis_leaders_differ, SAME_LEADERS),
}
"""Options that change the game only in some set-ups: the test, asked of the engine's
own schedule of deals or leaders, and the reason's code when it fails. (The engine
accepts these options everywhere, as the rules files say: they are ignored, not wrong.)"""


def unused_options(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """Each option of ``game`` that ``options`` (checked, complete) make pointless, with
    the code of why: «Кинг в ералаше» in the short game, which has no ералаш."""
    found: dict[str, str] = {}
    for (name, key), (used, reason) in _USED_WHEN.items():
        if name == game and key in options and not used(options):
            found[key] = reason
    return found
