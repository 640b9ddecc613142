"""The score sheet's rows, as each game's presenter writes them: plain labels and
numbers, apart from the widget that draws them (:mod:`cardtable.ui.score_sheet`), so
that a presenter — needed for the first deal — loads none of the widget's Qt classes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

DEAL, SUBTOTAL, TOTAL = "deal", "subtotal", "total"
"""Row kinds: one deal (or партия), a stage's subtotal, the game's total."""


class SheetRow(NamedTuple):
    """One line of the sheet; ``scores`` is ``None`` for a deal not played yet."""

    label: str
    scores: tuple[int, ...] | None
    kind: str = DEAL


@dataclass(frozen=True)
class SheetData:
    """What the sheet shows, already in the interface language."""

    columns: tuple[str, ...]
    """Player names, by seat."""
    rows: tuple[SheetRow, ...]
    title: str = ""
    label_header: str = ""
    zero_sum: bool = False
    """Show each row's sum: in a zero-sum game the total row must sum to 0."""
    current: int | None = None
    """The row of the deal in progress (or about to be dealt)."""
    places: tuple[int, ...] | None = None
    """Each seat's place once the game is over (equal totals share a place)."""


def sum_rows(rows: Sequence[tuple[int, ...]], n: int) -> tuple[int, ...]:
    return tuple(sum(r[i] for r in rows) for i in range(n))
