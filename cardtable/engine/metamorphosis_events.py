"""Метаморфоза's own events: the declarations and the refill of the hands."""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine.game import Event, register_event


@register_event("declared")
class Declared(Event):
    """A declaration card taken face down (which one stays secret)."""

    seat: int


@register_event("declarations_revealed")
class DeclarationsRevealed(Event):
    """Every seat's declaration turned face up, by seat."""

    values: tuple[str, ...]


@register_event("cards_drawn")
class CardsDrawn(Event):
    """Cards added to ``seat``'s hand in a refill: from the stock (``from_seat`` is
    None) or from the top of ``from_seat``'s won pile, in the order taken.  Cards from
    the stock are known only to ``seat`` — the turned card excepted — so the interface
    shows them by the seat's view, not from this event."""

    seat: int
    cards: tuple[Card | None, ...]
    """``None`` for a card the viewer may not see (see :meth:`for_viewer`)."""
    from_seat: int | None

    def for_viewer(self, viewer: int | None) -> Event:
        """Cards another seat draws from the stock become unknown (``None``): the turned
        card among them is known to all, and the view shows it where it went."""
        if self.from_seat is None and self.seat != viewer:
            return CardsDrawn(self.seat, (None,) * len(self.cards), None)
        return self
