"""Walking a view for the cards it shows, so that leak tests can compare views card by
card whatever game they come from."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from cardtable.cards import Card


def cards_in(obj: Any) -> Iterator[Card]:
    """Every Card anywhere inside a view (fields, tuples, dicts, actions)."""
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            yield from cards_in(x)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            yield from cards_in(k)
            yield from cards_in(x)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from cards_in(getattr(obj, f.name))
