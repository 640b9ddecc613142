"""A review shown in Watch again: ticks on the slider at the marked decisions, the
list of the costliest, stepping to one marks the chosen and the better card on the
table with the estimates and why, Take over from that decision, hindsight said apart —
and the review's words for every game's kinds of decision in English and Russian."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from cardtable.ai import make_player
from cardtable.ai import review as review_module
from cardtable.ai.review import Decision, Estimate, Review, review_match
from cardtable.engine.actions import Action, Play
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out
from cardtable.ui.controller import Waiting
from cardtable.ui.games import presenter_class
from cardtable.ui.games import review_words as words
from cardtable.ui.i18n import install_translators
from cardtable.ui.replay import ReplaySession
from cardtable.ui.review.marks import MarkedSlider
from cardtable.ui.window.main_window import MainWindow


@pytest.fixture(scope="module")
def reviewed() -> tuple[Match, Review]:
    """A short Кинг game of three, seat 0 a person's, reviewed with few samples."""
    seats = [Seat("Anna", "human", None), Seat("B", "computer", "easy"),
             Seat("C", "computer", "easy")]
    match = Match.start("king", {"players": 3, "length": "short"}, seats, seed=2)
    play_out(match, [make_player("king", "easy")] * 3)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review_module, "SELECT_SAMPLES", 8)
        patch.setattr(review_module, "ESTIMATE_SAMPLES", 8)
        patch.setattr(review_module, "MAX_ESTIMATE_SAMPLES", 16)
        review = review_match(match, 0, seed=1)
    assert len(review.marked()) >= 3 and any(
        type(d.chosen) is Play and type(d.best) is Play for d in review.marked())
    return match, review


def watch(window: MainWindow, match: Match, review: Review | None,
          hindsight: Review | None = None) -> ReplaySession:
    window.watching.watch(match, at_end=False, review=review, hindsight=hindsight)
    session = window.replay
    assert session is not None
    return session


def slider(session: ReplaySession) -> MarkedSlider:
    assert isinstance(session.bar.slider, MarkedSlider)
    return session.bar.slider


def test_ticks_sit_at_the_marked_decisions(window: MainWindow, qtbot: Any,
                                           reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    session = watch(window, match, review)
    bar = slider(session)
    assert {(t.position, t.mark) for t in bar.ticks} == {
        (d.position, d.mark) for d in review.marked()}
    lines = [session.bar.marked_list.item(row).text()
             for row in range(session.bar.marked_list.count())]
    assert sorted(t.words for t in bar.ticks) == sorted(lines)
    # along the groove in the game's order, within the slider
    xs = [bar.tick_x(t.position) for t in sorted(bar.ticks, key=lambda t: t.position)]
    assert xs == sorted(xs) and 0 < xs[0] < xs[-1] < bar.width()
    assert bar.tick_x(session.first) < xs[0]
    # pressing a tick goes to its decision
    target = max(review.marked(), key=lambda d: d.position)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(bar.tick_x(target.position)), bar.height() - 3))
    assert session.position == target.position
    # a decision that is not this game's (another choice at that position) is left out
    wrong = review.marked()[0]
    other = next(a for a in _legal_at(match, wrong.position) if a != wrong.chosen)
    altered = dataclasses.replace(review, decisions=tuple(
        dataclasses.replace(d, chosen=other) if d is wrong else d for d in review.decisions))
    window.watching.show_review(altered)
    assert wrong.position not in {t.position for t in bar.ticks}
    assert len(bar.ticks) == len(review.marked()) - 1
    session.close()
    assert not bar.ticks and not session.bar.review_area.isVisible()


def _legal_at(match: Match, position: int) -> list[Action]:
    again = Match(match.game, match.game.new(match.state.options, match.state.first_dealer),
                  match.seats, match.seed)
    for step in match.steps()[:position]:
        again.take(step)
    return list(again.state.legal_actions())


