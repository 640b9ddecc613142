"""Computer players decide by what their seat may see, and nothing else.

For every game, player count and level: positions from real play; for each, a twin
made by swapping two cards the deciding seat cannot see (in other hands, the cards
set aside, the stock) and replaying every action of the record through the rules;
the pair is kept only when the seat's view is the same in both.  Each decision is
made in a separate process that is sent the view alone — no game state, no record
exists there for a player to find — at the level's real playout count, with a fixed
seed and no time cap.  The two decisions of a pair must be the same.

The test proves it can fail: an omniscient control (the benchmark's ``cheater``,
given the true state) must decide differently on some pair, and is caught.
"""

from __future__ import annotations

import copy
import multiprocessing
import random
from collections.abc import Iterator
from typing import Any

import pytest
from privacy_worker import decide

from cardtable.ai import LEVELS, make_player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat

TABLES = [("king", 3), ("king", 4), *(("clubs", n) for n in range(2, 9)),
          ("metamorphosis", 2), ("metamorphosis", 3)]
PAIRS = {"random": 3, "easy": 3, "normal": 3, "hard": 2}
"""Pairs of positions decided per table and level (``hard`` searches for real)."""


@pytest.fixture(scope="module")
def deciders() -> Iterator[Any]:
    """Worker processes started once; each is sent plain data only."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        yield pool


def positions(game: str, n: int, seed: int) -> Iterator[tuple[dict[str, Any], int]]:
    """(record, seat to move) at decisions with a choice, from a game of easy players."""
    seats = [Seat(f"P{i}", "computer", "easy") for i in range(n)]
    match = Match.start(game, {"players": n}, seats, seed=seed)
    players = [make_player(game, "easy") for _ in range(n)]
    state, rng = match.state, random.Random(seed)
    while not state.is_over and state.deal_index < 3:
        if state.needs_deal:
            match.deal()
            continue
        seat = state.to_move
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            yield record.to_json(match), seat
        match.apply(players[seat].choose(state.view(seat), legal, match.rng))


def _slots(cards: dict[str, Any], seat: int) -> list[tuple[str, int | None, int | None]]:
    """Where a card of the current deal lies that ``seat`` was not dealt."""
    slots: list[tuple[str, int | None, int | None]] = []
    for key, value in cards.items():
        if key == "hands":
            slots += [(key, s, j) for s, hand in enumerate(value) if s != seat
                      for j in range(len(hand))]
        elif isinstance(value, list):
            slots += [(key, None, j) for j in range(len(value))]
        elif isinstance(value, str):
            slots.append((key, None, None))
    return slots


def _get(cards: dict[str, Any], slot: tuple[str, int | None, int | None]) -> str:
    key, s, j = slot
    value = cards[key]
    if s is not None:
        value = value[s]
    return value if j is None else value[j]


def _put(cards: dict[str, Any], slot: tuple[str, int | None, int | None], card: str) -> None:
    key, s, j = slot
    if j is None:
        cards[key] = card
    elif s is None:
        cards[key][j] = card
    else:
        cards[key][s][j] = card


def hidden_twin(data: dict[str, Any], seat: int, rng: random.Random,
                tries: int = 300) -> dict[str, Any] | None:
    """``data`` with two cards swapped that ``seat`` cannot see: every action still
    legal, the seat's view unchanged, the hidden cards different."""
    view = record.load(data).state.view(seat)
    cards = data["deals"][-1]["cards"]
    slots = _slots(cards, seat)
    for _ in range(tries):
        a, b = rng.sample(slots, 2)
        if _get(cards, a) == _get(cards, b):
            continue
        twin = copy.deepcopy(data)
        twin_cards = twin["deals"][-1]["cards"]
        _put(twin_cards, a, _get(cards, b))
        _put(twin_cards, b, _get(cards, a))
        try:
            twin_state = record.load(twin).state
        except record.RecordError:
            continue  # a swapped card had been played, or the deal is no longer valid
        if twin_state.view(seat) == view:
            return twin
    return None


def pairs(game: str, n: int, count: int, seed: int) -> list[tuple[Any, Any, Any, Any]]:
    """``count`` pairs: (record, twin record, the seat's view, legal actions)."""
    found = []
    rng = random.Random(seed)
    for data, seat in positions(game, n, seed):
        twin = hidden_twin(data, seat, rng)
        if twin is None:
            continue
        state = record.load(data).state
        found.append((data, twin, state.view(seat), tuple(state.legal_actions())))
        if len(found) == count:
            break
    assert len(found) == count, f"{game} with {n}: only {len(found)} hidden twins found"
    return found


@pytest.mark.parametrize(("game", "n"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_every_level_decides_by_the_view_alone(deciders: Any, game: str, n: int) -> None:
    jobs, where = [], []
    for level in LEVELS:
        for i, (data, twin, view, legal) in enumerate(pairs(game, n, PAIRS[level],
                                                            seed=100 * n + 7)):
            twin_view = record.load(twin).state.view(view.seat)
            assert twin_view == view and twin != data
            seed = 1000 + i
            jobs += [(game, level, view, legal, seed, None),
                     (game, level, twin_view, legal, seed, None)]
            where.append((level, i))
    decisions = deciders.map(decide, jobs)
    for k, (level, i) in enumerate(where):
        first, second = decisions[2 * k], decisions[2 * k + 1]
        assert first == second, f"{level}, pair {i}: {first} against {second}"


def test_the_check_catches_a_player_that_sees_hidden_cards(deciders: Any) -> None:
    """The control decides on the true state: on some pair whose views are the same its
    decisions differ — exactly what the test above would report as a leak."""
    caught = []
    for game, n in (("king", 4), ("clubs", 3), ("metamorphosis", 2)):
        jobs = []
        for data, twin, view, legal in pairs(game, n, 3, seed=31 * n):
            jobs += [(game, "cheater", view, legal, 5, data),
                     (game, "cheater", view, legal, 5, twin)]
        decisions = deciders.map(decide, jobs)
        caught += [game for k in range(0, len(decisions), 2)
                   if decisions[k] != decisions[k + 1]]
    assert caught, "the omniscient control was never caught: the pairs hide nothing"
