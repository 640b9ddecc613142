"""The game-agnostic search core: forced moves, reproducibility, cancelling, the
budget split, horizons, and the cheater's use of the true state."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.ai.search import (
    CheaterPlayer,
    SearchPlayer,
    deal_value,
    random_rollout,
)
from cardtable.cards import Card, mask_of
from cardtable.engine.actions import PLAY, Action
from cardtable.engine.clubs import CLUBS_GAME, ClubsState
from cardtable.engine.game import GameState, Layout
from cardtable.engine.king import KING_GAME, KingState, KingView


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def king_state(deal_index: int, hands: list[str], dealer: int = 3) -> KingState:
    state = KING_GAME.new({"players": len(hands)}, 0)
    state.deal_index = deal_index
    state.dealer = dealer
    state.deal(Layout(tuple(tuple(cards(h)) for h in hands)))
    return state


def random_king_position(seed: int, moves: int, deal_index: int = 0) -> KingState:
    """A stage-1 Кинг deal after ``moves`` random card plays."""
    rng = random.Random(seed)
    state = KING_GAME.new({"players": 4}, 0)
    state.deal_index = deal_index
    state.deal(state.random_layout(rng))
    for _ in range(moves):
        random_rollout_apply(state, rng)
    return state


def random_rollout_apply(state: GameState, rng: random.Random) -> None:
    state.apply(random_rollout(state, rng))


def king_sampler(template: KingState) -> Callable[[KingView, random.Random], KingState]:
    """A test sampler: the seat's own hand and everything public from the view; the
    unseen cards dealt at random to the other seats in their counts (voids ignored).
    ``template`` supplies only the state's public structure (trick, scores, turn)."""
    deck = template.deck_cards

    def sample(view: KingView, rng: random.Random) -> KingState:
        state = template.clone()
        known = view.hand_mask | view.played
        unseen = [c for c in deck if not (known >> c) & 1]
        rng.shuffle(unseen)
        at = 0
        for seat, count in enumerate(view.hand_counts):
            if seat != view.seat:
                state.hands[seat] = mask_of(unseen[at:at + count])
                at += count
        return state

    return sample


def first_legal(state: GameState, rng: random.Random) -> Action:
    return state.legal_actions()[0]


def to_move_view(state: GameState) -> Any:
    assert state.to_move is not None
    return state.view(state.to_move)


# --- forced moves, reproducibility, budget ---------------------------------------------------


def test_a_single_legal_action_is_returned_without_search() -> None:
    def no_sampling(view: Any, rng: random.Random) -> GameState:
        raise AssertionError("a forced move must not be searched")

    player = SearchPlayer(no_sampling, random_rollout, playouts=100)
    state = random_king_position(1, 0)
    only = state.legal_actions()[:1]
    assert player.choose(to_move_view(state), only, random.Random(0)) == only[0]
    assert player.evaluate_actions(to_move_view(state), only, random.Random(0)) == \
        [(only[0], 0.0, 0)]
    cheater = CheaterPlayer(no_sampling, random_rollout, playouts=100)
    assert cheater.choose_seeing_all(state, 0, only, random.Random(0)) == only[0]


def test_the_same_seed_gives_the_same_decision() -> None:
    state = random_king_position(2, 5)
    legal = state.legal_actions()
    assert len(legal) > 2
    player = SearchPlayer(king_sampler(state), random_rollout, playouts=300, max_seconds=60)
    view = to_move_view(state)
    first = player.evaluate_actions(view, legal, random.Random(7))
    again = player.evaluate_actions(view, legal, random.Random(7))
    assert first == again
    assert player.choose(view, legal, random.Random(7)) == first[0][0]
    assert sorted(str(a) for a, _, _ in first) == sorted(str(a) for a in legal)


