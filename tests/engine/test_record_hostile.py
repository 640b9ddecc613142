"""Malformed and hostile records are refused, cheaply, with the answer of
``record-format.md``: ``{"ok": false, "deal": i, "action": j, "error": …}``.

File-level faults (not JSON, not a record, bad options or players) have ``deal`` and
``action`` null; a bad layout, an unfinished deal followed by another, or a deal after
the game is over has ``action`` null; an action the rules refuse is reported at its
own index.  Every case goes through a real file, which must be left unchanged, and
must raise only :class:`RecordError` (no other exception, i.e. no traceback).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.ai import make_player
from cardtable.cards import Card
from cardtable.engine import record
from cardtable.engine.actions import action_from_json
from cardtable.engine.game import Layout
from cardtable.engine.king import KING_GAME, KingState
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out

Record = dict[str, Any]

# --- building records ------------------------------------------------------------------------


@functools.cache
def _base_text(players: int, stage2: str, seed: int) -> str:
    seats = [Seat(f"Игрок {i + 1}", "computer", "random") for i in range(players)]
    match = Match.start("king", {"players": players, "stage2": stage2}, seats, seed=seed)
    play_out(match, [make_player("king", "random")] * players)
    return record.dumps(match)


def base(players: int = 4, stage2: str = "hvalenki", seed: int = 0) -> Record:
    """A fresh copy of a valid, finished record."""
    return json.loads(_base_text(players, stage2, seed))


def walk(data: Record) -> Iterator[tuple[int, int, KingState, dict[str, Any]]]:
    """Replay a valid record through the engine, yielding (deal, action, state before
    the action, action) — the state is live, so use it before the next step."""
    state = KING_GAME.new(data["options"], data["first_dealer"])
    for i, deal in enumerate(data["deals"]):
        hands = tuple(tuple(Card.parse(c) for c in h) for h in deal["cards"]["hands"])
        state.deal(Layout(hands))
        for j, action in enumerate(deal["actions"]):
            yield i, j, state, action
            state.apply(action_from_json(action))


def forehand(data: Record, deal: int) -> int:
    return (data["first_dealer"] + deal + 1) % data["options"]["players"]


def check_refused(raw: bytes, tmp_path: Path, deal: int | None, action: int | None,
                  contains: str | None = None) -> record.RecordError:
    """``raw`` written to a file is refused with these indices, the file is untouched,
    and the in-memory path gives the same answer."""
    path = tmp_path / "hostile.json"
    path.write_bytes(raw)
    mtime = path.stat().st_mtime_ns
    with pytest.raises(record.RecordError) as info:
        record.load_file(path)
    err = info.value
    assert path.read_bytes() == raw, "a refused file must never be changed"
    assert path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hostile.json"]
    answer = err.to_json()
    assert list(answer) == ["ok", "deal", "action", "error"]
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, action), answer
    assert type(answer["error"]) is str and answer["error"]
    json.dumps(answer)  # printable as JSON
    if contains is not None:
        assert contains.lower() in answer["error"].lower(), answer
    with pytest.raises(record.RecordError) as again:
        record.load(record.parse_json(raw))
    assert again.value.to_json() == answer
    return err


def refuse(data: Any, tmp_path: Path, deal: int | None, action: int | None,
           contains: str | None = None) -> record.RecordError:
    raw = data if isinstance(data, bytes) else \
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    return check_refused(raw, tmp_path, deal, action, contains)


def test_base_records_are_valid() -> None:
    """The records the cases below are cut from load (the cases test only their fault)."""
    for args in [(4, "hvalenki", 0), (3, "hvalenki", 0), (4, "positive", 0)]:
        assert record.summary(record.load(base(*args)))["finished"] is True


# --- not a record at all ---------------------------------------------------------------------

NOT_RECORDS = {
    "empty file": b"",
    "whitespace only": b"  \n\t ",
    "not JSON": b"this is not a record",
    "truncated JSON": _base_text(4, "hvalenki", 0).encode()[:500],
    "trailing garbage": _base_text(4, "hvalenki", 0).encode() + b" }",
    "not UTF-8": b'{"format": "cardtable-record", "game": "\xff\xfe"}',
    "UTF-16": '{"format": "cardtable-record"}'.encode("utf-16"),
    "Latin-1 text": b'{"game": "k\xe9ng"}',
    "top-level array": b"[]",
    "top-level array of a record": b"[" + _base_text(4, "hvalenki", 0).encode() + b"]",
    "top-level number": b"42",
    "top-level string": b'"king"',
    "top-level null": b"null",
    "top-level true": b"true",
    "NaN at top": b"NaN",
    "deeply nested lists": b"[" * 100_000 + b"]" * 100_000,
    "deeply nested objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "unbalanced nesting": b"[" * 100_000,
}


@pytest.mark.parametrize("name", list(NOT_RECORDS))
def test_not_a_record_is_refused(name: str, tmp_path: Path) -> None:
    """Anything that is not a JSON object record is refused as a whole (deal and
    action null) without any other exception."""
    check_refused(NOT_RECORDS[name], tmp_path, None, None)


# --- the record as a whole: keys and types ------------------------------------------------


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Record], None]:
    def mutate(d: Record) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _del(path: tuple[Any, ...]) -> Callable[[Record], None]:
    def mutate(d: Record) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


WHOLE_FILE_FAULTS: dict[str, tuple[Callable[[Record], None], str | None]] = {
    # version
    "version string": (_set(("version",), "1"), "version"),
    "version float": (_set(("version",), 1.0), "version"),
    "version true": (_set(("version",), True), "version"),
    "version 2": (_set(("version",), 2), "version"),
    "version 0": (_set(("version",), 0), "version"),
    "version null": (_set(("version",), None), "version"),
    # format
    "format wrong": (_set(("format",), "cardtable-save"), "format"),
    "format not a string": (_set(("format",), ["cardtable-record"]), "format"),
    # game
    "unknown game": (_set(("game",), "chess"), "chess"),
    "game in capitals": (_set(("game",), "KING"), None),
    "game as a number": (_set(("game",), 1), None),
    "game null": (_set(("game",), None), None),
    "game as a list": (_set(("game",), ["king"]), None),
    "game as an object": (_set(("game",), {"king": 1}), None),
    # missing keys
    **{f"missing {k}": (_del((k,)), k)
       for k in ("format", "version", "game", "players", "first_dealer", "deals")},
    # unknown keys at the top
    "unknown top key": (_set(("comment",), "hi"), "comment"),
    "unknown top key null": (_set(("extra",), None), "extra"),
    # options
    "options a list": (_set(("options",), []), None),
    "options a string": (_set(("options",), "players=4"), None),
    "options null": (_set(("options",), None), None),
    "unknown option": (_set(("options", "speed"), "fast"), "speed"),
    "players 5": (_set(("options", "players"), 5), "players"),
    "players 2": (_set(("options", "players"), 2), "players"),
    "players string": (_set(("options", "players"), "4"), "players"),
    "players float": (_set(("options", "players"), 4.0), "players"),
    "players true": (_set(("options", "players"), True), "players"),
    "players null": (_set(("options", "players"), None), "players"),
    "length unknown": (_set(("options", "length"), "long"), "length"),
    "length number": (_set(("options", "length"), 1), "length"),
    "stage2 unknown": (_set(("options", "stage2"), "hvalenka"), "stage2"),
    "stage2 null": (_set(("options", "stage2"), None), "stage2"),
    "boys unknown": (_set(("options", "boys"), "kings"), "boys"),
    "boys list": (_set(("options", "boys"), ["jacks"]), "boys"),
    "must_trump string": (_set(("options", "must_trump"), "true"), "must_trump"),
    "must_trump 1": (_set(("options", "must_trump"), 1), "must_trump"),
    "must_trump 0": (_set(("options", "must_trump"), 0), "must_trump"),
    "early_finish string": (_set(("options", "early_finish"), "false"), "early_finish"),
    "early_finish null": (_set(("options", "early_finish"), None), "early_finish"),
    "early_finish object": (_set(("options", "early_finish"), {}), "early_finish"),
    "short with reverse eralash": (
        _set(("options",), {"players": 4, "length": "short",
                            "stage2": "hvalenki_reverse_eralash"}), "stage2"),
    # first dealer
    "first_dealer 4": (_set(("first_dealer",), 4), "first_dealer"),
    "first_dealer -1": (_set(("first_dealer",), -1), "first_dealer"),
    "first_dealer string": (_set(("first_dealer",), "0"), "first_dealer"),
    "first_dealer float": (_set(("first_dealer",), 0.0), "first_dealer"),
    "first_dealer true": (_set(("first_dealer",), True), "first_dealer"),
    "first_dealer null": (_set(("first_dealer",), None), "first_dealer"),
    # seed
    "seed string": (_set(("seed",), "1"), "seed"),
    "seed float": (_set(("seed",), 1.5), "seed"),
    "seed integral float": (_set(("seed",), 7.0), "seed"),
    "seed true": (_set(("seed",), True), "seed"),
    "seed list": (_set(("seed",), [1]), "seed"),
    # players
    "players not a list": (_set(("players",), {"0": {"name": "a", "kind": "human"}}), None),
    "players empty": (_set(("players",), []), "players"),
    "players 3 for 4": (lambda d: d["players"].pop(), "players"),
    "players 5 for 4": (lambda d: d["players"].append(dict(d["players"][0])), "players"),
    "player not an object": (_set(("players", 1), "Боб"), None),
    "player null": (_set(("players", 1), None), None),
    "player unknown key": (_set(("players", 2, "colour"), "red"), "colour"),
    "player missing name": (_del(("players", 0, "name")), "name"),
    "player missing kind": (_del(("players", 0, "kind")), "kind"),
    "computer missing level": (_del(("players", 0, "level")), "level"),
    "name a number": (_set(("players", 0, "name"), 7), "name"),
    "name null": (_set(("players", 0, "name"), None), "name"),
    "kind unknown": (_set(("players", 0, "kind"), "robot"), "kind"),
    "kind bool": (_set(("players", 0, "kind"), True), "kind"),
    "level unknown": (_set(("players", 0, "level"), "genius"), "level"),
    "level number": (_set(("players", 0, "level"), 3), "level"),
    "human with a level": (_set(("players", 0), {"name": "Аня", "kind": "human",
                                                 "level": "easy"}), "level"),
    # deals
    "deals an object": (_set(("deals",), {}), "deals"),
    "deals null": (_set(("deals",), None), "deals"),
    "deals a string": (_set(("deals",), "[]"), "deals"),
}


@pytest.mark.parametrize("name", list(WHOLE_FILE_FAULTS))
def test_whole_file_faults(name: str, tmp_path: Path) -> None:
    """Wrong types, unknown or missing keys, bad options and player lists are errors
    in the file as a whole: deal and action null."""
    mutate, contains = WHOLE_FILE_FAULTS[name]
    data = base()
    mutate(data)
    refuse(data, tmp_path, None, None, contains)


def test_three_player_record_with_four_players_listed(tmp_path: Path) -> None:
    """A 3-player game with a 4-entry player list is refused (null, null)."""
    data = base(3)
    data["players"].append({"name": "Лишний", "kind": "human"})
    refuse(data, tmp_path, None, None, "players")


def test_first_dealer_three_in_three_player_game(tmp_path: Path) -> None:
    """Seat 3 does not exist with 3 players."""
    data = base(3)
    data["first_dealer"] = 3
    refuse(data, tmp_path, None, None, "first_dealer")


CONTROL_NAMES = {
    "NUL": "Аня\x00",
    "newline": "Аня\nБоб",
    "tab": "\tАня",
    "escape sequence": "\x1b[31mАня",
    "DEL": "Аня\x7f",
    "C1 CSI": "\x9b31mАня",
    "C1 NEL": "Аня\x85",
}


@pytest.mark.parametrize("name", list(CONTROL_NAMES))
def test_name_with_control_characters_refused(name: str, tmp_path: Path) -> None:
    """A player name holding a control character (C0, DEL or C1) is refused."""
    data = base()
    data["players"][1]["name"] = CONTROL_NAMES[name]
    refuse(data, tmp_path, None, None, "name")


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\u2028", "\\u0000"])
def test_name_with_escaped_unprintable_refused(escape: str, tmp_path: Path) -> None:
    """A name holding a lone surrogate or a line separator (written as a JSON escape,
    so the file itself is clean UTF-8) is refused as a whole."""
    raw = _text_with(('"name": "Игрок 1"', f'"name": "Игрок{escape}1"'))
    check_refused(raw, tmp_path, None, None, "name")


@pytest.mark.parametrize("length", [1_000, 1_000_000])
def test_overlong_name_refused(length: int, tmp_path: Path) -> None:
    """An absurdly long player name is refused, and the refusal does not echo it."""
    data = base()
    data["players"][0]["name"] = "Я" * length
    err = refuse(data, tmp_path, None, None, "name")
    assert len(err.error) < 500


def test_ordinary_names_accepted() -> None:
    """Control for the name checks: spaces, Cyrillic, punctuation and symbols load."""
    data = base()
    for i, name in enumerate(["Аня", "Компьютер 2", "O'Brien-Smith «Джо»", "♠ Ёлка ♥"]):
        data["players"][i]["name"] = name
    assert [s.name for s in record.load(data).seats][1] == "Компьютер 2"


# --- strict JSON -----------------------------------------------------------------------------


def _text_with(replacement: tuple[str, str]) -> bytes:
    old, new = replacement
    text = _base_text(4, "hvalenki", 0)
    assert old in text
    return text.replace(old, new, 1).encode()


STRICT_JSON = {
    "NaN seed": ('"first_dealer"', '"seed2": NaN, "first_dealer"'),
    "NaN as seed": ('"seed": 0', '"seed": NaN'),
    "Infinity seed": ('"seed": 0', '"seed": Infinity'),
    "-Infinity first dealer": ('"first_dealer": ', '"first_dealer": -Infinity, "x": '),
    "NaN version": ('"version": 1', '"version": NaN'),
    "overflowing float": ('"seed": 0', '"seed": 1e400'),
    "duplicate top key": ('"version": 1', '"version": 1, "version": 1'),
    "duplicate game key": ('"game": "king"', '"game": "king", "game": "clubs"'),
    "duplicate option key": ('"players": 4', '"players": 3, "players": 4'),
    "duplicate player key": ('"kind": "computer"', '"kind": "human", "kind": "computer"'),
    "duplicate deal key": ('"actions": [', '"actions": [], "actions": ['),
    "duplicate action key": ('"type": "play"', '"type": "pass", "type": "play"'),
    "comment": ('"version": 1', '"version": 1 /* v1 */'),
    "single quotes": ('"version": 1', "'version': 1"),
    "trailing comma": ('"version": 1', '"version": 1,,'),
}


@pytest.mark.parametrize("name", list(STRICT_JSON))
def test_strict_json(name: str, tmp_path: Path) -> None:
    """NaN/Infinity, duplicate keys (at any depth) and non-JSON syntax are refused
    before the record is looked at: deal and action null."""
    check_refused(_text_with(STRICT_JSON[name]), tmp_path, None, None)


def test_duplicate_key_message_names_the_key(tmp_path: Path) -> None:
    err = check_refused(_text_with(STRICT_JSON["duplicate game key"]), tmp_path, None, None)
    assert "game" in err.error and "duplicate" in err.error.lower()


def test_utf8_bom_is_accepted() -> None:
    """Control: a UTF-8 byte-order mark is not an error (editors on Windows add it)."""
    raw = b"\xef\xbb\xbf" + _base_text(4, "hvalenki", 0).encode()
    assert record.summary(record.load(record.parse_json(raw)))["finished"] is True


# --- huge and deep input ---------------------------------------------------------------------


def test_50_mb_file_refused_by_size(tmp_path: Path) -> None:
    """A 50 MB file is refused for its size (the message says so) as a whole."""
    path = tmp_path / "hostile.json"
    head = b'{"format": "cardtable-record", "version": 1, "game": "king", "pad": "'
    with open(path, "wb") as f:
        f.write(head)
        chunk = b"x" * (1 << 20)
        for _ in range(50):
            f.write(chunk)
        f.write(b'"}')
    size = path.stat().st_size
    with pytest.raises(record.RecordError) as info:
        record.load_file(path)
    err = info.value
    assert (err.deal, err.action) == (None, None)
    assert "large" in err.error.lower() or "size" in err.error.lower()
    assert str(size) in err.error
    assert path.stat().st_size == size


def test_50_mb_bytes_refused_by_size() -> None:
    """The same limit applies to bytes handed to parse_json (stdin)."""
    raw = b"[" + b"0," * (25 * 1024 * 1024) + b"0]"
    with pytest.raises(record.RecordError) as info:
        record.parse_json(raw)
    assert "large" in info.value.error.lower()


def test_deep_nesting_inside_a_record(tmp_path: Path) -> None:
    """100000 nested lists inside an otherwise valid record: refused, no crash."""
    raw = _text_with(('"players": 4', '"players": ' + "[" * 100_000 + "]" * 100_000))
    check_refused(raw, tmp_path, None, None)


@pytest.mark.parametrize("depth", [500, 800, 990])
@pytest.mark.parametrize("where", ["option", "name", "card", "action card", "seat"])
def test_moderately_deep_nesting_refused_by_type(depth: int, where: str,
                                                 tmp_path: Path) -> None:
    """Nesting just under the parser's limit, in any field, is refused as a wrong type
    at that field (not a RecursionError when the message is made).  At the very edge
    of the parser's depth limit it may instead be refused as a whole."""
    nested = "[" * depth + "]" * depth
    data = base()
    if where == "option":
        data["options"]["players"] = "@@"
        expect = (None, None)
    elif where == "name":
        data["players"][0]["name"] = "@@"
        expect = (None, None)
    elif where == "card":
        data["deals"][1]["cards"]["hands"][0][0] = "@@"
        expect = (1, None)
    elif where == "action card":
        data["deals"][1]["actions"][2]["card"] = "@@"
        expect = (1, 2)
    else:
        data["deals"][1]["actions"][2]["seat"] = "@@"
        expect = (1, 2)
    raw = json.dumps(data, ensure_ascii=False).replace('"@@"', nested).encode()
    path = tmp_path / "deep.json"
    path.write_bytes(raw)
    for load in (lambda: record.load(record.parse_json(raw)),
                 lambda: record.load_file(path)):
        with pytest.raises(record.RecordError) as info:
            load()
        where_found = (info.value.deal, info.value.action)
        if depth <= 800:
            assert where_found == expect
        else:
            assert where_found in (expect, (None, None))
    assert path.read_bytes() == raw


