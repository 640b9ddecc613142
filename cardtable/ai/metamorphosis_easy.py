"""The ``easy`` Метаморфоза player: weigh each card by what the trick would be worth.

Any card may be played, so every розыгрыш is a small sum: who will take this trick,
and what is it worth to him — ``trick_points`` for the kind plus the +10 premium if
it is his declared kind?  The player scores a candidate card by its own gain when it
takes the trick, or by the taker's gain (shared among the opponents) when it does not,
so it avoids penalty tricks, dumps clubs and spades on an opponent's trick, chases
hearts in kind 4 and its own declared kind.  The last to play knows the outcome
exactly; earlier, each later player is assumed to take the trick when he holds a card
that beats it (the chance comes from the unseen cards) and wants the trick, and else
to throw onto it the card that hurts the taker most.  A small value for keeping a card
(high cards, future trumps, clubs and spades to dump in later penalty розыгрыши)
breaks near ties in favour of playing what the coming розыгрыши do not need.

The refill from the neighbour's won pile is ignored, as a casual player would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardtable.cards import (
    CLUBS,
    HEARTS,
    RANK_OF,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    above_in_suit,
    mask_of,
)
from cardtable.cards import beats as beats_in_trick
from cardtable.engine.actions import Action, Play
from cardtable.engine.metamorphosis import (
    DECK,
    KINDS,
    PREMIUM,
    Kind,
    MetamorphosisView,
    kind_of,
    leader_of,
    trick_points,
)
from cardtable.engine.metamorphosis_actions import Declare

KEEP_HIGH = 0.2
"""Points a card is worth keeping per rank above the eight (an ace: 6 × 0.2).  All the
keep values together stay under 3 points, so they never outweigh a sure gain in the
trick at hand; measured, their size hardly matters."""
KEEP_TRUMP = 0.8
KEEP_DUMP = 0.5
"""A club (spade) is worth keeping while kind-1 (kind-2) розыгрыши remain in which
this seat follows: it is what one throws on an opponent's trick there."""
KEEP_HEART = 0.3


# --- small facts ----------------------------------------------------------------------


def _beats(card: int, winning: int, trump: int | None) -> bool:
    """Would ``card`` take the trick from ``winning``?"""
    return beats_in_trick(card, winning, trump)


