"""The hint on every decision of one seat, in whole deals of all three games: a reason
whenever the search's choice differs from the obvious move, and every reason true of
the real position (checked against every hand, which the words never see).

Run as a module it measures the shares over many deals (see ``main``); the old words
can be measured the same way with ``--words FILE`` (a ``hint_words.py`` of an earlier
commit: its card words, and none for anything else, as its presenters had)."""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardtable.ai import make_player
from cardtable.cards import Card, rank_of, suit_of
from cardtable.engine.actions import Action, Play
from cardtable.engine.clubs import ClubsView
from cardtable.engine.game import View
from cardtable.engine.king import KingView
from cardtable.engine.match import Match, Seat
from cardtable.ui.games import hint_words
from cardtable.ui.games.hint_words import beats, obvious_move, winning_card

TABLES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("king", {"players": 4}, 0),
    ("king", {"players": 4, "length": "short"}, 6),  # the хвалёнки: orders and prices
    ("king", {"players": 3, "stage2": "positive"}, 5),  # the last penalty, plus deals
    ("clubs", {"players": 4}, 0),
    ("clubs", {"players": 3, "bidding": "everyone"}, 0),
    ("metamorphosis", {"players": 2}, 0),
    ("metamorphosis", {"players": 3}, 0),
)
"""Game, options, and the deal from which the hint is counted (seat 0 plays at
``normal`` before it)."""

SUITS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}


def _card_named(text: str) -> Card | None:
    """The first card the English words name (``Q♠``, ``10♥``)."""
    m = re.search(r"(10|[2-9JQKA])([♠♥♦♣])", text)
    if m is None:
        return None
    rank = "T" if m.group(1) == "10" else m.group(1)
    return Card.parse(rank + "SHDC"["♠♥♦♣".index(m.group(2))])


def check_reason(view: View, hands: list[tuple[Card, ...]], action: Action, text: str) -> None:
    """Fail unless what ``text`` says of ``action`` holds in the real position (``hands``:
    every seat's hand).  English words, as the tests run without a translation."""
    others = [c for s, h in enumerate(hands) if s != view.seat for c in h]
    plays = [a.card for a in view.legal if type(a) is Play]
    if type(action) is not Play:
        if "the only choice" in text:
            assert len(view.legal) == 1, text
        return
    card = action.card
    assert _card_named(text) == card, text
    best = winning_card(view)
    trump, reverse = view.trick_trump(), view.ranks_reversed()
    stronger = (lambda a, b: rank_of(a) < rank_of(b)) if reverse else \
        (lambda a, b: rank_of(a) > rank_of(b))
    if text.startswith(("take the trick", "trump with")):
        assert best is not None and beats(card, best, trump, reverse), text
    if text.startswith(("play ", "throw ", "give ")) and "only card" not in text:
        assert best is None or not beats(card, best, trump, reverse), text
    for word, suit in SUITS.items():
        if f"you have no {word}" in text:
            assert not any(suit_of(c) == suit for c in view.hand), text
    if "only card you may" in text:
        assert plays == [card], text
    if "nobody else has this suit" in text:
        assert not any(suit_of(c) == suit_of(card) for c in others), text
    if "the highest card of its suit still out" in text or "take a trick anyway" in text:
        assert not any(suit_of(c) == suit_of(card) and stronger(c, card) for c in others), text
    if "every card of its suit still out is higher" in text:
        assert not any(suit_of(c) == suit_of(card) and stronger(card, c) for c in others), text
    if "your last card of this suit" in text:
        assert [c for c in view.hand if suit_of(c) == suit_of(card)] == [card], text
    if "none of your cards can take it" in text:
        assert best is not None and not any(beats(c, best, trump, reverse) for c in plays), text
    if "the lowest card that takes it" in text:
        assert best is not None
        takers = [c for c in plays if beats(c, best, trump, reverse)]
        assert not any(stronger(card, c) for c in takers), text
    m = re.search(r"needs (\d+) more", text)
    if m and "declarer" not in text:
        assert isinstance(view, ClubsView)
        contract = view.contracts[view.seat]
        assert contract is not None
        assert contract - view.tricks_taken[view.seat] == int(m.group(1)), text


@dataclass
class Tally:
    """Hints counted: all, without a reason, differing from the obvious move, and
    differing without a reason; ``kinds`` by decision kind."""

    hints: int = 0
    bare: int = 0
    differ: int = 0
    differ_bare: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    bare_kinds: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)


Words = Callable[[View, Action], str | None]


def new_words(view: View, action: Action) -> str | None:
    """The hint's reason as the table gives it now (None: none)."""
    text = hint_words.hint_text(view, action, "")
    if type(action) is Play:
        return text if ": " in text else None
    return text.removeprefix(" — ") or None


