"""The open event union: every event is an :class:`Event` registered by its JSON name,
a game's own events by the game's own module."""

from __future__ import annotations

import pytest

from cardtable.cards import Card
from cardtable.engine import GAMES
from cardtable.engine.game import EVENTS, CardPlayed, Event, TrickWon, register_event
from cardtable.engine.metamorphosis_events import CardsDrawn


def test_each_games_events_are_registered_by_its_own_module() -> None:
    assert GAMES  # the games are imported, so their events are registered
    own = {cls.__module__ for cls in EVENTS.values()} - {"cardtable.engine.game"}
    assert own == {f"cardtable.engine.{game}_events" for game in GAMES}
    assert all(issubclass(cls, Event) and EVENTS[cls.KIND] is cls for cls in EVENTS.values())


def test_an_event_has_a_json_form_and_unpacks_like_a_tuple() -> None:
    ace = Card.parse("AS")
    event = TrickWon(2, ((1, ace),), 5)
    assert event.to_json() == {"type": "trick_won", "seat": 2, "cards": [[1, "AS"]],
                               "points": 5}
    seat, cards, points = event
    assert (seat, cards, points) == (2, ((1, ace),), 5)
    assert event == TrickWon(2, ((1, ace),), 5) and hash(event) == hash(TrickWon(2, ((1, ace),), 5))
    assert event != CardPlayed(2, ace)


def test_an_event_hides_what_a_viewer_may_not_see() -> None:
    ace = Card.parse("AS")
    drawn = CardsDrawn(1, (ace,), None)
    assert drawn.for_viewer(1) == drawn
    assert drawn.for_viewer(0) == CardsDrawn(1, (None,), None)
    assert CardsDrawn(1, (ace,), 0).for_viewer(2).cards == (ace,)  # from a won pile: seen
    assert CardPlayed(0, ace).for_viewer(None) == CardPlayed(0, ace)


def test_two_events_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="two events called 'card_played'"):
        @register_event("card_played")
        class Other(Event):
            seat: int
    assert EVENTS["card_played"] is CardPlayed
