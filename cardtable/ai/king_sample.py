"""Dealing the cards a Кинг seat cannot see, consistently with everything it has seen.

The search (``hard``) weighs its moves in full deals that agree with the seat's view:
its own hand (before a хвалёнка's order, only its first packet), every card played, the
hand sizes, the orderer's face-up card, and what the play has shown by the rules:

* a seat that did not follow suit holds none of that suit;
* in «не брать кинга» (and its plus twin) a seat that could not follow and did not
  throw the K♥ does not hold it;
* where a heart may not be led while holding another suit, a seat that led a heart
  held hearts only;
* with ``must_trump``, a seat that neither followed nor trumped holds no trump.

Those facts give each seat a mask of cards it may hold; the unseen cards are then
shared out so that every deal the facts allow is equally likely (cards allowed to the
same seats are interchangeable, so a small count over those classes does it exactly).

The хвалёнка's order, offers and the buyer's contract are soft evidence: a sample is
picked among a few candidate deals in proportion to how well each explains them
(sampling-importance-resampling).  That never excludes a deal the hard facts allow.

The state is rebuilt by replaying the deal's public history through the engine once
per decision (so every field is the engine's own); each sample then only swaps the
hidden hands.  Only the view is read.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from cardtable.ai.play_read import PlayReader, PlayReading, WeightedPool
from cardtable.ai.search import state_at_deal
from cardtable.cards import (
    CARDS,
    HEARTS,
    JACK,
    SUIT_BASE,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    Card,
    card_of,
    cards_of,
)
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.game import Layout
from cardtable.engine.king import (
    DECK3,
    DECK4,
    KH,
    KH_BIT,
    KING_GAME,
    NOT_HEARTS,
    KingState,
    KingView,
)
from cardtable.engine.king_actions import Buy, Order

CANDIDATES = 12
"""Candidate deals per sample when bids and orders are weighed as soft evidence."""
POOL = 256
"""Candidate deals drawn once per decision when the play is read: every sample of the
decision is picked among them by weight.  The search needs many different deals, so
the pool is large against the weights' spread (:data:`~cardtable.ai.king_read.READ_MISS`)."""


# --- what the play has shown -----------------------------------------------------------


def trick_turns(leader: int, cards: tuple[int, ...], n: int) -> list[tuple[int, int]]:
    """The (seat, card) turns of a trick, from its leader."""
    return [((leader + i) % n, c) for i, c in enumerate(cards)]


def played_by(view: KingView) -> list[int]:
    """Per seat, the mask of cards it has played in this deal (the trick in progress
    included)."""
    out = [0] * view.n
    for leader, cards, _ in view.tricks:
        for seat, c in trick_turns(leader, cards, view.n):
            out[seat] |= 1 << c
    for seat, c in view.trick:
        out[seat] |= 1 << c
    return out


def excluded_cards(view: KingView) -> list[int]:
    """Per seat, the cards the rules say it cannot hold any more, from how it played."""
    n = view.n
    spec = view.deal
    out = [0] * n
    if spec is None:
        return out
    heart_lead = spec.heart_lead_restricted
    forced_kh = spec.forced_kh
    trump = view.trump
    # with ``must_trump``, what a seat that neither followed nor trumped cannot hold
    trumps = SUIT_MASKS[trump] if view.options["must_trump"] and trump is not None else 0
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    for leader, cards in tricks:
        led = SUIT_OF[cards[0]]
        if heart_lead and led == HEARTS:
            out[leader] |= NOT_HEARTS
        for seat, c in trick_turns(leader, cards, n)[1:]:
            suit = SUIT_OF[c]
            if suit == led:
                continue
            out[seat] |= SUIT_MASKS[led]
            if forced_kh and c != KH:
                out[seat] |= KH_BIT
            if trumps and suit != trump:
                out[seat] |= trumps
    return out


def known_cards(view: KingView) -> list[int]:
    """Per seat, the cards everyone can see it holds: the seat's own hand and the
    orderer's face-up card."""
    out = [0] * view.n
    out[view.seat] = view.hand_mask
    for seat, c in view.face_up:
        out[seat] |= 1 << c
    return out


