"""Options a set-up cannot use are disabled in the New game dialog, saying why.

The dependencies come from the rules files: «Кинг в ералаше» needs an ералаш (the short
game has none), «Обязательно козырять» needs trumps (the plus deals of the positive
stage have none), Метаморфоза's "who leads" needs three players (with two both orders
are the same). The engine itself proves each one: the option on or off, the same seed
plays the same game.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from cardtable.ai import make_player
from cardtable.engine import get_game
from cardtable.engine.game import OptionError
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out
from cardtable.ui.dialogs import new_game as dialog_module
from cardtable.ui.dialogs.new_game import SettingsDialog
from cardtable.ui.games.unused_options import unused_options
from cardtable.ui.settings import GAME_ORDER, default_settings

NO_ERALASH = "the short game has no eralash"
NO_TRUMPS = "the plus deals have no trumps"
SAME_LEADERS = "with two players both orders are the same"


@pytest.fixture(autouse=True)
def english(qapp: QApplication) -> Iterator[None]:
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
    yield


def expected_unused(game: str, options: Mapping[str, Any]) -> set[str]:
    """What the rules files say, written out by hand (not asked of the code)."""
    if game == "king":
        found = set()
        if options["length"] == "short":
            found.add("eralash_king")  # king.md: the short game has no ералаш
        if options["stage2"] == "positive":
            found.add("must_trump")  # king.md: only хвалёнки name a trump
        return found
    if game == "metamorphosis" and options["players"] == 2:
        return {"leaders"}  # metamorphosis.md: "3 players only; ignored with 2"
    return set()


def every_set_up(game: str) -> Iterator[dict[str, Any]]:
    """Each valid combination of the game's choice options, at each player count."""
    rules = get_game(game)
    specs = [s for s in rules.specs if s.choices or s.kind is bool or s.key == "players"]
    ranges = []
    for spec in specs:
        if spec.key == "players" and not spec.choices:
            assert spec.minimum is not None and spec.maximum is not None
            ranges.append(tuple(range(spec.minimum, spec.maximum + 1)))
        else:
            ranges.append(spec.choices or (False, True))
    for values in itertools.product(*ranges):
        try:
            yield rules.check_options(dict(zip((s.key for s in specs), values, strict=True)))
        except OptionError:
            continue


@pytest.mark.parametrize("game", GAME_ORDER)
def test_every_unused_option_is_found(game: str) -> None:
    count = 0
    for options in every_set_up(game):
        assert set(unused_options(game, options)) == expected_unused(game, options), options
        count += 1
    assert count > 1


def trace(game: str, options: Mapping[str, Any], seed: int) -> list[Any]:
    """Every action of a game between random players, and the totals."""
    n = options["players"]
    players = [make_player(game, "random") for _ in range(n)]
    seats = [Seat(f"P{i}", "computer", "random") for i in range(n)]
    match = play_out(Match.start(game, options, seats, seed=seed), players, max_deals=30)
    return [*match.steps(), tuple(match.state.totals)]


def changes_play(game: str, options: Mapping[str, Any], key: str, seeds: range) -> bool:
    """Whether flipping ``key`` changes a game for any of ``seeds``."""
    spec = get_game(game).spec(key)
    values = spec.choices or (False, True)
    for seed in seeds:
        traces = {repr(trace(game, {**options, key: v}, seed)) for v in values}
        if len(traces) > 1:
            return True
    return False


@pytest.mark.parametrize(("game", "options", "key"), [
    ("king", {"players": 4, "length": "short"}, "eralash_king"),
    ("king", {"players": 3, "length": "short", "stage2": "positive"}, "eralash_king"),
    ("king", {"players": 4, "stage2": "positive"}, "must_trump"),
    ("metamorphosis", {"players": 2}, "leaders"),
])
def test_an_unused_option_changes_nothing_in_play(
        game: str, options: dict[str, Any], key: str) -> None:
    assert key in unused_options(game, get_game(game).check_options(options))
    assert not changes_play(game, options, key, range(3))


@pytest.mark.parametrize(("game", "options", "key"), [
    ("king", {"players": 4, "length": "full"}, "eralash_king"),
    ("king", {"players": 4, "stage2": "hvalenki"}, "must_trump"),
    ("metamorphosis", {"players": 3}, "leaders"),
])
def test_the_play_check_can_fail_on_a_used_option(
        game: str, options: dict[str, Any], key: str) -> None:
    """The bad case of the test above: a used option does change the game."""
    assert key not in unused_options(game, get_game(game).check_options(options))
    assert changes_play(game, options, key, range(12))


# --- the dialog ------------------------------------------------------------------------


def make_dialog(qtbot: Any, game: str) -> SettingsDialog:
    dialog = SettingsDialog(default_settings(game, "Anna"), GAME_ORDER)
    qtbot.addWidget(dialog)
    button = dialog.findChild(QRadioButton, f"game_{game}")
    assert button is not None
    button.setChecked(True)
    return dialog


