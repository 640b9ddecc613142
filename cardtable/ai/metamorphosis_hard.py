"""The ``hard`` and ``cheater`` Метаморфоза players: determinized search.

:class:`~cardtable.ai.search.SearchPlayer` deals the unseen cards with
:mod:`~cardtable.ai.metamorphosis_sample` and plays every candidate out with
:func:`rollout_move`, a cheap policy that reads the full state.  Every decision goes
through the search: the secret declaration as well as each card.

**Horizon.**  A card is searched to the end of the fourth розыгрыш after the current
one, and scored by the points of the партия so far (own minus the others' mean).
That covers one more розыгрыш of every kind: a club kept for the next kind 1, the
master kept for the next premium, the card handed to the neighbour by the next
refill from the piles — while the stock draws further on, which the sample deals at
random, mostly add noise.  Measured against ``normal`` at equal playouts, playouts to
the end of the партия were no stronger, and they cost two to three times more.  A
declaration pays in every fourth розыгрыш of the whole партия, so it is searched to
the end.  The playout count grows as playouts get shorter (:func:`playouts_for`), so
that every decision costs about the same time.

**Common random numbers.**  Each sample carries a seed for the rollout's occasional
random card, drawn from the hash of the seed and the position in the партия, so the
playouts of the different actions on one sample make the same random choices where
they can: the comparison between actions is paired, and much less noisy.

**The rollout policy** sees every hand (it runs inside a sample), so it can be both
quick and sensible: the last player to a trick takes the best of four outcomes (take
or leave it, with or without a scoring card); a middle player assumes the last one
answers that way; a leader who wants the trick (his declared kind, hearts in kind 4)
or, two-handed, must stop the other's premium leads the lowest card nobody after him
can beat, and otherwise leads his cheapest card that scores nothing.  (Stopping a
premium as leader of three costs two penalty cards and did worse.)  Which card of a
kind is given up follows a small table of worth: rank, trumps, hearts, and clubs or
spades while the seat still follows in kind 1 or 2.  A fifth of the moves are random.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

from cardtable.ai.metamorphosis_easy import declaration_score
from cardtable.ai.metamorphosis_normal import MetamorphosisNormalPlayer
from cardtable.ai.metamorphosis_sample import MetamorphosisSampler
from cardtable.ai.search import CheaterPlayer, SearchPlayer
from cardtable.cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_MASKS, SUIT_OF
from cardtable.engine.actions import PLAY, Action
from cardtable.engine.game import GameState
from cardtable.engine.metamorphosis import (
    DECK,
    PREMIUM,
    ROUNDS,
    MetamorphosisState,
    kind_of,
    leader_of,
)
from cardtable.engine.metamorphosis_actions import Declare

PLAYOUTS = 2000
"""Playouts of a search to the end of the партия (a declaration); shorter ones get
more, up to ``MAX_SCALE`` times as many.  2000 decide in about 0.35 s (95th percentile
0.43 s) on the 2-core development machine, and measured +3.0 a партия above ``normal``
where 1000 measured +1.5 (two players, the same deals)."""
MAX_SCALE = 3
MAX_SECONDS = 0.9
"""A safety cap: on a busy machine the search stops here with what it has."""
AHEAD = 4
"""Розыгрыши searched after the current one."""
RANDOM_MOVES = 0.2
"""The share of rollout moves made at random."""
# Each sample is stamped (GameState.stamped) with (seed, start): the seed of its
# rollouts' random moves and the розыгрыш the search starts in (0 while declaring).


def points_value(state: GameState, seat: int) -> float:
    """Own points of the партия so far minus the others' mean."""
    assert isinstance(state, MetamorphosisState)
    pts = state.points
    mine = pts[seat]
    return mine - (sum(pts) - mine) / (len(pts) - 1)


def at_horizon(state: MetamorphosisState) -> bool:
    """The end of the партия, or of the ``AHEAD``-th розыгрыш after the one the search
    started in (a declaration is searched to the end)."""
    if state.to_move is None:
        return True
    start = state.stamp[1]
    return bool(start) and state.round > start + AHEAD


def _beaters(card: int, trump: int) -> int:
    suit = SUIT_OF[card]
    mask = SUIT_MASKS[suit] & ~((2 << card) - 1)
    if trump >= 0 and suit != trump:
        mask |= SUIT_MASKS[trump]
    return mask


BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_beaters(c, trump) for c in range(52)) for trump in range(-1, 4))
"""``BEATERS[trump + 1][card]``: the cards that take a trick ``card`` is winning."""


