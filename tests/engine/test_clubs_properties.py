"""Property tests of the Трефы engine over random legal games (hypothesis).

Each example is a player count, a bidding form, a target and a seed; the seed drives
the shuffles and the choice among ``legal_actions()``.  Random players seldom make
their contracts, so each example plays a bounded number of deals; the end of the game
is tested separately with deterministic games that reach a target of 25.

Along the way every step is checked against clubs_rules (clubs.md restated): the cards
are conserved (52 / 51 / 50 / 104), the legal actions are the reference's, each trick
goes to the reference winner, each skipped seat really had no playable card, each deal
scores as the reference says; and the engine contracts hold: an illegal action changes
nothing, every legal action is accepted, ``clone`` is independent, ``view`` leaks
nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import clubs_rules as R
from clubs_helpers import dull_layout, hand_names, play_dull, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from view_cards import cards_in

from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY, Action, Pass, Play
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.clubs_events import TurnSkipped
from cardtable.engine.game import (
    Event,
    GameOver,
    IllegalAction,
    TrickWon,
)

GAMES = st.tuples(st.sampled_from(R.PLAYERS), st.sampled_from(["auction", "everyone"]),
                  st.sampled_from([25, 25, 100]), st.integers(0, 2**32 - 1))
FAST = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=15, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
MAX_DEALS = 2


class Runner:
    """A game played with random legal actions from one seed, for at most
    ``max_deals`` deals; keeps what the checks need without asking the engine: the
    layout, the bidding (and a reference auction), the events of the current deal."""

    def __init__(self, game: tuple[int, str, int, int], max_deals: int = MAX_DEALS) -> None:
        n, bidding, target, seed = game
        self.n = n
        self.bidding = bidding
        self.target = target
        self.rng = random.Random(seed)
        self.first_dealer = self.rng.randrange(n)
        self.state: ClubsState = CLUBS_GAME.new(
            {"players": n, "bidding": bidding, "target": target}, self.first_dealer)
        self.max_deals = max_deals
        self.deals = 0
        self.layout: ClubsLayout | None = None
        self.auction: R.Auction | None = None
        self.bids: list[int] = []
        self.contracts: list[int | None] = [None] * n
        self.events: list[Event] = []
        self.last: list[Event] = []

    @property
    def dealer(self) -> int:
        """The dealer of the current (or just finished) deal, by the seat rotation."""
        return (self.first_dealer + self.deals - 1) % self.n

    def step(self) -> bool:
        """One deal or one action; False once the game is over or enough deals ran."""
        s = self.state
        if s.is_over or (s.needs_deal and self.deals >= self.max_deals):
            return False
        if s.needs_deal:
            self.layout = s.random_layout(self.rng)
            self.deals += 1
            self.auction = R.Auction(self.n, self.dealer) if self.bidding == "auction" else None
            self.bids = []
            self.contracts = [None] * self.n
            self.last = s.deal(self.layout)
            self.events = list(self.last)
            return True
        legal = s.legal_actions()
        action = legal[self.rng.randrange(len(legal))]
        self.apply(action)
        return True

    def apply(self, action: Action) -> None:
        s = self.state
        seat = s.to_move
        assert seat is not None
        if type(action) in (Bid, Pass):
            tricks = action.tricks if type(action) is Bid else None  # type: ignore[union-attr]
            if self.auction is not None:
                self.auction.act(tricks)
                if self.auction.declarer is not None:
                    self.contracts[self.auction.declarer] = self.auction.high
            else:
                assert tricks is not None
                self.bids.append(tricks)
                self.contracts[seat] = tricks
        self.last = s.apply(action)
        self.events += self.last

    def positions(self) -> Iterator[ClubsState]:
        """The state before every step and once at the end."""
        while True:
            yield self.state
            if not self.step():
                return


def hand_of(s: ClubsState, seat: int) -> list[str]:
    return hand_names(s, seat)


def trick_of(s: ClubsState) -> list[str]:
    return [str(x) for _, x in s.view(0).trick]


def played_tricks(s: ClubsState) -> list[tuple[int, list[tuple[int, str]], int, tuple[int, ...]]]:
    return [(lead, [(seat, str(x)) for seat, x in cards], win, skipped)
            for lead, cards, win, skipped in s.view(0).tricks]


# --- cards are conserved -------------------------------------------------------------------------


@FAST
@given(GAMES)
def test_every_card_accounted_for(game: tuple[int, str, int, int]) -> None:
    """At every step, hands + current trick + played tricks + aside is exactly the deck
    (each face twice with two decks); every hand is part of what was dealt to it, and
    its size is the hand size less the cards it has played."""
    r = Runner(game)
    n = r.n
    deck = Counter(R.deck(n))
    for s in r.positions():
        if r.layout is None:
            assert all(hand_of(s, seat) == [] for seat in range(n))
            continue
        hands = [hand_of(s, seat) for seat in range(n)]
        trick = trick_of(s)
        done = [x for _, cards, _, _ in played_tricks(s) for _, x in cards]
        aside = [str(x) for x in s.aside]
        everything = Counter(x for h in hands for x in h) + Counter(trick) + Counter(done)
        assert everything + Counter(aside) == deck
        assert sorted(aside) == sorted(str(x) for x in r.layout.aside)
        for seat in range(n):
            dealt = Counter(str(x) for x in r.layout.hands[seat])
            assert Counter(hands[seat]) <= dealt
            played = sum(1 for _, cards, _, _ in played_tricks(s) for p, _ in cards if p == seat)
            played += sum(1 for p, _ in s.view(0).trick if p == seat)
            assert len(hands[seat]) == R.HAND_SIZE[n] - played
        view = s.view(0)
        assert view.hand_counts == tuple(len(h) for h in hands)
        assert view.aside_count == R.ASIDE[n]
        assert sum(view.played_counts) == len(trick) + len(done)


# --- legal actions, tricks, skips and scores against the reference -------------------------------


def check_bidding(r: Runner, s: ClubsState, legal: list[Action]) -> None:
    n, k = r.n, R.HAND_SIZE[r.n]
    if s.phase == "auction":
        assert r.auction is not None
        assert s.to_move == r.auction.to_move
        expect = [PASS if m is None else Bid(m) for m in r.auction.legal()]
        assert legal == expect
    else:
        assert s.phase == "bidding"
        forehand = (r.dealer + 1) % n
        assert s.to_move == (forehand + len(r.bids)) % n
        is_dealer = s.to_move == r.dealer
        assert legal == [Bid(b) for b in R.everyone_legal(r.bids, k, is_dealer)]


def check_trick_done(r: Runner, s: ClubsState) -> None:
    """The trick just completed: each seat played or was skipped exactly once, in turn
    from the leader; a skipped seat had no playable card; the reference winner took it."""
    n = r.n
    lead, cards, winner, skipped = played_tricks(s)[-1]
    order = [(lead + i) % n for i in range(n)]
    seats = [seat for seat, _ in cards]
    assert sorted(seats + list(skipped)) == list(range(n))
    assert [seat for seat in order if seat not in skipped] == seats
    assert winner == R.trick_winner(cards)
    for seat in skipped:
        before = [x for p, x in cards if order.index(p) < order.index(seat)]
        assert R.playable(hand_of(s, seat), before) == []
    won = [i for i, e in enumerate(r.events) if isinstance(e, TrickWon)]
    since = won[-2] + 1 if len(won) > 1 else 0
    skips = [e.seat for e in r.events[since:won[-1]] if isinstance(e, TurnSkipped)]
    assert skips == list(skipped)
    if s.phase == "play":
        assert s.to_move == winner


def check_deal_done(r: Runner, s: ClubsState) -> None:
    """The deal that just ended: hand-size tricks, leaders chained from the forehand,
    the scores by the reference, leftover cards only from skips, the end by the target."""
    n = r.n
    tricks = played_tricks(s)
    assert len(tricks) == R.HAND_SIZE[n]
    leader = (r.dealer + 1) % n
    taken = [0] * n
    for lead, _, winner, _ in tricks:
        assert lead == leader
        taken[winner] += 1
        leader = winner
    row = R.deal_row(r.contracts, taken)
    assert list(s.deal_scores[-1]) == row
    if r.bidding == "auction":
        assert sum(x is not None for x in r.contracts) == 1
    else:
        assert None not in r.contracts
    assert list(s.totals) == [sum(d[seat] for d in s.deal_scores) for seat in range(n)]
    left = sum(len(hand_of(s, seat)) for seat in range(n))
    assert left == sum(len(t[3]) for t in tricks)
    if R.decks(n) == 1:
        assert left == 0
    over = R.game_over(s.totals, r.target)
    assert s.is_over == over and s.needs_deal == (not over)
    assert bool([e for e in r.last if isinstance(e, GameOver)]) == over
    assert s.places() == R.places(s.totals)


def check_position(r: Runner, s: ClubsState) -> None:
    """Before a step: who is to move and what he may do, by the reference."""
    legal = list(s.legal_actions())
    if s.phase in ("deal", "over"):
        assert s.to_move is None and legal == []
        return
    assert s.dealer == r.dealer
    if s.phase in ("auction", "bidding"):
        assert s.phase == ("auction" if r.bidding == "auction" else "bidding")
        check_bidding(r, s, legal)
        return
    assert s.phase == "play"
    if not played_tricks(s) and not trick_of(s):
        assert s.to_move == (r.dealer + 1) % r.n  # the forehand leads, whoever declared
    assert all(type(a) is Play for a in legal)
    expect = R.legal_cards(hand_of(s, s.to_move), trick_of(s))  # type: ignore[arg-type]
    assert expect, "a seat with no playable card must be skipped, not asked"
    assert sorted(str(a.card) for a in legal) == expect  # type: ignore[union-attr]


@FAST
@given(GAMES)
def test_every_step_follows_the_rules(game: tuple[int, str, int, int]) -> None:
    """The seat to move and its legal actions are exactly the reference's at every
    step; each completed trick and each completed deal check out against it."""
    r = Runner(game)
    s = r.state
    tricks = deals = 0
    while True:
        check_position(r, s)
        if not r.step():
            break
        if any(isinstance(e, TrickWon) for e in r.last):
            tricks += 1
            check_trick_done(r, s)
        if len(s.deal_scores) > deals:
            deals += 1
            check_deal_done(r, s)
    assert deals == len(s.deal_scores) >= 1
    assert tricks == sum(R.HAND_SIZE[r.n] for _ in s.deal_scores) + len(played_tricks(s)) * (
        s.phase == "play")


# --- illegal actions change nothing; legal ones are accepted -----------------------------------


def illegal_candidates(s: ClubsState, rng: random.Random) -> list[Action]:
    """Actions outside ``legal_actions()``: random cards (own cards the rules forbid
    first), bids too low, too high or forbidden, and a pass where none is allowed."""
    legal = set(s.legal_actions())
    out: list[Action] = []
    if s.to_move is not None:
        own = [PLAY[Card.parse(x)] for x in hand_of(s, s.to_move)]
        out += [a for a in own if a not in legal][:3]
    out += rng.sample([PLAY[x] for x in range(52)], 5)
    out += [Bid(k) for k in rng.sample(range(19), 5)] + [PASS]
    return [a for a in dict.fromkeys(out) if a not in legal]


@SLOW
@given(GAMES)
def test_illegal_actions_leave_the_state_unchanged(game: tuple[int, str, int, int]) -> None:
    """``apply`` of anything outside ``legal_actions()`` raises IllegalAction (with a
    code and a message) and leaves every field, every view and the legal actions as
    they were."""
    r = Runner(game)
    probe = random.Random(game[3] ^ 0x5EED)
    tried = 0
    for s in r.positions():
        if s.phase == "play" and probe.random() > 0.12:
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


@SLOW
@given(GAMES)
def test_every_legal_action_is_accepted(game: tuple[int, str, int, int]) -> None:
    """Each legal action, applied to a clone, is accepted; the original is untouched."""
    r = Runner(game)
    probe = random.Random(game[3] ^ 0xACCE)
    for s in r.positions():
        if s.to_move is None or probe.random() > 0.25:
            continue
        before = snapshot(s)
        legal = list(s.legal_actions())
        for action in probe.sample(legal, min(6, len(legal))):
            twin = s.clone()
            twin.apply(action)
        assert snapshot(s) == before


# --- clone ----------------------------------------------------------------------------------------


@SLOW
@given(GAMES, st.integers(0, 300), st.integers(0, 2**32 - 1))
def test_clone_is_independent(game: tuple[int, str, int, int], at: int, other_seed: int) -> None:
    """A clone starts equal; playing the clone on leaves the original untouched, and
    playing the original on leaves the clone untouched."""
    r = Runner(game)
    for _ in range(at):
        if not r.step():
            break
    original = r.state
    twin = original.clone()
    assert twin is not original
    assert snapshot(twin) == snapshot(original)
    before = snapshot(original)
    rng = random.Random(other_seed)
    for _ in range(150):
        if twin.is_over:
            break
        if twin.needs_deal:
            twin.deal(twin.random_layout(rng))
        else:
            moves = twin.legal_actions()
            twin.apply(moves[rng.randrange(len(moves))])
    assert snapshot(original) == before, "playing the clone changed the original"
    twin_after = snapshot(twin)
    for _ in range(150):
        if not r.step():
            break
    assert snapshot(twin) == twin_after, "playing the original changed the clone"


# --- views ----------------------------------------------------------------------------------------


def set_hand(s: ClubsState, seat: int, hand: list[str]) -> None:
    """Give ``seat`` these cards.  This writes the engine's own representation (a mask
    of cards held at least once and one of cards held twice), as dealing does."""
    ones = twos = 0
    for x in hand:
        bit = 1 << Card.parse(x)
        if ones & bit:
            twos |= bit
        else:
            ones |= bit
    s.ones[seat] = ones
    s.twos[seat] = twos


def reshuffled_others(s: ClubsState, seat: int, rng: random.Random) -> ClubsState:
    """A clone in which every other seat's cards and the aside are shuffled among
    them (each keeping its count); ``seat``'s own hand and everything public stay."""
    twin = s.clone()
    others = [p for p in range(s.n) if p != seat]
    pool = [x for p in others for x in hand_of(s, p)] + [str(x) for x in s.aside]
    rng.shuffle(pool)
    for p in others:
        k = len(hand_of(s, p))
        set_hand(twin, p, pool[:k])
        pool = pool[k:]
    twin.aside = tuple(Card.parse(x) for x in pool)
    return twin


