"""Property tests of the Кинг engine over random legal games (hypothesis).

Each example is an option combination, a seed and a computer level; the seed drives
the shuffles and the choices among ``legal_actions()``.  Along the way the tests check
the invariants of ``king.md`` against small reference implementations written here
from the rules text (deck, follow-suit, heart lead, K♥ discard, must-trump, trick
winner, penalties, хвалёнка payments), and the engine contracts: ``apply`` of an
illegal action changes nothing, ``clone`` is independent, ``view`` hides other hands.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from king_rules import COMBOS, DEAL_TOTAL, TRICK_VALUE, expected_deals, rule_points
from view_cards import cards_in

from cardtable.ai import make_player
from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY, Pass, Play
from cardtable.engine.game import IllegalAction, Layout
from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.king_actions import Buy, Order

# --- the rules, restated independently -------------------------------------------------------

SUITS = "SHDC"
HEARTS = 1
DECK4 = frozenset(Card.parse(r + s) for s in SUITS for r in "789TJQKA")
DECK3 = DECK4 - {Card.parse("7S"), Card.parse("7C")}
KH = Card.parse("KH")
EARLY_KEYS = ("hearts", "boys", "girls", "king")
HEART_LEAD_KEYS = ("hearts", "king", "eralash")
CONTRACTS = {"trump:S", "trump:H", "trump:D", "trump:C", "notrump", "last", "misere", "split"}
BUYER_CONTRACTS = CONTRACTS - {"last", "split"}
def bits(mask: int) -> set[int]:
    return {c for c in range(52) if mask >> c & 1}


def value_cards(key: str, options: dict[str, Any]) -> set[int]:
    """The cards that carry points in an early-finish deal."""
    if key == "hearts":
        return {c for c in DECK4 if c // 13 == HEARTS}
    if key == "boys":
        ranks = "JK" if options["boys"] == "jacks_kings" else "J"
        return {c for c in DECK4 if str(c)[0] in ranks}
    if key == "girls":
        return {c for c in DECK4 if str(c)[0] == "Q"}
    return {KH}


def ref_legal(hand: set[int], trick: list[int], key: str, trump: int | None,
              must_trump: bool) -> set[int]:
    """The cards king.md allows the seat to move to play."""
    if not trick:
        if key in HEART_LEAD_KEYS and any(c // 13 != HEARTS for c in hand):
            return {c for c in hand if c // 13 != HEARTS}
        return set(hand)
    led = trick[0] // 13
    follow = {c for c in hand if c // 13 == led}
    if follow:
        return follow
    if key == "king" and KH in hand:
        return {KH}
    if must_trump and trump is not None:
        trumps = {c for c in hand if c // 13 == trump}
        if trumps:
            return trumps
    return set(hand)


def ref_winner(cards: list[int], trump: int | None, misere: bool) -> int:
    """Index in ``cards`` of the card that wins the trick."""
    led = cards[0] // 13
    pool = [i for i, c in enumerate(cards) if trump is not None and c // 13 == trump]
    if not pool:
        pool = [i for i, c in enumerate(cards) if c // 13 == led]
    rank = (lambda i: -(cards[i] % 13)) if misere else (lambda i: cards[i] % 13)
    return max(pool, key=rank)


def ref_penalty(key: str, n: int, boys: str, trick_no: int, cards: list[int]) -> int:
    """The (unsigned) points of one trick of a stage-1 style deal."""
    return rule_points(key, [str(Card(c)) for c in cards], trick_no, n, boys)


def contract_trump(contract: str | None, last_card: int) -> int | None:
    if contract is None:
        return None
    if contract.startswith("trump:"):
        return SUITS.index(contract[-1])
    if contract == "last":
        return last_card // 13
    return None


# --- driving random games --------------------------------------------------------------------


class Runner:
    """A game played by computer players from one seed; remembers the current
    layout and the orderer's contract so checks need not trust the engine for them."""

    def __init__(self, options: dict[str, Any], seed: int, level: str = "random") -> None:
        self.options = KING_GAME.check_options(options)
        self.n = self.options["players"]
        self.rng = random.Random(seed)
        self.first_dealer = self.rng.randrange(self.n)
        self.state: KingState = KING_GAME.new(self.options, self.first_dealer)
        self.player = make_player("king", level)
        self.layout: Layout | None = None
        self.order: str | None = None  # the orderer's own contract in this хвалёнка
        self.deck = DECK4 if self.n == 4 else DECK3

    def step(self) -> bool:
        """One deal or one action; False once the game is over."""
        s = self.state
        if s.is_over:
            return False
        if s.needs_deal:
            self.layout = s.random_layout(self.rng)
            self.order = None
            s.deal(self.layout)
        else:
            action = self.player.choose(s.view(s.to_move), s.legal_actions(), self.rng)
            if s.phase == "order":
                self.order = action.contract  # type: ignore[union-attr]
            s.apply(action)
        return True

    def positions(self) -> Iterator[KingState]:
        """The state before every step and once at the end."""
        while True:
            yield self.state
            if not self.step():
                return

    def last_card(self, seat: int) -> int:
        assert self.layout is not None
        return self.layout.hands[seat][-1]

    def packet(self, seat: int) -> set[int]:
        assert self.layout is not None
        return set(self.layout.hands[seat][:3])


