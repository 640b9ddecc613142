"""The computer players of a table server: every table's decisions on a few threads.

One queue for the whole server, first come first served: a table has at most one
decision waiting (one seat is to move), so a busy table cannot crowd out a quiet one,
and at most ``threads`` decisions think at once.  A searching level spreads its
playouts over the server's one pool of worker processes, as at a table at one screen.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from cardtable.ai import make_player
from cardtable.ai.base import Player
from cardtable.ai.parallel import SearchWorkers
from cardtable.engine.actions import Action
from cardtable.engine.game import View


class ComputerSeats:
    """Decisions for computer seats (and for people away too long), off the loop."""

    def __init__(self, threads: int = 2) -> None:
        self._executor = ThreadPoolExecutor(max_workers=threads,
                                            thread_name_prefix="computer")
        self._workers = SearchWorkers()
        self.decided = 0

    def player(self, game: str, level: str) -> Player:
        """A player for one seat (``ValueError`` for a level this install lacks)."""
        return make_player(game, level)

    async def decide(self, player: Player, view: View, legal: tuple[Action, ...],
                     seed: int) -> Action:
        """``player``'s choice, thought out on a worker thread."""
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self._executor, self._think, player, view,
                                            legal, seed)
        self.decided += 1
        return action

    def _think(self, player: Player, view: View, legal: tuple[Action, ...],
               seed: int) -> Action:
        use_pool = getattr(player, "use_pool", None)
        if callable(use_pool) and getattr(player, "pool", True) is None \
                and getattr(player, "registry_key", None) is not None:
            use_pool(self._workers.pool())
        try:
            action = player.choose(view, legal, random.Random(seed))
        except Exception:  # a player's fault must not stop the table: any legal move
            action = legal[0]
        return action if action in legal else legal[0]

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._workers.shutdown()
