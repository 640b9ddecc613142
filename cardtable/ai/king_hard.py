"""The ``hard`` Кинг player (and the benchmark's ``cheater``): determinized search.

:class:`~cardtable.ai.search.SearchPlayer` does the search; this module gives it the
game: the sampler of :mod:`cardtable.ai.king_sample`, a rollout policy, and the
horizon — the end of the current deal, valued as the seat's score for it minus the
others' mean (the core's default: every Кинг deal is constant-sum before the buyer's
payment, and the payment is zero-sum, so this is the seat's whole stake).

Every decision goes through the search: the хвалёнка order (from the first packet,
the rest of the hand sampled), the offer or pass, the buyer's contract and every card.

The rollout (:class:`KingRollout`) must be fast — a thousand playouts of up to 32
cards in well under a second — so it reads the state's bitmasks and decides each card
in a few bit operations.  It may look at every hand (it plays inside a sample): in a
penalty deal it leads a card some seat must overtake, ducks, lets a seat that must
overtake do so, and throws its costliest card when void; in a taking deal it cashes
masters nobody can ruff, draws trumps, wins as cheaply as is safe, ruffs low.  Its
bids are the ``normal`` level's, made from the bidder's own hand, so that the search
expects the offers real opponents make.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.ai.king_normal import (
    BUY_MARGIN,
    KingNormalPlayer,
    best_buyer_contract,
    expected_tricks,
)
from cardtable.ai.king_read import NormalPlayReader
from cardtable.ai.king_sample import KingSampler
from cardtable.ai.search import CheaterPlayer, SearchPlayer
from cardtable.cards import (
    RANK_FIELD,
    RANK_OF,
    SUIT_BASE,
    SUIT_MASKS,
    SUIT_OF,
    above_in_suit,
    below_in_suit,
    card_of,
    cards_of,
    ranks_in,
)
from cardtable.engine.actions import PASS, PLAY, Action
from cardtable.engine.king import KingState
from cardtable.engine.king_actions import Buy, Order

PLAYOUTS = 2000
"""Playouts per decision: the work is fixed, so a seed reproduces the decision.  2000
take about 0.1–0.4 s on this machine (1000 measured 17.5 points a game above
``normal``, 2000 measured 18.8 on the same deals)."""
MAX_SECONDS = 0.9
"""A safety cap on a decision's time (a slow or busy machine plays fewer playouts)."""
HARD_NOISE = 0.0
CHEATER_NOISE = 0.1
"""The share of the rollout's card plays made at random.  The cheater searches one
deal, the true one: with a rollout that never varies all its playouts of an action are
the same game, and a little noise measured better (+1.4 points a deal, 60 duplicate
deals).  The hard level's playouts vary with its samples already; noise made no
measurable difference there (-0.8 ± 1.1 a deal), so it plays out without."""

_LOW_BIT = [0] * 8192
"""Per 13-bit suit field: the index of its lowest rank (-1 when empty)."""
_HIGH_BIT = [0] * 8192
for _field in range(8192):
    _LOW_BIT[_field] = ((_field & -_field).bit_length() - 1) if _field else -1
    _HIGH_BIT[_field] = _field.bit_length() - 1 if _field else -1
del _field


def _lowest(mask: int) -> int:
    """The lowest card of a mask, by index (any suit)."""
    return (mask & -mask).bit_length() - 1


def _lowest_rank(mask: int, misere: bool) -> int:
    """The weakest card of a mask by rank (any suit; in «мизер» the highest rank)."""
    best = -1
    best_rank = 99
    for base in SUIT_BASE:  # inlined ranks_in/card_of: this runs in every playout
        field = (mask >> base) & RANK_FIELD
        if field:
            r = _HIGH_BIT[field] if misere else _LOW_BIT[field]
            key = 12 - r if misere else r
            if key < best_rank:
                best_rank = key
                best = base + r
    return best


