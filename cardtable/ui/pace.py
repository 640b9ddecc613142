"""How fast the table moves: one setting paces both the animations and the computer
players, so that nothing happens too fast to follow (or too slowly to bear)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """How fast the table moves: the computers' moves and the animations."""

    key: str
    move_ms: int
    """The least time between a computer's turn coming and its card landing."""
    anim_ms: int
    """One card's flight (deal, play, collect)."""
    trick_pause_ms: int
    """How long a finished trick stays in the middle before it is collected."""
    deal_stagger_ms: int
    """The delay between two cards of the deal."""


PACES: dict[str, Pace] = {
    "instant": Pace("instant", 0, 0, 0, 0),
    "fast": Pace("fast", 200, 160, 450, 12),
    "normal": Pace("normal", 550, 280, 1000, 25),
    "slow": Pace("slow", 1100, 420, 1800, 45),
}
DEFAULT_PACE = "normal"


def pace_of(key: str) -> Pace:
    """The pace called ``key``; the default for anything unknown (e.g. an old setting)."""
    return PACES.get(key, PACES[DEFAULT_PACE])
