"""A reviewed decision in words: what was chosen, what was better, by how many points,
and why — the hint's reason for the better choice (:mod:`hint_words`), extended with
what the choice made cost: «Ход К♠ стоил в среднем 4,2 очка. Лучше: сыграйте В♠ под Д♠:
…».

The reviewed seat is named only before a colon («Анна: ход К♠ …») and never inflected,
so any name reads right in both languages; the person at this screen is not named.
Points are always shown with one decimal (an estimate), which Russian counts with one
form («4,2 очка»); whole counts use counted forms (:func:`translate_counted`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale

from cardtable.engine.actions import Action, Play
from cardtable.engine.game import View
from cardtable.ui.games.hint_words import card_symbol, choice_reason, play_reason
from cardtable.ui.texts import MINUS, fill, translate_counted

if TYPE_CHECKING:
    from cardtable.ai.review import Decision, Estimate


class ReviewWords:
    """The translation context of the review's words (``ReviewWords.tr``), written as
    :class:`cardtable.ui.texts.Texts` is so that ``lupdate`` files the counted ones."""

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return translate_counted("ReviewWords", text, disambiguation, n)


def mark_name(mark: str) -> str:
    """A mark as a chess program says it: «неточность», «ошибка», «грубая ошибка»."""
    names = {"inaccuracy": ReviewWords.tr("inaccuracy"),
             "mistake": ReviewWords.tr("mistake"),
             "blunder": ReviewWords.tr("blunder")}
    return names[mark]


def points(value: float, signed: bool = False) -> str:
    """Points with one decimal in the interface's locale («4,2»), a true minus sign;
    ``signed`` adds «+» to a positive figure."""
    text = QLocale().toString(abs(value), "f", 1)
    if round(value, 1) < 0:
        return f"{MINUS}{text}"
    return f"+{text}" if signed and round(value, 1) > 0 else text


def choice_words(presenter: Any, view: View, action: Action) -> str:
    """The choice itself: a card as the hint writes it («К♠»), anything else the
    presenter's words for the move in quotes («„закажите 3“»)."""
    if type(action) is Play:
        return card_symbol(action.card)
    return fill(ReviewWords.tr("“%1”"), presenter.move_text(view, action))


def where_words(presenter: Any, decision: Decision) -> str:
    """«Сдача 3, ход 7»: the deal as the game calls it, and the move of that deal."""
    return fill(ReviewWords.tr("%1, move %2"), presenter.deal_number(decision.deal + 1),
                decision.move + 1)


def list_line(presenter: Any, view: View, decision: Decision) -> str:
    """One line of the list of costliest decisions (and what a screen reader says)."""
    mark = mark_name(decision.mark) if decision.mark is not None else ""
    return fill(ReviewWords.tr("%1: %2 — %3, %4 points lost"), where_words(presenter, decision),
                choice_words(presenter, view, decision.chosen), mark, points(decision.cost))


def estimate_words(estimate: Estimate | None) -> str:
    """«в среднем −6,2 ± 0,4 очка» (empty when the choice has no estimate)."""
    if estimate is None:
        return ""
    return fill(ReviewWords.tr("expected %1 ± %2 points"), points(estimate.value),
                points(estimate.stderr))


def chosen_line(presenter: Any, view: View, decision: Decision) -> str:
    return fill(ReviewWords.tr("Chosen: %1 — %2"),
                choice_words(presenter, view, decision.chosen),
                estimate_words(decision.estimate_of(decision.chosen)))


def better_line(presenter: Any, view: View, decision: Decision) -> str:
    return fill(ReviewWords.tr("Better: %1 — %2"),
                choice_words(presenter, view, decision.best),
                estimate_words(decision.estimate_of(decision.best)))


def _cost_sentence(presenter: Any, view: View, decision: Decision, name: str | None) -> str:
    """What the choice made cost, with the seat's name before a colon if it is not
    the person at this screen."""
    cost = points(decision.cost)
    chosen = choice_words(presenter, view, decision.chosen)
    if type(decision.chosen) is Play:
        leading = not view.trick
        if name is None:
            text = (ReviewWords.tr("Leading %1 cost %2 points on average.") if leading
                    else ReviewWords.tr("Playing %1 cost %2 points on average."))
            return fill(text, chosen, cost)
        text = (ReviewWords.tr("%1: leading %2 cost %3 points on average.") if leading
                else ReviewWords.tr("%1: playing %2 cost %3 points on average."))
        return fill(text, name, chosen, cost)
    if name is None:
        return fill(ReviewWords.tr("Choosing %1 cost %2 points on average."), chosen, cost)
    return fill(ReviewWords.tr("%1: choosing %2 cost %3 points on average."), name, chosen,
                cost)


def better_reason(presenter: Any, view: View, action: Action) -> str:
    """The better choice and the hint's reason for it: for a card the hint's own
    sentence («сыграйте В♠ под Д♠: …»), else the move and why after a dash."""
    if type(action) is Play:
        return fill(ReviewWords.tr("Better: %1."), play_reason(view, action.card))
    move = presenter.move_text(view, action)
    reason = choice_reason(view, action)
    if reason:
        return fill(ReviewWords.tr("Better: %1 — %2."), move, reason)
    return fill(ReviewWords.tr("Better: %1."), move)


def why_sentence(presenter: Any, view: View, decision: Decision, name: str | None) -> str:
    """Why the decision is marked: what it cost, then the better choice and the hint's
    reason for it.  ``name``: the reviewed seat's name, None for the person here."""
    if decision.best == decision.chosen or decision.cost <= 0:
        return ReviewWords.tr("It was the best choice.")
    said = f"{_cost_sentence(presenter, view, decision, name)} " \
           f"{better_reason(presenter, view, decision.best)}"
    if decision.mark is None:
        said += " " + ReviewWords.tr("Within the estimate's noise: not marked.")
    return said


def hindsight_sentence(presenter: Any, view: View, decision: Decision) -> str:
    """The same decision judged with every card known (kept apart from the fair one)."""
    if decision.best == decision.chosen or decision.cost <= 0:
        return ReviewWords.tr("With every card known, the choice made was the best.")
    return fill(ReviewWords.tr("With every card known, the best was %1 (%2); the choice "
                               "made cost %3 points."),
                choice_words(presenter, view, decision.best),
                estimate_words(decision.estimate_of(decision.best)), points(decision.cost))


def forced_words(count: int) -> str:
    """«2 вынужденных хода не учтены»: moves with one legal choice are not weighed."""
    return ReviewWords.tr("%n forced move(s) not counted", None, count)


def marked_count_words(count: int) -> str:
    """«отмечено решений: 5» for the list's heading."""
    return ReviewWords.tr("%n decision(s) marked", None, count)
