"""The JSON form of views and events, as a server encodes them at every step: each
view and event of random games of every game comes back equal, and a value with no
JSON form is refused every time (the converters are worked out once per class)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.match import Seat
from cardtable.net.codec import event_from_json, to_json, view_from_json, view_to_json
from cardtable.net.session import TableSession


@pytest.mark.parametrize("game, players", [("king", 4), ("clubs", 4), ("metamorphosis", 3)])
def test_every_view_and_event_comes_back_equal(game: str, players: int) -> None:
    options = {"players": players, **({"target": 25} if game == "clubs" else {})}
    session = TableSession.new(game, options, [Seat(f"P{i}") for i in range(players)],
                               seed=11)
    rng = random.Random(4)
    for _ in range(300):
        if session.is_over:
            break
        if session.needs_deal:
            events = session.deal()
        else:
            seat = session.to_move
            assert seat is not None
            events = session.act(seat, rng.choice(session.legal_for(seat)))
        for seat in range(players):
            news = session.news_for(seat, events)
            sent = json.loads(json.dumps(view_to_json(news.view)))
            assert view_from_json(sent) == news.view
            for event in news.events:
                assert event_from_json(json.loads(json.dumps(to_json(event)))) == event


def test_a_value_with_no_json_form_is_refused_each_time() -> None:
    for _ in range(2):
        with pytest.raises(TypeError, match="no JSON form for float"):
            to_json((1, 2.5))
