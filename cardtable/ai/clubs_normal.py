"""The ``normal`` Трефы player: card counting, calibrated bids and play for the exact
number of tricks.

Counting.  From the view alone it knows the unseen copies of every face and, from the
play, the faces each seat may still hold (a seat that did not follow suit has no
playable card of that suit, a skipped seat holds only twins of the trick's cards).
Spread over the seats in proportion to their hand sizes, that gives the chance that a
seat still to play holds a card able to beat the one winning the trick.

Goals.  Every seat's aim follows from the public facts: a seat with a contract wants
tricks until it has its number and none after; in the auction the others want to keep
the declarer from a trick while he needs one (``stop``) and to push one more on him
once he has his number (``feed``).  Each card is judged by the chance that it gets the
trick where the seat wants it — taking into account which later seats would try to beat
it and which would duck — and by what it costs to spend it (a high card wins later, a
low card ducks later).

Control.  Top clubs take a trick whenever their holder likes, now or at the end.  A
seat that holds as many of them as it still needs tricks loses every other trick,
shedding its middle cards while the defenders are still eager to beat them, and takes
its number with the top clubs when it chooses; short of them, it wins where it can.

Bidding.  ``hand_value`` counts a hand's expected tricks (the easy player's features:
top clubs, guarded clubs, club length, plain aces and kings discounted by the chance
of a ruff, short suits to ruff with spare clubs); the chance of making exactly ``k``
tricks is a logistic function of ``k``, that value and the top clubs, fitted per form
and player count on deals played by this player.  It bids the contract of best
expected score — in the auction only when that score beats defending, which scores
nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from cardtable.ai.clubs_easy import (
    WEIGHTS,
    beats,
    still_to_play,
    suit_tricks,
    unseen_counts,
    winning_play,
)
from cardtable.cards import CLUBS, RANK_OF, SUIT_MASKS, SUIT_OF, Card, cards_of, ranks_in, suit_end
from cardtable.engine.actions import PASS, Action, Play
from cardtable.engine.clubs import (
    ASIDE,
    HAND_SIZE,
    ClubsView,
    deck_for,
    decks_for,
    hand_masks,
)
from cardtable.engine.clubs_actions import Bid

WIN, LOSE, STOP, FEED, IDLE = "win", "lose", "stop", "feed", "idle"
"""A seat's aim for the rest of the deal: take tricks, avoid them, keep the declarer
from the tricks he needs, give him one too many, or nothing left to play for."""

ALL_FACES = (1 << 52) - 1


# --- the value of a hand (bidding) ---------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _suit_features(n: int, suit_is_clubs: bool, deck13: int, ones13: int,
                   twos13: int) -> tuple[float, float, float, float, float, float]:
    """One suit's share of the easy player's hand features for a hand as dealt:
    (club tops, club seconds, clubs, plain tops, plain seconds, shortness).  The easy
    player reads them from a view; here they come from bitmasks, one table entry per
    suit pattern, because the sampler and the rollouts value thousands of hands."""
    decks = decks_for(n)
    hand = HAND_SIZE[n]
    others = (n - 1) * hand
    held = others / (others + ASIDE[n])
    mine = sorted(cards_of(ones13) + cards_of(twos13), reverse=True)
    out = [(decks if (deck13 >> r) & 1 else 0) - ((ones13 >> r) & 1) - ((twos13 >> r) & 1)
           for r in range(13)]
    top, second = suit_tricks(mine, out, held, n, suit_is_clubs)
    if suit_is_clubs:
        return top, second, float(len(mine)), 0.0, 0.0, 0.0
    return 0.0, 0.0, 0.0, top, second, float(max(0, 2 - len(mine)))


_DECKS = {n: deck_for(n) for n in HAND_SIZE}


def hand_features(ones: int, twos: int, n: int) -> tuple[float, ...]:
    """The features of a hand as dealt (bitmasks; ``twos`` the faces held twice)."""
    deck = _DECKS[n]
    club_top = club_second = clubs = side_top = side_second = short = 0.0
    for suit in range(4):
        f = _suit_features(n, suit == CLUBS, ranks_in(deck, suit),
                           ranks_in(ones, suit), ranks_in(twos, suit))
        club_top += f[0]
        club_second += f[1]
        clubs += f[2]
        side_top += f[3]
        side_second += f[4]
        short += f[5]
    spare = clubs - club_top - club_second
    return (1.0, club_top, club_second, clubs, side_top, side_second, min(spare, short))


@lru_cache(maxsize=1 << 17)
def _suit_part(n: int, suit: int, ones13: int, twos13: int) -> tuple[float, float, float]:
    """One suit's weighed share of ``hand_value``, its part of the ruff feature (spare
    clubs for the club suit, shortness for a plain suit) and its top clubs."""
    f = _suit_features(n, suit == CLUBS, ranks_in(_DECKS[n], suit), ones13, twos13)
    w = WEIGHTS[n]
    linear = w[1] * f[0] + w[2] * f[1] + w[3] * f[2] + w[4] * f[3] + w[5] * f[4]
    if suit == CLUBS:
        return linear, f[2] - f[0] - f[1], f[0]
    return linear, f[5], 0.0


def hand_strength(ones: int, twos: int, n: int) -> tuple[float, float]:
    """A hand as dealt: the tricks it should take (its features weighed for ``n``
    players) and its top clubs.  The same sums as over ``hand_features``, from
    per-suit tables: the sampler and the rollouts value thousands of hands."""
    value = WEIGHTS[n][0]
    spare = short = top = 0.0
    for suit in range(4):
        linear, extra, tops = _suit_part(n, suit, ranks_in(ones, suit),
                                         ranks_in(twos, suit))
        value += linear
        if suit == CLUBS:
            spare, top = extra, tops
        else:
            short += extra
    value += WEIGHTS[n][6] * min(spare, short)
    return min(max(value, 0.0), float(HAND_SIZE[n])), top


def hand_value(ones: int, twos: int, n: int) -> float:
    """The tricks a hand as dealt should take."""
    return hand_strength(ones, twos, n)[0]




def view_hand_masks(view: ClubsView) -> tuple[int, int]:
    """The seat's cards as dealt (its hand plus what it has played), as bitmasks."""
    played = [c for _, plays, _, _ in view.tricks for s, c in plays if s == view.seat]
    played += [c for s, c in view.trick if s == view.seat]
    return hand_masks(list(view.hand) + played)