HUGE = "1" + "0" * 5000  # 10**5000, beyond Python's default int-parsing limit
BIG = "9" * 4000  # within the limit: parses, but is no seat, dealer or price


@pytest.mark.parametrize(("field", "digits", "where"), [
    ("seed", HUGE, (None, None)),
    ("seed", "-" + HUGE, (None, None)),
    ("first_dealer", HUGE, (None, None)),
    ("first_dealer", BIG, (None, None)),
    ("players option", BIG, (None, None)),
    ("seat", HUGE, (None, None)),
    ("seat", BIG, (0, 3)),
    ("price", BIG, "buy"),
])
def test_huge_integers_refused(field: str, digits: str, where: Any, tmp_path: Path) -> None:
    """Integers of thousands of digits are refused without a crash; one that Python
    can still parse is refused at its own place."""
    data = base()
    if field == "seed":
        data["seed"] = "@@"
    elif field == "first_dealer":
        data["first_dealer"] = "@@"
    elif field == "players option":
        data["options"]["players"] = "@@"
    elif field == "seat":
        data["deals"][0]["actions"][3]["seat"] = "@@"
    else:
        i, j = next((i, j) for i, j, _, a in walk(base()) if a["type"] == "buy")
        data["deals"][i]["actions"][j]["price"] = "@@"
        where = (i, j)
    raw = json.dumps(data, ensure_ascii=False).replace('"@@"', digits).encode()
    check_refused(raw, tmp_path, *where)


