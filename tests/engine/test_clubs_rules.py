"""Трефы against clubs.md, rule by rule: the deal table, the auction, the everyone-bids
form, play (follow suit, clubs trump, the winner leads), the two-deck cancellation rule
with its automatic skips, scoring and the end of the game.

The expected numbers come from the rules file: hand-built deals whose every trick was
worked out by hand (clubs_helpers), "dull" deals that one seat wins outright, and the
plain-code restatement in clubs_rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import clubs_rules as R
import pytest
from clubs_helpers import (
    EIGHT_HANDS,
    EIGHT_TRICKS,
    FIVE_AUCTION,
    FIVE_HANDS,
    FIVE_TRICKS,
    FIVE_WINNERS,
    FOUR_AUCTION,
    FOUR_HANDS,
    FOUR_TRICKS,
    FOUR_WINNERS,
    assert_refused,
    bids,
    c,
    cards,
    dealt,
    dull_layout,
    eight_variant,
    hand_names,
    layout,
    layout_names,
    legal_names,
    new_state,
    of_type,
    play_dull,
    script,
    snapshot,
    trick_names,
)

from cardtable.engine import record
from cardtable.engine.actions import PASS, PLAY
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.clubs_events import AuctionWon, BidMade, TurnSkipped
from cardtable.engine.game import (
    CardPlayed,
    DealEnded,
    DealStarted,
    GameOver,
    Layout,
    LayoutError,
    OptionError,
    Passed,
    TrickWon,
)
from cardtable.engine.match import Match, Seat
from cardtable.engine.metamorphosis import MetamorphosisLayout

# --- options -----------------------------------------------------------------------------------


def test_options_defaults() -> None:
    """clubs.md options summary: players 4, bidding auction, target 100, no deal limit."""
    assert CLUBS_GAME.check_options({}) == {"players": 4, "bidding": "auction", "target": 100,
                                            "deals": 0}


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 8}, {"bidding": "everyone"}, {"target": 25},
    {"target": 500}, {"players": 6, "bidding": "everyone", "target": 250},
    {"deals": 0}, {"deals": 5}, {"deals": 200}, {"players": 2, "deals": 30},
])
def test_options_accepted(options: dict[str, object]) -> None:
    """Every value inside the options table is accepted and kept."""
    checked = CLUBS_GAME.check_options(options)
    for key, value in options.items():
        assert checked[key] == value


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 9}, {"bidding": "auction "}, {"bidding": "everybody"},
    {"target": 24}, {"target": 501}, {"target": "100"}, {"players": 4.0}, {"trump": "C"},
    {"deals": 1}, {"deals": 4}, {"deals": 201}, {"deals": -1}, {"deals": True},
    {"deals": 30.0}, {"deals": "30"},
])
def test_options_refused(options: dict[str, object]) -> None:
    """Values outside the table (2 … 8 players, target 25 … 500, deals 0 or 5 … 200) and
    unknown keys."""
    with pytest.raises(OptionError):
        CLUBS_GAME.check_options(options)


# --- the deal table ----------------------------------------------------------------------------


def test_reference_table_adds_up() -> None:
    """The restated table itself: hands and aside use every card exactly (a self-check
    of clubs_rules, so the engine tests below rest on a sound table)."""
    sizes = {2: 52, 3: 51, 4: 52, 5: 50, 6: 104, 7: 104, 8: 104}
    for n in R.PLAYERS:
        assert n * R.HAND_SIZE[n] + R.ASIDE[n] == len(R.deck(n)) == sizes[n]
    assert "2D" not in R.deck(3) and "2H" in R.deck(3)
    assert "2D" not in R.deck(5) and "2H" not in R.deck(5) and "2S" in R.deck(5)
    assert all(v == 2 for v in Counter(R.deck(6)).values())


@pytest.mark.parametrize("n", R.PLAYERS)
def test_random_layouts_follow_the_deal_table(n: int) -> None:
    """Hand sizes, cards set aside, the removed twos and (from 6 players) each face
    exactly twice — in every shuffled layout, which the state also accepts."""
    for seed in range(12):
        state = new_state(n, dealer=seed % n)
        lay = state.random_layout(random.Random(seed))
        assert len(lay.hands) == n
        assert [len(h) for h in lay.hands] == [R.HAND_SIZE[n]] * n
        assert len(lay.aside) == R.ASIDE[n]
        assert type(lay) is ClubsLayout
        assert Counter(layout_names(lay)) == Counter(R.deck(n))
        state.check_layout(lay)
        state.deal(lay)
        for seat in range(n):
            view = state.view(seat)
            assert sorted(str(x) for x in view.hand) == sorted(str(x) for x in lay.hands[seat])
            assert view.hand_counts == (R.HAND_SIZE[n],) * n
            assert view.aside_count == R.ASIDE[n]
            assert view.hand_size == R.HAND_SIZE[n] and view.decks == R.decks(n)


def test_random_layouts_differ_by_seed() -> None:
    """A shuffle really shuffles: two seeds give two different deals."""
    state = new_state(4)
    a = state.random_layout(random.Random(1))
    b = state.random_layout(random.Random(2))
    assert a != b


def base_layout(n: int) -> list[list[str]]:
    """A valid deal: the reference deck dealt in order, the rest set aside (last)."""
    k = R.HAND_SIZE[n]
    d = R.deck(n)
    return [d[i * k:(i + 1) * k] for i in range(n)] + [d[n * k:]]


def to_layout(parts: list[list[str]]) -> ClubsLayout:
    return layout([" ".join(h) for h in parts[:-1]], " ".join(parts[-1]))


def _short_hand(p: list[list[str]]) -> None:
    p[1].append(p[0].pop())


def _aside_short(p: list[list[str]]) -> None:
    p[-1].pop()


def _aside_extra(p: list[list[str]]) -> None:
    p[-1].append(p[0][0])


def _replace(card: str) -> Callable[[list[list[str]]], None]:
    def change(p: list[list[str]]) -> None:
        p[0][0] = card
    return change


def _twice_one_deck(p: list[list[str]]) -> None:
    p[0][0] = p[1][0]


def _thrice(p: list[list[str]]) -> None:
    face = p[1][0]
    assert face != p[0][0]
    p[0][0] = face  # the face is already dealt twice


def _hand_missing(p: list[list[str]]) -> None:
    del p[0]


def _aside_into_hand(p: list[list[str]]) -> None:
    p[0].append(p[-1].pop())


REFUSED = (
    [(n, "hand sizes", _short_hand) for n in R.PLAYERS]
    + [(n, "aside one short", _aside_short) for n in (2, 6, 7)]
    + [(n, "aside card in a hand", _aside_into_hand) for n in (2, 6, 7)]
    + [(n, "aside not empty", _aside_extra) for n in (3, 4, 5, 8)]
    + [(3, "2D with 3 players", _replace("2D")), (5, "2D with 5 players", _replace("2D")),
       (5, "2H with 5 players", _replace("2H"))]
    + [(n, "a card twice with one deck", _twice_one_deck) for n in (2, 3, 4, 5)]
    + [(n, "a card three times", _thrice) for n in (6, 7, 8)]
    + [(n, "a hand missing", _hand_missing) for n in (2, 4, 8)]
)


@pytest.mark.parametrize(("n", "what", "change"), REFUSED, ids=[f"{n}p-{w}" for n, w, _ in REFUSED])
def test_check_layout_refuses_invalid_deals(n: int, what: str,
                                            change: Callable[[list[list[str]]], None]) -> None:
    """A layout that is not the deal table's is refused, and nothing is dealt."""
    good = base_layout(n)
    state = new_state(n)
    state.check_layout(to_layout(good))  # the unchanged base is valid
    bad = [list(h) for h in good]
    change(bad)
    before = snapshot(state)
    with pytest.raises(LayoutError):
        state.check_layout(to_layout(bad))
    with pytest.raises(LayoutError):
        state.deal(to_layout(bad))
    assert snapshot(state) == before
    assert state.needs_deal and state.to_move is None


