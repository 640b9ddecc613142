"""The ``hard`` and ``cheater`` Трефы players: search over whole deals.

:class:`~cardtable.ai.search.SearchPlayer` deals the unseen cards with
:class:`~cardtable.ai.clubs_sample.ClubsSampler`, tries the legal actions — bids and
passes as well as cards — and plays each sample out to the end of the deal with
:func:`rollout_move`, a cheap policy that reads every hand of the sample: it knows
exactly which later seat can beat a card and which one wants to.  The value of a deal
is the seat's contract points minus the mean of the others' (the search's default),
so a defender in the auction scores the declarer's failure.

The rollout bids as the normal player does (the contract of best expected score by
its model), so the searched auction looks like the one the seat will really meet.  Its
play follows each seat's goal: a contract holding enough top clubs loses every other
trick and takes its number with them; short of them it wins what it can; defenders
keep the declarer from his number — or, when they see he holds the top clubs to take
it at will, push one more trick on him.  A quarter of its card plays are random
(``NOISE``).

At two players the sampler also reads the card play
(:class:`~cardtable.ai.clubs_read.NormalPlayReader`): the set-aside cards leave the
other hand one of many, and how he played narrows it.

Only actions that differ are searched: of two cards with no unseen card between them
the lower stands for both, and only the few bids the normal player's model rates best
are tried besides a pass.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from cardtable.ai.clubs_normal import (
    ClubsNormalPlayer,
    best_bid,
    contract_worth,
    hand_strength,
    pass_worth,
    view_hand_masks,
)
from cardtable.ai.clubs_read import NormalPlayReader
from cardtable.ai.clubs_sample import ClubsSampler
from cardtable.ai.search import CheaterPlayer, SearchPlayer
from cardtable.cards import CLUBS, RANK_OF, SUIT_MASKS, SUIT_OF, above_in_suit
from cardtable.engine.actions import PASS, PLAY, Action, Play
from cardtable.engine.clubs import BIDS, ClubsState, ClubsView, deck_for
from cardtable.engine.clubs_actions import Bid

PLAYOUTS = 1000
MAX_SECONDS = 0.9
CLUB_MASK = SUIT_MASKS[CLUBS]

WIN, LOSE, STOP, FEED, IDLE = range(5)


def _goal(state: ClubsState, seat: int) -> int:
    """What ``seat`` plays for in the rest of the deal: the normal player's rule, on
    the state's own fields, except that defenders who see that the declarer holds
    enough top clubs to take his tricks at will stop trying to keep them from him and
    push one more on him instead."""
    left = state.hand_size - len(state.tricks)
    contract = state.contracts[seat]
    if contract is not None:
        need = contract - state.tricks_taken[seat]
        if need < 0 or need > left:
            return IDLE
        return WIN if need else LOSE
    d = state.declarer
    if d is None:
        return IDLE
    declared = state.contracts[d]
    if declared is None:
        raise RuntimeError("the declarer's contract is set when the auction is won")
    need = declared - state.tricks_taken[d]
    if need < 0 or need > left:
        return IDLE
    if need and (need == left or _top_clubs(state, d).bit_count() < need):
        return STOP
    # he has his number, or top clubs to take it at will: make him win one more
    return FEED


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _above(card: int) -> int:
    """Faces of ``card``'s suit above it."""
    return above_in_suit(card)


def _beaters(card: int, led: int) -> int:
    """The faces that beat ``card`` when it is winning a trick led in ``led``: higher
    cards of its suit, and every club when it is a plain card."""
    if SUIT_OF[card] == CLUBS:
        return _above(card)
    return _above(card) | CLUB_MASK


def _can_beat(hand: int, in_trick: int, card: int, led: int) -> int:
    """The cards of ``hand`` that may be played over ``card`` in a trick led in
    ``led`` (following suit when possible, never a twin of a card in the trick)."""
    playable = hand & ~in_trick
    follow = playable & SUIT_MASKS[led]
    if follow:
        return follow & _above(card) if SUIT_OF[card] == led else 0
    return playable & _beaters(card, led)


def _all_beat(options: int, card: int, led: int) -> bool:
    """Does every card of ``options`` beat ``card``?"""
    return options & ~_beaters(card, led) == 0


