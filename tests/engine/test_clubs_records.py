"""Трефы records: ``python -m cardtable replay`` prints exactly the scores worked out by
hand for each record of tests/data/records/clubs (see its README.md) and refuses the
same records with one action or one card made illegal, naming the deal and the
action; random games written with ``record.dumps``/``save`` load back identical,
including games stopped mid-auction and mid-trick."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import clubs_rules as R
import pytest
from record_files import expected_of, record_files, records_dir, replay

from cardtable.engine import record
from cardtable.engine.clubs import ClubsState
from cardtable.engine.match import Match, Seat

RECORDS = records_dir("clubs")
FILES = record_files("clubs")


def data_of(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text("utf-8"))


def test_enough_records() -> None:
    """At least 6 hand-checked records, each with its expectation, and a README."""
    assert len(FILES) >= 6
    for path in FILES:
        assert path.with_name(path.stem + ".expected.json").is_file()
        assert path.stem in (RECORDS / "README.md").read_text("utf-8")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_prints_the_hand_checked_scores(path: Path) -> None:
    """The command line prints one JSON line equal to the expectation and exits 0."""
    code, out = replay(path)
    assert code == 0, out
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == expected_of(path)


# --- the expectations against the reference ---------------------------------------------------


def reference_replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a record with clubs_rules only (no engine): deal table, bidding, legal
    cards, skips, trick winners, scores and the end, as the replay answer."""
    options = {"players": 4, "bidding": "auction", "target": 100, **data.get("options", {})}
    n, k = options["players"], R.HAND_SIZE[options["players"]]
    dealer = data["first_dealer"]
    totals, rows, over = [0] * n, [], False
    for number, deal in enumerate(data["deals"]):
        assert not over, "a deal after the end of the game"
        hands = [list(h) for h in deal["cards"]["hands"]]
        aside = list(deal["cards"]["aside"])
        assert [len(h) for h in hands] == [k] * n and len(aside) == R.ASIDE[n]
        assert Counter([x for h in hands for x in h] + aside) == Counter(R.deck(n))
        actions = list(deal["actions"])
        forehand = (dealer + 1) % n
        contracts: list[int | None] = [None] * n
        if options["bidding"] == "auction":
            auction = R.Auction(n, dealer)
            while auction.to_move is not None and actions:
                a = actions.pop(0)
                assert a["seat"] == auction.to_move
                auction.act(None if a["type"] == "pass" else a["tricks"])
            if auction.declarer is None:
                assert number == len(data["deals"]) - 1, "only the last deal may stop"
                break
            contracts[auction.declarer] = auction.high
        else:
            earlier: list[int] = []
            for seat in [(forehand + i) % n for i in range(n)]:
                if not actions:
                    break
                a = actions.pop(0)
                assert a["seat"] == seat and a["type"] == "bid"
                assert a["tricks"] in R.everyone_legal(earlier, k, seat == dealer)
                earlier.append(a["tricks"])
                contracts[seat] = a["tricks"]
            if len(earlier) < n:
                assert number == len(data["deals"]) - 1
                break
        leader, taken, stopped = forehand, [0] * n, False
        for _ in range(k):
            trick: list[tuple[int, str]] = []
            for seat in [(leader + i) % n for i in range(n)]:
                legal = R.legal_cards(hands[seat], [x for _, x in trick])
                if not legal:
                    continue  # skipped: no playable card, no action in the record
                if not actions:
                    stopped = True
                    break
                a = actions.pop(0)
                assert a == {"seat": seat, "type": "play", "card": a["card"]}
                assert a["card"] in legal
                hands[seat].remove(a["card"])
                trick.append((seat, a["card"]))
            if stopped:
                break
            leader = R.trick_winner(trick)
            taken[leader] += 1
        if stopped:
            assert number == len(data["deals"]) - 1
            break
        assert not actions, "actions after the end of the deal"
        rows.append(R.deal_row(contracts, taken))
        totals = [t + x for t, x in zip(totals, rows[-1], strict=True)]
        over = R.game_over(totals, options["target"])
        dealer = (dealer + 1) % n  # the deal passes to the left
    return {"ok": True, "game": "clubs", "finished": over, "totals": totals,
            "deal_scores": rows}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_expectation_agrees_with_the_reference(path: Path) -> None:
    """The hand-made expectation is what clubs_rules gives for the record; its rows
    are possible scores (in the auction exactly one seat scores); and the in-process
    loader agrees with the command line."""
    data = json.loads(path.read_text("utf-8"))
    expected = expected_of(path)
    assert reference_replay(data) == expected
    n = data["options"].get("players", 4)
    k = R.HAND_SIZE[n]
    possible = {R.FAILED} | {R.MADE_BONUS + t for t in range(k + 1)}
    for row in expected["deal_scores"]:
        if data["options"].get("bidding", "auction") == "auction":
            assert sum(1 for x in row if x != 0) == 1
            assert {x for x in row if x != 0} <= possible
        else:
            assert set(row) <= possible
    assert expected["totals"] == [sum(r[s] for r in expected["deal_scores"]) for s in range(n)]
    assert record.summary(record.load_file(path)) == expected


