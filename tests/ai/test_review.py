"""The review (:mod:`cardtable.ai.review`) keeps its promises: a planted blunder is
found with the right better card, ``hard``'s own decisions cost no more than the
review's noise, a seed gives the same review here and on worker processes, the review
never reads a card its seat could not see, forced moves are never weighed, and a
stored review is used only when it belongs to the game and the method."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from review_games import planted_blunder, seats, small_review, twins

from cardtable.ai import make_player
from cardtable.ai import review as review_module
from cardtable.ai.parallel import SearchWorkers
from cardtable.ai.review import (
    NOISE,
    Review,
    keep_review,
    review_match,
    stored_review,
)
from cardtable.engine import record
from cardtable.engine.actions import Action
from cardtable.engine.match import Match
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.tools.simulate import play_out


@pytest.fixture(scope="module")
def two_workers() -> Iterator[object]:
    owner = SearchWorkers(2)
    pool = owner.pool()
    assert pool is not None, "worker processes must start for this test"
    yield pool
    owner.shutdown()


def short_game(seed: int = 3, tricks: int = 5) -> Match:
    """The first deal of a Кинг game of easy players, cut after ``tricks`` tricks."""
    match = Match.start("king", {}, seats(4), seed=seed)
    match.deal()
    players = [make_player("king", "easy") for _ in range(4)]
    while len(match.deals[-1].actions) < 4 * tricks:
        seat = match.state.to_move
        assert seat is not None
        match.apply(players[seat].choose(match.state.view(seat),
                                         match.state.legal_actions(), match.rng))
    return match


# --- a planted blunder ----------------------------------------------------------------------


def test_a_planted_blunder_is_marked_with_the_safe_card(monkeypatch: pytest.MonkeyPatch,
                                                        ) -> None:
    """K♥ played where it surely wins the trick, 7♥ surely safe: 16 points lost, a
    blunder (4 players: 8 points and more), and the better choice is 7♥."""
    small_review(monkeypatch)
    match, position = planted_blunder(seat=2)
    assert match.state.deal_scores[-1][2] == -16
    review = review_match(match, 2, seed=1)
    decision = next(d for d in review.decisions if d.position == position)
    assert str(decision.chosen) == "play KH" and str(decision.best) == "play 7H"
    assert decision.mark == "blunder"
    assert decision.cost == pytest.approx(16.0) and decision.stderr == 0.0
    assert review.marked()[0] is decision
    # the other decisions of that deal cost nothing: both cards of a suit were as good
    assert all(d.mark is None for d in review.decisions if d.deal == 4 and d is not decision)


# --- hard's own decisions -----------------------------------------------------------------


class Worst:
    """A deliberately bad player for the control: the action its own small search
    rates worst."""

    def __init__(self) -> None:
        self.search: Any = make_player("king", "hard")
        self.search.playouts, self.search.max_seconds = 200, 600.0

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        action: Action = self.search.evaluate_actions(view, legal, rng)[-1][0]
        return action


def mean_cost_and_noise(level: str, seed: int) -> tuple[float, float, Review]:
    """Two deals of a Кинг game («не брать взяток», «не брать червей»), seat 0 at
    ``level`` (hard at its real playouts, no time cap so that it plays the same
    anywhere), the others normal; seat 0 reviewed."""
    match = Match.start("king", {}, seats(4), seed=seed)
    first: Any = Worst() if level == "worst" else make_player("king", level)
    players = [first] + [make_player("king", "normal") for _ in range(3)]
    if level == "hard":
        first.max_seconds = 600.0
    play_out(match, players, max_deals=2)
    review = review_match(match, 0, seed=seed)
    k = len(review.decisions)
    return (sum(d.cost for d in review.decisions) / k,
            sum(d.stderr for d in review.decisions) / k, review)


def test_hard_loses_no_more_than_the_noise() -> None:
    """A choice as good as the best still shows a cost: the estimate of a zero
    difference is kept when above 0 (never below), about 0.4 standard errors on
    average, and hard's own search is noisy too.  So the bound is the band marks
    ignore: the mean cost at most NOISE times the mean standard error (an unmeasured
    decision, found best at selection, counts 0 ± 0).  And none is a blunder.  The
    player of its own search's worst choice in the same seat breaks it (the test can fail)."""
    cost, noise, review = mean_cost_and_noise("hard", seed=2)
    assert len(review.decisions) >= 8
    assert cost <= NOISE * noise
    assert review.count("blunder") == 0
    bad_cost, bad_noise, _ = mean_cost_and_noise("worst", seed=2)
    assert bad_cost > NOISE * bad_noise


