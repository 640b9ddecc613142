"""The protocol every game implements, so that the controller, the record code and
the computer players are written once for all three games (OpenSpiel's ``State`` is
the model).

A game is driven like this::

    state = KING_GAME.new(options, first_dealer)
    while not state.is_over:
        if state.needs_deal:
            state.deal(state.random_layout(rng))     # or the layout from a record
        else:
            seat = state.to_move
            state.apply(player[seat].choose(state.view(seat), state.legal_actions(), rng))

Dealing is an explicit step (a chance node): the random generator lives with whoever
drives the game (:mod:`cardtable.engine.match`), not in the state, so that a state can
be cloned thousands of times by a search without sharing or copying a generator, and a
record can supply its own deals.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self, TypeVar, dataclass_transform

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.messages import short_repr

Options = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules do not allow now.  The state is left unchanged.

    ``code`` names the rule (for the interface to translate), ``message`` says it in
    plain English (for the command line and logs), ``params`` fill in the details.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class OptionError(ValueError):
    """An option that is unknown, of the wrong type or value, or an invalid
    combination.  ``key`` names the option at fault."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


class LayoutError(ValueError):
    """A deal layout that is not a valid deal for the game's options."""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its key, type, allowed values and default."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`OptionError`."""
        kind = self.kind
        if type(value) is not kind:
            raise OptionError(self.key, f"option '{self.key}' must be {self._describe()}, "
                                        f"not {short_repr(value)}")
        if self.choices and value not in self.choices:
            raise OptionError(self.key, f"option '{self.key}' must be {self._describe()}, "
                                        f"not {short_repr(value)}")
        if isinstance(value, int) and (
            (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            raise OptionError(self.key, f"option '{self.key}' must be {self._describe()}, "
                                        f"not {short_repr(value)}")
        return value

    def parse_text(self, text: str) -> Any:
        """Parse a command-line value (``players=3``, ``must_trump=true``)."""
        kind = self.kind
        if kind is bool:
            if text.lower() in ("true", "yes", "on", "1"):
                return self.check(True)
            if text.lower() in ("false", "no", "off", "0"):
                return self.check(False)
            raise OptionError(self.key, f"option '{self.key}' must be true or false")
        if kind is int:
            try:
                number = int(text)
            except ValueError:
                raise OptionError(self.key, f"option '{self.key}' must be "
                                            f"{self._describe()}, not {short_repr(text)}") \
                    from None
            return self.check(number)
        return self.check(text)

    def _describe(self) -> str:
        if self.choices:
            return " or ".join(short_repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            if self.minimum is None or self.maximum is None:
                return "a whole number"
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "a string"


class CompletedTrick(NamedTuple):
    """A finished trick as any game's view tells it."""

    plays: tuple[tuple[int, Card], ...]
    """(seat, card) in play order."""
    winner: int
    skipped: tuple[int, ...] = ()
    """Seats that had no card they could play to it (Трефы with two decks)."""


@dataclass(frozen=True)
class View:
    """What one seat may know of a game: the fields every game's view has.  Each game
    adds its own in a subclass (``KingView``, ``ClubsView``, ``MetamorphosisView``),
    so code that works for every game reads these and nothing else."""

    game: str
    seat: int
    n: int
    options: Options
    phase: str
    """``deal`` while a deal is due, ``over`` at the end; the others are the game's."""
    to_move: int | None
    dealer: int
    deal_index: int
    hand: tuple[Card, ...]
    """The seat's own cards, lowest first."""
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick on the table: (seat, card) in play order."""
    deal_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to move (empty otherwise)."""

    def trick_trump(self) -> int | None:
        """The suit that beats the others in the trick now, if any."""
        return None

    def ranks_reversed(self) -> bool:
        """True while the 7 beats the ace (Кинг's «мизер»)."""
        return False

    def deck_count(self) -> int:
        """How many copies of each card are in play (two decks in large Трефы)."""
        return 1

    def shown_cards(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) for cards in other seats' hands that this seat may see."""
        return ()

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        """This deal's finished tricks, oldest first."""
        return ()

    def unseen_mask(self) -> int | None:
        """The cards this seat has not seen this deal (in other hands or not dealt), or
        ``None`` where the view cannot tell: two decks, or cards that come back into
        the hands."""
        return None

    def _unseen_of(self, deck: int) -> int:
        """``deck`` less the cards played, in this hand and in the trick."""
        gone = [c for trick in self.completed_tricks() for _, c in trick.plays]
        for card in (*gone, *self.hand, *(c for _, c in self.trick)):
            deck &= ~(1 << card)
        return deck

    def public(self) -> View:
        """This view without anything only its seat may know: what a table shared by
        several people may show between two of them.  A game whose view holds more
        secrets than the hand and the legal actions widens this."""
        return dataclasses.replace(self, hand=(), legal=())


@dataclass(frozen=True)
class Layout:
    """The cards of one deal as dealt: each seat's hand in dealing order.  A game that
    deals more (cards set aside, a stock) adds them in a subclass in its own files,
    with their record form (:meth:`Game.layout_from_json`)."""

    hands: tuple[tuple[Card, ...], ...]


# --- events: what happened, so the interface can animate it -------------------------


class Event:
    """Something that happened in a game, for the one who drives it to show.

    The events every game has are defined here; a game adds its own as subclasses in
    its own files and registers them (:func:`register_event`), so this module knows no
    game.  Events tell everything that happened, hidden cards included (like a
    layout): what a seat may see of one is :meth:`for_viewer`.  They are values:
    built once, never changed, equal when their fields are equal."""

    __slots__ = ()
    KIND: ClassVar[str] = ""
    """The event's name in its JSON form (``card_played``), set by :func:`register_event`."""

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: anyone at the table)."""
        return self

    def __iter__(self) -> Iterator[Any]:
        """The fields in order, so that an event unpacks as the tuples it once was
        (``seat, price = bought``)."""
        return (getattr(self, field.name) for field in dataclasses.fields(self))  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"type": KIND, field: value …}``, cards as their names."""
        out: dict[str, Any] = {"type": self.KIND}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            out[field.name] = _json_value(getattr(self, field.name))
        return out


def _json_value(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


EVENTS: dict[str, type[Event]] = {}
"""Every event class by its JSON name, filled by :func:`register_event`."""

E = TypeVar("E", bound=type[Event])


@dataclass_transform(eq_default=True)
def register_event(kind: str) -> Callable[[E], E]:
    """Class decorator: make an :class:`Event` subclass a value (a slotted dataclass,
    as quick to build as a tuple) known by ``kind`` in its JSON form."""

    def register(cls: E) -> E:
        known = EVENTS.get(kind)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"two events called {kind!r}")
        made = dataclass(slots=True, unsafe_hash=True)(cls)
        made.KIND = kind
        EVENTS[kind] = made
        return made  # type: ignore[return-value]  # slots: a new class, the same fields

    return register


@register_event("deal_started")
class DealStarted(Event):
    """A deal begins: its number (from 0) and who dealt it."""

    deal_index: int
    dealer: int


@register_event("card_played")
class CardPlayed(Event):
    """A seat plays a card to the trick."""

    seat: int
    card: Card


@register_event("trick_won")
class TrickWon(Event):
    """A trick is complete: who took it, its cards in play order and its points."""

    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int


@register_event("passed")
class Passed(Event):
    """A seat declines: not buying a хвалёнка, leaving an auction."""

    seat: int


@register_event("deal_ended")
class DealEnded(Event):
    """A deal is over: each seat's score for it."""

    deal_index: int
    scores: tuple[int, ...]


@register_event("game_over")
class GameOver(Event):
    """The game is over: each seat's final total."""

    totals: tuple[int, ...]


class GameState:
    """What every game's state offers; subclasses implement the rules.

    Attributes every game sets: ``n`` (players), ``options`` (complete, checked),
    ``dealer``, ``deal_index`` (deals completed so far), ``phase`` (``"deal"`` while
    waiting for cards, ``"over"`` at the end, game-specific names in between),
    ``to_move`` (the seat whose decision it is, or ``None``), ``deal_scores`` (one
    tuple per completed deal) and ``totals``.
    """

    GAME: ClassVar[str] = ""

    def __init__(self, options: Options, first_dealer: int) -> None:
        """A new game with checked ``options`` (see :meth:`Game.new`)."""
        raise NotImplementedError

    n: int
    options: Options
    dealer: int
    deal_index: int
    phase: str
    to_move: int | None
    deal_scores: list[tuple[int, ...]]
    totals: list[int]

    stamp: Any = None
    """What a player has marked this state with (:meth:`stamped`); the engine never
    reads it, and a clone keeps it."""

    def stamped(self, stamp: Any) -> Self:
        """This state marked with ``stamp``, for a player's own use: a search marks each
        sample with a seed for its rollouts and the point it started from."""
        self.stamp = stamp
        return self

    def _begin(self, options: Options, first_dealer: int) -> None:
        """The fields every game starts with: nobody has dealt yet."""
        self.n = options["players"]
        self.options = options
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_index = 0
        self.phase = "deal"
        self.to_move = None
        self.deal_scores = []
        self.totals = [0] * self.n

    def _score_deal(self, row: tuple[int, ...], events: list[Event], last: bool) -> list[Event]:
        """Write a finished deal's scores, pass the deal to the left, and end the game
        if ``last`` says so (``last`` is asked after the totals are updated)."""
        self.deal_scores.append(row)
        for seat, pts in enumerate(row):
            self.totals[seat] += pts
        events.append(DealEnded(self.deal_index, row))
        self.deal_index += 1
        self.dealer = (self.dealer + 1) % self.n
        self.to_move = None
        if last:
            self.phase = "over"
            events.append(GameOver(tuple(self.totals)))
        else:
            self.phase = "deal"
        return events

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def needs_deal(self) -> bool:
        """True when the next step is dealing cards, not a seat's decision."""
        return self.phase == "deal"

    def deal(self, layout: Layout) -> list[Event]:
        """Start the next deal with these cards; raises :class:`LayoutError`."""
        raise NotImplementedError

    def random_layout(self, rng: random.Random) -> Layout:
        """A shuffled layout for the next deal, drawn from ``rng``."""
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """The actions the seat to move may take now (empty when nobody is to move)."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` for the seat to move, or raise :class:`IllegalAction`
        leaving the state unchanged."""
        raise NotImplementedError

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more."""
        raise NotImplementedError

    def public_view(self, seat: int) -> View:
        """What everyone at the table may see, laid out for ``seat``: no hand, no legal
        actions, no secret declaration."""
        return self.view(seat).public()

    def events_for(self, events: Sequence[Event], viewer: int | None) -> list[Event]:
        """``events`` as ``viewer`` may see them (``None``: anyone at the table): each
        event hides what the viewer may not know (:meth:`Event.for_viewer`)."""
        return [event.for_viewer(viewer) for event in events]

    def clone(self) -> GameState:
        """An independent copy (cheap: searches clone states per playout)."""
        raise NotImplementedError

    @property
    def deals_total(self) -> int | None:
        """How many deals the whole game has, when that is fixed in advance."""
        return None

    def places(self) -> list[int]:
        """Each seat's place by total (1 = best); equal totals share a place."""
        return places_of(self.totals)


def places_of(totals: Sequence[int]) -> list[int]:
    """Competition ranking: equal totals share the place, the next place skips."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


class Game:
    """A game's static description: options, player counts, layouts, new states."""

    name: ClassVar[str] = ""
    specs: ClassVar[tuple[OptionSpec, ...]] = ()
    layout_keys: ClassVar[tuple[str, ...]] = ("hands",)
    state_class: ClassVar[type[GameState]] = GameState

    def check_options(self, raw: Mapping[str, Any]) -> Options:
        """Complete ``raw`` with defaults and refuse anything unknown or invalid."""
        if not isinstance(raw, Mapping):
            raise OptionError("options", "options must be an object")
        by_key = {s.key: s for s in self.specs}
        for key in raw:
            if key not in by_key:
                raise OptionError(str(key), f"unknown option {short_repr(key)} for {self.name}")
        options = {s.key: s.check(raw[s.key]) if s.key in raw else s.default
                   for s in self.specs}
        self.check_combination(options)
        return options

    def check_combination(self, options: Options) -> None:
        """Refuse invalid combinations of individually valid options."""

    def spec(self, key: str) -> OptionSpec:
        for s in self.specs:
            if s.key == key:
                return s
        raise OptionError(key, f"unknown option {short_repr(key)} for {self.name}")

    def new(self, options: Mapping[str, Any], first_dealer: int) -> GameState:
        """A new game with these options; ``first_dealer`` deals the first deal."""
        checked = self.check_options(options)
        if type(first_dealer) is not int or not 0 <= first_dealer < checked["players"]:
            raise OptionError("first_dealer", f"first dealer must be a seat from 0 to "
                                              f"{checked['players'] - 1}")
        return self.state_class(checked, first_dealer)

    def at_deal(self, view: View) -> GameState:
        """A new state standing before the view's deal is dealt: the view's options,
        the same first dealer (so that the rotation agrees), dealer, deal number and
        scores so far.  This is how a player builds a state from what it sees: a
        search's sampler starts here (or at the game state's ``from_view``) and adds
        what the view shows of the deal itself."""
        first_dealer = (view.dealer - view.deal_index) % view.n
        state = self.new(view.options, first_dealer)
        state.dealer = view.dealer
        state.deal_index = view.deal_index
        state.deal_scores = list(view.deal_scores)
        state.totals = list(view.totals)
        return state

    # --- the layout's record form -----------------------------------------------------

    def layout_from_json(self, data: Any) -> Layout:
        """Read a deal's ``cards`` object; shape only — the state checks the deal.  A
        game whose layout has more parts reads them after :meth:`hands_from_json`."""
        return Layout(self.hands_from_json(data))

    def hands_from_json(self, data: Any) -> tuple[tuple[Card, ...], ...]:
        """Check that ``data`` is a ``cards`` object with exactly :attr:`layout_keys`,
        and read its hands."""
        if not isinstance(data, dict):
            raise LayoutError("'cards' must be an object")
        for key in data:
            if key not in self.layout_keys:
                raise LayoutError(f"unknown key {short_repr(key)} in 'cards'")
        for key in self.layout_keys:
            if key not in data:
                raise LayoutError(f"'cards' lacks '{key}'")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise LayoutError("'hands' must be a list of hands")
        return tuple(cards_from_json(hand, f"hand {i}") for i, hand in enumerate(hands))

    def layout_to_json(self, layout: Layout) -> dict[str, Any]:
        """The record form of a layout; a game with more parts adds them after the
        hands."""
        return {"hands": [[str(c) for c in h] for h in layout.hands]}


def cards_from_json(data: Any, what: str) -> tuple[Card, ...]:
    """A list of card names in a record; ``what`` names it in the error."""
    if not isinstance(data, list):
        raise LayoutError(f"{what} must be a list of cards")
    if len(data) > 104:
        raise LayoutError(f"{what} has {len(data)} cards")
    return tuple(card_from_json(c, what) for c in data)


def card_from_json(data: Any, what: str) -> Card:
    """One card name in a record; ``what`` names it in the error."""
    try:
        return Card.parse(data)
    except ValueError:
        raise LayoutError(f"{what}: not a card: {short_repr(data)}") from None
