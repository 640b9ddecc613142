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
from cardtable.engine.actions import Action, Bid, Buy, Declare, Order, Pass, Play
from cardtable.engine.game import View
from cardtable.ui.i18n import current_language
from cardtable.ui.texts import fill, translate_counted


class HintWords:
    """The translation context of the hint's words (``HintWords.tr``), written as
    :class:`cardtable.ui.texts.Texts` is so that ``lupdate`` files the counted ones."""

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return translate_counted("HintWords", text, disambiguation, n)


def _card(card: int) -> str:
    return CARDS[card].pretty(russian=current_language() == "ru")


_SYMBOLS = "♠♥♦♣"


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


def _clubs_need(view: View) -> tuple[int, bool] | None:
    """Трефы: the tricks still needed by the contract this seat plays for, and whether
    that contract is its own (False: a defender against the declarer's)."""
    contracts = getattr(view, "contracts", ())
    taken = getattr(view, "tricks_taken", ())
    if not contracts or not taken:
        return None
    own = contracts[view.seat]
    if own is not None:
        return own - taken[view.seat], True
    declarer = getattr(view, "declarer", None)
    if declarer is None or contracts[declarer] is None:
        return None
    return contracts[declarer] - taken[declarer], False


def _meta_declared(view: View) -> bool:
    kind = getattr(view, "kind", None)
    declarations = getattr(view, "declarations", ())
    return kind is not None and bool(declarations) and \
        declarations[view.seat] == kind.declaration


def wants_tricks(view: View) -> bool:
    """Does this seat want to take the trick now (see the module's docstring)?"""
    if view.game == "king":
        deal = getattr(view, "deal", None)
        return deal is None or deal.sign > 0
    if view.game == "clubs":
        need = _clubs_need(view)
        return need is None or need[0] > 0
    if view.game == "metamorphosis":
        kind = getattr(view, "kind", None)
        return kind is None or kind.per_card > 0 or _meta_declared(view)
    return True


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


def _trick_cost(view: View, cards: Sequence[int]) -> int | None:
    """Кинг: what a trick of ``cards`` would cost its taker in this deal's rules (None
    where that is not a penalty deal)."""
    deal = getattr(view, "deal", None)
    if view.game != "king" or deal is None or deal.sign > 0:
        return None
    from cardtable.engine.king import PENALTY_UNITS, card_values

    units = PENALTY_UNITS[view.n]
    mask = 0
    for c in cards:
        mask |= 1 << c
    cost = units["tricks"] if deal.key in ("tricks", "eralash") else 0
    for values, unit in card_values(deal.key, view.n, view.options.get("boys", "jacks")):
        cost += (mask & values).bit_count() * unit
    if deal.key in ("last_two", "eralash") and len(view.hand) <= 2:
        cost += units["last_two"]
    return cost


# --- the words for a card ----------------------------------------------------------------------


def lead_reason(view: View, card: int, tricks_cost: bool | None = None) -> str:
    """Why lead ``card``: counted from the cards seen this deal where that can be done
    (the master of its suit, the lowest left, a suit nobody else holds), else from the
    hand (a trump that draws trumps, the last card of a suit, the highest or lowest
    card)."""
    name = _card(card)
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


def _meta_reason(view: View, card: int, takes: bool) -> str | None:
    """Метаморфоза: what ``card`` scores for the trick's taker, or the premium."""
    kind = getattr(view, "kind", None)
    if kind is None:
        return None
    name = _card(card)
    counts = bool(kind.cards >> card & 1)
    if takes and _meta_declared(view):
        return fill(HintWords.tr("take the trick with %1: you declared this kind, +10 "
                                 "for every one you take"), name)
    if not takes and counts and kind.per_card < 0:
        return fill(HintWords.tr("give %1 to the trick's taker: it costs the taker %n "
                                 "point(s)", None, -kind.per_card), name)
    if takes and counts and kind.per_card > 0:
        return fill(HintWords.tr("take the trick with %1: it scores you %n point(s)", None,
                                 kind.per_card), name)
    return None


def play_reason(view: View, card: int, tricks_cost: bool | None = None) -> str:
    """A few words on why ``card`` is a good card to play now.  Whether the seat wants
    the trick is read off the view (:func:`wants_tricks`); ``tricks_cost`` overrides
    it for a caller that knows better."""
    cards = _trick_cards(view)
    if not cards:
        return lead_reason(view, card, tricks_cost)
    name = _card(card)
    want = wants_tricks(view) if tricks_cost is None else not tricks_cost
    trump = view.trick_trump()
    led = suit_of(cards[0])
    best = winning_card(view)
    assert best is not None
    plays = _plays(view)
    holds_led = any(suit_of(c) == led for c in view.hand)
    takes = beats(card, best, trump, view.ranks_reversed())
    if view.game == "metamorphosis":
        said = _meta_reason(view, card, takes)
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
                    name, _card(best))
    if not want:
        if card == max(losers, key=key):
            return fill(HintWords.tr("play %1 under %2: the highest card you can lose "
                                     "the trick with"), name, _card(best))
        return fill(HintWords.tr("play %1 under %2: your higher %3 stays for later"),
                    name, _card(best), _card(max(losers, key=key)))
    return fill(HintWords.tr("play %1 under %2: keep %3 to take a later trick"),
                name, _card(best), _card(max(takers, key=key)))


