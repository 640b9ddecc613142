"""Helpers for the Трефы rules tests: states dealt from explicit hands, scripted bidding
and play, "dull" deals won by one seat, random legal play, and hand-built deals whose
every trick was worked out by hand from clubs.md.

The reference for a rule is ``clubs_rules`` (clubs.md restated in plain code); nothing
here takes a rule from the engine.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Any

import clubs_rules as R

from cardtable.cards import Card
from cardtable.engine.actions import PASS, PLAY, Action, Pass, Play
from cardtable.engine.clubs import CLUBS_GAME, ClubsLayout, ClubsState
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.game import Event, IllegalAction

# --- cards ---------------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """``"AS KH 7D"`` → the cards in that order."""
    return tuple(Card.parse(t) for t in text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def layout(hands: Sequence[str], aside: str = "") -> ClubsLayout:
    """A layout from one text per seat and the cards set aside."""
    return ClubsLayout(tuple(cards(h) for h in hands), aside=cards(aside))


def layout_names(lay: ClubsLayout) -> list[str]:
    """Every card of a layout, hands then aside, as names."""
    return [str(x) for hand in lay.hands for x in hand] + [str(x) for x in lay.aside]


# --- states -----------------------------------------------------------------------------------


def new_state(n: int, dealer: int = 0, **options: Any) -> ClubsState:
    return CLUBS_GAME.new({"players": n, **options}, dealer)


def dealt(hands: Sequence[str] | ClubsLayout, aside: str = "", dealer: int = 0,
          **options: Any) -> ClubsState:
    """A fresh game dealt ``hands`` with ``dealer`` dealing (seat ``dealer + 1`` bids
    and leads first)."""
    lay = hands if isinstance(hands, ClubsLayout) else layout(hands, aside)
    state = new_state(len(lay.hands), dealer, **options)
    state.deal(lay)
    return state


def move_of(token: str | int | None) -> Action:
    """``"p"``/None → pass, a number → that bid."""
    if token is None or token == "p":
        return PASS
    return Bid(int(token))


def bids(state: ClubsState, moves: str) -> list[Event]:
    """Bid/pass in turn: ``"0 1 p 2"`` (each by the seat to move)."""
    events: list[Event] = []
    for t in moves.split():
        events += state.apply(move_of(t))
    return events


def script(state: ClubsState, text: str) -> list[Event]:
    """Apply ``"s:MOVE ..."`` tokens — MOVE a card, a bid or ``p`` — checking that seat
    ``s`` is the one to move each time (so a skipped seat must be left out)."""
    events: list[Event] = []
    for token in text.split():
        seat, move = token.split(":")
        assert state.to_move == int(seat), f"{token}: seat {state.to_move} is to move"
        if move == "p" or move.isdigit():
            events += state.apply(move_of(move))
        else:
            events += state.apply(PLAY[Card.parse(move)])
    return events


def hand_names(state: ClubsState, seat: int) -> list[str]:
    return sorted(str(x) for x in state.hand_cards(seat))


def legal_names(state: ClubsState) -> list[str]:
    """The legal cards (sorted names) or the bidding moves (``p`` and numbers)."""
    out = []
    for a in state.legal_actions():
        if type(a) is Play:
            out.append(str(a.card))
        elif type(a) is Pass:
            out.append("p")
        else:
            out.append(str(a.tricks))  # type: ignore[union-attr]
    return sorted(out) if state.phase == "play" else out


def trick_names(state: ClubsState) -> list[str]:
    """The current trick's cards in play order."""
    return [str(x) for _, x in state.view(0).trick]


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def snapshot(state: ClubsState) -> tuple[Any, ...]:
    """Everything observable about a state: a deep copy of its fields, every seat's
    view and the legal actions."""
    return (copy.deepcopy(state.__dict__), tuple(state.view(s) for s in range(state.n)),
            tuple(state.legal_actions()), state.phase, state.to_move)


def assert_refused(state: ClubsState, action: Action, code: str | None = None) -> IllegalAction:
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


# --- dull deals: one seat takes every trick ------------------------------------------------


def top_cards(n: int) -> list[str]:
    """The strongest cards of the deal for ``n`` players, strongest first: clubs from
    the ace down (each twice with two decks), then spades from the ace down."""
    order = [r + s for s in "CS" for r in reversed(R.RANKS)]
    return [x for x in order for _ in range(R.decks(n)) if x in R.faces(n)]


