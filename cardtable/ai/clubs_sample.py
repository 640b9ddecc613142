"""Dealing the cards a Трефы seat cannot see, consistently with everything it has seen.

The search (``hard``) evaluates its moves in full deals that agree with its view: its
own hand, every card played, the hand sizes, the cards set aside and what the play has
shown.  A seat that did not follow suit holds no *playable* card of the suit led — with
two decks it may still hold the twin of a card already in that trick — and a seat that
was skipped holds nothing but twins of the cards in the trick.  Such facts become an
*allowed* face mask per seat; the unseen copies are then shared out under those masks.

The bids are soft evidence: a bid speaks for a hand that could make it — by the
normal player's model, a hand whose top clubs and value make the contract worth
declaring — and a pass over a low bid for a hand that could not.  Each sample is
picked among a few candidate deals with probability in proportion to how well the
candidates' hands explain the bidding (sampling-importance-resampling), which costs a
few cheap hand valuations and never excludes a deal the hard facts allow.  At two
players the card play is read as well (:mod:`cardtable.ai.clubs_read`): a pool of
deals is drawn once per decision and weighed by the plays ``normal`` would have made
from them.

Only the view is read: the sampler is given nothing else.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardtable.ai.clubs_easy import unseen_counts
from cardtable.ai.clubs_normal import (
    ALL_FACES,
    allowed_masks,
    best_bid,
    contract_worth,
    hand_masks,
    hand_strength,
    pass_worth,
)
from cardtable.ai.play_read import PlayReader, WeightedPool
from cardtable.ai.search import state_at_deal
from cardtable.cards import CARDS, Card, cards_of
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState, ClubsView
from cardtable.engine.clubs_actions import Bid

BID_SCALE = 3.0
"""Points of expected score by which a bid may miss the best one for the hand before
it counts as unlikely: the softness of the evidence.  Wide on purpose — people bid
differently."""

POOL = 256
"""Candidate deals drawn and weighed once per decision when the card play is read."""


@dataclass
class Knowledge:
    """What a view tells about the hidden cards, prepared once per decision."""

    template: ClubsState
    """The public state with the seat's own hand and every other hand empty."""
    hidden: list[int]
    """Seats whose cards are unseen (all but the view's seat), in seat order."""
    capacity: list[int]
    """Cards each hidden seat holds now, then the number set aside (last)."""
    allowed: list[int]
    """Per hidden seat the faces it may hold, then all faces for the cards set aside."""
    copies: list[int]
    """The unseen cards, a face once per unseen copy."""
    where: list[list[int]]
    """Per face, the buckets that may hold a copy of it."""
    played_by: list[list[int]]
    """Per seat the faces it has played this deal (to rebuild the hand it was dealt)."""
    bids: tuple[tuple[int, int | None], ...]
    hand_size: int
    auction: bool


def unseen_copies(view: ClubsView) -> list[int]:
    """Every copy of a face neither played nor in the seat's own hand."""
    return [c for c, k in enumerate(unseen_counts(view)) for _ in range(k)]


def public_state(view: ClubsView) -> ClubsState:
    """A state with every public fact of the view and the seat's own hand; the other
    hands are empty and nothing is set aside yet (:meth:`ClubsState.from_view`)."""
    return ClubsState.from_view(view)


def knowledge_of(view: ClubsView) -> Knowledge:
    """Everything the sampler needs from a view, worked out once."""
    if view.phase not in ("auction", "bidding", "play"):
        raise ValueError(f"nothing to sample in phase {view.phase!r}")
    n = view.n
    hidden = [s for s in range(n) if s != view.seat]
    allowed = allowed_masks(view)
    played_by: list[list[int]] = [[] for _ in range(n)]
    for _, plays, _, _ in view.tricks:
        for s, c in plays:
            played_by[s].append(c)
    for s, c in view.trick:
        played_by[s].append(c)
    capacity = [view.hand_counts[s] for s in hidden] + [view.aside_count]
    masks = [allowed[s] for s in hidden] + [ALL_FACES]
    return Knowledge(
        template=public_state(view),
        hidden=hidden,
        capacity=capacity,
        allowed=masks,
        copies=unseen_copies(view),
        where=_bucket_lists(capacity, masks),
        played_by=played_by,
        bids=view.bids,
        hand_size=view.hand_size,
        auction=view.options["bidding"] == "auction",
    )


class Unsatisfiable(ValueError):
    """No deal agrees with the view: the view contradicts itself."""


def share_out(copies: list[int], capacity: list[int], allowed: list[int],
              rng: random.Random) -> list[list[int]]:
    """Share the unseen copies among the buckets (hidden seats, then the cards set
    aside), each card into a bucket that allows its face, filling every bucket exactly.

    Cards that some bucket refuses go first, each into a free place drawn uniformly
    among the places allowed to it — exact when the constraints nest (a void in one
    suit, the usual case) and close to uniform otherwise; the cards every bucket
    allows then fill the places left, shuffled.  When a card finds every allowed
    bucket full, cards already placed move along an augmenting path, so a deal is
    found whenever one exists."""
    return _share(copies, capacity, _bucket_lists(capacity, allowed), rng)


