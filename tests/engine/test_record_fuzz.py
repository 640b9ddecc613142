"""Fuzzing the record loader (hypothesis): valid records of every game, mutated in
every field, must load or be refused with a :class:`RecordError` — never any other
exception — and what loads must write out and load again to the same game.

``test_record_hostile.py`` holds the hand-written hostile cases of one game (Кинг);
these tests complement it: they start from records of all three games (made here by
computer players, and the hand-checked ones of ``tests/data/records``) and combine
random faults anywhere: a value replaced or of another type, a key deleted or added,
list items duplicated or reordered, plausible but wrong actions and cards, and, on the
JSON text, truncation, duplicate keys and stray bytes.  Every prefix of a valid record
(a game saved at any moment) must load.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_files import record_files

from cardtable.ai import make_player
from cardtable.cards import CARDS
from cardtable.engine import GAMES, record
from cardtable.engine.match import LEVELS, Match, Seat
from cardtable.tools.simulate import play_out

Record = dict[str, Any]
Path_ = tuple[str | int, ...]

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# --- the valid records the faults are made in -----------------------------------------------

MADE: dict[str, tuple[str, dict[str, Any], int | None, int]] = {
    # name: (game, options, deals played to the end (None: the whole game), actions
    # taken in the deal after them)
    "king 4 whole game": ("king", {"players": 4}, None, 0),
    "king 3 short positive, mid-deal": (
        "king", {"players": 3, "length": "short", "stage2": "positive",
                 "boys": "jacks_kings"}, 4, 5),
    "king 4 reverse eralash, mid-хвалёнка": (
        "king", {"players": 4, "stage2": "hvalenki_reverse_eralash", "must_trump": True,
                 "early_finish": False, "eralash_king": True}, 8, 3),
    "clubs 2, mid-deal": ("clubs", {"players": 2}, 2, 6),
    "clubs 5 everyone bids": ("clubs", {"players": 5, "bidding": "everyone",
                                        "target": 25}, 1, 7),
    "clubs 8 two decks, five deals": ("clubs", {"players": 8, "deals": 5}, None, 0),
    "metamorphosis 2 turned trump, whole game": (
        "metamorphosis", {"players": 2, "turned_trump": True}, None, 0),
    "metamorphosis 3 two partii, mid-deal": (
        "metamorphosis", {"players": 3, "partii": 2, "leaders": "source"}, 1, 9),
}


def _seats(n: int) -> list[Seat]:
    """Humans and computers of every level, Cyrillic names and spaces included."""
    kinds = [Seat("Аня Ё", "human", None), *(Seat(f"Бот {level}", "computer", level)
                                            for level in LEVELS)]
    return [kinds[i % len(kinds)] if i < len(kinds) else Seat(f"Игрок {i}", "human", None)
            for i in range(n)]


@functools.cache
def _made_text(name: str) -> str:
    game, options, deals, extra = MADE[name]
    n = options["players"]
    match = Match.start(game, options, _seats(n), seed=len(name))
    play_out(match, [make_player(game, "random")] * n, max_deals=deals)
    if not match.state.is_over and extra:
        match.deal()
        for _ in range(extra):
            if match.state.to_move is None:
                break
            match.apply(match.rng.choice(match.state.legal_actions()))
    return record.dumps(match)


@functools.cache
def _texts() -> dict[str, str]:
    out = {name: _made_text(name) for name in MADE}
    for game in GAMES:
        for path in record_files(game):
            out[path.stem] = path.read_text("utf-8")
    return out


def base_names() -> list[str]:
    return sorted(_texts())


def base(name: str) -> Record:
    """A fresh copy of a valid record."""
    return json.loads(_texts()[name])


def test_the_bases_are_valid_records_of_every_game() -> None:
    """The faults below are made in valid records, of all three games, finished and not."""
    finished = {}
    for name in base_names():
        match = record.load(base(name))
        finished.setdefault(match.game.name, set()).add(match.state.is_over)
    assert finished == {game: {True, False} for game in GAMES}


# --- the property ----------------------------------------------------------------------------


def outcome(load: Callable[[], Match]) -> tuple[str, Any]:
    """``load()`` either refuses with a RecordError a person can be shown, or gives a
    match that is written out and loaded again to the same game and totals.  Any other
    exception fails the test (hypothesis shows the input)."""
    try:
        match = load()
    except record.RecordError as exc:
        answer = exc.to_json()
        assert type(exc.error) is str and exc.error, answer
        assert exc.kind in ("unreadable", "format", "rules", "newer")
        json.dumps(answer)  # printable as the ``replay`` answer
        str(exc)  # and as the window's message
        return "refused", answer
    text = record.dumps(match)
    again = record.load(record.parse_json(text.encode("utf-8")))
    assert record.summary(again) == record.summary(match)
    assert record.dumps(again) == text
    return "loaded", record.to_json(match)


def check(data: Any) -> tuple[str, Any]:
    """The property on parsed data, and on its JSON text: the same answer both ways
    (when the text can be written and read back as it was)."""
    direct = outcome(lambda: record.load(data))
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except ValueError:  # NaN or infinity: no JSON text carries it
        return direct
    raw = text.encode("utf-8", errors="surrogatepass")
    try:
        parsed = record.parse_json(raw)
    except record.RecordError:  # e.g. a lone surrogate is not UTF-8
        return direct
    via_text = outcome(lambda: record.load(parsed))
    if parsed == data:
        assert via_text == direct
    return direct


# --- values to put anywhere ------------------------------------------------------------------

ODD_CHARACTERS = st.characters(categories=("Cc", "Cf", "Zl", "Zp", "Zs", "Co", "Mn"))
"""Control, format (bidi, zero-width, BOM), separators, private use, combining marks."""
CARD_TEXT = [str(c) for c in CARDS]
WORDS = ["cardtable-record", "king", "clubs", "metamorphosis", "human", "computer",
         *LEVELS, "play", "pass", "order", "buy", "bid", "declare", "trump:S", "trump:H",
         "trump:D", "trump:C", "notrump", "last", "misere", "split", "A", "2", "3", "4",
         "auction", "everyone", "full", "short", "hvalenki", "positive", "jacks",
         "jacks_kings", "rotate", "source", "", "10H", "ah", "A♥", "TT"]
KEYS = ["format", "version", "game", "options", "players", "seed", "first_dealer",
        "deals", "name", "kind", "level", "cards", "actions", "hands", "aside", "stock",
        "turned", "seat", "type", "card", "contract", "price", "tricks", "value",
        "length", "stage2", "boys", "must_trump", "early_finish", "eralash_king",
        "bidding", "target", "turned_trump", "partii", "leaders", "__proto__", ""]

odd_text = st.text(st.one_of(ODD_CHARACTERS, st.sampled_from("AKQJT98765432SHDC:♠ Яё")),
                   max_size=12)
big_ints = st.sampled_from([2**31, 2**53 + 1, 2**63, -(2**63), 2**64, 10**100, -(10**100),
                            10**4299, -(10**4299)])
"""Up to 4300 digits: the most a JSON number read by Python may have."""
ints = st.one_of(st.integers(-3, 60), big_ints, st.integers())
floats = st.one_of(st.sampled_from([0.0, -0.0, 1.0, 2.0, 4.0, 0.5, 1e308, 1e-308]),
                   st.floats())
scalars = st.one_of(st.none(), st.booleans(), ints, floats, odd_text, st.sampled_from(WORDS),
                    st.sampled_from(CARD_TEXT))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), odd_text), inner, max_size=3)),
    max_leaves=6)


def swapped(value: Any) -> list[Any]:
    """``value`` as other types: int ↔ float ↔ str ↔ bool ↔ null ↔ list ↔ dict."""
    out: list[Any] = [None, [value], {"value": value}, json.dumps(value, ensure_ascii=False)]
    if type(value) is bool:
        out += [int(value), float(value), str(value).lower()]
    elif type(value) is int:
        out += [float(value) if abs(value) < 2**1000 else 1e308, str(value), value != 0]
    elif type(value) is float:
        out += [int(value) if value == value and abs(value) != float("inf") else 0,
                str(value), bool(value)]
    elif type(value) is str:
        out += [list(value), value.upper(), value.lower(), value + "\u200b", " " + value,
                int(value) if value.isdigit() and len(value) < 100 else len(value)]
    elif isinstance(value, list):
        out += [dict(enumerate(map(str, value))), value[0] if value else 0, []]
    elif isinstance(value, dict):
        out += [list(value.values()), list(value), {}]
    return out


# --- where: every node of the record -------------------------------------------------------


def node_paths(node: Any, prefix: Path_ = ()) -> list[Path_]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += node_paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += node_paths(value, (*prefix, i))
    return out


REGIONS: dict[str, Callable[[Path_], bool]] = {
    "top": lambda p: len(p) <= 1,
    "options": lambda p: p[:1] == ("options",),
    "players": lambda p: p[:1] == ("players",),
    "deals": lambda p: p[:1] == ("deals",) and len(p) <= 3,
    "cards": lambda p: len(p) >= 3 and p[0] == "deals" and p[2] == "cards",
    "actions": lambda p: len(p) >= 3 and p[0] == "deals" and p[2] == "actions",
    "anywhere": lambda p: True,
}
"""Parts of a record, each drawn as often as the others: a fault in a whole game
would otherwise almost always fall on a card or an action."""


def at(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate(data: Record, draw: Callable[..., Any]) -> Record:
    """One random fault somewhere in ``data`` (changed in place and returned)."""
    region = draw(st.sampled_from(sorted(REGIONS)))
    paths = [p for p in node_paths(data) if REGIONS[region](p)] or [()]
    path = draw(st.sampled_from(paths))
    node = at(data, path)
    kinds = ["replace", "swap type"]
    if path:
        kinds.append("delete")
    if isinstance(node, dict):
        kinds.append("add key")
    if isinstance(node, list) and node:
        kinds += ["duplicate item", "reorder", "cut"]
    if type(node) is int:
        kinds.append("nudge")
    kind = draw(st.sampled_from(kinds))
    if kind == "add key":
        node[draw(st.one_of(st.sampled_from(KEYS), odd_text))] = draw(values)
        return data
    if kind == "duplicate item":
        i = draw(st.integers(0, len(node) - 1))
        node.insert(draw(st.integers(0, len(node))), copy.deepcopy(node[i]))
        return data
    if kind == "reorder":
        i, j = draw(st.integers(0, len(node) - 1)), draw(st.integers(0, len(node) - 1))
        node[i], node[j] = node[j], node[i]
        return data
    if kind == "cut":
        del node[draw(st.integers(0, len(node) - 1)):]
        return data
    if not path:
        return draw(st.one_of(values, st.sampled_from(swapped(node))))
    parent, key = at(data, path[:-1]), path[-1]
    if kind == "delete":
        del parent[key]
    elif kind == "nudge":
        parent[key] = node + draw(st.sampled_from([-1, 1, -node - 1, node, 2**32]))
    elif kind == "swap type":
        parent[key] = draw(st.sampled_from(swapped(node)))
    else:
        parent[key] = draw(values)
    return data


# --- the tests -------------------------------------------------------------------------------


@FUZZ
@given(name=st.sampled_from(base_names()), faults=st.integers(1, 3), data=st.data())
def test_a_record_with_random_faults_loads_or_is_refused(name: str, faults: int,
                                                         data: st.DataObject) -> None:
    record_data = base(name)
    for _ in range(faults):
        record_data = mutate(record_data, data.draw)
    check(record_data)


ACTION_FIELDS = {"play": ("card", st.sampled_from(CARD_TEXT)),
                 "pass": (None, st.none()),
                 "order": ("contract", st.sampled_from(WORDS)),
                 "buy": ("price", st.integers(-1, 40)),
                 "bid": ("tricks", st.integers(-1, 40)),
                 "declare": ("value", st.sampled_from(WORDS))}


@FUZZ
@given(name=st.sampled_from(base_names()), data=st.data())
def test_a_plausible_but_wrong_action_is_refused_at_its_place(name: str,
                                                             data: st.DataObject) -> None:
    """An action of any kind, well formed, by any seat, put anywhere — the rules
    decide; the refusal names that very deal and action."""
    record_data = base(name)
    places = [(i, j) for i, deal in enumerate(record_data["deals"])
              for j in range(len(deal["actions"]) + 1)]
    i, j = data.draw(st.sampled_from(places))
    kind = data.draw(st.sampled_from(sorted(ACTION_FIELDS)))
    field, value = ACTION_FIELDS[kind]
    action: dict[str, Any] = {"seat": data.draw(st.integers(-1, 8)), "type": kind}
    if field is not None:
        action[field] = data.draw(value)
    actions = record_data["deals"][i]["actions"]
    if data.draw(st.booleans()) and j < len(actions):
        actions[j] = action
    else:
        actions.insert(j, action)
    result, answer = check(record_data)
    if result == "refused":
        assert answer["deal"] is not None and answer["deal"] >= i  # nothing before it
        if answer["deal"] == i and answer["action"] is not None:  # was wrong, nor were
            assert answer["action"] >= j  # the actions before it in its deal


@FUZZ
@given(name=st.sampled_from(base_names()), data=st.data())
def test_cards_moved_between_hands_and_piles(name: str, data: st.DataObject) -> None:
    """A deal's cards reshuffled, moved from hand to hand or to the aside/stock/turned
    card, replaced by another card of the deck or doubled: a layout the game refuses is
    refused at its deal, one it accepts replays or is refused at an action."""
    record_data = base(name)
    i = data.draw(st.integers(0, len(record_data["deals"]) - 1))
    cards = record_data["deals"][i]["cards"]
    piles = [("hands", k) for k in range(len(cards["hands"]))] + \
            [(key, None) for key in ("aside", "stock") if key in cards]
    for _ in range(data.draw(st.integers(1, 3))):
        source = data.draw(st.sampled_from(piles))
        pile = cards[source[0]] if source[1] is None else cards["hands"][source[1]]
        how = data.draw(st.sampled_from(["move", "replace", "double", "turned"]))
        if not pile:
            continue
        k = data.draw(st.integers(0, len(pile) - 1))
        if how == "move":
            target = data.draw(st.sampled_from(piles))
            to = cards[target[0]] if target[1] is None else cards["hands"][target[1]]
            to.append(pile.pop(k))
        elif how == "replace":
            pile[k] = data.draw(st.sampled_from(CARD_TEXT))
        elif how == "double":
            pile.append(pile[k])
        elif "turned" in cards:
            cards["turned"], pile[k] = pile[k], cards["turned"]
    result, answer = check(record_data)
    if result == "refused":
        assert answer["deal"] is None or answer["deal"] >= i


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(base_names()), data=st.data())
def test_every_prefix_of_a_record_loads(name: str, data: st.DataObject) -> None:
    """A game saved at any moment — any number of whole deals, and any number of the
    next deal's actions — is a valid record of just those deals and actions."""
    full = base(name)
    i = data.draw(st.integers(0, len(full["deals"]) - 1))
    j = data.draw(st.integers(0, len(full["deals"][i]["actions"])))
    last = {**full["deals"][i], "actions": full["deals"][i]["actions"][:j]}
    cut = {**full, "deals": [*full["deals"][:i], last]}
    result, loaded = check(cut)
    assert result == "loaded"
    deals = record.to_json(record.load(full))["deals"]
    assert loaded["deals"] == [*deals[:i], {**deals[i], "actions": deals[i]["actions"][:j]}]