def test_the_list_goes_costliest_first_and_a_line_steps_to_its_decision(
        window: MainWindow, qtbot: Any, reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    session = watch(window, match, review)
    listed = session.bar.marked_list
    positions = [listed.item(row).data(Qt.ItemDataRole.UserRole)
                 for row in range(listed.count())]
    marked = review.marked()
    assert positions == [d.position for d in marked]
    assert [d.cost for d in marked] == sorted((d.cost for d in marked), reverse=True)
    assert listed.item(0).data(Qt.ItemDataRole.AccessibleTextRole) == listed.item(0).text()
    assert "blunder" in listed.item(0).text() or "mistake" in listed.item(0).text()
    # a click: the table stands before the action, the chosen and better cards marked
    card = next(d for d in marked if type(d.chosen) is Play and type(d.best) is Play)
    row = positions.index(card.position)
    qtbot.mouseClick(listed.viewport(), Qt.MouseButton.LeftButton,
                     pos=listed.visualItemRect(listed.item(row)).center())
    assert session.position == card.position
    state = session.timeline.state
    assert state.to_move == review.seat and card.chosen in state.legal_actions()
    qtbot.waitUntil(lambda: bool(session.marked_cards()))
    assert isinstance(card.chosen, Play) and isinstance(card.best, Play)
    assert session.marked_cards() == {int(card.chosen.card): "chosen",
                                      int(card.best.card): "better"}
    hand = {int(i.card) for i in window.scene.hands[review.seat] if i.card is not None}
    assert {int(card.chosen.card), int(card.best.card)} <= hand
    panel = session.bar.decision
    assert card.mark is not None and words.mark_name(card.mark) in panel.title.text()
    assert panel.chosen.text().startswith("Chosen: ") and "expected" in panel.chosen.text()
    assert panel.better.text().startswith("Better: ")
    assert "points on average" in panel.why.text()
    # one step on: the marks go with the decision
    session.step(1)
    qtbot.waitUntil(lambda: not window.scene.busy)
    assert session.marked_cards() == {}
    assert all(not i.badge for h in window.scene.hands for i in h)
    # Enter on a line, and N and P through the marked decisions in the game's order
    listed.setFocus()
    listed.setCurrentRow(1)
    qtbot.keyClick(listed, Qt.Key.Key_Return)
    assert session.position == positions[1]
    session.show(session.first)
    in_order = sorted(positions)
    window.activateWindow()
    for expected in in_order[:2]:
        qtbot.keyClick(window, Qt.Key.Key_N)
        assert session.position == expected
    qtbot.keyClick(window, Qt.Key.Key_P)
    assert session.position == in_order[0]
    session.close()


def test_take_over_from_a_flagged_decision_plays_on_there(
        window: MainWindow, qtbot: Any, reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    steps = match.steps()
    session = watch(window, match, review)
    decision = review.marked()[0]
    session.go_to(decision.position)
    session.show(session.first)  # the button takes over at its decision, wherever the bar is
    session.go_to(decision.position)
    button = session.bar.decision.take_over
    assert button.isEnabled() and session.bar.decision.position == decision.position
    button.click()
    assert window.replay is None
    qtbot.waitUntil(lambda: window.controller.waiting == Waiting.HUMAN, timeout=5000)
    played = window.controller.match
    assert played.steps() == steps[:decision.position]
    assert played.state.to_move == review.seat
    assert decision.best in played.state.legal_actions()


def test_hindsight_is_said_apart_and_never_marks(window: MainWindow,
                                                 reviewed: tuple[Match, Review]) -> None:
    match, review = reviewed
    decision = review.marked()[0]
    others = [e.action for e in decision.estimates if e.action != decision.chosen]
    hind_decision = dataclasses.replace(decision, best=others[-1], cost=1.5, mark="blunder")
    unmarked = next(d for d in review.decisions if d.mark is None)
    hindsight = dataclasses.replace(review, hindsight=True, decisions=(
        hind_decision, dataclasses.replace(unmarked, mark="blunder", cost=30.0)))
    session = watch(window, match, review, hindsight)
    bar = slider(session)
    assert {t.position for t in bar.ticks} == {d.position for d in review.marked()}
    assert session.bar.marked_list.count() == len(review.marked())
    session.go_to(decision.position)
    panel = session.bar.decision
    assert panel.hindsight.isVisibleTo(panel)
    assert panel.hindsight_title.text().startswith("Hindsight")
    said = panel.hindsight_text.text()
    assert said.startswith("With every card known, the best was ") and "1.5" in said
    fair = " ".join(label.text() for label in (panel.title, panel.chosen, panel.better,
                                               panel.why))
    assert "every card" not in fair and words.points(decision.cost) in panel.title.text()
    # without hindsight, no such part
    window.watching.show_review(review)
    session.go_to(decision.position)
    assert not panel.hindsight.isVisibleTo(panel)
    session.close()


# --- the words, for every game's kinds of decision --------------------------------------------

GAMES = {"king": {"players": 3, "length": "short"}, "clubs": {"players": 3},
         "metamorphosis": {"players": 3}}
KINDS = {"king": {"Play", "Play (follow)", "Order", "Buy", "Pass"},
         "clubs": {"Play", "Play (follow)", "Bid", "Pass"},
         "metamorphosis": {"Play", "Play (follow)", "Declare"}}
"""Each game's kinds of decision, a card led and a card played to a trick apart."""
NAME = "Анна-Мария %2"
"""A seat's name with a placeholder in it: it must come out as it is."""


def decisions_of_every_kind(game: str) -> list[tuple[Any, Decision]]:
    """For each kind of decision of ``game``, a view where the seat to move has two
    choices of that kind (or that and another), and a decision between them."""
    seats = [Seat(f"S{i}", "computer", "easy") for i in range(3)]
    match = Match.start(game, GAMES[game], seats, seed=5)
    rng = random.Random(3)
    found: dict[str, tuple[Any, Decision]] = {}
    for _ in range(2000):
        state = match.state
        if state.is_over or set(found) == KINDS[game]:
            break
        if state.needs_deal:
            match.deal()
            continue
        legal = list(state.legal_actions())
        view = state.view(state.to_move)
        for action in legal:
            kind = type(action).__name__ + (" (follow)" if view.trick and
                                            type(action) is Play else "")
            if kind in found or len(legal) < 2:
                continue
            same = [a for a in legal if type(a) is type(action) and a != action]
            best = same[0] if same else next(a for a in legal if a != action)
            estimates = (Estimate(best, 1.5, 0.3, 48), Estimate(action, -1.75, 0.31, 48))
            found[kind] = (view, Decision(
                deal=1, move=4, position=0, chosen=action, best=best, cost=3.25,
                stderr=0.4, samples=64, mark="mistake", estimates=estimates))
        match.apply(rng.choice(legal))
    assert set(found) == KINDS[game]
    return list(found.values())


def sentences(game: str, view: Any, decision: Decision, name: str | None) -> list[str]:
    presenter = presenter_class(game)([NAME, "B", "C"], None if name else view.seat)
    return [words.list_line(presenter, view, decision),
            words.chosen_line(presenter, view, decision),
            words.better_line(presenter, view, decision),
            words.why_sentence(presenter, view, decision, name),
            words.hindsight_sentence(presenter, view, decision)]


def check_english(game: str) -> None:
    for view, decision in decisions_of_every_kind(game):
        for name in (None, NAME):
            said = sentences(game, view, decision, name)
            why = said[3]
            assert ("3.2 points on average" in why) or ("3.3 points on average" in why)
            assert why.count("Better: ") == 1 and why.endswith(".")
            assert (NAME in why) == (name is not None), why
            assert "expected 1.5 ± 0.3 points" in said[2]
            assert "expected −1.8 ± 0.3 points" in said[1]
            assert said[0].startswith("Deal 2, move 5: ") or said[0].startswith("Game 2, move 5: ")
            for text in said:
                assert not re.search(r"%\d|%n", text.replace(NAME, "")), text
                assert "“”" not in text, text


@pytest.mark.parametrize("game", list(GAMES))
def test_review_words_in_english_for_every_kind(no_translators: None, game: str) -> None:
    check_english(game)


RUSSIAN: dict[str, str | tuple[str, str, str]] = {
    "inaccuracy": "неточность",
    "mistake": "ошибка",
    "blunder": "грубая ошибка",
    "“%1”": "«%1»",
    "%1, move %2": "%1, ход %2",
    "%1: %2 — %3, %4 points lost": "%1: %2 — %3, потеряно %4 очка",
    "expected %1 ± %2 points": "в среднем %1 ± %2 очка",
    "Chosen: %1 — %2": "Выбрано: %1 — %2",
    "Better: %1 — %2": "Лучше: %1 — %2",
    "Leading %1 cost %2 points on average.": "Заход с %1 стоил в среднем %2 очка.",
    "Playing %1 cost %2 points on average.": "Ход %1 стоил в среднем %2 очка.",
    "%1: leading %2 cost %3 points on average.": "%1: заход с %2 стоил в среднем %3 очка.",
    "%1: playing %2 cost %3 points on average.": "%1: ход %2 стоил в среднем %3 очка.",
    "Choosing %1 cost %2 points on average.": "Выбор %1 стоил в среднем %2 очка.",
    "%1: choosing %2 cost %3 points on average.": "%1: выбор %2 стоил в среднем %3 очка.",
    "Better: %1.": "Лучше: %1.",
    "Better: %1 — %2.": "Лучше: %1 — %2.",
    "It was the best choice.": "Это был лучший выбор.",
    "Within the estimate's noise: not marked.": "В пределах погрешности оценки: не отмечено.",
    "With every card known, the choice made was the best.":
        "Если знать все карты, сделанный выбор был лучшим.",
    "With every card known, the best was %1 (%2); the choice made cost %3 points.":
        "Если знать все карты, лучшим было %1 (%2); сделанный выбор стоил %3 очка.",
    "%n forced move(s) not counted": ("%n вынужденный ход не учтён",
                                      "%n вынужденных хода не учтены",
                                      "%n вынужденных ходов не учтено"),
    "%n decision(s) marked": ("отмечено %n решение", "отмечено %n решения",
                              "отмечено %n решений"),
    "%1 — %2: %3 points lost": "%1 — %2: потеряно %3 очка",
    "Costliest decisions": "Самые дорогие решения",
    "No decision is marked.": "Ни одно решение не отмечено.",
    "Previous marked decision": "Предыдущее отмеченное решение",
    "Next marked decision": "Следующее отмеченное решение",
    "chosen": "выбрана",
    "better": "лучше",
    "No decision of the reviewed seat here": "Здесь нет решения разбираемого игрока",
    "Click a line of the list, or press N and P, to go to a marked decision.":
        "Щёлкните строку списка или нажмите N и P, чтобы перейти к отмеченному решению.",
    "Play on from this decision yourself and try the better choice":
        "Сыграть самому с этого решения и попробовать лучший выбор",
    "Hindsight — every card known (not part of the marks)":
        "Задним числом — все карты известны (в оценки не входит)",
}
"""The review's Russian, as the catalogue is to hold it."""


def russian_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


class ReviewRussian(QTranslator):
    """The review's Russian above, for the ``ReviewWords`` context only."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:  # type: ignore[override]
        if context != "ReviewWords" or source not in RUSSIAN:
            return None
        said = RUSSIAN[source]
        return said[russian_form(n)] if isinstance(said, tuple) else said


@pytest.fixture
def russian(qapp: QApplication, no_translators: None) -> Iterator[None]:
    install_translators(qapp, "ru")
    extra = ReviewRussian(qapp)
    qapp.installTranslator(extra)
    yield


@pytest.mark.parametrize("game", list(GAMES))
def test_review_words_in_russian_for_every_kind(russian: None, game: str) -> None:
    assert QCoreApplication.translate("ReviewWords", "blunder") == "грубая ошибка"
    for view, decision in decisions_of_every_kind(game):
        for name in (None, NAME):
            said = sentences(game, view, decision, name)
            why = said[3]
            assert "3,2 очка" in why or "3,3 очка" in why, why
            assert (NAME in why) == (name is not None)
            assert "в среднем 1,5 ± 0,3 очка" in said[2]
            for text in said:
                rest = text.replace(NAME, "")
                assert not re.search(r"[A-Za-z]{2,}", rest), text  # no English left
                assert not re.search(r"%\d|%n", rest), text


def test_counted_words_in_russian(russian: None) -> None:
    assert words.forced_words(1) == "1 вынужденный ход не учтён"
    assert words.forced_words(3) == "3 вынужденных хода не учтены"
    assert words.forced_words(11) == "11 вынужденных ходов не учтено"
    assert words.marked_count_words(22) == "отмечено 22 решения"


def test_every_review_word_has_its_russian() -> None:
    """The Russian above covers every string said in the review's context (so the
    tests above see them all translated, and the report lists them all)."""
    ui = Path(words.__file__).parents[1]
    source = "".join((ui / name).read_text(encoding="utf-8") for name in (
        "games/review_words.py", "review/decision_panel.py", "replay.py"))
    said = set(re.findall(r'ReviewWords\.tr\(\s*"((?:[^"\\]|\\.)*)"(?:\s*"((?:[^"\\]|\\.)*)")?',
                          source))
    assert len(said) >= 30
    missing = {a + b for a, b in said} - set(RUSSIAN)
    assert not missing
