"""Why the suggested move, in a few words: «сбросьте Д♠: у вас нет бубен».

The search says only *which* move is best; the reason is read off the position as the
player sees it — a void, a card that takes or ducks, a suit the others lack, a count of
the cards still out, what the contract still needs, what the hand holds.  Every hint
for a card says why; a bid, order, price or declaration says why too, with one
exception: a hint with a single legal move says only that it is the only one.

**The obvious move**, against which the search's choice is measured (see
``tests/ui/test_hint_reasons_share.py``), is what a casual player does without thinking:

* one legal move: that move;
* a card, where the seat wants the trick (Кинг's хвалёнки and plus deals, Трефы while
  the seat's contract — or, for a defender, the declarer's — still needs tricks,
  Метаморфоза's fours and the kind the seat declared): leading, the highest card;
  following, the lowest card that takes the trick, else the lowest card;
* a card, where the seat does not want it (Кинг's penalty deals, Трефы once the
  contract is made, Метаморфоза's aces, twos and threes not declared): leading, the
  lowest card; following, the highest card that stays under the winning one, else the
  lowest card that takes;
* a bid, order, price or declaration: the first one the rules offer (the lowest bid or
  price, the first contract, the first declaration card still free).

Ranks are compared the way the deal ranks them («мизер» reversed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.cards import (
    ACE,
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    SPADES,
    rank_of,
    ranks_in,
    suit_of,
)
from cardtable.engine.actions import Action, Play
from cardtable.engine.game import View
from cardtable.ui.i18n import current_language
from cardtable.ui.texts import fill, translate_counted

if TYPE_CHECKING:
    from cardtable.ui.games.base import GamePresenter


class HintWords:
    """The translation context of the hint's words (``HintWords.tr``), written as
    :class:`cardtable.ui.texts.Texts` is so that ``lupdate`` files the counted ones."""

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return translate_counted("HintWords", text, disambiguation, n)


def card_symbol(card: int) -> str:
    """A card as the hint writes it, rank and suit symbol: «Д♠», "Q♠" (a card in words,
    as a screen reader says it, is :func:`cardtable.ui.texts.card_words`)."""
    return CARDS[card].pretty(russian=current_language() == "ru")


def _none_of(suit: int) -> str:
    """«у вас нет бубен»: the suit after "none of" (Russian genitive plural)."""
    words = {
        SPADES: HintWords.tr("you have no spades"),
        HEARTS: HintWords.tr("you have no hearts"),
        DIAMONDS: HintWords.tr("you have no diamonds"),
        CLUBS: HintWords.tr("you have no clubs"),
    }
    return words[suit]


def _trick_cards(view: View) -> list[int]:
    return [c for _, c in view.trick]


def _plays(view: View) -> list[int]:
    return [int(a.card) for a in view.legal if type(a) is Play]


# --- the position ---------------------------------------------------------------------------


def beats(card: int, best: int, trump: int | None, reversed_ranks: bool = False) -> bool:
    """Does ``card`` take the trick from ``best`` (the card winning it so far)?"""
    suit, best_suit = suit_of(card), suit_of(best)
    if suit == best_suit:
        higher = rank_of(card) > rank_of(best)
        return higher != reversed_ranks
    return suit == trump


def winning_card(view: View) -> int | None:
    """The card winning the trick on the table so far (None on the lead)."""
    cards = _trick_cards(view)
    if not cards:
        return None
    trump = view.trick_trump()
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, trump, view.ranks_reversed()):
            best = card
    return best


def _strength(view: View, card: int) -> int:
    """The card's rank as this deal orders it (the 2 or 7 highest in «мизер»)."""
    return 12 - rank_of(card) if view.ranks_reversed() else rank_of(card)


def _sort_key(view: View) -> Callable[[int], tuple[int, int]]:
    """Cards from the weakest to the strongest in this deal."""
    return lambda c: (_strength(view, c), c)


def _still_to_play(view: View) -> int:
    """How many seats play to this trick after this one (skips aside)."""
    skipped = len(getattr(view, "skipped", ()))
    return max(0, view.n - len(view.trick) - skipped - 1)


def _hints(view: View) -> type[GamePresenter[Any]]:
    """The presenter of the view's game, which words what is its own."""
    from cardtable.ui.games.base import PRESENTERS, GamePresenter  # base imports this
    return PRESENTERS.get(view.game, GamePresenter)


def wants_tricks(view: View) -> bool:
    """Does this seat want to take the trick now (see the module's docstring)?"""
    return _hints(view).hint_wants_tricks(view)