def _highest_rank(mask: int, misere: bool) -> int:
    """The strongest card of a mask by rank (any suit)."""
    best = -1
    best_rank = -1
    for base in SUIT_BASE:  # inlined ranks_in/card_of: this runs in every playout
        field = (mask >> base) & RANK_FIELD
        if field:
            r = _LOW_BIT[field] if misere else _HIGH_BIT[field]
            key = 12 - r if misere else r
            if key > best_rank:
                best_rank = key
                best = base + r
    return best


def _above(card: int, misere: bool) -> int:
    """The cards of ``card``'s suit that beat it."""
    return below_in_suit(card) if misere else above_in_suit(card)


def _below(card: int, misere: bool) -> int:
    """The cards of ``card``'s suit that it beats."""
    return SUIT_MASKS[SUIT_OF[card]] & ~_above(card, misere) & ~(1 << card)


class KingRollout:
    """A fast policy on the full state for the search's playouts.  It bids as the
    ``normal`` level does, from its own hand only, so that the search expects the
    offers real opponents make; it plays cards by a few rules that look at every
    hand.  It remembers the buyer's contract of recent hands: the playouts of one
    sample bid with the same hands under every action tried."""

    def __init__(self, noise: float = HARD_NOISE) -> None:
        self.noise = noise
        self._contracts: dict[tuple[int, int], tuple[str, float]] = {}

    def __call__(self, state: KingState, rng: random.Random) -> Action:
        phase = state.phase
        if phase == "play":
            if self.noise and rng.random() < self.noise:
                legal = state.legal_actions()
                return legal[rng.randrange(len(legal))]
            return PLAY[_rollout_card(state)]
        if phase == "buy":
            return self._offer(state)
        if phase == "buyer_order":
            buyer = state.to_move
            if buyer is None:
                raise ValueError("a rollout move is asked for while no seat is to move")
            return Order(self._contract(state.hands[buyer], state.n)[0])
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    def _contract(self, hand: int, n: int) -> tuple[str, float]:
        key = (hand, n)
        got = self._contracts.get(key)
        if got is None:
            if len(self._contracts) > 4096:
                self._contracts.clear()
            got = self._contracts[key] = best_buyer_contract(hand, n)
        return got

    def _offer(self, state: KingState) -> Action:
        """``normal``'s offer: the lowest price while buying gains more than it costs."""
        seat = state.to_move
        if seat is None:
            raise ValueError("a rollout move is asked for while no seat is to move")
        hand = state.hands[seat]
        price = state.best_price + 1
        if price > state.hand_size:
            return PASS
        buying = self._contract(hand, state.n)[1]
        staying = expected_tricks(hand, state.trump, state.misere, state.n, False)
        if buying - price - staying >= BUY_MARGIN:
            return Buy(price)
        return PASS


def _rollout_card(state: KingState) -> int:
    seat = state.to_move
    if seat is None:
        raise ValueError("a rollout move is asked for while no seat is to move")
    legal = state.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if state.last_two and not state.per_trick and state.trick_no < state.hand_size - 2:
        # «2 последние» before the last two tricks: nothing counts yet, so shed high
        # cards (penalty) or keep them (plus)
        if state.sign < 0:
            return _highest_rank(legal, False)
        return _lowest_rank(legal, False)
    if state.sign < 0:
        return _avoid(state, legal, seat)
    return _take(state, legal, seat)


def _penalty_cards(state: KingState) -> int:
    values = 0
    for mask, _ in state.card_values:
        values |= mask
    return values


def _penalty_of(state: KingState, card: int) -> int:
    bit = 1 << card
    return sum(unit for mask, unit in state.card_values if mask & bit)


