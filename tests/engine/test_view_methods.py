"""The questions every game's view answers for the screen and the hint: the trick's
trump, the finished tricks, the cards shown in other hands and the cards not yet seen.

Each is checked against the state that made the view, over whole games of random
play, so an answer read wrongly off a game's own fields fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import CLUBS
from cardtable.engine.clubs import ClubsState
from cardtable.engine.king import KingState
from cardtable.engine.match import Match, Seat
from cardtable.engine.metamorphosis import MetamorphosisState


def positions(game: str, options: dict[str, Any], seed: int, max_deals: int = 3) -> Any:
    """Every state of a game of random legal play (cut after ``max_deals`` deals)."""
    n = options["players"]
    match = Match.start(game, options, [Seat(f"S{i}") for i in range(n)], seed=seed)
    state = match.state
    rng = random.Random(seed)
    while not state.is_over and state.deal_index < max_deals:
        if state.needs_deal:
            match.deal()
            continue
        yield state
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])


def winner_of(plays: Any, trump: int | None, reversed_ranks: bool = False) -> int:
    """The seat that takes a trick of (seat, card) plays: the highest trump, else the
    highest card of the suit led (lowest first when the ranks are reversed)."""
    led = plays[0][1] // 13
    def key(play: Any) -> tuple[int, int]:
        suit, rank = divmod(play[1], 13)
        rank = -rank if reversed_ranks else rank
        return (2 if suit == trump else 1 if suit == led else 0, rank)
    return max(plays, key=key)[0]


@pytest.mark.parametrize("players", [3, 4])
def test_king_views(players: int) -> None:
    seen_trick = seen_unseen = 0
    for state in positions("king", {"players": players, "length": "short"}, seed=3,
                           max_deals=9):
        assert isinstance(state, KingState)
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        assert view.trick_trump() == view.trump
        assert view.ranks_reversed() == view.misere
        assert view.deck_count() == 1
        assert view.shown_cards() == view.face_up
        for trick in view.completed_tricks():
            assert len(trick.plays) == players
            assert trick.winner == winner_of(trick.plays, view.trump, view.misere)
            seen_trick += 1
        if view.phase == "play" and view.deal is not None and not view.deal.is_hvalenka:
            others = 0
            for s in range(players):
                if s != seat:
                    others |= state.hands[s]
            assert view.unseen_mask() == others
            seen_unseen += 1
    assert seen_trick > 50 and seen_unseen > 50


@pytest.mark.parametrize("players", [2, 4, 6])
def test_clubs_views(players: int) -> None:
    seen_trick = seen_unseen = 0
    for state in positions("clubs", {"players": players}, seed=4):
        assert isinstance(state, ClubsState)
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        assert view.trick_trump() == CLUBS
        assert view.deck_count() == view.decks == (2 if players >= 6 else 1)
        assert view.shown_cards() == ()
        for trick, raw in zip(view.completed_tricks(), view.tricks, strict=True):
            assert trick.plays == raw[1] and trick.skipped == raw[3]
            if view.decks == 1:
                assert trick.winner == winner_of(trick.plays, CLUBS)
            seen_trick += 1
        unseen = view.unseen_mask()
        if view.decks == 2:
            assert unseen is None
        elif view.phase == "play":
            others = 0
            for s in range(players):
                if s != seat:
                    others |= state.ones[s]
            for card in state.aside:
                others |= 1 << card
            assert unseen == others
            seen_unseen += 1
    assert seen_trick > 20 and (players >= 6 or seen_unseen > 20)


@pytest.mark.parametrize("players", [2, 3])
def test_metamorphosis_views(players: int) -> None:
    seen_trick = seen_shown = 0
    for state in positions("metamorphosis", {"players": players, "partii": 1}, seed=5):
        assert isinstance(state, MetamorphosisState)
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        assert view.trick_trump() == view.trump
        assert view.unseen_mask() is None
        shown = view.shown_cards()
        assert all(s != seat or c in view.hand for s, c in shown)
        for s, card in shown:  # a known card is in that hand now
            assert state.hands[s] >> card & 1
        seen_shown += len(shown)
        for trick in view.completed_tricks():
            assert len(trick.plays) == players
            seen_trick += 1
    assert seen_trick > 10 and seen_shown > 0
