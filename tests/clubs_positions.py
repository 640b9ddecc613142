"""Трефы positions set up by hand for the computer-player tests: a deal from one text
per seat, then the moves that lead to the decision under test."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState
from cardtable.engine.clubs_actions import Bid


def cards(text: str) -> tuple[Card, ...]:
    """``"AS KH 7D"`` → those cards, in that order."""
    return tuple(Card.parse(t) for t in text.split())


def dealt(hands: Sequence[str], bidding: str = "auction", dealer: int = 3) -> ClubsState:
    """A game dealt ``hands`` (seat ``dealer + 1`` bids and leads first)."""
    state = CLUBS_GAME.new({"players": len(hands), "bidding": bidding}, dealer)
    state.deal(ClubsLayout(tuple(cards(h) for h in hands)))
    return state


def run(state: ClubsState, script: str) -> None:
    """Moves for the seats in turn: a card, ``p`` (pass) or ``bN`` (bid N)."""
    for word in script.split():
        if word == "p":
            state.apply(PASS)
        elif word.startswith("b"):
            state.apply(Bid(int(word[1:])))
        else:
            state.apply(PLAY[Card.parse(word)])
