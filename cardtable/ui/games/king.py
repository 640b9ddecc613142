"""Кинг on the screen: the deal names and rules, the хвалёнка's order and buying
panels, what the orderer and the buyers say, the plates and the score sheet.

The game's words (deal names, contracts, rule lines) are translated in the ``Texts``
context with the other game words; the presenter's own sentences in its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QCoreApplication

from cardtable.cards import SUIT_SYMBOLS, rank_of, suit_of
from cardtable.engine.actions import Action, Pass
from cardtable.engine.game import Event, IllegalAction, Passed, View
from cardtable.engine.king import (
    PENALTY_UNITS,
    TRICK_VALUE,
    DealSpec,
    KingState,
    KingView,
    boys_rule,
    card_values,
    schedule,
)
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.king_events import Bought, CardShown, Offered, OrderMade
from cardtable.engine.match import DealLog
from cardtable.ui.games.base import (
    GamePresenter,
    OptionWords,
    Panel,
    Plate,
    register_presenter,
)
from cardtable.ui.games.hint_words import HintWords, hand_estimate, high_count, suit_count
from cardtable.ui.games.rules_glossary import Term
from cardtable.ui.games.unused_options import NO_ERALASH, NO_TRUMPS
from cardtable.ui.i18n import QT_TRANSLATE_NOOP, current_language
from cardtable.ui.panels import Choice
from cardtable.ui.score_rows import DEAL, SUBTOTAL, TOTAL, SheetData, SheetRow, sum_rows
from cardtable.ui.texts import Texts, fill, signed, suit_name, tricks_text

# --- the game's words ------------------------------------------------------------------------


def stage_name(stage: int) -> str:
    """The two stages of Кинг, as the score sheet heads them."""
    if stage == 1:
        return Texts.tr("Penalty stage")
    return Texts.tr("Positive stage")


def deal_name(spec: DealSpec, options: Mapping[str, Any] | None = None) -> str:
    """The deal's name in the game's own words («Не брать червей»).  A plus ералаш is
    «Брать всё» in the all-positive form and «Обратный ералаш» after хвалёнки (also
    without ``options``)."""
    if spec.is_hvalenka:
        return Texts.tr("Khvalyonka (ordered deal)")
    if spec.sign < 0:
        names = {
            "tricks": Texts.tr("No tricks"),
            "hearts": Texts.tr("No hearts"),
            "boys": Texts.tr("No boys"),
            "girls": Texts.tr("No girls"),
            "king": Texts.tr("No King of Hearts"),
            "last_two": Texts.tr("No last two tricks"),
            "eralash": Texts.tr("Eralash (all at once)"),
        }
        return names.get(spec.key, spec.key)
    if spec.key == "eralash" and options is not None and options.get("stage2") == "positive":
        return Texts.tr("Take everything")
    names = {
        "tricks": Texts.tr("Take tricks"),
        "hearts": Texts.tr("Take hearts"),
        "boys": Texts.tr("Take boys"),
        "girls": Texts.tr("Take girls"),
        "king": Texts.tr("Take the King of Hearts"),
        "last_two": Texts.tr("Take the last two tricks"),
        "eralash": Texts.tr("Reverse eralash (all at once, as plus)"),
    }
    return names.get(spec.key, spec.key)


def _deal_detail(key: str, n: int, boys: str, forced_kh: bool = False) -> str:
    """The rule of a deal after its name: the points for ``n`` players and the
    ``boys`` option, and the play restrictions the deal adds (``forced_kh``: the K♥
    rule of deal 5 in ералаш, option ``eralash_king``)."""
    unit = PENALTY_UNITS[n]
    _, boy = boys_rule(boys, n)
    v = boy if key == "boys" else unit.get(key, 0)
    if key == "tricks":
        return Texts.tr("%n point(s) per trick taken", None, v)
    if key == "hearts":
        return Texts.tr("%n point(s) per heart taken; do not lead hearts", None, v)
    if key == "boys" and boys == "jacks_kings":
        return Texts.tr("%n point(s) per jack or king taken", None, v)
    if key == "boys":
        return Texts.tr("%n point(s) per jack taken", None, v)
    if key == "girls":
        return Texts.tr("%n point(s) per queen taken", None, v)
    if key == "king":
        return Texts.tr("%n point(s) for taking it; do not lead hearts; if you cannot follow "
                        "suit, play it", None, v)
    if key == "last_two":
        return Texts.tr("%n point(s) for each of the last two tricks", None, v)
    # ералаш: every rule at once
    if boys == "jacks_kings":
        boys_part = fill(Texts.tr("%1 per jack or king"), boy)
    else:
        boys_part = fill(Texts.tr("%1 per jack"), boy)
    rule = fill(Texts.tr("%1 per trick, %2 per heart, %3, %4 per queen, %5 for the King of "
                         "Hearts, %6 for each of the last two tricks; do not lead hearts"),
                unit["tricks"], unit["hearts"], boys_part, unit["girls"], unit["king"],
                unit["last_two"])
    if forced_kh:
        rule = fill(Texts.tr("%1; if you cannot follow suit, play the King of Hearts"), rule)
    return rule


def deal_rule(spec: DealSpec, options: Mapping[str, Any]) -> str:
    """The deal's rule in one line, with the numbers for these options:
    «Не брать червей — 2 очка за черву, с червей не ходить».  A хвалёнка's rule depends
    on its contract; once that is known, :func:`hvalenka_rule` says it."""
    n = options["players"]
    if spec.is_hvalenka:
        v = TRICK_VALUE[n]
        detail = Texts.tr("%n point(s) per trick; the player to the dealer's left orders",
                          None, v)
    else:
        detail = _deal_detail(spec.key, n, options.get("boys", "jacks"),
                              spec.forced_kh and spec.key == "eralash")
    return fill(Texts.tr("%1 — %2"), deal_name(spec, options), detail)


def contract_name(contract: str) -> str:
    """A хвалёнка order: ``trump:S`` … «козыри пики», ``notrump`` «бескозырка», …"""
    if contract.startswith("trump:"):
        suit = "SHDC".index(contract[-1])
        return fill(Texts.tr("trumps: %1"), suit_name(suit))
    names = {
        "notrump": Texts.tr("no trumps", "a khvalyonka contract"),
        "last": Texts.tr("trumps by the last card"),
        "misere": Texts.tr("misère"),
        "split": Texts.tr("split"),
    }
    return names.get(contract, contract)


def hvalenka_rule(view: KingView, names: Sequence[str], you: int | None = None) -> str:
    """The rule line of a хвалёнка in progress: the contract, what a trick is worth,
    who ordered and who bought it («Хвалёнка: козыри черви — 3 очка за взятку; заказ:
    Аня»).  The words are chosen so that no sentence depends on a player's gender; the
    person at the screen (``you``) is addressed, not named («заказываете вы»)."""
    v = TRICK_VALUE[view.n]
    orderer = names[view.orderer] if view.orderer is not None else ""
    mine = view.orderer is not None and view.orderer == you
    contract = view.contract
    if view.phase == "buyer_order" and view.buyer is not None:
        # Bought: the buyer now chooses his own contract.
        line = Texts.tr("Khvalyonka — %n point(s) per trick; you order", None, v) \
            if view.buyer == you else \
            fill(Texts.tr("Khvalyonka — %n point(s) per trick; %1 orders", None, v),
                 names[view.buyer])
        return fill(Texts.tr("%1; bought for %n trick(s)", None, view.price), line)
    if contract is None:
        if mine:
            return Texts.tr("Khvalyonka — %n point(s) per trick; you order", None, v)
        return fill(Texts.tr("Khvalyonka — %n point(s) per trick; %1 orders", None, v), orderer)
    if contract == "split":
        if view.n == 4:
            if mine:
                return Texts.tr("Khvalyonka, split — no play, 2 tricks to each "
                                "player; ordered by you")
            return fill(Texts.tr("Khvalyonka, split — no play, 2 tricks to each "
                                 "player; ordered by %1"), orderer)
        if mine:
            return Texts.tr("Khvalyonka, split — no play, 4 tricks to you, 3 to "
                            "each of the others")
        return fill(Texts.tr("Khvalyonka, split — no play, 4 tricks to %1, 3 to each "
                             "of the others"), orderer)
    if contract == "last" and view.trump is not None:
        what = fill(Texts.tr("by the last card, trumps: %1"),
                    suit_name(view.trump))
    else:
        what = contract_name(contract)
    line = fill(Texts.tr("Khvalyonka, %1 — %n point(s) per trick; ordered by you", None, v),
                what) if mine else \
        fill(Texts.tr("Khvalyonka, %1 — %n point(s) per trick; ordered by %2", None, v),
             what, orderer)
    if contract == "misere":
        line = fill(Texts.tr("%1; the 7 is high, the ace low"), line)
    if view.buyer is not None and view.phase != "buy":
        line = fill(Texts.tr("%1; bought by you for %n trick(s)", None, view.price), line) \
            if view.buyer == you else \
            fill(Texts.tr("%1; bought by %2 for %n trick(s)", None, view.price), line,
                 names[view.buyer])
    if view.options.get("must_trump") and view.trump is not None:
        line = fill(Texts.tr("%1; if you cannot follow suit, play a trump"), line)
    return line


# --- the score sheet ---------------------------------------------------------------------------


def _hvalenka_deal(state: KingState, index: int,
                   deals: Sequence[DealLog] | None) -> tuple[str | None, int | None]:
    """The contract played in хвалёнка ``index`` and the buyer, if known: from the
    match's log, else, for the deal in progress, from the state."""
    if deals is not None and index < len(deals):
        contract: str | None = None
        buyer: int | None = None
        best = 0
        for seat, action in deals[index].actions:
            if type(action) is Order:
                contract = action.contract
            elif type(action) is Buy and action.price > best:
                best, buyer = action.price, seat
        return contract, buyer
    if index == state.deal_index and not state.is_over and not state.needs_deal:
        return state.contract, state.buyer
    return None, None


