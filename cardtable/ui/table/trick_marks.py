"""Which card of the trick on the table leads it and which one is winning it so far —
worked out from what any seat's view holds, so the table can mark both before the
trick is complete (with seven or eight players it is otherwise guesswork).

The three games share one rule: the first card wins until a higher card of its suit
falls (lower, in Кинг's «мизер»), or a trump while no trump is winning; of two equal
cards (Трефы with two decks) the first one stays ahead.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import rank_of, suit_of


def winning_index(plays: Sequence[tuple[int, int]], trump: int | None,
                  reversed_ranks: bool = False) -> int | None:
    """The index in ``plays`` ((seat, card) in play order) of the card winning the
    trick so far; None for an empty trick."""
    if not plays:
        return None
    best = 0
    for index in range(1, len(plays)):
        card, win = plays[index][1], plays[best][1]
        if suit_of(card) == suit_of(win):
            if rank_of(card) != rank_of(win) and (rank_of(card) > rank_of(win)) != reversed_ranks:
                best = index
        elif trump is not None and suit_of(card) == trump:
            best = index
    return best
