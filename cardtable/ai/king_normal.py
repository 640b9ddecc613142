"""The ``normal`` Кинг player: card counting, a small model of what each card is worth,
and bidding from fitted trick estimates; instant.

**Counting.**  The unseen cards are those neither in the hand nor played; a seat that
did not follow suit (or, by the rules of the deal, did not throw the K♥ or led a heart)
has shown what it cannot hold (:func:`cardtable.ai.king_sample.possible_cards`).  Each
seat's chance of holding each unseen card is fitted to the hand sizes (:class:`Counting`).

**Penalty deals** (and the plus deals of «мальчики», «девочки», ералаш): every legal card
is scored ::

    P(it wins this trick) × worth of the trick  −  what it would bring if kept

with the worth signed (negative where a trick costs).  The chance of winning counts the
seats still to play (in a penalty deal they overtake only when forced: all their cards
of the suit are higher), the worth adds what they are expected to throw on it, and the
value of keeping the card comes from a linear model fitted to this player's own games
(:data:`FUTURE_MODEL`).  One rule so yields the classic tactics: duck with the highest
card that still loses, throw the K♥ or a queen on someone else's trick, when forced to
win spend a high card rather than a penalty card, lead cards that others must beat.
«2 последние» keeps a hand-made estimate of a card's danger: early tricks cost nothing,
so it sheds the cards most likely to win at the end.

**Taking play** (хвалёнки and the other plus deals): cash masters nobody can ruff, draw
trumps with a long trump suit, lead a singleton to ruff later, win a trick as cheaply as
holds against the seats still to play, otherwise throw the card least likely to win later.

**Bidding.**  :func:`expected_tricks` estimates a hand's tricks under a contract, as
declarer or not, from :func:`hand_features` with weights fitted to thousands of
хвалёнки (:data:`TRICK_MODEL`).  The order averages it over random completions of the
first packet against the sure share of «расписать»; an offer is the lowest price while
the best contract's tricks less the price beat the tricks under the current contract;
the buyer names the contract with the most tricks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.ai.king_eval import deck_for
from cardtable.ai.king_sample import possible_cards
from cardtable.cards import (
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    above_in_suit,
    below_in_suit,
    cards_of,
    ranks_in,
)
from cardtable.engine.actions import PASS, PLAY, Action, Play
from cardtable.engine.king import (
    BUYER_CONTRACTS,
    CONTRACTS,
    HAND_SIZE,
    KH,
    PENALTY_UNITS,
    TRICK_VALUE,
    KingView,
    card_values,
)
from cardtable.engine.king_actions import Buy, Order


class KingNormalPlayer:
    """Counting Кинг player.  ``rng`` only draws the completions of the first packet
    that the order is averaged over, so a seed reproduces every choice."""

    def choose(self, view: KingView, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "play":
            mask = 0
            for a in legal:
                if type(a) is Play:
                    mask |= 1 << a.card
            return PLAY[choose_card(view, mask)]
        if view.phase == "order":
            return Order(choose_order(view, rng))
        if view.phase == "buy":
            return choose_offer(view)
        return Order(best_buyer_contract(view.hand_mask, view.n)[0])


# --- what the seat knows -------------------------------------------------------------------


class Counting:
    """What one decision can count: the unseen cards, who may hold each, and the odds
    of it (shares of the unseen cards fitted to the hand sizes)."""

    def __init__(self, view: KingView) -> None:
        n = view.n
        possible = possible_cards(view)
        self.others = [(view.seat + k) % n for k in range(1, n)]
        self.possible = possible
        self.unseen = 0
        for j in self.others:
            self.unseen |= possible[j]
        face_up = 0
        for _, c in view.face_up:
            face_up |= 1 << c
        # p[j][c]: the chance that seat j holds card c, fitted (a few rounds of
        # iterative proportional fitting) so that each card's chances add to 1 and
        # each seat's add to its hand size
        p: list[dict[int, float]] = [{} for _ in range(n)]
        cards = cards_of(self.unseen)
        for c in cards:
            holders = [j for j in self.others if possible[j] >> c & 1]
            share = 1.0 if face_up >> c & 1 else 1.0 / len(holders)
            for j in holders:
                p[j][c] = share
        counts = view.hand_counts
        for _ in range(4):
            for j in self.others:
                total = sum(p[j].values())
                if total > 0:
                    scale = counts[j] / total
                    for held in p[j]:
                        p[j][held] *= scale
            for c in cards:
                total = sum(p[j].get(c, 0.0) for j in self.others)
                if total > 0:
                    for j in self.others:
                        if c in p[j]:
                            p[j][c] /= total
        self.p = p

    def holds(self, j: int, c: int) -> float:
        return self.p[j].get(c, 0.0)

    def none_of(self, j: int, mask: int) -> float:
        """The chance that seat ``j`` holds none of ``mask``."""
        out = 1.0
        pj = self.p[j]
        for c in cards_of(mask & self.possible[j] & self.unseen):
            out *= 1.0 - pj.get(c, 0.0)
        return out

    def void(self, j: int, suit: int) -> float:
        return self.none_of(j, SUIT_MASKS[suit])


class DealRules:
    """The worth of tricks and cards in the deal being played, signed for the seat:
    negative where taking costs points."""

    def __init__(self, view: KingView) -> None:
        spec = view.deal
        assert spec is not None
        n = view.n
        self.n = n
        self.hand_size = HAND_SIZE[n]
        self.trump = -1 if view.trump is None else view.trump
        self.misere = view.misere
        self.key = spec.key
        self.forced_kh = spec.forced_kh
        if spec.is_hvalenka:
            self.sign = 1
            self.per_trick = TRICK_VALUE[n]
            self.last_two = 0
            self.values: tuple[tuple[int, int], ...] = ()
        else:
            self.sign = spec.sign
            unit = PENALTY_UNITS[n]
            self.per_trick = unit["tricks"] if spec.key in ("tricks", "eralash") else 0
            self.last_two = unit["last_two"] if spec.key in ("last_two", "eralash") else 0
            self.values = card_values(spec.key, n, view.options["boys"])
        self.value = [0] * 52
        for mask, unit_value in self.values:
            for c in cards_of(mask):
                self.value[c] += unit_value

    def strength(self, c: int) -> int:
        """Rank strength within a suit: 7 is the highest card in «мизер»."""
        rank = RANK_OF[c]
        return 12 - rank if self.misere else rank

    def beats(self, c: int, win: int) -> bool:
        if SUIT_OF[c] == SUIT_OF[win]:
            return self.strength(c) > self.strength(win)
        return SUIT_OF[c] == self.trump

    def above(self, c: int) -> int:
        """The cards of ``c``'s suit that beat it."""
        return below_in_suit(c) if self.misere else above_in_suit(c)

    def winning(self, trick: tuple[tuple[int, int], ...]) -> int:
        """The card now winning a trick."""
        win = trick[0][1]
        for _, t in trick[1:]:
            if self.beats(t, win):
                win = t
        return win


