"""The normal, hard and cheater Кинг players and the sampler behind hard: always
legal, blind to hidden cards, reproducible from a seed, and playing the tactics they
promise; the sampler deals the unseen cards consistently with everything a seat saw."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from checked_play import recorded_decisions
from king_rules import COMBOS

from cardtable.ai import make_bench_player, make_player
from cardtable.ai.king_hard import (
    KingCheaterPlayer,
    KingHardPlayer,
    KingOpeningPeekerPlayer,
    KingRollout,
)
from cardtable.ai.king_normal import KingNormalPlayer
from cardtable.ai.king_sample import KingSampler, MaskedDeal, possible_cards
from cardtable.cards import SUIT_MASKS, Card, cards_of
from cardtable.engine.actions import PASS, PLAY, Action
from cardtable.engine.game import Layout
from cardtable.engine.king import DECK4, KING_GAME, KingState
from cardtable.engine.king_actions import Buy, Order

NORMAL = KingNormalPlayer()


def cheap_hard() -> KingHardPlayer:
    return KingHardPlayer(playouts=24, max_seconds=60)


def state_at(key: str, hands: list[str], dealer: int = 3, **options: object) -> KingState:
    """The first deal of kind ``key`` dealt ``hands``; seat ``dealer + 1`` leads or
    orders."""
    state = KING_GAME.new({"players": len(hands), **options}, 0)
    state.deal_index = next(i for i, s in enumerate(state.schedule) if s.key == key)
    state.dealer = dealer
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    return state


def play(state: KingState, cards: str) -> None:
    for text in cards.split():
        state.apply(PLAY[Card.parse(text)])


def choice(state: KingState, player: object = NORMAL, seed: int = 0) -> object:
    seat = state.to_move
    assert seat is not None
    return player.choose(state.view(seat), state.legal_actions(),  # type: ignore[attr-defined]
                         random.Random(seed))


def positions(options: dict[str, object], seed: int, every: int = 3
              ) -> Iterator[KingState]:
    """Decision points of a whole game played by normal players (and now and then a
    random move, for odd positions), every ``every``-th one."""
    rng = random.Random(seed)
    state = KING_GAME.new(options, rng.randrange(options["players"]))  # type: ignore[arg-type]
    k = 0
    while not state.is_over:
        if state.needs_deal:
            state.deal(state.random_layout(rng))
            continue
        legal = state.legal_actions()
        k += 1
        if k % every == 0:
            yield state
        seat = state.to_move
        assert seat is not None
        if rng.random() < 0.15:
            action = legal[rng.randrange(len(legal))]
        else:
            action = NORMAL.choose(state.view(seat), legal, rng)
        state.apply(action)


# --- legality, reproducibility, blindness ------------------------------------------------------


@pytest.mark.parametrize("options", COMBOS[::4], ids=lambda o: "-".join(map(str, o.values())))
def test_normal_plays_whole_games_legally(options: dict[str, object]) -> None:
    rng = random.Random(5)
    state = KING_GAME.new(options, 0)
    while not state.is_over:
        if state.needs_deal:
            state.deal(state.random_layout(rng))
            continue
        legal = state.legal_actions()
        action = NORMAL.choose(state.view(state.to_move), legal, rng)  # type: ignore[arg-type]
        assert action in legal
        state.apply(action)
    assert sum(state.totals) == 0


@pytest.mark.parametrize("options", COMBOS[1::6], ids=lambda o: "-".join(map(str, o.values())))
def test_hard_and_cheater_choose_legal_actions(options: dict[str, object]) -> None:
    hard = cheap_hard()
    cheater = KingCheaterPlayer(playouts=24)
    for k, state in enumerate(positions(options, seed=_seed_of(options), every=9)):
        legal = state.legal_actions()
        seat = state.to_move
        assert seat is not None
        assert hard.choose(state.view(seat), legal, random.Random(k)) in legal
        assert cheater.choose_seeing_all(state, seat, legal, random.Random(k)) in legal


def _seed_of(options: dict[str, object]) -> int:
    return sum(ord(ch) for ch in str(options))


@pytest.mark.parametrize("noise", [0.0, 0.5])
def test_the_rollout_plays_legal_cards_to_the_end(noise: float) -> None:
    rollout = KingRollout(noise)
    rng = random.Random(9)
    for options in COMBOS[::5]:
        state = KING_GAME.new(options, 0)
        while not state.is_over:
            if state.needs_deal:
                state.deal(state.random_layout(rng))
                continue
            action = rollout(state, rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_the_registry_builds_every_level() -> None:
    assert isinstance(make_player("king", "normal"), KingNormalPlayer)
    assert isinstance(make_player("king", "hard"), KingHardPlayer)
    cheater = make_bench_player("king", "cheater")
    assert isinstance(cheater, KingCheaterPlayer) and cheater.omniscient


def test_the_order_depends_only_on_the_first_packet() -> None:
    """Before the order the orderer sees three cards: the rest of every hand may change."""
    hands = ["AS KS QS 7H 8D 9D 7C 8C", "8S 9S TS JS 8H 9H TH JH",
             "QH KH AH 7D TD JD QD KD", "7S AD 9C TC JC QC KC AC"]
    other = ["AS KS QS 8H 9H TH JH 7C", "8S 9S TS JS 7H 8D 9D 8C",
             "QH KH AH 7D TD JD QD KD", "7S AD 9C TC JC QC KC AC"]
    a = _hvalenka(hands)
    b = _hvalenka(other)
    assert a.phase == b.phase == "order" and a.view(0) == b.view(0)
    assert a.hands[0] != b.hands[0]
    for player in (NORMAL, cheap_hard()):
        assert choice(a, player, seed=3) == choice(b, player, seed=3)


def _hvalenka(hands: list[str], **options: object) -> KingState:
    """The first хвалёнка dealt ``hands``; seat 0 orders."""
    state = KING_GAME.new({"players": len(hands), **options}, 0)
    state.deal_index = next(i for i, s in enumerate(state.schedule) if s.is_hvalenka)
    state.dealer = len(hands) - 1
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    return state


def test_a_seed_reproduces_every_decision() -> None:
    def game(seed: int) -> list[Action]:
        players = [cheap_hard(), KingNormalPlayer(), cheap_hard(), KingNormalPlayer()]
        state = KING_GAME.new({"players": 4, "length": "short"}, 1)
        return recorded_decisions(state, players, random.Random(seed),
                                  keep_going=lambda s: not s.is_over and s.deal_index < 8)

    first = game(21)
    assert first == game(21)
    assert first != game(22)


# --- the sampler -----------------------------------------------------------------------------


@pytest.mark.parametrize("options", COMBOS[::2], ids=lambda o: "-".join(map(str, o.values())))
def test_samples_agree_with_the_view(options: dict[str, object]) -> None:
    """Whatever the options and the position, a sample is a full deal at the same
    decision: the seat's own view of it is the view it was built from, every hand has
    its size, no seat holds a suit it showed void in, and it plays on to the end."""
    sampler = KingSampler()
    rollout = KingRollout()
    rng = random.Random(7)
    for state in positions(options, seed=len(str(options)), every=4):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        possible = possible_cards(view)
        for j in range(state.n):
            assert state.hands[j] & ~possible[j] == 0 or state.phase == "order"
        for _ in range(2):
            sample = sampler(view, rng)
            assert sample.view(seat) == view
            assert sample.legal_actions() == state.legal_actions()
            assert [h.bit_count() for h in sample.hands] == \
                [h.bit_count() for h in state.hands]
            if state.phase != "order":
                for j in range(state.n):
                    assert sample.hands[j] & ~possible[j] == 0
            while sample.to_move is not None:
                sample.apply(rollout(sample, rng))


def test_a_seat_that_did_not_follow_is_dealt_none_of_the_suit() -> None:
    hands = ["7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH KH AH",
             "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("tricks", hands, dealer=3)  # seat 0 leads spades; nobody follows
    play(state, "7S 7H 7D 7C 8S 8H 8D 8C")
    view = state.view(0)
    sampler = KingSampler()
    rng = random.Random(1)
    for _ in range(30):
        sample = sampler(view, rng)
        for j in (1, 2, 3):
            assert not sample.hands[j] & SUIT_MASKS[0]
    # seat 1 threw a heart on spades, a diamond player threw a diamond: the unseen
    # hearts, diamonds and clubs could lie anywhere else but no spade is unseen at all
    assert all(not possible_cards(view)[j] & SUIT_MASKS[0] for j in (1, 2, 3))


def test_a_heart_lead_shows_a_hand_of_hearts_only() -> None:
    hands = ["7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH KH AH",
             "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("hearts", hands, dealer=0)  # «черви»: seat 1 leads, hearts only
    play(state, "7H")
    possible = possible_cards(state.view(2))
    assert possible[1] & ~SUIT_MASKS[1] == 0


def test_a_seat_void_without_throwing_the_king_of_hearts_does_not_hold_it() -> None:
    """«Не брать кинга»: a seat that cannot follow must throw the K♥ if it has it."""
    hands = ["7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH AH 7D",
             "KH 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("king", hands, dealer=3)  # seat 0 leads a spade
    play(state, "7S 7D")
    possible = possible_cards(state.view(3))
    kh = 1 << Card.parse("KH")
    assert possible[1] & (SUIT_MASKS[0] | kh) == 0
    assert possible[0] & kh and possible[2] & kh


def test_masked_deals_are_uniform() -> None:
    """Every deal the masks allow comes up equally often."""
    dealer = MaskedDeal(0b111111, [2, 2, 2], [0b110011, 0b111111, 0b001111])
    rng = random.Random(5)
    counts = Counter(tuple(dealer.deal(rng)) for _ in range(12000))
    for hands in counts:
        assert hands[0] & ~0b110011 == 0 and hands[2] & ~0b001111 == 0
    expected = 12000 / len(counts)
    assert all(abs(c - expected) < 0.2 * expected for c in counts.values())
    assert len(counts) == _count_deals([0b110011, 0b111111, 0b001111], 6, [2, 2, 2])


def _count_deals(allowed: list[int], cards: int, sizes: list[int]) -> int:
    total = 0
    for mask0 in range(1 << cards):
        if mask0.bit_count() != sizes[0] or mask0 & ~allowed[0]:
            continue
        rest = ((1 << cards) - 1) & ~mask0
        for mask1 in range(1 << cards):
            if mask1 & ~rest or mask1.bit_count() != sizes[1] or mask1 & ~allowed[1]:
                continue
            if (rest & ~mask1) & ~allowed[2] == 0:
                total += 1
    return total


def test_an_impossible_view_is_refused() -> None:
    with pytest.raises(ValueError):
        MaskedDeal(0b111, [2, 1], [0b001, 0b001])


def test_an_order_weighs_the_samples() -> None:
    """Soft evidence: the seat that ordered hearts is dealt more hearts than chance
    would give."""
    rng = random.Random(4)
    base = KING_GAME.new({"players": 4}, 0)
    hearts_weighted = hearts_plain = 0.0
    for k in range(40):
        state = _hvalenka([" ".join(map(str, h)) for h in base.random_layout(rng).hands])
        state.apply(Order("trump:H"))
        view = state.view(1)
        for sampler, weighted in ((KingSampler(), True), (KingSampler(candidates=1), False)):
            sample = sampler(view, random.Random(k))
            hearts = (sample.hands[0] & SUIT_MASKS[1]).bit_count()
            if weighted:
                hearts_weighted += hearts
            else:
                hearts_plain += hearts
    assert hearts_weighted > hearts_plain * 1.15


def test_a_duck_under_the_winner_weighs_the_samples() -> None:
    """A seat that played the 7♠ under the king of spades probably held nothing between
    them (it would have ducked with that): such deals come up less often."""
    hands = ["KS 7H 8H 9H TH JH QH KH", "7S 8S 9S AH 7D 8D 9D TD",
             "TS JS QS AS JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("tricks", hands, dealer=3)
    play(state, "KS 7S")
    view = state.view(2)
    between = SUIT_MASKS[0] & ~(1 << Card.parse("7S")) & ~(1 << Card.parse("KS"))
    weighted = plain = 0
    for k in range(300):
        weighted += (KingSampler()(view, random.Random(k)).hands[1] & between).bit_count()
        plain += (KingSampler(candidates=1)(view, random.Random(k)).hands[1]
                  & between).bit_count()
    assert weighted < 0.85 * plain


# --- tactics of the normal level -----------------------------------------------------------


HANDS = [
    "9H 7S 8S 9S TS JS QS KS",
    "7H 8H TH AH 7D 8D 9D TD",
    "JH QH KH AS JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC",
]


def test_ducks_with_the_highest_card_that_loses() -> None:
    state = state_at("tricks", HANDS)  # seat 0 leads
    play(state, "9H")
    assert choice(state) == PLAY[Card.parse("8H")]


def test_throws_the_king_of_hearts_when_void_in_eralash() -> None:
    hands = ["KH 7S 8S 9S TS JS QS KS", "7H 8H TH AH 7D 8D 9D TD",
             "JH QH 9H AS JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("eralash", hands, dealer=2)  # seat 3 leads clubs
    play(state, "7C")
    assert choice(state) == PLAY[Card.parse("KH")]


def test_forced_to_win_it_keeps_its_queen() -> None:
    """«Девочки»: clubs led and no club below the winner — take it with the king or
    the ace, not with the queen that would cost 4."""
    hands = ["9C 7S 9S JS QS KS AS 7H", "8C 8H 9H TH JH QH KH AH",
             "8S TS 7D 8D QC KC AC 9D", "7C TC JC TD JD QD KD AD"]
    state = state_at("girls", hands, dealer=3)
    play(state, "9C 8C")
    assert choice(state) in (PLAY[Card.parse("KC")], PLAY[Card.parse("AC")])


def test_gives_no_points_away_in_a_plus_deal() -> None:
    hands = ["7S 8S 9S TS JS QS KS 9H", "AS 8H TH AH 7D 8D 9D TD",
             "7H 8C 9C TC JC QC KC AC", "JH QH KH 7C JD QD KD AD"]
    state = KING_GAME.new({"players": 4, "stage2": "positive"}, 0)
    state.deal_index = 8  # plus «черви»
    state.dealer = 0
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    play(state, "AS")
    assert choice(state).card.suit != 1  # type: ignore[attr-defined]


def test_wins_a_valuable_trick_as_cheaply_as_it_can() -> None:
    """Plus «черви», last to play on a spade trick that holds a heart: the lowest
    spade that wins."""
    hands = ["7S 9S JS KS 9H 7C 8C 9C", "8H TH AH 7D 8D 9D TD JD",
             "8S 7H JH QH KH TC JC QC", "TS QS AS QD KD AD KC AC"]
    state = KING_GAME.new({"players": 4, "stage2": "positive"}, 0)
    state.deal_index = 8  # plus «черви»
    state.dealer = 3  # seat 0 leads
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    play(state, "7S 8H 8S")
    assert choice(state) == PLAY[Card.parse("TS")]


def test_orders_from_the_first_packet() -> None:
    """Three top spades: spades.  Three sevens: «мизер».  Middle cards of three suits:
    no suit of its own — «расписать» or the suit of the last card."""
    def order(hand: str) -> object:
        deck = [str(c) for c in cards_of(DECK4) if str(c) not in hand.split()]
        hands = [hand] + [" ".join(deck[8 * k:8 * k + 8]) for k in range(3)]
        return choice(_hvalenka(hands))

    assert order("AS KS QS 7H 8D 9D 7C 8C") == Order("trump:S")
    assert order("7S 7H 7D QS 9C TC 8D KH") == Order("misere")
    assert order("9S TH JD 7H 8D 9D 7C 8C") in (Order("split"), Order("last"))


def test_buys_a_strong_hand_and_passes_a_weak_one() -> None:
    hands = ["8S 9S TS 8H 9H 7D 8D 9D", "AS KS QS JS AH KH AD AC",
             "TH JH QH TD JD QD 9C TC", "7S 7H KD 7C 8C JC QC KC"]
    state = _hvalenka(hands)
    state.apply(Order("notrump"))
    assert state.to_move == 1
    assert choice(state) == Buy(1)
    state.apply(Buy(1))
    assert state.to_move == 2
    assert choice(state) == PASS


def test_the_buyer_names_its_long_suit_when_it_is_void() -> None:
    hands = ["7S 7H 8H 9H TH JH QH KH", "KS QS JS TS 9S 8S AH AD",
             "AS 7D 8D 9D TD JD QD KD", "7C 8C 9C TC JC QC KC AC"]
    state = _hvalenka(hands)
    state.apply(Order("notrump"))
    state.apply(Buy(1))
    state.apply(PASS)
    state.apply(PASS)
    assert state.phase == "buyer_order"
    assert choice(state) == Order("trump:S")


# --- the hard level --------------------------------------------------------------------------


def test_hard_drops_its_queen_under_the_ace() -> None:
    """«Не брать девочек»: the ace of spades is led; the queen goes under it."""
    hands = ["AS 8S 9H TH 7D 8D 9C TC", "QS 7S 7H 8H 9D TD 7C 8C",
             "9S TS JS JH QH KH AH JD", "KS QD KD AD JC QC KC AC"]
    state = state_at("girls", hands, dealer=3)
    play(state, "AS")
    hard = KingHardPlayer(playouts=200, max_seconds=60)
    assert choice(state, hard, seed=1) == PLAY[Card.parse("QS")]


def test_a_forced_move_is_answered_without_search() -> None:
    hard = KingHardPlayer(playouts=10 ** 6, max_seconds=60.0)
    single = state_at("tricks", ["7S 8H 9H TH JH QH KH AH", "8S 7H 9D TD JD QD KD AD",
                                 "9S 7D 8D 9C TC JC QC KC", "TS JS QS KS AS 7C 8C AC"])
    play(single, "7S")
    assert single.legal_actions() == (PLAY[Card.parse("8S")],)
    assert choice(single, hard) == PLAY[Card.parse("8S")]
    assert hard.last_stats is None


def test_the_opening_peeker_sees_all_in_a_penalty_deal_first_trick_only() -> None:
    """The benchmark's opening peeker searches the true deal exactly as the peeker
    does while the first trick of a penalty deal is played, and the view exactly as
    ``hard`` does from the second trick on."""
    opener = KingOpeningPeekerPlayer(playouts=48)
    state = state_at("tricks", HANDS)  # seat 0 leads
    first = opener.evaluate_actions_seeing_all(state, 0, state.legal_actions(),
                                               random.Random(3))
    ceiling = KingCheaterPlayer(playouts=48).evaluate_actions_seeing_all(
        state, 0, state.legal_actions(), random.Random(3))
    assert first == ceiling
    blind = cheap_hard().evaluate_actions(state.view(0), state.legal_actions(),
                                          random.Random(3))
    assert first != blind  # the control: the two searches do differ here
    play(state, "9H 7H JH 7C")  # seat 2 takes the first trick and leads the second
    later = opener.evaluate_actions_seeing_all(state, 2, state.legal_actions(),
                                               random.Random(4))
    hard = KingHardPlayer(playouts=48).evaluate_actions(state.view(2),
                                                        state.legal_actions(),
                                                        random.Random(4))
    assert later == hard
    assert make_bench_player("king", "opening-peeker").omniscient