def _avoid(state: KingState, legal: int, seat: int) -> int:
    """Penalty deal: lose the trick; when void, throw the costliest card."""
    trick = state.trick_cards
    hands = state.hands
    n = state.n
    if not trick:
        return _safe_lead(hands, legal, seat, n)
    win = state.win_card
    suit = SUIT_OF[trick[0]]
    follow = legal & SUIT_MASKS[suit]
    if follow:
        under = follow & _below(win, False)
        if under:
            return under.bit_length() - 1
        # every card wins so far: a seat still to play holding only higher cards of
        # the suit must overtake the highest of ours below its lowest
        forced_above = -1
        for k in range(1, n - len(trick)):
            field = ranks_in(hands[(seat + k) % n], suit)
            if field:
                forced_above = max(forced_above, _LOW_BIT[field])
        if forced_above >= 0:
            field = ranks_in(follow, suit) & ((1 << forced_above) - 1)
            if field:
                return card_of(suit, _HIGH_BIT[field])
        clean = follow & ~_penalty_cards(state)
        return (clean or follow).bit_length() - 1
    loaded = legal & _penalty_cards(state)
    if loaded:
        best = -1
        best_key = -1
        m = loaded
        while m:
            low = m & -m
            c = low.bit_length() - 1
            key = _penalty_of(state, c) * 16 + RANK_OF[c]
            if key > best_key:
                best_key = key
                best = c
            m ^= low
        return best
    return _highest_rank(legal, False)


def _safe_lead(hands: list[int], legal: int, seat: int, n: int) -> int:
    """A lead that loses for sure where there is one — the highest card still below
    the lowest card of some seat that holds the suit (that seat must overtake it) —
    else the lowest card of a suit others hold."""
    best = -1
    best_key: tuple[int, int] = (-1, 0)
    for base in SUIT_BASE:  # inlined ranks_in/card_of: this runs in every playout
        field = (legal >> base) & RANK_FIELD
        if not field:
            continue
        cap = -1
        for j in range(n):
            if j != seat:
                theirs = (hands[j] >> base) & RANK_FIELD
                if theirs:
                    cap = max(cap, _LOW_BIT[theirs])
        if cap < 0:
            key, card = (0, -_LOW_BIT[field]), base + _LOW_BIT[field]
        else:
            under = field & ((1 << cap) - 1)
            if under:
                key, card = (2, _HIGH_BIT[under]), base + _HIGH_BIT[under]
            else:
                key, card = (1, -_LOW_BIT[field]), base + _LOW_BIT[field]
        if key > best_key:
            best_key = key
            best = card
    return best


def _take(state: KingState, legal: int, seat: int) -> int:
    """Tricks are worth points: cash sure winners, win cheaply and surely, otherwise
    throw the weakest card."""
    misere = state.misere
    trump = state.trump
    n = state.n
    hands = state.hands
    trick = state.trick_cards
    trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    if not trick:
        others = 0
        for j in range(n):
            if j != seat:
                others |= hands[j]
        return _take_lead(hands, legal, others, seat, n, trump, misere)
    win = state.win_card
    suit = SUIT_OF[trick[0]]
    later = [hands[(seat + k) % n] for k in range(1, n - len(trick))]
    follow = legal & SUIT_MASKS[suit]
    if follow:
        winners = follow & _above(win, misere) if SUIT_OF[win] == suit else 0
        if winners and not (trump >= 0 and suit != trump and any(
                not h & SUIT_MASKS[suit] and h & trump_mask for h in later)):
            safe = 0
            m = winners
            while m:
                low = m & -m
                if not any(h & _above(low.bit_length() - 1, misere) for h in later):
                    safe |= low
                m ^= low
            if safe:
                return _lowest_rank(safe, misere)
        plain = follow & ~_penalty_cards(state)
        return _lowest_rank(plain or follow, misere)
    trumps = legal & trump_mask
    if trumps:
        need = trumps & _above(win, misere) if SUIT_OF[win] == trump else trumps
        if need:
            safe = 0
            m = need
            while m:
                low = m & -m
                above = _above(low.bit_length() - 1, misere)
                if not any(not h & SUIT_MASKS[suit] and h & above for h in later):
                    safe |= low
                m ^= low
            return _lowest_rank(safe or need, misere)
    side = legal & ~trump_mask
    return _lowest_rank(side or legal, misere)


