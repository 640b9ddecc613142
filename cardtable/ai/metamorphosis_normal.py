"""The ``normal`` Метаморфоза player: the easy player's weighing of each trick, plus
what a careful player counts — the refill from the neighbour's pile, the cards each
seat needs for the розыгрыши still to come, and the declaration.

**The trick at hand** is valued as the easy level does (who takes it, what it is worth
to him, the +10 premium), with the cards counted: every card not in this hand, in a
won pile, on the table or known to be in another hand may be in any other hand or in
the stock, and the chance that a later player can overtake comes from that pool.  No
void is ever inferred: any card may be played, so not following suit proves nothing.

**Refill.**  After an even розыгрыш each seat takes the top of its left neighbour's
won pile — the card played last to the neighbour's latest trick — so the trick's
outcome decides who receives which card, and once the trick is (nearly) complete that
is known.  A penalty card thrown on the left neighbour's trick comes straight back; a
high trump that overtakes goes to the right neighbour; taking a trick worth nothing
can keep a club from the player who will throw it on you.  Each outcome is charged
with what the cards received are worth to each side.

**The розыгрыши ahead.**  A club (spade) is worth keeping while this seat still
follows in kind-1 (kind-2) розыгрыши, for as many of them as remain: thrown on the
leader's trick it costs him 4.  The same holds for the opponents, so handing them
such a card through the refill costs.  High cards, future trumps and hearts keep a
smaller worth, as in the easy level.  Measured against easy, the dump cards and the
refill are what count; reserving masters for the declared розыгрыши did not pay.

**Declaration.**  As the easy level: the chance of taking each розыгрыш of the kind,
from the hand and who leads it, times the premium and part of the trick (measured:
it already picks the kind the seat leads when that pays, as the dealer's 3 in a
two-handed game).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.ai.metamorphosis_easy import _Unseen, choose_action, rounds_ahead, trick_value
from cardtable.cards import HEARTS, RANK_OF, SUIT_OF, Card
from cardtable.engine.actions import Action
from cardtable.engine.metamorphosis import HAND_SIZE, Kind, MetamorphosisView

KEEP_HIGH = 0.25
"""Worth of keeping a card per rank above the eight."""
KEEP_TRUMP = 0.8
"""Worth of keeping a card of a suit that will be trump."""
KEEP_DUMP = 2.0
"""Worth of keeping a club (spade) while kind-1 (kind-2) розыгрыши this seat follows
remain, for the first few of them in hand."""
KEEP_HEART = 0.3
OTHER_DUMP = 2.0
"""Worth of a club (spade) to an opponent who follows in kind-1 (kind-2) розыгрыши
ahead: he will throw it on someone's trick."""
REFILL = 1.0
"""Weight of the cards the refill hands to each side."""


class _Future:
    """What the розыгрыши after this one ask of this hand."""

    def __init__(self, view: MetamorphosisView) -> None:
        future = range(view.round + 1, view.rounds_total + 1)
        self.horizon = min(1.0, len(future) / 4)
        self.trumps, self.follow, self.hearts_ahead = rounds_ahead(view)
        self.follow_dump = self.follow[view.seat]

    def keep_values(self, hand: Sequence[int]) -> dict[int, float]:
        """The worth of keeping each card of ``hand`` for the розыгрыши ahead."""
        if self.horizon == 0:
            return {c: 0.0 for c in hand}
        dump_rank: dict[int, int] = {}
        out: dict[int, float] = {}
        for c in sorted(hand, key=lambda x: RANK_OF[x]):
            suit, rank = SUIT_OF[c], RANK_OF[c]
            v = KEEP_HIGH * max(0, rank - 6)
            if suit in self.trumps:
                v += KEEP_TRUMP
            if suit in self.follow_dump:
                i = dump_rank[suit] = dump_rank.get(suit, 0) + 1
                if i <= self.follow_dump[suit]:
                    v += KEEP_DUMP
            if self.hearts_ahead and suit == HEARTS:
                v += KEEP_HEART
            out[c] = v * self.horizon
        return out

    def worth_to_other(self, seat: int, card: int) -> float:
        """A rough worth of ``card`` to ``seat`` receiving it (its hand unknown)."""
        suit = SUIT_OF[card]
        v = KEEP_HIGH * max(0, RANK_OF[card] - 6)
        if suit in self.trumps:
            v += KEEP_TRUMP
        if self.follow[seat].get(suit):
            v += OTHER_DUMP
        return v * self.horizon


class MetamorphosisNormalPlayer:
    """Hand-written Метаморфоза player that counts cards; it uses no randomness."""

    def choose(self, view: MetamorphosisView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        return choose_action(view, legal, _play)


def _play(view: MetamorphosisView, cards: list[Card]) -> int:
    kind = view.kind
    assert kind is not None
    unseen = _Unseen(view)
    future = _Future(view)
    keep = future.keep_values(view.hand)
    refill = _Refill(view, future, keep) if view.round % 2 == 0 and \
        view.round < view.rounds_total else None
    return max(cards, key=lambda c: (_card_value(view, kind, unseen, c, refill) - keep[c],
                                     -c))


def _card_value(view: MetamorphosisView, kind: Kind, unseen: _Unseen, card: int,
                refill: _Refill | None) -> float:
    """What playing ``card`` should bring this seat, relative to the others: the
    trick's outcomes as the easy level sees them, each with its refill."""
    if refill is None:
        return trick_value(view, kind, unseen, card)
    return trick_value(view, kind, unseen, card,
                       lambda taker, cards: REFILL * refill.value(taker, cards))


class _Refill:
    """After an even розыгрыш: the known cards each seat takes from its left
    neighbour's pile, by who takes the trick."""

    def __init__(self, view: MetamorphosisView, future: _Future,
                 keep: dict[int, float]) -> None:
        self.view = view
        self.future = future
        self.keep = keep
        n = view.n
        played = {s for s, _ in view.trick}
        # cards each seat lacks after the trick: it has played, or will, one card
        self.need = [max(0, HAND_SIZE - view.hand_counts[s] + (0 if s in played else 1))
                     for s in range(n)]

    def value(self, winner: int, known_trick: list[int]) -> float:
        """What the refill is worth to this seat, relative to the others, when
        ``winner`` takes the trick; cards of the trick not yet played count nothing."""
        view = self.view
        n, me = view.n, view.seat
        total = 0.0
        for seat in range(n):
            need = self.need[seat]
            if not need:
                continue
            left = (seat + 1) % n
            pile: list[int] = list(view.piles[left])
            if left == winner:
                pile += known_trick + [-1] * (n - len(known_trick))
            taken = pile[-need:] if need <= len(pile) else pile
            for c in taken:
                if c < 0:
                    continue
                if seat == me:
                    total += self.keep.get(c, self.future.worth_to_other(me, c))
                else:
                    total -= self.future.worth_to_other(seat, c) / (n - 1)
        return total


__all__ = ["MetamorphosisNormalPlayer"]
