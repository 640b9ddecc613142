"""The game record (``record-format.md``): what is written can be read back.

Whole games and games stopped at every kind of decision are written with
``record.dumps``/``record.save`` and read back with ``record.load``/``load_file``:
the scores, the state and the re-written text must come back identical.  ``save`` must
be atomic: a failure while writing leaves the old file as it was and no temp file.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from king_rules import FORMS, expected_deals

from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.actions import Pass
from cardtable.engine.king import KingState
from cardtable.engine.king_actions import Buy
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out


def seats_for(level: str, n: int) -> list[Seat]:
    return [Seat(f"Компьютер {i + 1}", "computer", level) for i in range(n)]


def finished_game(options: dict, level: str, seed: int) -> Match:
    n = options.get("players", 4)
    match = Match.start("king", options, seats_for(level, n), seed=seed)
    return play_out(match, [make_player("king", level)] * n)


def play_until(options: dict, seed: int, stop: Callable[[KingState], bool],
               level: str = "random", limit: int = 5000) -> Match:
    """Play a game with ``level`` players until ``stop(state)`` holds (checked before
    every step); fails if the game ends first."""
    n = options.get("players", 4)
    match = Match.start("king", options, seats_for(level, n), seed=seed)
    player = make_player("king", level)
    state = match.state
    for _ in range(limit):
        if stop(state):
            return match
        assert not state.is_over, "the game ended before the stop condition"
        if state.needs_deal:
            match.deal()
        else:
            seat = state.to_move
            match.apply(player.choose(state.view(seat), state.legal_actions(), match.rng))
    raise AssertionError("stop condition never reached")


def roundtrip(match: Match) -> Match:
    """dumps -> parse_json -> load, checking that the text re-dumps identically."""
    text = record.dumps(match)
    loaded = record.load(record.parse_json(text))
    assert record.dumps(loaded) == text
    # the bytes form (what save writes) reads back the same way
    assert record.dumps(record.load(record.parse_json(text.encode("utf-8")))) == text
    return loaded


def assert_same_position(a: Match, b: Match) -> None:
    """Two matches are at the same point: scores, phase, mover, legal moves, views."""
    sa, sb = a.state, b.state
    assert sb.deal_scores == sa.deal_scores
    assert sb.totals == sa.totals
    assert sb.phase == sa.phase
    assert sb.to_move == sa.to_move
    assert sb.dealer == sa.dealer
    assert sb.deal_index == sa.deal_index
    assert list(sb.legal_actions()) == list(sa.legal_actions())
    assert sb.hands == sa.hands
    for seat in range(sa.n):
        assert sb.view(seat) == sa.view(seat)


# --- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "easy"])
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(("length", "stage2"), FORMS)
def test_finished_game_roundtrips(players: int, length: str, stage2: str, level: str) -> None:
    """A whole game written and read back has the same scores, is finished, and
    re-dumps to the identical text."""
    k = FORMS.index((length, stage2))
    options = {"players": players, "length": length, "stage2": stage2,
               "boys": "jacks_kings" if k % 2 else "jacks",
               "must_trump": players == 3, "early_finish": k != 2}
    seed = 1000 * players + 10 * k + (level == "easy")
    match = finished_game(options, level, seed)
    loaded = roundtrip(match)

    summary = record.summary(loaded)
    assert summary == record.summary(match)
    assert summary["ok"] is True
    assert summary["game"] == "king"
    assert summary["finished"] is True
    options = {"players": players, "length": length, "stage2": stage2}
    assert len(summary["deal_scores"]) == expected_deals(options)
    assert summary["deal_scores"] == [list(row) for row in match.state.deal_scores]
    assert summary["totals"] == list(match.state.totals)
    assert sum(summary["totals"]) == 0
    assert summary["totals"] == [sum(col) for col in zip(*summary["deal_scores"],
                                                          strict=True)]
    assert loaded.seed == seed
    assert loaded.seats == match.seats
    assert loaded.state.options == match.state.options
    assert loaded.state.first_dealer == match.state.first_dealer


def test_record_fields_match_the_format() -> None:
    """The written record has exactly the keys of record-format.md, every option
    written out, and one entry per deal with its hands and actions."""
    match = finished_game({"players": 3}, "random", 7)
    data = json.loads(record.dumps(match))
    assert set(data) == {"format", "version", "game", "options", "players", "seed",
                         "first_dealer", "deals"}
    assert data["format"] == "cardtable-record"
    assert data["version"] == 1 and type(data["version"]) is int
    assert data["game"] == "king"
    assert data["options"] == {"players": 3, "length": "full", "stage2": "hvalenki",
                               "boys": "jacks", "must_trump": False, "early_finish": True,
                               "eralash_king": False}
    assert data["players"] == [{"name": f"Компьютер {i + 1}", "kind": "computer",
                                "level": "random"} for i in range(3)]
    assert data["seed"] == 7
    assert data["first_dealer"] == match.state.first_dealer
    assert len(data["deals"]) == 13
    for deal in data["deals"]:
        assert set(deal) == {"cards", "actions"}
        assert set(deal["cards"]) == {"hands"}
        assert [len(h) for h in deal["cards"]["hands"]] == [10, 10, 10]
        for action in deal["actions"]:
            assert type(action["seat"]) is int
            assert action["type"] in ("play", "order", "buy", "pass")


def test_human_player_and_unicode_names_roundtrip(tmp_path: Path) -> None:
    """A human seat (no level) and non-ASCII names survive save and load_file."""
    seats = [Seat("Аня", "human", None), Seat("Боб «Б»", "computer", "easy"),
             Seat("Ёжик ♥", "computer", "random"), Seat("Ω", "computer", "easy")]
    match = Match.start("king", {}, seats, seed=99)
    players = [make_player("king", "random")] * 4
    play_out(match, players)
    path = tmp_path / "game.json"
    record.save(match, path)
    loaded = record.load_file(path)
    assert loaded.seats == seats
    assert path.read_text(encoding="utf-8") == record.dumps(match)
    assert "Аня" in path.read_text(encoding="utf-8")  # written as UTF-8, not \u escapes
    assert record.to_json(loaded)["players"][0] == {"name": "Аня", "kind": "human"}
    assert record.summary(loaded) == record.summary(match)


def test_record_without_seed_loads_and_redumps_without_seed() -> None:
    """``seed`` is optional: a record without it loads and is written back without it."""
    data = record.to_json(finished_game({}, "random", 3))
    del data["seed"]
    loaded = record.load(data)
    assert loaded.seed is None
    assert "seed" not in record.to_json(loaded)
    assert record.load(json.loads(record.dumps(loaded))).state.totals == loaded.state.totals


def test_save_then_load_file_gives_same_summary(tmp_path: Path) -> None:
    """``save`` + ``load_file`` round-trip for a finished game; the file is exactly
    the ``dumps`` text and loading it does not touch it."""
    match = finished_game({"stage2": "hvalenki_reverse_eralash"}, "easy", 5)
    path = tmp_path / "rec.json"
    record.save(match, path)
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    loaded = record.load_file(path)
    assert record.summary(loaded) == record.summary(match)
    assert before == record.dumps(match).encode("utf-8")
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime


def test_loaded_record_replays_the_same_deals() -> None:
    """Loading replays every deal: the loaded match's deal logs equal the original's."""
    match = finished_game({"players": 4, "length": "short"}, "random", 11)
    loaded = roundtrip(match)
    assert len(loaded.deals) == len(match.deals)
    for a, b in zip(match.deals, loaded.deals, strict=True):
        assert a.layout == b.layout
        assert a.actions == b.actions


# --- unfinished games ------------------------------------------------------------------------


def _cards_out(state: KingState) -> int:
    """Cards played so far in this deal, the current trick included."""
    return state.played.bit_count() + len(state.trick_cards)


def _stop_mid_stage1_deal(state: KingState) -> bool:
    return state.deal_index == 2 and state.phase == "play" and _cards_out(state) == 9


def _first_hvalenka(state: KingState) -> bool:
    return state.spec is not None and state.spec.is_hvalenka and state.phase != "deal"


STOPS: dict[str, Callable[[KingState], bool]] = {
    "mid stage-1 deal": _stop_mid_stage1_deal,
    "first stage-1 deal, nothing played": lambda s: s.phase == "play" and not s.played
    and not s.trick_cards and s.deal_index == 0,
    "between deals": lambda s: s.deal_index == 3 and s.phase == "deal",
    "hvalenka order": lambda s: _first_hvalenka(s) and s.phase == "order",
    "hvalenka buying after an offer": lambda s: _first_hvalenka(s) and s.phase == "buy"
    and any(p is not None for _, p in s.offers),
    "hvalenka buying after a pass": lambda s: s.phase == "buy"
    and any(p is None for _, p in s.offers),
    "hvalenka buyer's order": lambda s: s.phase == "buyer_order",
    "hvalenka play after buying": lambda s: s.spec is not None and s.spec.is_hvalenka
    and s.phase == "play" and s.buyer is not None and _cards_out(s) == 5,
}


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("where", list(STOPS))
def test_unfinished_game_roundtrips(where: str, players: int) -> None:
    """A game stopped anywhere (mid-deal, mid-buying, …) round-trips with
    ``finished: false``, deal_scores of the completed deals only, and the same
    position; both copies then play on to the same result."""
    stop = STOPS[where]
    match = None
    for seed in range(200):  # the first seed whose game reaches the stop point
        try:
            match = play_until({"players": players}, seed, stop)
            break
        except AssertionError:
            continue
    assert match is not None, f"no game reached {where!r}"
    state = match.state
    assert not state.is_over
    completed = state.deal_index
    loaded = roundtrip(match)
    summary = record.summary(loaded)
    assert summary["finished"] is False
    assert len(summary["deal_scores"]) == completed
    assert summary["deal_scores"] == [list(r) for r in state.deal_scores]
    column_sums = [sum(row[seat] for row in summary["deal_scores"]) for seat in range(players)]
    assert summary["totals"] == column_sums
    assert_same_position(match, loaded)
    if state.phase == "buy":
        assert loaded.state.offers == state.offers
        assert loaded.state.best_price == state.best_price

    # play both on with the same deals and choices: they end identically
    for m in (match, loaded):
        layouts, choices = random.Random(5), random.Random(1234)
        s = m.state
        while not s.is_over:
            if s.needs_deal:
                m.deal(s.random_layout(layouts))
            else:
                legal = s.legal_actions()
                m.apply(legal[choices.randrange(len(legal))])
    assert loaded.state.deal_scores == match.state.deal_scores
    assert sum(loaded.state.totals) == 0


def test_unfinished_buying_keeps_offers_and_payment() -> None:
    """Stopped mid-хвалёнка buying after an offer: the loaded game has the same
    offers and mover, and finishing the deal charges the same price."""
    match = None
    for seed in range(100):
        try:
            match = play_until({}, seed, lambda s: s.phase == "buy" and len(s.offers) == 2
                               and s.best_price > 0)
            break
        except AssertionError:
            continue
    assert match is not None
    loaded = roundtrip(match)
    s = loaded.state
    assert s.phase == "buy"
    assert s.offers == match.state.offers
    assert s.to_move == (s.orderer + 3) % 4  # the third and last other player
    assert record.summary(loaded)["finished"] is False
    # last player passes: the best bidder is the buyer; both copies agree
    for m in (match, loaded):
        m.apply(Pass())
    assert loaded.state.phase == match.state.phase == "buyer_order"
    assert loaded.state.buyer == match.state.buyer
    assert loaded.state.best_price == match.state.best_price


def test_unfinished_last_deal_with_no_actions_roundtrips() -> None:
    """A deal that has been dealt but not played at all is kept (with no actions)."""
    match = play_until({}, 1, lambda s: s.deal_index == 1 and s.phase == "play"
                       and not s.played and not s.trick_cards)
    data = json.loads(record.dumps(match))
    assert len(data["deals"]) == 2
    assert data["deals"][1]["actions"] == []
    loaded = roundtrip(match)
    assert record.summary(loaded)["finished"] is False
    assert len(record.summary(loaded)["deal_scores"]) == 1
    assert_same_position(match, loaded)


def test_buy_actions_written_as_integers() -> None:
    """A buy is written with an integer ``price`` and a pass with no other field."""
    match = None
    for seed in range(50):
        try:
            match = play_until({}, seed, lambda s: s.phase == "buyer_order")
            break
        except AssertionError:
            continue
    assert match is not None
    actions = [a for d in json.loads(record.dumps(match))["deals"] for a in d["actions"]]
    buys = [a for a in actions if a["type"] == "buy"]
    passes = [a for a in actions if a["type"] == "pass"]
    assert buys
    for a in buys:
        assert set(a) == {"seat", "type", "price"} and type(a["price"]) is int
    for a in passes:
        assert set(a) == {"seat", "type"}
    assert any(isinstance(a, Buy) for _, a in match.deals[-1].actions)


# --- atomic save -----------------------------------------------------------------------------


@pytest.fixture
def two_games() -> tuple[Match, Match]:
    return finished_game({}, "random", 21), finished_game({"players": 3}, "random", 22)


def test_save_writes_dumps_text_and_leaves_no_temp_file(tmp_path: Path,
                                                        two_games: tuple[Match, Match]) -> None:
    """A save writes exactly the dumps text; saving again replaces it; no temp remains."""
    old, new = two_games
    path = tmp_path / "save.json"
    record.save(old, path)
    assert path.read_text(encoding="utf-8") == record.dumps(old)
    record.save(new, path)
    assert path.read_text(encoding="utf-8") == record.dumps(new)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_save_goes_through_a_temp_file_in_the_same_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        two_games: tuple[Match, Match]) -> None:
    """The new text is written in full to a temp file beside the target, which then
    replaces the target in one ``os.replace``."""
    old, new = two_games
    path = tmp_path / "save.json"
    record.save(old, path)
    calls = []
    real_replace = os.replace

    def spy(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append((Path(src), Path(dst)))
        assert Path(src).read_bytes() == record.dumps(new).encode("utf-8")
        assert Path(dst).read_bytes() == record.dumps(old).encode("utf-8")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    record.save(new, path)
    assert len(calls) == 1
    src, dst = calls[0]
    assert dst == path
    assert src.parent == path.parent and src != path
    assert not src.exists()
    assert path.read_text(encoding="utf-8") == record.dumps(new)


@pytest.mark.parametrize("fail_at", ["replace", "fsync", "write"])
@pytest.mark.parametrize("error", [OSError, KeyboardInterrupt])
def test_failed_save_keeps_old_file_and_removes_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_games: tuple[Match, Match],
        fail_at: str, error: type[BaseException]) -> None:
    """If writing or replacing fails (disk full, interrupt), the old file is intact
    byte for byte and no temp file is left behind."""
    old, new = two_games
    path = tmp_path / "save.json"
    record.save(old, path)
    before = path.read_bytes()

    def boom(*args: object, **kwargs: object) -> None:
        raise error(28, "No space left on device") if error is OSError else error()

    if fail_at == "replace":
        monkeypatch.setattr(os, "replace", boom)
    elif fail_at == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        real_fdopen = os.fdopen

        def fdopen(fd: int, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
            f = real_fdopen(fd, *args, **kwargs)  # type: ignore[arg-type]

            class Failing:
                def __enter__(self):  # type: ignore[no-untyped-def]
                    f.__enter__()
                    return self

                def __exit__(self, *exc: object) -> None:
                    f.__exit__(*exc)

                def write(self, data: bytes) -> int:
                    f.write(data[: len(data) // 2])  # half written, then the disk fills
                    boom()
                    return 0

                def __getattr__(self, name: str) -> object:
                    return getattr(f, name)

            return Failing()

        monkeypatch.setattr(os, "fdopen", fdopen)
    with pytest.raises(error):
        record.save(new, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]
    assert record.summary(record.load_file(path)) == record.summary(old)


def test_failed_first_save_creates_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           two_games: tuple[Match, Match]) -> None:
    """A save that fails with no previous file leaves the directory empty."""

    def boom(*args: object) -> None:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        record.save(two_games[0], tmp_path / "new.json")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_save_into_missing_directory_fails_cleanly(tmp_path: Path,
                                                   two_games: tuple[Match, Match]) -> None:
    """Saving into a directory that does not exist raises OSError and creates nothing."""
    with pytest.raises(OSError):
        record.save(two_games[0], tmp_path / "no" / "such" / "dir.json")
    assert list(tmp_path.iterdir()) == []
