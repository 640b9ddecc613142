"""Actions are registered with their JSON form: one that cannot be read is refused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.engine.actions import ACTIONS, Action, register_action


def test_an_action_without_its_reading_is_refused_when_registered() -> None:
    with pytest.raises(TypeError, match="from_json"):
        @register_action("unreadable")
        @dataclass(frozen=True, slots=True)
        class Unreadable(Action):
            value: int
    assert "unreadable" not in ACTIONS


def test_an_action_with_its_reading_is_known_by_its_kind() -> None:
    @register_action("readable-test")
    @dataclass(frozen=True, slots=True)
    class Readable(Action):
        value: int

        @classmethod
        def from_json(cls, data: dict[str, Any]) -> Action:
            return cls(int(data["value"]))

    try:
        assert ACTIONS["readable-test"] is Readable
        assert Readable.FIELDS == ("value",)
    finally:
        del ACTIONS["readable-test"]