def dull_layout(n: int, winner: int, seed: int = 0) -> ClubsLayout:
    """``winner`` holds the top ``hand size`` cards (top_cards); the other cards are
    shuffled into the other hands and the aside.  Playing his strongest legal card each
    time, he takes every trick (see ``play_dull``)."""
    k = R.HAND_SIZE[n]
    mine = top_cards(n)[:k]
    rest = list(R.deck(n))
    for x in mine:
        rest.remove(x)
    random.Random(seed).shuffle(rest)
    hands: list[tuple[Card, ...]] = []
    for seat in range(n):
        if seat == winner:
            hands.append(cards(" ".join(mine)))
        else:
            hands.append(cards(" ".join(rest[:k])))
            rest = rest[k:]
    return ClubsLayout(tuple(hands), aside=cards(" ".join(rest)))


def strength(card: str) -> tuple[int, int]:
    return (card[1] == R.CLUB, R.rank(card))


def play_dull(state: ClubsState, winner: int) -> list[Event]:
    """Play the current deal to its end: ``winner`` plays his strongest legal card,
    the others their lowest; the legal cards come from the reference rules."""
    events: list[Event] = []
    index = state.deal_index
    while state.phase == "play" and state.deal_index == index:
        seat = state.to_move
        assert seat is not None
        legal = R.legal_cards(hand_names(state, seat), trick_names(state))
        pick = max(legal, key=strength) if seat == winner else min(legal, key=strength)
        events += state.apply(PLAY[Card.parse(pick)])
    return events


# --- hand-built deals (every trick worked out by hand from clubs.md) ------------------------

# 4 players, dealer 1: seat 2 is the forehand.  Several auction rounds with passes;
# seat 2 wins the auction at 5 and takes exactly 5 tricks (his five top clubs).
FOUR_HANDS = (
    "9C 8C 7C 6C 5C 4C 3C 2C TH JH QH KH AH",  # seat 0
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",  # seat 1
    "AC KC QC JC TC 2H 3H 4H 5H 6H 7H 8H 9H",  # seat 2
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 3
)
FOUR_AUCTION = "2:0 3:1 0:p 1:2 2:3 3:p 1:4 2:5 1:p"
FOUR_TRICKS = (
    "2:AC 3:2D 0:2C 1:2S",  # 2: clubs follow, the others have none
    "2:KC 3:3D 0:3C 1:3S",  # 2
    "2:QC 3:4D 0:4C 1:4S",  # 2
    "2:JC 3:5D 0:5C 1:5S",  # 2
    "2:TC 3:6D 0:6C 1:6S",  # 2
    "2:2H 3:7D 0:TH 1:7S",  # 0: highest heart, no club
    "0:7C 1:8S 2:3H 3:8D",  # 0: the only club
    "0:8C 1:9S 2:4H 3:9D",  # 0
    "0:9C 1:TS 2:5H 3:TD",  # 0
    "0:JH 1:JS 2:6H 3:JD",  # 0
    "0:QH 1:QS 2:7H 3:QD",  # 0
    "0:KH 1:KS 2:8H 3:KD",  # 0
    "0:AH 1:AS 2:9H 3:AD",  # 0
)
FOUR_WINNERS = [2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0]

# 5 players, dealer 0: seat 1 is the forehand; 50 cards (no 2♦, no 2♥), 10 each.
# Seat 4 wins the auction at 5 and takes exactly 5 tricks.
FIVE_HANDS = (
    "2C 6D 7D 8D 9D TD JD QD KD AD",  # seat 0
    "AS KS QS JS TS 9S 8S 7S 6S 5S",  # seat 1
    "4S 3S 2S 9C 8C 7C 6C 5C 4C 3C",  # seat 2
    "8H 9H TH JH QH KH AH 3D 4D 5D",  # seat 3
    "AC KC QC JC TC 3H 4H 5H 6H 7H",  # seat 4
)
FIVE_AUCTION = "1:p 2:3 3:p 4:5 0:p 2:p"
FIVE_TRICKS = (
    "1:AS 2:2S 3:3D 4:TC 0:6D",  # 4: the only club
    "4:AC 0:2C 1:5S 2:3C 3:4D",  # 4
    "4:KC 0:7D 1:6S 2:4C 3:5D",  # 4
    "4:QC 0:8D 1:7S 2:5C 3:8H",  # 4
    "4:JC 0:9D 1:8S 2:6C 3:9H",  # 4
    "4:3H 0:TD 1:9S 2:3S 3:AH",  # 3: highest heart
    "3:KH 4:4H 0:JD 1:TS 2:4S",  # 3
    "3:QH 4:5H 0:QD 1:JS 2:7C",  # 2: a club on a heart lead
    "2:8C 3:JH 4:6H 0:KD 1:QS",  # 2
    "2:9C 3:TH 4:7H 0:AD 1:KS",  # 2
)
FIVE_WINNERS = [4, 4, 4, 4, 4, 3, 3, 2, 2, 2]

