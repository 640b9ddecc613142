"""The ``easy`` Трефы player: count the hand's tricks, bid that, then play to take
exactly that many.

Only an exact contract scores, so the whole game is about control: a player with a
contract wins tricks while he still needs them — cheaply, or with his most dangerous
card when he holds more sure winners than he needs — and ducks once he has them.
In the auction form the players without a contract play against the declarer — they
take tricks from him while he needs them and push extra ones on him once he has his
number.  Everything is read from the view: the cards played so far (``played_counts``)
tell which higher cards are still out; with two decks a card and its twin cancel in a
trick, so only the other copies of *higher* faces can beat a card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardtable.cards import CLUBS, RANK_OF, SUIT_BASE, SUIT_OF, SUIT_SIZE, Card, suit_end
from cardtable.cards import beats as beats_in_trick
from cardtable.engine.actions import PASS, Action, Play
from cardtable.engine.clubs import ClubsView, deck_for
from cardtable.engine.clubs_actions import Bid

WIN, LOSE, STOP, FEED = "win", "lose", "stop", "feed"
"""What a seat wants from the rest of the deal: take tricks, avoid them, keep the
declarer from his tricks, or give him more than he bid."""

AUCTION_SHADE = {2: -0.5, 3: 0.5, 4: 0.5, 5: 0.5, 6: 0.5, 7: 0.5, 8: 0.5}
"""Tricks the auction bid stays under the estimate (measured): from three players on
the declarer plays against several who take tricks from him, so he falls short more
often than he overshoots; alone against one he tends to overshoot."""


# --- counting ------------------------------------------------------------------------


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * 52
    for c in cards:
        counts[c] += 1
    return counts


def unseen_counts(view: ClubsView) -> list[int]:
    """Copies of each face that are neither played nor in this hand: in the others'
    hands or set aside."""
    deck = deck_for(view.n)
    mine = _counts(view.hand)
    return [(view.decks if (deck >> c) & 1 else 0) - view.played_counts[c] - mine[c]
            for c in range(52)]


def _higher_out(card: int, out: Sequence[int]) -> int:
    """Outstanding copies of faces above ``card`` in its suit."""
    return sum(out[card + 1:suit_end(card)])


def _lower_out(card: int, out: Sequence[int]) -> int:
    """Outstanding copies of faces below ``card`` in its suit."""
    return sum(out[SUIT_BASE[SUIT_OF[card]]:card])


def beats(card: int, winning: int) -> bool:
    """Would ``card`` take the trick from ``winning``?  Clubs are always trumps."""
    return beats_in_trick(card, winning, CLUBS)


def _poisson_at_least(mean: float, k: int) -> float:
    """P(X ≥ k) for a Poisson count: how likely a player still holds a k-th card of
    a suit."""
    term = math.exp(-mean)
    below = 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - below)


def suit_tricks(ranks: Sequence[int], out: Sequence[int], held: float, n: int,
                clubs: bool, top: float = 0.0, second: float = 0.0) -> tuple[float, float]:
    """The top and second-best cards of one suit held as ``ranks`` (highest first)
    against ``out``, the unseen copies of each rank of the suit, of which the share
    ``held`` is in the other hands.  A club counts whole; a plain card by the chance
    that its suit is not ruffed before it comes round.  The counts are added to
    ``top`` and ``second``: a caller summing over several suits passes its running
    sums, so the sums keep their order."""
    per_player = sum(out) * held / max(1, n - 1)
    for i, r in enumerate(ranks):
        behind = sum(out[r + 1:]) * held - i  # higher cards my better ones can't absorb
        if clubs:
            if behind <= 0.01:
                top += 1
            elif behind <= 1.01:
                second += 1
            continue
        followed = 0.25 + 0.75 * _poisson_at_least(per_player, i + 1) ** (n - 1)
        if behind <= 0.01:
            top += followed
        elif behind <= 1.01 and len(ranks) > i + 1:
            second += followed
    return top, second


def hand_features(view: ClubsView) -> tuple[float, ...]:
    """What makes tricks in Трефы: top clubs, second-best clubs, club length, aces and
    guarded kings of the plain suits (each discounted by the chance that the suit is
    ruffed before it comes round), and short plain suits to ruff with spare clubs.
    Cards set aside (two players, or six and seven) count as held by an opponent only
    in proportion."""
    n = view.n
    out = unseen_counts(view)
    others = sum(view.hand_counts) - len(view.hand)
    held = others / (others + view.aside_count) if others else 0.0
    club_top = club_second = side_top = side_second = 0.0
    clubs = short = 0
    for suit in range(4):
        mine = sorted((RANK_OF[c] for c in view.hand if SUIT_OF[c] == suit), reverse=True)
        if suit != CLUBS and len(mine) <= 1:
            short += 2 - len(mine)
        if not mine:
            continue
        suit_out = out[SUIT_BASE[suit]:SUIT_BASE[suit] + SUIT_SIZE]
        if suit == CLUBS:
            clubs = len(mine)
            club_top, club_second = suit_tricks(mine, suit_out, held, n, True)
        else:
            side_top, side_second = suit_tricks(mine, suit_out, held, n, False,
                                                side_top, side_second)
    spare = clubs - club_top - club_second
    return (1.0, club_top, club_second, float(clubs), side_top, side_second,
            float(min(spare, short)))


WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (1.785, 0.312, 0.17, 0.641, 0.489, 0.155, -0.466),
    3: (-1.224, 0.388, 0.35, 0.858, 0.722, 0.536, -0.02),
    4: (-1.021, 0.426, 0.344, 0.784, 0.801, 0.53, -0.083),
    5: (-0.769, 0.488, 0.4, 0.682, 0.868, 0.355, -0.004),
    6: (-1.069, 0.503, 0.779, 0.65, 0.726, 0.634, -0.01),
    7: (-0.894, 0.53, 0.743, 0.597, 0.713, 0.426, 0.068),
    8: (-0.799, 0.624, 0.863, 0.541, 0.629, 0.416, 0.043),
}
"""Per player count, the tricks each feature of ``hand_features`` is worth: a least
squares fit of the tricks easy players took, everyone bidding, refitted a few times
with the new weights (the bids steer the play)."""


def estimate_tricks(view: ClubsView) -> float:
    """Tricks the hand should take: the features weighed for this many players."""
    value = sum(w * f for w, f in zip(WEIGHTS[view.n], hand_features(view), strict=True))
    return min(max(value, 0.0), float(view.hand_size))


# --- the player ----------------------------------------------------------------------


class ClubsEasyPlayer:
    """Rule-based Трефы player; it uses no randomness at all."""

    def choose(self, view: ClubsView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bidding":
            return _bid_everyone(view, legal)
        if view.phase == "auction":
            return _bid_auction(view, legal)
        cards = [a.card for a in legal if isinstance(a, Play)]
        plays: dict[int, Play] = {a.card: a for a in legal if isinstance(a, Play)}
        return plays[_play(view, cards)]


def _bid_everyone(view: ClubsView, legal: Sequence[Action]) -> Action:
    """The legal bid nearest the estimate (the dealer's forbidden number is not in
    ``legal``, so he moves to the next nearest)."""
    est = estimate_tricks(view)
    bids = [a for a in legal if isinstance(a, Bid)]
    return min(bids, key=lambda b: (abs(b.tricks - est), b.tricks))


def _bid_auction(view: ClubsView, legal: Sequence[Action]) -> Action:
    """Bid the estimate if it tops the highest bid, else pass: bidding more than the
    hand can take costs 10.  The last player left, who may not pass, bids the estimate
    or the lowest bid allowed."""
    want = min(view.hand_size, max(0, round(estimate_tricks(view) - AUCTION_SHADE[view.n])))
    bids = [a for a in legal if isinstance(a, Bid)]
    high = -1 if view.high_bid is None else view.high_bid
    passes = [a for a in legal if a == PASS]
    if not passes:
        lowest = min(b.tricks for b in bids)
        return next(b for b in bids if b.tricks == max(want, lowest))
    if want > high:
        return next((b for b in bids if b.tricks == want), passes[0])
    return passes[0]


# --- card play -----------------------------------------------------------------------


def _mode(view: ClubsView) -> str:
    """Decide what this seat wants from the remaining tricks."""
    me = view.seat
    left = view.hand_size - len(view.tricks)
    contract = view.contracts[me]
    if contract is not None:
        need = contract - view.tricks_taken[me]
        return WIN if 0 < need <= left else LOSE
    d = view.declarer
    contract = None if d is None else view.contracts[d]
    if d is None or contract is None:
        return LOSE
    need = contract - view.tricks_taken[d]
    if 0 < need <= left:
        return STOP
    if need == 0:
        return FEED
    return LOSE  # the declarer is beaten already


def still_to_play(view: ClubsView) -> list[int]:
    """Seats after this one in the current trick that hold cards."""
    n = view.n
    done = {s for s, _ in view.trick} | set(view.skipped) | {view.seat}
    leader = view.trick[0][0] if view.trick else view.seat
    return [s for i in range(1, n) if (s := (leader + i) % n) not in done
            and view.hand_counts[s] > 0]


def winning_play(view: ClubsView) -> tuple[int, int]:
    """The (seat, card) taking the trick so far."""
    seat, win = view.trick[0]
    for s, c in view.trick[1:]:
        if beats(c, win):
            seat, win = s, c
    return seat, win


def _play(view: ClubsView, cards: list[Card]) -> int:
    mode = _mode(view)
    out = unseen_counts(view)
    if not view.trick:
        if mode in (WIN, STOP):
            return _lead_to_win(cards, out)
        return _lead_to_lose(cards, out)
    later = still_to_play(view)
    win_seat, win_card = winning_play(view)
    if mode in (STOP, FEED):
        d = view.declarer
        d_done = d not in later
        if mode == STOP:
            if d_done and win_seat != d:
                return _cheapest(cards)  # the declarer has lost this trick already
            if win_seat != d and _is_sure(win_card, out):
                return _cheapest(cards)  # a partner holds it safely
            return _follow_to_win(cards, win_card, later, out, False)
        if d_done and win_seat != d:
            return max(cards, key=lambda c: _danger(c, out))  # lost for him: unload
        return _follow_to_lose(cards, win_card, later, out)
    if mode == WIN:
        return _follow_to_win(cards, win_card, later, out, _surplus(view, out))
    return _follow_to_lose(cards, win_card, later, out)


def _is_sure(card: int, out: Sequence[int]) -> bool:
    """No outstanding card of the suit beats it (a ruff of a plain card aside)."""
    return _higher_out(card, out) == 0


def _danger(card: int, out: Sequence[int]) -> tuple[bool, int, int]:
    """How likely a card is to win a trick later: clubs first, then by how few cards
    still beat it."""
    return (SUIT_OF[card] == CLUBS, -_higher_out(card, out), RANK_OF[card])


def _cheapest(cards: list[Card]) -> int:
    """The least useful card: a low plain card, keeping clubs."""
    return min(cards, key=lambda c: (SUIT_OF[c] == CLUBS, RANK_OF[c], c))


def _lead_to_win(cards: list[Card], out: Sequence[int]) -> int:
    """Lead a card nothing outstanding beats, a club first (it draws the others'
    trumps); without one, give the lead up with a low card of the longest plain suit."""
    sure = [c for c in cards if _is_sure(c, out)]
    clubs_out = sum(out[SUIT_BASE[CLUBS]:]) > 0
    if sure:
        return min(sure, key=lambda c: (SUIT_OF[c] != CLUBS, clubs_out and SUIT_OF[c] != CLUBS,
                                        RANK_OF[c], c))
    plain = [c for c in cards if SUIT_OF[c] != CLUBS] or cards
    length = [0] * 4
    for c in cards:
        length[SUIT_OF[c]] += 1
    return min(plain, key=lambda c: (-length[SUIT_OF[c]], RANK_OF[c], c))


def _lead_to_lose(cards: list[Card], out: Sequence[int]) -> int:
    """Lead the card others are most likely to beat: a plain card with higher cards
    out and as few lower ones as possible, so that whoever follows suit must go over it."""
    return max(cards, key=lambda c: (_higher_out(c, out) > 0, SUIT_OF[c] != CLUBS,
                                     -_lower_out(c, out), _higher_out(c, out), -c))


def _surplus(view: ClubsView, out: Sequence[int]) -> bool:
    """Does the hand hold more sure winners than the tricks still needed?  Then it wins
    with its most dangerous cards and keeps the low ones for ducking later."""
    contract = view.contracts[view.seat]
    if contract is None:
        return False
    need = contract - view.tricks_taken[view.seat]
    tops = sum(1 for c in view.hand if _is_sure(c, out))
    return tops > need


def _follow_to_win(cards: list[Card], win_card: int, later: list[int],
                   out: Sequence[int], surplus: bool) -> int:
    """Take the trick as cheaply as is safe: the lowest winner when last, else the
    lowest winner nothing outstanding beats, else the strongest winner.  With winners
    to spare, spend the most dangerous of the safe ones instead."""
    winners = [c for c in cards if beats(c, win_card)]
    if not winners:
        return _cheapest(cards)
    safe = winners if not later else [c for c in winners if _is_sure(c, out)]
    if safe:
        if surplus:
            return max(safe, key=lambda c: _danger(c, out))
        return min(safe, key=lambda c: (SUIT_OF[c] == CLUBS, RANK_OF[c], c))
    return max(winners, key=lambda c: (SUIT_OF[c] == CLUBS, RANK_OF[c], c))


def _follow_to_lose(cards: list[Card], win_card: int, later: list[int],
                    out: Sequence[int]) -> int:
    """Stay under the winning card with the most dangerous card that still loses;
    forced to win, spend the most dangerous card when last, else the lowest."""
    losers = [c for c in cards if not beats(c, win_card)]
    if losers:
        return max(losers, key=lambda c: _danger(c, out))
    if not later:
        return max(cards, key=lambda c: _danger(c, out))
    return min(cards, key=lambda c: (RANK_OF[c], c))


__all__ = ["ClubsEasyPlayer", "beats", "estimate_tricks", "hand_features", "still_to_play",
           "suit_tricks", "unseen_counts", "winning_play"]