# --- faults in the JSON text -----------------------------------------------------------------

MEMBER = re.compile(r'^( *)"([^"]+)": ([^\[{\n]*?),?$', re.MULTILINE)
"""A member with a scalar value on its own line, as ``record.dumps`` writes them."""


@FUZZ
@given(name=st.sampled_from(base_names()), data=st.data())
def test_damaged_json_text_loads_or_is_refused(name: str, data: st.DataObject) -> None:
    """Truncation (a save cut short), a duplicated key, stray or missing bytes, another
    encoding — parsed with :func:`record.parse_json` as a file is."""
    text = _texts()[name]
    kind = data.draw(st.sampled_from(["truncate", "duplicate key", "insert", "delete",
                                      "flip", "encoding"]))
    encoding = "utf-8"
    if kind == "truncate":
        text = text[:data.draw(st.integers(0, len(text)))]
    elif kind == "duplicate key":
        members = list(MEMBER.finditer(text))
        m = data.draw(st.sampled_from(members))
        other = data.draw(st.one_of(st.just(m.group(3)), st.sampled_from(
            ["null", "0", "1", "-1", "true", '"x"', "1e400", "NaN", "[]", "{}"])))
        text = f'{text[:m.start()]}{m.group(1)}"{m.group(2)}": {other},\n{text[m.start():]}'
    elif kind == "insert":
        k = data.draw(st.integers(0, len(text)))
        text = text[:k] + data.draw(st.one_of(odd_text, st.sampled_from(
            ["{", "}", "[", "]", ",", ":", '"', "\\", "\\u0000", "\\ud800", "null,", "0"]))) \
            + text[k:]
    elif kind == "delete":
        k = data.draw(st.integers(0, len(text) - 1))
        text = text[:k] + text[k + data.draw(st.integers(1, 40)):]
    elif kind == "flip":
        k = data.draw(st.integers(0, len(text) - 1))
        text = text[:k] + chr(ord(text[k]) ^ (1 << data.draw(st.integers(0, 6)))) \
            + text[k + 1:]
    else:
        encoding = data.draw(st.sampled_from(["utf-8-sig", "utf-16", "cp1251", "latin-1"]))
    raw = text.encode(encoding, errors="replace")
    outcome(lambda: record.load(record.parse_json(raw)))
    outcome(lambda: record.load(record.parse_json(raw.decode("utf-8", errors="replace"))))