def _bucket_lists(capacity: list[int], allowed: list[int]) -> list[list[int]]:
    """Per face, the buckets that may take a copy of it."""
    k = len(capacity)
    return [[b for b in range(k) if capacity[b] and (allowed[b] >> c) & 1]
            for c in range(52)]


def _share(copies: list[int], capacity: list[int], where: list[list[int]],
           rng: random.Random) -> list[list[int]]:
    k = len(capacity)
    if len(copies) != sum(capacity):
        raise Unsatisfiable(f"{len(copies)} unseen cards for {sum(capacity)} places")
    everywhere = sum(1 for x in capacity if x)
    free = list(capacity)
    buckets: list[list[int]] = [[] for _ in range(k)]
    constrained = [c for c in copies if len(where[c]) < everywhere]
    rest = [c for c in copies if len(where[c]) == everywhere]
    rng.shuffle(constrained)
    constrained.sort(key=lambda c: len(where[c]))
    random_ = rng.random
    for c in constrained:
        options = where[c]
        if not options:
            raise Unsatisfiable(f"no hand may hold {CARDS[c]}")
        total = 0
        for b in options:
            total += free[b]
        if total:
            r = int(random_() * total)
            for b in options:
                r -= free[b]
                if r < 0:
                    break
        else:
            b = _make_room(c, buckets, free, where)
        buckets[b].append(c)
        free[b] -= 1
    rng.shuffle(rest)
    i = 0
    for b in range(k):
        if free[b]:
            buckets[b].extend(rest[i:i + free[b]])
            i += free[b]
    return buckets


def _make_room(c: int, buckets: list[list[int]], free: list[int],
               where: list[list[int]]) -> int:
    """Free a place for ``c`` in one of its (full) allowed buckets by moving placed
    cards along a shortest chain of buckets ending in one with room; return it."""
    parent: dict[int, tuple[int, int]] = {}
    frontier = list(where[c])
    seen = set(frontier)
    start = set(frontier)
    while frontier:
        nxt: list[int] = []
        for x in frontier:
            for i, d in enumerate(buckets[x]):
                for y in where[d]:
                    if y in seen:
                        continue
                    seen.add(y)
                    parent[y] = (x, i)
                    if free[y]:
                        while True:  # walk back, moving each card one step on
                            px, pi = parent[y]
                            card = buckets[px][pi]
                            buckets[y].append(card)
                            free[y] -= 1
                            buckets[px][pi] = buckets[px][-1]
                            buckets[px].pop()
                            free[px] += 1
                            if px in start:
                                return px
                            y = px
                    nxt.append(y)
        frontier = nxt
    raise Unsatisfiable(f"no room for {CARDS[c]} in the hands that may hold it")


def bid_likelihood(know: Knowledge, buckets: list[list[int]], n: int) -> float:
    """How well the hands of a candidate deal explain the bids made so far (a number
    in proportion to the probability, for resampling).

    Each hidden hand is judged as the normal player judges its own: by the expected
    score of each contract.  In the auction a bid of ``k`` says that ``k`` was worth
    declaring (more than passing, :func:`pass_worth`), a pass that nothing above the
    highest bid was; a forced bid, like every bid in the everyone form, says only that
    it was about the best contract for the hand.  ``BID_SCALE`` keeps the evidence
    soft."""
    if not know.bids:
        return 1.0
    strength: dict[int, tuple[float, float]] = {}
    for i, seat in enumerate(know.hidden):
        ones, twos = hand_masks(buckets[i] + know.played_by[seat])
        strength[seat] = hand_strength(ones, twos, n)
    form = "auction" if know.auction else "everyone"
    size = know.hand_size
    log_p = 0.0
    high = -1
    left = n
    for seat, tricks in know.bids:
        hand = strength.get(seat)
        if hand is not None:
            value, top = hand
            threshold = pass_worth(n, None if high < 0 else high, left)
            forced = know.auction and high < 0 and left == 1
            if tricks is None:  # nothing above the highest bid was worth it
                _, best = best_bid(high + 1, size, value, top, n, form)
                log_p += _log_sigmoid((threshold - best) / BID_SCALE)
            else:
                worth = contract_worth(tricks, value, top, n, form)
                if know.auction and not forced:
                    log_p += _log_sigmoid((worth - threshold) / BID_SCALE)
                else:
                    _, best = best_bid(high + 1, size, value, top, n, form)
                    log_p += (worth - best) / BID_SCALE
        if tricks is None:
            left -= 1
        else:
            high = tricks
    return math.exp(log_p)


def _log_sigmoid(x: float) -> float:
    if x >= 0:
        return -math.log1p(math.exp(-x))
    return x - math.log1p(math.exp(x))


