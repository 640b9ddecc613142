"""The server's first line of defence: :func:`read_client_message` takes each message the
protocol names, whole and well-formed, and refuses anything else with a
:class:`ProtocolError` — never another exception, whatever text or bytes arrive."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.net.protocol import MAX_CLIENT_MESSAGE, ProtocolError, read_client_message

GOOD: list[dict[str, Any]] = [
    {"type": "hello", "protocol": 1},
    {"type": "hello", "protocol": 1, "client": "cardtable 1.0"},
    {"type": "create", "game": "king", "seats": [{"kind": "open"}] * 4},
    {"type": "create", "game": "clubs", "options": {"target": 25},
     "seats": [{"kind": "open", "name": "Аня"}, {"kind": "computer", "level": "easy"}],
     "start": "host", "away_after": 60, "away_level": "normal"},
    {"type": "join", "code": "K7QX-M2PD"},
    {"type": "join", "code": "K7QX-M2PD", "name": "Боря", "seat": 2, "token": "a" * 32},
    {"type": "start", "code": "K7QX-M2PD", "host_token": "b" * 32},
    {"type": "act", "action": {"type": "play", "card": "AS"}},
    {"type": "act", "action": {"type": "bid", "tricks": 3}, "step": 12},
    {"type": "next"},
    {"type": "chat", "text": "хорошая игра"},
    {"type": "ping"},
]


def frame(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False)


@pytest.mark.parametrize("message", GOOD, ids=[f"{m['type']}{i}" for i, m in enumerate(GOOD)])
def test_each_message_of_the_protocol_is_read(message: dict[str, Any]) -> None:
    kind, fields = read_client_message(frame(message))
    assert kind == message["type"]
    assert fields == {k: v for k, v in message.items() if k != "type"}


def test_chat_text_is_one_line() -> None:
    assert read_client_message(frame({"type": "chat", "text": " a\n\tb \r\n"})) == \
        ("chat", {"text": "a b"})


BAD: list[tuple[str, Any]] = [
    ("not an object", []),
    ("a string", "hello"),
    ("null", None),
    ("no type", {"protocol": 1}),
    ("unknown type", {"type": "shuffle"}),
    ("type not a string", {"type": 1}),
    ("unknown field", {"type": "ping", "x": 1}),
    ("missing field", {"type": "hello"}),
    ("bool for int", {"type": "hello", "protocol": True}),
    ("float for int", {"type": "hello", "protocol": 1.0}),
    ("string for int", {"type": "hello", "protocol": "1"}),
    ("int out of range", {"type": "join", "code": "K7QX-M2PD", "seat": 8}),
    ("negative seat", {"type": "join", "code": "K7QX-M2PD", "seat": -1}),
    ("huge step", {"type": "act", "action": {"type": "play"}, "step": 10**30}),
    ("action not an object", {"type": "act", "action": ["play", "AS"]}),
    ("code not ASCII", {"type": "join", "code": "К7QX-M2PD"}),
    ("empty code", {"type": "join", "code": ""}),
    ("long code", {"type": "join", "code": "K" * 17}),
    ("non-ASCII token", {"type": "join", "code": "K7QX-M2PD", "token": "жжж"}),
    ("long name", {"type": "join", "code": "K7QX-M2PD", "name": "n" * 41}),
    ("long chat", {"type": "chat", "text": "x" * 301}),
    ("chat not text", {"type": "chat", "text": ["hi"]}),
    ("no seats", {"type": "create", "game": "king", "seats": []}),
    ("nine seats", {"type": "create", "game": "clubs", "seats": [{"kind": "open"}] * 9}),
    ("seat kind", {"type": "create", "game": "king", "seats": [{"kind": "ghost"}]}),
    ("seat field", {"type": "create", "game": "king",
                    "seats": [{"kind": "open", "token": "x"}]}),
    ("seat not an object", {"type": "create", "game": "king", "seats": ["open"]}),
    ("start rule", {"type": "create", "game": "king", "seats": [{"kind": "open"}],
                    "start": "now"}),
    ("away too soon", {"type": "create", "game": "king", "seats": [{"kind": "open"}],
                       "away_after": 1}),
    ("options not an object", {"type": "create", "game": "king",
                               "seats": [{"kind": "open"}], "options": [["players", 4]]}),
]


@pytest.mark.parametrize(("why", "message"), BAD, ids=[w for w, _ in BAD])
def test_a_malformed_message_is_refused(why: str, message: Any) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client_message(frame(message))
    assert caught.value.code == "bad_message" and caught.value.message


@pytest.mark.parametrize("text", [
    "", "{", "{}}", "hello", "{'type': 'ping'}", '{"type": "ping",}',
    '{"type": "hello", "protocol": NaN}', '{"type": "hello", "protocol": Infinity}',
    '{"type": "hello", "protocol": -Infinity}', "[" * 5000 + "]" * 5000,
    '{"a":' * 3000 + "1" + "}" * 3000, "\x00", '"\ud800"',
])
def test_text_that_is_not_a_json_object_is_refused(text: str) -> None:
    with pytest.raises(ProtocolError):
        read_client_message(text)


def test_binary_and_oversized_frames_are_refused() -> None:
    with pytest.raises(ProtocolError) as binary:
        read_client_message(b'{"type": "ping"}')
    assert binary.value.code == "bad_message"
    long = frame({"type": "chat", "text": "x" * 10}) + " " * MAX_CLIENT_MESSAGE
    with pytest.raises(ProtocolError) as big:
        read_client_message(long)
    assert big.value.code == "too_big"
    just = '{"type": "ping"}'
    assert read_client_message(just + " " * (MAX_CLIENT_MESSAGE - len(just)))[0] == "ping"


def test_a_repeated_key_does_not_slip_past_the_checks() -> None:
    """JSON lets a key repeat (the last wins): what is checked is what is used."""
    kind, fields = read_client_message('{"type": "hello", "protocol": "x", "protocol": 1}')
    assert (kind, fields) == ("hello", {"protocol": 1})
    with pytest.raises(ProtocolError):
        read_client_message('{"type": "hello", "protocol": 1, "protocol": true}')


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10),
                                                                inner, max_size=5),
    max_leaves=30)
TYPES = st.sampled_from(["hello", "create", "join", "start", "act", "next", "chat",
                         "ping", "update", "welcome", ""])
FIELDS = st.sampled_from(["protocol", "client", "game", "options", "seats", "start",
                          "away_after", "away_level", "code", "name", "seat", "token",
                          "host_token", "action", "step", "text", "kind", "level"])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON, st.builds(lambda kind, extra: {"type": kind, **extra}, TYPES,
                                 st.dictionaries(FIELDS, JSON, max_size=6))))
def test_arbitrary_json_is_read_or_refused_with_a_protocol_error(message: Any) -> None:
    try:
        kind, fields = read_client_message(json.dumps(message))
    except ProtocolError as exc:
        assert exc.code in ("bad_message", "too_big")
        return
    assert isinstance(message, dict) and kind == message["type"]
    assert set(fields) <= set(message)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200),
                 st.text(alphabet='{}[]":,0123456789.eE-+ truefalsnul\\NaIiy', max_size=200)))
def test_arbitrary_text_never_raises_anything_but_a_protocol_error(text: str | bytes) -> None:
    with contextlib.suppress(ProtocolError):
        read_client_message(text)