def test_the_playouts_go_mostly_to_the_survivors() -> None:
    """Sequential halving spends about the fixed budget, and the action finally chosen
    has at least as many playouts as any other."""
    state = random_king_position(3, 0)
    legal = state.legal_actions()
    assert len(legal) == 8
    player = SearchPlayer(king_sampler(state), random_rollout, playouts=400, max_seconds=60)
    ranked = player.evaluate_actions(to_move_view(state), legal, random.Random(1))
    counts = [n for _, _, n in ranked]
    assert 400 <= sum(counts) <= 400 + len(legal)
    assert counts[0] == max(counts) > min(counts)
    assert player.last_stats is not None
    assert player.last_stats.playouts == sum(counts)
    assert not player.last_stats.stopped_early


def test_the_state_given_by_the_sampler_is_the_only_one_mutated() -> None:
    state = random_king_position(4, 6)
    before = state.clone().__dict__
    player = SearchPlayer(king_sampler(state), random_rollout, playouts=50, max_seconds=60)
    player.choose(to_move_view(state), state.legal_actions(), random.Random(0))
    assert state.__dict__ == before


def test_a_budget_spent_before_the_first_playout_asks_the_fallback() -> None:
    state = random_king_position(5, 0)
    legal = state.legal_actions()
    assert len(legal) > 1

    class LastAction:
        def choose(self, view: Any, legal: Any, rng: random.Random,
                   budget: float | None = None) -> Action:
            return legal[-1]

    player = SearchPlayer(king_sampler(state), random_rollout, playouts=1000,
                          fallback=LastAction())
    assert player.choose(to_move_view(state), legal, random.Random(0), budget=1e-12) \
        == legal[-1]
    assert player.last_stats is not None and player.last_stats.stopped_early


# --- cancelling ----------------------------------------------------------------------------


def test_cancel_stops_the_search_with_its_best_action_so_far() -> None:
    state = random_king_position(6, 0)
    legal = state.legal_actions()
    assert len(legal) > 1
    started = threading.Event()
    sample = king_sampler(state)

    def sampler(view: KingView, rng: random.Random) -> KingState:
        started.set()
        return sample(view, rng)

    player = SearchPlayer(sampler, random_rollout, playouts=10_000_000, max_seconds=600)
    answer: list[Action] = []
    worker = threading.Thread(
        target=lambda: answer.append(player.choose(to_move_view(state), legal,
                                                   random.Random(0))))
    worker.start()
    assert started.wait(30)
    player.cancel()
    worker.join(30)  # ten million playouts would take hours: only cancel ends it here
    assert not worker.is_alive()
    assert answer[0] in legal
    assert player.last_stats is not None and player.last_stats.stopped_early
    # The flag is for the search in progress: the next one runs to its budget.
    player.playouts = 40
    player.choose(to_move_view(state), legal, random.Random(0))
    assert player.last_stats.playouts >= 40 and not player.last_stats.stopped_early


# --- values -----------------------------------------------------------------------------------


def endgame() -> KingState:
    """«Взятки» with three tricks left, seat 0 to lead 7S, 8D or 9D; nobody else has a
    diamond.  Leading 7S loses every remaining trick (the others hold only higher
    spades and hearts), leading a diamond wins at least that trick (−2)."""
    state = king_state(0, ["7S 8D 9D 7C 8C 9C TC JC", "8S 9S TS 7H QC KC AC AD",
                           "JS QS KS 8H 9H TH JD QD", "AS JH QH KH AH 7D TD KD"],
                       dealer=3)
    state.hands = [mask_of(cards(h)) for h in ("7S 8D 9D", "8S 9S TS", "JS QS KS",
                                               "AS JH QH")]
    state.played = state.deck & ~(state.hands[0] | state.hands[1] | state.hands[2]
                                  | state.hands[3])
    state.trick_no = 5
    return state


def test_a_clearly_winning_action_is_ranked_first() -> None:
    state = endgame()
    legal = state.legal_actions()
    assert set(legal) == {PLAY[c] for c in cards("7S 8D 9D")}
    player = SearchPlayer(king_sampler(state), random_rollout, playouts=200, max_seconds=60)
    ranked = player.evaluate_actions(to_move_view(state), legal, random.Random(3))
    best, value, _ = ranked[0]
    assert best == PLAY[Card.parse("7S")]
    assert value == 2.0  # seat 0 takes nothing, the others share the −6
    # A diamond lead takes a trick: −2 against the others' −4 at best, −2/3 in all.
    assert all(v <= -2 / 3 + 1e-9 for _, v, _ in ranked[1:])