def _takers(view: View, cards: Sequence[int]) -> list[int]:
    best = winning_card(view)
    if best is None:
        return []
    trump, reverse = view.trick_trump(), view.ranks_reversed()
    return [c for c in cards if beats(c, best, trump, reverse)]


def obvious_card(view: View) -> int | None:
    """The card a casual player would play here (see the module's docstring)."""
    plays = _plays(view)
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    key = _sort_key(view)
    want = wants_tricks(view)
    if not view.trick:
        return max(plays, key=key) if want else min(plays, key=key)
    takers = _takers(view, plays)
    losers = [c for c in plays if c not in takers]
    if want:
        return min(takers, key=key) if takers else min(losers, key=key)
    return max(losers, key=key) if losers else min(takers, key=key)


def obvious_move(view: View) -> Action | None:
    """The obvious move of the seat to move: a card as :func:`obvious_card` says, else
    the first legal action."""
    card = obvious_card(view)
    if card is not None:
        return next(a for a in view.legal if type(a) is Play and a.card == card)
    return view.legal[0] if view.legal else None


# --- the words for a card ----------------------------------------------------------------------


def lead_reason(view: View, card: int, tricks_cost: bool | None = None) -> str:
    """Why lead ``card``: counted from the cards seen this deal where that can be done
    (the master of its suit, the lowest left, a suit nobody else holds), else from the
    hand (a trump that draws trumps, the last card of a suit, the highest or lowest
    card)."""
    name = card_symbol(card)
    want = wants_tricks(view) if tricks_cost is None else not tricks_cost
    if len(_plays(view)) == 1:
        return fill(HintWords.tr("lead %1: the only card you may lead"), name)
    suit, rank = suit_of(card), rank_of(card)
    unseen = view.unseen_mask()
    if unseen is not None:
        out = ranks_in(unseen, suit)
        higher = out >> (rank + 1)
        lower = out & ((1 << rank) - 1)
        if view.ranks_reversed():
            higher, lower = lower, higher
        if not out:
            return fill(HintWords.tr("lead %1: nobody else has this suit"), name)
        if not higher:
            if not want:
                return fill(HintWords.tr("lead %1: it would take a trick anyway — better "
                                         "this one than a costlier one later"), name)
            return fill(HintWords.tr("lead %1: the highest card of its suit still out"), name)
        if not lower:
            if not want:
                return fill(HintWords.tr("lead %1: it cannot take the trick — every card "
                                         "of its suit still out is higher"), name)
            return fill(HintWords.tr("lead %1: every card of its suit still out is higher"),
                        name)
    trump = view.trick_trump()
    if want and trump is not None and suit == trump:
        return fill(HintWords.tr("lead %1: a trump draws the others' trumps"), name)
    same = [c for c in view.hand if suit_of(c) == suit]
    if len(same) == 1:
        return fill(HintWords.tr("lead %1: your last card of this suit — then you are "
                                 "free of it"), name)
    if unseen is not None:
        out = ranks_in(unseen, suit)
        count = (out >> (rank + 1) if not view.ranks_reversed()
                 else out & ((1 << rank) - 1)).bit_count()
        return fill(HintWords.tr("lead %1: still out, %n higher card(s) of its suit", None,
                                 count), name)
    key = [_strength(view, c) for c in same]
    if _strength(view, card) == min(key):
        return fill(HintWords.tr("lead %1: your lowest card of this suit — the higher "
                                 "ones stay for later"), name)
    if _strength(view, card) == max(key):
        return fill(HintWords.tr("lead %1: your highest card of this suit"), name)
    return fill(HintWords.tr("lead %1: it keeps your higher and lower cards of this "
                             "suit for later"), name)