GAMES = st.tuples(st.sampled_from(COMBOS), st.integers(0, 2**32 - 1),
                  st.sampled_from(["random", "random", "easy"]))
FAST = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def snapshot(s: KingState) -> tuple[Any, ...]:
    """Everything observable about a state (deep copy of its fields, all views,
    the legal actions)."""
    return (copy.deepcopy(s.__dict__), tuple(s.view(i) for i in range(s.n)),
            tuple(s.legal_actions()), s.phase, s.to_move)


# --- cards -----------------------------------------------------------------------------------


@FAST
@given(GAMES)
def test_every_card_accounted_for(game: tuple[dict[str, Any], int, str]) -> None:
    """At every step, hands ∪ current trick ∪ played cards is exactly the deck, with
    no overlaps; each hand has the right size; a deal that ends with cards in hand
    ended early (or was split) with no points left in those cards."""
    options, seed, level = game
    r = Runner(options, seed, level)
    n, size = r.n, 8 if r.n == 4 else 10
    for s in r.positions():
        if s.spec is None:  # before the first deal
            assert s.hands == [0] * n
            continue
        hands = [bits(h) for h in s.hands]
        if s.phase in ("deal", "over") and s.contract == "split":
            # «расписать»: no play, and the rest of the cards are never dealt
            assert hands == [set(r.layout.hands[i][:3]) for i in range(n)]  # type: ignore[union-attr]
            assert not s.trick_cards and not s.played
            continue
        trick = list(s.trick_cards)
        played = bits(s.played)
        parts = [*hands, set(trick), played]
        assert sum(len(p) for p in parts) == len(r.deck), "a card is in two places"
        assert set().union(*parts) == r.deck
        assert len(trick) == len(set(trick)) < n
        if s.phase in ("play", "order", "buy", "buyer_order"):
            in_trick = {(s.leader + i) % n for i in range(len(trick))}
            for seat in range(n):
                assert len(hands[seat]) == size - s.trick_no - (seat in in_trick)
                assert set(r.layout.hands[seat]) >= hands[seat]  # type: ignore[union-attr]
        else:  # the deal just ended
            left = set().union(*hands)
            assert not trick
            if left:
                if s.spec.is_hvalenka:
                    assert r.order == "split" and not played
                else:
                    assert s.options["early_finish"] and s.spec.key in EARLY_KEYS
                    assert not left & value_cards(s.spec.key, s.options)
                    assert all(len(h) == len(hands[0]) for h in hands)


# --- legal actions ---------------------------------------------------------------------------


