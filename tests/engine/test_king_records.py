"""Hand-checked Кинг records: ``python -m cardtable replay`` must print exactly the
scores worked out by hand from king.md (see tests/data/records/king/README.md), and
refuse the same records when one action is made illegal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from record_files import expected_of, record_files, records_dir, replay

from cardtable.engine import record
from cardtable.engine.king import KING_GAME, schedule

RECORDS = records_dir("king")
FILES = record_files("king")


def test_enough_records() -> None:
    """At least 8 hand-checked records, each with its expectation."""
    assert len(FILES) >= 8
    for path in FILES:
        assert path.with_name(path.stem + ".expected.json").is_file()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_prints_the_hand_checked_scores(path: Path) -> None:
    """The command line prints one JSON line equal to the expectation and exits 0."""
    code, out = replay(path)
    expected = expected_of(path)
    assert code == 0, out
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == expected


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_expectation_is_consistent_with_the_rules(path: Path) -> None:
    """The hand-made expectation itself obeys king.md: each row distributes its deal's
    total, totals are the column sums, a finished game has every deal and sums to 0."""
    data = json.loads(path.read_text("utf-8"))
    expected = expected_of(path)
    options = KING_GAME.check_options(data["options"])
    n = options["players"]
    sched = schedule(options)
    rows = expected["deal_scores"]
    assert expected["totals"] == [sum(r[s] for r in rows) for s in range(n)]
    unit = {4: 16, 3: 40}[n]
    for spec, row in zip(sched, rows, strict=False):
        if spec.key == "eralash":
            assert sum(row) == spec.sign * 6 * unit
        elif spec.key == "hvalenka":
            assert sum(row) == {4: 24, 3: 80}[n]
        else:
            assert sum(row) == spec.sign * unit
    if expected["finished"]:
        assert len(rows) == len(sched) and sum(expected["totals"]) == 0
    else:
        assert len(rows) < len(sched)
    # the in-process loader agrees with the command line
    assert record.summary(record.load_file(path)) == expected


def _altered(tmp_path: Path, name: str, deal: int, change: Any) -> Path:
    data = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    change(data["deals"][deal]["actions"])
    out = tmp_path / f"{name}-altered.json"
    out.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return out


def _set(index: int, **fields: Any) -> Any:
    def change(actions: list[dict[str, Any]]) -> None:
        seat = actions[index]["seat"]
        actions[index] = {"seat": seat, **fields}
    return change


@pytest.mark.parametrize(("name", "deal", "action", "change"), [
    # ералаш (reverse): seat 2 holds AH JH 7H QD and leads 7H instead of QD
    ("r09_4p_reverse_eralash_jacks_kings", 11, 16, _set(16, type="play", card="7H")),
    # deal 5: seat 2, void in spades, holds KH and tries AH
    ("r04_3p_girls_king_forced_kh", 4, 1, _set(1, type="play", card="AH")),
    # хвалёнка: seat 0 offers 2 after an offer of 2 (must be higher)
    ("r07_4p_short_hvalenki_buying_misere", 6, 2, _set(2, type="buy", price=2)),
    # the buyer may not announce «по последней»
    ("r07_4p_short_hvalenki_buying_misere", 6, 4, _set(4, type="order", contract="last")),
    # the hearts deal ended early after trick 4: a further card is refused
    ("r02_4p_hearts_early_finish", 1, 16,
     lambda a: a.append({"seat": 2, "type": "play", "card": "KC"})),
])
def test_altered_records_are_refused_at_the_illegal_action(tmp_path: Path, name: str,
                                                           deal: int, action: int,
                                                           change: Any) -> None:
    """Making one action illegal makes replay answer ok=false at that deal and action,
    exit 1."""
    path = _altered(tmp_path, name, deal, change)
    code, out = replay(path)
    assert code == 1
    answer = json.loads(out)
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, action)
    assert isinstance(answer["error"], str) and answer["error"]