def test_a_game_that_ends_inside_the_horizon_is_scored() -> None:
    """Трефы: a deal that takes a seat past the target ends the game inside the
    playout; the value is still the deal's score difference."""
    state: ClubsState = CLUBS_GAME.new({"players": 4, "target": 25}, 0)  # type: ignore[assignment]
    state.totals = [30, 30, 30, 30]  # past the target: this deal is the last
    state.deal(state.random_layout(random.Random(8)))
    seat = state.to_move
    assert seat is not None
    values = []
    for action in state.legal_actions()[:2]:
        probe = state.clone()
        probe.apply(action)
        while probe.to_move is not None:
            probe.apply(first_legal(probe, random.Random(0)))
        assert probe.is_over
        values.append(deal_value(probe, seat))
    player = CheaterPlayer(king_sampler, first_legal, playouts=20, max_seconds=60)
    ranked = player.evaluate_actions_seeing_all(state, seat, state.legal_actions()[:2],
                                                random.Random(0))
    assert sorted(v for _, v, _ in ranked) == pytest.approx(sorted(values))


def test_a_custom_horizon_may_run_into_the_next_deal() -> None:
    state = random_king_position(9, 20)
    reached: list[int] = []

    def evaluate(st: GameState, seat: int) -> float:
        reached.append(st.deal_index)
        return float(st.totals[seat])

    player = SearchPlayer(king_sampler(state), random_rollout, playouts=12, max_seconds=60,
                          horizon=lambda st: st.deal_index >= 2, evaluate=evaluate)
    player.choose(to_move_view(state), state.legal_actions(), random.Random(0))
    assert reached and set(reached) == {2}


# --- the cheater ------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [0, 9, 16])
def test_the_cheater_searches_the_true_state(moves: int) -> None:
    """With a deterministic rollout every playout of the true state gives the same
    result, so the cheater's value of each action is exactly the true outcome; its
    sampler is never asked and the true state is left alone."""
    state = random_king_position(10 + moves, moves, deal_index=6)  # ералаш

    def no_sampling(view: Any, rng: random.Random) -> GameState:
        raise AssertionError("the cheater must not sample")

    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    assert len(legal) > 1
    truth = {}
    for action in legal:
        probe = state.clone()
        probe.apply(action)
        while probe.to_move is not None:
            probe.apply(first_legal(probe, random.Random(0)))
        truth[action] = deal_value(probe, seat)
    before = state.clone().__dict__
    player = CheaterPlayer(no_sampling, first_legal, playouts=60, max_seconds=60)
    assert player.omniscient
    ranked = player.evaluate_actions_seeing_all(state, seat, legal, random.Random(0))
    assert {a: v for a, v, _ in ranked} == pytest.approx(truth)
    assert ranked[0][1] == pytest.approx(max(truth.values()))
    assert player.choose_seeing_all(state, seat, legal, random.Random(0)) == ranked[0][0]
    assert state.__dict__ == before


def test_the_cheater_searches_its_true_sample_hook() -> None:
    """A game may stamp the cheater's copies of the true state (Метаморфоза gives each
    a rollout seed): the search plays out exactly what ``true_sample`` returns, once per
    sample, and never touches the true state."""
    state = random_king_position(3, 9, deal_index=6)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    made: list[GameState] = []

    class Stamping(CheaterPlayer):
        def true_sample(self, state: GameState, rng: random.Random) -> GameState:
            copy = super().true_sample(state, rng)
            made.append(copy)
            return copy

    def no_sampling(view: Any, rng: random.Random) -> GameState:
        raise AssertionError("the cheater must not sample")

    before = state.clone().__dict__
    player = Stamping(no_sampling, first_legal, playouts=40, max_seconds=60)
    player.evaluate_actions_seeing_all(state, seat, legal, random.Random(0))
    assert player.last_stats is not None
    assert len(made) == player.last_stats.samples > 0
    assert all(copy is not state for copy in made)
    assert state.__dict__ == before
