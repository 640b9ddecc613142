"""What a computer player is: ``choose(view, legal, rng) -> action``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from cardtable.engine.actions import Action


class Player(Protocol):
    """A computer player.  ``view`` is what its seat may know; ``legal`` the actions
    allowed now; ``rng`` the game's generator, so a seed reproduces its choices;
    ``budget`` the seconds it may think (``None``: its own default; the rule-based
    levels answer at once and ignore it)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline and the fuzzer."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        return legal[rng.randrange(len(legal))]