@FAST
@given(GAMES)
def test_legal_actions_follow_the_rules(game: tuple[dict[str, Any], int, str]) -> None:
    """The legal actions are exactly what king.md allows: follow suit, no heart lead
    in deals 2/5/7 (and plus versions), K♥ forced in deal 5, must_trump in хвалёнки;
    the right orders; prices above the best offer; the right seat to move."""
    options, seed, level = game
    r = Runner(options, seed, level)
    n = r.n
    for s in r.positions():
        if s.phase in ("deal", "over"):
            assert s.to_move is None and list(s.legal_actions()) == []
            if s.phase == "deal":
                assert s.dealer == (r.first_dealer + s.deal_index) % n
            continue
        spec = s.spec
        assert spec is not None
        forehand = (r.first_dealer + s.deal_index + 1) % n
        assert s.dealer == (r.first_dealer + s.deal_index) % n
        legal = list(s.legal_actions())
        assert len(legal) == len(set(legal))
        if s.phase == "order":
            assert spec.is_hvalenka and s.to_move == forehand
            assert {a.contract for a in legal} == CONTRACTS  # type: ignore[union-attr]
        elif s.phase == "buy":
            offers = s.offers
            assert s.to_move == (forehand + 1 + len(offers)) % n
            best = max((p for _, p in offers if p is not None), default=0)
            assert set(legal) == {PASS} | {Buy(p) for p in range(best + 1, s.hand_size + 1)}
        elif s.phase == "buyer_order":
            offers = s.offers
            assert len(offers) == n - 1
            best = max(p for _, p in offers if p is not None)
            assert s.to_move == next(seat for seat, p in offers if p == best)
            assert {a.contract for a in legal} == BUYER_CONTRACTS  # type: ignore[union-attr]
        else:
            assert all(type(a) is Play for a in legal)
            if not s.trick_cards and s.trick_no == 0:
                if spec.is_hvalenka:
                    bought = [seat for seat, p in s.offers if p is not None]
                    assert s.to_move == (bought[-1] if bought else forehand)
                else:
                    assert s.to_move == forehand
            trump = None
            if spec.is_hvalenka:
                trump = contract_trump(s.contract, r.last_card(forehand))
            expect = ref_legal(bits(s.hands[s.to_move]), list(s.trick_cards), spec.key,
                               trump, s.options["must_trump"] and spec.is_hvalenka)
            assert {a.card for a in legal} == expect  # type: ignore[union-attr]


# --- illegal actions change nothing ----------------------------------------------------------


def illegal_candidates(s: KingState, rng: random.Random) -> list[Any]:
    legal = set(s.legal_actions())
    others = [PLAY[c] for c in range(52) if PLAY[c] not in legal]
    plays = rng.sample(others, 3)
    if s.phase == "play" and s.to_move is not None:
        own_illegal = [PLAY[c] for c in bits(s.hands[s.to_move]) if PLAY[c] not in legal]
        plays += own_illegal[:2]  # own cards the rules forbid now
    common = [PASS, Order("notrump"), Buy(1), Order("bogus"), Buy(0),
              Buy(s.hand_size + 1), Order("last"), Order("split"), Order("trump:X")]
    cands = [a for a in (*plays, *common) if a not in legal]
    if s.phase == "buy" and s.best_price:
        cands.append(Buy(s.best_price))
    return cands


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_illegal_action_leaves_state_unchanged(game: tuple[dict[str, Any], int, str]) -> None:
    """``apply`` of anything outside ``legal_actions()`` raises IllegalAction and
    leaves the state, every seat's view and the legal actions exactly as they were."""
    options, seed, level = game
    r = Runner(options, seed, level)
    probe = random.Random(seed ^ 0x5EED)
    tried = 0
    for s in r.positions():
        if probe.random() > 0.15 and s.phase not in ("order", "buy", "buyer_order", "over"):
            continue
        before = snapshot(s)
        for action in illegal_candidates(s, probe):
            try:
                s.apply(action)
            except IllegalAction as exc:
                assert exc.code and exc.message
            else:
                raise AssertionError(f"{action} was accepted in phase {s.phase}")
            assert snapshot(s) == before, f"{action} changed the state"
            tried += 1
    assert tried > 0


# --- clone -----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.integers(0, 400), st.integers(0, 2**32 - 1))
def test_clone_is_independent(game: tuple[dict[str, Any], int, str], at: int,
                              other_seed: int) -> None:
    """A clone starts equal to the original; playing the clone to the end leaves the
    original untouched, and playing the original on leaves the clone untouched."""
    options, seed, level = game
    r = Runner(options, seed, level)
    for _ in range(at):
        if not r.step():
            break
    original = r.state
    twin = original.clone()
    assert twin is not original
    assert snapshot(twin) == snapshot(original)
    before = snapshot(original)

    other = Runner(options, other_seed)
    other.state, other.layout, other.order = twin, r.layout, r.order
    while other.step():
        pass
    assert twin.is_over
    assert snapshot(original) == before, "playing the clone changed the original"

    twin_end = snapshot(twin)
    while r.step():
        pass
    assert snapshot(twin) == twin_end, "playing the original changed the clone"
    assert sum(original.totals) == sum(twin.totals) == 0