# --- bidding -----------------------------------------------------------------------------------

MAKE_WEIGHTS: dict[str, dict[int, tuple[float, ...]]] = {
    "auction": {
        2: (-0.721, 0.064, -0.101, -0.061, 0.182, -0.179, 0.009, -0.617),
        3: (-2.566, -0.842, -0.299, 0.454, -0.103, -0.285, -0.004, -0.962),
        4: (-1.671, -0.714, -0.420, 0.451, 0.051, -0.314, -0.025, -2.317),
        5: (-0.341, -0.835, -0.774, 0.307, 0.228, -0.756, 0.082, -3.521),
        6: (-1.360, -0.854, -0.435, 0.443, 0.095, -0.506, -0.015, -3.264),
        7: (-0.365, -0.818, -0.642, 0.331, 0.464, -0.950, 0.029, -4.045),
        8: (0.184, -0.938, -0.831, 0.170, 0.601, -1.369, 0.235, -6.358),
    },
    "everyone": {
        2: (-0.148, 0.139, -0.140, -0.082, 0.043, 0.014, -0.026, 0.000),
        3: (1.045, -0.088, -0.281, -0.117, 0.063, -0.267, 0.019, -11.641),
        4: (0.857, -0.118, -0.366, -0.117, 0.024, -0.259, 0.027, -2.168),
        5: (1.146, -0.259, -0.589, -0.163, 0.137, -0.559, 0.106, -4.349),
        6: (0.985, -0.212, -0.361, -0.138, 0.044, -0.394, 0.050, -3.391),
        7: (1.104, -0.286, -0.436, -0.214, 0.100, -0.601, 0.120, -4.032),
        8: (1.444, -0.322, -0.676, -0.293, 0.159, -0.774, 0.189, -4.272),
    },
}
"""The chance of making a contract of ``k`` tricks exactly, as a logistic function of
(1, d, d², v, t, e, e², k < t) where v is the hand's value, t its top clubs, d = k − v
and e = k − t: fitted per form and player count on normal players' deals with
contracts set at random around the value.  Top clubs are tricks the declarer takes at
will, so a contract near their number is made far more often than the value alone
says, and one below it almost never."""
AUCTION_THRESHOLD = 0.0
"""The expected score a contract must promise before the player bids for it where
nothing is known of the declarer he would otherwise defend against: defending scores
nothing (see :func:`pass_worth`)."""


