"""The words every game shares, in the interface language: numbers, counts, suits,
levels and the reasons an action is refused.  Each game's own words live with its
presenter (:mod:`cardtable.ui.games`), in the same ``Texts`` context.

Source strings are English; Russian comes from the ``Texts`` context of the
translation catalogue.  Each string is written out literally in a ``Texts.tr(…)``
call (here or in a presenter module) so that ``lupdate`` finds it; texts with a count
pass it as the third argument and use Qt's numerus form (``%n``), so Russian gets
its three plural forms («1 взятка, 2 взятки, 5 взяток»).  Sentences are translated
whole, with ``%1``, ``%2`` … for names and numbers, so each language orders its words
itself.  The engines stay Qt-free: they give codes and numbers, this module and the
presenters turn them into words.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from cardtable.cards import CLUBS, DIAMONDS, HEARTS, SPADES, rank_of, suit_of
from cardtable.engine.game import IllegalAction

MINUS = "\u2212"
"""The typographic minus («−16»): as wide as a plus sign, unlike a hyphen."""

_ARG = re.compile(r"%(\d)")


class Texts:
    """The translation context of this module.

    ``Texts.tr(text)`` is ``QCoreApplication.translate("Texts", text)``.  Written this
    way, ``lupdate`` files every string under ``Texts`` and marks it numerus whenever a
    count follows — it misreads ``translate(context, text, None, n)``, taking ``n``
    for an encoding argument (PySide6 6.11), and drops the string if ``n`` is an
    expression.  With a count, ``%n`` is filled for negative numbers too (Qt fills it
    only from 0 up, so the count is looked up by its size) and an English source left
    untranslated gets its plural: "1 trick", "2 tricks".
    """

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return translate_counted("Texts", text, disambiguation, n)


def translate_counted(context: str, text: str, disambiguation: str | None = None,
                      n: int | None = None) -> str:
    """``text`` in ``context``'s translation, with count ``n`` if given (see
    :class:`Texts`): for a module's own context class written as :class:`Texts` is."""
    if n is None:
        return QCoreApplication.translate(context, text, disambiguation)
    out = QCoreApplication.translate(context, text, disambiguation, abs(n))
    if "(s)" in out:
        out = out.replace("(s)", "" if abs(n) == 1 else "s")
    return out


def fill(text: str, *args: object) -> str:
    """Put ``args`` into ``%1`` … ``%9`` in one pass, so a name that itself contains
    ``%2`` is never substituted again (``str.replace`` in a loop would)."""

    def one(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return str(args[i]) if 0 <= i < len(args) else m.group(0)

    return _ARG.sub(one, text)


def signed(n: int, plus: bool = False) -> str:
    """A number with a true minus sign («−16»); with ``plus``, positive ones get «+»."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


# --- levels --------------------------------------------------------------------


def level_name(level: str) -> str:
    """The computer player's level as the seat settings show it."""
    names = {
        "easy": Texts.tr("Easy"),
        "normal": Texts.tr("Normal"),
        "hard": Texts.tr("Hard"),
        "random": Texts.tr("Random"),
    }
    return names.get(level, level)


def game_over_text() -> str:
    """The rule line once the game has ended."""
    return Texts.tr("The game is over")


# --- cards and counts --------------------------------------------------------------------


def suit_name(suit: int) -> str:
    """A suit by its index (S H D C), as a plural noun: «пики», "spades"."""
    names = {
        SPADES: Texts.tr("spades"),
        HEARTS: Texts.tr("hearts"),
        DIAMONDS: Texts.tr("diamonds"),
        CLUBS: Texts.tr("clubs"),
    }
    return names[suit]


def card_words(card: int) -> str:
    """A card in words, as a screen reader says it: «дама пик», "queen of spades"."""
    ranks = (
        Texts.tr("two"), Texts.tr("three"), Texts.tr("four"), Texts.tr("five"),
        Texts.tr("six"), Texts.tr("seven"), Texts.tr("eight"), Texts.tr("nine"),
        Texts.tr("ten"), Texts.tr("jack"), Texts.tr("queen"), Texts.tr("king"),
        Texts.tr("ace"),
    )
    suits = {  # after the rank: «дама пик», «туз червей»
        SPADES: Texts.tr("spades", "of a card"),
        HEARTS: Texts.tr("hearts", "of a card"),
        DIAMONDS: Texts.tr("diamonds", "of a card"),
        CLUBS: Texts.tr("clubs", "of a card"),
    }
    return fill(Texts.tr("%1 of %2"), ranks[rank_of(card)], suits[suit_of(card)])


def cards_text(n: int) -> str:
    """«5 карт» / "5 cards"."""
    return Texts.tr("%n card(s)", None, n)


def tricks_text(n: int) -> str:
    """«5 взяток» / "5 tricks"."""
    return Texts.tr("%n trick(s)", None, n)


def points_text(n: int) -> str:
    """«−16 очков» / "−16 points": a negative count keeps its (true minus) sign."""
    text = Texts.tr("%n point(s)", None, n)
    return text.replace(str(-n), signed(n), 1) if n < 0 else text


# --- declaration cards ---------------------------------------------------------------------------


def declaration_name(value: str) -> str:
    """A declaration card (``A``, ``2``, ``3``, ``4``), and so the kind it names."""
    names = {
        "A": Texts.tr("Ace"),
        "2": Texts.tr("Two"),
        "3": Texts.tr("Three"),
        "4": Texts.tr("Four"),
    }
    return names.get(value, value)


# --- refused actions -----------------------------------------------------------------------


def illegal_reason(exc: IllegalAction, game: str | None = None) -> str:
    """A friendly sentence for a refused action, in the interface language: ``game``'s
    presenter words it (each presenter its own rule codes, the base presenter those
    every game shares).  Where the game is not known (``None``), each presenter is
    asked in turn; an unknown code falls back to the engine's English message."""
    from cardtable.ui.games import PRESENTERS, presenter_class
    from cardtable.ui.games.base import GamePresenter
    if game is not None:
        return presenter_class(game).illegal_reason(exc)
    shared = GamePresenter.illegal_reason(exc)
    for presenter in PRESENTERS.values():
        reason = presenter.illegal_reason(exc)
        if reason != shared:
            return reason
    return shared


# --- questions ------------------------------------------------------------------------------


def dont_save_text() -> str:
    """The button of a Save / Don't save / Cancel question that goes on without saving:
    «Не сохранять», as Russian programs say it (Qt's own Discard reads «Отклонить»)."""
    return Texts.tr("Don't save")