def trick_winner(plays: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """The (seat, card) taking a trick of ``plays`` so far."""
    win_seat, win_card = plays[0]
    for s, c in plays[1:]:
        if _beats(c, win_card, trump):
            win_seat, win_card = s, c
    return win_seat, win_card


def _beaters(winning: int, trump: int | None) -> int:
    """The mask of cards that beat ``winning``."""
    suit = SUIT_OF[winning]
    mask = above_in_suit(winning)
    if trump is not None and suit != trump:
        mask |= SUIT_MASKS[trump]
    return mask


def _trump_for(view: MetamorphosisView, kind: Kind) -> int | None:
    """The trump of a розыгрыш of ``kind``: the turned card's suit with the option,
    else the kind's own (diamonds in kind 4)."""
    if view.options.get("turned_trump") and view.turned_card is not None:
        return SUIT_OF[view.turned_card]
    return kind.trump


class _Unseen:
    """What this seat does not see: the cards that may be in each other hand."""

    def __init__(self, view: MetamorphosisView) -> None:
        seen = mask_of(view.hand) | mask_of([c for _, c in view.trick])
        for pile in view.piles:
            seen |= mask_of(pile)
        self.known = [mask_of(k) for k in view.known]
        for seat, k in enumerate(self.known):
            if seat != view.seat:
                seen |= k
        if view.turned is not None:
            seen |= 1 << view.turned  # the stock's last card: in no hand
        self.pool = DECK & ~seen
        self.size = self.pool.bit_count()
        self.hidden = [max(0, view.hand_counts[s] - len(view.known[s])) for s in range(view.n)]

    def has_any(self, seat: int, cards: int) -> float:
        """The chance that ``seat`` holds at least one of ``cards``."""
        if self.known[seat] & cards:
            return 1.0
        good = (self.pool & cards).bit_count()
        u, total = self.hidden[seat], self.size
        if good == 0 or u == 0:
            return 0.0
        none = 1.0
        for i in range(u):
            if total - i <= 0:
                break
            none *= max(0.0, (total - good - i) / (total - i))
        return 1.0 - none


# --- the player -------------------------------------------------------------------------


class MetamorphosisEasyPlayer:
    """Rule-based Метаморфоза player; it uses no randomness at all."""

    def choose(self, view: MetamorphosisView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        return choose_action(view, legal, _play)


def choose_action(view: MetamorphosisView, legal: Sequence[Action],
                  play: Callable[[MetamorphosisView, list[Card]], int]) -> Action:
    """A decision with ``play`` picking the card: the levels that share it declare
    alike (by :func:`declaration_score`) and differ only in their card play."""
    if len(legal) == 1:
        return legal[0]
    if view.phase == "declare":
        declares = [a for a in legal if isinstance(a, Declare)]
        return max(declares, key=lambda a: (declaration_score(view, a.value),
                                            -"A234".find(a.value)))
    cards = [a.card for a in legal if isinstance(a, Play)]
    plays: dict[int, Play] = {a.card: a for a in legal if isinstance(a, Play)}
    return plays[play(view, cards)]


# --- declaration ---------------------------------------------------------------------------


WIN_CHANCE: dict[tuple[int, bool, bool, bool], tuple[float, float]] = {
    # (players, turned_trump, the kind has a trump, this seat leads): (a, b) in
    # a + b × strength, measured from easy play with random declarations
    (2, False, False, True): (0.82, 0.046), (2, False, False, False): (0.07, 0.035),
    (2, False, True, True): (0.12, 0.112), (2, False, True, False): (0.51, 0.073),
    (2, True, True, True): (0.37, 0.076), (2, True, True, False): (0.42, 0.035),
    (3, False, False, True): (0.61, 0.021), (3, False, False, False): (0.48, 0.080),
    (3, False, True, True): (0.02, 0.163), (3, False, True, False): (-0.07, 0.191),
    (3, True, True, True): (0.47, 0.046), (3, True, True, False): (0.37, 0.079),
}
"""The chance of taking a розыгрыш of one's declared kind.  In a two-handed game the
leader of a no-trump розыгрыш nearly always takes it (the follower can always throw
off), while with a trump the follower usually ruffs."""
TRICK_WEIGHT = 0.25
"""How much the trick's own points count next to the premium when declaring: the
tricks of one's own розыгрыши are mostly taken anyway."""


def hand_strength(hand: Sequence[int], trump: int | None) -> float:
    """Aces and kings without a trump; high trumps, other trumps and side aces with one."""
    if trump is None:
        return sum(1.0 if RANK_OF[c] == 12 else 0.5 if RANK_OF[c] == 11 else 0.0 for c in hand)
    return sum((1.0 if RANK_OF[c] >= 10 else 0.4) if SUIT_OF[c] == trump
               else (0.5 if RANK_OF[c] == 12 else 0.0) for c in hand)


def declaration_score(view: MetamorphosisView, value: str) -> float:
    """The points declaring ``value`` should bring: for each розыгрыш of that kind the
    chance of taking it (leading or following) times the premium and part of what
    such a trick holds (the others throw clubs or spades on it, hearts add)."""
    kind = KINDS["A234".index(value)]
    trump = _trump_for(view, kind)
    n = view.n
    strength = hand_strength(view.hand, trump)
    tt = bool(view.options.get("turned_trump"))
    if kind.number in (1, 2):
        # the others throw their clubs (spades) on it, and the fewer this hand holds
        # the less often its own card adds one
        own = sum(1 for c in view.hand if (kind.cards >> c) & 1) / max(1, len(view.hand))
        points = kind.per_card * (0.9 * (n - 1) + own)
    elif kind.number == 3:
        points = kind.per_card * n
    else:
        points = 2.0
    total = 0.0
    for r in range(1, view.rounds_total + 1):
        if kind_of(r) is kind:
            lead = leader_of(r, view.dealer, n, view.options.get("leaders", "rotate")) \
                == view.seat
            a, b = WIN_CHANCE[(n, tt, trump is not None, lead)]
            p = min(0.95, max(0.0, a + b * strength))
            total += p * (PREMIUM + TRICK_WEIGHT * points)
    return total


# --- card play -----------------------------------------------------------------------------


def _play(view: MetamorphosisView, cards: list[Card]) -> int:
    kind = view.kind
    assert kind is not None
    unseen = _Unseen(view)
    keep = _keep_values(view)
    return max(cards, key=lambda c: (trick_value(view, kind, unseen, c) - keep[c], -c))


def _premium(view: MetamorphosisView, seat: int, kind: Kind) -> int:
    return PREMIUM if view.declarations[seat] == kind.declaration else 0


def trick_value(view: MetamorphosisView, kind: Kind, unseen: _Unseen, card: int,
                extra: Callable[[int, list[int]], float] | None = None) -> float:
    """What playing ``card`` now should bring this seat, relative to the others, over
    the ways the trick may end; ``extra(taker, cards on the table)`` adds what else
    an outcome is worth to the seat (the normal level's refill)."""
    n, me = view.n, view.seat
    played = [*view.trick, (me, card)]
    win_seat, win_card = trick_winner(played, view.trump)
    later = [(me + i) % n for i in range(1, n - len(played) + 1)]
    cards = [c for _, c in played]
    points = float(trick_points(kind, mask_of(cards)))
    if kind.cards == DECK:
        points = float(kind.per_card * n)  # every card of the full trick counts
    outcomes = _resolve(view, kind, unseen, later, win_seat, win_card, points, 1.0)
    total = 0.0
    for seat, pts, prob in outcomes:
        gain = pts + _premium(view, seat, kind)
        v = gain if seat == me else -gain / (n - 1)
        if extra is not None:
            v += extra(seat, cards)
        total += prob * v
    return total


def _resolve(view: MetamorphosisView, kind: Kind, unseen: _Unseen, later: list[int],
             win_seat: int, win_card: int, points: float,
             prob: float) -> list[tuple[int, float, float]]:
    """The ways the trick may end: (taker, points of the trick, chance).  Each later
    player takes it if he can and would rather have it than leave it to the taker so
    far; otherwise he throws a scoring card on it where that hurts the taker."""
    if not later:
        return [(win_seat, points, prob)]
    q, rest = later[0], later[1:]
    n = view.n
    trump = view.trump
    beat = _beaters(win_card, trump)
    throw = 0.0
    if kind.per_card < 0 and kind.cards != DECK:
        throw = kind.per_card * unseen.has_any(q, kind.cards & ~beat)
    take_gain = points + _premium(view, q, kind)
    leave_loss = -(points + throw + _premium(view, win_seat, kind)) / (n - 1)
    wants = take_gain > leave_loss
    p_take = unseen.has_any(q, beat) if wants else 0.0
    out: list[tuple[int, float, float]] = []
    if p_take > 0:
        # his card: the cheapest he may hold that beats, of the suit led if possible
        his = beat & (unseen.pool | unseen.known[q]) or beat
        same = his & SUIT_MASKS[SUIT_OF[win_card]]
        pick = same or his
        out += _resolve(view, kind, unseen, rest, q, (pick & -pick).bit_length() - 1,
                        points, prob * p_take)
    if p_take < 1:
        out += _resolve(view, kind, unseen, rest, win_seat, win_card, points + throw,
                        prob * (1 - p_take))
    return out


def rounds_ahead(view: MetamorphosisView) -> tuple[set[int], list[dict[int, int]], bool]:
    """What the розыгрыши after this one hold: the suits that will be trump; per seat,
    how many kind-1 and kind-2 розыгрыши it follows in (by the suit it throws there,
    clubs or spades: both are always keys); and whether kind 4 (hearts) is still to
    come."""
    n = view.n
    trumps: set[int] = set()
    follow = [{CLUBS: 0, SPADES: 0} for _ in range(n)]
    hearts_ahead = False
    for r in range(view.round + 1, view.rounds_total + 1):
        kind = kind_of(r)
        t = _trump_for(view, kind)
        if t is not None:
            trumps.add(t)
        if kind.number == 4:
            hearts_ahead = True
        leader = leader_of(r, view.dealer, n, view.options.get("leaders", "rotate"))
        if kind.number in (1, 2):
            for seat in range(n):
                if seat != leader:
                    follow[seat][CLUBS if kind.number == 1 else SPADES] += 1
    return trumps, follow, hearts_ahead


def _keep_values(view: MetamorphosisView) -> list[float]:
    """What each card is worth keeping for the розыгрыши still to come (nothing in the
    last one): high cards and future trumps win tricks, clubs and spades are thrown on
    the others' tricks in the penalty kinds this seat follows in, hearts score in
    kind 4."""
    future = range(view.round + 1, view.rounds_total + 1)
    if not future:
        return [0.0] * 52
    horizon = min(1.0, len(future) / 4)
    trumps, follow, hearts_ahead = rounds_ahead(view)
    dump_suits = {suit for suit, times in follow[view.seat].items() if times}
    keep = [0.0] * 52
    for c in range(52):
        suit, rank = SUIT_OF[c], RANK_OF[c]
        v = KEEP_HIGH * max(0, rank - 6)
        if suit in trumps:
            v += KEEP_TRUMP
        if suit in dump_suits:
            v += KEEP_DUMP
        if hearts_ahead and suit == HEARTS:
            v += KEEP_HEART
        keep[c] = v * horizon
    return keep


__all__ = ["MetamorphosisEasyPlayer", "choose_action", "declaration_score", "rounds_ahead",
           "trick_value", "trick_winner"]
