"""The normal, hard and cheater Трефы players and the sampler behind hard: always legal,
blind to hidden cards, reproducible from a seed, and dealing only deals that agree with
everything the seat has seen."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest
from checked_play import Checked, recorded_decisions
from clubs_positions import dealt, run

from cardtable.ai.base import Player, RandomPlayer
from cardtable.ai.clubs_easy import ClubsEasyPlayer
from cardtable.ai.clubs_easy import hand_features as easy_hand_features
from cardtable.ai.clubs_hard import (
    ClubsCheaterPlayer,
    ClubsHardPlayer,
    candidate_actions,
    rollout_move,
)
from cardtable.ai.clubs_normal import ClubsNormalPlayer, hand_features, hand_value
from cardtable.ai.clubs_sample import ClubsSampler, Unsatisfiable, share_out
from cardtable.cards import SPADES, SUIT_MASKS, Card, cards_of
from cardtable.engine.actions import PASS, PLAY, Action
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState, ClubsView
from cardtable.engine.clubs_actions import Bid

NORMAL = ClubsNormalPlayer()
PLAYERS = range(2, 9)
FORMS = ("auction", "everyone")


def new_deal(n: int, bidding: str, seed: int) -> ClubsState:
    rng = random.Random(seed)
    state = CLUBS_GAME.new({"players": n, "bidding": bidding, "target": 500}, rng.randrange(n))
    state.deal(state.random_layout(rng))
    return state


def positions(n: int, bidding: str, seed: int, deals: int = 2) -> Iterator[ClubsState]:
    """Every decision point of a few deals played by a mixed table — normal, easy and
    random seats, so that odd contracts, early voids and two-deck skips turn up."""
    rng = random.Random(seed)
    kinds: list[Player] = [NORMAL, ClubsEasyPlayer(), RandomPlayer()]
    for d in range(deals):
        state = new_deal(n, bidding, seed * 31 + d)
        line_up = [kinds[(s + d) % 3] for s in range(n)]
        while state.phase in ("auction", "bidding", "play"):
            yield state
            seat = state.to_move
            assert seat is not None
            state.apply(line_up[seat].choose(state.view(seat), state.legal_actions(), rng))


def hand_of(state: ClubsState, seat: int) -> list[Card]:
    return sorted(cards_of(state.ones[seat]) + cards_of(state.twos[seat]))


def set_hand(state: ClubsState, seat: int, hand: Sequence[int]) -> None:
    ones = twos = 0
    for c in hand:
        if (ones >> c) & 1:
            twos |= 1 << c
        else:
            ones |= 1 << c
    state.ones[seat], state.twos[seat] = ones, twos


def hidden_reshuffled(state: ClubsState, seat: int, rng: random.Random) -> ClubsState:
    """A copy in which the other seats' cards and the cards set aside are dealt anew
    among them, each keeping its count: only what ``seat`` cannot see changes."""
    twin = state.clone()
    others = [s for s in range(state.n) if s != seat]
    pool = [c for s in others for c in hand_of(state, s)] + list(state.aside)
    rng.shuffle(pool)
    for s in others:
        k = state.hand_count(s)
        set_hand(twin, s, pool[:k])
        pool = pool[k:]
    twin.aside = tuple(pool)
    return twin


def replay_of(sample: ClubsState, view: ClubsView) -> ClubsState:
    """The deal the sample stands for, replayed from its first card on a fresh table:
    each hand as dealt is the sample's hand plus what that seat has played.  The
    engine refuses any play the sampled hands make impossible (a card of a suit the
    seat had shown out of, a twin it could not have been skipped with)."""
    n = view.n
    played: list[list[Card]] = [[] for _ in range(n)]
    plays = [(s, c) for _, trick, _, _ in view.tricks for s, c in trick] + list(view.trick)
    for s, c in plays:
        played[s].append(c)
    hands = tuple(tuple(hand_of(sample, s) + played[s]) for s in range(n))
    state = CLUBS_GAME.new(view.options, view.dealer)
    state.deal(ClubsLayout(hands, aside=tuple(sample.aside)))
    for _, tricks in view.bids:
        state.apply(PASS if tricks is None else Bid(tricks))
    for _, c in plays:
        state.apply(PLAY[c])
    return state


# --- the sampler ------------------------------------------------------------------------------


@pytest.mark.parametrize("bidding", FORMS)
@pytest.mark.parametrize("players", PLAYERS)
def test_samples_agree_with_everything_the_seat_has_seen(players: int, bidding: str) -> None:
    """At every few decision points: the sample's view for the seat equals the real
    view (hand, counts, bids, tricks, legal actions), the replayed deal is legal move
    for move, and it ends in the sample's hands."""
    rng = random.Random(players)
    checked = varied = 0
    for i, state in enumerate(positions(players, bidding, seed=players)):
        if i % 4:
            continue
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        sampler = ClubsSampler()
        first: list[list[Card]] | None = None
        for _ in range(2):
            sample = sampler(view, rng)
            assert sample.view(seat) == view
            assert sample.to_move == seat
            assert tuple(sample.legal_actions()) == tuple(state.legal_actions())
            replayed = replay_of(sample, view)
            assert replayed.view(seat) == view
            hands = [hand_of(sample, s) for s in range(players)]
            assert [hand_of(replayed, s) for s in range(players)] == hands
            if first is None:
                first = hands
            elif hands != first:
                varied += 1
            checked += 1
    assert checked > 20 and varied > 0