def allowed_values(game: str, key: str) -> list[Any]:
    """Every value the option ``key`` of ``game`` may take (a sample of long ranges)."""
    spec = GAMES[game].spec(key)
    if spec.choices:
        return list(spec.choices)
    if spec.kind is bool:
        return [False, True]
    assert spec.minimum is not None and spec.maximum is not None
    return sorted({spec.minimum, spec.minimum + 1, spec.maximum - 1, spec.maximum,
                   *range(spec.minimum, min(spec.maximum, spec.minimum + 10) + 1)})


@FUZZ
@given(name=st.sampled_from(base_names()), data=st.data())
def test_the_same_game_replayed_under_other_options(name: str, data: st.DataObject) -> None:
    """Options each set to another allowed value (players too, so hands and seats no
    longer fit): the rules of those options replay the record, or refuse it."""
    record_data = base(name)
    game = record_data["game"]
    options = record_data.setdefault("options", {})
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from([s.key for s in GAMES[game].specs]))
        options[key] = data.draw(st.sampled_from(allowed_values(game, key)))
    if data.draw(st.booleans()):  # the seats fitted to the players, as a record would be
        n = options.get("players", GAMES[game].spec("players").default)
        record_data["players"] = [{"name": f"Игрок {i + 1}", "kind": "human"}
                                  for i in range(n)]
    check(record_data)