# --- unknown keys and missing keys below the top --------------------------------------------


def test_unknown_key_in_deal(tmp_path: Path) -> None:
    data = base()
    data["deals"][2]["note"] = "x"
    refuse(data, tmp_path, 2, None, "note")


def test_unknown_key_in_cards(tmp_path: Path) -> None:
    data = base()
    data["deals"][1]["cards"]["aside"] = []
    refuse(data, tmp_path, 1, None, "aside")


def test_unknown_key_in_action(tmp_path: Path) -> None:
    data = base()
    data["deals"][1]["actions"][5]["comment"] = "good move"
    refuse(data, tmp_path, 1, 5, "comment")


@pytest.mark.parametrize(("deal_key", "i"), [("cards", 0), ("actions", 3)])
def test_missing_key_in_deal(deal_key: str, i: int, tmp_path: Path) -> None:
    data = base()
    del data["deals"][i][deal_key]
    refuse(data, tmp_path, i, None)


def test_missing_hands(tmp_path: Path) -> None:
    data = base()
    data["deals"][4]["cards"] = {}
    refuse(data, tmp_path, 4, None, "hands")


@pytest.mark.parametrize("key", ["seat", "type", "card"])
def test_missing_key_in_action(key: str, tmp_path: Path) -> None:
    data = base()
    del data["deals"][3]["actions"][6][key]
    refuse(data, tmp_path, 3, 6)