# --- card play -----------------------------------------------------------------------------


SCORED_PLUS_DEALS = ("boys", "girls", "eralash")
"""Plus deals played by the score model rather than by the taking rules (measured
better there; «взятки», «черви», «кинг» and «2 последние» play better by the rules)."""


def choose_card(view: KingView, legal: int) -> int:
    rules = DealRules(view)
    count = Counting(view)
    if rules.sign > 0 and rules.key not in SCORED_PLUS_DEALS:
        return _take_card(view, rules, count, legal)
    return max(cards_of(legal),
               key=lambda c: (_score(view, rules, count, c), rules.strength(c), -c))


def _score(view: KingView, rules: DealRules, count: Counting, c: int) -> float:
    """P(win this trick with ``c``) × the trick's signed worth − the value of keeping
    ``c``."""
    n = rules.n
    trick = view.trick
    trick_no = len(view.tricks)
    after = [(view.seat + k) % n for k in range(1, n - len(trick))]
    if trick:
        led = SUIT_OF[trick[0][1]]
        wins_now = rules.beats(c, rules.winning(trick))
    else:
        led = SUIT_OF[c]
        wins_now = True
    taking = rules.sign > 0
    p_win = 0.0
    if wins_now:
        p_win = 1.0
        above = rules.above(c)
        for j in after:
            if SUIT_OF[c] == led:
                if taking:
                    over = 1.0 - count.none_of(j, above)
                    if rules.trump >= 0 and led != rules.trump:
                        over += count.void(j, led) * (1.0 - count.void(j, rules.trump))
                else:  # only a seat with nothing lower of the suit must overtake
                    below = SUIT_MASKS[led] & ~above & ~(1 << c)
                    over = count.none_of(j, below) * (1.0 - count.none_of(j, above))
            else:  # a ruff: only a seat void in the suit led can over-ruff
                over = count.void(j, led) * (1.0 - count.none_of(j, above))
            p_win *= max(0.0, 1.0 - min(1.0, over))
    worth: float = rules.per_trick + rules.value[c]
    if rules.last_two and trick_no >= rules.hand_size - 2:
        worth += rules.last_two
    for _, t in trick:
        worth += rules.value[t]
    if rules.values:
        for j in after:
            worth += _contribution(rules, count, j, led, c)
    now = p_win * worth * rules.sign
    if rules.key == "last_two":
        kept = _danger(view, rules, count, c) * _later_worth(rules, count, c, trick_no)
    else:
        kept = future_value(view, rules, count, c)
    return now - kept + (0.01 * p_win if taking else 0.0)


