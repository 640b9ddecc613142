"""The games' own terms: what the English version calls each, the Russian original and
what it means, for the Glossary tab of the rules window.

English text is written in Latin letters only.  A term that English has no word for
is transliterated, once, in the simplified BGN/PCGN romanization that English
Wikipedia uses for Russian words (х kh, ш sh, ы y, ё yo, no diacritics) with one
exception: a word-initial е is written e, not ye, as the games' English descriptions
spell ералаш (eralash).  Plurals keep the Russian ending (khvalyonki, rozygryshi), as
English does with borrowed game terms.  Every other term is translated.

This is the one place where English text holds Cyrillic letters (the originals): its
messages have their own translation context, :data:`CONTEXT`, which the language
purity test (``tests/ui/test_language_purity.py``) exempts by its name.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication

from cardtable.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "RulesGlossary"


class Term(NamedTuple):
    """One term: as the English version writes it, the Russian original, its meaning
    (source English, translated in :data:`CONTEXT` when shown), the game it belongs to
    (``""`` for all of them), and whether ``english`` transliterates ``russian``."""

    english: str
    russian: str
    meaning: str
    game: str = ""
    transliterated: bool = False


TERMS: tuple[Term, ...] = (
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
    Term(QT_TRANSLATE_NOOP("RulesGlossary", "Clubs"),
         QT_TRANSLATE_NOOP("RulesGlossary", "Трефы"),
         QT_TRANSLATE_NOOP("RulesGlossary",
                           "The game of exact bids with clubs as trumps."),
         "clubs"),
    Term(QT_TRANSLATE_NOOP("RulesGlossary", "auction"),
         QT_TRANSLATE_NOOP("RulesGlossary", "торговля"),
         QT_TRANSLATE_NOOP("RulesGlossary",
                           "Bidding in turn until the highest bid is left; its bidder "
                           "plays the contract."),
         "clubs"),
    Term(QT_TRANSLATE_NOOP("RulesGlossary", "everyone bids"),
         QT_TRANSLATE_NOOP("RulesGlossary", "заказывают все"),
         QT_TRANSLATE_NOOP("RulesGlossary",
                           "Each player names his tricks once, and everyone scores."),
         "clubs"),
    Term(QT_TRANSLATE_NOOP("RulesGlossary", "pass"),
         QT_TRANSLATE_NOOP("RulesGlossary", "пас"),
         QT_TRANSLATE_NOOP("RulesGlossary",
                           "Declining to bid or to buy."),
         ""),
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


def tr(text: str) -> str:
    """``text`` (a term marked above) in the interface language, from the glossary's
    context."""
    return QCoreApplication.translate(CONTEXT, text)


def glossary_title() -> str:
    """The tab's and the page's title."""
    return QCoreApplication.translate("RulesGlossary", "Glossary")


def glossary_html() -> str:
    """The Glossary tab: a table of every term in the interface language."""
    head = (QCoreApplication.translate("RulesGlossary", "In the English version"),
            QCoreApplication.translate("RulesGlossary", "In Russian"),
            QCoreApplication.translate("RulesGlossary", "Meaning"))
    rows = "".join(
        f"<tr><td><b>{html.escape(tr(t.english))}</b></td>"
        f"<td>{html.escape(tr(t.russian))}</td><td>{html.escape(tr(t.meaning))}</td></tr>"
        for t in TERMS)
    cells = "".join(f"<th align='left'>{html.escape(h)}</th>" for h in head)
    intro = html.escape(QCoreApplication.translate(
        "RulesGlossary",
        "The games come from Russia, and some of their terms have no English word: the "
        "English version writes those in Latin letters (simplified BGN/PCGN). Here is "
        "each term in both versions."))
    title = html.escape(glossary_title())
    return (f"<h1>{title}</h1><p>{intro}</p>"
            "<table border='1' cellspacing='0' cellpadding='5' width='99%'>"
            f"<tr>{cells}</tr>{rows}</table>")
