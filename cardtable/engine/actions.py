"""The actions a seat can take, shared by every game, with their one JSON form.

Actions are small immutable values.  The engines hand out shared instances
(``PLAY[card]``, ``PASS``), so the hot path of a playout allocates nothing.  An action
checks its own field when it is built (a card is a card, a price a whole number, a
contract a short word), so a malformed one never reaches an engine and an action
built from a record or by hand equals — and behaves as — the shared one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import CARDS, SUIT_MASKS, Card, cards_of
from cardtable.engine.messages import short_repr

MAX_COUNT = 1000
"""No bid or price in any game comes near this; larger numbers are malformed."""


def _check_count(value: object, what: str) -> None:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"a {what} must be a whole number, not {short_repr(value)}")


def _check_word(value: object, what: str) -> None:
    """Contracts and declarations are short words of letters, digits and ``:``."""
    if type(value) is not str or not 0 < len(value) <= 16 or not all(
        ch.isascii() and (ch.isalnum() or ch == ":") for ch in value
    ):
        raise ValueError(f"not a {what}: {short_repr(value)}")


@dataclass(frozen=True, slots=True)
class Play:
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


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: not buying in a хвалёнка, leaving a Трефы auction."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Order:
    """A Кинг хвалёнка contract: ``trump:S`` … ``trump:C``, ``notrump``, ``last``,
    ``misere`` or ``split``."""

    contract: str

    def __post_init__(self) -> None:
        _check_word(self.contract, "contract")

    def __str__(self) -> str:
        return f"order {self.contract}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Offer a price (in tricks) for a хвалёнка."""

    price: int

    def __post_init__(self) -> None:
        _check_count(self.price, "price")

    def __str__(self) -> str:
        return f"buy {self.price}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid a number of tricks in Трефы."""

    tricks: int

    def __post_init__(self) -> None:
        _check_count(self.tricks, "bid")

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Declare:
    """Take a Метаморфоза declaration card: ``A``, ``2``, ``3`` or ``4``."""

    value: str

    def __post_init__(self) -> None:
        _check_word(self.value, "declaration")

    def __str__(self) -> str:
        return f"declare {self.value}"


Action = Play | Pass | Order | Buy | Bid | Declare

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


def _int_field(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"'{key}' must be an integer")
    return value


def _str_field(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if type(value) is not str:
        raise ValueError(f"'{key}' must be a string")
    return value


_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("card",),
    "pass": (),
    "order": ("contract",),
    "buy": ("price",),
    "bid": ("tricks",),
    "declare": ("value",),
}


def action_from_json(data: dict[str, Any]) -> Action:
    """Build an action from its record form (without ``seat``); raises ``ValueError``
    with a short reason on anything malformed."""
    kind = data.get("type")
    if type(kind) is not str or kind not in _FIELDS:
        raise ValueError(f"unknown action type {short_repr(kind)}")
    extra = set(data) - {"type", "seat", *_FIELDS[kind]}
    if extra:
        raise ValueError(f"unknown key {short_repr(sorted(extra)[0])} in a {kind} action")
    if kind == "play":
        return PLAY[Card.parse(_str_field(data, "card"))]
    if kind == "pass":
        return PASS
    if kind == "order":
        return Order(_str_field(data, "contract"))
    if kind == "buy":
        return Buy(_int_field(data, "price"))
    if kind == "bid":
        return Bid(_int_field(data, "tricks"))
    return Declare(_str_field(data, "value"))


def action_to_json(action: Action) -> dict[str, Any]:
    """The record form of an action (the caller adds ``seat``)."""
    match action:
        case Play(card):
            return {"type": "play", "card": str(card)}
        case Pass():
            return {"type": "pass"}
        case Order(contract):
            return {"type": "order", "contract": contract}
        case Buy(price):
            return {"type": "buy", "price": price}
        case Bid(tricks):
            return {"type": "bid", "tricks": tricks}
        case Declare(value):
            return {"type": "declare", "value": value}
    raise TypeError(f"not an action: {action!r}")
