"""The ``easy`` Кинг player: a handful of sensible rules a casual player follows.

In a penalty deal it ducks under the card winning the trick, unloads penalty cards
when void, and leads low cards that others are likely to beat.  When tricks are worth
points it takes what it can cheaply and, when it cannot win, gives away no card that
carries points.  In «2 последние» it saves (or spends) its high cards for the last two
tricks.  It orders its strongest suit from the first packet and buys only when its
hand is clearly worth more than the price.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.ai.king_eval import (
    beats,
    best_contract,
    card_penalty,
    deck_for,
    penalty_mask,
    strength,
    trick_winner,
)
from cardtable.cards import RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, cards_of
from cardtable.engine.actions import PASS, PLAY, Action, Play
from cardtable.engine.king import HAND_SIZE, HVALENKA, KingView
from cardtable.engine.king_actions import Buy, Order


class KingEasyPlayer:
    """Rule-based Кинг player; deterministic except where ``rng`` breaks a tie."""

    def choose(self, view: KingView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "order":
            return Order(order_from_packet(view))
        if view.phase == "buy":
            return self._buy(view)
        if view.phase == "buyer_order":
            return Order(best_contract(view.hand_mask, view.n)[0])
        legal_mask = 0
        for a in legal:
            if isinstance(a, Play):
                legal_mask |= 1 << a.card
        return PLAY[self._play(view, legal_mask)]

    # --- bidding ---------------------------------------------------------------------

    def _buy(self, view: KingView) -> Action:
        tricks = HAND_SIZE[view.n]
        low = (max((p for _, p in view.offers if p is not None), default=0)) + 1
        _, expected = best_contract(view.hand_mask, view.n)
        fair = tricks / view.n
        if low <= tricks and expected - low >= fair + 0.5:
            return Buy(low)
        return PASS

    # --- card play -------------------------------------------------------------------

    def _play(self, view: KingView, legal: int) -> int:
        spec = view.deal
        assert spec is not None
        early = len(view.tricks) < HAND_SIZE[view.n] - 2
        if spec.key == HVALENKA:
            return _take(view, legal, 0)
        if spec.key == "last_two" and early:
            # only the last two tricks count: spend high cards now in the penalty
            # deal, keep them for the end in the plus deal
            return _by_rank(legal, high=spec.sign < 0)
        if spec.sign > 0:
            return _take(view, legal, penalty_mask(spec.key, view.n, view.options["boys"]))
        return _avoid(view, legal)


def order_from_packet(view: KingView) -> str:
    """The order an easy player makes from the three cards of the first packet."""
    packet = cards_of(view.hand_mask)
    by_suit: dict[int, list[int]] = {}
    for c in packet:
        by_suit.setdefault(SUIT_OF[c], []).append(RANK_OF[c])
    suit, ranks = max(by_suit.items(), key=lambda kv: (len(kv[1]), sum(kv[1])))
    high = sum(1 for c in packet if RANK_OF[c] >= 11)  # kings and aces
    if len(ranks) == 3 or (len(ranks) == 2 and max(ranks) >= 10):
        return "trump:" + SUITS[suit]
    if high >= 2:
        return "notrump"
    if all(RANK_OF[c] <= 7 for c in packet):  # nothing above 9: a мизер hand
        return "misere"
    if len(ranks) == 2:  # a pair in one suit is a start for a trump suit
        return "trump:" + SUITS[suit]
    if high == 1 and all(RANK_OF[c] >= 8 for c in packet):  # an honour and middle cards
        return "notrump"
    return "split"  # nothing to build on: take the fair share


def _outstanding(view: KingView) -> int:
    """Cards still held by the other players (unknown where)."""
    trick = 0
    for _, c in view.trick:
        trick |= 1 << c
    return deck_for(view.n) & ~view.played & ~view.hand_mask & ~trick


def _avoid(view: KingView, legal: int) -> int:
    """Penalty deal: do not take tricks, or at least not penalty cards."""
    spec = view.deal
    assert spec is not None
    bad = penalty_mask(spec.key, view.n, view.options["boys"])
    cards = cards_of(legal)
    out = _outstanding(view)
    if not view.trick:
        def lead_key(c: int) -> tuple[bool, bool, int, int]:
            higher = (out & SUIT_MASKS[SUIT_OF[c]]) >> c
            n_higher = (higher >> 1).bit_count()
            return (n_higher > 0, not (bad >> c) & 1, n_higher, -c)
        return max(cards, key=lead_key)
    winner_card = trick_winner(view.trick, -1, False)[1]
    led = SUIT_OF[view.trick[0][1]]
    if legal & SUIT_MASKS[led]:
        below = [c for c in cards if c < winner_card]
        if below:
            return max(below)
        safe = [c for c in cards if not (bad >> c) & 1] or cards
        if len(view.trick) == view.n - 1:
            return max(safe)  # taking it anyway: spend the highest card
        return min(safe)
    # void in the suit led: unload
    penalties = [c for c in cards if (bad >> c) & 1]
    if penalties:
        return max(penalties, key=lambda c: (card_penalty(c, spec.key, view.n,
                                                          view.options["boys"]), RANK_OF[c]))
    return max(cards, key=lambda c: (RANK_OF[c],
                                     -(view.hand_mask & SUIT_MASKS[SUIT_OF[c]]).bit_count()))


def _by_rank(legal: int, high: bool) -> int:
    """The highest (or lowest) legal card by rank."""
    cards = cards_of(legal)
    if high:
        return max(cards, key=lambda c: (RANK_OF[c], -c))
    return min(cards, key=lambda c: (RANK_OF[c], c))


def _take(view: KingView, legal: int, value_cards: int) -> int:
    """Tricks are worth points: win cheaply when possible; otherwise throw the least
    useful card, never one of ``value_cards`` (they would score for the taker)."""
    trump = -1 if view.trump is None else view.trump
    misere = view.misere
    cards = cards_of(legal)
    out = _outstanding(view)
    trumps_out = trump >= 0 and bool(out & SUIT_MASKS[trump])

    def is_top(c: int) -> bool:
        suit_out = out & SUIT_MASKS[SUIT_OF[c]]
        higher = [o for o in cards_of(suit_out) if strength(o, misere) > strength(c, misere)]
        return not higher and (trump < 0 or SUIT_OF[c] == trump or not trumps_out)

    if not view.trick:
        tops = [c for c in cards if is_top(c)]
        if tops:
            return max(tops, key=lambda c: (SUIT_OF[c] == trump, strength(c, misere)))
        # lead the weakest card of the longest side suit
        side = [c for c in cards if SUIT_OF[c] != trump] or cards
        return min(side, key=lambda c: (bool(value_cards >> c & 1),
                                        -(legal & SUIT_MASKS[SUIT_OF[c]]).bit_count(),
                                        strength(c, misere)))
    _, win = trick_winner(view.trick, trump, misere)
    led = SUIT_OF[view.trick[0][1]]
    winners = [c for c in cards if beats(c, win, led, trump, misere)]
    if winners:
        if len(view.trick) == view.n - 1 or (led != trump and all(SUIT_OF[c] == trump
                                                                  for c in winners)):
            return min(winners, key=lambda c: (SUIT_OF[c] == trump, strength(c, misere)))
        return max(winners, key=lambda c: (SUIT_OF[c] != trump, strength(c, misere)))
    return min(cards, key=lambda c: (bool(value_cards >> c & 1), SUIT_OF[c] == trump,
                                     strength(c, misere)))
