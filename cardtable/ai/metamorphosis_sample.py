"""Deal the cards a Метаморфоза seat cannot see, consistently with its view.

A seat sees its own hand, every won pile card by card, the cards each hand is known
to hold (taken from a pile, or the turned card), the trick on the table and every
hand's size.  Everything else — the rest of the others' hands and the face-down
stock — is one pool of cards shared out at random: nothing a seat sees tells one
unseen card from another.  In particular a card not following suit proves no void
here (any card may be played), so there is none to respect.  Before the reveal the
others' declarations are hidden too; the cards already taken are exactly those
missing from the seat's ``choices``, and they are dealt at random to the seats that
chose before it.

Soft evidence (what a choice suggests about a hand) is left out: with any card
playable and every hand refilled each розыгрыш, a play says little about the cards
behind it, and weighting or rejecting samples by it was not tried.

The sampler builds a template of the state once per view (everything public) and then
only fills in the hidden cards, because a search asks for a thousand samples of the
same view.
"""

from __future__ import annotations

import random

from cardtable.cards import cards_of, mask_of
from cardtable.engine.metamorphosis import (
    DECK,
    DECLARATIONS,
    MetamorphosisState,
    MetamorphosisView,
)


class _Template:
    """The public part of a state for one view, and what is left to deal."""

    def __init__(self, view: MetamorphosisView) -> None:
        if view.phase not in ("declare", "play"):
            raise ValueError(f"no decision to sample for in phase {view.phase!r}")
        if view.to_move != view.seat:
            raise ValueError("a sample is made for the seat to move")
        n, me = view.n, view.seat
        state = MetamorphosisState.from_view(view)
        seen = 0
        for seat in range(n):
            seen |= state.hands[seat]
        for pile in view.piles:
            seen |= mask_of(pile)
        seen |= mask_of(c for _, c in view.trick)
        turned = view.turned
        turned_in_stock = turned is not None
        if turned is not None:
            seen |= 1 << turned
        self.state = state
        self.pool: list[int] = list(cards_of(DECK & ~seen))
        self.missing = [0 if seat == me else view.hand_counts[seat] - len(view.known[seat])
                        for seat in range(n)]
        self.face_down = view.stock_count - (1 if turned_in_stock else 0)
        self.turned_in_stock = turned_in_stock
        if sum(self.missing) + self.face_down != len(self.pool) or min(self.missing) < 0:
            raise ValueError("the view's counts do not add up to the unseen cards")
        self.unrevealed = self._unrevealed(view)

    @staticmethod
    def _unrevealed(view: MetamorphosisView) -> tuple[list[int], list[str]]:
        """Before the reveal: the seats that chose before this one, in order, and the
        declaration cards they took between them."""
        if view.revealed:
            return [], []
        first = (view.dealer + 1) % view.n
        earlier = [(first + i) % view.n for i in range(view.n)]
        earlier = earlier[:earlier.index(view.seat)]
        taken = [d for d in DECLARATIONS if d not in view.choices]
        return earlier, taken

    def sample(self, rng: random.Random) -> MetamorphosisState:
        base = self.state
        pool = self.pool.copy()
        rng.shuffle(pool)
        hands = [0] * len(self.missing)
        at = 0
        for seat, count in enumerate(self.missing):
            for c in pool[at:at + count]:
                hands[seat] |= 1 << c
            at += count
        stock = pool[at:]
        if self.turned_in_stock:
            turned = base.turned
            if turned is None:
                raise RuntimeError("the template lost the turned card its view shows")
            stock = [turned, *stock]
        earlier, taken = self.unrevealed
        declared = self._deal_declarations(earlier, taken, rng) if earlier else []
        return base.with_hidden(hands, stock, declared)

    @staticmethod
    def _deal_declarations(earlier: list[int], taken: list[str], rng: random.Random
                           ) -> list[tuple[int, tuple[str, ...], str]]:
        """The declarations taken before this seat's choice, dealt at random to the
        seats that chose earlier: (seat, what it chose from, what it took)."""
        order = taken.copy()
        rng.shuffle(order)
        available = list(DECLARATIONS)
        out = []
        for seat, value in zip(earlier, order, strict=True):
            out.append((seat, tuple(available), value))
            available.remove(value)
        return out


class MetamorphosisSampler:
    """``(view, rng) -> state``: a full state the search may play on, consistent with
    everything ``view`` shows.  The template of the last view is kept, so asking
    again for the same view only shuffles the unseen cards."""

    def __init__(self) -> None:
        self._last: tuple[MetamorphosisView, _Template] | None = None

    def __call__(self, view: MetamorphosisView, rng: random.Random) -> MetamorphosisState:
        last = self._last  # read once: the view and its template always go together
        if last is None or last[0] is not view:
            last = self._last = (view, _Template(view))
        return last[1].sample(rng)


def sample_state(view: MetamorphosisView, rng: random.Random) -> MetamorphosisState:
    """One sample for ``view`` (builds the template each time: for tests and one-offs)."""
    return _Template(view).sample(rng)


__all__ = ["MetamorphosisSampler", "sample_state"]
