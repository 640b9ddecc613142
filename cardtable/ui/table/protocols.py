"""What the table asks of others, as protocols, so that the table imports neither the
games' presenters above it nor the scene from its piles: the words and extras of the
game being played (:class:`TableWords`, which every presenter gives), the moves the
table offers for a game's own events (:class:`TableMoves`), and the services
a pile uses from the table it lies on (:class:`PileTable`, which the scene gives)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtCore import QAbstractAnimation, QParallelAnimationGroup, QPointF

from cardtable.engine.game import Event, View
from cardtable.ui.pace import Pace
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.furniture import Extras
from cardtable.ui.table.geometry import TableGeometry


class TableWords(Protocol):
    """The game on the table, in words: the seats' names, each plate's lines, what a
    seat says when something happens, and what the game lays out besides hands."""

    @property
    def names(self) -> Sequence[str]: ...

    # ``view`` is the game's own View subclass: each presenter takes only its game's,
    # so the protocol cannot name one class for all of them.

    def plate(self, view: Any, seat: int) -> tuple[str, str, str]: ...

    def announce(self, event: Event) -> tuple[int, str] | None: ...

    def linger_ms(self, event: Event) -> int: ...

    def shown_badge(self) -> str: ...

    def table_extras(self, view: Any) -> Extras | None: ...

    def slot_card(self, value: str) -> int | None: ...

    def closes_round(self, event: Event) -> bool:
        """Whether the bubbles of the round before go after ``event`` (the end of an
        auction, the declarations turned up), as they do when a deal starts and when
        a trick is led."""
        ...

    def animate(self, event: Event, table: TableMoves) -> QAbstractAnimation | None:
        """Show one of the game's own events on ``table`` (the shared ones the table
        shows itself): the animation started, or None."""
        ...


class TableMoves(Protocol):
    """The moves the table offers a game for its own events."""

    def draw_cards(self, seat: int, cards: Sequence[int | None],
                   from_seat: int | None) -> QAbstractAnimation | None: ...

    def lay_slot_card(self, seat: int) -> QAbstractAnimation | None: ...

    def reveal_slots(self, values: Sequence[str]) -> QAbstractAnimation | None: ...


class PileTable(Protocol):
    """The table a pile lies on: its geometry and pace, the cards it makes and the
    moves it animates."""

    geom: TableGeometry
    pace: Pace
    n: int
    selected: int | None
    turn_view: View | None
    fresh: dict[CardItem, int]
    """Cards just dealt, with their place in the dealing order (for the stagger)."""
    open_faces: Sequence[Sequence[int]] | None
    """Watching a game again: every seat's hand face up."""
    shown_badge: str
    """The word on a card another seat shows (the game's: «из стопки»)."""

    @property
    def dragged(self) -> CardItem | None: ...

    @property
    def shows_extras(self) -> bool: ...

    def position_of(self, seat: int) -> int: ...

    def new_card(self, card: int | None, pos: QPointF, face_up: bool = False) -> CardItem: ...

    def remove_card(self, item: CardItem) -> None: ...

    def add_move(self, group: QParallelAnimationGroup, item: CardItem, target: QPointF,
                 ms: int, delay: int = 0) -> None: ...

    def add_flip(self, group: QParallelAnimationGroup, item: CardItem, end: float) -> None: ...