@FAST
@given(GAMES)
def test_view_leaks_nothing(game: tuple[int, str, int, int]) -> None:
    """``view(seat)`` holds no card but the seat's own and those played this deal; and
    two states that differ only in the other seats' hands and the aside give the seat
    equal views."""
    r = Runner(game)
    probe = random.Random(game[3] ^ 0x1EAF)
    swapped = 0
    for i, s in enumerate(r.positions()):
        if r.layout is None:
            continue
        if i % 3:
            continue
        public = {x for _, cards, _, _ in played_tricks(s) for _, x in cards} | set(trick_of(s))
        for seat in range(r.n):
            v = s.view(seat)
            own = hand_of(s, seat)
            assert sorted(str(x) for x in v.hand) == own
            seen = {str(x) for x in cards_in(v)}
            assert seen <= set(own) | public, f"seat {seat} sees {seen - set(own) - public}"
            if seat != s.to_move:
                assert v.legal == ()
        if i % 21 == 3:
            seat = probe.randrange(r.n)
            twin = reshuffled_others(s, seat, probe)
            assert twin.view(seat) == s.view(seat)
            if any(hand_of(twin, p) != hand_of(s, p) for p in range(r.n) if p != seat):
                swapped += 1
    assert swapped > 0, "the hidden cards were never really changed"


