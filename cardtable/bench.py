"""``python -m cardtable bench engine``: how fast the engine plays random deals.

The computer players replay thousands of deals per decision, so this is the figure
that bounds their strength.  Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from cardtable.engine.king import KING_GAME, KingState


def _rate(step: Callable[[], None], seconds: float) -> float:
    """Calls of ``step`` per second, measured for about ``seconds``."""
    step()  # warm caches
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            step()
        count += 20
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def _king_deal_step(options: dict[str, object], deal_index: int,
                    rng: random.Random) -> Callable[[], None]:
    """One random deal number ``deal_index`` through ``legal_actions``/``apply``."""
    base = KING_GAME.new(options, 0)
    base.deal_index = deal_index
    base.dealer = deal_index % base.n

    def step() -> None:
        state: KingState = base.clone()
        state.deal(state.random_layout(rng))
        randrange = rng.randrange
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])

    return step


def _king_game_step(options: dict[str, object], rng: random.Random) -> Callable[[], None]:
    def step() -> None:
        state = KING_GAME.new(options, rng.randrange(options.get("players", 4)))  # type: ignore[arg-type]
        randrange = rng.randrange
        while not state.is_over:
            if state.needs_deal:
                state.deal(state.random_layout(rng))
                continue
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])

    return step


def engine_figures(seconds: float) -> list[dict[str, object]]:
    rng = random.Random(1)
    rows: list[dict[str, object]] = []
    for players in (4, 3):
        opts = {"players": players}
        rate = _rate(_king_deal_step(opts, 0, rng), seconds)
        rows.append({"game": "king", "players": players, "what": "stage-1 deal «взятки»",
                     "per_second": round(rate)})
        rate = _rate(_king_deal_step(opts, 6, rng), seconds)
        rows.append({"game": "king", "players": players, "what": "stage-1 deal «ералаш»",
                     "per_second": round(rate)})
        rate = _rate(_king_deal_step(opts, 7, rng), seconds)
        rows.append({"game": "king", "players": players,
                     "what": "хвалёнка (order, buying, play)", "per_second": round(rate)})
        rate = _rate(_king_game_step(opts, rng), seconds)
        rows.append({"game": "king", "players": players, "what": "whole game",
                     "per_second": round(rate, 1)})
    return rows


def main(args: argparse.Namespace) -> int:
    rows = engine_figures(args.seconds)
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return 0
    print("Random play through legal_actions/apply, one core "
          "(each deal includes shuffling and dealing):")
    for row in rows:
        unit = "games/s" if row["what"] == "whole game" else "deals/s"
        print(f"  {row['game']:<6} {row['players']} players  {row['what']:<32} "
              f"{row['per_second']:>9,} {unit}")
    return 0