# --- deal layouts ----------------------------------------------------------------------------


def _hands(d: Record, i: int) -> list[list[Any]]:
    return d["deals"][i]["cards"]["hands"]


LAYOUT_FAULTS: dict[str, Callable[[Record, int], None]] = {
    "cards a list": lambda d, i: d["deals"][i].__setitem__("cards", [[]]),
    "cards null": lambda d, i: d["deals"][i].__setitem__("cards", None),
    "hands an object": lambda d, i: d["deals"][i]["cards"].__setitem__("hands", {}),
    "hands a string": lambda d, i: d["deals"][i]["cards"].__setitem__("hands", "AS KS"),
    "hand a string": lambda d, i: _hands(d, i).__setitem__(0, "AS KS QS"),
    "three hands": lambda d, i: _hands(d, i).pop(),
    "five hands": lambda d, i: _hands(d, i).append([]),
    "no hands": lambda d, i: d["deals"][i]["cards"].__setitem__("hands", []),
    "hand of 7": lambda d, i: _hands(d, i)[0].pop(),
    "hand of 9 and 7": lambda d, i: _hands(d, i)[0].append(_hands(d, i)[1].pop()),
    "all cards in one hand": lambda d, i: d["deals"][i]["cards"].__setitem__(
        "hands", [[c for h in _hands(d, i) for c in h], [], [], []]),
    "duplicate card across hands": lambda d, i: _hands(d, i)[1].__setitem__(
        0, _hands(d, i)[0][0]),
    "duplicate card in a hand": lambda d, i: _hands(d, i)[2].__setitem__(
        1, _hands(d, i)[2][0]),
    "foreign 2H": lambda d, i: _hands(d, i)[0].__setitem__(0, "2H"),
    "foreign 6D": lambda d, i: _hands(d, i)[3].__setitem__(7, "6D"),
    "card 10H": lambda d, i: _hands(d, i)[0].__setitem__(0, "10H"),
    "card lower case": lambda d, i: _hands(d, i)[0].__setitem__(0, _hands(d, i)[0][0].lower()),
    "card suit first": lambda d, i: _hands(d, i)[0].__setitem__(0, _hands(d, i)[0][0][::-1]),
    "card empty": lambda d, i: _hands(d, i)[0].__setitem__(0, ""),
    "card three letters": lambda d, i: _hands(d, i)[0].__setitem__(0, "AHH"),
    "card with symbol": lambda d, i: _hands(d, i)[0].__setitem__(0, "A♥"),
    "card Russian": lambda d, i: _hands(d, i)[0].__setitem__(0, "ТЧ"),
    "card a number": lambda d, i: _hands(d, i)[0].__setitem__(0, 5),
    "card null": lambda d, i: _hands(d, i)[0].__setitem__(0, None),
    "card a list": lambda d, i: _hands(d, i)[0].__setitem__(0, ["AH"]),
    "card an object": lambda d, i: _hands(d, i)[0].__setitem__(0, {"rank": "A"}),
    "card with spaces": lambda d, i: _hands(d, i)[0].__setitem__(0, " " + _hands(d, i)[0][0]),
    "thousands of cards": lambda d, i: _hands(d, i).__setitem__(0, ["AS"] * 100_000),
}


