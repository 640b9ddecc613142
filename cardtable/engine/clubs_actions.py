"""Трефы's own action: a bid of a number of tricks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine.actions import Action, check_count, int_field, register_action


@register_action("bid")
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid a number of tricks in Трефы."""

    tricks: int

    def __post_init__(self) -> None:
        check_count(self.tricks, "bid")

    def __str__(self) -> str:
        return f"bid {self.tricks}"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Bid:
        return cls(int_field(data, "tricks"))