def old_words(path: Path) -> Words:
    """The reason an earlier commit's words gave: a card's words where they had a part
    after a colon (its Кинг presenter calling a trick costly outside the хвалёнки and in
    a misère), nothing for any other choice."""
    spec = importlib.util.spec_from_file_location("old_hint_words", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def words(view: View, action: Action) -> str | None:
        if type(action) is not Play:
            return None
        if isinstance(view, KingView):
            deal = view.deal
            costs = deal is not None and (not deal.is_hvalenka
                                          or view.contract == "misere")
            text = module.play_reason(view, action.card, tricks_cost=costs)
        else:
            text = module.play_reason(view, action.card)
        return str(text) if ": " in text else None

    return words


def play_deals(game: str, options: dict[str, Any], first: int, deals: int, seed: int,
               playouts: int, tally: Tally, words: Words = new_words,
               check: bool = True) -> None:
    """From deal ``first`` (0-based) seat 0 plays ``deals`` deals by the hint (``hard``
    with ``playouts`` playouts a decision), the others at ``normal``; every hint of seat 0
    is counted in ``tally``."""
    n = options["players"]
    seats = [Seat(f"P{i}", "computer", "normal") for i in range(n)]
    match = Match.start(game, options, seats, seed=seed)
    hint = make_player(game, "hard")
    if hasattr(hint, "playouts"):
        hint.playouts = playouts
    others = [make_player(game, "normal") for _ in range(n)]
    rng = random.Random(seed)
    state = match.state
    while not state.is_over:
        if state.needs_deal:
            if state.deal_index >= first + deals:
                break
            match.deal()
            continue
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        view = state.view(seat)
        if seat != 0 or state.deal_index < first:
            match.apply(others[seat].choose(view, legal, rng))
            continue
        action = hint.choose(view, legal, rng)
        reason = words(view, action)
        kind = type(action).__name__.lower()
        tally.hints += 1
        tally.kinds[kind] += 1
        differs = action != obvious_move(view)
        tally.differ += differs
        if reason is None:
            tally.bare += 1
            tally.bare_kinds[kind] += 1
            tally.differ_bare += differs
            if differs and len(tally.examples) < 5:
                tally.examples.append(f"{game} {action}")
        if check and reason is not None:
            hands = [state.view(s).hand for s in range(n)]
            check_reason(view, hands, action, hint_words.hint_text(view, action, ""))
        match.apply(action)


@pytest.mark.parametrize(("game", "options", "first"), TABLES)
def test_a_choice_other_than_the_obvious_one_always_says_why(
        game: str, options: dict[str, Any], first: int) -> None:
    tally = Tally()
    play_deals(game, options, first, deals=1, seed=5, playouts=24, tally=tally)
    assert tally.hints >= 3
    assert tally.differ_bare == 0, tally.examples
    # a card's hint always says why; only a forced choice of a bid or such is bare
    assert tally.bare == 0, tally.bare_kinds


def test_a_planted_wrong_reason_fails_the_check() -> None:
    """The check is no rubber stamp: words that call a duck a take, or a void where
    the hand holds the suit, are caught."""
    match = Match.start("king", {"players": 4},
                        [Seat(f"P{i}", "computer", "normal") for i in range(4)], seed=2)
    match.deal()
    state = match.state
    match.apply(state.legal_actions()[0])  # a card on the table to follow
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    hands = [state.view(s).hand for s in range(4)]
    best = winning_card(view)
    assert best is not None
    plays = [a for a in view.legal if type(a) is Play]
    for action in plays:
        true = hint_words.play_reason(view, action.card)
        check_reason(view, hands, action, true)  # the words themselves pass
    ducks = [a for a in plays if not beats(a.card, best, view.trick_trump())]
    takes = [a for a in plays if beats(a.card, best, view.trick_trump())]
    name = ducks[0].card.pretty() if ducks else takes[0].card.pretty()
    planted = (f"take the trick with {name}" if ducks else f"play {name} under "
               f"{Card(best).pretty()}")
    with pytest.raises(AssertionError):
        check_reason(view, hands, ducks[0] if ducks else takes[0], planted)
    led = suit_of(view.trick[0][1])
    suit_word = next(w for w, s in SUITS.items() if s == led)
    with pytest.raises(AssertionError):
        check_reason(view, hands, plays[0], f"throw {plays[0].card.pretty()} away: "
                     f"you have no {suit_word}")


def main(argv: list[str] | None = None) -> None:
    """Print the shares over many deals of each table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4, help="deals per table and seed")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--words", type=Path, help="an earlier hint_words.py to measure")
    args = parser.parse_args(argv)
    words = new_words if args.words is None else old_words(args.words)
    total = Tally()
    for game, options, first in TABLES:
        tally = Tally()
        for seed in range(args.seeds):
            play_deals(game, options, first, args.deals, 100 + seed, args.playouts, tally, words,
                       check=args.words is None)
        print(f"{game} {options}: {tally.hints} hints, {tally.bare} without a reason "
              f"({100 * tally.bare / max(tally.hints, 1):.1f} %); {tally.differ} differ "
              f"from the obvious move, {tally.differ_bare} of them without a reason; "
              f"bare by kind {dict(tally.bare_kinds)}")
        for name in ("hints", "bare", "differ", "differ_bare"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
    print(f"all: {total.hints} hints, {total.bare} without a reason "
          f"({100 * total.bare / max(total.hints, 1):.1f} %); {total.differ} differ, "
          f"{total.differ_bare} of them without a reason "
          f"({100 * total.differ_bare / max(total.differ, 1):.1f} %)")


if __name__ == "__main__":
    main(sys.argv[1:])