def _sheet_label(spec: DealSpec, state: KingState, names: Sequence[str],
                 deals: Sequence[DealLog] | None) -> str:
    index = spec.number - 1
    if not spec.is_hvalenka:
        return fill(QCoreApplication.translate("ScoreSheet", "%1. %2"), spec.number,
                    deal_name(spec, state.options))
    # The orderer of a хвалёнка is the forehand: known in advance for every deal.
    orderer = (state.first_dealer + index + 1) % state.n
    who = names[orderer]
    contract, buyer = _hvalenka_deal(state, index, deals)
    if buyer is not None:
        who = f"{who} → {names[buyer]}"
    if contract is not None:
        who = f"{who} — {contract_name(contract)}"
    return fill(QCoreApplication.translate("ScoreSheet", "%1. Khvalyonka: %2"), spec.number, who)


# --- the presenter -----------------------------------------------------------------------------


ANNOUNCED_MS = 900
"""How long an order, an offer or a pass stays in view before the table moves on."""


# --- the hint's words (:mod:`cardtable.ui.games.hint_words` asks the presenter) -----


def _trick_cost(view: View, cards: Sequence[int]) -> int | None:
    """Кинг: what a trick of ``cards`` would cost its taker in this deal's rules (None
    where that is not a penalty deal)."""
    deal = getattr(view, "deal", None)
    if deal is None or deal.sign > 0:
        return None
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


