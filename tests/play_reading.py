"""Checks shared by the tests of the card-play readers (Кинг and Трефы)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any


def check_weights(true_weights: Sequence[float], other_weights: Sequence[float],
                  miss: float) -> None:
    """The true deal explains every play; each other deal's weight is a power of the
    miss weight, and most of them miss a play."""
    assert len(true_weights) > 20
    assert list(true_weights) == [1.0] * len(true_weights)
    for weight in other_weights:
        misses = round(math.log(weight) / math.log(miss))
        assert math.isclose(weight, miss ** misses), "a power of the miss weight"
    assert sum(w < 1 for w in other_weights) > len(other_weights) // 2


def placed_right(positions: Iterable[Any], sampler: Callable[[Any, random.Random], Any],
                 hands: Callable[[Any], Sequence[int]], seed: int) -> float:
    """The share of the other seats' cards that samples at ``positions`` deal to their
    true holders (four samples a position); ``hands`` gives a state's hands as masks."""
    right = dealt = 0
    rng = random.Random(seed)
    for state in positions:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        true = hands(state)
        for _ in range(4):
            sample = hands(sampler(view, rng))
            for j in range(len(true)):
                if j != seat:
                    right += (sample[j] & true[j]).bit_count()
                    dealt += true[j].bit_count()
    return right / dealt


def placed_plain_and_read(positions: Callable[[], Iterable[Any]],
                          plain: Callable[[Any, random.Random], Any],
                          read: Callable[[Any, random.Random], Any],
                          hands: Callable[[Any], Sequence[int]], seed: int,
                          ) -> tuple[float, float]:
    """:func:`placed_right` of a plain sampler and of a reading one, on the same
    positions (``positions`` makes them afresh for each) and the same seed."""
    return (placed_right(positions(), plain, hands, seed),
            placed_right(positions(), read, hands, seed))