def test_another_games_layout_is_refused() -> None:
    """A Трефы deal has hands and the aside only: a layout of another kind (hands
    alone, or with a stock and a turned card) is refused."""
    parts = base_layout(4)
    lay = to_layout(parts)
    for bad in (Layout(lay.hands),
                MetamorphosisLayout(lay.hands, stock=cards("2C"), turned=cards("3C")[0])):
        with pytest.raises(LayoutError):
            new_state(4).deal(bad)


def test_no_deal_while_a_deal_is_on() -> None:
    state = new_state(4)
    state.deal(to_layout(base_layout(4)))
    before = snapshot(state)
    with pytest.raises(LayoutError):
        state.deal(to_layout(base_layout(4)))
    assert snapshot(state) == before


def test_nothing_happens_before_the_deal() -> None:
    state = new_state(4)
    assert state.needs_deal and list(state.legal_actions()) == []
    assert_refused(state, Bid(0))
    assert_refused(state, PASS)
    assert_refused(state, PLAY[c("AS")])


# --- the auction ---------------------------------------------------------------------------------


def auction_state(n: int, dealer: int = 0, **options: object) -> ClubsState:
    return dealt(to_layout(base_layout(n)), dealer=dealer, **options)


@pytest.mark.parametrize("n", R.PLAYERS)
def test_the_dealers_left_bids_first(n: int) -> None:
    """For every dealer, the player to his left speaks first, and may pass or bid any
    number from 0 to the hand size."""
    for dealer in range(n):
        state = auction_state(n, dealer)
        assert state.phase == "auction"
        assert state.to_move == (dealer + 1) % n
        assert legal_names(state) == ["p"] + [str(k) for k in range(R.HAND_SIZE[n] + 1)]


def test_bid_not_above_the_highest_is_refused() -> None:
    """A bid equal to or below the highest so far is refused (bid_too_low) and changes
    nothing; a bid above the hand size is refused too."""
    state = auction_state(4, dealer=3)
    bids(state, "3")
    assert state.to_move == 1
    assert legal_names(state) == ["p"] + [str(k) for k in range(4, 14)]
    for k in (0, 2, 3):
        assert_refused(state, Bid(k), "bid_too_low")
    assert_refused(state, Bid(14))
    bids(state, "4")
    assert_refused(state, Bid(4), "bid_too_low")
    assert state.to_move == 2