@pytest.mark.parametrize("deal", [0, 3, 9])
@pytest.mark.parametrize("name", list(LAYOUT_FAULTS))
def test_layout_faults(name: str, deal: int, tmp_path: Path) -> None:
    """A layout that is not a valid deal (shape, counts, duplicates, foreign or
    malformed cards) is refused at its deal with action null."""
    data = base()
    LAYOUT_FAULTS[name](data, deal)
    refuse(data, tmp_path, deal, None)


@pytest.mark.parametrize("card", ["7S", "7C"])
def test_three_player_deck_has_no_black_sevens(card: str, tmp_path: Path) -> None:
    """7♠ and 7♣ are not in the 30-card deck of the 3-player game."""
    data = base(3)
    _hands(data, 2)[1][4] = card
    refuse(data, tmp_path, 2, None, card)


def test_three_player_hand_of_eight(tmp_path: Path) -> None:
    """A 3-player deal has 10 cards a hand, not 8."""
    data = base(3)
    hands = _hands(data, 0)
    for h in hands:
        del h[8:]
    refuse(data, tmp_path, 0, None)


@pytest.mark.parametrize("bad", [[], "deal", None, 5])
def test_deal_not_an_object(bad: Any, tmp_path: Path) -> None:
    data = base()
    data["deals"][5] = bad
    refuse(data, tmp_path, 5, None)


@pytest.mark.parametrize("bad", [{}, "play", None, 3])
def test_actions_not_a_list(bad: Any, tmp_path: Path) -> None:
    data = base()
    data["deals"][2]["actions"] = bad
    refuse(data, tmp_path, 2, None)


# --- actions ---------------------------------------------------------------------------------