@FUZZ
@given(name=st.sampled_from(base_names()), other=st.sampled_from(base_names()),
       data=st.data())
def test_a_deal_from_another_record(name: str, other: str, data: st.DataObject) -> None:
    """A deal (its cards, its actions or both) taken from another record — another
    game, another number of players, another moment of the game."""
    record_data, donor = base(name), base(other)
    i = data.draw(st.integers(0, len(record_data["deals"]) - 1))
    k = data.draw(st.integers(0, len(donor["deals"]) - 1))
    part = data.draw(st.sampled_from(["cards", "actions", "both"]))
    if part == "both":
        record_data["deals"][i] = donor["deals"][k]
    else:
        record_data["deals"][i][part] = donor["deals"][k][part]
    result, answer = check(record_data)
    if result == "refused":
        assert answer["deal"] is not None and answer["deal"] >= i


# --- found by fuzzing ------------------------------------------------------------------------

TOO_MANY_DIGITS = 10**5000
"""More digits than Python turns into text (4300).  No JSON text read by
:func:`record.parse_json` carries such a number — it is refused there — so the fuzzing
above stays within 4300 digits; but :func:`record.load` takes parsed data from any
caller, and promises a RecordError for anything it refuses."""


def _dealt_king() -> Record:
    match = Match.start("king", {"players": 4}, _seats(4), seed=1)
    match.deal()
    return record.to_json(match)