def test_first_bid_may_be_zero() -> None:
    state = auction_state(4, dealer=0)
    events = bids(state, "0")
    assert events == [BidMade(1, 0)]
    assert_refused(state, Bid(0), "bid_too_low")


def test_several_rounds_and_a_pass_is_final() -> None:
    """FOUR_AUCTION: three rounds; seat 0 passes in the first and never speaks again,
    seat 3 passes in the second; the auction ends when seat 1 passes, leaving seat 2
    alone with the highest bid (5)."""
    state = dealt(FOUR_HANDS, dealer=1)
    ref = R.Auction(4, dealer=1)
    passed: set[int] = set()
    events = []
    for token in FOUR_AUCTION.split():
        seat = int(token.split(":")[0])
        assert seat not in passed, "a seat that passed got the turn again"
        assert legal_names(state) == ["p" if m is None else str(m) for m in ref.legal()]
        events += script(state, token)
        move = token.split(":")[1]
        ref.act(None if move == "p" else int(move))
        if move == "p":
            passed.add(seat)
    assert ref.declarer == 2
    assert of_type(events, AuctionWon) == [AuctionWon(2, 5)]
    assert of_type(events, Passed) == [Passed(0), Passed(3), Passed(1)]
    assert state.declarer == 2 and list(state.contracts) == [None, None, 5, None]
    assert state.phase == "play" and state.to_move == 2


def test_pass_keeps_the_seat_out_for_the_whole_deal() -> None:
    """After passing, a seat is skipped in every later round of the auction."""
    state = auction_state(5, dealer=4)  # seat 0 first
    script(state, "0:p 1:1 2:2 3:p 4:3 1:4 2:5 4:6 1:7")
    assert state.to_move == 2  # 3 and 0 passed: 1 → 2
    script(state, "2:p 4:8")
    assert state.to_move == 1
    script(state, "1:p")
    assert state.phase == "play" and state.declarer == 4 and state.contracts[4] == 8


def test_auction_does_not_end_while_two_are_left() -> None:
    """One bid and passes around, but the bidder is not alone yet: play does not start."""
    state = auction_state(4, dealer=3)
    script(state, "0:2 1:p 2:p")
    assert state.phase == "auction" and state.to_move == 3
    script(state, "3:p")
    assert state.phase == "play" and state.declarer == 0 and state.to_move == 0


@pytest.mark.parametrize("n", R.PLAYERS)
def test_bid_of_the_hand_size_ends_the_auction_at_once(n: int) -> None:
    """A bid equal to the number of tricks ends the auction at once, with nobody else
    having passed — first bid or not."""
    k = R.HAND_SIZE[n]
    state = auction_state(n, dealer=n - 1)
    events = bids(state, str(k))
    assert of_type(events, AuctionWon) == [AuctionWon(0, k)]
    assert state.phase == "play" and state.declarer == 0 and state.to_move == 0
    state = auction_state(n, dealer=n - 1)
    events = bids(state, f"0 {k}")
    assert of_type(events, AuctionWon) == [AuctionWon(1, k)]
    assert state.phase == "play" and state.declarer == 1 and state.to_move == 0
    assert not any(state.passed)


@pytest.mark.parametrize("n", R.PLAYERS)
def test_last_player_must_bid_when_all_others_passed(n: int) -> None:
    """Everyone else passes before any bid: the last one (the dealer) may not pass
    (must_bid) but may bid 0, and becomes the declarer."""
    dealer = n // 2
    state = auction_state(n, dealer)
    bids(state, " ".join(["p"] * (n - 1)))
    assert state.to_move == dealer
    assert legal_names(state) == [str(k) for k in range(R.HAND_SIZE[n] + 1)]
    assert_refused(state, PASS, "must_bid")
    events = bids(state, "0")
    assert of_type(events, AuctionWon) == [AuctionWon(dealer, 0)]
    assert state.declarer == dealer and state.contracts[dealer] == 0
    assert state.to_move == (dealer + 1) % n  # the forehand leads, not the declarer


def test_pass_allowed_to_the_last_once_someone_has_bid() -> None:
    """The forced bid applies only when nobody has bid: here the last one may pass."""
    state = auction_state(3, dealer=2)
    script(state, "0:1 1:p 2:p")
    assert state.phase == "play" and state.declarer == 0


def test_auctions_match_the_reference() -> None:
    """Many random auctions for every player count: the legal moves at each step, the
    seat to move and the declarer agree with clubs_rules.Auction."""
    rng = random.Random(7)
    for n in R.PLAYERS:
        for _ in range(40):
            dealer = rng.randrange(n)
            state = auction_state(n, dealer)
            ref = R.Auction(n, dealer)
            while ref.to_move is not None:
                assert state.phase == "auction" and state.to_move == ref.to_move
                assert legal_names(state) == ["p" if m is None else str(m) for m in ref.legal()]
                legal = ref.legal()
                # passes are likely, so auctions both end soon and last several rounds
                move = None if None in legal and rng.random() < 0.45 else rng.choice(legal)
                if move is not None and move == R.HAND_SIZE[n] and rng.random() < 0.7:
                    move = legal[min(1, len(legal) - 1)]
                state.apply(Bid(move) if move is not None else PASS)
                ref.act(move)
            assert state.phase == "play" and state.declarer == ref.declarer
            assert state.contracts[ref.declarer] == ref.high  # type: ignore[index]
            assert sum(x is not None for x in state.contracts) == 1


