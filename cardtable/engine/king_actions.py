"""Кинг's own actions: the хвалёнка's contract and the prices offered for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine.actions import (
    Action,
    check_count,
    check_word,
    int_field,
    register_action,
    str_field,
)


@register_action("order")
@dataclass(frozen=True, slots=True)
class Order(Action):
    """A Кинг хвалёнка contract: ``trump:S`` … ``trump:C``, ``notrump``, ``last``,
    ``misere`` or ``split``."""

    contract: str

    def __post_init__(self) -> None:
        check_word(self.contract, "contract")

    def __str__(self) -> str:
        return f"order {self.contract}"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Order:
        return cls(str_field(data, "contract"))


@register_action("buy")
@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Offer a price (in tricks) for a хвалёнка."""

    price: int

    def __post_init__(self) -> None:
        check_count(self.price, "price")

    def __str__(self) -> str:
        return f"buy {self.price}"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Buy:
        return cls(int_field(data, "price"))