# --- scores ----------------------------------------------------------------------------------


def check_finished_deal(r: Runner, s: KingState) -> None:
    """Check the deal that just ended (its tricks are still on the state)."""
    n = r.n
    spec = s.spec
    assert spec is not None
    row = s.deal_scores[-1]
    forehand = (r.first_dealer + s.deal_index - 1 + 1) % n
    if spec.is_hvalenka:
        v = TRICK_VALUE[n]
        if r.order == "split":
            credited = [2] * n if n == 4 else [4 if seat == forehand else 3 for seat in range(n)]
            assert list(row) == [c * v for c in credited]
            assert not s.tricks
            return
        final = s.contract
        bought = [(seat, p) for seat, p in s.offers if p is not None]
        declarer = bought[-1][0] if bought else forehand
        trump = contract_trump(final, r.last_card(forehand))
        misere = final == "misere"
        leader = declarer
        points = [0] * n
        for t, (lead, cards, winner) in enumerate(s.tricks):
            assert lead == leader, f"trick {t} led by the wrong seat"
            w = (lead + ref_winner(list(cards), trump, misere)) % n
            assert winner == w, f"trick {t}: {[str(Card(c)) for c in cards]} won by {winner}"
            points[w] += v
            leader = w
        assert len(s.tricks) == s.hand_size
        assert sum(points) == (24 if n == 4 else 80)
        assert list(s.points) == points
        pay = [row[i] - points[i] for i in range(n)]
        assert sum(pay) == 0
        if bought:
            buyer, price = bought[-1]
            assert price == max(p for _, p in bought)
            expect = [0] * n
            expect[buyer] -= price * v
            expect[forehand] += price * v
            assert pay == expect
        else:
            assert pay == [0] * n
        return
    # stage-1 style deal (penalty, or its plus version)
    leader = forehand
    points = [0] * n
    for t, (lead, cards, winner) in enumerate(s.tricks):
        assert lead == leader
        w = (lead + ref_winner(list(cards), None, False)) % n
        assert winner == w
        points[w] += spec.sign * ref_penalty(spec.key, n, s.options["boys"], t, list(cards))
        leader = w
    assert list(row) == points
    total = DEAL_TOTAL[n] * (6 if spec.key == "eralash" else 1)
    assert sum(row) == spec.sign * total, f"deal {spec.key} distributes {sum(row)}"
    if len(s.tricks) < s.hand_size:
        assert s.options["early_finish"] and spec.key in EARLY_KEYS


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_every_deal_scores_by_the_rules(game: tuple[dict[str, Any], int, str]) -> None:
    """Each stage-1 deal (and plus version) distributes exactly its total, trick by
    trick as the rules count it; each хвалёнка gives 24/80 for tricks, the buyer pays
    price x trick value to the orderer, and the payments net to zero; «расписать»
    credits 2 each (4 players) or 4/3/3 (3 players)."""
    options, seed, level = game
    r = Runner(options, seed, level)
    done = 0
    for s in r.positions():
        if len(s.deal_scores) > done:
            done = len(s.deal_scores)
            check_finished_deal(r, s)
    assert done == expected_deals(r.options)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_whole_game_is_zero_sum(game: tuple[dict[str, Any], int, str]) -> None:
    """A whole game has exactly the deals of the length table; stage 1 distributes
    −192/−480 (full) or −96/−240 (short), stage 2 the same plus; the totals are the
    column sums of the deal scores and add up to 0."""
    options, seed, level = game
    r = Runner(options, seed, level)
    while r.step():
        pass
    s = r.state
    assert s.is_over and s.to_move is None
    assert len(s.deal_scores) == expected_deals(r.options) == s.deals_total
    stage1 = 7 if r.options["length"] == "full" else 6
    stage_total = DEAL_TOTAL[r.n] * (12 if stage1 == 7 else 6)
    assert sum(map(sum, s.deal_scores[:stage1])) == -stage_total
    assert sum(map(sum, s.deal_scores[stage1:])) == stage_total
    assert list(s.totals) == [sum(row[i] for row in s.deal_scores) for i in range(r.n)]
    assert sum(s.totals) == 0
    assert s.places() == [1 + sum(o > t for o in s.totals) for t in s.totals]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([c for c in COMBOS if c["early_finish"]]), st.integers(0, 2**32 - 1))
