"""Helpers for the Метаморфоза rules tests: layouts written by hand, states built
from them, scripted play, and a ``Twin`` that drives the engine and the reference of
``metamorphosis_rules`` through the same game and compares them at every step.

The expected numbers come from metamorphosis.md, via hand-worked scripts or the plain
reference — never from the engine.  ``where`` is the one place that reads the engine's
internal card lists (the face-down stock is in no view), so a change of internals
touches only it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from metamorphosis_rules import DECK, SUITS, Partiya, dealer_of

from cardtable.cards import Card
from cardtable.engine.actions import PLAY, Action
from cardtable.engine.game import (
    DealEnded,
    Event,
    GameOver,
    IllegalAction,
    TrickWon,
)
from cardtable.engine.metamorphosis import (
    METAMORPHOSIS_GAME,
    MetamorphosisLayout,
    MetamorphosisState,
)
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.engine.metamorphosis_events import CardsDrawn

# --- cards and layouts ---------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """``"AS KH 7D"`` → the cards in that order."""
    return tuple(Card.parse(t) for t in text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def names(seq: Iterable[Any]) -> list[str]:
    """Card names of cards or ``Play`` actions, in order."""
    return [str(getattr(x, "card", x)) for x in seq]


def layout(hands: Sequence[str], stock: str, turned: str) -> MetamorphosisLayout:
    """A layout from one text per hand, the face-down stock (top first) and the turned
    card."""
    return MetamorphosisLayout(tuple(cards(h) for h in hands), stock=cards(stock), turned=c(turned))


def complete(n: int, hands: Mapping[int, str] | None = None, stock_top: str = "",
             turned: str | None = None) -> MetamorphosisLayout:
    """A full layout: the seats of ``hands`` start with those cards, the stock starts
    with ``stock_top`` (top first); everything else is filled in deck order (♠ 2…A,
    ♥, ♦, ♣): hands first, then the stock; the turned card is ``turned`` or the last
    card left."""
    given = {s: t.split() for s, t in (hands or {}).items()}
    top = stock_top.split()
    used = {x for h in given.values() for x in h} | set(top) | ({turned} if turned else set())
    rest = [x for x in DECK if x not in used]
    out = []
    for s in range(n):
        h = list(given.get(s, []))
        while len(h) < 12:
            h.append(rest.pop(0))
        out.append(" ".join(h))
    if turned is None:
        turned = rest.pop()
    stock = top + rest
    assert len(stock) == 52 - 12 * n - 1, "the given cards do not fit a deal"
    return layout(out, " ".join(stock), turned)


def random_layout(rng: random.Random, n: int) -> MetamorphosisLayout:
    """A shuffled deal for ``n`` players, from the engine's own shuffler."""
    return METAMORPHOSIS_GAME.new({"players": n}, 0).random_layout(rng)


def layout_strings(lay: MetamorphosisLayout) -> tuple[list[list[str]], list[str], str]:
    """The layout in record notation: hands, stock top first, turned."""
    return ([[str(x) for x in h] for h in lay.hands], [str(x) for x in lay.stock],
            str(lay.turned))


# --- states ----------------------------------------------------------------------------------


def new_state(lay: MetamorphosisLayout, dealer: int = 0, options: Mapping[str, Any] | None = None,
              declare: str = "") -> MetamorphosisState:
    """A new match dealt ``lay`` by ``dealer``; ``declare`` lists the declaration
    cards taken, in choosing order (from the dealer's left)."""
    state = METAMORPHOSIS_GAME.new({"players": len(lay.hands), **(options or {})}, dealer)
    state.deal(lay)
    for value in declare.split():
        state.apply(Declare(value))
    return state


def play(state: MetamorphosisState, text: str) -> list[Event]:
    """Play the cards of ``text`` in order, each by the seat to move."""
    events: list[Event] = []
    for t in text.split():
        events += state.apply(PLAY[Card.parse(t)])
    return events


def declare(state: MetamorphosisState, text: str) -> list[Event]:
    events: list[Event] = []
    for value in text.split():
        events += state.apply(Declare(value))
    return events


def tricks_of(events: Iterable[Event]) -> list[TrickWon]:
    return [e for e in events if isinstance(e, TrickWon)]


def draws_of(events: Iterable[Event]) -> list[tuple[int, tuple[str, ...], int | None]]:
    """The ``CardsDrawn`` events as (seat, card names, from_seat)."""
    return [(e.seat, tuple(str(x) for x in e.cards), e.from_seat)
            for e in events if isinstance(e, CardsDrawn)]


def hand(state: MetamorphosisState, seat: int) -> set[str]:
    return {str(x) for x in state.view(seat).hand}


def where(state: MetamorphosisState) -> dict[str, Any]:
    """Where every card is, in record notation: hands (sets), the stock top first
    with the turned card last, piles bottom first, the current trick."""
    def names_of(mask: int) -> set[str]:
        return {str(Card(i)) for i in range(52) if mask >> i & 1}

    return {
        "hands": [names_of(m) for m in state.hands],
        "stock": [str(Card(x)) for x in reversed(state.stock)],
        "piles": [[str(Card(x)) for x in p] for p in state.piles],
        "trick": [str(Card(x)) for x in state.trick_cards],
    }


