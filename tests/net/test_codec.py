"""The JSON form of views and events: every view and event of whole games of every game
comes back equal from its JSON text, and anything malformed is a ``ValueError``.

A client rebuilds what the server sends with :func:`view_from_json` and
:func:`event_from_json`; a value that does not survive the trip would show a person a
different table than the server holds, and a decoder that raised anything else on a
hostile server's message would crash the program instead of refusing the message.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.ai import make_player
from cardtable.engine.game import EVENTS, Event, OptionError, View
from cardtable.engine.match import Match, Seat
from cardtable.engine.registry import get_game
from cardtable.net.codec import MAX_ITEMS, event_from_json, to_json, view_from_json, view_to_json

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("king", {"players": 4}),
    ("king", {"players": 3, "stage2": "hvalenki_reverse_eralash", "must_trump": True,
              "eralash_king": True}),
    ("king", {"players": 3, "length": "short"}),
    ("king", {"players": 4, "stage2": "positive", "boys": "jacks_kings",
              "early_finish": False}),
    ("clubs", {"players": 3, "target": 25}),
    ("clubs", {"players": 2, "bidding": "everyone", "target": 25}),
    ("clubs", {"players": 7, "deals": 5}),  # two decks, cards set aside
    ("clubs", {"players": 8, "bidding": "everyone", "deals": 5}),  # two decks
    ("metamorphosis", {"players": 2, "turned_trump": True}),
    ("metamorphosis", {"players": 3, "partii": 2, "leaders": "source"}),
]
"""Every game and the options that change what a view holds; Трефы is bounded by a
low target or a number of deals.  (Метаморфоза is for 2 or 3 players: 4 is refused,
see :func:`test_metamorphosis_has_no_table_of_four`.)"""


def whole_game(game: str, options: dict[str, Any], seed: int
               ) -> Iterator[tuple[Any, list[Event]]]:
    """(state, the step's events) after every step of a game of seeded easy players."""
    n = options["players"]
    match = Match.start(game, options, [Seat(f"P{i}") for i in range(n)], seed=seed)
    players = [make_player(game, "easy") for _ in range(n)]
    state, rng = match.state, random.Random(seed)
    yield state, []
    while not state.is_over:
        if state.needs_deal:
            events = match.deal()
        else:
            seat = state.to_move
            assert seat is not None
            events = match.apply(players[seat].choose(state.view(seat),
                                                      state.legal_actions(), rng))
        yield state, events


def trip(value: Any) -> Any:
    """Through JSON text, as over the wire."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("game", "options"), GAMES,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in GAMES])
def test_every_view_and_event_of_a_whole_game_comes_back_equal(
        game: str, options: dict[str, Any]) -> None:
    views = events_seen = 0
    kinds: set[str] = set()
    for state, events in whole_game(game, options, seed=41):
        for seat in range(state.n):
            view = state.view(seat)
            assert view_from_json(trip(view_to_json(view))) == view, \
                f"{game} deal {state.deal_index} {state.phase}, seat {seat}"
            views += 1
            for event in state.events_for(events, seat):
                assert event_from_json(trip(to_json(event))) == event, event
                kinds.add(event.KIND)
                events_seen += 1
        public = state.events_for(events, None)
        assert [event_from_json(trip(to_json(e))) for e in public] == list(public)
    assert state.is_over
    assert views > 50 and events_seen > 50
    assert {"deal_started", "card_played", "trick_won", "deal_ended", "game_over"} <= kinds


def test_metamorphosis_has_no_table_of_four() -> None:
    with pytest.raises(OptionError):
        get_game("metamorphosis").check_options({"players": 4})


# --- malformed views and events ---------------------------------------------------------


def real_views() -> list[dict[str, Any]]:
    """JSON of views with something in every field: mid-deal positions of each game."""
    out = []
    for game, options in (GAMES[0], GAMES[1], GAMES[6], GAMES[8]):
        for state, _ in whole_game(game, options, seed=7):
            if state.phase == "play" and state.deal_index >= 1 \
                    and len(state.view(0).hand) > 3:
                out += [view_to_json(state.view(seat)) for seat in range(state.n)]
                break
    return out


VIEWS = real_views()


def refused(data: Any) -> None:
    with pytest.raises(ValueError):
        view_from_json(data)


@pytest.mark.parametrize("index", range(len(VIEWS)))
def test_each_kind_of_fault_in_a_view_is_refused(index: int) -> None:
    view = VIEWS[index]
    assert view_from_json(trip(view)) == view_from_json(view)
    for key in view:
        missing = dict(view)
        del missing[key]
        refused(missing)
    refused({**view, "peek": 1})
    refused({**view, "game": "chess"})
    refused({**view, "game": 3})
    refused({**view, "seat": True})  # a bool is not a number
    refused({**view, "seat": 1.0})
    refused({**view, "seat": "1"})
    refused({**view, "seat": 1 << 200})
    refused({**view, "hand": "AS"})
    refused({**view, "hand": ["ZZ"]})
    refused({**view, "hand": [1]})
    refused({**view, "hand": ["AS"] * (MAX_ITEMS + 1)})
    refused({**view, "totals": [[0]] * 3})
    refused({**view, "phase": "x" * 1000})
    refused({**view, "legal": [{"type": "fly"}]})
    refused({**view, "legal": [{"type": "play", "card": "AS", "extra": 1}]})
    refused({**view, "options": {"players": [1]}})
    refused({**view, "trick": [[0]]})
    refused({**view, "trick": [[0, "AS", 1]]})
    for bad in (None, [], "view", 3, [view]):
        refused(bad)


def test_each_kind_of_fault_in_an_event_is_refused() -> None:
    good = {"type": "card_played", "seat": 1, "card": "QH"}
    assert event_from_json(good).to_json() == good
    faults: list[Any] = [
        None, [], "card_played", {"seat": 1, "card": "QH"},
        {**good, "type": "card_flown"}, {**good, "type": 7}, {**good, "type": None},
        {**good, "extra": 0}, {"type": "card_played", "seat": 1},
        {**good, "seat": False}, {**good, "seat": "1"}, {**good, "seat": 1.5},
        {**good, "card": "1X"}, {**good, "card": 12}, {**good, "card": ["QH"]},
        {"type": "trick_won", "seat": 0, "cards": [[0, "QH"]] * (MAX_ITEMS + 1),
         "points": 0},
        {"type": "trick_won", "seat": 0, "cards": "QH", "points": 0},
        {"type": "game_over", "totals": [0, True]},
    ]
    for data in faults:
        with pytest.raises(ValueError):
            event_from_json(data)
    assert set(EVENTS) >= {"card_played", "trick_won", "game_over"}


# --- a fuzz over mutated views -----------------------------------------------------------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=30), st.sampled_from(["AS", "TH", "2C", "10H", "", "play", "king"]),
    st.lists(st.integers(-3, 60), max_size=5), st.dictionaries(st.text(max_size=5),
                                                               st.integers(), max_size=3),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


def _mutate(data: Any, path: tuple[Any, ...], how: int, junk: Any) -> Any:
    if not path:
        return junk
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == 0:
        parent[key] = junk
    elif how == 1:
        del parent[key]
    elif how == 2 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif isinstance(parent[key], list):
        parent[key] = parent[key] * 3
    else:
        parent[key] = [parent[key]]
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(VIEWS) - 1), st.data(), st.lists(st.tuples(
    st.integers(0, 3), JUNK), min_size=1, max_size=3))
def test_a_mutated_view_decodes_or_is_a_value_error(index: int, data: st.DataObject,
                                                    faults: list[tuple[int, Any]]) -> None:
    view = copy.deepcopy(VIEWS[index])
    for how, junk in faults:
        path = data.draw(st.sampled_from(_paths(view)))
        view = _mutate(view, path, how, junk)
    try:
        decoded = view_from_json(view)
    except ValueError:
        return
    assert isinstance(decoded, View)  # what decodes is a whole view of its game
    assert view_from_json(trip(view_to_json(decoded))) == decoded