class _Trick:
    """The trick in progress seen from the seat to move: who still plays after it and
    who wants what."""

    __slots__ = ("declarer", "goals", "in_trick", "later", "led", "state")

    def __init__(self, state: ClubsState, seat: int) -> None:
        self.state = state
        n = state.n
        self.in_trick = state.trick_mask
        self.led = SUIT_OF[state.trick_cards[0]] if state.trick_cards else -1
        done = state.turns + 1  # seats that have played or been skipped, and this one
        self.later = [(seat + i) % n for i in range(1, n - done + 1)]
        self.declarer = state.declarer
        self.goals: dict[int, int] = {}

    def goal(self, seat: int) -> int:
        g = self.goals.get(seat)
        if g is None:
            g = self.goals[seat] = _goal(self.state, seat)
        return g

    def wants_over(self, seat: int, winner: int) -> bool:
        g = self.goal(seat)
        return g == WIN or (g == STOP and winner == self.declarer)

    def holds(self, card: int, winner: int, led: int, seats: list[int]) -> bool:
        """Does ``card`` (played by ``winner``) still win after ``seats``?  Each later
        seat plays over it if it wants to and can, or if every card it may play beats
        it (the later seats' own cards then decide the rest, which is left out)."""
        ones = self.state.ones
        in_trick = self.in_trick | (1 << card)
        for s in seats:
            hand = ones[s]
            if self.wants_over(s, winner):
                if _can_beat(hand, in_trick, card, led):
                    return False
            else:
                playable = hand & ~in_trick
                options = playable & SUIT_MASKS[led] or playable
                if options and _all_beat(options, card, led):
                    return False
        return True


NOISE = 0.25
"""The share of the rollout's card plays made at random.  Real players err and do not
play the rollout's policy; without noise each action is judged by lines of play that
fit the policy's habits, and a search on the true deal (the cheater) judges it by a
single fixed line.  Measured on duplicate deals against normal (4 players, 300
playouts): 0.1 left the cheater below hard, 0.25 was best for both, 0.4 no better."""


def rollout_move(state: ClubsState, rng: random.Random) -> Action:
    """The rollout's move for the seat to move, on the full state."""
    phase = state.phase
    seat = state.to_move
    if seat is None:
        raise ValueError("a rollout move is asked for while no seat is to move")
    if phase == "play":
        if rng.random() < NOISE:
            cards = _cheap_order(state.legal_mask_of(seat))
            return PLAY[cards[int(rng.random() * len(cards))]]
        return PLAY[_card(state, seat)]
    value, top = hand_strength(state.ones[seat], state.twos[seat], state.n)
    if phase == "bidding":
        k, _ = best_bid(0, state.hand_size, value, top, state.n, "everyone",
                        state.forbidden_bid())
        return BIDS[k]
    k, worth = best_bid(state.high + 1, state.hand_size, value, top, state.n, "auction")
    if state.must_bid() or worth >= pass_worth(
            state.n, None if state.high < 0 else state.high, state.passed.count(False)):
        return BIDS[k]
    return PASS


def _card(state: ClubsState, seat: int) -> int:
    legal = state.legal_mask_of(seat)
    if legal & (legal - 1) == 0:
        return _low(legal)
    t = _Trick(state, seat)
    goal = t.goal(seat)
    if not state.trick_cards:
        return _lead(t, seat, legal, goal)
    return _follow(t, seat, legal, goal)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _rank_key(c: int) -> tuple[bool, int]:
    """Cheapest first: plain before clubs, low before high."""
    return (SUIT_OF[c] == CLUBS, RANK_OF[c])