class ClubsSampler:
    """``(view, rng) -> state``: a full deal that agrees with everything the view shows,
    at the same decision point, cloned fresh for each call (the search may mutate it).

    ``candidates`` deals are drawn per sample and one is kept with probability in
    proportion to how well it explains the bids; 1 ignores the bids.  With a
    ``reader``, once another seat has played a card, a pool of ``pool`` deals is drawn
    once per decision instead, each weighed by the bids and the card play, and every
    sample is picked among them by weight."""

    def __init__(self, candidates: int = 3, reader: PlayReader[ClubsState] | None = None,
                 pool: int = POOL) -> None:
        self.candidates = candidates
        self.reader = reader
        self.pool = pool
        self._view: ClubsView | None = None
        self._know: Knowledge | None = None
        self._pool: WeightedPool[list[list[int]]] | None = None
        self._pool_view: ClubsView | None = None

    def knowledge(self, view: ClubsView) -> Knowledge:
        """The prepared knowledge of ``view``, kept while the same view is sampled."""
        if self._view is not view or self._know is None:
            self._know = knowledge_of(view)
            self._view = view
        return self._know

    def __call__(self, view: ClubsView, rng: random.Random) -> ClubsState:
        know = self.knowledge(view)
        n = view.n
        chosen: list[list[int]] | None = None
        if (self.reader is not None and view.phase == "play" and self.reader.reads(view)
                and any(know.played_by[s] for s in know.hidden)):
            chosen = self._from_pool(view, know, rng)
        if chosen is None:
            tries = self.candidates if know.bids and len(know.hidden) > 0 else 1
            if tries == 1:
                chosen = _share(know.copies, know.capacity, know.where, rng)
            else:
                drawn = [_share(know.copies, know.capacity, know.where, rng)
                         for _ in range(tries)]
                chosen = _pick(drawn, [bid_likelihood(know, b, n) for b in drawn], rng)
        return know.template.with_hands(
            {seat: chosen[i] for i, seat in enumerate(know.hidden)}, chosen[-1])

    def _from_pool(self, view: ClubsView, know: Knowledge,
                   rng: random.Random) -> list[list[int]] | None:
        """A deal picked by weight among the decision's pool, drawn and weighed at its
        first sample; None when there is no play to read (then the pool is not drawn
        again for this view)."""
        if self._pool_view is not view:
            self._pool_view = view
            self._pool = None
            reader = self.reader
            assert reader is not None
            deals = [_share(know.copies, know.capacity, know.where, rng)
                     for _ in range(max(self.pool, 1))]
            reading = reader.read(view, card_plays(view, know, deals[0]))
            if reading is not None:
                mine = hand_masks(view.hand)[0]
                weights = []
                for buckets in deals:
                    hands = [mine] * view.n
                    for i, seat in enumerate(know.hidden):
                        hands[seat] = hand_masks(buckets[i])[0]
                    weights.append(reading(hands) * bid_likelihood(know, buckets, view.n))
                self._pool = WeightedPool(deals, weights)
        return None if self._pool is None else self._pool.draw(rng)


def _pick(drawn: list[list[list[int]]], weights: list[float],
          rng: random.Random) -> list[list[int]]:
    """One of ``drawn`` with probability in proportion to its weight."""
    r = rng.random() * sum(weights)
    for buckets, w in zip(drawn, weights, strict=True):
        r -= w
        if r <= 0:
            return buckets
    return drawn[-1]


def card_plays(view: ClubsView, know: Knowledge,
               buckets: list[list[int]]) -> list[tuple[ClubsState, int]]:
    """The deal's card plays so far, each with the state just before it, replayed
    through the rules from the candidate deal ``buckets`` (the hidden hands now, then
    the cards set aside)."""
    state = state_at_deal(CLUBS_GAME, view)
    assert isinstance(state, ClubsState)
    now: list[list[int]] = [[] for _ in range(view.n)]
    now[view.seat] = [int(c) for c in view.hand]
    for i, seat in enumerate(know.hidden):
        now[seat] = list(buckets[i])
    hands = tuple(tuple(CARDS[c] for c in now[s] + know.played_by[s])
                  for s in range(view.n))
    state.deal(ClubsLayout(hands, aside=tuple(CARDS[c] for c in buckets[-1])))
    for seat, tricks in view.bids:
        if state.to_move != seat:
            raise ValueError("the bids do not replay in turn")
        state.apply(PASS if tricks is None else Bid(tricks))
    plays: list[tuple[ClubsState, int]] = []
    order = [(s, c) for _, trick, _, _ in view.tricks for s, c in trick]
    order += [(s, c) for s, c in view.trick]
    for seat, card in order:
        if state.to_move != seat:
            raise ValueError("the card play does not replay in turn")
        plays.append((state.clone(), int(card)))
        state.apply(PLAY[card])
    return plays


def hand_of(state: ClubsState, seat: int) -> list[Card]:
    """A seat's cards in a state, a doubled card twice (for tests and tools)."""
    return sorted(cards_of(state.ones[seat]) + cards_of(state.twos[seat]))


__all__ = ["ClubsSampler", "Knowledge", "Unsatisfiable", "knowledge_of", "public_state",
           "share_out"]