# --- the everyone form ---------------------------------------------------------------------------


def test_everyone_bids_once_from_the_dealers_left_without_passing() -> None:
    state = auction_state(4, dealer=1, bidding="everyone")
    assert state.phase == "bidding"
    order = []
    for k in (2, 3, 4):
        order.append(state.to_move)
        assert "p" not in legal_names(state)
        assert_refused(state, PASS)
        state.apply(Bid(k))
    assert order == [2, 3, 0]
    assert state.to_move == 1  # the dealer speaks last
    state.apply(Bid(0))
    assert state.phase == "play" and state.to_move == 2
    assert list(state.contracts) == [4, 0, 2, 3]
    assert state.declarer is None


@pytest.mark.parametrize(("n", "earlier"), [
    (4, (13, 0, 0)), (4, (5, 4, 3)), (4, (0, 0, 0)), (4, (13, 1, 0)), (4, (7, 6, 1)),
    (2, (5,)), (2, (13,)), (3, (6, 6)), (5, (2, 2, 2, 2)), (8, (1, 2, 3, 0, 0, 1, 2)),
    (7, (14, 0, 0, 0, 0, 0)),
])
def test_everyone_dealers_forbidden_number(n: int, earlier: tuple[int, ...]) -> None:
    """The dealer may not make the bids add up to the tricks of the deal: that number
    is absent from the legal bids and refused (forbidden_sum); any other is allowed.
    When the earlier bids already exceed the tricks, nothing is forbidden."""
    k = R.HAND_SIZE[n]
    dealer = n - 1
    state = auction_state(n, dealer, bidding="everyone")
    for b in earlier:
        assert state.view(0).forbidden_bid is None  # not the dealer's turn yet
        state.apply(Bid(b))
    assert state.to_move == dealer
    banned = R.forbidden_bid(earlier, k)
    assert legal_names(state) == [str(b) for b in R.everyone_legal(earlier, k, True)]
    assert state.view(0).forbidden_bid == banned
    if banned is None:
        assert sum(earlier) > k
    else:
        assert_refused(state, Bid(banned), "forbidden_sum")
    choice = next(b for b in range(k + 1) if b != banned)
    state.apply(Bid(choice))
    assert state.phase == "play"
    assert list(state.contracts) == [*earlier, choice]


def test_everyone_others_may_complete_the_sum() -> None:
    """Only the dealer is restricted: earlier players may bring the sum to the tricks."""
    state = auction_state(4, dealer=3, bidding="everyone")
    bids(state, "6 7 0")
    assert legal_names(state) == [str(b) for b in range(1, 14)]
    assert_refused(state, Bid(0), "forbidden_sum")
    assert_refused(state, Bid(14))


def test_everyone_every_contract_is_scored() -> None:
    """Dull deal, dealer 3: seat 0 takes all 13 tricks.  Bids 13, 0, 0 and the dealer,
    kept off 0, bids 1 → 23, 10, 10, −10."""
    state = dealt(dull_layout(4, winner=0, seed=1), dealer=3, bidding="everyone")
    bids(state, "13 0 0")
    assert_refused(state, Bid(0), "forbidden_sum")
    bids(state, "1")
    events = play_dull(state, winner=0)
    assert of_type(events, DealEnded) == [DealEnded(0, (23, 10, 10, -10))]
    assert state.totals == [23, 10, 10, -10]


# --- play ---------------------------------------------------------------------------------------


def check_tricks(state: ClubsState, tricks: tuple[str, ...], winners: list[int]) -> list:
    """Play the scripted tricks; each is won by the expected seat (also by the
    reference), and each winner leads the next trick."""
    events = []
    for text, winner in zip(tricks, winners, strict=True):
        played = [(int(t.split(":")[0]), t.split(":")[1]) for t in text.split()]
        assert R.trick_winner(played) == winner  # the hand-worked winner is the rules'
        out = script(state, text)
        won = of_type(out, TrickWon)
        assert len(won) == 1 and won[0].seat == winner
        assert [(s, str(x)) for s, x in won[0].cards] == played
        if state.phase == "play":
            assert state.to_move == winner
        events += out
    return events


def test_five_players_hand_built_deal() -> None:
    """FIVE: dealer 0, seat 4 wins the auction at 5, yet the forehand (seat 1) leads
    the first trick.  T1 T♣ trumps A♠; T8 7♣ trumps a heart lead; seat 4 takes exactly
    5 tricks → 10 + 5 = 15; in the auction only he scores."""
    state = dealt(FIVE_HANDS, dealer=0)
    events = script(state, FIVE_AUCTION)
    assert of_type(events, AuctionWon) == [AuctionWon(4, 5)]
    assert state.to_move == 1
    events = check_tricks(state, FIVE_TRICKS, FIVE_WINNERS)
    assert state.tricks_taken == [0, 0, 3, 2, 5]
    assert of_type(events, DealEnded) == [DealEnded(0, (0, 0, 0, 0, 15))]
    assert state.phase == "deal" and state.dealer == 1


