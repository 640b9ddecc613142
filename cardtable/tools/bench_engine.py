"""``python -m cardtable bench engine``: how fast the engine plays random deals of
each game.

The computer players replay thousands of deals per decision, so this is the figure
that bounds their strength.  Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Mapping

from cardtable.engine import get_game


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


def _deal_step(game: str, options: Mapping[str, object], deal_index: int,
               rng: random.Random) -> Callable[[], None]:
    """One random deal (number ``deal_index``, which fixes a Кинг deal's kind) through
    ``legal_actions``/``apply``, dealing included."""
    base = get_game(game).new(options, 0)
    base.deal_index = deal_index
    base.dealer = deal_index % base.n

    def step() -> None:
        state = base.clone()
        state.deal(state.random_layout(rng))
        randrange = rng.randrange
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])

    return step


def _game_step(game: str, options: Mapping[str, object],
               rng: random.Random) -> Callable[[], None]:
    def step() -> None:
        players = options["players"]
        assert isinstance(players, int)
        state = get_game(game).new(options, rng.randrange(players))
        randrange = rng.randrange
        while not state.is_over:
            if state.needs_deal:
                state.deal(state.random_layout(rng))
                continue
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])

    return step


FIGURES: tuple[tuple[str, Mapping[str, object], str, int | None], ...] = (
    *((g, {"players": p}, w, i) for p in (4, 3) for g, w, i in (
        ("king", "stage-1 deal «взятки»", 0),
        ("king", "stage-1 deal «ералаш»", 6),
        ("king", "хвалёнка (order, buying, play)", 7),
        ("king", "whole game", None),
    )),
    *(("clubs", {"players": p}, "deal (auction, play)", 0) for p in (2, 4, 5, 6, 8)),
    ("clubs", {"players": 4, "bidding": "everyone"}, "deal (everyone bids, play)", 0),
    *(("metamorphosis", {"players": p}, w, i) for p in (2, 3) for w, i in (
        ("партия (declarations, play, refills)", 0),
        ("whole match of 3 партии", None),
    )),
)
"""(game, options, what, deal index — or None for a whole game) of every figure.
Трефы has no whole-game figure: random players may never reach the target."""


def engine_figures(seconds: float) -> list[dict[str, object]]:
    rng = random.Random(1)
    rows: list[dict[str, object]] = []
    for game, options, what, deal_index in FIGURES:
        if deal_index is None:
            opts = dict(options, partii=3) if game == "metamorphosis" else options
            rate = round(_rate(_game_step(game, opts, rng), seconds), 1)
        else:
            rate = round(_rate(_deal_step(game, options, deal_index, rng), seconds))
        rows.append({"game": game, "players": options["players"], "what": what,
                     "per_second": rate})
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
        unit = "games/s" if str(row["what"]).startswith("whole") else "deals/s"
        print(f"  {row['game']:<13} {row['players']} players  {row['what']:<38} "
              f"{row['per_second']:>9,} {unit}")
    return 0