def _contribution(rules: DealRules, count: Counting, j: int, led: int, c: int) -> float:
    """The points seat ``j`` is expected to add to a trick that ``c`` wins."""
    void = count.void(j, led)
    value = rules.value
    pj = count.p[j]
    if rules.sign < 0:
        # void: it throws its costliest card on our trick
        dump = 0.0
        left = 1.0
        for d in sorted((d for d in pj if value[d]), key=lambda d: -value[d]):
            dump += left * pj[d] * value[d]
            left *= 1.0 - pj[d]
        # following: it drops a penalty card under ours when it can
        under = 0.0
        for d in pj:
            if value[d] and SUIT_OF[d] == led and rules.strength(d) < rules.strength(c):
                under = max(under, pj[d] * value[d])
        return void * dump + (1.0 - void) * under
    # plus deals: nobody throws points on our trick but a forced K♥
    thrown = 0.0
    if rules.forced_kh and value[KH] and pj.get(KH, 0.0) > 0:
        thrown = void * pj[KH] * value[KH]
    follow = 0.0
    suit_cards = [d for d in pj if SUIT_OF[d] == led]
    if suit_cards:
        held = sum(pj[d] for d in suit_cards)
        if held > 0:
            follow = min(1.0, held) * min(value[d] for d in suit_cards)
    return thrown + (1.0 - void) * follow


def _standing(view: KingView, rules: DealRules, count: Counting,
              c: int) -> tuple[int, int, int, int]:
    """Where ``c`` stands in its suit: the unseen cards above and below it, then the
    cards of the hand below and above it."""
    suit = SUIT_OF[c]
    others = count.unseen & SUIT_MASKS[suit]
    above = rules.above(c)
    hi = (others & above).bit_count()
    lo = (others & ~above & ~(1 << c)).bit_count()
    mine = view.hand_mask & SUIT_MASKS[suit] & ~(1 << c)
    return hi, lo, (mine & ~above).bit_count(), (mine & above).bit_count()


def future_features(view: KingView, rules: DealRules, count: Counting, c: int) -> list[float]:
    """What the estimate of a kept card's future reads: where the card stands among the
    unseen cards of its suit (none above it, none at all, or the share below it), the
    cards in hand below and above it, the tricks left, what it and the unseen cards
    carry, and the voids others have shown in its suit."""
    suit = SUIT_OF[c]
    hi, lo, below_mine, above_mine = _standing(view, rules, count, c)
    top = 1.0 if hi == 0 and lo else 0.0
    dead = 1.0 if hi == 0 and not lo else 0.0
    share = lo / (lo + hi) if hi else 0.0
    danger = top + share
    left = rules.hand_size - len(view.tricks) - 1
    unseen_value = sum(rules.value[d] for d in cards_of(count.unseen)) if rules.values else 0
    per_trick = unseen_value / max(1, left)
    voids = sum(1 for j in count.others if not count.possible[j] & SUIT_MASKS[suit])
    v = rules.value[c]
    end = 1.0 if left <= 2 else 0.0
    return [1.0, top, dead, share, share * share, below_mine * danger,
            above_mine * (danger + dead), top * left / 8.0, v, v * top, v * share, v * dead,
            per_trick * danger, voids * (danger + dead) / 3.0, end * danger, end * dead]


