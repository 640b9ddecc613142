"""Watching a game again: every position reached by steps or by jumps, in any order,
is the game as it stood there."""

from __future__ import annotations

import random

import pytest
from engine.test_match_history import played

from cardtable.engine import record
from cardtable.engine.timeline import Timeline


@pytest.mark.parametrize(("game", "options"), [("king", {"players": 4}),
                                               ("clubs", {"players": 2}),
                                               ("metamorphosis", {"players": 3})])
def test_any_position_in_any_order(game: str, options: dict[str, int]) -> None:
    match = played(game, options, 4)
    timeline = Timeline(match)
    assert timeline.length == match.step_count
    rng = random.Random(1)
    targets = [timeline.length, 0, *(rng.randrange(timeline.length + 1) for _ in range(25)),
               timeline.deal_starts[-1], timeline.deal_starts[-1] - 1]
    for target in targets:
        timeline.seek(target)
        expected = match.prefix(target)
        assert timeline.position == target
        assert record.to_json(timeline.match) == record.to_json(expected)
        for seat in range(options["players"]):
            assert timeline.state.view(seat) == expected.state.view(seat)
    # the source match is untouched
    assert record.to_json(match) == record.to_json(match.prefix(match.step_count))


def test_deals_and_moves() -> None:
    match = played("king", {"players": 3}, 3)
    timeline = Timeline(match)
    assert len(timeline.deal_starts) == len(match.deals)
    assert timeline.deal_of(0) == -1
    assert timeline.deal_of(timeline.deal_starts[1]) == 1
    assert timeline.deal_of(timeline.deal_starts[1] - 1) == 0
    for deal, log in enumerate(match.deals):
        assert timeline.moves_in_deal(deal) == len(log.actions)
    timeline.seek(timeline.deal_starts[1] + 2)
    events = timeline.forward()
    assert events and timeline.position == timeline.deal_starts[1] + 3
    assert timeline.prefix().steps() == match.steps()[:timeline.position]
    timeline.seek(timeline.length)
    with pytest.raises(IndexError):
        timeline.forward()
    with pytest.raises(IndexError):
        timeline.seek(-1)
