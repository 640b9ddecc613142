"""The privacy test's decider: one computer decision in a process of its own that has
never held a game state or a record — only the view it is sent (plain data).

A player that looks for the real game through the garbage collector, a module global
or a cached record finds nothing here.  Only the omniscient control is sent the true
state (rebuilt from its record), and the test must catch it.
"""

from __future__ import annotations

import gc
import random
from typing import Any

Job = tuple[str, str, Any, tuple[Any, ...], int, "dict[str, Any] | None"]
"""(game, level, view, legal actions, seed, the record for the control or None)."""


def no_game_state_alive() -> bool:
    """True when no object in this process is a game state (the players' own samples
    are gone once the previous decision has been collected)."""
    from cardtable.engine.game import GameState

    gc.collect()
    return not any(isinstance(obj, GameState) for obj in gc.get_objects())


def decide(job: Job) -> Any:
    """The decision of ``level`` on the view, at its real playout count, with the
    seed given and no time cap; the control decides on the true state."""
    from cardtable.ai import make_bench_player, make_player

    game, level, view, legal, seed, control_record = job
    if control_record is None and not no_game_state_alive():
        raise AssertionError("a game state is alive in the deciding process")
    player: Any = make_player(game, level) if level != "cheater" else \
        make_bench_player(game, level)
    if hasattr(player, "max_seconds"):
        player.max_seconds = 1e6  # the playout count decides, never the clock
    rng = random.Random(seed)
    if control_record is not None:
        from cardtable.engine import record

        state = record.load(control_record).state
        return player.choose_seeing_all(state, view.seat, legal, rng)
    return player.choose(view, legal, rng)