def _best_estimate(hand: Sequence[int]) -> int:
    """Кинг: the tricks the hand should take with its best suit as trumps."""
    return max(hand_estimate(hand, suit) for suit in range(4))


def _order_reason(view: View, contract: str, hand: Sequence[int]) -> str:
    """Кинг: why this contract, from the first packet (the orderer) or the whole hand
    (the buyer)."""
    packet = view.phase == "order"
    if contract.startswith("trump:"):
        suit = "SHDC".index(contract[-1])
        count = suit_count(hand, suit)
        if packet:
            return fill(HintWords.tr("you hold %n card(s) of %1 among your first three",
                                     None, count), SUIT_SYMBOLS[suit])
        return fill(HintWords.tr("you hold %n card(s) of %1", None, count), SUIT_SYMBOLS[suit])
    if contract == "misere":
        low = sum(1 for c in hand if rank_of(c) <= 7)
        return HintWords.tr("you hold %n seven(s), eight(s) or nine(s), the high cards of "
                            "a misère", None, low)
    if contract == "notrump":
        return HintWords.tr("you hold %n ace(s) or king(s)", None, high_count(hand))
    if contract == "last":
        if len({suit_of(c) for c in hand}) == len(hand):
            return HintWords.tr("your first three cards are all of different suits: let "
                                "the last card choose the trumps")
        return HintWords.tr("the last card, still unseen, chooses the trumps")
    return HintWords.tr("you hold %n ace(s) or king(s) among your first three cards; "
                        "everyone is credited the same tricks", None, high_count(hand))


