"""Property tests over random legal matches (hypothesis): options, seed and a few
choices drawn at random, the engine played next to the plain reference of
``metamorphosis_rules`` and compared after every deal and action — winner, points,
premium, leaders, trumps, refills (``CardsDrawn``), hands, stock and piles — plus the
engine contracts: no card lost or duplicated, refused actions change nothing,
``clone`` is independent, the match ends after ``partii`` deals."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from metamorphosis_helpers import Twin, assert_refused, snapshot, where
from metamorphosis_rules import DECK, DECLARATIONS, HAND, ROUNDS

from cardtable.cards import Card
from cardtable.engine.actions import PLAY
from cardtable.engine.metamorphosis import MetamorphosisState
from cardtable.engine.metamorphosis_actions import Declare

OPTIONS = st.fixed_dictionaries({
    "players": st.sampled_from([2, 3]),
    "turned_trump": st.booleans(),
    "partii": st.integers(1, 3),
})
SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(OPTIONS, SEEDS)
def test_engine_matches_the_reference_step_by_step(options: dict[str, Any], seed: int) -> None:
    """Every event and every position agrees with the reference; the match has exactly
    ``partii`` deals, each of 16 / 12 розыгрыши, and totals are the row sums."""
    twin = Twin(options, seed)
    twin.finish()
    n = options["players"]
    assert len(twin.rows) == options["partii"]
    assert len(twin.state.deal_scores) == options["partii"]
    assert twin.ref is not None and len(twin.ref.tricks) == ROUNDS[n]


@FAST
@given(OPTIONS, SEEDS)
def test_every_card_is_somewhere_exactly_once(options: dict[str, Any], seed: int) -> None:
    """Hands + stock + won piles + the current trick are the 52 cards at every step;
    at the start of every розыгрыш each hand holds 12 unless the stock is empty (and,
    after an even розыгрыш, the left neighbour's pile too)."""
    twin = Twin(options, seed)
    n = twin.n
    while twin.step():
        s = twin.state
        if s.phase != "play":
            continue
        w = where(s)
        everything = [x for h in w["hands"] for x in h] + w["stock"]
        everything += [x for p in w["piles"] for x in p] + w["trick"]
        assert sorted(everything) == sorted(DECK)
        view = s.view(0)
        if not view.trick:
            for seat, size in enumerate(view.hand_counts):
                assert size <= HAND
                if size < HAND:
                    assert view.stock_count == 0
                    if view.round % 2 == 1 and view.round > 1:
                        assert view.piles[(seat + 1) % n] == ()


def refusals(state: MetamorphosisState, rng: random.Random) -> None:
    """Try what the rules refuse here; each must leave the state exactly as it was."""
    seat = state.to_move
    if state.phase == "declare":
        available = {a.value for a in state.legal_actions()}  # type: ignore[union-attr]
        taken = [v for v in DECLARATIONS if v not in available]
        if taken:
            assert_refused(state, Declare(rng.choice(taken)), "declaration_taken")
        assert_refused(state, Declare("5"), "no_such_declaration")
        assert_refused(state, PLAY[rng.randrange(52)], "wrong_action")
    elif state.phase == "play":
        mine = {str(x) for x in state.view(seat).hand}  # type: ignore[arg-type]
        others = [x for x in DECK if x not in mine]
        assert_refused(state, PLAY[Card.parse(rng.choice(others))], "not_in_hand")
        assert_refused(state, Declare("A"), "wrong_action")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPTIONS, SEEDS)
def test_refused_actions_change_nothing(options: dict[str, Any], seed: int) -> None:
    twin = Twin(options, seed)
    rng = random.Random(seed)
    while twin.step():
        if rng.random() < 0.15:
            refusals(twin.state, rng)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPTIONS, SEEDS, st.integers(0, 200))
def test_clone_is_independent(options: dict[str, Any], seed: int, at: int) -> None:
    """A clone played to the end leaves the original untouched, and the original
    played on leaves the clone untouched; both then replay alike."""
    twin = Twin(options, seed)
    for _ in range(at):
        if not twin.step():
            break
    original = twin.state
    before = snapshot(original)
    copy = original.clone()
    assert snapshot(copy) == before
    rng = random.Random(seed)
    while not copy.is_over:
        if copy.needs_deal:
            copy.deal(copy.random_layout(rng))
        else:
            legal = copy.legal_actions()
            copy.apply(legal[rng.randrange(len(legal))])
    assert snapshot(original) == before
    after = snapshot(copy)
    twin.finish()  # the original goes on, checked against the reference
    assert snapshot(copy) == after