def test_four_players_hand_built_deal() -> None:
    """FOUR: seat 2 declares 5 after three rounds and takes exactly his five clubs;
    seat 0 takes the other 8 tricks but scores nothing → [0, 0, 15, 0]."""
    state = dealt(FOUR_HANDS, dealer=1)
    script(state, FOUR_AUCTION)
    events = check_tricks(state, FOUR_TRICKS, FOUR_WINNERS)
    assert state.tricks_taken == [8, 0, 5, 0]
    assert of_type(events, DealEnded) == [DealEnded(0, (0, 0, 15, 0))]
    assert state.totals == [0, 0, 15, 0]


def test_must_follow_suit() -> None:
    """FIVE, trick 1 after A♠: seat 2 must play a spade; seat 3 (no spades) anything."""
    state = dealt(FIVE_HANDS, dealer=0)
    script(state, FIVE_AUCTION + " 1:AS")
    assert legal_names(state) == ["2S", "3S", "4S"]
    assert_refused(state, PLAY[c("9C")], "must_follow")
    assert_refused(state, PLAY[c("AS")])  # not his
    script(state, "2:2S")
    assert legal_names(state) == sorted(FIVE_HANDS[3].split())
    script(state, "3:3D")
    assert legal_names(state) == sorted(FIVE_HANDS[4].split())


def test_lead_is_free() -> None:
    state = dealt(FIVE_HANDS, dealer=0)
    script(state, FIVE_AUCTION)
    assert legal_names(state) == sorted(FIVE_HANDS[1].split())


def test_not_in_hand_and_wrong_phase_are_refused() -> None:
    state = dealt(FIVE_HANDS, dealer=0)
    assert_refused(state, PLAY[c("AS")])  # still bidding
    script(state, FIVE_AUCTION)
    assert_refused(state, PLAY[c("AC")], "not_in_hand")
    assert_refused(state, Bid(3))
    assert_refused(state, PASS)


@pytest.mark.parametrize(("trick", "winner"), [
    ("0:AS 1:2C 2:KS 3:QS", 1),  # a low club beats the ace led
    ("0:AS 1:2C 2:3C 3:KS", 2),  # the higher club
    ("0:5H 1:AS 2:AD 3:6H", 3),  # no club: highest of the suit led, other aces lose
    ("0:2C 1:AS 2:3D 3:4H", 0),  # a club lead, nobody follows
    ("0:TC 1:2C 2:AH 3:JC", 3),
])
def test_trick_winner_clubs_trump(trick: str, winner: int) -> None:
    """Hand-made four-card tricks: the highest club, else the highest of the suit led.
    The leader gets every other card of the suit led, so the others are void in it."""
    played = [(int(t[0]), t[2:]) for t in trick.split()]
    assert R.trick_winner(played) == winner
    led = played[0][1][1]
    used = {x for _, x in played}
    same = [x for x in R.deck(4) if x[1] == led and x not in used]
    other = [x for x in R.deck(4) if x[1] != led and x not in used]
    hands = [[x] for _, x in played]
    hands[0] += same
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(other.pop())
    state = dealt([" ".join(h) for h in hands], dealer=3)
    bids(state, "0 p p p")
    events = script(state, trick)
    assert of_type(events, TrickWon)[0].seat == winner
    assert state.to_move == winner


# --- two decks: cancellation and skips --------------------------------------------------------


def play_eight(hands: tuple[str, ...], tricks: tuple[str, ...]) -> tuple[ClubsState, list]:
    state = dealt(hands, dealer=7)
    events = script(state, "0:13")
    assert of_type(events, AuctionWon) == [AuctionWon(0, 13)]
    for text in tricks:
        events += script(state, text)
    return state, events


def test_two_decks_duplicate_refused_and_must_follow_counts_playable_cards() -> None:
    """EIGHT: a card identical to one in the trick is refused (duplicate_in_trick) and
    absent from the legal cards; a seat whose only clubs are cancelled may play any
    playable card; the other copy of a card leads the next trick freely."""
    state = dealt(EIGHT_HANDS, dealer=7)
    script(state, "0:13 0:AC 1:3C")
    assert legal_names(state) == ["2C"]  # seat 2 must follow with his one club
    script(state, "2:2C 3:AH 4:2H 5:AD 6:KD 7:2D")
    assert state.to_move == 0
    assert hand_names(state, 0).count("AC") == 1
    assert "AC" in legal_names(state)  # the second A♣ is his to lead
    script(state, "0:AC 1:2C 2:AS")
    assert "AS" in hand_names(state, 3)
    assert "AS" not in legal_names(state)
    assert_refused(state, PLAY[c("AS")], "duplicate_in_trick")
    assert legal_names(state) == sorted(set(EIGHT_HANDS[3].split()) - {"AS", "AH"})
    script(state, "3:2S 4:3H 5:KH 6:QD 7:3D")
    for text in EIGHT_TRICKS[2:11]:
        script(state, text)
    script(state, "0:8C")
    assert hand_names(state, 1) == ["5H", "8C"]
    assert legal_names(state) == ["5H"]
    assert_refused(state, PLAY[c("8C")], "duplicate_in_trick")
    script(state, "1:5H")