def snapshot(state: MetamorphosisState) -> tuple[Any, ...]:
    """Everything a refused action must leave untouched: all fields, every view and
    the legal actions."""
    return (copy.deepcopy(state.__dict__), tuple(state.view(s) for s in range(state.n)),
            tuple(state.legal_actions()))


def assert_refused(state: MetamorphosisState, action: Action,
                   code: str | None = None) -> IllegalAction:
    """``action`` raises IllegalAction (with ``code`` if given) and changes nothing."""
    before = snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert snapshot(state) == before, "a refused action changed the state"
        if code is not None:
            assert exc.code == code, (exc.code, exc.message)
        return exc
    raise AssertionError(f"{action} was accepted")


def random_action(state: MetamorphosisState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def play_out(state: MetamorphosisState, rng: random.Random) -> list[Event]:
    """Play the current партия to its end with random legal actions."""
    events: list[Event] = []
    index = state.deal_index
    while state.deal_index == index and not state.is_over:
        events += state.apply(random_action(state, rng))
    return events


# --- the engine next to the reference ----------------------------------------------------------


SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


class Twin:
    """One match played by the engine and by the reference side by side: the same
    layouts, the same actions.  ``step`` makes one random move (or deal) and checks
    that the events and the whole position agree with the reference."""

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        self.options = METAMORPHOSIS_GAME.check_options(options)
        self.n: int = self.options["players"]
        self.rng = random.Random(seed)
        self.first_dealer = self.rng.randrange(self.n)
        self.state = METAMORPHOSIS_GAME.new(self.options, self.first_dealer)
        self.ref: Partiya | None = None
        self.rows: list[list[int]] = []
        self.steps = 0

    def deal(self, lay: MetamorphosisLayout | None = None) -> list[Event]:
        s = self.state
        lay = lay or s.random_layout(self.rng)
        dealer = dealer_of(self.first_dealer, len(self.rows), self.n)
        hands, stock, turned = layout_strings(lay)
        self.ref = Partiya.deal(self.n, dealer, hands, stock, turned,
                                self.options["turned_trump"])
        return s.deal(lay)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` to both and check the events against the reference."""
        ref = self.ref
        assert ref is not None
        events = self.state.apply(action)
        if isinstance(action, Declare):
            ref.declare(action.value)
            return events
        done = ref.play(str(action.card))  # type: ignore[union-attr]
        won = tricks_of(events)
        if done is None:
            assert won == [] and draws_of(events) == []
            return events
        assert [(w.seat, [(s, str(x)) for s, x in w.cards], w.points) for w in won] == \
            [(done.winner, list(done.cards), done.points)]
        assert draws_of(events) == ref.draws[-1]
        number, leader, played, taker, points = self.state.view(done.winner).tricks[-1]
        assert (number, leader, [str(x) for x in played], taker, points) == \
            (done.number, done.leader, [x for _, x in done.cards], done.winner, done.points)
        if ref.finished:
            self.rows.append(list(ref.points))
            ends = [e for e in events if isinstance(e, DealEnded)]
            assert [tuple(e.scores) for e in ends] == [tuple(ref.points)]
        return events

    def step(self) -> bool:
        """One deal or one random legal action; False once the match is over."""
        s = self.state
        self.steps += 1
        if s.is_over:
            return False
        if s.needs_deal:
            self.deal()
        else:
            self.apply(random_action(s, self.rng))
        self.check()
        return True

    def check(self) -> None:
        """The engine's position is the reference's."""
        s, ref = self.state, self.ref
        assert ref is not None
        assert s.deal_index == len(self.rows)
        assert list(s.deal_scores) == [tuple(r) for r in self.rows]
        totals = [sum(r[i] for r in self.rows) for i in range(self.n)]
        assert list(s.totals) == totals
        if s.needs_deal or s.is_over:
            assert ref.finished and s.to_move is None
            assert s.dealer == dealer_of(self.first_dealer, len(self.rows), self.n)
            return
        w = where(s)
        assert w["hands"] == [set(h) for h in ref.hands]
        assert w["stock"] == ref.stock
        assert w["piles"] == ref.piles
        assert w["trick"] == [x for _, x in ref.trick]
        assert s.to_move == ref.to_move
        view = s.view(ref.to_move)  # type: ignore[arg-type]
        assert list(view.points) == ref.points
        assert view.dealer == ref.dealer
        if ref.number == 0:
            assert view.phase == "declare"
            assert sorted(a.value for a in s.legal_actions()) == \
                sorted(ref.available)  # type: ignore[union-attr]
        else:
            assert view.phase == "play" and view.round == ref.number
            assert view.leader == ref.leader
            trump = ref.trump
            assert view.trump == (None if trump is None else SUIT_INDEX[trump])
            assert sorted(names(s.legal_actions())) == sorted(ref.hands[ref.to_move])

    def finish(self) -> None:
        while self.step():
            pass
        assert self.state.is_over
        over = self.state.totals
        assert list(over) == [sum(r[i] for r in self.rows) for i in range(self.n)]


def game_over(events: Iterable[Event]) -> GameOver | None:
    ends = [e for e in events if isinstance(e, GameOver)]
    return ends[0] if ends else None
