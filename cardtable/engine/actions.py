"""The actions a seat can take, and their one JSON form.

Actions are small immutable values.  The engines hand out shared instances
(``PLAY[card]``, ``PASS``), so the hot path of a playout allocates nothing.  An action
checks its own field when it is built (a card is a card, a price a whole number, a
contract a short word), so a malformed one never reaches an engine and an action
built from a record or by hand equals — and behaves as — the shared one.

The actions every game has (:class:`Play`, :class:`Pass`) are defined here; a game
adds its own in its own files and registers them with their JSON name
(:func:`register_action`), so this module knows no game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from cardtable.cards import CARDS, SUIT_MASKS, Card, cards_of
from cardtable.engine.messages import short_repr

MAX_COUNT = 1000
"""No bid or price in any game comes near this; larger numbers are malformed."""


def check_count(value: object, what: str) -> None:
    """Refuse anything but a whole number from 0 to :data:`MAX_COUNT` (a price, a bid)."""
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"a {what} must be a whole number, not {short_repr(value)}")


def check_word(value: object, what: str) -> None:
    """Contracts and declarations are short words of letters, digits and ``:``."""
    if type(value) is not str or not 0 < len(value) <= 16 or not all(
        ch.isascii() and (ch.isalnum() or ch == ":") for ch in value
    ):
        raise ValueError(f"not a {what}: {short_repr(value)}")


def int_field(data: dict[str, Any], key: str) -> int:
    """Field ``key`` of an action's record form, which must be an integer."""
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"'{key}' must be an integer")
    return value


def str_field(data: dict[str, Any], key: str) -> str:
    """Field ``key`` of an action's record form, which must be a string."""
    value = data.get(key)
    if type(value) is not str:
        raise ValueError(f"'{key}' must be a string")
    return value


class Action:
    """A seat's decision: the base of every game's actions.

    A subclass is a frozen slotted dataclass registered with :func:`register_action`;
    its record form is ``{"type": KIND, field: value …}`` (cards as their names), built
    by :meth:`to_json` and read back by :meth:`from_json`."""

    __slots__ = ()
    KIND: ClassVar[str] = ""
    """The action's name in its JSON form (``play``), set by :func:`register_action`."""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The keys of its JSON form besides ``type``: the dataclass's fields."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The action of a record form whose keys are known to be ``type``, ``seat``
        and :attr:`FIELDS`; raises ``ValueError`` with a short reason.  Every action
        defines its own (:func:`register_action` refuses one that does not)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The record form (the caller adds ``seat``)."""
        out: dict[str, Any] = {"type": self.KIND}
        for name in self.FIELDS:
            value = getattr(self, name)
            out[name] = str(value) if isinstance(value, Card) else value
        return out


ACTIONS: dict[str, type[Action]] = {}
"""Every action class by its JSON name, filled by :func:`register_action`."""

A = TypeVar("A", bound=type[Action])


def register_action(kind: str) -> Callable[[A], A]:
    """Class decorator: make an :class:`Action` dataclass known by ``kind`` in its
    JSON form."""

    def register(cls: A) -> A:
        known = ACTIONS.get(kind)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"two actions called {kind!r}")
        if cls.from_json.__func__ is Action.from_json.__func__:  # type: ignore[attr-defined]
            raise TypeError(f"action {kind!r} must say how it is read (from_json)")
        cls.KIND = kind
        cls.FIELDS = tuple(field.name for field in dataclasses.fields(cls))  # type: ignore[arg-type]
        ACTIONS[kind] = cls
        return cls

    return register


@register_action("play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the current trick."""

    card: Card

    def __post_init__(self) -> None:
        card = self.card
        if type(card) is not Card:
            if type(card) is not int or not 0 <= card < 52:
                raise ValueError(f"not a card: {short_repr(card)}")
            object.__setattr__(self, "card", CARDS[card])

    def __str__(self) -> str:
        return f"play {self.card}"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Play:
        return PLAY[Card.parse(str_field(data, "card"))]


@register_action("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline: not buying in a хвалёнка, leaving a Трефы auction."""

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pass:
        return PASS


PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
"""Shared ``Play`` actions indexed by card."""
PASS = Pass()

_SUIT_PLAYS: dict[int, tuple[Play, ...]] = {}


def _plays_in_suit(part: int) -> tuple[Play, ...]:
    plays = _SUIT_PLAYS.get(part)
    if plays is None:
        plays = _SUIT_PLAYS[part] = tuple(PLAY[c] for c in cards_of(part))
    return plays


def plays_of(mask: int) -> tuple[Play, ...]:
    """The ``Play`` actions of a card mask, lowest card first.  Lists are built once
    per suit pattern and shared, so the legal actions of a playout allocate little."""
    out = _SUIT_PLAYS.get(mask)
    if out is not None:
        return out
    out = ()
    for sm in SUIT_MASKS:
        part = mask & sm
        if part:
            out += _plays_in_suit(part)
    return out


def action_from_json(data: dict[str, Any]) -> Action:
    """Build an action from its record form (without ``seat``); raises ``ValueError``
    with a short reason on anything malformed."""
    kind = data.get("type")
    cls = ACTIONS.get(kind) if type(kind) is str else None
    if cls is None:
        raise ValueError(f"unknown action type {short_repr(kind)}")
    extra = set(data) - {"type", "seat", *cls.FIELDS}
    if extra:
        raise ValueError(f"unknown key {short_repr(sorted(extra)[0])} in a {kind} action")
    return cls.from_json(data)


def action_to_json(action: Action) -> dict[str, Any]:
    """The record form of an action (the caller adds ``seat``)."""
    if not isinstance(action, Action) or not action.KIND:
        raise TypeError(f"not an action: {action!r}")
    return action.to_json()