ACTION_SHAPE_FAULTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "action a list": lambda a: [a["seat"], a["type"], a["card"]],
    "action a string": lambda a: "play " + a["card"],
    "action null": lambda a: None,
    "seat a string": lambda a: {**a, "seat": str(a["seat"])},
    "seat a float": lambda a: {**a, "seat": float(a["seat"])},
    "seat a bool": lambda a: {**a, "seat": bool(a["seat"])},
    "seat null": lambda a: {**a, "seat": None},
    "type unknown": lambda a: {**a, "type": "discard"},
    "type a number": lambda a: {**a, "type": 1},
    "type null": lambda a: {**a, "type": None},
    "card 10-style": lambda a: {**a, "card": "10" + a["card"][1]},
    "card lower case": lambda a: {**a, "card": a["card"].lower()},
    "card a number": lambda a: {**a, "card": 12},
    "card a list": lambda a: {**a, "card": [a["card"]]},
    "card null": lambda a: {**a, "card": None},
    "play with a price": lambda a: {**a, "price": 1},
}


@pytest.mark.parametrize("name", list(ACTION_SHAPE_FAULTS))
def test_malformed_action_at_its_index(name: str, tmp_path: Path) -> None:
    """A malformed action (wrong shape or types, unknown type, bad card) is refused
    at its own deal and action index."""
    data = base()
    a = data["deals"][2]["actions"][5]
    data["deals"][2]["actions"][5] = ACTION_SHAPE_FAULTS[name](a)
    refuse(data, tmp_path, 2, 5)


def test_action_by_the_wrong_seat(tmp_path: Path) -> None:
    """An action by a seat whose turn it is not is reported at its own index."""
    data = base()
    a = data["deals"][1]["actions"][6]
    a["seat"] = (a["seat"] + 1) % 4
    err = refuse(data, tmp_path, 1, 6)
    assert "seat" in err.error


@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_action_by_a_seat_that_does_not_exist(seat: int, tmp_path: Path) -> None:
    data = base()
    data["deals"][0]["actions"][0]["seat"] = seat
    refuse(data, tmp_path, 0, 0)


def test_card_not_in_hand(tmp_path: Path) -> None:
    """Playing a card another seat holds is refused at its own index."""
    data = base()
    for i, j, state, _ in walk(base()):
        if (i, j) == (2, 5):
            other = next(s for s in range(4) if s != state.to_move and state.hands[s])
            stolen = str(Card(state.hands[other].bit_length() - 1))
            break
    data["deals"][2]["actions"][5]["card"] = stolen
    err = refuse(data, tmp_path, 2, 5)
    assert stolen in err.error


def test_card_played_twice(tmp_path: Path) -> None:
    """Playing again a card that has already fallen in an earlier trick is refused."""
    data = base()
    first = data["deals"][3]["actions"][0]["card"]
    j = next(j for j, _ in enumerate(data["deals"][3]["actions"]) if j >= 4 and
             data["deals"][3]["actions"][j]["seat"] == data["deals"][3]["actions"][0]["seat"])
    data["deals"][3]["actions"][j]["card"] = first
    refuse(data, tmp_path, 3, j)


def test_foreign_card_in_an_action(tmp_path: Path) -> None:
    """A card outside the deck (2H) in a play is refused at its index."""
    data = base()
    data["deals"][0]["actions"][1]["card"] = "2H"
    refuse(data, tmp_path, 0, 1)


def test_breaking_follow_suit(tmp_path: Path) -> None:
    """Playing another suit while holding the suit led is refused at its index."""
    data = base()
    found = None
    for i, j, state, _ in walk(base()):
        if state.phase == "play" and state.trick_cards and i >= 1:
            led = state.trick_cards[0] // 13
            hand = [Card(c) for c in range(52) if state.hands[state.to_move] >> c & 1]
            off = [c for c in hand if c.suit != led]
            if off and any(c.suit == led for c in hand):
                found = (i, j, str(off[0]))
                break
    assert found is not None
    i, j, card = found
    data["deals"][i]["actions"][j]["card"] = card
    err = refuse(data, tmp_path, i, j)
    assert "follow" in err.error.lower() or "suit" in err.error.lower()


def _swap_in_hand(data: Record, i: int, wanted: Callable[[list[str]], bool]) -> int:
    """Give the forehand of deal ``i`` a hand for which ``wanted`` holds (by swapping
    two seats' hands, which keeps the layout valid); returns the forehand."""
    hands = _hands(data, i)
    f = forehand(data, i)
    k = next(k for k, h in enumerate(hands) if wanted(h))
    hands[f], hands[k] = hands[k], hands[f]
    return f


def _mixed_with_hearts(hand: list[str]) -> bool:
    return any(c[1] == "H" for c in hand) and any(c[1] != "H" for c in hand)


@pytest.mark.parametrize(("stage2", "deal"), [
    ("hvalenki", 1), ("hvalenki", 4), ("hvalenki", 6),
    ("positive", 8), ("positive", 11), ("positive", 13),
    ("hvalenki_reverse_eralash", 11),
])
def test_heart_lead_refused(stage2: str, deal: int, tmp_path: Path) -> None:
    """Leading a heart while holding another suit is refused in deals 2, 5 and 7, in
    their plus versions and in the reverse ералаш — at the leading action's index."""
    data = base(4, stage2)
    f = _swap_in_hand(data, deal, _mixed_with_hearts)
    heart = next(c for c in _hands(data, deal)[f] if c[1] == "H")
    data["deals"][deal]["actions"] = [{"seat": f, "type": "play", "card": heart}]
    err = refuse(data, tmp_path, deal, 0)
    assert "heart" in err.error.lower()