class KingPresenter(GamePresenter[KingView]):
    GAME = "king"
    TITLE = QT_TRANSLATE_NOOP("GameOptions", "King")
    DESCRIPTION = QT_TRANSLATE_NOOP(
        "GameOptions", "3–4 players: penalty deals first, then points are won back.")
    OPTION_TEXT: ClassVar[Mapping[str, OptionWords]] = {
        "length": OptionWords(QT_TRANSLATE_NOOP("GameOptions", "Game length")),
        "stage2": OptionWords(QT_TRANSLATE_NOOP("GameOptions", "Positive stage")),
        "boys": OptionWords(QT_TRANSLATE_NOOP("GameOptions", "Boys in deal 3")),
        "must_trump": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Must trump"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "A player out of the suit led must play a trump if he has one."),
        ),
        "early_finish": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "End a deal early"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "A deal stops once no points are left to take; scores are the "
                              "same."),
        ),
        "eralash_king": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "King of Hearts rule in eralash"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "As in deal 5: a player who cannot follow suit and holds the K♥ "
                              "must play it."),
        ),
    }
    CHOICE_TEXT: ClassVar[Mapping[tuple[str, Any], OptionWords]] = {
        ("length", "full"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Full game"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "Seven penalty deals including eralash, then the positive stage."),
        ),
        ("length", "short"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Short game"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "Six penalty deals without eralash, and a shorter positive stage."),
        ),
        ("stage2", "hvalenki"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Khvalyonki (ordered deals)"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "Players take turns to name the trump; every trick scores plus."),
        ),
        ("stage2", "hvalenki_reverse_eralash"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Khvalyonki + reverse eralash"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "One round of khvalyonki, then eralash played for plus points."),
        ),
        ("stage2", "positive"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Plus deals"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The penalty deals again, but every penalty counts as a plus."),
        ),
        ("boys", "jacks"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Jacks"),
            QT_TRANSLATE_NOOP("GameOptions", "Four jacks, 4 points each (10 with 3 players)."),
        ),
        ("boys", "jacks_kings"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Jacks and kings"),
            QT_TRANSLATE_NOOP("GameOptions", "Eight cards, 2 points each (5 with 3 players)."),
        ),
    }
    REASON_TEXT: ClassVar[Mapping[tuple[str, Any], str]] = {
        ("stage2", "hvalenki_reverse_eralash"):
            QT_TRANSLATE_NOOP("GameOptions", "the short game has no eralash"),
    }

    GLOSSARY: ClassVar[tuple[Term, ...]] = (
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "King"),
             QT_TRANSLATE_NOOP("RulesGlossary", "Кинг"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The game of penalty deals and points won back; also the King "
                               "of Hearts, which gives the game its name."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "penalty stage"),
             QT_TRANSLATE_NOOP("RulesGlossary", "штрафной"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The first stage of King: every deal forbids taking "
                               "something."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "positive stage"),
             QT_TRANSLATE_NOOP("RulesGlossary", "отыгрыш"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The second stage of King, in which the points are won back."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "boys, girls"),
             QT_TRANSLATE_NOOP("RulesGlossary", "мальчики, девочки"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "Jacks (with the option, jacks and kings) and queens."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "eralash"),
             QT_TRANSLATE_NOOP("RulesGlossary", "ералаш"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The last penalty deal of King: every penalty at once."),
             "king", transliterated=True),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "reverse eralash"),
             QT_TRANSLATE_NOOP("RulesGlossary", "обратный ералаш"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The eralash again, every penalty scored as plus points."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "short game"),
             QT_TRANSLATE_NOOP("RulesGlossary", "короткий кинг"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "King without the eralash and with a shorter positive stage."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "khvalyonka, khvalyonki"),
             QT_TRANSLATE_NOOP("RulesGlossary", "хвалёнка, хвалёнки"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "An ordered deal of the positive stage: having seen three "
                               "cards, the forehand orders the contract."),
             "king", transliterated=True),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "forehand"),
             QT_TRANSLATE_NOOP("RulesGlossary", "первая рука"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The player to the dealer's left."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "order"),
             QT_TRANSLATE_NOOP("RulesGlossary", "заказ"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The contract named for a khvalyonka; in Clubs, a bid."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "no trumps"),
             QT_TRANSLATE_NOOP("RulesGlossary", "бескозырка"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "A khvalyonka played without trumps."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "by the last card"),
             QT_TRANSLATE_NOOP("RulesGlossary", "по последней"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "A khvalyonka whose trump is the suit of the orderer's last "
                               "card, dealt face up."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "misère"),
             QT_TRANSLATE_NOOP("RulesGlossary", "мизер"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "A khvalyonka without trumps and with the ranks reversed."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "split"),
             QT_TRANSLATE_NOOP("RulesGlossary", "расписать"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "A khvalyonka not played: the tricks are shared out."),
             "king"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "buying"),
             QT_TRANSLATE_NOOP("RulesGlossary", "перекупка"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "Taking over a khvalyonka from its orderer for a price in "
                               "tricks."),
             "king"),
    )
    """The game's own terms for the rules window's Glossary tab."""

    def rule_html(self, view: KingView) -> str:
        if view.deal is None:
            return ""
        head = fill(KingPresenter.tr("Deal %1 of %2"), self.shown_number(view),
                    view.deals_total)
        if view.deal.is_hvalenka:
            rule = hvalenka_rule(view, self.names, self.you)
        else:
            rule = deal_rule(view.deal, view.options)
        return self.rule(head, rule)

    def plate(self, view: KingView, seat: int) -> Plate:
        line = ""
        if view.phase not in ("deal", "over"):
            line = tricks_text(view.tricks_taken[seat])
            if view.points[seat]:
                line += f", {signed(view.points[seat])}"
        note = ""
        if view.phase == "buy":
            for s, price in view.offers:
                if s == seat:
                    note = KingPresenter.tr("Pass") if price is None \
                        else fill(KingPresenter.tr("Buy for %1"), price)
        return Plate(line, self.total_text(view, seat), note)

    def deal_over_title(self, view: KingView) -> str:
        return fill(KingPresenter.tr("Deal %1 of %2 is over"), view.deal_index,
                    view.deals_total)

    def panel(self, view: KingView) -> Panel:
        legal: list[Action] = list(view.legal)
        if view.phase in ("order", "buyer_order"):
            choices = [Choice(self.contract_label(a.contract), a,
                              tooltip=self.contract_help(a.contract))
                       for a in legal if type(a) is Order]
            if view.phase == "order":
                return Panel(KingPresenter.tr("Order the contract"), KingPresenter.tr(
                    "You see your first three cards; the rest are dealt after the order."),
                    choices, 4)
            return Panel(KingPresenter.tr("Order the contract"),
                         KingPresenter.tr("You bought the deal: choose its contract."),
                         choices, 3)
        if view.phase == "buy":
            choices = []
            for a in legal:
                if isinstance(a, Pass):
                    choices.append(Choice(KingPresenter.tr("Pass"), a, accent=True))
                elif isinstance(a, Buy):
                    choices.append(Choice(fill(KingPresenter.tr("Buy for %1"), a.price), a))
            ordered = view.ordered or ""
            what = contract_name(ordered)
            if ordered == "last" and view.trump is not None:
                what = f"{what} ({suit_name(view.trump)})"
            orderer = self.names[view.orderer] if view.orderer is not None else ""
            subtitle = fill(KingPresenter.tr(
                "%1 ordered %2. To take the deal over, offer a price in tricks: you then "
                "name the contract and lead, and pay %1 %3 points per trick of the price. "
                "Or pass."), orderer, what, TRICK_VALUE[view.n])
            return Panel(KingPresenter.tr("Buy the deal?"), subtitle, choices, 6)
        return super().panel(view)

    def contract_help(self, contract: str) -> str:
        """One line on what an order means, for its button's tooltip."""
        if contract.startswith("trump:"):
            return KingPresenter.tr("This suit is trump; every trick is worth plus points.")
        helps = {
            "notrump": KingPresenter.tr("No trumps; every trick is worth plus points."),
            "last": KingPresenter.tr("Your last card, dealt face up for everyone to see, "
                                     "names the trump suit."),
            "misere": KingPresenter.tr("No trumps and the ranks are reversed: the 7 is the "
                                       "highest card, the ace the lowest. Tricks are still "
                                       "worth plus points."),
            "split": KingPresenter.tr("No play: with 4 players everyone is credited 2 "
                                      "tricks; with 3 players you get 4 and the others 3."),
        }
        return helps.get(contract, "")

    @staticmethod
    def contract_label(contract: str) -> str:
        if contract.startswith("trump:"):
            suit = "SHDC".index(contract[-1])
            return f"{SUIT_SYMBOLS[suit]} {contract_name(contract)}"
        return contract_name(contract)

    @classmethod
    def unused_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
        """The K♥ rule of the eralash in the short game, which has none; must-trump
        when no deal has an order (only orders name trumps)."""
        deals = schedule(options)
        found = {}
        if not any(deal.key == "eralash" for deal in deals):
            found["eralash_king"] = NO_ERALASH
        if not any(deal.is_hvalenka for deal in deals):
            found["must_trump"] = NO_TRUMPS
        return found

    @classmethod
    def illegal_reason(cls, exc: IllegalAction) -> str:
        p = exc.params
        code = exc.code
        if code == "no_heart_lead":
            return Texts.tr("You may not lead a heart while you hold another suit.")
        if code == "must_play_kh":
            return Texts.tr("You cannot follow suit, so you must play the King of Hearts.")
        if code == "must_trump":
            return fill(Texts.tr("You cannot follow suit, so you must play a trump: %1."),
                        suit_name(p["suit"]))
        if code == "price_out_of_range":
            if p["low"] > p["high"]:
                return Texts.tr("The highest price has been offered: you can only pass.")
            return fill(Texts.tr("The price must be from %1 to %2 tricks."), p["low"], p["high"])
        return super().illegal_reason(exc)

    @classmethod
    def wrong_action_reason(cls, expected: str) -> str:
        if expected.startswith("an order"):
            return Texts.tr("It is time to choose the contract.")
        if expected.startswith("the buyer's order"):
            return Texts.tr("You have bought the deal: choose the contract now.")
        if expected.startswith("a price"):
            return Texts.tr("It is time to offer a price or pass.")
        return super().wrong_action_reason(expected)

    def announce(self, event: Event) -> tuple[int, str] | None:
        if type(event) is OrderMade:
            return event.seat, contract_name(event.contract)
        if type(event) is Offered:
            return event.seat, fill(KingPresenter.tr("Buy for %1"), event.price)
        if type(event) is Passed:
            return event.seat, KingPresenter.tr("Pass")
        if type(event) is Bought:
            return event.seat, fill(KingPresenter.tr("Bought for %1"), event.price)
        if type(event) is CardShown:
            card = event.card.pretty(russian=current_language() == "ru")
            return event.seat, fill(KingPresenter.tr("Last card: %1"), card)
        return None

    def last_round(self, view: KingView) -> tuple[str, list[tuple[int, str]], int | None] | None:
        """The buying round of this хвалёнка: each offer and pass, the buyer's in gold."""
        if not view.offers:
            return None
        said = [(seat, KingPresenter.tr("Pass") if price is None
                 else fill(KingPresenter.tr("Buy for %1"), price)) for seat, price in view.offers]
        return KingPresenter.tr("The buying round"), said, view.buyer

    def linger_ms(self, event: Event) -> int:
        """The order and each offer and pass of the buying round stay in view a moment."""
        return ANNOUNCED_MS if type(event) in (OrderMade, Offered, Passed, Bought) else 0

    def move_text(self, view: KingView, action: Action) -> str:
        if type(action) is Buy:
            return fill(Texts.tr("offer %1 to buy the deal"), action.price)
        if type(action) is Order:
            return fill(Texts.tr("order %1"), contract_name(action.contract))
        return super().move_text(view, action)

    def _sheet(self, state: Any, deals: Sequence[DealLog] | None) -> SheetData:
        if not isinstance(state, KingState):
            raise ValueError(f"not a game of {self.GAME}: {type(state).__name__}")
        n = state.n
        specs = state.schedule or schedule(state.options)
        played = list(state.deal_scores)
        rows: list[SheetRow] = []
        current = None
        for stage in (1, 2):
            done = []
            for spec in (s for s in specs if s.stage == stage):
                index = spec.number - 1
                scores = tuple(played[index]) if index < len(played) else None
                if scores is not None:
                    done.append(scores)
                if index == state.deal_index and not state.is_over:
                    current = len(rows)
                rows.append(SheetRow(_sheet_label(spec, state, self.names, deals), scores,
                                     DEAL))
            rows.append(SheetRow(stage_name(stage), sum_rows(done, n) if done else None,
                                 SUBTOTAL))
        rows.append(SheetRow(QCoreApplication.translate("ScoreSheet", "Total"),
                             tuple(state.totals), TOTAL))
        return SheetData(tuple(self.names), tuple(rows), self.title(),
                         QCoreApplication.translate("ScoreSheet", "Deal"), zero_sum=True,
                         current=current)

    # --- the hint's words ---------------------------------------------------------------------

    @classmethod
    def hint_wants_tricks(cls, view: View) -> bool:
        deal = getattr(view, "deal", None)
        return deal is None or deal.sign > 0

    @classmethod
    def hint_trick_cost(cls, view: View, cards: Sequence[int]) -> int | None:
        return _trick_cost(view, cards)

    @classmethod
    def hint_choice_reason(cls, view: View, action: Action,
                           hand: Sequence[int]) -> str | None:
        if type(action) is Pass:
            price = getattr(view, "price", 0)
            return fill(HintWords.tr("your cards should take about %n trick(s), and the "
                                     "price is already %1", None, _best_estimate(hand)), price)
        if type(action) is Buy:
            return HintWords.tr("your cards should take about %n trick(s)", None,
                                _best_estimate(hand))
        if type(action) is Order:
            return _order_reason(view, action.contract, hand)
        return None


register_presenter(KingPresenter)
