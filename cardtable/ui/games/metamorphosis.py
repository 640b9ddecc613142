"""Метаморфоза on the screen: the rule of each розыгрыш, the declaration panel, the
stock, the won piles and the declaration cards laid in front of the players, the
plates, the score sheet of партии and the New game dialog's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QAbstractAnimation, QCoreApplication

from cardtable.cards import DIAMONDS, HEARTS, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Event, IllegalAction, View
from cardtable.engine.match import DealLog
from cardtable.engine.metamorphosis import (
    KINDS,
    ROUNDS,
    MetamorphosisState,
    MetamorphosisView,
    leader_of,
)
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.engine.metamorphosis_events import CardsDrawn, DeclarationsRevealed, Declared
from cardtable.ui.games.base import (
    GamePresenter,
    OptionWords,
    Panel,
    Plate,
    register_presenter,
)
from cardtable.ui.games.hint_words import HintWords, card_symbol, high_count, suit_count
from cardtable.ui.games.rules_glossary import Term
from cardtable.ui.games.unused_options import SAME_LEADERS
from cardtable.ui.i18n import QT_TRANSLATE_NOOP
from cardtable.ui.panels import Choice
from cardtable.ui.score_rows import DEAL, TOTAL, SheetData, SheetRow
from cardtable.ui.table.furniture import Extras, Slot
from cardtable.ui.table.protocols import TableMoves
from cardtable.ui.texts import (
    Texts,
    declaration_name,
    fill,
    game_over_text,
    signed,
    suit_name,
)

DECLARATION_FACES = {"A": 12, "2": 0, "3": 1, "4": 2}
"""The declaration cards are the A, 2, 3 and 4 of one suit of the second deck (spades)."""


def declaration_card(value: str) -> int:
    """The card face that shows declaration ``value``."""
    return DECLARATION_FACES[value]


# --- the game's words ------------------------------------------------------------------------


def _kind_scoring(number: int, per_card: int) -> str:
    """What the taker scores in a розыгрыш of kind ``number`` (1–4)."""
    texts = {
        1: Texts.tr("%1 per club"),
        2: Texts.tr("%1 per spade"),
        3: Texts.tr("%1 per card"),
        4: Texts.tr("%1 per heart"),
    }
    return fill(texts[number], signed(per_card, plus=True))


def kind_text(value: str, view: MetamorphosisView | None = None) -> str:
    """A declaration card's kind in full: «Двойка: −4 за каждую пику, без козырей».
    Given a view of a партия played with the turned card as trump, that suit is named."""
    kind = next(k for k in KINDS if k.declaration == value)
    trump = kind.trump
    if view is not None and view.options.get("turned_trump") and view.turned_card is not None:
        trump = suit_of(view.turned_card)
    return fill(Texts.tr("%1: %2, %3"), declaration_name(value),
                _kind_scoring(kind.number, kind.per_card), trumps_text(trump))


def trumps_text(trump: int | None) -> str:
    """«без козырей» or «козыри бубны»."""
    if trump is None:
        return Texts.tr("no trumps")
    return fill(Texts.tr("%1 are trumps"), suit_name(trump))


def round_rule(view: MetamorphosisView) -> str:
    """«Розыгрыш 6 из 16 — Двойка: −4 за каждую пику, без козырей»; before the first
    розыгрыш, what the declaration is for."""
    if view.phase == "over":
        return game_over_text()
    kind = view.kind
    if kind is None:
        return fill(Texts.tr("Game %1 of %2 — declare a kind: +10 for every rozygrysh of that "
                             "kind you win"), view.deal_index + 1, view.deals_total)
    return fill(Texts.tr("Rozygrysh %1 of %2 — %3: %4, %5"),
                view.round, view.rounds_total, declaration_name(kind.declaration),
                _kind_scoring(kind.number, kind.per_card), trumps_text(view.trump))


# --- the presenter -----------------------------------------------------------------------------


# --- the hint's words (:mod:`cardtable.ui.games.hint_words` asks the presenter) -----


def _meta_declared(view: View) -> bool:
    kind = getattr(view, "kind", None)
    declarations = getattr(view, "declarations", ())
    return kind is not None and bool(declarations) and \
        declarations[view.seat] == kind.declaration


def _meta_reason(view: View, card: int, takes: bool) -> str | None:
    """Метаморфоза: what ``card`` scores for the trick's taker, or the premium."""
    kind = getattr(view, "kind", None)
    if kind is None:
        return None
    name = card_symbol(card)
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


def _declare_reason(view: View, value: str, hand: Sequence[int]) -> str:
    """Метаморфоза: why this declaration card, from the hand."""
    if value == "4":
        if view.options.get("turned_trump"):
            return HintWords.tr("you hold %n heart(s), which score in a four", None,
                                suit_count(hand, HEARTS))
        return HintWords.tr("you hold %n diamond(s), the trumps of a four", None,
                            suit_count(hand, DIAMONDS))
    if value == "3":
        return HintWords.tr("you hold %n ace(s) or king(s), and a three costs its taker "
                            "least", None, high_count(hand))
    return HintWords.tr("you hold %n ace(s) or king(s) to take tricks with", None,
                        high_count(hand))