@pytest.mark.parametrize("deal", [0, 2, 3, 5])
def test_heart_lead_allowed_in_other_deals(deal: int) -> None:
    """Control: in deals 1, 3, 4 and 6 a heart lead from a mixed hand is legal."""
    data = base()
    f = _swap_in_hand(data, deal, _mixed_with_hearts)
    heart = next(c for c in _hands(data, deal)[f] if c[1] == "H")
    data["deals"][deal]["actions"] = [{"seat": f, "type": "play", "card": heart}]
    del data["deals"][deal + 1:]
    assert record.summary(record.load(data))["finished"] is False


def _kh_layout(data: Record, deal: int) -> int:
    """Deal ``deal``: the forehand holds all spades; the next seat holds KH and seven
    diamonds (no spade).  Returns the forehand."""
    f = forehand(data, deal)
    ranks = "789TJQKA"
    spades = [r + "S" for r in ranks]
    hearts = [r + "H" for r in ranks]
    diamonds = [r + "D" for r in ranks]
    clubs = [r + "C" for r in ranks]
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[f] = spades
    hands[(f + 1) % 4] = ["KH", *diamonds[:7]]
    hands[(f + 2) % 4] = [diamonds[7], *clubs[:7]]
    hands[(f + 3) % 4] = [h for h in hearts if h != "KH"] + [clubs[7]]
    data["deals"][deal]["cards"]["hands"] = hands
    return f


def test_kh_must_be_discarded_in_deal_5(tmp_path: Path) -> None:
    """In «не брать кинга» a player who cannot follow and holds K♥ must play it: any
    other card is refused at its index."""
    data = base()
    f = _kh_layout(data, 4)
    data["deals"][4]["actions"] = [{"seat": f, "type": "play", "card": "AS"},
                                   {"seat": (f + 1) % 4, "type": "play", "card": "7D"}]
    del data["deals"][5:]
    err = refuse(data, tmp_path, 4, 1)
    assert "KH" in err.error or "K♥" in err.error


def test_kh_rule_does_not_apply_in_eralash() -> None:
    """Control: in ералаш the same situation allows any card (only the heart-lead rule
    carries over)."""
    data = base()
    f = _kh_layout(data, 6)
    data["deals"][6]["actions"] = [{"seat": f, "type": "play", "card": "AS"},
                                   {"seat": (f + 1) % 4, "type": "play", "card": "7D"}]
    del data["deals"][7:]
    assert record.summary(record.load(data))["finished"] is False


def test_action_after_deal_ended(tmp_path: Path) -> None:
    """An action after the last trick of a deal is refused at its own index."""
    data = base()
    actions = data["deals"][0]["actions"]
    n = len(actions)
    actions.append({"seat": actions[-1]["seat"], "type": "play", "card": "AS"})
    err = refuse(data, tmp_path, 0, n)
    assert "ended" in err.error.lower() or "over" in err.error.lower()


def test_action_after_game_over(tmp_path: Path) -> None:
    """An extra action in the last deal of a finished game is refused at its index."""
    data = base()
    last = len(data["deals"]) - 1
    actions = data["deals"][last]["actions"]
    n = len(actions)
    actions.append({"seat": 0, "type": "pass"})
    refuse(data, tmp_path, last, n)


def test_action_after_split_ends_the_deal(tmp_path: Path) -> None:
    """After «расписать» the deal is over: a following buy or play is refused."""
    data = base()
    h = 7  # the first хвалёнка
    f = forehand(data, h)
    data["deals"][h]["actions"] = [{"seat": f, "type": "order", "contract": "split"},
                                   {"seat": (f + 1) % 4, "type": "buy", "price": 1}]
    del data["deals"][h + 1:]
    refuse(data, tmp_path, h, 1)


def test_deal_unfinished_with_another_after_it(tmp_path: Path) -> None:
    """A deal left unfinished and followed by another deal: action null (the deal
    index is the unfinished deal's)."""
    data = base()
    del data["deals"][1]["actions"][5:]
    refuse(data, tmp_path, 1, None, "unfinished")


def test_hvalenka_unfinished_mid_buying_with_another_after_it(tmp_path: Path) -> None:
    data = base()
    del data["deals"][8]["actions"][2:]
    refuse(data, tmp_path, 8, None)


def test_deal_with_no_actions_followed_by_another(tmp_path: Path) -> None:
    data = base()
    data["deals"][0]["actions"] = []
    refuse(data, tmp_path, 0, None)


def test_unfinished_last_deal_is_valid() -> None:
    """Control: only the last deal may be unfinished."""
    data = base()
    del data["deals"][5]["actions"][7:]
    del data["deals"][6:]
    summary = record.summary(record.load(data))
    assert summary["finished"] is False
    assert len(summary["deal_scores"]) == 5


def test_deal_after_game_over(tmp_path: Path) -> None:
    """A deal after the last deal of the game: reported at that deal, action null."""
    data = base()
    n = len(data["deals"])
    data["deals"].append(copy.deepcopy(data["deals"][0]))
    refuse(data, tmp_path, n, None, "over")


