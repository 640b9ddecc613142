"""The table's layout numbers in one place: what lies above what, how far a card must
move before it is dragged, how large the drop zone is, and the sizes of the cards
that are not in a hand — each relative to the hand card's width, so that the table
keeps its proportions at every window size."""

from __future__ import annotations

# --- what lies above what (Qt z-values) -----------------------------------------------

Z_DROP_ZONE = -1
"""The dashed drop zone lies under every card."""
Z_HAND = 1
"""A hand's cards count up from here, left to right (a lifted card above them all)."""
Z_WON_PILE = 2
Z_TURNED = 2
Z_STOCK = 3
"""The stock's backs count up from here."""
Z_FURNITURE_LABEL = 4
Z_SEAT_PLATE = 5
Z_SLOT = 6
Z_TRICK = 20
"""The trick's cards count up from here, in play order."""
Z_DRAWN = 40
"""Cards flying into a hand in a refill count up from here."""
Z_BUBBLE = 50
Z_LAST_TRICK_BOARD = 59
Z_LAST_TRICK_CARD = 60
Z_LAST_TRICK_TEXT = 61
Z_DRAGGED = 100
"""A card being dragged is above everything."""

# --- dragging ---------------------------------------------------------------------------

DRAG_THRESHOLD_PX = 6.0
DRAG_THRESHOLD_CARD = 0.08
"""A press becomes a drag once the card has moved this far (pixels, or this share of
a card's width on a large table, whichever is more)."""


def drop_zone_size(players: int, card_w: float, card_h: float) -> tuple[float, float]:
    """The middle of the table where a dragged card is played: room for the whole
    trick, wider where more seats play to it."""
    w = card_w * (4.6 if players <= 4 else 5.6 if players == 5 else 6.4)
    h = card_h * (2.3 if players <= 4 else 2.6)
    return w, h


# --- cards away from the hands, as shares of a hand card's width ---------------------------

OPEN_HAND = 1.2
"""Another seat's hand shown face up (watching a game again), against its backs."""
SHOWN_CARD = 0.75
"""One card another seat shows face up (Кинг's last card «по последней»)."""
STOCK_CARD = 0.8
"""The stock, the turned card and a card drawn from the stock."""
WON_PILE_CARD = 0.55
"""A won pile's top card, and a card taken from it."""
LAST_TRICK_CARD = 0.8
"""The cards on the last-trick board."""