def widget(dialog: SettingsDialog, key: str) -> Any:
    found = dialog.findChild(QWidget, f"option_{key}")
    assert found is not None, key
    return found


def choose(dialog: SettingsDialog, key: str, value: Any) -> None:
    box = widget(dialog, key)
    if isinstance(box, QComboBox):
        box.setCurrentIndex(box.findData(value))
    elif isinstance(box, QSpinBox):
        box.setValue(value)
    else:
        box.setChecked(value)


def players(dialog: SettingsDialog, count: int) -> None:
    spin = dialog.findChild(QSpinBox, "players")
    assert spin is not None
    spin.setValue(count)


def dead_option_problems(dialog: SettingsDialog, dead: Mapping[str, str]) -> list[str]:
    """What is wrong with the option widgets when the options in ``dead`` (key → why)
    are of no use: each must be disabled at its default, saying why in its tooltip and
    its note; every other option must be usable."""
    found = []
    settings = dialog.current_settings()
    game = get_game(settings.game)
    for key, box in ((s.key, widget(dialog, s.key)) for s in game.specs if s.key != "players"):
        if key not in dead:
            if not box.isEnabled():
                found.append(f"{key} is disabled")
            continue
        why = dead[key]
        if box.isEnabled():
            found.append(f"{key} is enabled")
        if settings.options[key] != game.spec(key).default:
            found.append(f"{key} is {settings.options[key]!r}, not its default")
        if f"Not available: {why}." not in box.toolTip():
            found.append(f"{key}'s tooltip {box.toolTip()!r} does not say {why!r}")
        note = dialog.findChild(QLabel, f"note_{key}")
        if note is None or note.isHidden() or why not in note.text():
            found.append(f"{key}'s note does not say {why!r}")
    return found


def test_short_king_disables_the_eralash_king_rule_and_says_why(qtbot: Any) -> None:
    dialog = make_dialog(qtbot, "king")
    assert dead_option_problems(dialog, {}) == []
    choose(dialog, "eralash_king", True)
    choose(dialog, "length", "short")
    assert dead_option_problems(dialog, {"eralash_king": NO_ERALASH}) == []
    assert widget(dialog, "eralash_king").isChecked() is False
    assert dialog.result_settings().options["eralash_king"] is False
    # the person's choice comes back with the full game
    choose(dialog, "length", "full")
    assert dead_option_problems(dialog, {}) == []
    assert widget(dialog, "eralash_king").isChecked() is True
    assert dialog.result_settings().options["eralash_king"] is True


def test_plus_deals_disable_must_trump(qtbot: Any) -> None:
    dialog = make_dialog(qtbot, "king")
    choose(dialog, "stage2", "positive")
    assert dead_option_problems(dialog, {"must_trump": NO_TRUMPS}) == []
    choose(dialog, "length", "short")
    assert dead_option_problems(
        dialog, {"must_trump": NO_TRUMPS, "eralash_king": NO_ERALASH}) == []
    choose(dialog, "stage2", "hvalenki")
    assert dead_option_problems(dialog, {"eralash_king": NO_ERALASH}) == []


def test_two_player_metamorphosis_disables_who_leads(qtbot: Any) -> None:
    dialog = make_dialog(qtbot, "metamorphosis")
    players(dialog, 3)
    choose(dialog, "leaders", "source")
    assert dead_option_problems(dialog, {}) == []
    players(dialog, 2)
    assert dead_option_problems(dialog, {"leaders": SAME_LEADERS}) == []
    players(dialog, 3)
    assert widget(dialog, "leaders").currentData() == "source"  # as the person chose


def test_clubs_has_no_option_without_use(qtbot: Any) -> None:
    dialog = make_dialog(qtbot, "clubs")
    for count in range(2, 9):
        players(dialog, count)
        assert dead_option_problems(dialog, {}) == []


def test_an_option_chosen_by_hand_after_a_switch_stays(qtbot: Any) -> None:
    dialog = make_dialog(qtbot, "king")
    choose(dialog, "stage2", "hvalenki_reverse_eralash")
    choose(dialog, "length", "short")
    assert widget(dialog, "stage2").currentData() == "hvalenki"
    choose(dialog, "stage2", "positive")  # the person's own choice now
    choose(dialog, "length", "full")
    assert widget(dialog, "stage2").currentData() == "positive"


def test_the_check_catches_an_option_left_enabled(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad case: the dialog as it was, asking only for refusals."""
    monkeypatch.setattr(dialog_module, "unused_options", lambda game, options: {})
    dialog = make_dialog(qtbot, "king")
    choose(dialog, "eralash_king", True)
    choose(dialog, "length", "short")
    problems = dead_option_problems(dialog, {"eralash_king": NO_ERALASH})
    assert "eralash_king is enabled" in problems
    assert "eralash_king is True, not its default" in problems
    assert any("tooltip" in p for p in problems)