class MetamorphosisPresenter(GamePresenter[MetamorphosisView]):
    GAME = "metamorphosis"
    TITLE = QT_TRANSLATE_NOOP("GameOptions", "Metamorphosis")
    DESCRIPTION = QT_TRANSLATE_NOOP(
        "GameOptions", "2–3 players: trumps and trick values change every trick.")
    OPTION_TEXT: ClassVar[Mapping[str, OptionWords]] = {
        "turned_trump": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Turned card sets trumps"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The turned card's suit is trump in every rozygrysh (trick)."),
        ),
        "leaders": OptionWords(QT_TRANSLATE_NOOP("GameOptions", "Who leads")),
        "partii": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Games in the match"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "How many games the match has; the totals carry over."),
        ),
    }
    CHOICE_TEXT: ClassVar[Mapping[tuple[str, Any], OptionWords]] = {
        ("leaders", "rotate"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "In turn, two each"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The lead passes to the left every two rozygryshi."),
        ),
        ("leaders", "source"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "As the source says"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "Three players: the leaders of rozygryshi 1–4 repeat every four, "
                              "so the dealer never leads. Two players: the same as in turn."),
        ),
    }

    GLOSSARY: ClassVar[tuple[Term, ...]] = (
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "Metamorphosis"),
             QT_TRANSLATE_NOOP("RulesGlossary", "Метаморфоза"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The game whose trumps and trick values change every trick."),
             "metamorphosis"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "rozygrysh, rozygryshi"),
             QT_TRANSLATE_NOOP("RulesGlossary", "розыгрыш, розыгрыши"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "One trick of Metamorphosis, with its own trumps and scoring."),
             "metamorphosis", transliterated=True),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "game"),
             QT_TRANSLATE_NOOP("RulesGlossary", "партия"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "In Metamorphosis, the 12 or 16 rozygryshi of one deal; a "
                               "match has one or more."),
             "metamorphosis"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "declaration"),
             QT_TRANSLATE_NOOP("RulesGlossary", "заявка"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The card laid face down to name the kind of rozygrysh a "
                               "player means to win."),
             "metamorphosis"),
    )
    """The game's own terms for the rules window's Glossary tab."""

    def rule_html(self, view: MetamorphosisView) -> str:
        # before the first розыгрыш the rule itself names the партия
        head = fill(MetamorphosisPresenter.tr("Game %1 of %2"), self.shown_number(view),
                    view.deals_total) if view.deals_total > 1 and view.kind is not None else ""
        rule = round_rule(view)
        if view.phase == "play" and view.leader is not None:
            rule = fill(MetamorphosisPresenter.tr("%1; you lead"), rule) \
                if view.leader == self.you else \
                fill(MetamorphosisPresenter.tr("%1; %2 leads"), rule, self.names[view.leader])
        return self.rule(head, rule)

    def plate(self, view: MetamorphosisView, seat: int) -> Plate:
        line = ""
        if view.phase not in ("deal", "over"):
            line = fill(MetamorphosisPresenter.tr("%1 this game"), signed(view.points[seat]))
            declared = view.declarations[seat] if view.revealed else None
            if declared:  # the kind beside its card, which is easily taken for a pile
                line = f"{declaration_name(declared)}, {line}"
        note = ""
        if view.phase == "declare" and view.declared[seat]:
            note = MetamorphosisPresenter.tr("declared")
        return Plate(line, self.total_text(view, seat), note)

    def deal_number(self, number: int) -> str:
        return fill(MetamorphosisPresenter.tr("Game %1"), number)

    def deal_over_title(self, view: MetamorphosisView) -> str:
        return fill(MetamorphosisPresenter.tr("Game %1 of %2 is over"), view.deal_index,
                    view.deals_total)

    def panel(self, view: MetamorphosisView) -> Panel:
        if view.phase != "declare":
            return super().panel(view)
        declares = [a for a in view.legal if type(a) is Declare]
        choices = [Choice(declaration_name(a.value), a, tooltip=kind_text(a.value, view))
                   for a in declares]
        subtitle = fill(MetamorphosisPresenter.tr(
            "Lay one declaration card face down: you score +10 for every rozygrysh of its "
            "kind that you win. All cards are turned up together once everyone has "
            "chosen.\n%1"), "\n".join(kind_text(a.value, view) for a in declares))
        return Panel(MetamorphosisPresenter.tr("Choose your declaration"), subtitle,
                     choices, 4)

    @classmethod
    def unused_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
        """Who leads, when both orders of leaders make the same seats lead."""
        n = options["players"]
        if all(leader_of(r, 0, n, "source") == leader_of(r, 0, n, "rotate")
               for r in range(1, ROUNDS[n] + 1)):
            return {"leaders": SAME_LEADERS}
        return {}

    @classmethod
    def illegal_reason(cls, exc: IllegalAction) -> str:
        if exc.code == "declaration_taken":
            return fill(Texts.tr("The %1 declaration card has already been taken."),
                        declaration_name(str(exc.params["value"])))
        if exc.code == "no_such_declaration":
            return Texts.tr("There is no such declaration card: there are only A, 2, 3 and 4.")
        return super().illegal_reason(exc)

    @classmethod
    def wrong_action_reason(cls, expected: str) -> str:
        if expected.startswith("a declaration"):
            return Texts.tr("It is time to choose a declaration card.")
        return super().wrong_action_reason(expected)

    def closes_round(self, event: Event) -> bool:
        return type(event) is DeclarationsRevealed

    def animate(self, event: Event, table: TableMoves) -> QAbstractAnimation | None:
        if type(event) is CardsDrawn:
            return table.draw_cards(event.seat, event.cards, event.from_seat)
        if type(event) is Declared:
            return table.lay_slot_card(event.seat)
        if type(event) is DeclarationsRevealed:
            return table.reveal_slots(event.values)
        return None

    def announce(self, event: Event) -> tuple[int, str] | None:
        if type(event) is Declared:
            return event.seat, MetamorphosisPresenter.tr("Declared")
        return None

    def table_extras(self, view: MetamorphosisView | None) -> Extras | None:
        if view is None:
            return None
        slots: list[Slot | None] = []
        for seat, done in enumerate(view.declared):
            if not done:
                slots.append(None)
                continue
            value = view.declarations[seat]
            if value:
                tip = kind_text(value, view)
            elif seat == self.you:
                tip = MetamorphosisPresenter.tr(
                    "Your declaration, face down until everyone has chosen")
            else:
                tip = fill(MetamorphosisPresenter.tr(
                    "%1's declaration, face down until everyone has chosen"), self.names[seat])
            slots.append(Slot(declaration_card(value) if value else None, tip))
        return Extras(
            stock_count=view.stock_count,
            turned=view.turned,
            piles=view.piles,
            slots=tuple(slots),
            stock_tip=MetamorphosisPresenter.tr(
                "The stock: refills come from here after odd rozygryshi, and after even "
                "ones once a won pile runs out"),
            turned_tip=MetamorphosisPresenter.tr(
                "The turned card: it lies under the stock and is drawn last"),
            pile_tip=self._pile_tip,
        )

    def shown_badge(self) -> str:
        """A card another player took from a won pile lies face up in his hand: the
        refill was seen by all."""
        return MetamorphosisPresenter.tr("from a pile")

    def _pile_tip(self, seat: int, count: int) -> str:
        if seat == self.you:
            return fill(MetamorphosisPresenter.tr(
                "Your won pile, %1 cards; after even rozygryshi the right-hand neighbour "
                "refills from its top"), count)
        return fill(MetamorphosisPresenter.tr(
            "%1's won pile, %2 cards; after even rozygryshi the right-hand neighbour "
            "refills from its top"), self.names[seat], count)

    def slot_card(self, value: str) -> int | None:
        """The face of a declaration card once turned up."""
        return declaration_card(value) if value in DECLARATION_FACES else None

    def move_text(self, view: MetamorphosisView, action: Action) -> str:
        if type(action) is Declare:
            return fill(Texts.tr("declare %1"), kind_text(action.value, view))
        return super().move_text(view, action)

    def _sheet(self, state: Any, deals: Sequence[DealLog] | None) -> SheetData:
        if not isinstance(state, MetamorphosisState):
            raise ValueError(f"not a game of {self.GAME}: {type(state).__name__}")
        played = list(state.deal_scores)
        rows = [SheetRow(fill(QCoreApplication.translate("ScoreSheet", "Game %1"), i + 1),
                         tuple(played[i]) if i < len(played) else None, DEAL)
                for i in range(state.partii)]
        current = None if state.is_over else state.deal_index
        rows.append(SheetRow(QCoreApplication.translate("ScoreSheet", "Total"),
                             tuple(state.totals), TOTAL))
        return SheetData(tuple(self.names), tuple(rows), self.title(),
                         QCoreApplication.translate("ScoreSheet", "Game"), current=current)

    # --- the hint's words ---------------------------------------------------------------------

    @classmethod
    def hint_wants_tricks(cls, view: View) -> bool:
        kind = getattr(view, "kind", None)
        return kind is None or kind.per_card > 0 or _meta_declared(view)

    @classmethod
    def hint_card_reason(cls, view: View, card: int, takes: bool) -> str | None:
        return _meta_reason(view, card, takes)

    @classmethod
    def hint_take_anyway(cls, name: str) -> str:
        return fill(HintWords.tr("take the trick with %1: your other cards are worth "
                                 "keeping"), name)

    @classmethod
    def hint_choice_reason(cls, view: View, action: Action,
                           hand: Sequence[int]) -> str | None:
        if type(action) is Declare:
            return _declare_reason(view, action.value, hand)
        return None


register_presenter(MetamorphosisPresenter)
