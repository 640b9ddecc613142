"""Reading the card play in Кинг: deals are weighed by how well ``normal``'s play
explains the cards seen, and the samples of ``hard`` place the other hands better."""

from __future__ import annotations

import random
from collections.abc import Iterator

from play_reading import check_weights, placed_plain_and_read

from cardtable.ai.king_hard import KingHardPlayer
from cardtable.ai.king_normal import KingNormalPlayer, choose_card
from cardtable.ai.king_read import READ_MISS, NormalPlayReader
from cardtable.ai.king_sample import KingSampler, _prepare
from cardtable.cards import Card
from cardtable.engine.actions import PLAY
from cardtable.engine.game import Layout
from cardtable.engine.king import KING_GAME, KingState

NORMAL = KingNormalPlayer()


def penalty_positions(seed: int, players: int = 4) -> Iterator[KingState]:
    """Every decision of a card play in a penalty deal, at least one trick in, of a
    short game played by ``normal`` at every seat."""
    rng = random.Random(seed)
    state = KING_GAME.new({"players": players, "length": "short"}, 0)
    assert isinstance(state, KingState)
    while not state.is_over:
        if state.needs_deal:
            state.deal(state.random_layout(rng))
            continue
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if state.phase == "play" and state.sign < 0 and state.tricks and len(legal) > 1:
            yield state
        state.apply(NORMAL.choose(state.view(seat), legal, rng))


def test_the_true_deal_explains_every_play_and_most_others_do_not() -> None:
    reader = NormalPlayReader()
    true_weights = []
    others = []
    for k, state in enumerate(penalty_positions(3)):
        if k % 4:
            continue
        view = state.view(state.to_move)  # type: ignore[arg-type]
        plan = _prepare(view, reader)
        reading = plan.reading
        assert reading is not None
        true_weights.append(reading(state.hands))
        rng = random.Random(k)
        for _ in range(5):
            hands = list(plan.known)
            for i, seat in zip(range(len(plan.hidden)), plan.hidden, strict=True):
                hands[seat] |= plan.dealer.deal(rng)[i]
            others.append(reading(hands))
    check_weights(true_weights, others, READ_MISS)


def test_a_play_the_model_would_not_make_costs_the_miss_weight() -> None:
    """«Не брать взяток»: the K♠ led, seat 1 plays the 7♠.  ``normal`` ducks with the
    highest spade under the king, so a deal that gave seat 1 the 8♠ and 9♠ explains the
    7♠ badly; one that gave it the 7♠ alone of spades explains it."""
    hands = ["KS 7H 8H 9H TH JH QH KH", "7S 8S 9S AH 7D 8D 9D TD",
             "TS JS QS AS JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]
    state = state_at("tricks", hands)
    led = state.clone()
    play(led, "KS")
    assert choose_card(led.view(1), led.legal_mask()) == Card.parse("9S")
    play(state, "KS 7S")
    reading = _prepare(state.view(2), NormalPlayReader(miss=0.25)).reading
    assert reading is not None
    assert reading(state.hands) == 0.25
    other = list(state.hands)
    other[1] = mask("9C 8C AH 7D 8D 9D TD")
    other[3] = mask("7C 8S 9S TC JC QC KC AC")
    assert reading(other) == 1.0


def mask(cards: str) -> int:
    return sum(1 << Card.parse(text) for text in cards.split())


def state_at(key: str, hands: list[str]) -> KingState:
    """The first deal of kind ``key`` dealt ``hands``, seat 0 to lead."""
    state = KING_GAME.new({"players": len(hands)}, 0)
    assert isinstance(state, KingState)
    state.deal_index = next(i for i, s in enumerate(state.schedule) if s.key == key)
    state.dealer = len(hands) - 1
    state.deal(Layout(tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)))
    return state


def play(state: KingState, cards: str) -> None:
    for text in cards.split():
        state.apply(PLAY[Card.parse(text)])


def test_reading_the_play_places_the_other_hands_better() -> None:
    """The share of the other seats' cards a sample deals to their true holders, over
    decisions from the fourth trick of the penalty deals on."""
    plain, read = placed_plain_and_read(
        lambda: (state for k, state in enumerate(penalty_positions(11))
                 if len(state.tricks) >= 3 and not k % 3),
        KingSampler(), KingSampler(reader=NormalPlayReader()),
        lambda state: state.hands, 11)
    assert read > plain + 0.08, (read, plain)


def test_a_new_deal_is_not_read_from_the_last_one() -> None:
    """The reader keeps what it asked for the rest of a deal; another deal (here
    another game at the same point) is read afresh, and its true deal explains it."""
    reader = NormalPlayReader()
    for seed in (21, 22, 23):
        for state in penalty_positions(seed):
            view = state.view(state.to_move)  # type: ignore[arg-type]
            reading = _prepare(view, reader).reading
            assert reading is not None
            assert reading(state.hands) == 1.0
            break


def test_hard_reads_the_play() -> None:
    sampler = KingHardPlayer(playouts=24).sampler
    assert isinstance(sampler, KingSampler)
    assert isinstance(sampler.reader, NormalPlayReader)