def possible_cards(view: KingView) -> list[int]:
    """Per seat, every card it may hold as far as the view can tell (for the seat
    itself: its hand).  The counting of the ``normal`` level rests on this."""
    deck = DECK4 if view.n == 4 else DECK3
    known = known_cards(view)
    unseen = deck & ~view.played
    for k in known:
        unseen &= ~k
    excluded = excluded_cards(view)
    return [known[s] | (unseen & ~excluded[s]) if s != view.seat else known[s]
            for s in range(view.n)]


DUCK_LIKELIHOOD = 0.5
"""In a penalty deal a seat that follows under the winning card plays, as a rule, its
highest card that still loses: a deal in which it held a card between the one it played
and the winner explains that play this much less well."""


def ducks(view: KingView) -> list[tuple[int, int, int]]:
    """Penalty deals: (seat, between, played later) for each card played under the
    winning card of its trick — ``between`` the cards of the suit between the two, not
    yet seen, that the seat probably did not hold then, ``played later`` the cards it
    played afterwards (its hand at that time was its hand now and those)."""
    spec = view.deal
    if spec is None or spec.sign > 0 or spec.is_hvalenka:
        return []
    n = view.n
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    seen = 0
    out = []
    for t, (leader, cards) in enumerate(tricks):
        win: int = cards[0]
        seen |= 1 << win
        for seat, c in trick_turns(leader, cards, n)[1:]:
            if SUIT_OF[c] == SUIT_OF[win]:
                if c < win:
                    between = ((1 << win) - (2 << c)) & ~seen
                    if between:
                        later = 0
                        for leader2, cards2 in tricks[t + 1:]:
                            for seat2, c2 in trick_turns(leader2, cards2, n):
                                if seat2 == seat:
                                    later |= 1 << c2
                        out.append((seat, between, later))
                else:
                    win = c
            seen |= 1 << c
    return out


# --- dealing under masks ------------------------------------------------------------------