def make_chance(k: int, value: float, top: float, n: int, form: str) -> float:
    """How likely a contract of ``k`` tricks is made exactly with a hand worth
    ``value`` holding ``top`` top clubs."""
    w = MAKE_WEIGHTS[form][n]
    d = k - value
    e = k - top
    z = (w[0] + w[1] * d + w[2] * d * d + w[3] * value + w[4] * top + w[5] * e
         + w[6] * e * e + (w[7] if k < top else 0.0))
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def contract_worth(k: int, value: float, top: float, n: int, form: str) -> float:
    """The expected score of bidding ``k``: 10 + k made, −10 otherwise."""
    p = make_chance(k, value, top, n, form)
    return p * (20 + k) - 10


def best_bid(low: int, high: int, value: float, top: float, n: int, form: str,
             forbidden: int | None = None) -> tuple[int, float]:
    """The contract from ``low`` to ``high`` (not ``forbidden``) of best expected score,
    and that score: every number in the range is weighed (a high contract is worth
    more when made, and a forced bidder may find his best far from the hand's value)."""
    best, worth = low, -math.inf
    for k in range(low, high + 1):
        if k == forbidden:
            continue
        w = contract_worth(k, value, top, n, form)
        if w > worth:
            best, worth = k, w
    return best, worth


FORCED_HANDS = 600
"""Random hands over which a forced declarer's expected score is averaged."""


@cache
def forced_worth(n: int) -> float:
    """The expected score of a declarer who must bid whatever he holds (the model's
    best contract, averaged over random hands of ``n`` players' deals)."""
    rng = random.Random(f"forced:{n}")
    deck = [c for c in range(52) if (deck_for(n) >> c) & 1] * decks_for(n)
    size = HAND_SIZE[n]
    total = 0.0
    for _ in range(FORCED_HANDS):
        ones, twos = hand_masks(rng.sample(deck, size))
        value, top = hand_strength(ones, twos, n)
        total += best_bid(0, size, value, top, n, "auction")[1]
    return total / FORCED_HANDS


def pass_worth(n: int, high_bid: int | None, bidders_left: int) -> float:
    """What passing in the auction is worth to a seat, in the search's terms (its own
    score minus the mean of the others'): the declarer it leaves the deal to scores
    for himself alone, so defending is worth minus his expected score shared over the
    other seats.

    Only where that declarer is known to be forced does this differ from nothing: at
    two players before any bid, a pass makes the other seat declare whatever he holds,
    and a forced declarer expects to lose (``forced_worth``) — so the first bidder
    declares only a contract worth more than spoiling the other's.  Elsewhere the
    declarer chose to bid, and his expected score is taken as the nothing he would
    otherwise have."""
    if high_bid is None and bidders_left == 2 and n == 2:
        return -forced_worth(n) / (n - 1)
    return AUCTION_THRESHOLD