def _keep_table(trump: int, dump: tuple[int, ...]) -> tuple[int, ...]:
    """How much a card is worth keeping in a rollout: its rank, more for a suit that is
    trump somewhere, for hearts (they score in kind 4) and for clubs or spades while
    the seat still follows kind-1 or kind-2 розыгрыши (it throws them there)."""
    out = []
    for c in range(52):
        suit, rank = SUIT_OF[c], RANK_OF[c]
        out.append(rank + (8 if suit == trump else 0) + (3 if suit == HEARTS else 0)
                   + (8 if suit in dump else 0))
    return tuple(out)


_DUMPS = ((), (CLUBS,), (SPADES,), (CLUBS, SPADES))
KEEP: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_keep_table(trump, dump) for dump in _DUMPS) for trump in (DIAMONDS, 0, 1, 2, 3))
"""``KEEP[t][d]``: ``t`` is 0 for the default rules (diamonds are trump in kind 4) or
``s + 1`` with ``turned_trump`` and a turned card of suit ``s``; ``d`` has bit 1 while
the seat follows a kind-1 розыгрыш ahead, bit 2 a kind-2 one."""


@cache
def _dump_flags(n: int, dealer: int, round_number: int, seat: int,
                leaders: str = "rotate") -> int:
    flags = 0
    for r in range(round_number + 1, ROUNDS[n] + 1):
        number = kind_of(r).number
        if number in (1, 2) and leader_of(r, dealer, n, leaders) != seat:
            flags |= number
    return flags


def _cheapest(mask: int, keep: tuple[int, ...]) -> int:
    """The card of ``mask`` least worth keeping.  Within a suit the worth grows with
    the rank, so only each suit's lowest card is a candidate."""
    best, best_v = -1, 1 << 30
    for sm in SUIT_MASKS:
        part = mask & sm
        if part:
            c = (part & -part).bit_length() - 1
            if keep[c] < best_v:
                best, best_v = c, keep[c]
    return best


def _dearest(mask: int, keep: tuple[int, ...]) -> int:
    """The card of ``mask`` most worth keeping (each suit's highest is a candidate)."""
    best, best_v = -1, -1
    for sm in SUIT_MASKS:
        part = mask & sm
        if part:
            c = part.bit_length() - 1
            if keep[c] > best_v:
                best, best_v = c, keep[c]
    return best


def _lowest_beater(mask: int, win_card: int) -> int:
    """The cheapest card of ``mask`` (all of which beat ``win_card``): the lowest of the
    suit led if any, else the lowest trump."""
    same = mask & SUIT_MASKS[SUIT_OF[win_card]]
    pick = same or mask
    return (pick & -pick).bit_length() - 1


class _Trick:
    """The facts of the trick at hand that every position's rule needs."""

    __slots__ = ("keep", "kind", "n", "per", "prem", "scoring", "state", "trump")

    def __init__(self, state: MetamorphosisState) -> None:
        self.state = state
        kind = state.kind
        assert kind is not None
        self.kind = kind
        self.scoring = kind.cards
        self.per = kind.per_card
        self.trump = state.trump
        self.n = state.n
        decl = kind.declaration
        self.prem = [PREMIUM if d == decl else 0 for d in state.declarations]
        turned = state.turned
        table = KEEP[SUIT_OF[turned] + 1] if state.turned_trump and turned is not None \
            else KEEP[0]
        self.keep = table[_dump_flags(self.n, state.dealer, state.round, state.to_move,
                                      state.options["leaders"])]

    def value(self, me: int, winner: int, points: int) -> float:
        """What a finished trick is worth to ``me``: own gain, or minus the taker's gain
        shared among the opponents."""
        if winner == me:
            return points + self.prem[me]
        return -(points + self.prem[winner]) / (self.n - 1)

    def last(self, me: int, hand: int, win_card: int, win_seat: int,
             points: int) -> tuple[int, int, int]:
        """The last player's best card: (card, taker, points of the finished trick)."""
        beat = BEATERS[self.trump + 1][win_card]
        scoring, per = self.scoring, self.per
        best: tuple[float, int, int, int] | None = None
        for wins in (False, True):
            part = hand & beat if wins else hand & ~beat
            if not part:
                continue
            for scores in (False, True):
                sub = part & scoring if scores else part & ~scoring
                if not sub:
                    continue
                pts = points + (per if scores else 0)
                taker = me if wins else win_seat
                v = self.value(me, taker, pts)
                if best is None or v > best[0]:
                    best = (v, self.pick(sub, wins, scores, win_card), taker, pts)
        assert best is not None
        return best[1], best[2], best[3]

    def pick(self, sub: int, wins: bool, scores: bool, win_card: int) -> int:
        if wins:
            if scores and self.per > 0:
                return _dearest(sub, self.keep)  # the trick is ours: add the best heart
            return _lowest_beater(sub, win_card)
        if scores and self.per < 0 and self.scoring != DECK:
            return _dearest(sub, self.keep)  # a penalty card thrown on another's trick
        return _cheapest(sub, self.keep)