class MaskedDeal:
    """Deals ``cards`` to seats with fixed counts, each seat only cards its mask allows,
    every allowed deal equally likely.

    Cards allowed to the same set of seats form a class; a count over the classes
    (memoised by the seats' remaining room) says how many deals each split of a class
    leads to, and a split is drawn in proportion to that number.
    """

    def __init__(self, cards: int, counts: list[int], allowed: list[int]) -> None:
        groups: dict[int, list[int]] = {}
        for c in cards_of(cards):
            key = 0
            for k, mask in enumerate(allowed):
                if mask >> c & 1:
                    key |= 1 << k
            if not key:
                raise ValueError(f"no seat may hold {c}: the view is inconsistent")
            groups.setdefault(key, []).append(int(c))
        self.classes = sorted(groups.items())
        self.seats = len(counts)
        self.counts = tuple(counts)
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._splits: dict[tuple[int, tuple[int, ...]],
                           tuple[list[tuple[int, ...]], list[float]]] = {}
        if sum(counts) != len(cards_of(cards)) or not self._count(0, self.counts):
            raise ValueError("no deal of the unseen cards fits the view")

    def _count(self, k: int, room: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 1 if not any(room) else 0
        key = (k, room)
        got = self._ways.get(key)
        if got is None:
            got = sum(w for _, w in self._weighted_splits(k, room))
            self._ways[key] = got
        return got

    def _weighted_splits(self, k: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        seats_key, cards = self.classes[k]
        seats = [s for s in range(self.seats) if seats_key >> s & 1]
        out = []
        for split in _splits(len(cards), [room[s] for s in seats]):
            rest = list(room)
            ways = math.factorial(len(cards))
            for s, m in zip(seats, split, strict=True):
                rest[s] -= m
                ways //= math.factorial(m)
            after = self._count(k + 1, tuple(rest))
            if after:
                full = [0] * self.seats
                for s, m in zip(seats, split, strict=True):
                    full[s] = m
                out.append((tuple(full), ways * after))
        return out

    def _choices(self, k: int, room: tuple[int, ...]) -> tuple[list[tuple[int, ...]],
                                                               list[float]]:
        key = (k, room)
        got = self._splits.get(key)
        if got is None:
            weighted = self._weighted_splits(k, room)
            total = sum(w for _, w in weighted)
            got = ([s for s, _ in weighted],
                   list(accumulate(w / total for _, w in weighted)))
            self._splits[key] = got
        return got

    def deal(self, rng: random.Random) -> list[int]:
        """One deal: the mask of cards for each seat."""
        hands = [0] * self.seats
        room = self.counts
        for k, (_, cards) in enumerate(self.classes):
            splits, cumulative = self._choices(k, room)
            if len(splits) == 1:
                split = splits[0]
            else:
                split = splits[min(bisect_right(cumulative, rng.random() * cumulative[-1]),
                                   len(splits) - 1)]
            order = cards[:]
            rng.shuffle(order)
            i = 0
            for s, m in enumerate(split):
                for c in order[i:i + m]:
                    hands[s] |= 1 << c
                i += m
            room = tuple(r - m for r, m in zip(room, split, strict=True))
        return hands


def _splits(total: int, rooms: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of parts, part ``i`` at most ``rooms[i]``."""
    if len(rooms) == 1:
        return [(total,)] if total <= rooms[0] else []
    out = []
    for first in range(min(total, rooms[0]) + 1):
        for rest in _splits(total - first, rooms[1:]):
            out.append((first, *rest))
    return out


# --- soft evidence ------------------------------------------------------------------------


def _trump_weight(hand: int, suit: int) -> float:
    """How well a hand explains choosing ``suit`` as trump: length and honours in it."""
    cards = hand & SUIT_MASKS[suit]
    high = (cards >> card_of(suit, JACK)).bit_count()  # J Q K A
    return 1.0 + cards.bit_count() ** 2 + high


def _high_weight(hand: int, low: bool) -> float:
    """How well a hand explains «бескозырка» (aces and kings) or «мизер» (sevens and
    eights)."""
    count = 0
    for suit in range(4):
        part = hand >> SUIT_BASE[suit]
        count += (part >> 5 & 0b11).bit_count() if low else (part >> 11 & 0b11).bit_count()
    return 1.0 + count * count


def contract_weight(hand: int, contract: str) -> float:
    """The likelihood weight of ``hand`` for a player who announced ``contract``."""
    if contract.startswith("trump:"):
        return _trump_weight(hand, SUITS.index(contract[-1]))
    if contract == "notrump":
        return _high_weight(hand, low=False)
    if contract == "misere":
        return _high_weight(hand, low=True)
    return 1.0


def offer_weight(hand: int, price: int | None, n: int) -> float:
    """The likelihood weight of a hand whose holder offered ``price`` (None: passed):
    a strong hand (long suit, aces) explains an offer, a flat one a pass."""
    longest = max((hand & SUIT_MASKS[s]).bit_count() for s in range(4))
    aces = (hand >> 12 & 1) + (hand >> 25 & 1) + (hand >> 38 & 1) + (hand >> 51 & 1)
    strength = longest + aces - (3 if n == 4 else 4)
    if price is None:
        return 1.0 / (1.0 + math.exp(strength - 1.5))
    return 1.0 / (1.0 + math.exp(-(strength - 1.0)))


# --- the sampler ------------------------------------------------------------------------------


_Evidence = (tuple[int, Literal["duck"], tuple[int, int]]
             | tuple[int, Literal["order", "contract"], str]
             | tuple[int, Literal["offer"], int | None])
"""A fact to weigh, (seat, kind, what): the kind says what ``what`` is (see
:attr:`_Plan.evidence`; an offer's price is None for a pass)."""


@dataclass
class _Plan:
    """What one view tells, prepared once per decision."""

    template: KingState
    hidden: list[int]
    """The seats whose hands are dealt, in the order of ``dealer``'s counts."""
    known: list[int]
    """Per seat of the game, the cards it is known to hold."""
    dealer: MaskedDeal
    original: list[int]
    """Per seat, the cards it played this deal (to rebuild the hand it was dealt)."""
    evidence: list[_Evidence]
    """(seat, kind, what) facts to weigh: ("order", contract), ("offer", price),
    ("contract", contract), ("duck", (between, played later))."""
    before_order: bool
    reading: PlayReading[KingState] | None = None
    """The weight of a deal by the card play seen (see :class:`PlayReader`)."""
    pool: WeightedPool[list[int]] | None = None
    """With a reading: the decision's candidate deals, weighed."""


class KingSampler:
    """``(view, rng) -> KingState``: a full state at the view's decision point, the
    unseen cards dealt at random consistently with the view.  Callable as the search's
    sampler; it keeps the preparation for the last view it was given.

    With a ``reader`` the card play is weighed too: a pool of ``pool`` deals is drawn
    once per decision, each weighed by the reading and the bidding, and every sample is
    picked among them by weight (the reading replaces the duck rule of thumb)."""

    def __init__(self, candidates: int = CANDIDATES,
                 reader: PlayReader[KingState] | None = None,
                 pool: int = POOL) -> None:
        self.candidates = candidates
        self.reader = reader
        self.pool = pool
        self._view: KingView | None = None
        self._plan: _Plan | None = None

    def __call__(self, view: KingView, rng: random.Random) -> KingState:
        if self._plan is None or (view is not self._view and view != self._view):
            self._plan = _prepare(view, self.reader)
            self._view = view
        plan = self._plan
        if plan.before_order:
            return _deal_before_order(plan, view, rng)
        if plan.reading is not None:
            hands = _from_pool(plan, view.n, rng, self.pool)
        else:
            hands = plan.dealer.deal(rng)
            if plan.evidence and self.candidates > 1:
                hands = _resample(plan, view.n, hands, rng, self.candidates)
        state = plan.template.clone()
        for k, seat in enumerate(plan.hidden):
            state.set_hand(seat, plan.known[seat] | hands[k])
        return state


def _resample(plan: _Plan, n: int, first: list[int], rng: random.Random,
              candidates: int) -> list[int]:
    """Pick one of ``candidates`` deals in proportion to how well it explains the
    bidding."""
    options = [first] + [plan.dealer.deal(rng) for _ in range(candidates - 1)]
    weights = [_evidence_weight(plan, n, hands) for hands in options]
    pick = rng.random() * sum(weights)
    for hands, w in zip(options, weights, strict=True):
        pick -= w
        if pick < 0:
            return hands
    return options[-1]


def _evidence_weight(plan: _Plan, n: int, hands: list[int]) -> float:
    """How well a deal of the hidden hands explains the bidding (and the ducks)."""
    w = 1.0
    where = {seat: k for k, seat in enumerate(plan.hidden)}
    for fact in plan.evidence:
        seat = fact[0]
        k = where.get(seat)
        if k is None:
            continue
        # the kind, fact[1], tells what fact[2] is
        if fact[1] == "duck":
            between, later = fact[2]
            if (hands[k] | later) & between:
                w *= DUCK_LIKELIHOOD
            continue
        dealt = hands[k] | plan.known[seat] | plan.original[seat]
        if fact[1] == "offer":
            w *= offer_weight(dealt, fact[2], n)
        else:
            w *= contract_weight(dealt, fact[2])
    return w


def _from_pool(plan: _Plan, n: int, rng: random.Random, size: int) -> list[int]:
    """A deal of the hidden hands picked by weight among the decision's pool (drawn
    and weighed at the first sample)."""
    if plan.pool is None:
        reading = plan.reading
        assert reading is not None
        deals = [plan.dealer.deal(rng) for _ in range(max(size, 1))]
        weights = []
        for hands in deals:
            every = list(plan.known)
            for k, seat in enumerate(plan.hidden):
                every[seat] |= hands[k]
            weights.append(reading(every) * _evidence_weight(plan, n, hands))
        plan.pool = WeightedPool(deals, weights)
    return plan.pool.draw(rng)


def _prepare(view: KingView, reader: PlayReader[KingState] | None = None) -> _Plan:
    if view.to_move != view.seat or view.deal is None:
        raise ValueError("the sampler needs a view at the seat's own decision")
    n = view.n
    base = state_at_deal(KING_GAME, view)
    if not isinstance(base, KingState):
        raise TypeError("KING_GAME made a state of another class")
    deck = base.deck
    if view.phase == "order":
        packet = view.hand_mask
        counts = [base.hand_size - (3 if s == view.seat else 0) for s in range(n)]
        dealer = MaskedDeal(deck & ~packet, counts, [deck] * n)
        known = [0] * n
        known[view.seat] = packet
        return _Plan(base, list(range(n)), known, dealer, [0] * n, [], True)
    known = known_cards(view)
    played = played_by(view)
    possible = possible_cards(view)
    hidden = [s for s in range(n) if s != view.seat]
    unseen = deck & ~view.played
    for k in known:
        unseen &= ~k
    counts = [view.hand_counts[s] - known[s].bit_count() for s in hidden]
    dealer = MaskedDeal(unseen, counts, [possible[s] & unseen for s in hidden])
    first = dealer.deal(random.Random(0))
    current = list(known)
    for k, s in enumerate(hidden):
        current[s] |= first[k]
    plays: list[tuple[KingState, int]] | None = [] if reader is not None else None
    template = _replay(base, view, [current[s] | played[s] for s in range(n)], played,
                       plays)
    reading = reader.read(view, plays) if reader is not None and plays else None
    evidence: list[_Evidence] = [] if reading is not None else [
        (seat, "duck", (between, later)) for seat, between, later in ducks(view)
        if seat != view.seat]
    if view.ordered is not None and view.orderer is not None:
        evidence.append((view.orderer, "order", view.ordered))
        for seat, price in view.offers:
            evidence.append((seat, "offer", price))
        if view.buyer is not None and view.contract is not None and view.phase == "play":
            evidence.append((view.buyer, "contract", view.contract))
    return _Plan(template, hidden, known, dealer, played, evidence, False, reading)


def _layout_hand(cards: int, last: int | None) -> tuple[Card, ...]:
    """A hand in dealing order, with ``last`` (if any) dealt last."""
    order = [c for c in cards_of(cards) if c != last]
    if last is not None:
        order.append(CARDS[last])
    return tuple(order)


def _orderer_last_card(view: KingView, played: int) -> int | None:
    """The orderer's last card as the rebuilt deal needs it: the face-up card while it
    lies in his hand; once played, one of his played cards (of the trump it fixed,
    unless a buyer changed the contract): nothing but its suit at the order mattered."""
    if view.ordered != "last" or view.orderer is None:
        return None
    for seat, c in view.face_up:
        if seat == view.orderer:
            return int(c)
    if view.contract == "last" and view.trump is not None:
        suited = played & SUIT_MASKS[view.trump]
        if suited:
            return (suited & -suited).bit_length() - 1
    return (played & -played).bit_length() - 1


def _replay(base: KingState, view: KingView, dealt: list[int], played: list[int],
            plays: list[tuple[KingState, int]] | None = None) -> KingState:
    """The engine's own state at the view's decision, rebuilt from ``dealt`` (every
    seat's hand as dealt) and the deal's public history.  With ``plays``, each card play
    of the deal is appended to it as (a copy of the state before it, the card)."""
    state = base.clone()
    last: list[int | None] = [None] * view.n
    if view.orderer is not None:
        last[view.orderer] = _orderer_last_card(view, played[view.orderer])
    state.deal(Layout(tuple(_layout_hand(dealt[s], last[s]) for s in range(view.n))))
    if view.ordered is not None:
        state.apply(Order(view.ordered))
        for _, price in view.offers:
            state.apply(PASS if price is None else Buy(price))
        if view.buyer is not None and view.phase == "play":
            if view.contract is None:
                raise ValueError("a view in play after a buyer shows the contract")
            state.apply(Order(view.contract))
    history = [c for _, cards, _ in view.tricks for c in cards]
    history.extend(c for _, c in view.trick)
    for c in history:
        if plays is not None:
            plays.append((state.clone(), int(c)))
        state.apply(PLAY[c])
    if state.to_move != view.seat or state.phase != view.phase:
        raise ValueError("the rebuilt deal does not reach the view's decision")
    return state


def _deal_before_order(plan: _Plan, view: KingView, rng: random.Random) -> KingState:
    """Before a хвалёнка's order the seat knows only its first packet: deal the rest of
    every hand (the packet first in the seat's own hand, its other cards after)."""
    hands = plan.dealer.deal(rng)
    layout = []
    for seat in range(view.n):
        rest = cards_of(hands[seat])
        rng.shuffle(rest)
        if seat == view.seat:
            layout.append((*view.hand, *rest))
        else:
            layout.append(tuple(rest))
    state = plan.template.clone()
    state.deal(Layout(tuple(layout)))
    return state
