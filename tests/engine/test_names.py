"""One rule for players' names, in the records the program reads and in the New game
dialog: printable characters only, 1–64 of them once trimmed."""

from __future__ import annotations

import json

import pytest
from name_cases import ACCEPTED, REFUSED

from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.engine.names import MAX_NAME, name_problem


def record_with_name(name: str) -> dict[str, object]:
    match = Match.start("king", {"players": 3}, [Seat(f"S{i}") for i in range(3)], seed=2)
    match.deal()
    data = record.to_json(match)
    players = data["players"]
    assert isinstance(players, list)
    players[0]["name"] = name
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("what", sorted(REFUSED))
def test_refused_everywhere(what: str) -> None:
    name = REFUSED[what]
    assert name_problem(name) is not None
    with pytest.raises(record.RecordError, match="name"):
        record.load(record_with_name(name))


@pytest.mark.parametrize("name", ACCEPTED)
def test_accepted_everywhere(name: str) -> None:
    assert name_problem(name) is None
    assert record.load(record_with_name(name)).seats[0].name == name


def test_the_reasons() -> None:
    assert name_problem(" ") == "name_empty"
    assert name_problem("x" * (MAX_NAME + 1)) == "name_too_long"
    assert name_problem("a\u202eb") == "name_unprintable"
