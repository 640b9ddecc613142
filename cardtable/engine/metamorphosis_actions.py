"""Метаморфоза's own action: taking a declaration card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine.actions import Action, check_word, register_action, str_field


@register_action("declare")
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Take a Метаморфоза declaration card: ``A``, ``2``, ``3`` or ``4``."""

    value: str

    def __post_init__(self) -> None:
        check_word(self.value, "declaration")

    def __str__(self) -> str:
        return f"declare {self.value}"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Declare:
        return cls(str_field(data, "value"))