@pytest.mark.parametrize("where", ["seat", "players option", "seed"])
def test_an_integer_too_long_to_write_is_refused(where: str) -> None:
    """``seat`` and ``players``: a refusal's message must not try to print the number;
    ``seed``: it must be refused, not loaded into a record that cannot be saved."""
    data = _dealt_king()
    if where == "seat":
        data["deals"][0]["actions"] = [{"seat": TOO_MANY_DIGITS, "type": "play",
                                        "card": data["deals"][0]["cards"]["hands"][0][0]}]
    elif where == "players option":
        data["options"]["players"] = TOO_MANY_DIGITS
    else:
        data["seed"] = TOO_MANY_DIGITS
    with pytest.raises(record.RecordError):
        record.dumps(record.load(data))


def test_a_refusal_does_not_echo_a_huge_seat() -> None:
    """A seat of 4300 digits (as a file may hold) is refused at its action, and the
    message does not repeat it."""
    data = _dealt_king()
    data["deals"][0]["actions"] = [{"seat": 10**4299, "type": "play", "card": "AS"}]
    raw = json.dumps(data).encode("utf-8")
    with pytest.raises(record.RecordError) as info:
        record.load(record.parse_json(raw))
    assert (info.value.deal, info.value.action) == (0, 0)
    assert len(str(info.value)) < 500
