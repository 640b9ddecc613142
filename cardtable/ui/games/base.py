"""What a game says and adds on the screen, behind one interface.

The window, the table and the dialogs are written once for every game: for anything
that differs between games — the rule line, a seat's plate, the choice panel, what a
bubble says, the score sheet's rows, the hint's words, the option words of the New
game dialog, the stock and piles some games lay out — they ask the game's
:class:`GamePresenter`.  A presenter turns the engine's typed view into words in the
interface language; it never changes the game.

Each presenter's own sentences are translated in its class's context
(``KingPresenter`` …), shared ones in ``GamePresenter``: write ``ClassName.tr(…)``
with the class the method is written in, so ``lupdate`` files the text where it is
looked up.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from PySide6.QtCore import QAbstractAnimation, QCoreApplication

from cardtable.engine.actions import Action, Pass
from cardtable.engine.game import Event, GameState, IllegalAction, View, places_of
from cardtable.engine.match import DealLog
from cardtable.lazy_registry import LazyRegistry
from cardtable.ui import texts
from cardtable.ui.games.hint_words import HintWords
from cardtable.ui.games.hint_words import hint_text as explained
from cardtable.ui.games.installed import GAMES as INSTALLED
from cardtable.ui.games.rules_glossary import Term
from cardtable.ui.panels import Choice
from cardtable.ui.score_rows import SheetData
from cardtable.ui.table.furniture import Extras
from cardtable.ui.table.protocols import TableMoves
from cardtable.ui.texts import Texts, fill, suit_name

V = TypeVar("V", bound=View)


class Plate(NamedTuple):
    """A seat's plate: this deal's line (tricks, points), the total, and a short note
    (a bid, a pass, "declared")."""

    line: str
    total: str
    note: str = ""


class Panel(NamedTuple):
    """The choice panel for a decision that is not a card: its title, what the choice
    means, the buttons and how many of them make a row."""

    title: str
    subtitle: str
    choices: list[Choice]
    columns: int


class OptionWords(NamedTuple):
    """An option's words for the New game dialog (source English, translated in the
    ``GameOptions`` context when shown)."""

    label: str
    help: str = ""


class GamePresenter(ABC, Generic[V]):
    """One game on the screen.  Made for each game with the seats' names."""

    GAME: ClassVar[str]
    """The engine's name of the game (``king`` …)."""
    TITLE: ClassVar[str]
    DESCRIPTION: ClassVar[str]
    """The game's name and one line on it, for the game chooser (``GameOptions``)."""
    OPTION_TEXT: ClassVar[Mapping[str, OptionWords]] = {}
    """Each option's label and explanation."""
    CHOICE_TEXT: ClassVar[Mapping[tuple[str, Any], OptionWords]] = {}
    """Each choice's name and what choosing it means, by (option, value)."""
    REASON_TEXT: ClassVar[Mapping[tuple[str, Any], str]] = {}
    """Why a choice can be unavailable, in the player's words."""
    OFF_TEXT: ClassVar[Mapping[str, str]] = {}
    """What a number option's 0 means, shown in its box instead of the 0."""
    SUGGESTIONS: ClassVar[Mapping[str, Mapping[int, tuple[int, str]]]] = {}
    """A value to suggest for a number option, by player count, and why."""
    FILLED_IN: ClassVar[Mapping[str, frozenset[int]]] = {}
    """Player counts whose suggestion is filled in while the option is untouched."""
    GLOSSARY: ClassVar[tuple[Term, ...]] = ()
    """The game's own terms for the rules window's Glossary tab (:mod:`rules_glossary`)."""

    def __init__(self, names: Sequence[str], you: int | None = None) -> None:
        self.names = list(names)
        self.you = you
        """The seat of the one person at this screen, whom sentences address as "you"
        («Вы ходите») rather than by name; None when several people or nobody play."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None) -> str:
        """``text`` in the interface language, from this class's context."""
        return QCoreApplication.translate(cls.__name__, text, disambiguation)

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("GameOptions", cls.TITLE)

    @classmethod
    def description(cls) -> str:
        return QCoreApplication.translate("GameOptions", cls.DESCRIPTION)

    @classmethod
    def unused_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
        """Each option that ``options`` (checked, complete) make pointless, with the
        code of why (:mod:`cardtable.ui.games.unused_options`): the New game dialog
        greys it out.  Asked of the game's own engine; none by default."""
        return {}

    # --- refused actions ---------------------------------------------------------------------

    @classmethod
    def illegal_reason(cls, exc: IllegalAction) -> str:
        """A friendly sentence for a refused action (texts in the ``Texts`` context).
        Here the rule codes every game shares; a game's presenter words its own codes
        and hands the rest to this; an unknown code falls back to the engine's English
        message."""
        p = exc.params
        code = exc.code
        if code == "must_follow":
            return fill(Texts.tr("You must follow suit: %1."), suit_name(p["suit"]))
        if code == "not_in_hand":
            return Texts.tr("That card is not in your hand.")
        if code == "wrong_action":
            return cls.wrong_action_reason(str(p.get("expected", "")))
        if code == "game_over":
            return Texts.tr("The game is over.")
        if code == "no_deal":
            return Texts.tr("The cards have not been dealt yet.")
        return exc.message

    @classmethod
    def wrong_action_reason(cls, expected: str) -> str:
        """Why an action of the wrong kind is refused: the engines say in English what
        they expected, and the start of it tells which (a game's presenter knows its
        own decisions)."""
        if expected.startswith("a card"):
            return Texts.tr("It is time to play a card.")
        return Texts.tr("That is not possible now.")

    # --- the table ---------------------------------------------------------------------------

    @abstractmethod
    def rule_html(self, view: V) -> str:
        """The line above the table: where the game stands and the rule now."""

    def plate(self, view: V, seat: int) -> Plate:
        return Plate("", self.total_text(view, seat))

    def total_text(self, view: V, seat: int) -> str:
        return texts.fill(GamePresenter.tr("total %1"), texts.signed(view.totals[seat]))

    def panel(self, view: V) -> Panel:
        """The buttons for the viewer's decision now (never a card)."""
        return Panel(GamePresenter.tr("Choose"), "",
                     [Choice(str(a), a) for a in view.legal], 4)

    def announce(self, event: Event) -> tuple[int, str] | None:
        """What a seat says aloud when ``event`` happens (a bid, a pass), if anything."""
        return None

    def last_round(self, view: V) -> tuple[str, list[tuple[int, str]], int | None] | None:
        """A round of words said this deal before any trick (a buying round), for the
        Last trick board: its caption, each (seat, words), the seat that won it."""
        return None

    def shown_badge(self) -> str:
        """The word on a card of another hand that everyone may see, saying why it
        can be seen (none: the game shows no such card but by its rules)."""
        return ""

    def closes_round(self, event: Event) -> bool:
        """Whether the bubbles of the round before go after ``event``: a game whose
        rounds of bids or declarations end with an event of its own says so."""
        return False

    def animate(self, event: Event, table: TableMoves) -> QAbstractAnimation | None:
        """Show one of the game's own events on ``table``: the animation started, or
        None (the game's events are said in bubbles, or not shown)."""
        return None

    def linger_ms(self, event: Event) -> int:
        """How long the table stays on ``event`` at the least, at any pace: what is said
        in a round of offers must be seen, even at the instant pace."""
        return 0

    def table_extras(self, view: V | None) -> Extras | None:
        """What the game lays on the table besides the hands and the trick."""
        return None

    def slot_card(self, value: str) -> int | None:
        """The face a slot card turns up to when the game reveals ``value``."""
        return None

    def last_trick_caption(self, view: V) -> str:
        return GamePresenter.tr("Last trick")

    def deal_number(self, number: int) -> str:
        """"Deal 3": what this game calls one deal (Метаморфоза: a партия)."""
        return texts.fill(GamePresenter.tr("Deal %1"), number)

    def deal_over_scores(self, view: V) -> str:
        """The line under the board's title: what each seat scored in the deal."""
        return " · ".join(f"{name} {texts.signed(score, plus=True)}"
                          for name, score in zip(self.names, view.deal_scores[-1],
                                                 strict=True))

    def deal_over_title(self, view: V) -> str:
        """The title of the board between deals."""
        return texts.fill(GamePresenter.tr("Deal %1 is over"), view.deal_index)

    def hint_text(self, view: V, action: Action) -> str:
        """The hint as the table shows it: the move and why (:mod:`hint_words`)."""
        return explained(view, action, self.move_text(view, action))

    # --- the hint's words: what :mod:`hint_words` asks of the game ----------------------------

    @classmethod
    def hint_wants_tricks(cls, view: View) -> bool:
        """Whether the seat to move wants to take tricks now (by default it does)."""
        return True

    @classmethod
    def hint_card_reason(cls, view: View, card: int, takes: bool) -> str | None:
        """The game's own reason for following with ``card``, said before any other."""
        return None

    @classmethod
    def hint_take_reason(cls, view: View, name: str) -> str | None:
        """The game's own reason to take a trick the seat wants, with the card ``name``."""
        return None

    @classmethod
    def hint_trick_cost(cls, view: View, cards: Sequence[int]) -> int | None:
        """What a trick of ``cards`` costs its taker (None where tricks cost nothing)."""
        return None

    @classmethod
    def hint_take_anyway(cls, name: str) -> str:
        """Why take with ``name`` a trick the seat does not want, when it must."""
        return fill(HintWords.tr("take the trick with %1: then you lead the next one"), name)

    @classmethod
    def hint_choice_reason(cls, view: View, action: Action,
                           hand: Sequence[int]) -> str | None:
        """Why this bid, order, price, declaration or pass (not a card), from ``hand``."""
        return None

    def move_text(self, view: V, action: Action) -> str:
        """A move other than a card, in the hint's words («закажите 3»); a game words
        its own moves."""
        if type(action) is Pass:
            return Texts.tr("pass")
        return str(action)

    def score_sheet(self, state: GameState, deals: Sequence[DealLog] | None = None) -> SheetData:
        """Every deal's points and the totals, in rows (see :mod:`score_sheet`)."""
        if len(self.names) != state.n:
            raise ValueError(f"{len(self.names)} names for {state.n} players")
        data = self._sheet(state, deals)
        if state.is_over:
            data = dataclasses.replace(data, places=tuple(places_of(state.totals)))
        return data

    @abstractmethod
    def _sheet(self, state: Any, deals: Sequence[DealLog] | None) -> SheetData:
        """This game's rows, for :meth:`score_sheet` (which adds the places)."""

    # --- helpers for the presenters ----------------------------------------------------------

    @staticmethod
    def shown_number(view: View) -> int:
        """The deal the rule line names: the one in play, or the last one between deals."""
        return view.deal_index if view.phase in ("deal", "over") else view.deal_index + 1

    @staticmethod
    def rule(head: str, rule: str) -> str:
        """The rule line as rich text: the head in bold, then the rule."""
        bold = f"<b>{_escape(head)}</b> &nbsp; " if head else ""
        return f"{bold}{_escape(rule)}"


_HTML_SPECIAL = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                               "'": "&#x27;"})


def _escape(text: str) -> str:
    """``text`` as rich text shows it literally; as ``html.escape`` does, without
    importing its table of named entities before the table's first sight."""
    return text.translate(_HTML_SPECIAL)


PRESENTERS: LazyRegistry[type[GamePresenter[Any]]] = LazyRegistry(INSTALLED)
"""Each game's presenter by the engine's name of the game, in the order the game
chooser lists them: each game's presenter module registers its class at its end,
imported when the game is first asked for."""

P = TypeVar("P", bound=type[GamePresenter[Any]])


def register_presenter(presenter: P) -> P:
    """Put a game on the screen; a second presenter for the same game is refused."""
    known = PRESENTERS.peek(presenter.GAME)
    if known is not None and known is not presenter:
        raise ValueError(f"two presenters for {presenter.GAME!r}")
    PRESENTERS[presenter.GAME] = presenter
    return presenter