def choose_bid(view: ClubsView, legal: Sequence[Action], value: float, top: float) -> Action:
    """The bid of best expected score, or a pass in the auction when no allowed bid
    is worth the risk."""
    form = "auction" if view.phase == "auction" else "everyone"
    bids = sorted(a.tricks for a in legal if isinstance(a, Bid))
    forbidden = view.forbidden_bid if form == "everyone" else None
    k, worth = best_bid(bids[0], bids[-1], value, top, view.n, form, forbidden)
    if PASS in legal and worth < pass_worth(view.n, view.high_bid,
                                            view.passed.count(False)):
        return PASS
    return Bid(k)


# --- what the view tells about the hidden cards ----------------------------------------


def play_order(leader: int, n: int, plays: Sequence[tuple[int, int]],
               skipped: Sequence[int]) -> list[tuple[int, int | None]]:
    """The turns of a trick in order: (seat, card) for a play, (seat, None) for a
    skip.  A trick records who played what and who was skipped; seats come in turn
    from the leader, so the order follows."""
    turns: list[tuple[int, int | None]] = []
    queue = list(plays)
    skips = set(skipped)
    for i in range(n):
        if not queue and not skips:
            break
        seat = (leader + i) % n
        if queue and queue[0][0] == seat:
            turns.append((seat, queue.pop(0)[1]))
        elif seat in skips:
            skips.discard(seat)
            turns.append((seat, None))
    return turns


def allowed_masks(view: ClubsView) -> list[int]:
    """Per seat, the faces it may still hold given how it played: not following suit
    leaves only twins of the trick's cards of that suit, a skip only twins of the
    trick's cards."""
    n = view.n
    allowed = [ALL_FACES] * n
    tricks = [(lead, plays, skipped) for lead, plays, _, skipped in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], view.trick, view.skipped))
    for lead, plays, skipped in tricks:
        in_trick = 0
        led = -1
        for seat, card in play_order(lead, n, plays, skipped):
            if card is None:
                allowed[seat] &= in_trick
                continue
            if led < 0:
                led = SUIT_OF[card]
            elif SUIT_OF[card] != led:
                allowed[seat] &= ~(SUIT_MASKS[led] & ~in_trick)
            in_trick |= 1 << card
    return allowed


def goal_of(view: ClubsView, seat: int) -> str:
    """What ``seat`` plays for now, from public facts."""
    left = view.hand_size - len(view.tricks)
    contract = view.contracts[seat]
    if contract is not None:
        need = contract - view.tricks_taken[seat]
        if need < 0 or need > left:
            return IDLE
        return WIN if need > 0 else LOSE
    d = view.declarer
    contract = None if d is None else view.contracts[d]
    if d is None or contract is None:
        return IDLE
    need = contract - view.tricks_taken[d]
    if need < 0 or need > left:
        return IDLE
    return STOP if need > 0 else FEED