# --- the end of the game --------------------------------------------------------------------------


def deterministic_game(n: int, bidding: str) -> tuple[ClubsState, list[list[int]]]:
    """Dull deals with target 25, all won by seat 0, who declares the whole hand: in
    the auction the others pass; in the everyone form they bid 0, except that the
    dealer never names the forbidden number (when seat 0 deals, the first other bidder
    names 1 so that seat 0 may still bid the hand).  Returns the state and the rows
    the reference expects."""
    k = R.HAND_SIZE[n]
    state = CLUBS_GAME.new({"players": n, "bidding": bidding, "target": 25}, n - 1)
    rows: list[list[int]] = []
    totals = [0] * n
    while not state.is_over:
        assert state.needs_deal
        dealer = (n - 1 + len(rows)) % n
        state.deal(dull_layout(n, 0, seed=len(rows)))
        contracts: list[int | None] = [None] * n
        if bidding == "auction":
            while state.phase == "auction":
                state.apply(Bid(k) if state.to_move == 0 else PASS)
            contracts[0] = k
        else:
            earlier: list[int] = []
            for i in range(n):
                seat = (dealer + 1 + i) % n
                b = k if seat == 0 else 0
                if dealer == 0 and i == 0:
                    b = 1
                if seat == dealer and R.forbidden_bid(earlier, k) == b:
                    assert seat != 0
                    b = 1
                state.apply(Bid(b))
                earlier.append(b)
                contracts[seat] = b
        play_dull(state, 0)
        taken = [k if seat == 0 else 0 for seat in range(n)]
        rows.append(R.deal_row(contracts, taken))
        totals = [t + x for t, x in zip(totals, rows[-1], strict=True)]
        assert list(state.totals) == totals
        assert state.is_over == R.game_over(totals, 25)
        assert len(rows) <= 2
    return state, rows


def test_deterministic_games_reach_the_target() -> None:
    """For every player count and both forms the game ends after the first deal in
    which someone reaches 25, with the reference's rows, totals and places."""
    for n in R.PLAYERS:
        for bidding in ("auction", "everyone"):
            state, rows = deterministic_game(n, bidding)
            assert [list(r) for r in state.deal_scores] == rows
            assert max(state.totals) >= 25
            assert all(max(sum(r[s] for r in rows[:i]) for s in range(n)) < 25
                       for i in range(1, len(rows)))
            assert state.places() == R.places(state.totals)
            assert list(state.legal_actions()) == [] and state.to_move is None
            # 10 + 17 = 27 ends at once; 10 + 14 = 24 (7 players) is one short
            assert len(rows) == (1 if n in (3, 6) else 2)
            assert state.totals[0] == max(state.totals)
