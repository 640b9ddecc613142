"""Every game's view is a :class:`View`: the fields code for every game may read are
declared once, with the same meaning in each game, at every point of a deal."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardtable.engine import GAMES, get_game
from cardtable.engine.game import View

TABLES = [("king", 3), ("king", 4), ("clubs", 2), ("clubs", 6), ("metamorphosis", 2),
          ("metamorphosis", 3)]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_view_is_a_view_with_the_common_fields_meaning_the_same(
        game: str, players: int) -> None:
    rng = random.Random(players)
    state = get_game(game).new(get_game(game).check_options({"players": players}), 0)
    state.deal(state.random_layout(rng))
    seen = 0
    while state.to_move is not None:
        mover = state.to_move
        for seat in range(players):
            view = state.view(seat)
            assert isinstance(view, View) and type(view) is not View
            assert (view.game, view.seat, view.n) == (game, seat, players)
            assert view.to_move == mover and view.phase == state.phase
            assert list(view.hand) == sorted(view.hand)
            assert view.hand_counts[seat] == len(view.hand)
            assert bool(view.legal) == (seat == mover)
            assert set(view.legal) == (set(state.legal_actions()) if seat == mover else set())
            assert len(view.totals) == players
        state.apply(rng.choice(list(state.legal_actions())))
        seen += 1
    assert seen >= 20  # a whole deal


def test_the_common_fields_are_declared_once() -> None:
    common = {f.name for f in dataclasses.fields(View)}
    assert {"game", "seat", "phase", "to_move", "hand", "legal", "trick", "totals"} <= common
    for name in GAMES:
        state = get_game(name).new(get_game(name).check_options({}), 0)
        cls = type(state.view(0))
        assert issubclass(cls, View)
        own = set(cls.__annotations__)
        assert not own & common, f"{cls.__name__} declares {own & common} again"