def test_two_decks_seat_with_no_playable_card_is_skipped() -> None:
    """EIGHT, trick 13: seat 5 plays 3♠; seat 6 holds only the other 3♠ and is skipped
    automatically (TurnSkipped), seat 7 plays, seat 0 takes the trick.  Seat 6's 3♠ is
    left in his hand and scores nothing; the deal still has exactly 13 tricks."""
    state, events = play_eight(EIGHT_HANDS, EIGHT_TRICKS[:-1])
    events += script(state, "0:9C 1:8C 2:2S 3:AS 4:AH")
    out = script(state, "5:3S")
    assert out == [CardPlayed(5, c("3S")), TurnSkipped(6)]
    events += out
    assert state.to_move == 7
    assert hand_names(state, 6) == ["3S"]
    assert state.view(7).skipped == (6,)
    out = script(state, "7:AD")
    won = of_type(out, TrickWon)
    assert len(won) == 1 and won[0].seat == 0 and len(won[0].cards) == 7
    assert of_type(out, DealEnded) == [DealEnded(0, (23, 0, 0, 0, 0, 0, 0, 0))]
    events += out
    assert of_type(events, TurnSkipped) == [TurnSkipped(6)]
    assert len(of_type(events, TrickWon)) == 13 == R.HAND_SIZE[8]
    assert state.tricks_taken == [13, 0, 0, 0, 0, 0, 0, 0]
    assert hand_names(state, 6) == ["3S"]
    assert [hand_names(state, s) for s in range(8) if s != 6] == [[]] * 7
    assert state.view(0).tricks[-1][3] == (6,)
    # the next deal starts from fresh hands: the leftover card is gone
    assert state.needs_deal
    state.deal(state.random_layout(random.Random(5)))
    assert state.view(6).hand_counts == (13,) * 8


def test_skipped_last_seat_completes_the_trick() -> None:
    """The variant with seats 6 and 7 exchanged: the last seat is skipped, so the trick
    and the deal end right after seat 6's card."""
    hands, tricks = eight_variant()
    state, _ = play_eight(hands, tricks[:-1])
    script(state, "0:9C 1:8C 2:2S 3:AS 4:AH 5:3S")
    out = script(state, "6:AD")
    assert out[:2] == [CardPlayed(6, c("AD")), TurnSkipped(7)]
    assert isinstance(out[2], TrickWon) and out[2].seat == 0
    assert of_type(out, DealEnded) == [DealEnded(0, (23, 0, 0, 0, 0, 0, 0, 0))]
    assert hand_names(state, 7) == ["3S"]
    assert state.to_move is None and state.needs_deal


def test_skips_are_not_recorded_as_actions() -> None:
    """The match log (and so the record) lists the bid and the 103 cards played, and
    nothing for seat 6 in the last trick; the record replays to the same score."""
    match = Match.start("clubs", {"players": 8}, [Seat(f"P{i}", "human", None)
                                                  for i in range(8)], seed=1, first_dealer=7)
    match.deal(layout(EIGHT_HANDS))
    match.apply(Bid(13))
    for text in EIGHT_TRICKS:
        for token in text.split():
            seat, card = token.split(":")
            assert match.state.to_move == int(seat)
            match.apply(PLAY[c(card)])
    logged = match.deals[0].actions
    assert len(logged) == 1 + 8 * 12 + 7
    assert [s for s, _ in logged[-7:]] == [0, 1, 2, 3, 4, 5, 7]
    data = record.to_json(match)
    assert len(data["deals"][0]["actions"]) == 104
    again = record.load(data)
    assert record.summary(again)["deal_scores"] == [[23, 0, 0, 0, 0, 0, 0, 0]]


def test_identical_cards_are_equal() -> None:
    """Holding both copies of a face: one is played, the other stays and is played
    later; the hand shows it twice until then."""
    state = dealt(EIGHT_HANDS, dealer=7)
    assert hand_names(state, 0).count("AC") == 2
    assert list(state.view(0).hand).count(c("KC")) == 2
    script(state, "0:13 " + EIGHT_TRICKS[0])
    assert hand_names(state, 0).count("AC") == 1
    assert state.view(0).played_counts[c("AC")] == 1
    script(state, EIGHT_TRICKS[1])
    assert "AC" not in hand_names(state, 0)
    assert state.view(3).played_counts[c("AC")] == 2


def test_cancellation_reference_examples() -> None:
    """The reference rule on small cases, so the random comparisons rest on it."""
    assert R.legal_cards(["AS", "KS", "2H"], ["AS"]) == ["KS"]
    assert R.legal_cards(["AS", "2H", "3D"], ["AS"]) == ["2H", "3D"]
    assert R.legal_cards(["AS", "AS"], ["AS"]) == []
    assert R.legal_cards(["AS", "2H"], ["2H", "AS"]) == []
    assert R.legal_cards(["AS", "AS", "2S"], []) == ["2S", "AS"]


