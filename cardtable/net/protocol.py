"""The table protocol, version 1: what a client and a table server say to each other.

Every message is one WebSocket text frame holding one JSON object with a ``"type"``.
JSON only: nothing off the network is ever turned into objects any other way.  The
server checks every client message against the schema below before it looks at it;
a message that does not fit is answered with an ``error`` and changes nothing.

Client → server (``*`` marks optional fields)::

    hello   {protocol: 1, client*: str}                      first, always
    create  {game, options*: {}, seats: [{kind: "open"|"computer", level*, name*}],
             start*: "full"|"host", away_after*: seconds, away_level*: level}
    join    {code, name*: str, seat*: int, token*: str}       a free seat, or yours back
    start   {code, host_token}                               the host starts the game
    act     {action: {type, …}, step*: int}                  your seat's action
    next    {}                                               ready for the next deal
    chat    {text: str}                                      a short line to the table
    ping    {}

Server → client::

    welcome {protocol, server}
    created {code, host_token, invitation}
    joined  {code, seat, token, game, options, host: bool}
    lobby   {seats: [{name, kind, level?, present, away}], started, to_start}
    update  {step, view, events}      your seat's view and the events as it may see them
    seat    {seat, present, away, stand_in}                  someone left or came back
    chat    {seat, name, text}
    pong    {}
    error   {code, message, ref*}

A view and the events are in the form :mod:`cardtable.net.codec` writes; an action
in the record format's form (:func:`cardtable.engine.actions.action_to_json`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cardtable.engine.messages import short_repr

PROTOCOL = 1
"""This module's version; a client announces it in ``hello`` and a server refuses a
version it does not speak."""

MAX_CLIENT_MESSAGE = 16 * 1024
"""The largest frame a server accepts (an action is under a hundred bytes)."""
MAX_SERVER_MESSAGE = 4 * 1024 * 1024
"""The largest frame a client accepts (a view of a long Трефы game is tens of KB)."""
MAX_NAME = 40
MAX_CHAT = 300
MAX_SEATS = 8
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes use letters and digits that cannot be misread for one another."""
CODE_LENGTH = 8


class ProtocolError(ValueError):
    """A message that does not fit the protocol; ``code`` names the fault for the
    client, the message says it in plain English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


Check = Callable[[Any, str], Any]


def _word(limit: int) -> Check:
    def check(value: Any, where: str) -> str:
        if type(value) is not str or not 0 < len(value) <= limit or not value.isascii():
            raise ProtocolError("bad_message", f"'{where}' must be a short word")
        return value
    return check


def _text(limit: int) -> Check:
    def check(value: Any, where: str) -> str:
        if type(value) is not str or len(value) > limit:
            raise ProtocolError("bad_message", f"'{where}' must be text of at most {limit} "
                                               "characters")
        return " ".join(value.split())  # no line breaks or control spacing on the table
    return check


def _whole(low: int, high: int) -> Check:
    def check(value: Any, where: str) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ProtocolError("bad_message", f"'{where}' must be a whole number from "
                                               f"{low} to {high}")
        return value
    return check


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError("bad_message", f"'{where}' must be an object")
    return value


def _choice(*allowed: str) -> Check:
    def check(value: Any, where: str) -> str:
        if value not in allowed or type(value) is not str:
            raise ProtocolError("bad_message", f"'{where}' must be one of "
                                               f"{', '.join(allowed)}")
        return value
    return check


def _seat_plans(value: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise ProtocolError("bad_message", f"'{where}' must be a list of 1 to {MAX_SEATS} seats")
    return [_fields(_object(plan, where), _SEAT_PLAN, f"{where}[{i}]")
            for i, plan in enumerate(value)]


_SEAT_PLAN: dict[str, tuple[Check, bool]] = {
    "kind": (_choice("open", "computer"), True),
    "level": (_word(16), False),
    "name": (_text(MAX_NAME), False),
}

_CLIENT: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {"protocol": (_whole(0, 1000), True), "client": (_text(80), False)},
    "create": {
        "game": (_word(32), True),
        "options": (_object, False),
        "seats": (_seat_plans, True),
        "start": (_choice("full", "host"), False),
        "away_after": (_whole(5, 3600), False),
        "away_level": (_word(16), False),
    },
    "join": {
        "code": (_word(16), True),
        "name": (_text(MAX_NAME), False),
        "seat": (_whole(0, MAX_SEATS - 1), False),
        "token": (_word(64), False),
    },
    "start": {"code": (_word(16), True), "host_token": (_word(64), True)},
    "act": {"action": (_object, True), "step": (_whole(0, 10**7), False)},
    "next": {},
    "chat": {"text": (_text(MAX_CHAT), True)},
    "ping": {},
}


def _fields(data: dict[str, Any], schema: dict[str, tuple[Check, bool]],
            what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in data:
        if key not in schema and key != "type":
            raise ProtocolError("bad_message", f"unknown field {short_repr(key)} in {what}")
    for key, (check, required) in schema.items():
        if key in data:
            out[key] = check(data[key], key)
        elif required:
            raise ProtocolError("bad_message", f"{what} lacks '{key}'")
    return out


def read_client_message(frame: str | bytes) -> tuple[str, dict[str, Any]]:
    """A client's frame as (type, checked fields); :class:`ProtocolError` if it is not
    one of the messages above, whole and well-formed."""
    if isinstance(frame, bytes):
        raise ProtocolError("bad_message", "messages are JSON text, not binary")
    if len(frame) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("too_big", "the message is too long")
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_message", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    kind = data.get("type")
    if type(kind) is not str or kind not in _CLIENT:
        raise ProtocolError("bad_message", f"unknown message type {short_repr(kind)}")
    return kind, _fields(data, _CLIENT[kind], kind)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def encode(kind: str, /, **fields: Any) -> str:
    """One message as its frame: compact JSON, ASCII only."""
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))


def read_server_message(frame: str | bytes) -> dict[str, Any]:
    """A server's frame as an object with a ``type`` (the client checks the fields it
    uses); :class:`ProtocolError` if it is not JSON or too large."""
    if isinstance(frame, bytes):
        raise ProtocolError("bad_message", "the server sent binary data")
    if len(frame) > MAX_SERVER_MESSAGE:
        raise ProtocolError("too_big", "the server sent a message too long to read")
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_message", "the server sent something that is not JSON") \
            from None
    if not isinstance(data, dict) or type(data.get("type")) is not str:
        raise ProtocolError("bad_message", "the server sent a message without a type")
    return data