def test_early_finish_changes_no_score(options: dict[str, Any], seed: int) -> None:
    """The same game with and without early_finish: a deal ends early exactly when no
    points are left to take, and finishing it anyway changes no score."""
    rng = random.Random(seed)
    n = options["players"]
    first = rng.randrange(n)
    a = KING_GAME.new(options, first)
    b = KING_GAME.new({**options, "early_finish": False}, first)
    early = 0
    while not a.is_over:
        if a.needs_deal:
            assert b.needs_deal
            layout = a.random_layout(rng)
            a.deal(layout)
            b.deal(layout)
        else:
            legal = list(a.legal_actions())
            assert legal == list(b.legal_actions())
            action = legal[rng.randrange(len(legal))]
            a.apply(action)
            b.apply(action)
        spec = a.spec
        assert spec is not None
        if a.phase == "play" and spec.key in EARLY_KEYS:
            out = set().union(*(bits(h) for h in a.hands), a.trick_cards)
            assert out & value_cards(spec.key, a.options), "no points left, yet play goes on"
        if a.phase in ("deal", "over") and b.phase == "play":
            early += 1
            assert spec.key in EARLY_KEYS
            left = set().union(*(bits(h) for h in b.hands))
            assert not left & value_cards(spec.key, a.options)
            while b.phase == "play":
                moves = b.legal_actions()
                b.apply(moves[rng.randrange(len(moves))])
            assert b.deal_scores[-1] == a.deal_scores[-1]
        else:
            assert a.phase == b.phase
    assert b.is_over
    assert a.deal_scores == b.deal_scores
    assert a.totals == b.totals


# --- views -----------------------------------------------------------------------------------


@FAST
@given(GAMES)
def test_view_hides_other_hands(game: tuple[dict[str, Any], int, str]) -> None:
    """``view(seat)`` shows the seat's own hand (only the first packet while the order
    is pending) and otherwise only cards already played and the orderer's face-up
    last card — never a card another seat still holds."""
    options, seed, level = game
    r = Runner(options, seed, level)
    n = r.n
    for s in r.positions():
        if s.spec is None:
            continue
        trick = set(s.trick_cards)
        shown = bits(s.played) | trick
        face_up: dict[int, int] = {}
        if s.spec.is_hvalenka and r.order == "last" and s.phase in ("buy", "buyer_order",
                                                                      "play"):
            orderer = (r.first_dealer + s.deal_index + 1) % n
            card = r.last_card(orderer)
            if s.hands[orderer] >> card & 1:
                face_up[orderer] = card
        for seat in range(n):
            v = s.view(seat)
            if s.phase == "order":
                own = r.packet(seat)
                assert v.hand_counts == (3,) * n
            else:
                own = bits(s.hands[seat])
                assert v.hand_counts == tuple(h.bit_count() for h in s.hands)
            assert set(v.hand) == own and len(v.hand) == len(own)
            assert v.played == s.played | sum(1 << c for c in trick)
            allowed = own | shown | {c for o, c in face_up.items() if o != seat}
            seen = set(cards_in(v))
            assert seen <= allowed, \
                f"seat {seat} sees {[str(Card(c)) for c in seen - allowed]} ({s.phase})"
            for o, c in face_up.items():
                if o != seat:
                    assert (o, c) in v.face_up, "the «last» card must be shown to all"
            if s.phase == "order":
                assert v.contract is None and v.trump is None
            if seat != s.to_move:
                assert v.legal == ()


def test_pass_is_the_only_action_after_the_top_price() -> None:
    """Once the highest possible price is offered, every later player can only pass
    (king.md: «every other player speaks once … he can only pass then»)."""
    state = KING_GAME.new({"players": 4, "stage2": "hvalenki"}, 0)
    rng = random.Random(3)
    while state.deal_index < 7:
        if state.needs_deal:
            state.deal(state.random_layout(rng))
        else:
            moves = state.legal_actions()
            state.apply(moves[rng.randrange(len(moves))])
    state.deal(state.random_layout(rng))
    state.apply(Order("notrump"))
    state.apply(Buy(8))
    assert list(state.legal_actions()) == [PASS]
    state.apply(Pass())
    assert list(state.legal_actions()) == [PASS]
    state.apply(Pass())
    assert state.phase == "buyer_order" and state.to_move == 1