def _take_reason(view: View, card: int, name: str, want: bool, takers: list[int],
                 losers: list[int], last: bool,
                 key: Callable[[int], tuple[int, int]]) -> str:
    """Why take the trick with ``card`` (one of ``takers``)."""
    need = _clubs_need(view) if view.game == "clubs" else None
    if want and need is not None and need[0] > 0:
        if need[1]:
            return fill(HintWords.tr("take the trick with %1: your contract needs %n more "
                                     "trick(s)", None, need[0]), name)
        return fill(HintWords.tr("take the trick with %1: keep it from the declarer, who "
                                 "needs %n more trick(s)", None, need[0]), name)
    if want:
        lowest = min(takers, key=key)
        if card == lowest:
            return fill(HintWords.tr("take the trick with %1: the lowest card that takes "
                                     "it"), name)
        if not last:
            return fill(HintWords.tr("take the trick with %1: %2 could be overtaken by a "
                                     "player still to play"), name, _card(lowest))
        return fill(HintWords.tr("take the trick with %1: %2 stays to take a later "
                                 "trick"), name, _card(lowest))
    if not losers:
        return fill(HintWords.tr("take the trick with %1: every card you may play "
                                 "takes it"), name)
    cost = _trick_cost(view, [*_trick_cards(view), card])
    if cost == 0:
        if last:
            return fill(HintWords.tr("take the trick with %1: it costs nothing"), name)
        return fill(HintWords.tr("take the trick with %1: nothing that costs is in it "
                                 "yet"), name)
    if view.game == "metamorphosis":
        return fill(HintWords.tr("take the trick with %1: your other cards are worth "
                                 "keeping"), name)
    return fill(HintWords.tr("take the trick with %1: then you lead the next one"), name)


# --- the words for everything else ----------------------------------------------------------


def _hand_estimate(hand: Sequence[int], trump: int | None) -> int:
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


def _best_estimate(hand: Sequence[int]) -> int:
    """Кинг: the tricks the hand should take with its best suit as trumps."""
    return max(_hand_estimate(hand, suit) for suit in range(4))


def _suit_count(hand: Sequence[int], suit: int) -> int:
    return sum(1 for c in hand if suit_of(c) == suit)


def _high_count(hand: Sequence[int]) -> int:
    return sum(1 for c in hand if rank_of(c) >= KING)


def choice_reason(view: View, action: Action) -> str | None:
    """Why this bid, order, price, declaration or pass (None for a card: see
    :func:`play_reason`)."""
    if type(action) is Play:
        return None
    if len(view.legal) == 1:
        return HintWords.tr("the only choice you have")
    hand: list[int] = [int(c) for c in view.hand]
    if type(action) is Bid:
        forbidden = getattr(view, "forbidden_bid", None)
        estimate = _hand_estimate(hand, CLUBS)
        if forbidden is not None and forbidden == estimate and action.tricks != estimate:
            return HintWords.tr("as the dealer you may not bid %n", None, forbidden)
        return HintWords.tr("your aces, kings and clubs should take about %n trick(s)",
                            None, estimate)
    if type(action) is Pass:
        if view.game == "clubs":
            estimate = _hand_estimate(hand, CLUBS)
            high = getattr(view, "high_bid", None)
            if high is not None:
                return fill(HintWords.tr("your cards should take about %n trick(s), and "
                                         "the bid is already %1", None, estimate), high)
            return HintWords.tr("your cards should take about %n trick(s)", None, estimate)
        price = getattr(view, "price", 0)
        return fill(HintWords.tr("your cards should take about %n trick(s), and the "
                                 "price is already %1", None, _best_estimate(hand)), price)
    if type(action) is Buy:
        return HintWords.tr("your cards should take about %n trick(s)", None,
                            _best_estimate(hand))
    if type(action) is Order:
        return _order_reason(view, action.contract, hand)
    if type(action) is Declare:
        return _declare_reason(view, action.value, hand)
    return None


def _order_reason(view: View, contract: str, hand: Sequence[int]) -> str:
    """Кинг: why this contract, from the first packet (the orderer) or the whole hand
    (the buyer)."""
    packet = view.phase == "order"
    if contract.startswith("trump:"):
        suit = "SHDC".index(contract[-1])
        count = _suit_count(hand, suit)
        if packet:
            return fill(HintWords.tr("you hold %n card(s) of %1 among your first three",
                                     None, count), _SYMBOLS[suit])
        return fill(HintWords.tr("you hold %n card(s) of %1", None, count), _SYMBOLS[suit])
    if contract == "misere":
        low = sum(1 for c in hand if rank_of(c) <= 7)
        return HintWords.tr("you hold %n seven(s), eight(s) or nine(s), the high cards of "
                            "a misère", None, low)
    if contract == "notrump":
        return HintWords.tr("you hold %n ace(s) or king(s)", None, _high_count(hand))
    if contract == "last":
        if len({suit_of(c) for c in hand}) == len(hand):
            return HintWords.tr("your first three cards are all of different suits: let "
                                "the last card choose the trumps")
        return HintWords.tr("the last card, still unseen, chooses the trumps")
    return HintWords.tr("you hold %n ace(s) or king(s) among your first three cards; "
                        "everyone is credited the same tricks", None, _high_count(hand))


def _declare_reason(view: View, value: str, hand: Sequence[int]) -> str:
    """Метаморфоза: why this declaration card, from the hand."""
    if value == "4":
        if view.options.get("turned_trump"):
            return HintWords.tr("you hold %n heart(s), which score in a four", None,
                                _suit_count(hand, HEARTS))
        return HintWords.tr("you hold %n diamond(s), the trumps of a four", None,
                            _suit_count(hand, DIAMONDS))
    if value == "3":
        return HintWords.tr("you hold %n ace(s) or king(s), and a three costs its taker "
                            "least", None, _high_count(hand))
    return HintWords.tr("you hold %n ace(s) or king(s) to take tricks with", None,
                        _high_count(hand))


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