@lru_cache(maxsize=1 << 16)
def _cheap_order(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, cheapest first (by ``_rank_key``)."""
    return tuple(sorted(_cards(mask), key=_rank_key))


def _top_clubs(state: ClubsState, seat: int) -> int:
    """``seat``'s clubs that no other hand can beat: tricks it takes at will."""
    clubs = state.ones[seat] & CLUB_MASK
    if not clubs:
        return 0
    others = 0
    for s in range(state.n):
        if s != seat:
            others |= state.ones[s]
    best_other = others & CLUB_MASK
    if not best_other:
        return clubs
    return clubs & ~((2 << _top(best_other)) - 1)


def _need(state: ClubsState, seat: int) -> tuple[int, int]:
    contract = state.contracts[seat]
    if contract is None:
        raise RuntimeError("only a seat with a contract plays for tricks")
    return contract - state.tricks_taken[seat], state.hand_size - len(state.tricks)


def _follow_for_tricks(t: _Trick, seat: int, legal: int, over: int, under: int) -> int:
    """A contract that needs tricks: with enough top clubs to take them at will,
    lose this trick with another card; short of them, win it cheaply if that holds."""
    state = t.state
    led, later = t.led, t.later
    need, left = _need(state, seat)
    keep = _top_clubs(state, seat)
    if need >= left:
        for c in _cheap_order(over):
            if t.holds(c, seat, led, later):
                return c
        return _cheap_order(legal)[0]
    spare_under = under & ~keep
    if keep.bit_count() >= need:
        if spare_under:
            return _cheap_order(spare_under)[-1]
        loose = _cheap_order(over & ~keep)
        for c in reversed(loose):
            if not t.holds(c, seat, led, later):
                return c
        # the trick is ours anyway: take it with a top club rather than leave one
        # top club too many
        if legal & keep:
            return _low(legal & keep)
        return _cheap_order(legal)[0]
    for c in _cheap_order(over & ~keep):
        if t.holds(c, seat, led, later):
            return c
    if spare_under:
        return _cheap_order(spare_under)[0]
    return _cheap_order(legal)[0]


def _lead_for_tricks(t: _Trick, seat: int, legal: int) -> int:
    """Leading for tricks: with enough top clubs, lead the highest card that loses;
    short of them, the cheapest card that wins (keeping the top clubs)."""
    state = t.state
    later = t.later
    need, left = _need(state, seat)
    keep = _top_clubs(state, seat)
    ordered = _cheap_order(legal)
    if need >= left:
        for c in ordered:
            if t.holds(c, seat, SUIT_OF[c], later):
                return c
        return ordered[-1]
    if keep.bit_count() >= need:
        for c in reversed(ordered):
            if not (keep >> c) & 1 and not t.holds(c, seat, SUIT_OF[c], later):
                return c
        return _low(legal & keep) if legal & keep else ordered[0]
    for c in ordered:
        if not (keep >> c) & 1 and t.holds(c, seat, SUIT_OF[c], later):
            return c
    return ordered[0]


def _follow(t: _Trick, seat: int, legal: int, goal: int) -> int:
    state = t.state
    win_card, win_seat, led = state.win_card, state.win_seat, t.led
    over = legal & _beaters(win_card, led)
    under = legal & ~over
    if goal == WIN:
        return _follow_for_tricks(t, seat, legal, over, under)
    if goal in (LOSE, IDLE):
        if under:
            return _cheap_order(under)[-1]
        for c in reversed(_cheap_order(over)):
            if not t.holds(c, seat, led, t.later):
                return c
        return _cheap_order(over)[-1]
    d = t.declarer
    assert d is not None
    if goal == STOP:
        if d not in t.later:
            if win_seat == d and over:
                return _cheap_order(over)[0]
            return _cheap_order(legal)[0]
        declarer = [d]
        for c in _cheap_order(legal):
            top, who = (c, seat) if (over >> c) & 1 else (win_card, win_seat)
            if t.holds(top, who, led, declarer):
                return c
        return _cheap_order(legal)[0]
    # FEED: stay under the declarer's card, or unload the most dangerous card
    if under:
        return _cheap_order(under)[-1]
    return _cheap_order(legal)[0]


def _lead(t: _Trick, seat: int, legal: int, goal: int) -> int:
    if goal == WIN:
        return _lead_for_tricks(t, seat, legal)
    ordered = _cheap_order(legal)
    if goal in (LOSE, IDLE):
        for c in reversed(ordered):
            if not t.holds(c, seat, SUIT_OF[c], t.later):
                return c
        return ordered[0]
    d = t.declarer
    assert d is not None
    if goal == STOP:
        declarer = [d]
        for c in ordered:
            if t.holds(c, seat, SUIT_OF[c], declarer):
                return c
        return ordered[0]
    # FEED: a card the declarer must go over
    hand = t.state.ones[d]
    for c in ordered:
        follow = hand & SUIT_MASKS[SUIT_OF[c]] & ~(1 << c)
        if follow and follow & ~_above(c) == 0:
            return c
    return ordered[0]


# --- which actions to search -------------------------------------------------------------

BIDS_SEARCHED = 5
"""Bids the search tries (besides a pass): the best by the normal player's model of
making a contract.  The rest promise so little that playouts on them are wasted."""


def candidate_actions(view: ClubsView, legal: Sequence[Action],
                      ) -> tuple[list[Action], dict[Action, Action]]:
    """The actions worth searching, and for each other card the searched card that
    stands for it.

    Two cards of a suit with no unseen copy of any face between them are the same
    card for the rest of the deal (every other card beats both or neither), so only
    the lowest of such a run is searched.  Bids far from what the hand can make are
    left out."""
    if view.phase == "play":
        return _distinct_cards(view, legal)
    bids = [a for a in legal if isinstance(a, Bid)]
    keep: list[Action] = [a for a in legal if not isinstance(a, Bid)]
    if len(bids) <= BIDS_SEARCHED:
        return keep + bids, {}
    value, top = hand_strength(*view_hand_masks(view), view.n)
    form = "auction" if view.phase == "auction" else "everyone"
    ranked = sorted(bids, key=lambda b: -contract_worth(b.tricks, value, top, view.n, form))
    return keep + sorted(ranked[:BIDS_SEARCHED], key=lambda b: b.tricks), {}


def _distinct_cards(view: ClubsView, legal: Sequence[Action],
                    ) -> tuple[list[Action], dict[Action, Action]]:
    mine = [0] * 52
    for c in view.hand:
        mine[c] += 1
    deck = deck_for(view.n)
    unseen = [(view.decks if (deck >> c) & 1 else 0) - view.played_counts[c] - mine[c]
              for c in range(52)]
    plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: a.card)
    keep: list[Action] = []
    stands_for: dict[Action, Action] = {}
    last: Play | None = None  # the last card kept
    for a in plays:
        if last is not None:
            low = last.card
            if SUIT_OF[low] == SUIT_OF[a.card] and not any(unseen[low + 1:a.card]):
                stands_for[a] = last
                continue
        keep.append(a)
        last = a
    return keep, stands_for


