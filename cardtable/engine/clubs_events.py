"""Трефы's own events: the bids, the auction's end and a turn without a card."""

from __future__ import annotations

from cardtable.engine.game import Event, register_event


@register_event("bid_made")
class BidMade(Event):
    """A bid: in the auction a bid above the highest, or each player's contract."""

    seat: int
    tricks: int


@register_event("auction_won")
class AuctionWon(Event):
    """The auction is over: ``seat`` is the declarer with a contract of ``tricks``."""

    seat: int
    tricks: int


@register_event("turn_skipped")
class TurnSkipped(Event):
    """Two decks: ``seat`` holds no card it may play to this trick."""

    seat: int
