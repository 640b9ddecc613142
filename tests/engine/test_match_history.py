"""A game's history as steps: any prefix replays to the same position, a step by the
wrong seat is refused, and deals and decisions are seeded by the position alone."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import record
from cardtable.engine.actions import Pass
from cardtable.engine.game import IllegalAction
from cardtable.engine.match import ActStep, DealStep, Match, Seat


def played(game: str, options: dict[str, int], deals: int, seed: int = 12) -> Match:
    n = options["players"]
    match = Match.start(game, options, [Seat(f"S{i}") for i in range(n)], seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over and (len(match.deals) < deals
                                       or len(match.deals[-1].actions) < 4):
        if match.state.needs_deal:
            match.deal(match.next_layout())
        else:
            legal = match.state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize(("game", "options"), [("king", {"players": 3}),
                                               ("clubs", {"players": 6}),
                                               ("metamorphosis", {"players": 2})])
def test_every_prefix_is_the_game_as_it_stood(game: str, options: dict[str, int]) -> None:
    match = played(game, options, 2)
    steps = match.steps()
    assert len(steps) == match.step_count
    assert sum(isinstance(s, DealStep) for s in steps) == len(match.deals)
    for count in range(0, len(steps) + 1, 7):
        again = match.prefix(count)
        assert again.steps() == steps[:count]
        assert record.to_json(record.load(record.to_json(again))) == record.to_json(again)
    whole = match.prefix(len(steps))
    for seat in range(options["players"]):
        assert whole.state.view(seat) == match.state.view(seat)
    with pytest.raises(ValueError):
        match.prefix(len(steps) + 1)


def test_a_step_by_the_wrong_seat_is_refused() -> None:
    match = played("king", {"players": 4}, 1)
    mover = match.state.to_move
    assert mover is not None
    legal = match.state.legal_actions()[0]
    before = match.step_count
    with pytest.raises(ValueError):
        match.take(ActStep((mover + 1) % 4, legal))
    with pytest.raises(IllegalAction):
        match.take(ActStep(mover, Pass()))
    assert match.step_count == before


def test_deals_and_decisions_are_seeded_by_the_position() -> None:
    one, two = played("clubs", {"players": 4}, 3, seed=5), played("clubs", {"players": 4},
                                                                   3, seed=5)
    assert [d.layout for d in one.deals] == [d.layout for d in two.deals]
    assert one.decision_seed() == two.decision_seed()
    other = played("clubs", {"players": 4}, 3, seed=6)
    assert one.deals[0].layout != other.deals[0].layout
    before = one.decision_seed()
    one.apply(one.state.legal_actions()[0])
    assert one.decision_seed() != before
    # a resumed game (a fresh generator) deals the same next deal
    resumed = record.load(record.to_json(one))
    assert resumed.next_layout() == one.next_layout()
