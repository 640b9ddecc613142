"""Computer players.  They see only ``state.view(seat)`` — never hidden cards — and
must not import Qt (the interface runs them in worker threads)."""

from __future__ import annotations

from cardtable.ai.base import Player, RandomPlayer
from cardtable.ai.clubs_easy import ClubsEasyPlayer
from cardtable.ai.king_easy import KingEasyPlayer
from cardtable.ai.metamorphosis_easy import MetamorphosisEasyPlayer

_PLAYERS: dict[tuple[str, str], type[Player]] = {
    ("king", "random"): RandomPlayer,
    ("king", "easy"): KingEasyPlayer,
    ("clubs", "random"): RandomPlayer,
    ("clubs", "easy"): ClubsEasyPlayer,
    ("metamorphosis", "random"): RandomPlayer,
    ("metamorphosis", "easy"): MetamorphosisEasyPlayer,
}


def available_levels(game: str) -> list[str]:
    """The levels that can play ``game`` now."""
    return [level for g, level in _PLAYERS if g == game]


def make_player(game: str, level: str) -> Player:
    """A computer player for ``game`` at ``level``; ``ValueError`` names what exists."""
    cls = _PLAYERS.get((game, level))
    if cls is None:
        known = ", ".join(available_levels(game)) or "none"
        raise ValueError(f"no computer level {level!r} for {game!r} (available: {known})")
    return cls()


__all__ = ["Player", "available_levels", "make_player"]