def rollout_move(state: GameState, rng: random.Random) -> Action:
    """The rollout policy: a sensible card for the seat to move, reading every hand; a
    random one now and then, so that the playouts of one sample do not all follow
    the same line.  Declarations (when a search starts before them) are the easy
    level's, from the seat's own view."""
    assert isinstance(state, MetamorphosisState)
    me = state.to_move
    if me is None:
        raise ValueError("a rollout move is asked for while no seat is to move")
    if state.phase != "play":
        view = state.view(me)
        # cast: outside card play the only legal actions are the declarations
        # (MetamorphosisState.legal_actions)
        declarations = cast(Sequence[Declare], state.legal_actions())
        return max(declarations, key=lambda a: declaration_score(view, a.value))
    hand = state.hands[me]
    stamp = state.stamp
    if stamp is None:
        draw = rng.getrandbits(40)
    else:
        draw = hash((stamp[0], state.round, len(state.trick_cards))) & 0xFFFFFFFFFF
    if (draw & 0xFFFFF) < RANDOM_MOVES * 0x100000:
        legal = state.legal_actions()
        return legal[(draw >> 20) % len(legal)]
    t = _Trick(state)
    trick = state.trick_cards
    n = t.n
    if not trick:
        return PLAY[_lead(t, me, hand)]
    points = 0
    scoring = t.scoring
    for c in trick:
        if (scoring >> c) & 1:
            points += t.per
    if len(trick) == n - 1:
        return PLAY[t.last(me, hand, state.win_card, state.win_seat, points)[0]]
    return PLAY[_middle(t, me, hand, state.win_card, state.win_seat, points)]


def _middle(t: _Trick, me: int, hand: int, win_card: int, win_seat: int,
            points: int) -> int:
    """Second of three: each way of playing is answered by the last player's best.
    To take the trick, both the cheapest card that does and the cheapest one the last
    player cannot beat are tried."""
    nxt = (me + 1) % t.n
    other = t.state.hands[nxt]
    beaters = BEATERS[t.trump + 1]
    beat = beaters[win_card]
    best, best_v = -1, -1e9
    for wins in (False, True):
        part = hand & beat if wins else hand & ~beat
        if not part:
            continue
        for scores in (False, True):
            sub = part & t.scoring if scores else part & ~t.scoring
            if not sub:
                continue
            pts = points + (t.per if scores else 0)
            candidates = [t.pick(sub, wins, scores, win_card)]
            if wins:
                safe = sub
                m = sub
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    if other & beaters[c]:
                        safe ^= low
                    m ^= low
                if safe:
                    candidates.append(_cheapest(safe, t.keep))
            for card in candidates:
                if wins:
                    _, taker, final = t.last(nxt, other, card, me, pts)
                else:
                    _, taker, final = t.last(nxt, other, win_card, win_seat, pts)
                v = t.value(me, taker, final)
                if v > best_v:
                    best, best_v = card, v
    return best


def _lead(t: _Trick, me: int, hand: int) -> int:
    """Lead the lowest card nobody can beat when the trick is wanted (or an opponent's
    premium must be stopped in a two-handed game); else the cheapest card that scores
    nothing."""
    state = t.state
    n = t.n
    later = 0
    for i in range(1, n):
        later |= state.hands[(me + i) % n]
    wants = t.prem[me] > 0 or t.per > 0
    threat = n == 2 and t.prem[(me + 1) % 2] > 0
    scoring = t.scoring
    if wants or threat:
        trump = t.trump
        ruff = trump >= 0 and bool(later & SUIT_MASKS[trump])
        best, best_v = -1, -1e9
        for suit in range(4):
            mine = hand & SUIT_MASKS[suit]
            if not mine or (ruff and suit != trump):
                continue
            theirs = later & SUIT_MASKS[suit]
            top = theirs.bit_length() - 1 if theirs else -1
            safe = mine & ~((2 << top) - 1) if top >= 0 else mine
            if not safe:
                continue
            card = (safe & -safe).bit_length() - 1
            v: float = t.per if (scoring >> card) & 1 and scoring != DECK else 0
            v -= t.keep[card] * 0.01
            if v > best_v:
                best, best_v = card, v
        if best >= 0:
            return best
    clean = hand & ~scoring if scoring != DECK else hand
    return _cheapest(clean or hand, t.keep)


