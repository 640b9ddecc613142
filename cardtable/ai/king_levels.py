"""Кинг's computer levels, registered with :mod:`cardtable.ai.levels`: each loader
imports its level's module only when the level is first asked for."""

from __future__ import annotations

from cardtable.ai.levels import Classes, random_level, register_levels


def _easy() -> Classes:
    from cardtable.ai.king_easy import KingEasyPlayer
    return {"easy": KingEasyPlayer}


def _normal() -> Classes:
    from cardtable.ai.king_normal import KingNormalPlayer
    return {"normal": KingNormalPlayer}


def _hard() -> Classes:
    from cardtable.ai.king_hard import (
        KingCheaterPlayer,
        KingHardPlayer,
        KingOpeningPeekerPlayer,
        KingPeekerPlayer,
    )
    return {"hard": KingHardPlayer, "cheater": KingCheaterPlayer, "peeker": KingPeekerPlayer,
            "opening-peeker": KingOpeningPeekerPlayer}


register_levels("king", {"random": random_level, "easy": _easy, "normal": _normal,
                         "hard": _hard, "cheater": _hard, "peeker": _hard,
                         "opening-peeker": _hard})