def _expanded(results: list[tuple[Action, float, int]], legal: Sequence[Action],
              stands_for: dict[Action, Action]) -> list[tuple[Action, float, int]]:
    """Every legal action with a value: a card as its searched twin, an unsearched bid
    last with the lowest value found and no playouts."""
    value = {a: (v, k) for a, v, k in results}
    out: list[tuple[Action, float, int]] = []
    for a, v, k in results:
        out.append((a, v, k))
        out.extend((b, v, k) for b in legal if stands_for.get(b) == a)
    worst = min(v for _, v, _ in results)
    out.extend((a, worst, 0) for a in legal if a not in value and a not in stands_for)
    return out


class ClubsHardPlayer(SearchPlayer[ClubsState]):
    """Search over sampled deals of the unseen cards, playouts to the end of the deal."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS) -> None:
        super().__init__(ClubsSampler(reader=NormalPlayReader()), rollout_move,
                         playouts=playouts, max_seconds=max_seconds,
                         fallback=ClubsNormalPlayer())

    @staticmethod
    def review_scale(options: Mapping[str, Any]) -> tuple[float, float, float]:
        """The review's marks in points (:mod:`cardtable.ai.review`): a contract made
        is worth 10 and more, one missed −10, so a swing of 20 hangs on one trick; an
        inaccuracy costs 2 points, a mistake 5, a blunder 10 (half the swing)."""
        return 2.0, 5.0, 10.0

    def evaluate_actions(self, view: ClubsView, legal: Sequence[Action], rng: random.Random,
                         budget: float | None = None) -> list[tuple[Action, float, int]]:
        keep, stands_for = candidate_actions(view, legal)
        if len(keep) == 1:
            results = [(keep[0], 0.0, 0)]
        else:
            results = super().evaluate_actions(view, keep, rng, budget)
        return _expanded(results, legal, stands_for)


class ClubsCheaterPlayer(CheaterPlayer[ClubsState]):
    """The same search on the true deal: the benchmark's ceiling for ``hard``."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS) -> None:
        super().__init__(ClubsSampler(), rollout_move, playouts=playouts,
                         max_seconds=max_seconds, fallback=ClubsNormalPlayer())

    def evaluate_actions_seeing_all(self, state: ClubsState, seat: int, legal: Sequence[Action],
                                    rng: random.Random, budget: float | None = None,
                                    ) -> list[tuple[Action, float, int]]:
        keep, stands_for = candidate_actions(state.view(seat), legal)
        if len(keep) == 1:
            results = [(keep[0], 0.0, 0)]
        else:
            results = super().evaluate_actions_seeing_all(state, seat, keep, rng, budget)
        return _expanded(results, legal, stands_for)


__all__ = ["ClubsCheaterPlayer", "ClubsHardPlayer", "candidate_actions", "rollout_move"]