# 8 players, two decks, dealer 7: seat 0 is the forehand and holds the 13 top clubs.
# Seat 1 follows with low clubs; in trick 12 his only club (8♣) is identical to the
# led 8♣, so he may play 5♥.  In trick 13 seat 5 plays 3♠ and seat 6, whose last card is
# the other 3♠, is skipped: he keeps it, set aside unscored.
EIGHT_HANDS = (
    "AC AC KC KC QC QC JC JC TC TC 9C 9C 8C",  # seat 0
    "8C 7C 7C 6C 6C 5C 5C 4C 4C 3C 3C 2C 5H",  # seat 1
    "2C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 2S",  # seat 2
    "AH AS KS QS JS TS 9S 8S 7S 6S 5S 4S 2S",  # seat 3
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",  # seat 4
    "AD KH QH JH TH 9H 8H 7H 6H 4H 3H 2H 3S",  # seat 5
    "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D 3S",  # seat 6
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 7
)
EIGHT_TRICKS = (
    "0:AC 1:3C 2:2C 3:AH 4:2H 5:AD 6:KD 7:2D",
    "0:AC 1:2C 2:AS 3:2S 4:3H 5:KH 6:QD 7:3D",  # the second A♣ leads the next trick
    "0:KC 1:3C 2:KS 3:4S 4:4H 5:QH 6:JD 7:4D",
    "0:KC 1:4C 2:QS 3:5S 4:5H 5:JH 6:TD 7:5D",
    "0:QC 1:4C 2:JS 3:6S 4:6H 5:TH 6:9D 7:6D",
    "0:QC 1:5C 2:TS 3:7S 4:7H 5:9H 6:8D 7:7D",
    "0:JC 1:5C 2:9S 3:8S 4:8H 5:2H 6:7D 7:8D",
    "0:JC 1:6C 2:8S 3:9S 4:9H 5:3H 6:6D 7:9D",
    "0:TC 1:6C 2:7S 3:TS 4:TH 5:4H 6:5D 7:TD",
    "0:TC 1:7C 2:6S 3:JS 4:JH 5:6H 6:4D 7:JD",
    "0:9C 1:7C 2:5S 3:QS 4:QH 5:7H 6:3D 7:QD",
    "0:8C 1:5H 2:4S 3:KS 4:KH 5:8H 6:2D 7:KD",  # 1: 8♣ cancelled, plays 5♥
    "0:9C 1:8C 2:2S 3:AS 4:AH 5:3S 7:AD",  # 6 skipped
)


def swap_6_7(text: str) -> str:
    """The same trick with the cards of seats 6 and 7 exchanged (seat order kept)."""
    tokens = text.split()
    seats = [t.split(":")[0] for t in tokens]
    i, j = seats.index("6"), seats.index("7")
    moves = [t.split(":")[1] for t in tokens]
    moves[i], moves[j] = moves[j], moves[i]
    return " ".join(f"{s}:{m}" for s, m in zip(seats, moves, strict=True))


def eight_variant() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """EIGHT with the hands of seats 6 and 7 exchanged: now seat 7, the last of the
    trick, is the one skipped in trick 13, which then ends with the skip."""
    hands = (*EIGHT_HANDS[:6], EIGHT_HANDS[7], EIGHT_HANDS[6])
    tricks = tuple(swap_6_7(t) for t in EIGHT_TRICKS[:-1])
    return hands, (*tricks, "0:9C 1:8C 2:2S 3:AS 4:AH 5:3S 6:AD")