# --- scoring and the end of the game ------------------------------------------------------------


def auction_to(state: ClubsState, declarer: int, tricks: int) -> None:
    """Everyone passes except ``declarer``, who bids ``tricks``."""
    while state.phase == "auction":
        state.apply(Bid(tricks) if state.to_move == declarer else PASS)
    assert state.declarer == declarer


@pytest.mark.parametrize(("declarer", "bid", "row"), [
    (0, 13, [23, 0, 0, 0]),  # the winner bids all and makes it
    (0, 12, [-10, 0, 0, 0]),  # one trick too many
    (2, 0, [0, 0, 10, 0]),  # a bid of 0 made scores 10
    (2, 1, [0, 0, -10, 0]),  # too few
    (3, 0, [0, 0, 0, 10]),  # the dealer, forced to bid after three passes
])
def test_contract_scores(declarer: int, bid: int, row: list[int]) -> None:
    """Dull deals (seat 0 takes every trick): exact → 10 + tricks, otherwise −10, and
    in the auction nobody but the declarer scores."""
    state = dealt(dull_layout(4, winner=0, seed=bid), dealer=3)
    auction_to(state, declarer, bid)
    events = play_dull(state, winner=0)
    assert state.tricks_taken == [13, 0, 0, 0]
    assert of_type(events, DealEnded) == [DealEnded(0, tuple(row))]
    assert R.deal_row(state.contracts, state.tricks_taken) == row


@pytest.mark.parametrize("n", R.PLAYERS)
@pytest.mark.parametrize("bidding", ["auction", "everyone"])
def test_dull_deal_for_every_player_count(n: int, bidding: str) -> None:
    """For every player count the dull winner takes all the tricks, one per card in
    hand; the scores are the reference's (random bids)."""
    rng = random.Random(n * 31 + len(bidding))
    winner = rng.randrange(n)
    state = dealt(dull_layout(n, winner, seed=n), dealer=rng.randrange(n), bidding=bidding)
    while state.phase in ("auction", "bidding"):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    events = play_dull(state, winner)
    assert len(of_type(events, TrickWon)) == R.HAND_SIZE[n]
    assert state.tricks_taken[winner] == R.HAND_SIZE[n]
    row = R.deal_row(state.contracts, state.tricks_taken)
    assert of_type(events, DealEnded) == [DealEnded(0, tuple(row))]


def five_then_dull(target: int) -> ClubsState:
    """FIVE (seat 4: 15), then a dull deal won by seat 2 in which seat 4 declares 0."""
    state = dealt(FIVE_HANDS, dealer=0, target=target)
    script(state, FIVE_AUCTION)
    for text in FIVE_TRICKS:
        script(state, text)
    assert state.totals == [0, 0, 0, 0, 15] and state.needs_deal
    state.deal(dull_layout(5, winner=2, seed=3))
    assert state.dealer == 1 and state.to_move == 2  # the dealer passes to the left
    script(state, "2:p 3:p 4:0 0:p 1:p")
    play_dull(state, winner=2)
    return state


def test_reaching_the_target_exactly_ends_the_game() -> None:
    """15 + 10 = 25 = target: the game is over after that deal, seat 4 alone first."""
    state = five_then_dull(25)
    assert state.deal_scores == [(0, 0, 0, 0, 15), (0, 0, 0, 0, 10)]
    assert state.totals == [0, 0, 0, 0, 25]
    assert state.is_over and state.to_move is None
    assert state.places() == [2, 2, 2, 2, 1]
    assert list(state.legal_actions()) == []
    assert_refused(state, Bid(0), "game_over")
    with pytest.raises(LayoutError):
        state.deal(state.random_layout(random.Random(0)))


def test_one_point_short_of_the_target_goes_on() -> None:
    state = five_then_dull(26)
    assert state.totals == [0, 0, 0, 0, 25]
    assert not state.is_over and state.needs_deal


def test_game_over_event_and_shared_win() -> None:
    """Everyone form, target 25 (as record c04): dull deals won by seat 0 then seat 1.
    Deal 1: 13/0/0 and the dealer kept off 0 bids 1 → [23, 10, 10, −10].  Deal 2:
    13/1/0 then the dealer 0 (no number forbidden, the bids exceed 13) → [10, 23, −10,
    10].  Totals 33, 33, 0, 0: both first, the game ends."""
    state = dealt(dull_layout(4, winner=0, seed=4), dealer=3, bidding="everyone", target=25)
    script(state, "0:13 1:0 2:0 3:1")
    play_dull(state, winner=0)
    assert state.totals == [23, 10, 10, -10] and not state.is_over
    state.deal(dull_layout(4, winner=1, seed=5))
    script(state, "1:13 2:1 3:0")
    assert state.view(2).forbidden_bid is None
    script(state, "0:0")
    events = play_dull(state, winner=1)
    assert state.deal_scores == [(23, 10, 10, -10), (10, 23, -10, 10)]
    assert state.totals == [33, 33, 0, 0]
    assert of_type(events, GameOver) == [GameOver((33, 33, 0, 0))]
    assert state.is_over
    assert state.places() == R.places(state.totals) == [1, 1, 3, 3]


