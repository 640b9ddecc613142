"""king.md restated for the tests, independently of the engine's own tables: the
units of each penalty, the totals, the trick value, the game length, and every valid
option combination."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

UNITS = {
    # king.md, stage-1 table and the jacks_kings option: points per unit, 4 / 3 players
    4: {"tricks": 2, "hearts": 2, "boys": 4, "boys_jk": 2, "girls": 4, "king": 16,
        "last_two": 8},
    3: {"tricks": 4, "hearts": 5, "boys": 10, "boys_jk": 5, "girls": 10, "king": 40,
        "last_two": 20},
}
DEAL_TOTAL = {4: 16, 3: 40}
ERALASH_TOTAL = {4: 96, 3: 240}
TRICK_VALUE = {4: 3, 3: 8}

FORMS = [("full", "hvalenki"), ("full", "hvalenki_reverse_eralash"), ("full", "positive"),
         ("short", "hvalenki"), ("short", "positive")]
"""Every valid (length, stage2) pair: the short game has no reverse ералаш."""

COMBOS = [
    {"players": n, "length": length, "stage2": stage2, "boys": boys,
     "must_trump": must_trump, "early_finish": early}
    for n, (length, stage2), boys, must_trump, early in itertools.product(
        (4, 3), FORMS, ("jacks", "jacks_kings"), (False, True), (True, False))
]
"""All 80 valid option combinations."""


def expected_deals(options: dict[str, Any]) -> int:
    """The number of deals of a whole game (king.md, «Game length»)."""
    n = options.get("players", 4)
    full = options.get("length", "full") == "full"
    stage1 = 7 if full else 6
    stage2 = {"hvalenki": 2 * n if full else n, "hvalenki_reverse_eralash": n + 1,
              "positive": stage1}[options.get("stage2", "hvalenki")]
    return stage1 + stage2


def rule_points(key: str, trick: Sequence[str], trick_no: int, n: int,
                boys: str = "jacks") -> int:
    """What a trick costs under the penalty rule ``key`` (positive number), from the
    tables of king.md; ``trick_no`` counts from 0."""
    u = UNITS[n]
    tricks = 8 if n == 4 else 10
    rules = ("tricks", "hearts", "boys", "girls", "king", "last_two") if key == "eralash" \
        else (key,)
    pts = 0
    for rule in rules:
        if rule == "tricks":
            pts += u["tricks"]
        elif rule == "hearts":
            pts += u["hearts"] * sum(1 for t in trick if t[1] == "H")
        elif rule == "boys":
            if boys == "jacks_kings":
                pts += u["boys_jk"] * sum(1 for t in trick if t[0] in "JK")
            else:
                pts += u["boys"] * sum(1 for t in trick if t[0] == "J")
        elif rule == "girls":
            pts += u["girls"] * sum(1 for t in trick if t[0] == "Q")
        elif rule == "king":
            pts += u["king"] * trick.count("KH")
        elif rule == "last_two":
            pts += u["last_two"] if trick_no >= tricks - 2 else 0
    return pts