# --- altered records are refused where they go wrong ------------------------------------------


def _set(deal: int, index: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        actions = data["deals"][deal]["actions"]
        seat = fields.pop("seat", actions[index]["seat"])
        actions[index] = {"seat": seat, **fields}
    return change


def _insert(deal: int, index: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["deals"][deal]["actions"].insert(index, fields)
    return change


def _card(deal: int, seat: int, old: str, new: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        hand = data["deals"][deal]["cards"]["hands"][seat]
        hand[hand.index(old)] = new
    return change


def _drop_aside(deal: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["deals"][deal]["cards"]["aside"].pop()
    return change


def _more_deals(data: dict[str, Any]) -> None:
    data["deals"].append(data["deals"][-1])


ALTERED = [
    # 2 players, T1: seat 0 holds clubs and must follow A♣, not throw A♠
    ("c01_2p_auction_rounds_unfinished", 0, 5, _set(0, 5, type="play", card="AS")),
    # deal 2: seat 0 passed, the last player left may not pass too
    ("c01_2p_auction_rounds_unfinished", 1, 1, _set(1, 1, type="pass")),
    # 3 players: the forced bid refused as a pass
    ("c02_3p_forced_bid_full_bid", 0, 2, _set(0, 2, type="pass")),
    # a bid of 17 ended the auction at once: seat 0 may not speak after it
    ("c02_3p_forced_bid_full_bid", 1, 2, _insert(1, 2, seat=0, type="pass")),
    # a bid equal to the highest (1) is too low
    ("c03_4p_auction_rounds_failed_mid_auction", 0, 3, _set(0, 3, type="bid", tricks=1)),
    # seat 0 passed in the first round: he may not bid in the second
    ("c03_4p_auction_rounds_failed_mid_auction", 0, 6, _set(0, 6, seat=0, type="bid",
                                                            tricks=4)),
    # the forehand (seat 2) speaks first, not seat 3
    ("c03_4p_auction_rounds_failed_mid_auction", 0, 0, _set(0, 0, seat=3, type="bid",
                                                            tricks=0)),
    # the dealer may not make the bids add up to 13
    ("c04_4p_everyone_target25_tie", 0, 3, _set(0, 3, type="bid", tricks=0)),
    # 5 players, deal 2 T1: seat 3 holds 2♣ and must follow the club lead
    ("c05_5p_target25_exact", 1, 6, _set(1, 6, type="play", card="8S")),
    # 8 players T12: seat 1's 8♣ is identical to the led one
    ("c06_8p_two_decks_skip", 0, 90, _set(0, 90, type="play", card="8C")),
    # T13: seat 6 is skipped automatically; a play by him is not his turn
    ("c06_8p_two_decks_skip", 0, 103, _insert(0, 103, seat=6, type="play", card="3S")),
    # 6 players: seat 1 may not add the second A♠ to the trick
    ("c07_6p_aside_duplicate_unfinished", 0, 8, _set(0, 8, type="play", card="AS")),
]
BAD_LAYOUTS = [
    ("c02_3p_forced_bid_full_bid", 0, _card(0, 1, "2H", "2D")),  # no 2♦ with 3 players
    ("c05_5p_target25_exact", 1, _card(1, 0, "3H", "2H")),  # no 2♥ with 5 players
    ("c06_8p_two_decks_skip", 0, _card(0, 1, "5H", "AC")),  # a third A♣
    ("c03_4p_auction_rounds_failed_mid_auction", 1, _card(1, 0, "2S", "3H")),  # twice
    ("c01_2p_auction_rounds_unfinished", 0, _drop_aside(0)),  # 25 set aside
    ("c05_5p_target25_exact", 2, _more_deals),  # a deal after the game is over
]


def _write(tmp_path: Path, name: str, change: Callable[[dict[str, Any]], None]) -> Path:
    data = data_of(name)
    change(data)
    out = tmp_path / f"{name}-altered.json"
    out.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return out


@pytest.mark.parametrize(("name", "deal", "action", "change"), ALTERED,
                         ids=[f"{a[0][:3]}-{a[1]}-{a[2]}" for a in ALTERED])
def test_altered_records_are_refused_at_the_illegal_action(
        tmp_path: Path, name: str, deal: int, action: int,
        change: Callable[[dict[str, Any]], None]) -> None:
    """One action made illegal: replay answers ok=false at that deal and action, exit 1."""
    code, out = replay(_write(tmp_path, name, change))
    assert code == 1, out
    answer = json.loads(out)
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, action)
    assert isinstance(answer["error"], str) and answer["error"]


@pytest.mark.parametrize(("name", "deal", "change"), BAD_LAYOUTS,
                         ids=[f"{a[0][:3]}-{a[1]}" for a in BAD_LAYOUTS])
def test_invalid_layouts_are_refused(tmp_path: Path, name: str, deal: int,
                                     change: Callable[[dict[str, Any]], None]) -> None:
    """A card outside the deck, a card too often, a wrong aside or a deal after the
    end: refused at that deal with no action index (in process, like the CLI)."""
    path = _write(tmp_path, name, change)
    with pytest.raises(record.RecordError) as info:
        record.load_file(path)
    assert (info.value.deal, info.value.action) == (deal, None)


def test_cli_reports_a_bad_layout(tmp_path: Path) -> None:
    """The command line too: a 2♦ with 3 players is refused at deal 0, action null."""
    code, out = replay(_write(tmp_path, "c02_3p_forced_bid_full_bid", _card(0, 1, "2H", "2D")))
    assert code == 1
    answer = json.loads(out)
    assert (answer["ok"], answer["deal"], answer["action"]) == (False, 0, None)


# --- round trips of random games ----------------------------------------------------------------


def random_match(n: int, bidding: str, seed: int, stop: Callable[[ClubsState], bool],
                 limit: int = 3000) -> Match:
    """Random legal play through a Match until ``stop`` holds or the game ends."""
    seats = [Seat(f"Компьютер {i + 1}", "computer", "random") for i in range(n)]
    match = Match.start("clubs", {"players": n, "bidding": bidding, "target": 25}, seats,
                        seed=seed)
    state = match.state
    for _ in range(limit):
        if stop(state) or state.is_over:
            return match
        if state.needs_deal:
            match.deal()
        else:
            legal = state.legal_actions()
            match.apply(legal[match.rng.randrange(len(legal))])
    return match


def after_deals(k: int) -> Callable[[ClubsState], bool]:
    return lambda s: len(s.deal_scores) >= k and s.needs_deal


def mid_auction(s: ClubsState) -> bool:
    """Deal 2 or later, after at least one bid or pass."""
    return len(s.deal_scores) >= 1 and s.phase in ("auction", "bidding") and \
        len(s.view(0).bids) >= 1


def mid_trick(s: ClubsState) -> bool:
    """Deal 2 or later, after two tricks, with a trick begun."""
    view = s.view(0)
    return len(s.deal_scores) >= 1 and s.phase == "play" and len(view.tricks) >= 2 and \
        len(view.trick) >= 1


STOPS = {"two_deals": after_deals(2), "mid_auction": mid_auction, "mid_trick": mid_trick}


@pytest.mark.parametrize("n", R.PLAYERS)
@pytest.mark.parametrize("bidding", ["auction", "everyone"])
@pytest.mark.parametrize("stop", list(STOPS))
def test_random_games_round_trip(tmp_path: Path, n: int, bidding: str, stop: str) -> None:
    """A game saved with ``save`` and loaded with ``load_file`` (and through ``dumps``)
    has the same scores, phase, seat to move, legal actions and views, and re-writes
    to the same text."""
    match = random_match(n, bidding, seed=1000 * n + len(stop) + len(bidding),
                         stop=STOPS[stop])
    state = match.state
    if not state.is_over:
        assert STOPS[stop](state)
    text = record.dumps(match)
    path = tmp_path / "game.json"
    record.save(match, path)
    assert path.read_text("utf-8") == text
    for again in (record.load_file(path), record.load(record.parse_json(text))):
        other = again.state
        assert record.summary(again) == record.summary(match)
        assert other.deal_scores == state.deal_scores and other.totals == state.totals
        assert (other.phase, other.to_move, other.dealer) == (state.phase, state.to_move,
                                                              state.dealer)
        assert list(other.legal_actions()) == list(state.legal_actions())
        assert [other.view(s) for s in range(n)] == [state.view(s) for s in range(n)]
        assert record.dumps(again) == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_hand_checked_records_round_trip(tmp_path: Path, path: Path) -> None:
    """The hand-made records (two of them finished games, three stopped mid-deal) load,
    save and load again to the same answer and the same text."""
    match = record.load_file(path)
    out = tmp_path / path.name
    record.save(match, out)
    again = record.load_file(out)
    assert record.summary(again) == record.summary(match) == expected_of(path)
    assert record.dumps(again) == record.dumps(match)
    assert again.state.phase == match.state.phase and again.state.to_move == match.state.to_move
    original = json.loads(path.read_text("utf-8"))
    assert json.loads(record.dumps(again))["deals"] == original["deals"]
