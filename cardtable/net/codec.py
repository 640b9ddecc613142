"""Views and events as JSON, and back: the values a table session sends its clients.

Every game's view and every event is a dataclass whose fields are typed with a few
shapes — whole numbers, words, flags, cards, actions, tuples of those, a game's own
small dataclasses (Кинг's deal, Метаморфоза's kind) and the options.  One codec walks
those type hints, so a game added later has its views and events carried over the
network without a line here: the class is found by the view's ``game`` (a new state's
view tells its class) or the event's ``type`` (:data:`EVENTS`).

Decoding trusts nothing: every value is checked against its field's type (a bool is
not a number, a number is not a card), unknown or missing fields are refused, and any
fault is a :class:`ValueError` with a short reason.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from cardtable.cards import Card
from cardtable.engine.actions import Action, action_from_json, action_to_json
from cardtable.engine.game import EVENTS, Event, View
from cardtable.engine.messages import short_repr
from cardtable.engine.registry import get_game

MAX_ITEMS = 10_000
"""No list in a view or event is longer (the longest is the deals' scores of a long
Трефы game); a message's size limit bounds the whole anyway."""


def to_json(value: Any) -> Any:
    """A view's, event's or field's JSON form (cards by name, tuples as lists).

    A server encodes every seat's view at every step, so the way each class of value
    is turned into JSON is worked out once per class (:func:`_converter`) and kept."""
    convert = _CONVERTERS.get(type(value))
    if convert is None:
        convert = _converter(type(value), value)
    return convert(value)


Converter = typing.Callable[[Any], Any]
_CONVERTERS: dict[type, Converter] = {}


def _same(value: Any) -> Any:
    return value


_PLAIN = frozenset({int, str, bool, type(None)})
"""Classes whose values are their own JSON form: taken as they are, without a call."""


def _items(value: tuple[Any, ...]) -> list[Any]:
    return [item if type(item) in _PLAIN else to_json(item) for item in value]


def _entries(value: dict[Any, Any]) -> dict[str, Any]:
    return {str(key): to_json(item) for key, item in value.items()}


def _event(value: Event) -> dict[str, Any]:
    return value.to_json()


def _fields_of(cls: type) -> Converter:
    names = tuple(field.name for field in dataclasses.fields(cls))

    def convert(value: Any) -> dict[str, Any]:
        out = {}
        for name in names:
            item = getattr(value, name)
            out[name] = item if type(item) in _PLAIN else to_json(item)
        return out
    return convert


def _converter(cls: type, value: Any) -> Converter:
    """How values of ``cls`` become JSON (``value`` is one of them); ``TypeError``
    for a class that has no JSON form."""
    convert: Converter
    if issubclass(cls, Card):
        convert = str
    elif value is None or issubclass(cls, bool | int | str):
        convert = _same
    elif issubclass(cls, tuple):
        convert = _items
    elif issubclass(cls, dict):
        convert = _entries
    elif issubclass(cls, Event):
        convert = _event
    elif issubclass(cls, Action):
        convert = action_to_json
    elif dataclasses.is_dataclass(cls):
        convert = _fields_of(cls)
    else:
        raise TypeError(f"no JSON form for {cls.__name__}")
    _CONVERTERS[cls] = convert
    return convert


def view_to_json(view: View) -> dict[str, Any]:
    """A seat's view as JSON: every field of its game's view class."""
    out = to_json(view)
    assert isinstance(out, dict)
    return out


@cache
def view_class(game: str) -> type[View]:
    """The view class of ``game``: what a new game's state shows its first seat."""
    return type(get_game(game).new({}, 0).view(0))


def view_from_json(data: Any) -> View:
    """Rebuild a view from its JSON form; ``ValueError`` on anything malformed."""
    if not isinstance(data, dict):
        raise ValueError("a view must be an object")
    game = data.get("game")
    if type(game) is not str:
        raise ValueError("a view must name its game")
    try:
        cls = view_class(game)
    except KeyError:
        raise ValueError(f"unknown game {short_repr(game)}") from None
    view = _dataclass_from_json(cls, data, "view")
    assert isinstance(view, View)
    return view


def event_from_json(data: Any) -> Event:
    """Rebuild an event from its JSON form (``{"type": …, field: …}``)."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object")
    kind = data.get("type")
    cls = EVENTS.get(kind) if type(kind) is str else None
    if cls is None:
        raise ValueError(f"unknown event type {short_repr(kind)}")
    fields = {key: value for key, value in data.items() if key != "type"}
    event = _dataclass_from_json(cls, fields, str(kind))
    assert isinstance(event, Event)
    return event


@cache
def _hints(cls: type) -> dict[str, Any]:
    return {name: hint for name, hint in typing.get_type_hints(cls).items()
            if typing.get_origin(hint) is not typing.ClassVar}


def _dataclass_from_json(cls: type, data: Any, what: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object")
    hints = _hints(cls)
    names = [field.name for field in dataclasses.fields(cls)]
    for key in data:
        if key not in hints:
            raise ValueError(f"unknown field {short_repr(key)} in {what}")
    values = {}
    for name in names:
        if name not in data:
            raise ValueError(f"{what} lacks '{name}'")
        values[name] = _from_json(hints[name], data[name], f"{what}.{name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what}: {exc}") from None


def _from_json(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        return _scalar(value, where)
    if hint is type(None):
        if value is not None:
            raise ValueError(f"{where} must be null")
        return None
    if origin in (types.UnionType, typing.Union):
        args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if value is None:
            if len(args) < len(typing.get_args(hint)):
                return None
            raise ValueError(f"{where} must not be null")
        if len(args) == 1:
            return _from_json(args[0], value, where)
        return _action(value, where)
    if origin is tuple:
        return _tuple(typing.get_args(hint), value, where)
    if origin is dict:
        return _options(value, where)
    if hint is Card:
        if type(value) is not str:
            raise ValueError(f"{where} must be a card")
        return Card.parse(value)
    if hint is bool:
        if type(value) is not bool:
            raise ValueError(f"{where} must be true or false")
        return value
    if hint is int:
        if type(value) is not int or abs(value) >= 1 << 110:
            raise ValueError(f"{where} must be a whole number")
        return value
    if hint is str:
        if type(value) is not str or len(value) > 200:
            raise ValueError(f"{where} must be a short string")
        return value
    if isinstance(hint, type) and issubclass(hint, Action):
        return _action(value, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_from_json(hint, value, where)
    raise ValueError(f"{where}: no JSON form for {hint!r}")


def _action(value: Any, where: str) -> Any:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be an action")
    try:
        return action_from_json(value)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _tuple(args: tuple[Any, ...], value: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise ValueError(f"{where} must be a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_from_json(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if len(value) != len(args):
        raise ValueError(f"{where} must have {len(args)} items")
    return tuple(_from_json(arg, item, f"{where}[{i}]")
                 for i, (arg, item) in enumerate(zip(args, value, strict=True)))


def _scalar(value: Any, where: str) -> Any:
    if value is None or type(value) in (bool, int) or (type(value) is str and len(value) <= 200):
        return value
    raise ValueError(f"{where} must be a number, a flag or a short string")


def _options(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > 64:
        raise ValueError(f"{where} must be an object")
    return {str(key): _scalar(item, f"{where}.{key}") for key, item in value.items()}
