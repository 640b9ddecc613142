"""Restarting a deal: the same game with the current deal's actions taken back."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import record
from cardtable.engine.match import Match, Seat


@pytest.mark.parametrize(("game", "options"), [("king", {"players": 4}),
                                               ("clubs", {"players": 5}),
                                               ("metamorphosis", {"players": 3, "partii": 4})])
def test_a_restarted_deal_is_the_record_without_its_actions(game: str,
                                                            options: dict[str, int]) -> None:
    n = options["players"]
    match = Match.start(game, options, [Seat(f"S{i}") for i in range(n)], seed=12)
    rng = random.Random(3)
    while len(match.deals) < 3 or len(match.deals[-1].actions) < 5:
        if match.state.needs_deal:
            match.deal()
        else:
            legal = match.state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    again = match.with_deal_restarted()
    expected = record.to_json(match)
    expected["deals"][-1]["actions"] = []
    assert record.to_json(again) == expected
    assert again.rng is match.rng
    fresh = record.load(expected)
    for seat in range(n):
        assert again.state.view(seat) == fresh.state.view(seat)


def test_no_deal_to_restart() -> None:
    match = Match.start("king", {"players": 3}, [Seat(f"S{i}") for i in range(3)], seed=1)
    with pytest.raises(ValueError):
        match.with_deal_restarted()
