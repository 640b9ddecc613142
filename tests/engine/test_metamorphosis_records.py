"""Метаморфоза records: hand-checked files replayed by ``python -m cardtable replay``
(the expectations were worked out by hand from metamorphosis.md, see
tests/data/records/metamorphosis/README.md), the same files refused once one action
or the layout is made invalid, and random matches saved and loaded back — finished,
stopped between партии, mid-declaration and mid-розыгрыш."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from metamorphosis_rules import ROUNDS, Partiya, dealer_of, match_totals
from record_files import expected_of, record_files, records_dir, replay

from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.engine.metamorphosis import METAMORPHOSIS_GAME, MetamorphosisState

RECORDS = records_dir("metamorphosis")
FILES = record_files("metamorphosis")


def load_json(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text("utf-8"))


def test_enough_records_each_explained() -> None:
    """At least 5 hand-checked records, each with its expectation and its section in
    the README."""
    assert len(FILES) >= 5
    readme = (RECORDS / "README.md").read_text("utf-8")
    for path in FILES:
        assert path.with_name(path.stem + ".expected.json").is_file()
        assert f"## {path.stem}" in readme


def test_records_cover_what_the_rules_ask_for() -> None:
    """2 and 3 players, turned_trump, several партии, a finished and an unfinished
    match among the hand-checked records."""
    datas = [json.loads(p.read_text("utf-8")) for p in FILES]
    options = [METAMORPHOSIS_GAME.check_options(d["options"]) for d in datas]
    assert {o["players"] for o in options} == {2, 3}
    assert any(o["turned_trump"] for o in options)
    assert any(o["partii"] >= 2 for o in options)
    finished = [expected_of(p)["finished"] for p in FILES]
    assert set(finished) == {True, False}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_prints_the_hand_checked_scores(path: Path) -> None:
    """The command line prints one JSON line equal to the expectation and exits 0."""
    code, out = replay(path)
    assert code == 0, out
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == expected_of(path)


def reference_rows(data: dict[str, Any]) -> tuple[list[list[int]], bool]:
    """The record followed by the plain reference: the rows of completed партии and
    whether the match is over."""
    options = METAMORPHOSIS_GAME.check_options(data["options"])
    n = options["players"]
    rows = []
    for i, deal in enumerate(data["deals"]):
        cards = deal["cards"]
        p = Partiya.deal(n, dealer_of(data["first_dealer"], i, n), cards["hands"],
                         cards["stock"], cards["turned"], options["turned_trump"])
        for action in deal["actions"]:
            assert action["seat"] == p.to_move
            if action["type"] == "declare":
                p.declare(action["value"])
            else:
                p.play(action["card"])
        if p.finished:
            assert len(p.tricks) == ROUNDS[n]
            rows.append(list(p.points))
    return rows, len(rows) == options["partii"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_expectation_is_consistent_with_the_rules(path: Path) -> None:
    """The hand-made expectation agrees with the plain reference followed through the
    same record, totals are the sums of the rows, and the in-process loader agrees."""
    data = json.loads(path.read_text("utf-8"))
    expected = expected_of(path)
    rows, over = reference_rows(data)
    assert expected["deal_scores"] == rows
    assert expected["finished"] is over
    assert expected["totals"] == (match_totals(rows) if rows else [0] * len(data["players"]))
    assert record.summary(record.load_file(path)) == expected


# --- altered records are refused where they go wrong -------------------------------------------


def _written(tmp_path: Path, data: dict[str, Any]) -> Path:
    out = tmp_path / "altered.json"
    out.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return out


def _set(index: int, **fields: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(actions: list[dict[str, Any]]) -> None:
        actions[index] = {"seat": actions[index]["seat"], **fields}
    return change


def _reseat(index: int, seat: int) -> Callable[[list[dict[str, Any]]], None]:
    def change(actions: list[dict[str, Any]]) -> None:
        actions[index]["seat"] = seat
    return change


# Action indices: the declarations come first (2 or 3), then розыгрыш k's cards at
# n·(k − 1) + position in the trick.
@pytest.mark.parametrize(("name", "deal", "action", "change"), [
    # m01, розыгрыш 11: seat 0 plays K♣, which is still in the stock
    ("m01_2p_pile_runs_out", 0, 2 + 20 + 1, _set(23, type="play", card="KC")),
    # m01, розыгрыш 13: seat 0 leads K♥, which seat 1 took back off seat 0's pile
    ("m01_2p_pile_runs_out", 0, 2 + 24, _set(26, type="play", card="KH")),
    # m02, розыгрыш 9: seat 0 plays the turned 2♣, drawn only after розыгрыш 9
    ("m02_3p_turned_trump_drawn_last", 0, 3 + 24 + 2, _set(29, type="play", card="2C")),
    # m04: seat 2 declares 2, already taken by seat 1
    ("m04_3p_second_partiya_unfinished", 0, 1, _set(1, type="declare", value="2")),
    # m04: an unknown declaration card
    ("m04_3p_second_partiya_unfinished", 0, 0, _set(0, type="declare", value="5")),
    # m04, партия 2: the old dealer's left (seat 1) chooses first instead of seat 2
    ("m04_3p_second_partiya_unfinished", 1, 0, _reseat(0, 1)),
    # m03, партия 2 (dealer 0): seat 1 leads розыгрыш 1 and plays 2♣, seat 0's card
    ("m03_2p_turned_trump_two_partii", 1, 2, _set(2, type="play", card="2C")),
    # m05: a card after the last розыгрыш
    ("m05_2p_turned_hearts", 0, 34,
     lambda a: a.append({"seat": 0, "type": "play", "card": "2S"})),
    # m06: a card while declaring
    ("m06_3p_stopped_while_declaring", 0, 1,
     lambda a: a.append({"seat": 0, "type": "play", "card": "AS"})),
])
def test_altered_records_are_refused_at_the_illegal_action(
        tmp_path: Path, name: str, deal: int, action: int,
        change: Callable[[list[dict[str, Any]]], None]) -> None:
    data = load_json(name)
    change(data["deals"][deal]["actions"])
    code, out = replay(_written(tmp_path, data))
    assert code == 1
    answer = json.loads(out)
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, action), answer
    assert isinstance(answer["error"], str) and answer["error"]


def _duplicate(cards: dict[str, Any]) -> None:
    cards["stock"][3] = cards["hands"][1][0]


def _no_turned(cards: dict[str, Any]) -> None:
    del cards["turned"]


def _null_turned(cards: dict[str, Any]) -> None:
    cards["turned"] = None


def _short_stock(cards: dict[str, Any]) -> None:
    cards["stock"].pop()


def _long_stock(cards: dict[str, Any]) -> None:
    cards["stock"].append(cards.pop("turned"))
    cards["turned"] = cards["hands"][0].pop()


def _turned_twice(cards: dict[str, Any]) -> None:
    cards["turned"] = cards["stock"][0]


def _hand_of_eleven(cards: dict[str, Any]) -> None:
    cards["stock"].append(cards["hands"][2].pop())


@pytest.mark.parametrize("change", [_duplicate, _no_turned, _null_turned, _short_stock,
                                    _long_stock, _turned_twice, _hand_of_eleven])
@pytest.mark.parametrize("deal", [0, 1])
def test_invalid_layouts_are_refused(tmp_path: Path, deal: int,
                                     change: Callable[[dict[str, Any]], None]) -> None:
    """A duplicated card, a missing turned card, a stock of the wrong size, a hand of
    11: refused at that deal with ``action`` null (m04 has two deals)."""
    data = load_json("m04_3p_second_partiya_unfinished")
    change(data["deals"][deal]["cards"])
    code, out = replay(_written(tmp_path, data))
    assert code == 1
    answer = json.loads(out)
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, None), answer


# --- random matches written and read back ------------------------------------------------------


def play_match(options: dict[str, Any], seed: int,
               stop: Callable[[MetamorphosisState], bool] | None = None) -> Match:
    """A match between random players, stopped when ``stop`` holds (checked before
    every step) or at its end."""
    n = options["players"]
    seats = [Seat(f"Игрок {i + 1}", "human") for i in range(n)]
    match = Match.start("metamorphosis", options, seats, seed=seed)
    state = match.state
    rng = random.Random(seed)
    while not state.is_over and not (stop and stop(state)):  # type: ignore[arg-type]
        if state.needs_deal:
            match.deal()
        else:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match


def assert_same(a: Match, b: Match) -> None:
    sa, sb = a.state, b.state
    assert (sb.deal_scores, sb.totals, sb.phase, sb.to_move, sb.dealer, sb.deal_index) == \
        (sa.deal_scores, sa.totals, sa.phase, sa.to_move, sa.dealer, sa.deal_index)
    assert list(sb.legal_actions()) == list(sa.legal_actions())
    for seat in range(sa.n):
        assert sb.view(seat) == sa.view(seat)
    assert record.summary(b) == record.summary(a)


STOPS: dict[str, Callable[[MetamorphosisState], bool] | None] = {
    "finished": None,
    "declaring": lambda s: s.phase == "declare" and any(d is not None for d in s.declarations),
    "mid_trick": lambda s: s.phase == "play" and s.round == 7 and len(s.trick_cards) == 1,
    "between_partii": lambda s: s.needs_deal and s.deal_index == 1,
    "second_partiya_mid_trick": lambda s: s.deal_index == 1 and s.phase == "play"
    and s.round == 2 and bool(s.trick_cards),
}


@pytest.mark.parametrize("stop", list(STOPS))
@pytest.mark.parametrize(("players", "turned_trump"), [(2, False), (3, True), (3, False),
                                                       (2, True)])
def test_random_matches_save_and_load_back(tmp_path: Path, stop: str, players: int,
                                           turned_trump: bool) -> None:
    options = {"players": players, "turned_trump": turned_trump, "partii": 2}
    for seed in range(3):
        match = play_match(options, 1000 * players + seed, STOPS[stop])
        if stop == "finished":
            assert match.state.is_over
        else:
            assert not match.state.is_over and STOPS[stop](match.state)  # type: ignore[misc]
        path = tmp_path / f"{stop}-{seed}.json"
        record.save(match, path)
        loaded = record.load_file(path)
        assert_same(match, loaded)
        assert record.dumps(loaded) == path.read_text("utf-8")
        if seed == 0:  # the command line agrees (once per case: it is a subprocess)
            code, out = replay(path)
            assert code == 0 and json.loads(out) == record.summary(match)
        # the loaded match plays on to the same end as the original
        if not match.state.is_over:
            a = play_match_on(match, seed)
            b = play_match_on(loaded, seed)
            assert record.summary(a) == record.summary(b)
            assert a.state.is_over


def play_match_on(match: Match, seed: int) -> Match:
    """Finish ``match`` with random choices and shuffles from ``seed``."""
    rng = random.Random(seed)
    match.rng = random.Random(seed)
    state = match.state
    while not state.is_over:
        if state.needs_deal:
            match.deal()
        else:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match
