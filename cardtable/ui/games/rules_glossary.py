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

from typing import NamedTuple

from PySide6.QtCore import QCoreApplication

from cardtable.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "RulesGlossary"


class Term(NamedTuple):
    """One term: as the English version writes it, the Russian original, its meaning
    (source English, translated in :data:`CONTEXT` when shown), the game it belongs to
    (``""`` for more than one), and whether ``english`` transliterates ``russian``."""

    english: str
    russian: str
    meaning: str
    game: str = ""
    transliterated: bool = False


SHARED_TERMS: tuple[Term, ...] = (
    Term(QT_TRANSLATE_NOOP("RulesGlossary", "pass"),
         QT_TRANSLATE_NOOP("RulesGlossary", "пас"),
         QT_TRANSLATE_NOOP("RulesGlossary",
                           "Declining to bid or to buy."),
         ""),
)
"""The terms of more than one game; each game's own are its presenter's
:attr:`~cardtable.ui.games.base.GamePresenter.GLOSSARY`."""


def terms() -> tuple[Term, ...]:
    """Every term: each game's, in the order the games are offered, then the shared."""
    from cardtable.ui.games import PRESENTERS  # the presenters import Term
    return (*(t for presenter in PRESENTERS.values() for t in presenter.GLOSSARY),
            *SHARED_TERMS)


def tr(text: str) -> str:
    """``text`` (a term marked above) in the interface language, from the glossary's
    context."""
    return QCoreApplication.translate(CONTEXT, text)


def glossary_title() -> str:
    """The tab's and the page's title."""
    return QCoreApplication.translate("RulesGlossary", "Glossary")


def glossary_html() -> str:
    """The Glossary tab: a table of every term in the interface language."""
    import html  # its table of named entities is not wanted before the table's first sight

    head = (QCoreApplication.translate("RulesGlossary", "In the English version"),
            QCoreApplication.translate("RulesGlossary", "In Russian"),
            QCoreApplication.translate("RulesGlossary", "Meaning"))
    rows = "".join(
        f"<tr><td><b>{html.escape(tr(t.english))}</b></td>"
        f"<td>{html.escape(tr(t.russian))}</td><td>{html.escape(tr(t.meaning))}</td></tr>"
        for t in terms())
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
