"""Helpers for the Кинг rules tests: states built from explicit hands, scripted play,
random legal play and an independent legal-card check written straight from ``king.md``.

Nothing here decides a rule for the engine: the expected numbers in the tests come
from the rules file, and ``king_rules.rule_points`` restates its tables in plain code so that
random deals can be checked trick by trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardtable.cards import Card
from cardtable.engine.actions import PLAY, Action
from cardtable.engine.game import DealEnded, Event, IllegalAction, Layout, TrickWon
from cardtable.engine.king import KING_GAME, KingState, schedule
from cardtable.engine.king_actions import Buy, Order

# --- cards ---------------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """``"AS KH 7D"`` → the cards in that order."""
    return tuple(Card.parse(t) for t in text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def names(seq: Iterable[Any]) -> list[str]:
    """Card names of cards or ``Play`` actions, in order."""
    out = []
    for x in seq:
        card = getattr(x, "card", x)
        out.append(str(card))
    return out


def deck(n: int) -> list[Card]:
    """The deck of king.md written out by hand: 7..A, minus 7♠ 7♣ with 3 players."""
    out = [Card.parse(r + s) for s in "SHDC" for r in "789TJQKA"]
    if n == 3:
        out = [x for x in out if str(x) not in ("7S", "7C")]
    return out


def layout(hands: Sequence[str] | str) -> Layout:
    """A layout from one text per seat (or one text with hands separated by ``|``)."""
    if isinstance(hands, str):
        hands = hands.split("|")
    return Layout(tuple(cards(h) for h in hands))


def complete(n: int, partial: Mapping[int, str], hand_size: int | None = None) -> Layout:
    """A layout in which the seats of ``partial`` start with the given cards and every
    hand is then filled, in deck order, with the cards nobody was given."""
    size = hand_size or (8 if n == 4 else 10)
    given = {s: list(cards(t)) for s, t in partial.items()}
    used = {x for h in given.values() for x in h}
    rest = [x for x in deck(n) if x not in used]
    hands = []
    for s in range(n):
        h = given.get(s, [])
        while len(h) < size:
            h.append(rest.pop(0))
        hands.append(tuple(h))
    return Layout(tuple(hands))


# --- states ----------------------------------------------------------------------------------


def deal_index(options: Mapping[str, Any], deal: int | str, occurrence: int = 0) -> int:
    """The schedule index of ``deal``: an index, or a deal key (``"king"``,
    ``"hvalenka"``) — its ``occurrence``-th appearance (0 = stage 1 for penalty keys)."""
    if isinstance(deal, int):
        return deal
    sched = schedule(KING_GAME.check_options(options))
    found = [i for i, d in enumerate(sched) if d.key == deal]
    return found[occurrence]


def state_at(deal: int | str, hands: Sequence[str] | str | Layout,
             options: Mapping[str, Any] | None = None, dealer: int = 0,
             occurrence: int = 0) -> KingState:
    """A fresh state jumped to ``deal`` of the schedule, dealt ``hands`` with ``dealer``
    dealing (so seat ``dealer + 1`` is the forehand)."""
    lay = hands if isinstance(hands, Layout) else layout(hands)
    opts = {"players": len(lay.hands), **(options or {})}
    state = KING_GAME.new(opts, dealer)
    state.deal_index = deal_index(opts, deal, occurrence)
    state.dealer = dealer
    state.deal(lay)
    return state


def play(state: KingState, text: str) -> list[Event]:
    """Play the cards of ``text`` in order, each by the seat to move."""
    events: list[Event] = []
    for t in text.split():
        events += state.apply(PLAY[Card.parse(t)])
    return events


def order(state: KingState, contract: str) -> list[Event]:
    return state.apply(Order(contract))


def buy(state: KingState, price: int) -> list[Event]:
    return state.apply(Buy(price))


def tricks_of(events: Iterable[Event]) -> list[TrickWon]:
    return [e for e in events if isinstance(e, TrickWon)]


def deal_end(events: Iterable[Event]) -> DealEnded | None:
    ends = [e for e in events if isinstance(e, DealEnded)]
    assert len(ends) <= 1
    return ends[0] if ends else None


def snapshot(state: KingState) -> tuple[Any, ...]:
    """Everything a refused action must leave untouched."""
    return (
        state.phase, state.to_move, state.dealer, state.deal_index,
        tuple(state.hands), tuple(state.trick_cards), tuple(state.tricks),
        tuple(state.points), tuple(state.tricks_taken), tuple(state.deal_scores),
        tuple(state.totals), tuple(state.legal_actions()), tuple(state.offers),
        state.buyer, state.contract, state.trump, state.misere,
        tuple(state.view(s) for s in range(state.n)),
    )


def assert_refused(state: KingState, action: Action, code: str | None = None) -> IllegalAction:
    """``action`` raises IllegalAction (with ``code`` if given) and changes nothing."""
    before = snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        after = snapshot(state)
        assert after == before, "a refused action changed the state"
        if code is not None:
            assert exc.code == code, (exc.code, exc.message)
        return exc
    raise AssertionError(f"{action} was accepted")


def legal_cards(state: KingState) -> list[str]:
    return sorted(names(state.legal_actions()))


# --- random play ------------------------------------------------------------------------------


def random_action(state: KingState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def play_deal_randomly(state: KingState, rng: random.Random,
                       choose: Any = None) -> list[Event]:
    """Play the current deal to its end with random legal actions; the events."""
    events: list[Event] = []
    index = state.deal_index
    while state.deal_index == index and not state.is_over and not state.needs_deal:
        action = choose(state, rng) if choose else random_action(state, rng)
        events += state.apply(action)
    return events


def play_game_randomly(options: Mapping[str, Any], seed: int,
                       first_dealer: int = 0) -> tuple[KingState, list[list[Event]]]:
    """A whole game with random layouts and random legal actions; the events per deal."""
    rng = random.Random(seed)
    state = KING_GAME.new(options, first_dealer)
    per_deal: list[list[Event]] = []
    while not state.is_over:
        assert state.needs_deal
        events = state.deal(state.random_layout(rng))
        events += play_deal_randomly(state, rng)
        per_deal.append(events)
    return state, per_deal


# --- the rules, restated for checking random deals --------------------------------------------



def rule_legal(hand: Sequence[str], trick: Sequence[str], key: str,
               trump: str | None = None, must_trump: bool = False) -> list[str]:
    """The cards king.md lets a player with ``hand`` play to ``trick`` (cards so far)
    in a deal of kind ``key`` (a penalty key, or ``"hvalenka"``), sorted."""
    hand = sorted(hand)
    if not trick:
        others = [x for x in hand if x[1] != "H"]
        if key in ("hearts", "king", "eralash") and others:
            return others
        return hand
    follow = [x for x in hand if x[1] == trick[0][1]]
    if follow:
        return follow
    if key == "king" and "KH" in hand:
        return ["KH"]
    if must_trump and trump is not None:
        trumps = [x for x in hand if x[1] == trump]
        if trumps:
            return trumps
    return hand


RANK_ORDER = "789TJQKA"


def rule_winner(trick: Sequence[tuple[int, str]], trump: str | None = None,
                misere: bool = False) -> int:
    """The seat that wins ``trick`` ((seat, card) in play order) by the rules."""
    led = trick[0][1][1]

    def strength(card: str) -> tuple[int, int]:
        rank = RANK_ORDER.index(card[0])
        if misere:
            rank = -rank
        if trump is not None and card[1] == trump:
            return (2, rank)
        if card[1] == led:
            return (1, rank)
        return (0, 0)

    return max(trick, key=lambda sc: strength(sc[1]))[0]


# --- two hand-built deals, legal under every stage-1 play rule ----------------------------
# Their per-trick costs were worked out by hand from the king.md tables.

# Dealer 3, so seat 0 is the forehand.  Every player always follows suit.
L4 = (
    "AS 7S 8H 9H AD 7D JC 8C",  # seat 0
    "KS 8S TH JH KD 8D QC 9C",  # seat 1
    "QS 9S QH KH QD 9D KC TC",  # seat 2
    "JS TS 7H AH JD TD AC 7C",  # seat 3
)
# Trick by trick (leader first):                                 winner
#  T1 0:AS 1:KS 2:QS 3:JS                                           0
#  T2 0:7S 1:8S 2:9S 3:TS                                           3
#  T3 3:AC 0:8C 1:QC 2:KC                                           3
#  T4 3:7C 0:JC 1:9C 2:TC                                           0 (J > T > 9 > 7)
#  T5 0:AD 1:KD 2:QD 3:JD                                           0
#  T6 0:7D 1:8D 2:9D 3:TD                                           3
#  T7 3:7H 0:8H 1:TH 2:KH  (seat 3 holds only hearts: 7H AH)        2
#  T8 2:QH 3:AH 0:9H 1:JH                                           3
S4 = "AS KS QS JS  7S 8S 9S TS  AC 8C QC KC  7C JC 9C TC  AD KD QD JD  7D 8D 9D TD  " \
     "7H 8H TH KH  QH AH 9H JH"
W4 = [0, 3, 3, 0, 0, 3, 2, 3]
P4 = {  # what each trick costs its taker (king.md units for 4 players)
    "tricks": [2] * 8,
    "hearts": [0, 0, 0, 0, 0, 0, 8, 8],  # T7 and T8 hold four hearts each
    "boys": [4, 0, 0, 4, 4, 0, 0, 4],  # JS, JC, JD, JH
    "boys_jk": [4, 0, 2, 2, 4, 0, 2, 2],  # KS JS | KC | JC | KD JD | KH | JH, 2 each
    "girls": [4, 0, 4, 0, 4, 0, 0, 4],  # QS, QC, QD, QH
    "king": [0, 0, 0, 0, 0, 0, 16, 0],  # KH in T7
    "last_two": [0, 0, 0, 0, 0, 0, 8, 8],
    # ералаш: T1 2+QS 4+JS 4; T3 2+QC 4; T4 2+JC 4; T5 2+QD 4+JD 4;
    # T7 2+4 hearts 8+KH 16+last 8; T8 2+8+JH 4+QH 4+last 8
    "eralash": [10, 2, 6, 6, 10, 2, 34, 26],
    # with jacks and kings (2 each): T1 2+4+4; T3 2+KC 2+QC 4; T4 2+2; T5 2+4+4;
    # T7 2+8+KH as boy 2+16+8; T8 2+8+JH 2+QH 4+8
    "eralash_jk": [10, 2, 8, 4, 10, 2, 36, 24],
}
D4 = {  # deal scores (all negative)
    "tricks": [-6, 0, -2, -8],
    "hearts": [0, 0, -8, -8],
    "boys": [-12, 0, 0, -4],
    "boys_jk": [-10, 0, -2, -4],
    "girls": [-8, 0, 0, -8],
    "king": [0, 0, -16, 0],
    "last_two": [0, 0, -8, -8],
    "eralash": [-26, 0, -34, -36],
    "eralash_jk": [-24, 0, -36, -36],
}

# Dealer 2, so seat 0 is the forehand.  30 cards: no 7S, no 7C.
L3 = (
    "AS JS TS AD 7D 8C JC TD 9H QH",  # seat 0
    "KS 9S QD KD 8D KC 9C 7H TH JH",  # seat 1
    "QS 8S KH JD 9D AC QC TC 8H AH",  # seat 2
)
#  T1  0:AS 1:KS 2:QS                                    0
#  T2  0:JS 1:9S 2:8S                                    0
#  T3  0:TS 1:QD 2:KH  (1 and 2 void; 2 discards KH)     0
#  T4  0:AD 1:KD 2:JD                                    0
#  T5  0:7D 1:8D 2:9D                                    2
#  T6  2:AC 0:8C 1:KC                                    2
#  T7  2:QC 0:JC 1:9C                                    2
#  T8  2:TC 0:TD 1:7H  (0 and 1 void)                    2
#  T9  2:8H 0:9H 1:TH  (2 holds only hearts)             1
#  T10 1:JH 2:AH 0:QH                                    2
S3 = "AS KS QS  JS 9S 8S  TS QD KH  AD KD JD  7D 8D 9D  AC 8C KC  QC JC 9C  TC TD 7H  " \
     "8H 9H TH  JH AH QH"
W3 = [0, 0, 0, 0, 2, 2, 2, 2, 1, 2]
P3 = {  # king.md units for 3 players
    "tricks": [4] * 10,
    "hearts": [0, 0, 5, 0, 0, 0, 0, 5, 15, 15],
    "boys": [0, 10, 0, 10, 0, 0, 10, 0, 0, 10],  # JS, JD, JC, JH
    "boys_jk": [5, 5, 5, 10, 0, 5, 5, 0, 0, 5],  # KS|JS|KH|KD JD|KC|JC|JH
    "girls": [10, 0, 10, 0, 0, 0, 10, 0, 0, 10],  # QS, QD, QC, QH
    "king": [0, 0, 40, 0, 0, 0, 0, 0, 0, 0],
    "last_two": [0] * 8 + [20, 20],
    # T1 4+QS 10; T2 4+JS 10; T3 4+KH heart 5+QD 10+KH 40; T4 4+JD 10; T7 4+QC+JC;
    # T8 4+7H 5; T9 4+3 hearts 15+last 20; T10 4+15+JH 10+QH 10+20
    "eralash": [14, 14, 59, 14, 4, 4, 24, 9, 39, 59],
    # jacks and kings 5 each: T1 4+QS 10+KS 5; T2 4+JS 5; T3 4+5+KH boy 5+QD 10+40;
    # T4 4+KD JD 10; T6 4+KC 5; T7 4+QC 10+JC 5; T10 4+15+JH 5+QH 10+20
    "eralash_jk": [19, 9, 64, 14, 4, 9, 19, 9, 39, 54],
}
D3 = {
    "tricks": [-16, -4, -20],
    "hearts": [-5, -15, -20],
    "boys": [-20, 0, -20],
    "boys_jk": [-25, 0, -15],
    "girls": [-20, 0, -20],
    "king": [-40, 0, 0],
    "last_two": [0, -20, -20],
    "eralash": [-101, -39, -100],
    "eralash_jk": [-106, -39, -95],
}