def _take_lead(hands: list[int], legal: int, others: int, seat: int, n: int, trump: int,
               misere: bool) -> int:
    """Lead a master nobody can ruff (trumps first while others hold trumps), else the
    weakest side card."""
    trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    trumps_out = others & trump_mask
    masters = 0
    for s in range(4):
        field = ranks_in(legal, s)
        if not field:
            continue
        top = card_of(s, _LOW_BIT[field] if misere else _HIGH_BIT[field])
        if others & _above(top, misere):
            continue
        if trumps_out and s != trump and any(
                j != seat and not hands[j] & SUIT_MASKS[s] and hands[j] & trump_mask
                for j in range(n)):
            continue
        masters |= 1 << top
    if masters:
        if masters & trump_mask and trumps_out:
            return _lowest(masters & trump_mask)
        return _lowest(masters & ~trump_mask or masters)
    side = legal & ~trump_mask
    return _lowest_rank(side or legal, misere)


class KingHardPlayer(SearchPlayer[KingState]):
    """Search over sampled deals; every decision of the deal is searched."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS,
                 noise: float = HARD_NOISE) -> None:
        super().__init__(KingSampler(reader=NormalPlayReader()), KingRollout(noise),
                         playouts=playouts,
                         max_seconds=max_seconds, fallback=KingNormalPlayer())

    @staticmethod
    def review_scale(options: Mapping[str, Any]) -> tuple[float, float, float]:
        """The review's marks in points (:mod:`cardtable.ai.review`): an inaccuracy is
        an eighth of a penalty deal's points (a trick of «не брать взяток»: 2 with four
        players, 5 with three), a mistake twice that, a blunder four times."""
        unit = 2.0 if options["players"] == 4 else 5.0
        return unit, 2 * unit, 4 * unit


class KingCheaterPlayer(CheaterPlayer[KingState]):
    """The same search on the true state: the benchmark's ceiling."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS,
                 noise: float = CHEATER_NOISE) -> None:
        super().__init__(KingSampler(), KingRollout(noise), playouts=playouts,
                         max_seconds=max_seconds, fallback=KingNormalPlayer())


class KingPeekerPlayer(KingCheaterPlayer):
    """The cheater without foresight: it sees every card that has been dealt, but
    before a хвалёнка's order the rest of the deal is still in the dealer's hands, so
    each of its copies deals those cards out afresh.  The cheater's clone knows them;
    no player could, so that part of its edge is out of any player's reach."""

    def true_sample(self, state: KingState, rng: random.Random) -> KingState:
        sample = state.clone()
        if sample.phase == "order":
            redeal_rest(sample, rng)
        return sample


def redeal_rest(state: KingState, rng: random.Random) -> None:
    """Deal the cards after each first packet again at random (the same number to
    each seat), and pick each seat's last card among its new ones."""
    n = state.n
    rests = [state.hands[s] & ~state.packets[s] for s in range(n)]
    pool = [c for rest in rests for c in cards_of(rest)]
    rng.shuffle(pool)
    at = 0
    for seat in range(n):
        count = rests[seat].bit_count()
        new = pool[at:at + count]
        at += count
        mask = state.packets[seat]
        for c in new:
            mask |= 1 << c
        state.set_hand(seat, mask, new[-1] if new else None)


class KingOpeningPeekerPlayer(KingCheaterPlayer):
    """Bench only: the peeker while the first trick of a penalty deal is played, and
    ``hard`` (its view, sampled) everywhere else.  Set against ``hard`` and the peeker
    it measures how much of the gap is decided before a seat has seen a single card of
    the others — where no reading of the play can help."""

    def __init__(self, playouts: int = PLAYOUTS, max_seconds: float = MAX_SECONDS) -> None:
        super().__init__(playouts, max_seconds)
        self.sampler = KingSampler(reader=NormalPlayReader())
        self._king_rollout = KingRollout(HARD_NOISE)
        self.rollout = self._king_rollout

    def evaluate_actions_seeing_all(self, state: KingState, seat: int,
                                    legal: Sequence[Action], rng: random.Random,
                                    budget: float | None = None,
                                    ) -> list[tuple[Action, float, int]]:
        if state.phase == "play" and state.sign < 0 and state.trick_no == 0:
            self._king_rollout.noise = CHEATER_NOISE
            return super().evaluate_actions_seeing_all(state, seat, legal, rng, budget)
        self._king_rollout.noise = HARD_NOISE
        return self.evaluate_actions(state.view(seat), legal, rng, budget)