def play_reason(view: View, card: int, tricks_cost: bool | None = None) -> str:
    """A few words on why ``card`` is a good card to play now.  Whether the seat wants
    the trick is read off the view (:func:`wants_tricks`); ``tricks_cost`` overrides
    it for a caller that knows better."""
    cards = _trick_cards(view)
    if not cards:
        return lead_reason(view, card, tricks_cost)
    name = card_symbol(card)
    want = wants_tricks(view) if tricks_cost is None else not tricks_cost
    trump = view.trick_trump()
    led = suit_of(cards[0])
    best = winning_card(view)
    assert best is not None
    plays = _plays(view)
    holds_led = any(suit_of(c) == led for c in view.hand)
    takes = beats(card, best, trump, view.ranks_reversed())
    said = _hints(view).hint_card_reason(view, card, takes)
    if said is not None:
        return said
    if len(plays) == 1:
        return fill(HintWords.tr("play %1: the only card you may play"), name)
    if suit_of(card) != led and not holds_led:
        if takes:
            return fill(HintWords.tr("trump with %1: %2"), name, _none_of(led))
        return fill(HintWords.tr("throw %1 away: %2"), name, _none_of(led))
    key = _sort_key(view)
    takers = _takers(view, plays)
    losers = [c for c in plays if c not in takers]
    last = _still_to_play(view) == 0
    if takes:
        return _take_reason(view, card, name, want, takers, losers, last, key)
    if not takers:
        return fill(HintWords.tr("play %1 under %2: none of your cards can take it"),
                    name, card_symbol(best))
    if not want:
        if card == max(losers, key=key):
            return fill(HintWords.tr("play %1 under %2: the highest card you can lose "
                                     "the trick with"), name, card_symbol(best))
        return fill(HintWords.tr("play %1 under %2: your higher %3 stays for later"),
                    name, card_symbol(best), card_symbol(max(losers, key=key)))
    return fill(HintWords.tr("play %1 under %2: keep %3 to take a later trick"),
                name, card_symbol(best), card_symbol(max(takers, key=key)))


def _take_reason(view: View, card: int, name: str, want: bool, takers: list[int],
                 losers: list[int], last: bool,
                 key: Callable[[int], tuple[int, int]]) -> str:
    """Why take the trick with ``card`` (one of ``takers``)."""
    hints = _hints(view)
    said = hints.hint_take_reason(view, name) if want else None
    if said is not None:
        return said
    if want:
        lowest = min(takers, key=key)
        if card == lowest:
            return fill(HintWords.tr("take the trick with %1: the lowest card that takes "
                                     "it"), name)
        if not last:
            return fill(HintWords.tr("take the trick with %1: %2 could be overtaken by a "
                                     "player still to play"), name, card_symbol(lowest))
        return fill(HintWords.tr("take the trick with %1: %2 stays to take a later "
                                 "trick"), name, card_symbol(lowest))
    if not losers:
        return fill(HintWords.tr("take the trick with %1: every card you may play "
                                 "takes it"), name)
    cost = hints.hint_trick_cost(view, [*_trick_cards(view), card])
    if cost == 0:
        if last:
            return fill(HintWords.tr("take the trick with %1: it costs nothing"), name)
        return fill(HintWords.tr("take the trick with %1: nothing that costs is in it "
                                 "yet"), name)
    return hints.hint_take_anyway(name)


# --- the words for everything else ----------------------------------------------------------


def hand_estimate(hand: Sequence[int], trump: int | None) -> int:
    """Tricks a hand should take, counted as a casual player counts them: aces, kings
    with a guard, the trump's top cards and its length beyond three."""
    tricks = 0
    for suit in range(4):
        ranks = sorted((rank_of(c) for c in hand if suit_of(c) == suit), reverse=True)
        if not ranks:
            continue
        if suit == trump:
            tricks += max(len(ranks) - 3, 0) + sum(1 for r in ranks[:3] if r >= KING - 1)
            continue
        tricks += ranks[0] == ACE
        tricks += KING in ranks and len(ranks) >= 2
    return tricks


def suit_count(hand: Sequence[int], suit: int) -> int:
    return sum(1 for c in hand if suit_of(c) == suit)


def high_count(hand: Sequence[int]) -> int:
    return sum(1 for c in hand if rank_of(c) >= KING)


def choice_reason(view: View, action: Action) -> str | None:
    """Why this bid, order, price, declaration or pass (None for a card: see
    :func:`play_reason`)."""
    if type(action) is Play:
        return None
    if len(view.legal) == 1:
        return HintWords.tr("the only choice you have")
    hand = [int(c) for c in view.hand]
    from cardtable.ui.games.base import PRESENTERS  # base imports this
    # the view's game words its moves; a move of another game's kind, that game
    for presenter in dict.fromkeys((_hints(view), *PRESENTERS.values())):
        said = presenter.hint_choice_reason(view, action, hand)
        if said is not None:
            return said
    return None


def reason_of(view: View, action: Action) -> str:
    """The whole hint for a card (``play_reason``), or for anything else the reason
    alone (empty where none is said)."""
    if type(action) is Play:
        return play_reason(view, action.card)
    return choice_reason(view, action) or ""


def hint_text(view: View, action: Action, move: str) -> str:
    """The hint as the table shows it: for a card the card's own words with why, for
    anything else ``move`` (the presenter's «закажите 3») and why after a dash (the
    move's own words may hold a colon)."""
    if type(action) is Play:
        return play_reason(view, action.card)
    reason = choice_reason(view, action)
    return fill(HintWords.tr("%1 — %2"), move, reason) if reason else move