class Reading:
    """The normal player's reading of the table: counts, voids and, per seat and
    suit, the chance that one unseen copy of a face lies in that seat's hand."""

    def __init__(self, view: ClubsView) -> None:
        self.view = view
        n = view.n
        self.n = n
        self.me = view.seat
        self.out = unseen_counts(view)
        out_mask = 0
        for c, k in enumerate(self.out):
            if k:
                out_mask |= 1 << c
        self.out_mask = out_mask
        self.allowed = allowed_masks(view)
        self.goals = [goal_of(view, s) for s in range(n)]
        in_trick = 0
        for _, c in view.trick:
            in_trick |= 1 << c
        self.in_trick = in_trick
        holders: list[tuple[int, int]] = [(view.hand_counts[s], self.allowed[s])
                                          for s in range(n) if s != self.me]
        holders.append((view.aside_count, ALL_FACES))
        self.share = [[0.0] * 4 for _ in range(n)]
        for s in range(n):
            if s == self.me:
                continue
            for suit in range(4):
                faces = out_mask & SUIT_MASKS[suit]
                if not faces & self.allowed[s]:
                    continue
                room = sum(h for h, a in holders if a & faces)
                self.share[s][suit] = view.hand_counts[s] / room if room else 0.0
        self.led = SUIT_OF[view.trick[0][1]] if view.trick else -1
        self.later = still_to_play(view)

    def copies(self, seat: int, faces: int) -> int:
        """Unseen copies of ``faces`` that ``seat`` may hold (twins of cards already
        in the trick cannot be played to it and do not count)."""
        faces &= self.out_mask & self.allowed[seat] & ~self.in_trick
        total = 0
        while faces:
            low = faces & -faces
            total += self.out[low.bit_length() - 1]
            faces ^= low
        return total

    def none_of(self, seat: int, faces: int, suit: int) -> float:
        """Chance that ``seat`` holds no playable copy of ``faces`` (all of ``suit``)."""
        k = self.copies(seat, faces)
        if not k:
            return 1.0
        return (1.0 - min(self.share[seat][suit], 1.0)) ** k

    def beat_chance(self, seat: int, top: int, led: int, wants: bool) -> float:
        """Chance that ``seat`` plays over ``top`` in a trick led in ``led``: willingly
        when it ``wants`` the trick, else only when following suit forces it."""
        suit = SUIT_OF[top]
        rank_above = SUIT_MASKS[suit] & ~((2 << top) - 1)
        if suit == led:
            no_higher = self.none_of(seat, rank_above, suit)
            if not wants:
                lower = SUIT_MASKS[suit] & ((1 << top) - 1)
                return (1.0 - no_higher) * self.none_of(seat, lower, suit)
            if suit == CLUBS:
                return 1.0 - no_higher
            void = self.none_of(seat, SUIT_MASKS[led], led)
            has_club = 1.0 - self.none_of(seat, SUIT_MASKS[CLUBS], CLUBS)
            return 1.0 - no_higher + void * has_club
        # the trick is ruffed: only a seat void in the suit led can overruff
        if not wants:
            return 0.0
        void = self.none_of(seat, SUIT_MASKS[led], led)
        return void * (1.0 - self.none_of(seat, rank_above, CLUBS))

    def wants_over(self, seat: int, winner: int) -> bool:
        """Would ``seat`` try to beat the trick's winner ``winner``?"""
        goal = self.goals[seat]
        if goal == WIN:
            return True
        if goal == STOP:
            return winner == self.view.declarer
        return False

    def holds_chance(self, seats: Sequence[int], top: int, winner: int, led: int) -> float:
        """Chance that ``top`` (played by ``winner``) still wins after ``seats``."""
        p = 1.0
        for s in seats:
            p *= 1.0 - min(1.0, self.beat_chance(s, top, led, self.wants_over(s, winner)))
        return p

    def higher_out(self, card: int) -> int:
        """Unseen copies of faces above ``card`` in its suit."""
        return sum(self.out[card + 1:suit_end(card)])

    def strength(self, card: int) -> float:
        """How likely a card is to take a trick later: clubs above plain cards, and
        by how few unseen cards beat it."""
        return (0.4 if SUIT_OF[card] == CLUBS else 0.0) + 1.0 / (1 + self.higher_out(card))

    def sure(self, card: int) -> bool:
        """Nothing unseen beats it in its suit (a ruff aside)."""
        return self.higher_out(card) == 0


# --- the player ------------------------------------------------------------------------------


