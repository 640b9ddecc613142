"""``state.public_view(seat)`` — what the pass-and-play screen shows between two people — must be
the same whichever seat's view it was made from: anything in it that depended on the
seat would be something only that seat may know, shown to everyone.

Positions come from whole games of random legal play (every phase: bidding, buying,
хвалёнка orders, declarations, play, between deals and over), for every game and
player count; at every step all seats' public views are compared field by field, so a
failure names the field that leaks.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardtable.cards import Card
from cardtable.engine.game import Event
from cardtable.engine.match import Match, Seat
from cardtable.engine.metamorphosis import MetamorphosisView
from cardtable.engine.metamorphosis_events import CardsDrawn

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("king", {"players": 3}, 2),
    ("king", {"players": 4}, 2),
    ("king", {"players": 3, "length": "short", "must_trump": True}, 2),
    ("king", {"players": 4, "stage2": "hvalenki_reverse_eralash"}, 1),
    *[("clubs", {"players": n, "bidding": bidding}, 3)
      for n in range(2, 9) for bidding in ("auction", "everyone")],
    ("metamorphosis", {"players": 2}, 4),
    ("metamorphosis", {"players": 3, "partii": 2}, 3),
    ("metamorphosis", {"players": 2, "turned_trump": True}, 3),
]
"""(game, options, how many games); Трефы, which may go on for ever with random
players, is cut after a few deals."""

MAX_DEALS = 3


def differing_fields(a: Any, b: Any) -> list[str]:
    """The names of the fields that differ, sorted (field order is no promise)."""
    return sorted(f.name for f in dataclasses.fields(a)
                  if getattr(a, f.name) != getattr(b, f.name))


def public_of(state: Any, seat: int) -> Any:
    return dataclasses.replace(state.public_view(seat), seat=0)


def check_position(state: Any, where: str) -> None:
    first = public_of(state, 0)
    assert first.hand == () and first.legal == (), where
    if isinstance(first, MetamorphosisView):
        assert first.choices == (), where
        if not first.revealed:
            assert set(first.declarations) == {None}, where
    for seat in range(1, state.n):
        other = public_of(state, seat)
        assert other == first, (f"{where}: public views of seats 0 and {seat} differ in "
                                f"{differing_fields(first, other)}")


def play_and_check(game: str, options: dict[str, Any], seed: int) -> int:
    """One game of random legal play, every position checked; returns how many."""
    n = options["players"]
    match = Match.start(game, options, [Seat(f"S{i}") for i in range(n)], seed=seed)
    state = match.state
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        where = f"{game} {options} seed {seed}, deal {state.deal_index}, {state.phase}"
        check_position(state, where)
        checked += 1
        if state.needs_deal:
            if state.deal_index >= MAX_DEALS and game == "clubs":
                break
            match.deal()
            continue
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    else:
        check_position(state, f"{game} {options} seed {seed}, over")
    return checked


@pytest.mark.parametrize(("game", "options", "games"), CASES,
                         ids=[f"{g}-{'-'.join(str(v) for v in o.values())}" for g, o, _ in CASES])
def test_public_view_is_the_same_from_every_seat(game: str, options: dict[str, Any],
                                                 games: int) -> None:
    positions = sum(play_and_check(game, options, seed) for seed in range(games))
    assert positions > 30 * games


def test_public_view_keeps_what_the_table_shows() -> None:
    """Nothing public is lost: the public view is the seat's own view without its
    hand, its choices and, until they are turned up, its declaration."""
    match = Match.start("metamorphosis", {"players": 3}, [Seat(f"S{i}") for i in range(3)],
                        seed=5)
    match.deal()
    state = match.state
    first = state.to_move
    view = state.view(first)
    assert view.hand and view.legal and view.choices
    assert differing_fields(view, view.public()) == sorted(["hand", "choices", "legal"])
    match.apply(view.legal[0])
    view = state.view(first)  # declared, not yet revealed
    assert differing_fields(view, view.public()) == sorted(["hand", "declarations", "choices"])
    assert view.public().declared == view.declared


def test_events_for_hide_cards_drawn_by_others() -> None:
    """Cards another seat draws from the stock are unknown to the viewer and to anyone
    at a shared table; a seat's own draw and a draw from a won pile stay known."""
    a, b = Card.parse("AS"), Card.parse("KD")
    state = Match.start("metamorphosis", {"players": 3}, [Seat(f"S{i}") for i in range(3)],
                        seed=5).state
    events: list[Event] = [CardsDrawn(1, (a, b), None), CardsDrawn(0, (a,), None),
                           CardsDrawn(1, (b,), 2)]
    seen = state.events_for(events, viewer=0)
    assert seen[0] == CardsDrawn(1, (None, None), None)
    assert seen[1] == events[1]  # the viewer's own draw
    assert seen[2] == events[2]  # from a won pile: public
    shared = state.events_for(events, viewer=None)
    assert shared[1] == CardsDrawn(0, (None,), None)
    assert shared[2] == events[2]