def future_value(view: KingView, rules: DealRules, count: Counting, c: int) -> float:
    """The signed points ``c`` is expected to bring in later if kept."""
    table = FUTURE_MODEL if rules.sign < 0 else PLUS_FUTURE_MODEL
    weights = table[(rules.n, rules.key)]
    return sum(w * f for w, f in zip(weights, future_features(view, rules, count, c),
                                     strict=True))


DANGER_COVER = 0.7
"""How much each higher card of the same suit in hand shields a card from having to
win: the higher ones take the forced tricks first."""
DANGER_DEAD = 0.45
"""The chance that a card of a suit nobody else holds ends up winning a trick."""


def _danger(view: KingView, rules: DealRules, count: Counting, c: int) -> float:
    """«2 последние»: the chance that ``c``, kept, wins a later trick — certain for a
    card above every unseen one of its suit, small for one below them all, and less
    the more cards of the suit in hand can duck under or take the trick instead."""
    hi, lo, below_mine, above_mine = _standing(view, rules, count, c)
    cover = 1.0 + DANGER_COVER * above_mine
    if hi == 0:
        if lo == 0:
            return DANGER_DEAD / cover
        return max(0.3, 0.95 - 0.15 * below_mine) / cover
    if lo == 0:
        return 0.02
    x = lo / (lo + hi)
    return x ** (1.0 + 0.8 * below_mine) / cover


def _later_worth(rules: DealRules, count: Counting, c: int, trick_no: int) -> float:
    """The signed worth of a later trick that ``c`` would take: the trick, the card, an
    average share of the points still out, and of the last two tricks' penalty."""
    later = max(1, rules.hand_size - trick_no - 1)
    unseen_value = sum(rules.value[d] for d in cards_of(count.unseen)) if rules.values else 0
    worth = rules.per_trick + rules.value[c] + unseen_value / later
    if rules.last_two:
        worth += rules.last_two * min(1.0, 2.0 / later)
    return worth * rules.sign


# --- taking play ---------------------------------------------------------------------------


def _take_card(view: KingView, rules: DealRules, count: Counting, legal: int) -> int:
    n = rules.n
    trick = view.trick
    after = [(view.seat + k) % n for k in range(1, n - len(trick))]
    cards = cards_of(legal)
    trump = rules.trump
    trick_no = len(view.tricks)
    if not trick:
        if rules.last_two and not rules.per_trick and trick_no < rules.hand_size - 2:
            # plus «2 последние»: nothing to win yet, keep the high cards
            return min(cards, key=lambda c: _discard_cost(view, rules, count, c))
        return _take_lead(view, rules, count, cards, after)
    led = SUIT_OF[trick[0][1]]
    win = rules.winning(trick)
    worth: float = rules.per_trick
    if rules.last_two and trick_no >= rules.hand_size - 2:
        worth += rules.last_two
    for _, t in trick:
        worth += rules.value[t]
    winners = sorted((c for c in cards if rules.beats(c, win)),
                     key=lambda c: (SUIT_OF[c] == trump, rules.strength(c)))
    best = None
    best_gain = 0.0
    for c in winners:
        gain_worth = worth + rules.value[c]
        for j in after:
            gain_worth += _contribution(rules, count, j, led, c)
        if gain_worth <= 0:
            continue
        hold = _hold(rules, count, c, led, after) if after else 1.0
        cost = _future_take(view, rules, count, c) * _later_worth(rules, count, c, trick_no)
        gain = hold * gain_worth - 0.6 * cost
        if hold >= 0.5 and gain > best_gain:
            best = c
            best_gain = gain
    if best is not None:
        return best
    return min(cards, key=lambda c: _discard_cost(view, rules, count, c))


def _hold(rules: DealRules, count: Counting, c: int, led: int, after: list[int]) -> float:
    """The chance that ``c``, now winning the trick, is not beaten by the seats still
    to play (a higher card of its suit, a ruff, an over-ruff)."""
    above = rules.above(c) & count.unseen
    hold = 1.0
    for d in cards_of(above):
        hold *= max(0.0, 1.0 - sum(count.holds(j, d) for j in after))
    trump = rules.trump
    if trump >= 0 and SUIT_OF[c] != trump:
        for j in after:
            hold *= 1.0 - count.void(j, led) * (1.0 - count.void(j, trump))
    elif trump >= 0 and led != trump:
        hold = 1.0
        for j in after:
            hold *= 1.0 - count.void(j, led) * (1.0 - count.none_of(j, above))
    return hold


