"""A review's figure in words: the accuracy, the points lost a decision on average,
the marks counted and the forced moves left out — what the table shows when a review
is done (:mod:`cardtable.ui.review.run_panel`).  Numbers are written the interface
language's way («0,8» in Russian)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.ui import texts
from cardtable.ui.i18n import current_language, interface_locale

if TYPE_CHECKING:  # the review's engine is loaded when a review is first asked for
    from cardtable.ai.review import Review


class ReviewRunWords:
    """The translation context of running a review, written as :class:`texts.Texts`
    is (``lupdate`` files the words under the class's name and reads counts right)."""

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return texts.translate_counted("ReviewRunWords", text, disambiguation, n)


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals, in the interface language's way."""
    return interface_locale(current_language()).toString(float(value), "f", places)


@dataclass(frozen=True)
class Figure:
    """A review's figure: a headline (the accuracy) and the details under it."""

    headline: str
    details: str

    @property
    def text(self) -> str:
        """Both in one line (the status line, a screen reader)."""
        return f"{self.headline}. {self.details}" if self.details else self.headline


def figure_of(review: Review, name: str | None = None) -> Figure:
    """``review``'s figure in words (see :mod:`cardtable.ai.review` for what they
    measure); ``name``: whose decisions they were (None: the person's own, "your")."""
    forced = ReviewRunWords.tr("%n forced move(s) not counted", None, review.forced)
    accuracy, loss = review.accuracy, review.average_loss
    if accuracy is None or loss is None:
        return Figure(ReviewRunWords.tr("No decision to weigh: every move had only one choice"),
                      forced if review.forced else "")
    headline = ReviewRunWords.tr("Your decisions: accuracy %1%") if name is None \
        else ReviewRunWords.tr("%2’s decisions: accuracy %1%")
    parts = [
        texts.fill(ReviewRunWords.tr("%1 points lost a decision on average"), decimal(loss)),
        texts.fill(ReviewRunWords.tr("inaccuracies: %1"), review.count("inaccuracy")),
        texts.fill(ReviewRunWords.tr("mistakes: %1"), review.count("mistake")),
        texts.fill(ReviewRunWords.tr("blunders: %1"), review.count("blunder")),
        ReviewRunWords.tr("%n decision(s) weighed", None, len(review.decisions)),
    ]
    if review.forced:
        parts.append(forced)
    return Figure(texts.fill(headline, decimal(accuracy, 0), name or ""), " · ".join(parts))


def hindsight_text(review: Review) -> str:
    """The hindsight review's figure on one line, labelled apart from the fair one (it
    judges with cards the seat could not see)."""
    accuracy, loss = review.accuracy, review.average_loss
    if accuracy is None or loss is None:
        return ""
    return texts.fill(ReviewRunWords.tr("With every card known (hindsight): accuracy %1% · %2 "
                                  "points lost a decision on average"),
                      decimal(accuracy, 0), decimal(loss))


def progress_text(name: str | None, done: int, total: int, hindsight: bool) -> str:
    """"Reviewing your decisions… 34 of 97" (or a named seat's; with every card known)."""
    if hindsight:
        text = ReviewRunWords.tr("Reviewing with every card known… %1 of %2") if name is None \
            else ReviewRunWords.tr("Reviewing %3’s decisions with every card known… %1 of %2")
    else:
        text = ReviewRunWords.tr("Reviewing your decisions… %1 of %2") if name is None \
            else ReviewRunWords.tr("Reviewing %3’s decisions… %1 of %2")
    return texts.fill(text, done, total, name or "")
