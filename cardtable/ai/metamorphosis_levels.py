"""Метаморфоза's computer levels, registered with :mod:`cardtable.ai.levels`: each
loader imports its level's module only when the level is first asked for."""

from __future__ import annotations

from cardtable.ai.levels import Classes, random_level, register_levels


def _easy() -> Classes:
    from cardtable.ai.metamorphosis_easy import MetamorphosisEasyPlayer
    return {"easy": MetamorphosisEasyPlayer}


def _normal() -> Classes:
    from cardtable.ai.metamorphosis_normal import MetamorphosisNormalPlayer
    return {"normal": MetamorphosisNormalPlayer}


def _hard() -> Classes:
    from cardtable.ai.metamorphosis_hard import (
        MetamorphosisCheaterPlayer,
        MetamorphosisHardPlayer,
        MetamorphosisPeekerPlayer,
    )
    return {"hard": MetamorphosisHardPlayer, "cheater": MetamorphosisCheaterPlayer,
            "peeker": MetamorphosisPeekerPlayer}


register_levels("metamorphosis", {"random": random_level, "easy": _easy,
                                  "normal": _normal, "hard": _hard, "cheater": _hard,
                                  "peeker": _hard})