def _take_lead(view: KingView, rules: DealRules, count: Counting, cards: Sequence[int],
               after: list[int]) -> int:
    trump = rules.trump
    hand = view.hand_mask
    holds = {c: _hold(rules, count, c, SUIT_OF[c], after) for c in cards}
    if trump >= 0 and count.unseen & SUIT_MASKS[trump]:
        mine = [c for c in cards if SUIT_OF[c] == trump]
        if len(mine) >= 2:
            top = max(mine, key=rules.strength)
            if holds[top] >= 0.8:
                return top  # draw trumps
    masters = [c for c in cards if holds[c] >= 0.8]
    if masters:
        return max(masters, key=lambda c: (holds[c], SUIT_OF[c] != trump,
                                           (hand & SUIT_MASKS[SUIT_OF[c]]).bit_count()))
    side = [c for c in cards if SUIT_OF[c] != trump] or cards
    if trump >= 0 and any(SUIT_OF[c] == trump for c in cards):
        singles = [c for c in side if (hand & SUIT_MASKS[SUIT_OF[c]]).bit_count() == 1
                   and not rules.value[c]]
        if singles:
            return min(singles, key=rules.strength)  # to ruff that suit later
    longest = max(side, key=lambda c: (-rules.value[c], (hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(),
                                       -rules.strength(c)))
    return min((c for c in side if SUIT_OF[c] == SUIT_OF[longest]),
               key=lambda c: (rules.value[c], rules.strength(c)))


def _future_take(view: KingView, rules: DealRules, count: Counting, c: int) -> float:
    """The chance that ``c``, kept, takes a later trick when tricks are wanted: a master
    surely (unless a void seat can ruff it), a guarded second card maybe, a long suit's
    low cards once the others run out, and a trump at least now and then."""
    suit = SUIT_OF[c]
    others = count.unseen & SUIT_MASKS[suit]
    above = rules.above(c)
    hi = (others & above).bit_count()
    mine = view.hand_mask & SUIT_MASKS[suit] & ~(1 << c)
    below_mine = (mine & ~above).bit_count()
    f = 1.0 if hi == 0 else max(0.0, (below_mine + 1 - hi) / (below_mine + 1)) * 0.8
    length = mine.bit_count() + 1
    if others:
        spread = others.bit_count() / (rules.n - 1)
        if length > spread + 1:
            f = max(f, 0.5 * min(1.0, (length - spread - 1) / length))
    else:
        f = max(f, 0.9)
    trump = rules.trump
    if trump >= 0:
        if suit == trump:
            f = max(f, 0.5)
        else:
            ruff = 0.0
            for j in count.others:
                ruff = max(ruff, count.void(j, suit) * (1.0 - count.void(j, trump)))
            f *= 1.0 - 0.7 * ruff
    return f


def _discard_cost(view: KingView, rules: DealRules, count: Counting,
                  c: int) -> tuple[float, int]:
    """What a card thrown on someone else's trick costs: its points (they go to the
    taker) and its chance of taking a later trick."""
    return (rules.value[c] * 2.0 + _future_take(view, rules, count, c) * 3.0,
            rules.strength(c))


# --- хвалёнка: the tricks a hand takes under a contract ---------------------------------------


def _strength_order(n: int, suit: int, misere: bool) -> tuple[int, ...]:
    """The rank bits of a suit from its strongest card down, for the deal's deck."""
    low = 6 if n == 3 and suit in (0, 3) else 5  # the 3-player deck has no 7♠, 7♣
    ranks = tuple(range(12, low - 1, -1))
    return ranks[::-1] if misere else ranks


_ORDERS = {(n, s, m): _strength_order(n, s, m) for n in (3, 4) for s in range(4)
           for m in (False, True)}

SuitStats = tuple[int, int, tuple[int, ...], tuple[int, ...]]

_SUIT_STATS: dict[tuple[int, int, bool], dict[int, SuitStats]] = {key: {} for key in _ORDERS}
"""Per (players, suit, misere) and 13-bit suit field: (length, top sequence, the four
top cards, the side-suit counts of :func:`hand_features`), filled as met."""


def _suit_stats(n: int, s: int, misere: bool, field: int) -> SuitStats:
    table = _SUIT_STATS[(n, s, misere)]
    got = table.get(field)
    if got is None:
        order = _ORDERS[(n, s, misere)]
        length = field.bit_count()
        top = tuple(field >> order[k] & 1 for k in range(4))
        seq = 0
        for r in order:
            if not field >> r & 1:
                break
            seq += 1
        side = (int(length == 0), int(length == 1), top[0], top[0] & top[1],
                int(bool(top[1] and not top[0] and length >= 2)),
                int(bool(top[1] and not top[0] and length < 2)),
                int(bool(top[2] and not (top[0] and top[1]) and length >= 3)),
                max(0, seq - 1), max(0, length - 4), max(0, length - 3))
        got = table[field] = (length, seq, top, side)
    return got


def hand_features(hand: int, trump: int, misere: bool, n: int) -> list[float]:
    """What the trick estimate reads from a hand under a contract: trump length and
    honours, side-suit tops and guarded second and third cards, length, and the short
    suits that let trumps ruff."""
    stats = [_suit_stats(n, s, misere, ranks_in(hand, s)) for s in range(4)]
    return _features(stats, trump, misere, n)


def _features(stats: list[SuitStats], trump: int, misere: bool, n: int) -> list[float]:
    side = [0] * 10
    for s in range(4):
        if s != trump:
            for k, x in enumerate(stats[s][3]):
                side[k] += x
    voids, singles, aces, ak, k_guarded, k_bare, q_guarded, extra_seq, long4, long3 = side
    if trump >= 0:
        t_len, t_seq, t_top, _ = stats[trump]
        t_size = len(_ORDERS[(n, trump, misere)])
    else:
        t_len = t_seq = t_size = 0
        t_top = (0, 0, 0, 0)
    return [1.0, t_len, t_len * t_len, t_seq, *t_top, aces, ak, k_guarded, k_bare, q_guarded,
            extra_seq, long4, long3, voids * t_len, singles * t_len, t_size]


def contract_rules(contract: str) -> tuple[int, bool]:
    """(trump suit or -1, misere) of a buyer's contract."""
    if contract.startswith("trump:"):
        return SUITS.index(contract[-1]), False
    return -1, contract == "misere"


def expected_tricks(hand: int, trump: int, misere: bool, n: int, declarer: bool) -> float:
    """The tricks ``hand`` is expected to take under a contract (trump suit or -1,
    misere), as its declarer or not."""
    weights = TRICK_MODEL[(n, trump >= 0, declarer)]
    features = hand_features(hand, trump, misere, n)
    return max(0.0, sum(w * f for w, f in zip(weights, features, strict=True)))


_BUYER_RULES = tuple((c, *contract_rules(c)) for c in BUYER_CONTRACTS)


def best_buyer_contract(hand: int, n: int) -> tuple[str, float]:
    """The buyer's contract with the most expected tricks, and that number (fast: the
    search's playouts bid with it)."""
    plain = [_suit_stats(n, s, False, ranks_in(hand, s)) for s in range(4)]
    best = ("notrump", -1.0)
    for contract, trump, misere in _BUYER_RULES:
        stats = [_suit_stats(n, s, True, ranks_in(hand, s)) for s in range(4)] \
            if misere else plain
        weights = TRICK_MODEL[(n, trump >= 0, True)]
        tricks = sum(w * f for w, f in zip(weights, _features(stats, trump, misere, n),
                                           strict=True))
        if tricks > best[1]:
            best = (contract, tricks)
    return best


SPLIT_TRICKS = {4: 2.0, 3: 4.0}
"""Tricks the orderer is credited with when he orders «расписать»."""
ORDER_SAMPLES = 24
"""Random completions of the first packet the order is averaged over."""
ORDER_MARGIN = 0.0
"""Tricks a played contract must promise beyond «расписать»'s sure share (0 measured
best: a margin of 0.6 lost 0.18 points a хвалёнка)."""
BUY_MARGIN = 0.0
"""Tricks buying must gain beyond the price (0 measured best, against 0.8 and -0.4)."""


def choose_order(view: KingView, rng: random.Random) -> str:
    """The orderer's contract from his first packet: each contract's expected tricks
    averaged over random completions of the hand (for «по последней» the trump is the
    suit of the completion's last card), against the sure tricks of «расписать»."""
    n = view.n
    packet = view.hand_mask
    unseen = cards_of(deck_for(n) & ~packet)
    missing = HAND_SIZE[n] - packet.bit_count()
    totals = dict.fromkeys(CONTRACTS, 0.0)
    for _ in range(ORDER_SAMPLES):
        rest = rng.sample(unseen, missing)
        hand = packet
        for c in rest:
            hand |= 1 << c
        for contract, trump, misere in _BUYER_RULES:
            totals[contract] += expected_tricks(hand, trump, misere, n, True)
        totals["last"] += expected_tricks(hand, SUIT_OF[rest[-1]], False, n, True)
    values = {c: t / ORDER_SAMPLES for c, t in totals.items()}
    values["split"] = SPLIT_TRICKS[n] + ORDER_MARGIN
    return max(CONTRACTS, key=lambda c: values[c])


def choose_offer(view: KingView) -> Action:
    """Offer the lowest price while buying gains more than it costs."""
    n = view.n
    hand = view.hand_mask
    price = max((p for _, p in view.offers if p is not None), default=0) + 1
    if price > HAND_SIZE[n]:
        return PASS
    buying = best_buyer_contract(hand, n)[1]
    trump = -1 if view.trump is None else view.trump
    staying = expected_tricks(hand, trump, view.misere, n, False)
    if buying - price - staying >= BUY_MARGIN:
        return Buy(price)
    return PASS


# --- fitted weights ----------------------------------------------------------------------------


FUTURE_MODEL: dict[tuple[int, str], tuple[float, ...]] = {
    (4, "boys"): (
        -0.045, -0.074, 0.256, 0.24, -1.448, 0.366, 0.308, -1.061, -0.036, -0.482, -0.328,
        -0.546, -0.338, -0.623, 0.208, 0.034),
    (4, "eralash"): (
        -0.978, -4.579, -0.556, 0.674, -6.65, 2.368, -0.184, 0.086, 0.218, -0.546, -0.5, -0.978,
        -0.434, -1.534, 0.249, -0.273),
    (4, "girls"): (
        -0.057, -0.442, -0.398, 0.27, -1.535, 0.42, 0.306, -0.937, -0.001, -0.361, -0.362,
        -0.501, -0.262, -0.011, 0.138, 0.057),
    (4, "hearts"): (
        -0.212, 1.097, -0.12, 0.904, -0.643, 0.423, -0.237, -0.92, 0.08, -0.631, -0.533, 0.119,
        -0.662, -0.259, 0.715, -0.165),
    (4, "king"): (
        -0.142, -2.32, -1.104, -0.025, -1.078, 0.386, -0.077, 2.116, 1.338, -1.634, -1.924,
        -2.281, -0.186, 0.254, -0.815, 0.107),
    (4, "tricks"): (
        -0.07, -0.983, -0.244, -0.356, -1.473, 0.389, 0.156, -0.736, 0.0, 0.0, 0.0, 0.0, 0.0,
        -0.34, 0.156, 0.018),
    (3, "boys"): (
        -0.12, -1.407, 1.391, -0.065, -3.238, 0.611, 0.723, -0.956, -0.079, -0.379, -0.531,
        -0.547, -0.349, -3.648, 0.719, 0.009),
    (3, "eralash"): (
        -2.882, -16.4, -13.23, -9.707, -7.143, 5.504, 0.396, 2.402, 0.122, -0.448, -0.521,
        -0.848, -0.351, 7.807, -5.906, 1.222),
    (3, "girls"): (
        -0.211, -1.565, 1.592, -0.003, -3.551, 0.838, 0.702, -1.475, -0.066, -0.352, -0.478,
        -0.505, -0.234, -3.727, 0.177, -0.3),
    (3, "hearts"): (
        -0.814, 2.55, -1.262, 1.556, 0.027, 1.015, -0.427, -1.233, 0.128, -0.777, -0.923,
        -0.081, -0.85, -0.095, 1.71, 0.495),
    (3, "king"): (
        -0.637, -6.896, -3.377, -1.899, 1.397, 0.621, 0.136, 5.7, 1.756, -2.11, -2.617, -2.645,
        -0.16, 1.979, -4.488, -1.742),
    (3, "tricks"): (
        -0.168, -2.226, 0.276, -2.452, -1.829, 0.695, 0.295, -1.38, 0.0, 0.0, 0.0, 0.0, 0.0,
        -2.694, 0.099, 0.007),
}
"""Least-squares weights of :func:`future_features` for the points a kept card brings
in by the trick it later wins (negative: penalties), by (players, deal), fitted to
thousands of penalty deals played by this player itself."""

PLUS_FUTURE_MODEL: dict[tuple[int, str], tuple[float, ...]] = {
    (4, "boys"): (
        0.144, -0.14, 1.409, -2.321, 2.293, 0.161, -0.033, 0.32, 0.096, 0.376, 0.259, 0.038,
        0.534, -0.911, -0.469, 0.315),
    (4, "eralash"): (
        1.739, 2.587, 9.754, -12.575, 12.429, -0.117, -1.304, -3.435, -0.428, 1.767, 1.332,
        -0.207, 0.629, -2.281, -4.075, 1.226),
    (4, "girls"): (
        0.128, -0.051, 1.474, -2.294, 2.124, 0.211, -0.106, 0.106, 0.008, 0.558, 0.336, 0.063,
        0.564, -0.983, -0.306, 0.322),
    (3, "boys"): (
        0.302, -0.554, 3.946, -4.66, 5.47, 0.289, -0.394, 0.059, 0.155, 0.561, 0.258, 0.136,
        0.741, -3.705, -0.795, 0.832),
    (3, "eralash"): (
        3.534, 5.173, 16.969, -24.733, 22.698, 0.462, -3.214, -5.107, -0.127, 1.509, 1.274, 0.4,
        0.716, -6.008, -6.725, 6.33),
    (3, "girls"): (
        0.258, 0.177, 3.887, -4.598, 4.944, 0.581, -0.491, -0.863, 0.173, 0.569, 0.16, 0.057,
        0.699, -3.683, -0.699, 0.887),
}
"""The same for the plus deals of the second stage where it plays by the score
(:data:`SCORED_PLUS_DEALS`); the points are then gains."""

TRICK_MODEL: dict[tuple[int, bool, bool], tuple[float, ...]] = {
    (4, False, False): (
        -0.095, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.338, 0.418, 0.658, 0.057, 0.314, 0.417,
        -0.174, -0.045, 0.0, 0.0, 0.0),
    (4, False, True): (
        0.213, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.022, 0.783, 0.368, 0.017, 0.156, 0.7, 0.649,
        0.111, 0.0, 0.0, 0.0),
    (4, True, False): (
        -0.006, 0.174, 0.134, 0.084, 0.814, 0.544, 0.193, 0.119, 0.833, 0.42, 0.297, 0.109,
        0.138, -0.039, -0.151, -0.033, 0.053, 0.003, -0.046),
    (4, True, True): (
        -0.007, 0.272, 0.121, 0.099, 0.827, 0.526, 0.179, 0.11, 0.765, 0.167, 0.291, 0.003,
        0.113, 0.048, -0.196, 0.04, 0.031, -0.025, -0.054),
    (3, False, False): (
        -0.177, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.474, 0.871, 1.094, -0.151, 0.328, 0.158,
        -0.117, 0.022, 0.0, 0.0, 0.0),
    (3, False, True): (
        0.105, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.989, 0.807, 0.807, -0.055, 0.181, 0.801,
        0.435, 0.088, 0.0, 0.0, 0.0),
    (3, True, False): (
        1.697, 0.381, 0.097, -0.074, 1.025, 0.719, 0.187, 0.104, 1.058, 0.594, 0.721, 0.018,
        0.183, -0.021, -0.142, -0.012, 0.103, 0.058, -0.332),
    (3, True, True): (
        1.595, 0.328, 0.109, -0.109, 0.988, 0.719, 0.22, 0.021, 0.94, 0.689, 0.65, -0.068,
        0.144, -0.01, -0.243, -0.065, 0.061, 0.052, -0.308),
}
"""Least-squares weights of :func:`hand_features` for the tricks a hand takes, by
(players, trump contract, declarer), fitted to thousands of хвалёнки played out by this
player's own card play under contracts drawn at random."""