def shown_out_position() -> ClubsState:
    """Four players: seat 0 leads the ace of spades, seat 1 follows and seat 2
    discards a diamond — it has shown it holds no spade.  Seat 3 is to move."""
    state = dealt(["AS KS QS JS TS 9S 8S 7S 6S 5S 2H 3H 4H",
                   "4S 3S 2S 5H 6H 7H 8H 9H TH JH QH KH AH",
                   "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                   "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"])
    run(state, "b1 p p p  AS 2S 2D")
    return state


def test_a_seat_that_showed_out_is_never_dealt_the_suit() -> None:
    state = shown_out_position()
    void_seat = 2
    view = state.view(3)
    assert state.to_move == 3
    sampler = ClubsSampler()
    rng = random.Random(1)
    spades_elsewhere = 0
    for _ in range(200):
        sample = sampler(view, rng)
        assert not sample.ones[void_seat] & SUIT_MASKS[SPADES]
        spades_elsewhere += (sample.ones[1] & SUIT_MASKS[SPADES]).bit_count()
    assert spades_elsewhere > 0


def test_with_two_decks_a_seat_that_did_not_follow_may_hold_only_twins() -> None:
    """Six players: seat 0 leads the ace of spades; seat 1 holds the other ace of
    spades (which it may not play to this trick) and no other spade, so it discards.
    In the samples seat 1 may hold that ace again, but no other spade."""
    ace = Card.parse("AS")
    pool = [c for c in range(52) for _ in range(2) if c != ace]
    rng = random.Random(6)
    rng.shuffle(pool)
    plain = [c for c in pool if not SUIT_MASKS[SPADES] >> c & 1]
    seat1 = [ace, *plain[:16]]
    for c in seat1[1:]:
        pool.remove(c)
    hands = [[ace, *pool[:16]], seat1] + [pool[16 + 17 * i:33 + 17 * i] for i in range(4)]
    state = CLUBS_GAME.new({"players": 6}, 5)
    state.deal(ClubsLayout(tuple(tuple(Card(c) for c in h) for h in hands),
                      aside=tuple(Card(c) for c in pool[84:])))
    run(state, "b1 p p p p p  AS")
    discard = state.legal_actions()[0]
    assert state.to_move == 1 and PLAY[ace] not in state.legal_actions()
    state.apply(discard)
    view = state.view(2)
    sampler = ClubsSampler()
    twins = 0
    for _ in range(300):
        sample = sampler(view, rng)
        assert not sample.ones[1] & SUIT_MASKS[SPADES] & ~(1 << ace)
        twins += (sample.ones[1] >> ace) & 1
    assert twins > 0


def _brute_force(copies: list[int], capacity: list[int], allowed: list[int]) -> bool:
    for buckets in itertools.product(range(len(capacity)), repeat=len(copies)):
        counts = [0] * len(capacity)
        ok = True
        for c, b in zip(copies, buckets, strict=True):
            counts[b] += 1
            if not (allowed[b] >> c) & 1:
                ok = False
                break
        if ok and counts == capacity:
            return True
    return False


def test_share_out_finds_a_deal_exactly_when_one_exists() -> None:
    """Small random instances against brute force: the cards fill every bucket to its
    size, each in a bucket that allows it, whenever that is possible at all."""
    rng = random.Random(7)
    found = refused = 0
    for _ in range(250):
        k = rng.randint(2, 4)
        copies = [rng.randrange(6) for _ in range(rng.randint(2, 6))]
        capacity = [0] * k
        for _ in copies:
            capacity[rng.randrange(k)] += 1
        allowed = [rng.getrandbits(6) for _ in range(k)]
        possible = _brute_force(copies, capacity, allowed)
        try:
            buckets = share_out(copies, capacity, allowed, rng)
        except Unsatisfiable:
            assert not possible
            refused += 1
            continue
        assert possible
        found += 1
        assert [len(b) for b in buckets] == capacity
        assert sorted(c for b in buckets for c in b) == sorted(copies)
        for b, held in enumerate(buckets):
            assert all((allowed[b] >> c) & 1 for c in held)
    assert found > 20 and refused > 20


def test_a_high_bid_makes_the_bidder_s_sampled_hands_stronger() -> None:
    """Soft evidence: in an auction where seat 1 bid 7, the samples that weigh the bids
    give seat 1 stronger hands on average than samples that ignore them."""
    state = new_deal(4, "auction", 11)
    run(state, "p b7")
    bidder = state.bids[-1][0]
    view = state.view(state.to_move)  # type: ignore[arg-type]
    assert bidder != view.seat

    def mean_value(sampler: ClubsSampler) -> float:
        rng = random.Random(3)
        total = 0.0
        for _ in range(300):
            sample = sampler(view, rng)
            total += hand_value(sample.ones[bidder], sample.twos[bidder], 4)
        return total / 300

    assert mean_value(ClubsSampler(candidates=4)) > mean_value(ClubsSampler(candidates=1)) + 0.3


# --- every level: legal, blind, reproducible ---------------------------------------------------


def play_deals(n: int, bidding: str, line_up: Sequence[Player], seed: int, deals: int) -> None:
    for d in range(deals):
        state = new_deal(n, bidding, seed + d)
        rng = random.Random(seed + d)
        while state.phase in ("auction", "bidding", "play"):
            seat = state.to_move
            assert seat is not None
            state.apply(line_up[(seat + d) % n].choose(state.view(seat),
                                                       state.legal_actions(), rng))


@pytest.mark.parametrize("bidding", FORMS)
@pytest.mark.parametrize("players", PLAYERS)
def test_normal_and_hard_choose_only_legal_actions(players: int, bidding: str) -> None:
    """Whole deals: normal everywhere, then normal and a cheap hard among random seats
    (wild contracts, early voids, skipped turns with two decks)."""
    normal = Checked(NORMAL)
    play_deals(players, bidding, [normal] * players, seed=10 * players, deals=3)
    hard = Checked(ClubsHardPlayer(playouts=6))
    mixed: list[Player] = [hard, normal] + [RandomPlayer()] * (players - 2)
    play_deals(players, bidding, mixed, seed=20 * players, deals=1)
    assert normal.decisions > 0 and hard.decisions > 0


def test_the_rollout_plays_whole_deals_legally() -> None:
    for n, bidding in itertools.product(PLAYERS, FORMS):
        state = new_deal(n, bidding, n)
        rng = random.Random(n)
        while state.to_move is not None:
            action = rollout_move(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.phase == "deal" and len(state.deal_scores) == 1


def test_the_cheater_chooses_legal_actions_from_the_true_state() -> None:
    cheater = ClubsCheaterPlayer(playouts=6)
    for n, bidding in ((3, "auction"), (6, "everyone")):
        state = new_deal(n, bidding, 5)
        rng = random.Random(5)
        while state.to_move is not None:
            seat = state.to_move
            legal = state.legal_actions()
            action = cheater.choose_seeing_all(state, seat, legal, rng)
            assert action in legal
            state.apply(action)


@pytest.mark.parametrize(("players", "bidding"), [(4, "auction"), (3, "everyone"),
                                                  (7, "auction"), (6, "everyone")])
def test_decisions_do_not_depend_on_cards_the_seat_cannot_see(players: int,
                                                              bidding: str) -> None:
    """The other seats' cards and the cards set aside are dealt anew: the seat's view
    is the same, and so is every decision of normal and hard under the same seed."""
    hard = ClubsHardPlayer(playouts=12)
    rng = random.Random(players)
    changed = 0
    for i, state in enumerate(positions(players, bidding, seed=3 * players)):
        if i % 5:
            continue
        seat = state.to_move
        assert seat is not None
        twin = hidden_reshuffled(state, seat, rng)
        if any(hand_of(twin, s) != hand_of(state, s) for s in range(players) if s != seat):
            changed += 1
        legal = state.legal_actions()
        assert tuple(twin.legal_actions()) == tuple(legal)
        view, twin_view = state.view(seat), twin.view(seat)
        assert twin_view == view
        for player in (NORMAL, hard):
            assert (player.choose(view, legal, random.Random(i))
                    == player.choose(twin_view, legal, random.Random(i)))
    assert changed > 5


def test_a_seed_reproduces_hard_s_decisions() -> None:
    def decisions(seed: int) -> list[Action]:
        hard = ClubsHardPlayer(playouts=40)
        return recorded_decisions(new_deal(4, "auction", 2), [hard] * 4, random.Random(seed),
                                  keep_going=lambda state: state.to_move is not None)

    assert decisions(1) == decisions(1)


# --- normal: bidding and play that make sense ----------------------------------------------------


def normal_choice(state: ClubsState) -> Action:
    seat = state.to_move
    assert seat is not None
    return NORMAL.choose(state.view(seat), state.legal_actions(), random.Random(0))


@pytest.mark.parametrize(("hands", "bid"), [
    pytest.param(["2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 6D",
                  "AS KS QS JS TS 9S AH KH QH JH TH 9H 2C",
                  "8S 7S 6S 8H 7H 6H AD KD QD JD TD 9D 3C",
                  "8D 7D AC KC QC JC TC 9C 8C 7C 6C 5C 4C"], 0,
                 id="a_hand_of_low_cards_bids_nothing"),
    # Seat 0 holds the four top clubs and only low plain cards: four tricks it can
    # take at will and no other card likely to win.
    pytest.param(["AC KC QC JC 2S 3S 4S 2H 3H 4H 2D 3D 4D",
                  "AS KS QS JS TS 9S AH KH QH JH TH 9H 2C",
                  "8S 7S 6S 8H 7H 6H AD KD QD JD TD 9D 3C",
                  "5S 5H 5D 6D 7D 8D TC 9C 8C 7C 6C 5C 4C"], 4,
                 id="the_top_clubs_and_nothing_else_bid_their_number"),
])
def test_normal_bids_what_the_hand_is_worth_in_the_everyone_form(hands: list[str],
                                                                 bid: int) -> None:
    state = dealt(hands, bidding="everyone")
    assert normal_choice(state) == Bid(bid)


@pytest.mark.parametrize(("hands", "dealer", "moves", "declarer", "taken", "card"), [
    # Seat 0 declared 1 and took it with the first trick; on a heart trick won by the
    # queen it plays its highest heart that still loses, keeping the two.
    pytest.param(["AS 2H TH KH AH 3D 4D 5D 6D 7D 2C 3C 4C",
                  "2S 3S JH AD 8D 9D 5C 6C 7C 8C 9C TC JC",
                  "4S 5S 6S QH 3H 4H TD JD QD KD QC KC AC",
                  "7S 8S 9S TS JS QS KS 5H 6H 7H 8H 9H 2D"], 3,
                 "b1 p p p  AS 2S 4S 7S  3D AD TD 2D  JH QH 5H", 0, 1, "TH",
                 id="a_declarer_with_his_tricks_ducks_under_the_winner"),
    # Seat 0 must bid when the others pass and takes 3 with one top club; last to a
    # diamond trick, he wins it with the king over the queen.
    pytest.param(["AC 2C 3C KD 2D 2S 3S 4S 2H 3H 4H 5H 6H",
                  "5S 6S 7S 8S 7H 8H 9H TH 3D 4D 5D 4C 5C",
                  "9S TS JS QS JH QH KH AH 6D 7D 8D 6C 7C",
                  "KS AS 9D TD JD QD AD 8C 9C TC JC QC KC"], 0,
                 "p p p b3  3D 6D QD", 0, 0, "KD",
                 id="a_declarer_short_of_top_clubs_takes_a_trick_he_can_win"),
    # Seat 3 declared 2 and leads the four of hearts; seat 0 holds the ace and the
    # five of hearts: the five already takes the trick from him.
    pytest.param(["AH 5H 2S 3S 4S 6S 7S 2D 3D 4D 5D 6D 7D",
                  "2H 8S 9S TS JS QS KS 8D 9D TD JD QD KD",
                  "3H 6H 7H 8H JH AS AD 2C 3C 4C 5C 6C 5S",
                  "9H TH QH 4H KH 7C 8C 9C TC JC QC KC AC"], 2,
                 "b2 p p p  4H", 3, 0, "5H",
                 id="a_defender_beats_a_declarer_who_still_needs_tricks_as_cheaply_as_it_can"),
])
def test_normal_plays_the_card_the_position_calls_for(hands: list[str], dealer: int,
                                                      moves: str, declarer: int, taken: int,
                                                      card: str) -> None:
    """Seat 0 to play, after ``moves``, in a position worked out by hand."""
    state = dealt(hands, dealer=dealer)
    run(state, moves)
    assert state.declarer == declarer and state.tricks_taken[declarer] == taken
    assert state.to_move == 0
    assert normal_choice(state) == PLAY[Card.parse(card)]


def test_the_hand_features_are_the_easy_player_s_at_the_start_of_a_deal() -> None:
    """The bitmask tables behind hand_value count exactly what the easy player counts
    from a view."""
    rng = random.Random(12)
    for n in PLAYERS:
        for _ in range(15):
            state = new_deal(n, "auction", rng.randrange(1 << 30))
            seat = rng.randrange(n)
            ours = hand_features(state.ones[seat], state.twos[seat], n)
            theirs = easy_hand_features(state.view(seat))
            assert ours == pytest.approx(theirs)


# --- hard: what it searches -----------------------------------------------------------------------


def test_touching_cards_are_searched_once_and_valued_alike() -> None:
    """Seat 0 holds 5♥ 6♥ 8♥ and 7♥ is already played: the three are one card for the
    rest of the deal, searched once, and every legal card still gets a value."""
    state = dealt(["5H 6H 8H AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
                   "7H 2H 3H 4H JS QS KS 2D 3D 4D 5D 6D 7D",
                   "9H TH JH QH KH AH 8D 9D TD JD QD KD AD",
                   "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"], dealer=0)
    run(state, "b1 p p p  7H 9H 2C")
    assert state.to_move == 0
    view = state.view(0)
    legal = state.legal_actions()
    keep, stands_for = candidate_actions(view, legal)
    hearts = [PLAY[Card.parse(x)] for x in ("5H", "6H", "8H")]
    assert hearts[0] in keep and hearts[1] not in keep and hearts[2] not in keep
    assert stands_for[hearts[1]] == stands_for[hearts[2]] == hearts[0]
    results = ClubsHardPlayer(playouts=30).evaluate_actions(view, legal, random.Random(2))
    assert sorted(map(str, (a for a, _, _ in results))) == sorted(map(str, legal))
    values = {a: v for a, v, _ in results}
    assert values[hearts[0]] == values[hearts[1]] == values[hearts[2]]


def test_the_search_tries_a_pass_and_the_bids_worth_trying() -> None:
    state = new_deal(4, "auction", 21)
    view = state.view(state.to_move)  # type: ignore[arg-type]
    legal = state.legal_actions()
    keep, _ = candidate_actions(view, legal)
    assert PASS in keep and len(keep) == 6
    assert all(a in legal for a in keep)


# --- bidding at two and at every count -----------------------------------------------------------


def test_the_best_bid_is_weighed_over_the_whole_range() -> None:
    """A forced bidder weighs every number: the model's best is found wherever it
    lies, here far above the hand's value (a window around the value missed it)."""
    from cardtable.ai import clubs_normal

    for n in PLAYERS:
        size = clubs_normal.HAND_SIZE[n]
        for value, top in ((1.0, 0.0), (4.5, 1.0), (9.0, 6.0)):
            k, worth = clubs_normal.best_bid(0, size, value, top, n, "auction")
            assert worth == max(clubs_normal.contract_worth(j, value, top, n, "auction")
                                for j in range(size + 1))
            assert clubs_normal.contract_worth(k, value, top, n, "auction") == worth


def test_at_two_the_first_bidder_declares_only_what_beats_spoiling() -> None:
    """Passing first at two players forces the other seat to declare whatever he
    holds, which loses on average: so the first bidder needs a contract worth more
    than that loss, not merely more than nothing; later, and at other counts, a pass
    is worth nothing."""
    from cardtable.ai.clubs_normal import forced_worth, pass_worth

    assert forced_worth(2) < -2
    assert pass_worth(2, None, 2) == -forced_worth(2) > 2
    assert pass_worth(2, 5, 2) == 0.0
    assert all(pass_worth(n, None, n) == 0.0 for n in range(3, 9))
    # a hand whose best contract is worth a little: it bids at four, passes at two
    from cardtable.ai.clubs_normal import best_bid, choose_bid

    strength = next((v, t) for v in (x / 4 for x in range(0, 52)) for t in range(7)
                    if 0 < best_bid(0, 13, v, t, 2, "auction")[1] < pass_worth(2, None, 2))
    state = new_deal(2, "auction", 3)
    view = state.view(state.to_move)  # type: ignore[arg-type]
    assert choose_bid(view, state.legal_actions(), *strength) == PASS
    state.apply(PASS)
    view = state.view(state.to_move)  # type: ignore[arg-type]
    assert isinstance(choose_bid(view, state.legal_actions(), *strength), Bid)


def test_a_forced_bid_is_not_read_as_a_hand_that_wanted_to_declare() -> None:
    """A seat that had to bid told only which contract was its best: the samples of
    its hand are pushed towards a hand worth declaring far less than after the same
    bid made of its own will."""
    from cardtable.ai.clubs_normal import contract_worth, hand_strength

    def shift(script: str) -> float:
        """How much weighing the bids raises the bidder's sampled worth of his bid."""
        state = new_deal(2, "auction", 8)
        run(state, script)
        bidder, tricks = next((s, t) for s, t in state.bids if t is not None)
        view = state.view(state.to_move)  # type: ignore[arg-type]
        assert view.seat != bidder

        def mean_worth(candidates: int) -> float:
            rng = random.Random(5)
            total = 0.0
            for _ in range(400):
                sample = ClubsSampler(candidates)(view, rng)
                value, top = hand_strength(sample.ones[bidder], sample.twos[bidder], 2)
                total += contract_worth(tricks, value, top, 2, "auction")
            return total / 400

        return mean_worth(4) - mean_worth(1)

    voluntary = shift("b6")  # the first bidder chose to declare 6
    forced = shift("p b6")  # the other passed first: 6 was the best of a forced hand
    assert voluntary > 0.3
    assert voluntary > forced + 0.3