# --- the players ----------------------------------------------------------------------------


class _SeededSampler:
    """The sampler, with a seed for the rollouts stamped on each sample."""

    def __init__(self) -> None:
        self.sampler = MetamorphosisSampler()

    def __call__(self, view: Any, rng: random.Random) -> MetamorphosisState:
        return _stamped(self.sampler(view, rng), rng)


def _stamped(state: MetamorphosisState, rng: random.Random) -> MetamorphosisState:
    return state.stamped((rng.getrandbits(32), state.round))


def playouts_for(base: int, n: int, rounds_total: int, round_number: int,
                 played: int) -> int:
    """More playouts when they are shorter: a playout costs about its number of moves,
    so every decision costs about what a declaration searched to the end does."""
    full = rounds_total * n
    if round_number == 0:
        return base
    left = (rounds_total - round_number) * n + n - played
    moves = max(1, min(left, AHEAD * n + n - played))
    return min(MAX_SCALE * base, base * full // moves)


class _Scaled(SearchPlayer[MetamorphosisState]):
    """The search of both levels, with its playout count set per decision (see
    :func:`playouts_for`)."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS) -> None:
        super().__init__(_SeededSampler(), rollout_move, playouts=playouts,
                         max_seconds=max_seconds, evaluate=points_value,
                         horizon=at_horizon, fallback=MetamorphosisNormalPlayer())
        self.base_playouts = playouts

    def _scale_playouts(self, new: int, old: int) -> None:
        self.base_playouts = max(1, self.base_playouts * new // old)
        super()._scale_playouts(new, old)

    def _scale(self, n: int, rounds_total: int, round_number: int, played: int) -> None:
        self.playouts = playouts_for(self.base_playouts, n, rounds_total, round_number,
                                     played)

    def evaluate_actions(self, view: Any, legal: Sequence[Action], rng: random.Random,
                         budget: float | None = None) -> list[tuple[Action, float, int]]:
        self._scale(view.n, view.rounds_total, view.round, len(view.trick))
        return super().evaluate_actions(view, legal, rng, budget)


class MetamorphosisHardPlayer(_Scaled):
    """Search over sampled deals of the unseen cards (see the module's docstring)."""

    @staticmethod
    def review_scale(options: Mapping[str, Any]) -> tuple[float, float, float]:
        """The review's marks in points (:mod:`cardtable.ai.review`): an inaccuracy
        costs 2 points (half a club or a spade in a trick), a mistake 4 (one of them,
        or a heart), a blunder 8."""
        return 2.0, 4.0, 8.0


class MetamorphosisCheaterPlayer(_Scaled, CheaterPlayer[MetamorphosisState]):
    """The same search on the true state: the ceiling ``hard`` is measured against."""

    def evaluate_actions_seeing_all(self, state: GameState, seat: int,
                                    legal: Sequence[Action], rng: random.Random,
                                    budget: float | None = None,
                                    ) -> list[tuple[Action, float, int]]:
        assert isinstance(state, MetamorphosisState)
        self._scale(state.n, state.rounds_total, state.round, len(state.trick_cards))
        return super().evaluate_actions_seeing_all(state, seat, legal, rng, budget)

    def true_sample(self, state: MetamorphosisState, rng: random.Random) -> MetamorphosisState:
        return _stamped(state.clone(), rng)


class MetamorphosisPeekerPlayer(MetamorphosisCheaterPlayer):
    """The cheater without foresight: every hand and every secret declaration, but not
    the order of the face-down stock, which each of its copies shuffles.  The stock's
    order is chance still to come (28 cards that reach the hands over a two-player
    партия): the cheater's clone knows it, no player could."""

    def true_sample(self, state: MetamorphosisState, rng: random.Random) -> MetamorphosisState:
        sample = state.clone()
        stock = sample.stock
        start = 1 if sample.turned is not None else 0  # the turned card stays last
        face_down = stock[start:]
        rng.shuffle(face_down)
        stock[start:] = face_down
        return _stamped(sample, rng)


__all__ = ["MetamorphosisCheaterPlayer", "MetamorphosisHardPlayer",
           "MetamorphosisPeekerPlayer", "playouts_for", "rollout_move"]
