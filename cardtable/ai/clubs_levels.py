"""Трефы's computer levels, registered with :mod:`cardtable.ai.levels`: each loader
imports its level's module only when the level is first asked for."""

from __future__ import annotations

from cardtable.ai.levels import Classes, random_level, register_levels


def _easy() -> Classes:
    from cardtable.ai.clubs_easy import ClubsEasyPlayer
    return {"easy": ClubsEasyPlayer}


def _normal() -> Classes:
    from cardtable.ai.clubs_normal import ClubsNormalPlayer
    return {"normal": ClubsNormalPlayer}


def _hard() -> Classes:
    from cardtable.ai.clubs_hard import ClubsCheaterPlayer, ClubsHardPlayer
    return {"hard": ClubsHardPlayer, "cheater": ClubsCheaterPlayer,
            "peeker": ClubsCheaterPlayer}


register_levels("clubs", {"random": random_level, "easy": _easy, "normal": _normal,
                          "hard": _hard, "cheater": _hard, "peeker": _hard})