class ClubsNormalPlayer:
    """Card-counting Трефы player; deterministic (``rng`` is not used)."""

    def choose(self, view: ClubsView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase in ("auction", "bidding"):
            value, top = hand_strength(*view_hand_masks(view), view.n)
            return choose_bid(view, legal, value, top)
        cards = [a.card for a in legal if isinstance(a, Play)]
        plays: dict[int, Play] = {a.card: a for a in legal if isinstance(a, Play)}
        return plays[choose_card(view, cards)]


def choose_card(view: ClubsView, cards: list[Card]) -> int:
    """The card to play now, by the seat's goal."""
    r = Reading(view)
    goal = r.goals[r.me]
    if not view.trick:
        return _lead(r, cards, goal)
    return _follow(r, cards, goal)


COST = 0.15
"""How much a card's later value weighs against the chance of getting this trick where
it should go."""


def _need(r: Reading) -> tuple[int, int]:
    """Tricks the seat still needs for its contract, and tricks left (this one too)."""
    view = r.view
    contract = view.contracts[r.me]
    assert contract is not None
    return contract - view.tricks_taken[r.me], view.hand_size - len(view.tricks)


def _top_clubs(r: Reading) -> list[int]:
    """The hand's top clubs: each takes a trick whenever the seat plays it, now or at
    the end (a top plain card may be ruffed once the others run out of its suit, so
    it is cashed early instead of kept)."""
    return [c for c in r.view.hand if SUIT_OF[c] == CLUBS and r.sure(c)]


def _cheapest(r: Reading, cards: list[Card]) -> int:
    """The card worth least later, plain before clubs."""
    return min(cards, key=lambda c: (r.strength(c), RANK_OF[c], c))


def _most_dangerous(r: Reading, cards: list[Card]) -> int:
    return max(cards, key=lambda c: (r.strength(c), RANK_OF[c], c))


def _follow(r: Reading, cards: list[Card], goal: str) -> int:
    view = r.view
    win_seat, win_card = winning_play(view)
    led = r.led
    over = [c for c in cards if beats(c, win_card)]
    under = [c for c in cards if not beats(c, win_card)]
    me = r.me
    if goal == WIN:
        return _follow_for_tricks(r, cards, over, under)
    if goal in (LOSE, IDLE):
        if under:
            return _most_dangerous(r, under)
        # forced over the winner: hope someone later beats it, or unload the worst
        return min(over, key=lambda c: (r.holds_chance(r.later, c, me, led)
                                        - COST * r.strength(c), c))
    d = view.declarer
    assert d is not None
    if goal == STOP:
        if d not in r.later:
            if win_seat == d and over:
                return _cheapest(r, over)
            return _cheapest(r, cards)
        # the declarer is still to play: make the trick as hard for him as we can
        def declarer_wins(c: int) -> float:
            top, seat = (c, me) if beats(c, win_card) else (win_card, win_seat)
            return 1.0 - r.holds_chance([d], top, seat, led)
        return min(cards, key=lambda c: (declarer_wins(c) + COST * r.strength(c), c))
    # FEED: the declarer has his tricks; give him another
    if d not in r.later:
        if win_seat == d and under:
            return _most_dangerous(r, under)
        return _most_dangerous(r, cards)
    if under:
        return _most_dangerous(r, under)
    return min(over, key=lambda c: (r.strength(c), c))


def _follow_for_tricks(r: Reading, cards: list[Card], over: list[Card],
                       under: list[Card]) -> int:
    """A seat that needs tricks.  Holding as many top clubs as it needs, it
    loses this trick with a card that could cost it later (the defenders, who are
    still trying to beat it, take such cards gladly) and keeps the top clubs to
    take its number at will; short of them, it wins where it can, cheaply."""
    need, left = _need(r)
    me, led = r.me, r.led
    tops = _top_clubs(r)
    if need >= left:
        if not over:
            return _cheapest(r, cards)
        return max(over, key=lambda c: (r.holds_chance(r.later, c, me, led), -c))
    if len(tops) >= need:
        spare = [c for c in under if c not in tops]
        if spare:
            return _most_dangerous(r, spare)
        loose = [c for c in over if c not in tops]
        if loose:
            # every such card beats the trick so far: the one most likely overtaken
            best = min(loose, key=lambda c: (r.holds_chance(r.later, c, me, led)
                                             - COST * r.strength(c), c))
            if r.holds_chance(r.later, best, me, led) < 0.5:
                return best
        # the trick is ours anyway: take it with a top club, not a card that would
        # leave one top club too many
        legal_tops = [c for c in cards if c in tops]
        if legal_tops:
            return min(legal_tops)
        return _cheapest(r, cards)
    if not over:
        spare = [c for c in cards if c not in tops]
        return _most_dangerous(r, spare) if spare else _cheapest(r, cards)
    best = max(over, key=lambda c: (r.holds_chance(r.later, c, me, led)
                                    - COST * r.strength(c) * (c in tops), -c))
    if r.holds_chance(r.later, best, me, led) >= 0.5:
        return best
    spare = [c for c in under if c not in tops]
    return _most_dangerous(r, spare) if spare else best


def _lead_for_tricks(r: Reading, cards: list[Card], lead_holds: Callable[[int], float]) -> int:
    """Leading when the contract needs tricks: with enough top clubs, lead
    the card likeliest to lose (and dangerous to keep); short of them, the card
    likeliest to win, or a low card of the longest plain suit to give the lead up."""
    need, left = _need(r)
    tops = _top_clubs(r)
    if need >= left:
        return max(cards, key=lambda c: (lead_holds(c), -c))
    if len(tops) >= need:
        spare = [c for c in cards if c not in tops]
        if spare:
            best = min(spare, key=lambda c: (lead_holds(c) - COST * r.strength(c), -c))
            if lead_holds(best) < 0.5 or not tops:
                return best
        # every lead would take the trick: take it with a top club
        return min(tops) if tops else min(cards, key=lambda c: (r.strength(c), c))
    loose = [c for c in cards if c not in tops] or cards
    best = max(loose, key=lambda c: (lead_holds(c) - COST * r.strength(c), -c))
    if lead_holds(best) >= 0.5:
        return best
    plain = [c for c in cards if SUIT_OF[c] != CLUBS and c not in tops] or cards
    length = [0] * 4
    for c in cards:
        length[SUIT_OF[c]] += 1
    return min(plain, key=lambda c: (-length[SUIT_OF[c]], RANK_OF[c], c))


def _lead(r: Reading, cards: list[Card], goal: str) -> int:
    me = r.me
    others = r.later

    def lead_holds(c: int) -> float:
        return r.holds_chance(others, c, me, SUIT_OF[c])

    if goal == WIN:
        return _lead_for_tricks(r, cards, lead_holds)
    if goal in (LOSE, IDLE):
        return min(cards, key=lambda c: (lead_holds(c) - COST * r.strength(c), -c))
    d = r.view.declarer
    assert d is not None
    if goal == STOP:
        # lead what the declarer cannot beat (defenders before him may still raise it)
        def declarer_wins(c: int) -> float:
            return 1.0 - r.holds_chance([d], c, me, SUIT_OF[c])
        return min(cards, key=lambda c: (declarer_wins(c) + COST * r.strength(c), c))

    # FEED: lead what the declarer must beat, following suit against his will
    def declarer_forced(c: int) -> float:
        suit = SUIT_OF[c]
        above = SUIT_MASKS[suit] & ~((2 << c) - 1)
        below = SUIT_MASKS[suit] & ((1 << c) - 1)
        forced = (1.0 - r.none_of(d, above, suit)) * r.none_of(d, below, suit)
        between = [s for s in others if s != d]
        return forced * r.holds_chance(between, c, me, suit)
    return max(cards, key=lambda c: (declarer_forced(c) + COST * r.strength(c), -c))


__all__ = ["ClubsNormalPlayer", "Reading", "allowed_masks", "choose_bid", "choose_card",
           "goal_of", "hand_features", "hand_masks", "hand_strength", "hand_value",
           "play_order", "view_hand_masks"]