# --- reproducible -----------------------------------------------------------------------


def test_a_seed_gives_the_same_review_here_and_on_workers(
        monkeypatch: pytest.MonkeyPatch, two_workers: object) -> None:
    small_review(monkeypatch)
    match = short_game()
    here = review_match(match, 1, seed=7).to_json()
    assert review_match(match, 1, seed=7).to_json() == here
    # the workers were started with the module's own constants: compare at those
    monkeypatch.undo()
    here = review_match(match, 1, seed=7).to_json()
    on_workers = review_match(match, 1, seed=7, pool=two_workers).to_json()
    assert on_workers == here
    assert review_match(match, 1, seed=8).to_json() != here  # the seed matters


def test_workers_are_sent_views_only(two_workers: object) -> None:
    tasks, _ = review_module.decisions_of(short_game(), 1, hindsight=True)
    method = review_module._Method("king", review_module.scale_for("king", {"players": 4}),
                                   0, 0.75)
    with pytest.raises(ValueError, match="never a game state"):
        two_workers.submit_review(tasks[0], method)  # type: ignore[attr-defined]


# --- privacy --------------------------------------------------------------------------------


def test_the_review_never_reads_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twins differ only in cards the reviewed seat never saw up to its last decision:
    their reviews are the same.  A review that reads every card (the hindsight one)
    tells them apart, so the comparison can fail."""
    small_review(monkeypatch)
    match = short_game(tricks=4)
    pair = twins(match, 0)
    assert len(pair) == 2
    fair = [review_match(m, 0, seed=3).to_json() for m in (match, *pair)]
    assert fair[0] == fair[1] == fair[2]
    seeing = [review_match(m, 0, seed=3, hindsight=True).to_json() for m in (match, *pair)]
    assert seeing[0] != seeing[1] or seeing[0] != seeing[2]


# --- what is counted ------------------------------------------------------------------------


def test_forced_moves_are_counted_and_never_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    small_review(monkeypatch)
    match = short_game(tricks=8)
    tasks, forced = review_module.decisions_of(match, 0)
    weighed: list[int] = []
    real = review_module.weigh

    def recording(task: review_module._Task, *args: object) -> review_module.Decision:
        assert len(task.legal) >= 2
        weighed.append(task.position)
        return real(task, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(review_module, "weigh", recording)
    review = review_match(match, 0)
    mine = [i for i, step in enumerate(match.steps())
            if getattr(step, "seat", None) == 0]
    assert forced > 0 and review.forced == forced
    assert len(review.decisions) + review.forced == len(mine)
    assert weighed == [d.position for d in review.decisions] == [t.position for t in tasks]


# --- the record -----------------------------------------------------------------------------


@pytest.fixture
def reviewed(monkeypatch: pytest.MonkeyPatch) -> tuple[Match, Review]:
    small_review(monkeypatch)
    match = short_game(tricks=3)
    review = review_match(match, 2, seed=4)
    keep_review(match, review)
    return match, review


def reopened(match: Match) -> Match:
    return record.load(json.loads(record.dumps(match)))


def test_a_stored_review_comes_back_from_the_record(reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    again = reopened(match)
    back = stored_review(again, 2)
    assert back is not None and back.to_json() == review.to_json()
    assert stored_review(again, 1) is None
    assert stored_review(again, 2, hindsight=True) is None  # hindsight kept apart
    text = record.RecordText()
    assert json.loads(text.dumps(match)) == json.loads(record.dumps(match))


def test_hindsight_is_kept_apart(reviewed: tuple[Match, Review]) -> None:
    match, fair = reviewed
    seeing = review_match(match, 2, seed=4, hindsight=True)
    keep_review(match, seeing)
    again = reopened(match)
    got_fair, got_seeing = stored_review(again, 2), stored_review(again, 2, hindsight=True)
    assert got_fair is not None and got_seeing is not None
    assert got_fair.to_json() == fair.to_json() and not got_fair.hindsight
    assert got_seeing.to_json() == seeing.to_json() and got_seeing.hindsight
    keep_review(match, fair)  # a new fair review replaces the fair one only
    assert len(match.reviews) == 2


def test_an_old_record_without_reviews_opens(reviewed: tuple[Match, Review]) -> None:
    match, _ = reviewed
    data = json.loads(record.dumps(match))
    del data["reviews"]
    old = record.load(data)
    assert old.reviews == [] and stored_review(old, 2) is None
    assert "reviews" not in json.loads(record.dumps(old))


@pytest.mark.parametrize("reviews", [{"seat": 2}, "x", 7, None, [1, "a", []]])
def test_reviews_that_are_not_a_list_of_objects_never_refuse_the_record(
        reviewed: tuple[Match, Review], reviews: object) -> None:
    match, _ = reviewed
    data = json.loads(record.dumps(match))
    data["reviews"] = reviews
    again = record.load(data)
    assert stored_review(again, 2) is None
    assert record.summary(again) == record.summary(match)


def spoiled(match: Match, change: str) -> Match:
    data = json.loads(record.dumps(match))
    stored = data["reviews"][0]
    first = stored["decisions"][0]
    if change == "method":
        stored["method"] += 1
    elif change == "choice":  # a review of another game: not what was played there
        first["choice"] = first["best"] if first["best"] != first["choice"] else \
            {"type": "play", "card": "AS" if first["choice"].get("card") != "AS" else "KS"}
    elif change == "position":
        first["position"] = 10 ** 6
    elif change == "cost":
        first["cost"] = "a lot"
    elif change == "nan":
        first["stderr"] = float("inf")
    elif change == "seed":
        stored["seed"] = "1"
    elif change == "decisions":
        stored["decisions"] = {"0": first}
    elif change == "estimate":
        first["estimates"] = [7]
    return record.load(json.loads(json.dumps(data).replace("Infinity", "1e999")))


@pytest.mark.parametrize("change", ["method", "choice", "position", "cost", "nan", "seed",
                                    "decisions", "estimate"])
def test_an_unusable_stored_review_is_ignored(reviewed: tuple[Match, Review],
                                              change: str) -> None:
    match, _ = reviewed
    assert stored_review(spoiled(match, change), 2) is None


def test_keys_a_reader_does_not_know_are_ignored(reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    data = json.loads(record.dumps(match))
    data["reviews"][0]["comment"] = "from a newer program"
    data["reviews"][0]["decisions"][0]["why"] = {"words": ["ducked"]}
    data["reviews"][0]["decisions"][0]["estimates"][0]["playouts"] = 3
    back = stored_review(record.load(data), 2)
    assert back is not None and back.to_json() == review.to_json()


def test_a_review_of_declarations_comes_back_from_the_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Метаморфоза declaration carries a field named like an estimate's figure
    (``value``): each estimate keeps its action apart, so the review still reads back
    (the first form did not, and the table reviewed such games again every time)."""
    small_review(monkeypatch, select=4, batch=4, most=8)
    match = Match.start("metamorphosis", {"players": 3}, seats(3), seed=2)
    players = [make_player("metamorphosis", "easy") for _ in range(3)]
    rng = random.Random(2)
    while not any(type(a) is Declare for seat, a in match.deals[-1].actions if seat == 0) \
            if match.deals else True:
        if match.state.needs_deal:
            match.deal()
            continue
        seat = match.state.to_move
        assert seat is not None
        match.apply(players[seat].choose(match.state.view(seat), match.state.legal_actions(),
                                         rng))
    review = review_match(match, 0, seed=1)
    assert [type(d.chosen) for d in review.decisions] == [Declare]
    keep_review(match, review)
    back = stored_review(reopened(match), 0)
    assert back is not None and back.to_json() == review.to_json()
