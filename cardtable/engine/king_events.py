"""Кинг's own events: the хвалёнка's contract, its auction and the shown card."""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine.game import Event, register_event


@register_event("order_made")
class OrderMade(Event):
    """A seat names the хвалёнка's contract (its orderer, or the seat that bought the order)."""

    seat: int
    contract: str


@register_event("card_shown")
class CardShown(Event):
    """A card turned face up for everyone (the orderer's last card in «по последней»)."""

    seat: int
    card: Card


@register_event("offered")
class Offered(Event):
    """A seat offers a price in the хвалёнка's auction."""

    seat: int
    price: int


@register_event("bought")
class Bought(Event):
    """The auction is over: the seat that bought the order, and the price it pays."""

    seat: int
    price: int
