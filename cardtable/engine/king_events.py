"""Кинг's own events: the хвалёнка's contract, its auction and the shown card."""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine.game import Event, register_event


@register_event("order_made")
class OrderMade(Event):
    seat: int
    contract: str


@register_event("card_shown")
class CardShown(Event):
    """A card turned face up for everyone (the orderer's last card in «по последней»)."""

    seat: int
    card: Card


@register_event("offered")
class Offered(Event):
    seat: int
    price: int


@register_event("bought")
class Bought(Event):
    seat: int
    price: int
