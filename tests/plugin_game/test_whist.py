"""A fifth game from its own files alone: the engine, the computer levels and the
records take Whist as they take the three games of the package."""

from __future__ import annotations

import dataclasses
import random
from types import ModuleType
from typing import Any

import pytest

from cardtable.ai import available_levels, make_player
from cardtable.cards import cards_of, suit_of
from cardtable.engine import GAMES, get_game
from cardtable.engine.actions import Play
from cardtable.engine.game import IllegalAction
from cardtable.engine.match import Match, Seat
from cardtable.engine.record import dumps, load, parse_json, to_json


def play_out(match: Match, seed: int) -> Match:
    """Play ``match`` to its end with the registry's random player at every seat."""
    player = make_player(match.game.name, "random")
    rng = random.Random(seed)
    while not match.state.is_over:
        if match.state.needs_deal:
            match.deal()
            continue
        seat = match.state.to_move
        assert seat is not None
        view = match.state.view(seat)
        match.apply(player.choose(view, view.legal, rng))
    return match


def new_match(seed: int, deals: int = 2) -> Match:
    seats = [Seat(f"Bot {i}", "computer", "random") for i in range(4)]
    return Match.start("whist", {"deals": deals}, seats, seed=seed)


def test_the_registries_know_whist_once_its_files_are_imported(whist: ModuleType) -> None:
    assert get_game("whist") is whist.WHIST_GAME
    assert list(GAMES).count("whist") == 1
    assert available_levels("whist") == ["random"]


def test_whist_leaves_the_registries_after_its_test() -> None:
    """The fixture takes the game out again: no other test sees a fifth game."""
    assert "whist" not in GAMES
    with pytest.raises(ValueError, match="no computer players"):
        make_player("whist", "random")


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_play_to_the_end(whist: ModuleType, seed: int) -> None:
    match = play_out(new_match(seed, deals=3), seed)
    state = match.state
    assert state.is_over and len(state.deal_scores) == 3
    for row in state.deal_scores:
        assert row[0] == row[2] and row[1] == row[3]  # partners score together
        assert 0 in (row[0], row[1])  # only the side with seven tricks or more scores
        assert max(row) <= 7
    assert all(len(log.actions) == 52 for log in match.deals)


def test_the_last_card_dealt_names_trumps_and_the_highest_trump_wins(whist: ModuleType) -> None:
    match = new_match(1, deals=1)
    match.deal()
    state = match.state
    layout = match.deals[0].layout
    assert state.trump == suit_of(layout.hands[state.dealer][-1])
    tricks_before = len(state.tricks)
    for _ in range(4):
        match.apply(state.legal_actions()[0])
    (trick,) = state.tricks[tricks_before:]
    trumps = [(card, seat) for seat, card in trick.plays if suit_of(card) == state.trump]
    led = suit_of(trick.plays[0][1])
    followers = [(card, seat) for seat, card in trick.plays if suit_of(card) == led]
    assert trick.winner == max(trumps or followers)[1]


def test_a_seat_must_follow_suit(whist: ModuleType) -> None:
    """Played on until a seat holds the suit led and another suit: the other suit is
    refused and nothing changes."""
    match = new_match(2, deals=1)
    match.deal()
    state = match.state
    while True:
        seat = state.to_move
        hand = cards_of(state.hands[seat])
        led = suit_of(state.trick[0][1]) if state.trick else None
        off = [c for c in hand if suit_of(c) != led]
        if led is not None and off and len(off) < len(hand):
            break
        match.apply(state.legal_actions()[0])
    before = to_json(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(off[0]))
    assert refused.value.code == "must_follow"
    assert to_json(match) == before


def test_a_record_is_written_and_read_back_equal(whist: ModuleType) -> None:
    match = play_out(new_match(7), 7)
    text = dumps(match)
    again = load(parse_json(text))
    assert to_json(again) == to_json(match)
    assert again.state.totals == match.state.totals and again.state.is_over


def test_a_record_with_a_move_the_rules_refuse_is_not_read(whist: ModuleType) -> None:
    record = to_json(play_out(new_match(8), 8))
    actions = record["deals"][0]["actions"]
    actions[0], actions[1] = actions[1], actions[0]  # the second seat plays first
    with pytest.raises(ValueError):
        load(record)


def seen_of_others(state: Any, seat: int, view: Any) -> set[int]:
    """The cards of other hands that ``view`` shows ``seat``, the turned trump aside
    (everyone sees it until the dealer plays it)."""
    others = set().union(*(cards_of(state.hands[s]) for s in range(4) if s != seat))
    seen = set(view.hand) | {card for _, card in view.shown_cards()}
    return (seen & others) - {state.turned}


@pytest.mark.parametrize("seed", range(3))
def test_a_view_shows_no_other_hand(whist: ModuleType, seed: int) -> None:
    match = new_match(seed, deals=1)
    match.deal()
    state = match.state
    rng = random.Random(seed)
    while not state.is_over:
        for seat in range(4):
            view = state.view(seat)
            assert seen_of_others(state, seat, view) == set()
            assert set(view.hand) == set(cards_of(state.hands[seat]))
            assert view.legal == (tuple(state.legal_actions()) if seat == state.to_move else ())
            public = state.public_view(seat)
            assert public.hand == () and public.legal == ()
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])


def test_the_privacy_check_catches_a_planted_card(whist: ModuleType) -> None:
    match = new_match(3, deals=1)
    match.deal()
    state = match.state
    view = state.view(0)
    stolen = next(c for c in cards_of(state.hands[1]) if c != state.turned)
    leaky = dataclasses.replace(view, hand=(*view.hand, stolen))
    assert seen_of_others(state, 0, leaky) == {stolen}
