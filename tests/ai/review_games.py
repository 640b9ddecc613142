"""Games for the review's tests: a planted blunder in «не брать кинга», games of
computer players, and twins that differ only in cards a seat cannot see."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from cardtable.ai import king_hard, make_player
from cardtable.ai import review as review_module
from cardtable.ai.king_sample import KingSampler
from cardtable.engine import record
from cardtable.engine.actions import action_from_json
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out

KING_DEAL = 4
"""«Не брать кинга» is the fifth deal of Кинг's first stage (its fixed order)."""


def small_review(monkeypatch: pytest.MonkeyPatch, select: int = 16, batch: int = 16,
                 most: int = 64) -> None:
    """Fewer samples, and a smaller pool of candidate deals for Кинг's sampler, where
    a test is not about the noise."""
    monkeypatch.setattr(king_hard, "KingSampler", functools.partial(KingSampler, pool=32))
    monkeypatch.setattr(review_module, "SELECT_SAMPLES", select)
    monkeypatch.setattr(review_module, "ESTIMATE_SAMPLES", batch)
    monkeypatch.setattr(review_module, "MAX_ESTIMATE_SAMPLES", most)


def seats(n: int, level: str = "easy") -> list[Seat]:
    return [Seat(f"{level} {i + 1}", "computer", level) for i in range(n)]


def play_deals(match: Match, levels: list[str], deals: int) -> Match:
    """Play ``match`` on to ``deals`` completed deals."""
    players = [make_player(match.game.name, level) for level in levels]
    return play_out(match, players, max_deals=deals)


def play(match: Match, card: str) -> None:
    match.apply(action_from_json({"type": "play", "card": card}))


def planted_blunder(seat: int = 0) -> tuple[Match, int]:
    """A Кинг game whose fifth deal («не брать кинга») ends with ``seat`` taking K♥ in
    trick 7 when 7♥ was safe for certain, and the position of that decision.

    Every seat holds two cards of each black and red non-heart suit and two hearts;
    tricks 1–6 follow suit (spades, spades, diamonds, …), the seat after ``seat`` wins
    trick 6 with A♣ and leads 8♥ (it holds only hearts: 8♥ A♥); the next play 9♥ and
    T♥; ``seat`` holds 7♥ K♥.  K♥ wins the trick: 16 points to the seat.  7♥ ducks,
    and in the last trick every heart left is led or followed and A♥ (with one of the
    others, whichever the sampler deals it to) beats K♥ — or K♥ is discarded."""
    match = play_deals(Match.start("king", {}, seats(4), seed=5), ["easy"] * 4, KING_DEAL)
    assert match.state.deal_index == KING_DEAL and match.state.needs_deal
    left, second, third = ((seat + k) % 4 for k in (1, 2, 3))
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[seat] = ["7S", "8S", "7D", "8D", "7C", "8C", "7H", "KH"]
    hands[left] = ["9S", "TS", "9D", "TD", "9C", "AC", "8H", "AH"]
    hands[second] = ["JS", "QS", "JD", "QD", "TC", "JC", "9H", "JH"]
    hands[third] = ["KS", "AS", "KD", "AD", "QC", "KC", "TH", "QH"]
    match.deal(match.game.layout_from_json({"hands": hands}))
    spec: Any = getattr(match.state, "spec", None)
    assert spec is not None and spec.key == "king"
    order = ["S", "S", "D", "D", "C", "C"]
    for trick, suit in enumerate(order):
        for _ in range(4):
            who = match.state.to_move
            assert who is not None
            mine = sorted((c for c in hands[who] if c[1] == suit),
                          key=lambda c: "789TJQKA".index(c[0]))
            card = "AC" if trick == 5 and who == left else mine[0]
            hands[who].remove(card)
            play(match, card)
    assert match.state.to_move == left
    play(match, "8H")
    play(match, "9H")
    play(match, "TH")
    position = match.step_count
    play(match, "KH")
    return match, position


def twins(match: Match, seat: int) -> list[Match]:
    """Twins of ``match``: two cards the seat never sees swapped between the other
    hands of its last deal, the record replayed through the rules — kept when every
    one of the seat's views is the same in both."""
    data = record.to_json(match)
    last = data["deals"][-1]
    hands = last["cards"]["hands"]
    played = {a["card"] for a in last["actions"] if a.get("type") == "play"}
    slots = [(s, j) for s, hand in enumerate(hands) if s != seat
             for j, card in enumerate(hand) if card not in played]
    found = []
    rng = random.Random(0)
    for _ in range(200):
        (s1, j1), (s2, j2) = rng.sample(slots, 2)
        if s1 == s2:
            continue
        twin_data: dict[str, Any] = record.to_json(match)
        twin_hands = twin_data["deals"][-1]["cards"]["hands"]
        twin_hands[s1][j1], twin_hands[s2][j2] = twin_hands[s2][j2], twin_hands[s1][j1]
        try:
            twin = record.load(twin_data)
        except record.RecordError:
            continue
        if _views(twin, seat) == _views(match, seat):
            found.append(twin)
        if len(found) == 2:
            break
    return found


def _views(match: Match, seat: int) -> list[Any]:
    tasks, _ = review_module.decisions_of(match, seat)
    return [task.view for task in tasks]