def dull_deals(state: ClubsState, count: int) -> None:
    """``count`` dull deals, each declared 0 by seat 2 and won by seat 1 (+10 for 2)."""
    for _ in range(count):
        assert state.needs_deal and not state.is_over
        state.deal(dull_layout(state.n, winner=1, seed=state.deal_index))
        auction_to(state, 2, 0)
        play_dull(state, winner=1)


def test_the_deal_limit_ends_the_game_after_its_last_deal() -> None:
    """clubs.md, option ``deals``: nobody near the target, the game ends after deal 5
    of 5 with 50 points of 100; the highest total wins."""
    state = new_state(4, dealer=0, deals=5)
    dull_deals(state, 4)
    assert state.totals == [0, 0, 40, 0] and not state.is_over and state.needs_deal
    state.deal(dull_layout(4, winner=1, seed=4))
    auction_to(state, 2, 0)
    events = play_dull(state, winner=1)
    assert of_type(events, GameOver) == [GameOver((0, 0, 50, 0))]
    assert state.is_over and len(state.deal_scores) == 5
    assert state.places() == [2, 2, 1, 2]
    assert_refused(state, Bid(0), "game_over")


def test_the_target_still_ends_a_limited_game_first() -> None:
    state = five_then_dull(25)  # the target is reached in deal 2
    assert state.is_over
    limited = dealt(FIVE_HANDS, dealer=0, target=25, deals=40)
    script(limited, FIVE_AUCTION)
    for text in FIVE_TRICKS:
        script(limited, text)
    assert not limited.is_over and limited.options["deals"] == 40


def test_without_a_limit_the_game_goes_on() -> None:
    state = new_state(4, dealer=0)
    dull_deals(state, 6)
    assert not state.is_over and state.deal_index == 6


def test_a_record_states_its_deal_limit_and_an_old_one_has_none() -> None:
    state_options = {"players": 3, "deals": 7}
    from cardtable.engine.match import Match, Seat

    match = Match.start("clubs", state_options, [Seat(f"P{i}", "computer", "random")
                                                 for i in range(3)], seed=5)
    data = record.to_json(match)
    assert data["options"]["deals"] == 7
    assert record.load(data).state.options["deals"] == 7
    del data["options"]["deals"]  # a record written before the option existed
    assert record.load(data).state.options["deals"] == 0


def test_totals_carry_across_deals_below_the_target() -> None:
    """Three dull deals with the default target: the totals are the column sums and
    the game goes on.  (clubs.md does not say who deals next; the deal passing to the
    left, as in king.md, is the table's convention and the records rely on it.)"""
    state = new_state(4, dealer=0)
    rows = []
    for i, (declarer, bid) in enumerate([(2, 0), (1, 13), (2, 5)]):
        assert state.needs_deal and state.dealer == i % 4 and state.deal_index == i
        events = state.deal(dull_layout(4, winner=1, seed=i))
        assert events == [DealStarted(i, i % 4)]
        auction_to(state, declarer, bid)
        play_dull(state, winner=1)
        rows.append(tuple(R.deal_row(state.contracts, state.tricks_taken)))
    assert rows == [(0, 0, 10, 0), (0, 23, 0, 0), (0, 0, -10, 0)]
    assert state.deal_scores == rows
    assert state.totals == [0, 23, 0, 0] and not state.is_over


# --- views ---------------------------------------------------------------------------------------


def test_view_hides_the_aside_and_other_hands() -> None:
    """2 players: 26 cards are set aside unseen; each seat sees its own 13 only."""
    state = dealt(to_layout(base_layout(2)), dealer=0)
    lay = to_layout(base_layout(2))
    for seat in range(2):
        view = state.view(seat)
        seen = {str(x) for x in view.hand}
        assert seen == {str(x) for x in lay.hands[seat]}
        assert view.aside_count == 26
        assert view.legal == (() if seat != state.to_move else tuple(state.legal_actions()))
        text = repr(view)
        for x in lay.aside:
            assert f"Card('{x}')" not in text
        for x in lay.hands[1 - seat]:
            assert f"Card('{x}')" not in text
    assert trick_names(state) == []


def forged_bid(tricks: object) -> Bid:
    """A ``Bid`` past its own check, as a buggy or hostile caller could make one."""
    bid = object.__new__(Bid)
    object.__setattr__(bid, "tricks", tricks)
    return bid


@pytest.mark.parametrize("bidding", ["auction", "everyone"])
@pytest.mark.parametrize("tricks", [2.5, -1, True, None, "3"])
def test_a_bid_that_is_no_whole_number_is_refused_without_change(bidding: str,
                                                                 tricks: object) -> None:
    state = new_state(4, dealer=0, bidding=bidding)
    state.deal(dull_layout(4, winner=1, seed=2))
    before = snapshot(state)
    refused = assert_refused(state, forged_bid(tricks), "malformed_bid")
    assert "whole number" in refused.message
    assert snapshot(state) == before
    state.apply(state.legal_actions()[0])  # and the game goes on