def test_empty_deal_after_game_over(tmp_path: Path) -> None:
    data = base()
    n = len(data["deals"])
    data["deals"].append({"cards": {"hands": []}, "actions": []})
    refuse(data, tmp_path, n, None)


# --- хвалёнка actions ------------------------------------------------------------------------


def _first(data: Record, pred: Callable[[int, int, KingState, dict[str, Any]], bool]
           ) -> tuple[int, int]:
    for i, j, state, a in walk(data):
        if pred(i, j, state, a):
            return i, j
    raise AssertionError("no such action in the base record")


@pytest.mark.parametrize(("price", "contains"), [
    (2.0, "price"), ("2", "price"), (True, "price"), (None, "price"), ([2], "price"),
])
def test_buy_price_of_wrong_type(price: Any, contains: str, tmp_path: Path) -> None:
    """A price must be a JSON integer: 2.0, "2", true are refused at the buy's index."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: a["type"] == "buy")
    data["deals"][i]["actions"][j]["price"] = price
    refuse(data, tmp_path, i, j, contains)


@pytest.mark.parametrize("price", [0, -1, 9, 100])
def test_buy_price_out_of_range(price: int, tmp_path: Path) -> None:
    """A price is from 1 to the number of tricks (8 with 4 players)."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: a["type"] == "buy")
    data["deals"][i]["actions"][j]["price"] = price
    refuse(data, tmp_path, i, j)


def test_buy_price_not_above_previous_offer(tmp_path: Path) -> None:
    """An offer must exceed every earlier offer of the deal."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: a["type"] == "buy" and s.best_price > 0)
    data["deals"][i]["actions"][j]["price"] = next(
        s.best_price for ii, jj, s, _ in walk(base()) if (ii, jj) == (i, j))
    refuse(data, tmp_path, i, j)


def test_buy_missing_price(tmp_path: Path) -> None:
    data = base()
    i, j = _first(data, lambda i, j, s, a: a["type"] == "buy")
    del data["deals"][i]["actions"][j]["price"]
    refuse(data, tmp_path, i, j)


@pytest.mark.parametrize("contract", ["last", "split", "trump:X", "trump", "NOTRUMP", ""])
def test_buyer_order_refused(contract: str, tmp_path: Path) -> None:
    """The buyer may not order «по последней» or «расписать» (nor a non-contract)."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: s.phase == "buyer_order")
    data["deals"][i]["actions"][j]["contract"] = contract
    refuse(data, tmp_path, i, j)


@pytest.mark.parametrize("contract", ["trump:X", "trump:h", "no trump", "", 3, None])
def test_bad_order_contract(contract: Any, tmp_path: Path) -> None:
    data = base()
    i, j = _first(data, lambda i, j, s, a: s.phase == "order")
    data["deals"][i]["actions"][j]["contract"] = contract
    refuse(data, tmp_path, i, j)


def test_buy_by_the_orderer(tmp_path: Path) -> None:
    """The orderer does not buy his own deal: the first buying turn is his left
    neighbour's, so an action by the orderer is by the wrong seat."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: s.phase == "buy" and not s.offers)
    data["deals"][i]["actions"][j] = {"seat": forehand(data, i), "type": "pass"}
    refuse(data, tmp_path, i, j)


@pytest.mark.parametrize(("phase", "action"), [
    ("play", {"type": "pass"}),
    ("play", {"type": "order", "contract": "notrump"}),
    ("play", {"type": "buy", "price": 1}),
    ("play", {"type": "bid", "tricks": 1}),
    ("play", {"type": "declare", "value": "A"}),
    ("order", {"type": "play", "card": "AS"}),
    ("order", {"type": "pass"}),
    ("order", {"type": "buy", "price": 1}),
    ("buy", {"type": "order", "contract": "notrump"}),
    ("buy", {"type": "play", "card": "AS"}),
    ("buyer_order", {"type": "pass"}),
    ("buyer_order", {"type": "buy", "price": 8}),
])
def test_wrong_kind_of_action_for_the_phase(phase: str, action: dict[str, Any],
                                            tmp_path: Path) -> None:
    """An action of the wrong kind for the moment (a pass during play, a card during
    the order, …) is refused at its index."""
    data = base()
    i, j = _first(data, lambda i, j, s, a: s.phase == phase and i >= 1)
    data["deals"][i]["actions"][j] = {"seat": data["deals"][i]["actions"][j]["seat"],
                                      **action}
    refuse(data, tmp_path, i, j)


def test_first_error_wins(tmp_path: Path) -> None:
    """With faults in deals 3 and 6, the earlier one is reported."""
    data = base()
    data["deals"][6]["actions"][0]["card"] = "2H"
    data["deals"][3]["actions"][4]["seat"] = 9
    refuse(data, tmp_path, 3, 4)


def test_error_text_names_deal_and_action() -> None:
    """``str(RecordError)`` names the deal and action (for logs and the GUI)."""
    err = record.RecordError("bad", 2, 5)
    assert "deal 2" in str(err) and "action 5" in str(err) and "bad" in str(err)
    assert str(record.RecordError("bad")) == "bad"


def test_missing_file_and_directory(tmp_path: Path) -> None:
    """A path that is no file is refused as a whole, not with an OSError."""
    for path in (tmp_path / "missing.json", tmp_path):
        with pytest.raises(record.RecordError) as info:
            record.load_file(path)
        assert (info.value.deal, info.value.action) == (None, None)
