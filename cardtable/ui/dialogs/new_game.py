"""The new-game dialog: which game, who plays, the game's options and the pace.

The option widgets are built from each game's ``OptionSpec`` list, so a new option
appears here without dialog code (it only lacks words until the tables below get
them). Invalid combinations are found by asking the game itself
(``check_options``), never by repeating its rules: a choice that the game would
refuse is disabled, and the reason is shown beside it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QAction, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from cardtable.engine import get_game
from cardtable.engine.game import OptionError, OptionSpec
from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui.games import GAME_ORDER, game_title, presenter_class
from cardtable.ui.games.base import GamePresenter
from cardtable.ui.games.unused_options import NO_ERALASH, NO_TRUMPS, SAME_LEADERS, unused_options
from cardtable.ui.i18n import QT_TRANSLATE_NOOP
from cardtable.ui.settings import (
    DEFAULT_PACE,
    MAX_NAME_LENGTH,
    PACES,
    GameSettings,
    SettingsError,
    computer_levels,
    default_level,
    default_settings,
    is_default_name,
    name_for_kind,
    unique_computer_name,
)

# --- words ------------------------------------------------------------------------------
# Source strings are English; QT_TRANSLATE_NOOP marks them for lupdate, and they are
# translated when shown (so a language switch needs no rebuild of these tables).

_CTX = "GameOptions"

KIND_TEXT: dict[str, str] = {
    HUMAN: QT_TRANSLATE_NOOP("GameOptions", "Human"),
    COMPUTER: QT_TRANSLATE_NOOP("GameOptions", "Computer"),
}

LEVEL_TEXT: dict[str, str] = {
    "easy": QT_TRANSLATE_NOOP("PlayerLevel", "Easy"),
    "normal": QT_TRANSLATE_NOOP("PlayerLevel", "Normal"),
    "hard": QT_TRANSLATE_NOOP("PlayerLevel", "Hard"),
}
"""Computer levels (their own context: "Normal" is a level here, a pace there)."""

PACE_TEXT: dict[str, str] = {
    "instant": QT_TRANSLATE_NOOP("Pace", "Instant"),
    "fast": QT_TRANSLATE_NOOP("Pace", "Fast"),
    "normal": QT_TRANSLATE_NOOP("Pace", "Normal"),
    "slow": QT_TRANSLATE_NOOP("Pace", "Slow"),
}
"""Paces, fastest first."""

UNUSED_TEXT: dict[str, str] = {
    NO_ERALASH: QT_TRANSLATE_NOOP("GameOptions", "the short game has no eralash"),
    NO_TRUMPS: QT_TRANSLATE_NOOP("GameOptions", "the plus deals have no trumps"),
    SAME_LEADERS: QT_TRANSLATE_NOOP("GameOptions",
                                    "with two players both orders are the same"),
}
"""Why an option is of no use in a set-up, by the code ``unused_options`` gives."""


def _t(text: str, context: str = _CTX) -> str:
    """A table entry in the interface language."""
    return QCoreApplication.translate(context, text) if text else ""


def _words(game: str) -> type[GamePresenter[Any]]:
    return presenter_class(game)


def option_label(game: str, spec: OptionSpec) -> str:
    """An option's label; the bare key for an option the presenter does not know yet."""
    text = _words(game).OPTION_TEXT.get(spec.key)
    return _t(text.label) if text else spec.key


def option_explanation(game: str, spec: OptionSpec, value: Any) -> str:
    """What the option means at ``value``: the choice's own words, else the option's,
    else the engine's English help (an option the presenter does not know yet)."""
    words = _words(game)
    choice = words.CHOICE_TEXT.get((spec.key, value))
    if choice and choice.help:
        return _t(choice.help)
    text = words.OPTION_TEXT.get(spec.key)
    if text and text.help:
        return _t(text.help)
    return spec.help


def choice_name(game: str, key: str, value: Any) -> str:
    """A choice's name in the combo box, the notes and the problem line."""
    choice = _words(game).CHOICE_TEXT.get((key, value))
    return _t(choice.label) if choice else str(value)


def level_name(level: str) -> str:
    """A computer level's name (easy → "Easy", «Лёгкий»)."""
    return _t(LEVEL_TEXT[level], "PlayerLevel") if level in LEVEL_TEXT else level


def _fill(text: str, *values: Any) -> str:
    """Qt's ``%1 %2`` placeholders, filled in one pass (a value may contain ``%2``)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "%" and i + 1 < len(text) and text[i + 1].isdigit():
            index = int(text[i + 1]) - 1
            if 0 <= index < len(values):
                out.append(str(values[index]))
                i += 2
                continue
        out.append(text[i])
        i += 1
    return "".join(out)


MAX_SEATS = max(
    max(spec.choices) if spec.choices else (spec.maximum or spec.default)
    for spec in (get_game(g).spec("players") for g in GAME_ORDER)
)
"""Seat rows the dialog needs for the largest table of any game."""


def _players_range(game: str) -> tuple[int, int]:
    """The player counts the game allows, for the spin box (all are contiguous)."""
    spec = get_game(game).spec("players")
    if spec.choices:
        return min(spec.choices), max(spec.choices)
    return spec.minimum or 1, spec.maximum or MAX_SEATS


_COLUMN_CHARS = 44
"""The least width of each of the dialog's two columns, in average characters."""

_EXPLANATION_CHARS = 60
"""The most an explanation asks for before it wraps, in average characters."""


@dataclass
class _SeatRow:
    """The widgets of one seat, and the level to restore when it turns computer again."""

    number: QLabel
    name: QLineEdit
    kind: QComboBox
    level: QComboBox
    warning: QAction
    last_level: str | None = None
    used: bool = False

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.number, self.name, self.kind, self.level)


class SettingsDialog(QDialog):
    """Set up a new game.  ``result_settings()`` gives the set-up after ``accept``;
    ``result_pace()`` the chosen pace (a table setting, stored apart)."""

    def __init__(self, settings: GameSettings, enabled_games: Sequence[str] = GAME_ORDER,
                 parent: QWidget | None = None, *, pace: str = DEFAULT_PACE) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self._enabled = [g for g in GAME_ORDER if g in enabled_games]
        game = settings.game if settings.game in GAME_ORDER else GAME_ORDER[0]
        if game not in self._enabled and self._enabled:
            game = self._enabled[0]
        self._game = game
        self._options_by_game = {g: settings.options_for(g) for g in GAME_ORDER}
        self._updating = False
        self._switched: dict[str, tuple[Any, Any, str]] = {}
        self._option_widgets: dict[str, QWidget] = {}
        self._option_explanations: dict[str, QLabel] = {}
        self._option_notes: dict[str, QLabel] = {}
        self._filled: dict[str, int | None] = {}
        """Per number option: the suggestion the dialog filled in itself (so that a
        new player count may replace it), None once the player has chosen."""
        self._disabled_choices: dict[str, dict[Any, str]] = {}

        self._game_buttons: dict[str, QRadioButton] = {}
        self._game_group = QButtonGroup(self)
        self._players = QSpinBox()
        self._rows: list[_SeatRow] = []
        self._rules_box = QGroupBox()
        self._rules_layout = QGridLayout(self._rules_box)
        self._pace = QComboBox()
        self._problem_icon = QLabel()
        self._problem_text = QLabel()
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults)

        self._build(settings, pace)
        self._switch_game(game, initial=True)
        self.fit_to_contents()

    def fit_to_contents(self) -> None:
        """Take the natural size: the width the contents ask for and the height that
        width needs (explanations wrap, which ``adjustSize`` handles poorly)."""
        layout = self.layout()
        if layout is None:
            raise RuntimeError("the dialog's layout is set in _build")
        least = layout.totalMinimumSize()
        width = max(layout.totalSizeHint().width(), least.width())
        height = (layout.totalHeightForWidth(width) if layout.hasHeightForWidth()
                  else layout.totalSizeHint().height())
        self.resize(width, max(height, least.height()))

    # --- building -------------------------------------------------------------------

    def _build(self, settings: GameSettings, pace: str) -> None:
        left = QVBoxLayout()
        left.addWidget(self._build_games())
        left.addWidget(self._build_players(settings.seats))
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self._rules_box)
        right.addWidget(self._build_pace(pace))
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.setSpacing(16)
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        # Columns of a readable measure; explanations wrap inside them.
        # (Struts, not minimum widths: those would override what the contents need.)
        column_width = self.fontMetrics().averageCharWidth() * _COLUMN_CHARS
        left.addStrut(column_width)
        right.addStrut(column_width)

        icon_size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self._problem_icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(icon_size, icon_size))
        self._problem_icon.setFixedSize(QSize(icon_size, icon_size))
        self._problem_text.setObjectName("problem")
        self._problem_text.setTextFormat(Qt.TextFormat.PlainText)
        self._problem_text.setMinimumHeight(max(icon_size, self.fontMetrics().height()))
        # A long reason may be cut short (the whole list is its tooltip), but it never
        # widens the dialog while the player types.
        self._problem_text.setSizePolicy(QSizePolicy.Policy.Ignored,
                                         QSizePolicy.Policy.Preferred)
        problem = QHBoxLayout()
        problem.addWidget(self._problem_icon)
        problem.addWidget(self._problem_text, 1)

        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        restore = self._buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.clicked.connect(self.restore_defaults)
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)

        main = QVBoxLayout(self)
        main.addLayout(columns, 1)
        main.addLayout(problem)
        main.addWidget(self._buttons)

    def _build_games(self) -> QGroupBox:
        box = QGroupBox(self.tr("Game"))
        grid = QGridLayout(box)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        indent = self._indicator_indent()
        for i, game in enumerate(GAME_ORDER):
            button = QRadioButton(game_title(game))
            button.setObjectName(f"game_{game}")
            description = _Explanation(presenter_class(game).description())
            description.setContentsMargins(indent, 0, 0, 8 if i < len(GAME_ORDER) - 1 else 0)
            grid.addWidget(button, 2 * i, 0)
            grid.addWidget(description, 2 * i + 1, 0, 1, 2)
            if game not in self._enabled:
                later = self.tr("Coming in a later version")
                button.setEnabled(False)
                button.setToolTip(later)
                description.setEnabled(False)
                description.setToolTip(later)
                note = _small_label(later)
                note.setObjectName(f"later_{game}")
                note.setEnabled(False)
                font = note.font()
                font.setItalic(True)
                note.setFont(font)
                grid.addWidget(note, 2 * i, 1)
            self._game_group.addButton(button, i)
            self._game_buttons[game] = button
        self._game_group.idToggled.connect(self._on_game_toggled)
        return box

    def _build_players(self, seats: Sequence[Seat]) -> QGroupBox:
        box = QGroupBox(self.tr("Players"))
        outer = QVBoxLayout(box)
        count_row = QHBoxLayout()
        count_label = QLabel(self.tr("&Number of players:"))
        count_label.setBuddy(self._players)
        self._players.setObjectName("players")
        count_row.addWidget(count_label)
        count_row.addWidget(self._players)
        count_row.addStretch(1)
        outer.addLayout(count_row)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setColumnStretch(1, 1)
        for column, title in enumerate((self.tr("Name"), self.tr("Player"), self.tr("Level"))):
            header = _small_label(title)
            grid.addWidget(header, 0, column + 1)
        warning_icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        kinds = [(HUMAN, _t(KIND_TEXT[HUMAN])), (COMPUTER, _t(KIND_TEXT[COMPUTER]))]
        for i in range(MAX_SEATS):
            number = QLabel(f"{i + 1}.")
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            name = QLineEdit()
            name.setObjectName(f"seat_name_{i}")
            name.setMaxLength(MAX_NAME_LENGTH)
            name.setPlaceholderText(self.tr("Name"))
            name.setAccessibleName(_fill(self.tr("Name of player %1"), i + 1))
            name.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 12)
            # Added to the line edit only while the name has a problem: QLineEdit shows
            # its actions' buttons whether or not the action is visible.
            warning = QAction(warning_icon, "", name)
            kind = QComboBox()
            kind.setObjectName(f"seat_kind_{i}")
            kind.setAccessibleName(_fill(self.tr("Player %1: human or computer"), i + 1))
            for value, text in kinds:
                kind.addItem(text, value)
            level = QComboBox()
            level.setObjectName(f"seat_level_{i}")
            level.setAccessibleName(_fill(self.tr("Level of player %1"), i + 1))
            level.setPlaceholderText("—")
            level.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            row = _SeatRow(number, name, kind, level, warning)
            self._rows.append(row)
            for column, widget in enumerate(row.widgets()):
                grid.addWidget(widget, i + 1, column)
            if i < len(seats):
                self._set_seat(row, seats[i])
            name.textChanged.connect(self._refresh)
            kind.currentIndexChanged.connect(lambda _i, r=row: self._on_kind_changed(r))
            level.currentIndexChanged.connect(lambda _i, r=row: self._on_level_changed(r))
        outer.addLayout(grid)
        self._players.valueChanged.connect(self._on_players_changed)
        return box

    def _build_pace(self, pace: str) -> QGroupBox:
        box = QGroupBox(self.tr("P&ace"))
        layout = QVBoxLayout(box)
        layout.setSpacing(2)
        self._pace.setObjectName("pace")
        for value in PACES:
            self._pace.addItem(_t(PACE_TEXT[value], "Pace"), value)
        self._pace.setCurrentIndex(max(0, self._pace.findData(pace)))
        self._pace.setAccessibleName(self.tr("Pace"))
        row = QHBoxLayout()
        row.addWidget(self._pace)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(_Explanation(
            self.tr("How fast cards move and computer players make their moves.")))
        box.setFocusProxy(self._pace)
        return box

    def _build_rules(self) -> None:
        """The option widgets of the current game, generically from its specs."""
        while self._rules_layout.count():
            item = self._rules_layout.takeAt(0)
            if item is None:
                raise RuntimeError("a layout with items has one at index 0")
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self._option_widgets.clear()
        self._option_explanations.clear()
        self._option_notes.clear()
        self._disabled_choices.clear()
        self._switched.clear()
        game = self._game
        options = self._options_by_game[game]
        grid = self._rules_layout
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        grid.setHorizontalSpacing(12)
        row = 0
        specs = [s for s in get_game(game).specs if s.key != "players"]
        for n, spec in enumerate(specs):
            value = options.get(spec.key, spec.default)
            widget = self._make_option_widget(spec, value)
            widget.setObjectName(f"option_{spec.key}")
            self._option_widgets[spec.key] = widget
            if isinstance(widget, QCheckBox):
                grid.addWidget(widget, row, 0, 1, 2)
            else:
                label = QLabel(option_label(game, spec) + ":")
                label.setBuddy(widget)
                grid.addWidget(label, row, 0)
                grid.addWidget(widget, row, 1, Qt.AlignmentFlag.AlignLeft)
            explanation = _Explanation(
                option_explanation(game, spec, value),
                [option_explanation(game, spec, choice) for choice in spec.choices])
            explanation.setObjectName(f"explain_{spec.key}")
            if isinstance(widget, QCheckBox):
                explanation.setContentsMargins(self._indicator_indent(), 0, 0, 0)
            grid.addWidget(explanation, row + 1, 0, 1, 2)
            note = _Explanation()
            note.setObjectName(f"note_{spec.key}")
            note.linkActivated.connect(lambda _link, k=spec.key: self._use_suggestion(k))
            font = note.font()
            font.setItalic(True)  # set apart from the explanation it follows
            note.setFont(font)
            note.hide()
            grid.addWidget(note, row + 2, 0, 1, 2)
            self._option_explanations[spec.key] = explanation
            self._option_notes[spec.key] = note
            row += 3
            if n < len(specs) - 1:
                grid.setRowMinimumHeight(row, 8)
                row += 1
        # One width for every choice box, so they line up instead of making a ragged edge.
        combos = [w for w in self._option_widgets.values() if isinstance(w, QComboBox)]
        if combos:
            width = max(c.sizeHint().width() for c in combos)
            for combo in combos:
                combo.setMinimumWidth(width)

    def _make_option_widget(self, spec: OptionSpec, value: Any) -> QWidget:
        key = spec.key
        widget: QWidget
        if spec.choices:
            combo = QComboBox()
            combo.setModel(QStandardItemModel(combo))
            for choice in spec.choices:
                combo.addItem(choice_name(self._game, key, choice), choice)
                combo.setItemData(combo.count() - 1,
                                  option_explanation(self._game, spec, choice),
                                  Qt.ItemDataRole.ToolTipRole)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            combo.currentIndexChanged.connect(lambda _i, k=key: self._on_option_edited(k))
            widget = combo
        elif spec.kind is bool:
            check = QCheckBox(option_label(self._game, spec))
            check.setChecked(bool(value))
            check.toggled.connect(lambda _c, k=key: self._on_option_edited(k))
            widget = check
        elif spec.kind is int:
            off = _words(self._game).OFF_TEXT.get(key)
            spin = _NumberBox(self._lowest_above_off(spec) if off is not None
                              else None)
            spin.setRange(spec.minimum if spec.minimum is not None else -1_000_000,
                          spec.maximum if spec.maximum is not None else 1_000_000)
            if off is not None:
                spin.setSpecialValueText(_t(off))
            spin.setValue(value if isinstance(value, int) else spec.default)
            spin.valueChanged.connect(lambda _v, k=key: self._on_option_edited(k))
            widget = spin
        else:
            edit = QLineEdit(str(value))
            edit.textChanged.connect(lambda _t, k=key: self._on_option_edited(k))
            widget = edit
        return widget

    def _lowest_above_off(self, spec: OptionSpec) -> int | None:
        """The smallest value above the "off" minimum that the game accepts (a deal
        limit of 1 to 4 is refused: the box steps from "No limit" straight to 5)."""
        game = get_game(self._game)
        low = spec.minimum or 0
        for value in range(low + 1, (spec.maximum or low + 1) + 1):
            try:
                game.check_options({"players": self._players.value(), spec.key: value})
            except OptionError:
                continue
            return value
        return None

    def _suggestion(self, key: str) -> tuple[int, str] | None:
        """The value suggested for ``key`` at this player count, and why."""
        return _words(self._game).SUGGESTIONS.get(key, {}).get(self._players.value())

    def _follow_suggestion(self) -> None:
        """At a new player count, a number option nobody has changed takes the new
        count's filled-in suggestion (or goes back to its default)."""
        for key, widget in self._option_widgets.items():
            if key not in _words(self._game).SUGGESTIONS or not isinstance(widget, QSpinBox):
                continue
            spec = get_game(self._game).spec(key)
            if widget.value() not in (spec.default, self._filled.get(key)):
                continue  # the player's own value stays
            suggestion = self._suggestion(key)
            filled = suggestion is not None and \
                self._players.value() in _words(self._game).FILLED_IN.get(key, frozenset())
            value = suggestion[0] if filled and suggestion else spec.default
            self._filled[key] = value if filled else None
            widget.blockSignals(True)
            widget.setValue(value)
            widget.blockSignals(False)

    def _use_suggestion(self, key: str) -> None:
        suggestion = self._suggestion(key)
        widget = self._option_widgets.get(key)
        if suggestion is not None and isinstance(widget, QSpinBox):
            widget.setValue(suggestion[0])

    def _indicator_indent(self) -> int:
        """How far a check box's or radio button's text starts from its left edge."""
        style = self.style()
        return (style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
                + style.pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing))

    # --- reading and writing the widgets ------------------------------------------------

    def _set_seat(self, row: _SeatRow, seat: Seat) -> None:
        row.used = True
        row.name.setText(seat.name)
        row.kind.setCurrentIndex(max(0, row.kind.findData(seat.kind)))
        if seat.kind == COMPUTER and seat.level:
            row.last_level = seat.level
        self._fill_levels(row)

    def _fill_levels(self, row: _SeatRow) -> None:
        """Offer the current game's levels; a human seat shows none (and no choice)."""
        levels = computer_levels(self._game)
        was = self._updating
        self._updating = True
        try:
            row.level.clear()
            for level in levels:
                row.level.addItem(level_name(level), level)
            if row.kind.currentData() == COMPUTER and levels:
                wanted = row.last_level if row.last_level in levels else default_level(
                    self._game)
                row.level.setCurrentIndex(max(0, row.level.findData(wanted)))
                row.level.setEnabled(True)
            else:
                row.level.setCurrentIndex(-1)
                row.level.setEnabled(False)
        finally:
            self._updating = was

    def _read_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"players": self._players.value()}
        for key, widget in self._option_widgets.items():
            if isinstance(widget, QComboBox):
                options[key] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                options[key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                options[key] = widget.value()
            elif isinstance(widget, QLineEdit):
                options[key] = widget.text()
        return options

    def _set_option(self, key: str, value: Any) -> None:
        widget = self._option_widgets[key]
        widget.blockSignals(True)
        try:
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
        finally:
            widget.blockSignals(False)

    def _seats(self) -> list[Seat]:
        seats = []
        for row in self._rows[:self._players.value()]:
            kind = row.kind.currentData()
            level = row.level.currentData() if kind == COMPUTER else None
            if kind == COMPUTER and level is None:
                level = row.last_level or default_level(self._game)
            seats.append(Seat(row.name.text().strip(), kind, level))
        return seats

    def current_settings(self) -> GameSettings:
        """The set-up as the dialog shows it now (valid or not)."""
        self._options_by_game[self._game] = self._read_options()
        last = {g: dict(o) for g, o in self._options_by_game.items() if g != self._game}
        return GameSettings(self._game, dict(self._options_by_game[self._game]),
                            self._seats(), last)

    def result_settings(self) -> GameSettings:
        """The accepted set-up; it passes ``validate()`` (OK is disabled otherwise)."""
        return self.current_settings()

    def result_pace(self) -> str:
        """The chosen pace; the caller stores it with ``save_pace``."""
        return self._pace.currentData()

    # --- reacting -----------------------------------------------------------------------

    def _on_game_toggled(self, button_id: int, checked: bool) -> None:
        if checked and not self._updating:
            self._switch_game(GAME_ORDER[button_id])

    def _switch_game(self, game: str, initial: bool = False) -> None:
        if not initial:
            self._options_by_game[self._game] = self._read_options()
        self._game = game
        options = self._options_by_game[game]
        self._updating = True
        try:
            self._game_buttons[game].setChecked(True)
            low, high = _players_range(game)
            self._players.setRange(low, high)
            self._players.setValue(min(max(options.get("players", low), low), high))
            self._rules_box.setTitle(_fill(self.tr("Rules of %1"), game_title(game)))
            self._build_rules()
        finally:
            self._updating = False
        for row in self._rows:
            self._fill_levels(row)
        self._show_rows()
        self._refresh()
        self._update_tab_order()
        if not initial:
            self.fit_to_contents()

    def _on_players_changed(self, _value: int) -> None:
        if self._updating:
            return
        self._show_rows()
        self._follow_suggestion()
        self._refresh()
        self.fit_to_contents()

    def _show_rows(self) -> None:
        """Show as many seat rows as players; a row shown first gets a default seat."""
        count = self._players.value()
        for i, row in enumerate(self._rows):
            if i < count and not row.used:
                taken = [r.name.text() for r in self._rows[:count] if r.used]
                self._updating = True
                try:
                    self._set_seat(row, Seat(unique_computer_name(taken, i), COMPUTER,
                                             default_level(self._game)))
                finally:
                    self._updating = False
            for widget in row.widgets():
                widget.setVisible(i < count)
        self._rename_clashes()

    def _rename_clashes(self) -> None:
        """A row shown again may bring back a default name that another seat took
        meanwhile ("You" given to a seat while this one was hidden): the later of the
        two takes its kind's next default name. Typed names are left for the player."""
        seen: set[str] = set()
        for i, row in enumerate(self._rows[:self._players.value()]):
            key = row.name.text().strip().casefold()
            if key in seen and is_default_name(row.name.text()):
                self._updating = True
                try:
                    row.name.setText(name_for_kind(i, self._seats()))
                finally:
                    self._updating = False
                key = row.name.text().strip().casefold()
            seen.add(key)

    def _on_kind_changed(self, row: _SeatRow) -> None:
        """A seat that changes between person and computer takes that kind's default
        name, unless the name is one the person typed."""
        if self._updating:
            return
        self._fill_levels(row)
        if is_default_name(row.name.text()):
            self._updating = True
            try:
                row.name.setText(name_for_kind(self._rows.index(row), self._seats()))
            finally:
                self._updating = False
        self._refresh()

    def _on_level_changed(self, row: _SeatRow) -> None:
        if self._updating:
            return
        if row.level.currentData() is not None:
            row.last_level = row.level.currentData()
        self._refresh()

    def _on_option_edited(self, key: str) -> None:
        if self._updating:
            return
        self._switched.pop(key, None)
        self._refresh()

    def restore_defaults(self) -> None:
        """Every field back to the game's defaults (the other games keep theirs)."""
        defaults = default_settings(self._game)
        self._options_by_game[self._game] = defaults.options
        self._updating = True
        try:
            for i, row in enumerate(self._rows):
                row.used = False
                row.last_level = None
                if i < len(defaults.seats):
                    self._set_seat(row, defaults.seats[i])
            self._pace.setCurrentIndex(self._pace.findData(DEFAULT_PACE))
        finally:
            self._updating = False
        self._switch_game(self._game, initial=True)
        self.fit_to_contents()

    def _refresh(self) -> None:
        """Bring every dependent part up to date: unavailable choices, explanations,
        notes, the problem line and the OK button."""
        if self._updating:
            return
        options = self._apply_constraints(self._read_options())
        self._options_by_game[self._game] = options
        specs = {s.key: s for s in get_game(self._game).specs}
        for key, label in self._option_explanations.items():
            label.setText(option_explanation(self._game, specs[key], options[key]))
        self._update_notes()
        settings = self.current_settings()
        problems = settings.problems()
        if self._game not in self._enabled:
            problems.insert(0, SettingsError("game", "game_disabled", "game not available"))
        self._show_problems(problems)

    def _apply_constraints(self, options: dict[str, Any]) -> dict[str, Any]:
        """Disable each choice the game refuses for its own key, and every choice but
        the default of an option these options make pointless; move off one that is
        chosen and refused, remembering it so the note can say so and the choice comes
        back once it is available again (unless the player has chosen since)."""
        for _ in range(2 * len(self._option_widgets) + 1):
            self._disabled_choices = self._refusals(options)
            changed = False
            for key, refused in self._disabled_choices.items():
                spec = get_game(self._game).spec(key)
                switched = self._switched.get(key)
                if options[key] in refused:
                    allowed = [v for v in _values(spec) if v not in refused]
                    if not allowed:
                        continue
                    new = spec.default if spec.default in allowed else allowed[0]
                    old = switched[0] if switched else options[key]
                    self._switched[key] = (old, new, refused[options[key]])
                elif switched and switched[0] not in refused and options[key] == switched[1]:
                    new = switched[0]
                    del self._switched[key]
                else:
                    continue
                options[key] = new
                self._set_option(key, new)
                changed = True
            if not changed:
                break
        for key, refused in self._disabled_choices.items():
            self._mark_refused(key, refused)
        for key in list(self._switched):
            if not self._disabled_choices.get(key):
                del self._switched[key]
        return options

    def _refusals(self, options: dict[str, Any]) -> dict[str, dict[Any, str]]:
        """Per option, the values that cannot be chosen now and why: those the game
        refuses, and all but the default of an option that would change nothing."""
        game = get_game(self._game)
        try:
            unused = unused_options(self._game, game.check_options(options))
        except OptionError:
            unused = {}
        found: dict[str, dict[Any, str]] = {}
        for key in self._option_widgets:
            spec = game.spec(key)
            refused: dict[Any, str] = {}
            for value in _values(spec):
                try:
                    game.check_options({**options, key: value})
                except OptionError as error:
                    if error.key == key:
                        refused[value] = self._reason(key, value, error)
                        continue
                if key in unused and value != spec.default:
                    refused[value] = _t(UNUSED_TEXT.get(unused[key], "")) or unused[key]
            found[key] = refused
        return found

    def _mark_refused(self, key: str, refused: dict[Any, str]) -> None:
        """Grey out what cannot be chosen, each with the reason in its tooltip; a
        widget left with a single possible value is disabled as a whole."""
        widget = self._option_widgets[key]
        spec = get_game(self._game).spec(key)
        reasons = list(dict.fromkeys(refused.values()))
        whole = _fill(self.tr("Not available: %1."), "; ".join(reasons)) if reasons else ""
        if isinstance(widget, QComboBox):
            model = widget.model()
            if isinstance(model, QStandardItemModel):
                for i in range(widget.count()):
                    value = widget.itemData(i)
                    item = model.item(i)
                    item.setEnabled(value not in refused)
                    item.setToolTip(
                        _fill(self.tr("Not available: %1."), refused[value])
                        if value in refused else option_explanation(self._game, spec, value))
            usable = widget.count() - len(refused) > 1
            widget.setEnabled(usable)
            widget.setToolTip("" if usable else whole)
        elif isinstance(widget, QCheckBox):
            other = not widget.isChecked()
            widget.setEnabled(other not in refused)
            widget.setToolTip(_fill(self.tr("Not available: %1."), refused[other])
                              if other in refused else "")
            usable = widget.isEnabled()
        else:
            usable = True
        explanation = self._option_explanations.get(key)
        if explanation is not None:
            explanation.setEnabled(usable)  # greyed with the option it explains

    def _reason(self, key: str, value: Any, error: OptionError) -> str:
        text = _words(self._game).REASON_TEXT.get((key, value))
        return _t(text) if text else str(error)

    def _update_notes(self) -> None:
        for key, note in self._option_notes.items():
            text = ""
            widget = self._option_widgets.get(key)
            if isinstance(widget, QCheckBox):
                if not widget.isEnabled():
                    text = widget.toolTip()
            elif key in self._switched:
                old, new, reason = self._switched[key]
                text = _fill(self.tr("Switched to “%1”: “%2” is not available — %3."),
                             choice_name(self._game, key, new),
                             choice_name(self._game, key, old), reason)
            elif self._disabled_choices.get(key):
                text = " ".join(
                    _fill(self.tr("“%1” is not available: %2."),
                          choice_name(self._game, key, value), reason)
                    for value, reason in self._disabled_choices[key].items()
                    if not isinstance(value, bool))
            rich = False
            suggestion = self._suggestion(key)
            if suggestion is not None and isinstance(widget, QSpinBox):
                value, why = suggestion
                text = html.escape(_fill(self.tr("Suggested for %1 players: %2 — %3."),
                                         self._players.value(), value, _t(why)))
                if widget.value() != value:
                    use = html.escape(_fill(self.tr("Use %1"), value))
                    text = f'{text} <a href="use">{use}</a>'
                rich = True
            note.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
            note.setText(text)
            note.setVisible(bool(text))

    def _problem_text_of(self, problem: OptionError) -> str:
        if not isinstance(problem, SettingsError):
            value = self._options_by_game[self._game].get(problem.key)
            reason = _words(self._game).REASON_TEXT.get((problem.key, value))
            if reason:
                return _fill(self.tr("“%1” is not available: %2."),
                             choice_name(self._game, problem.key, value), _t(reason))
            return str(problem)
        seat = problem.params.get("seat", 0) + 1
        code = problem.code
        if code == "name_empty":
            return _fill(self.tr("Player %1 has no name."), seat)
        if code == "name_too_long":
            return _fill(self.tr("Player %1: the name is longer than %2 characters."),
                         seat, MAX_NAME_LENGTH)
        if code == "name_unprintable":
            return _fill(self.tr("Player %1: the name has characters that cannot be shown."),
                         seat)
        if code == "name_duplicate":
            return _fill(self.tr("Players %1 and %2 have the same name."),
                         problem.params.get("other", 0) + 1, seat)
        if code == "no_levels":
            return _fill(self.tr("There are no computer players for %1 yet."),
                         game_title(self._game))
        if code == "level_unknown":
            return _fill(self.tr("Player %1: choose a computer level."), seat)
        if code == "seat_kind":
            return _fill(self.tr("Player %1: choose human or computer."), seat)
        if code in ("seat_count", "no_seats"):
            return self.tr("The number of seats does not match the number of players.")
        return self.tr("Choose a game.")

    def _show_problems(self, problems: list[OptionError]) -> None:
        texts = [self._problem_text_of(p) for p in problems]
        by_seat: dict[int, list[str]] = {}
        for problem, text in zip(problems, texts, strict=True):
            if isinstance(problem, SettingsError) and problem.code.startswith("name_"):
                by_seat.setdefault(problem.params.get("seat", 0), []).append(text)
        for i, row in enumerate(self._rows):
            tip = "\n".join(by_seat.get(i, []))
            shown = row.warning in row.name.actions()
            if tip and not shown:
                row.name.addAction(row.warning, QLineEdit.ActionPosition.TrailingPosition)
            elif shown and not tip:
                row.name.removeAction(row.warning)
            row.warning.setToolTip(tip)
            row.name.setToolTip(tip)
        self._problem_text.setText(texts[0] if texts else "")
        self._problem_text.setToolTip("\n".join(texts))
        self._problem_icon.setVisible(bool(texts))
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problems)

    def problem_text(self) -> str:
        """The first reason OK is disabled, as shown ("" when everything is fine)."""
        return self._problem_text.text()

    def accept(self) -> None:
        """Accept only a valid set-up (Enter must not slip past a disabled OK)."""
        if self._buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled():
            super().accept()

    def _update_tab_order(self) -> None:
        """Visual order: game, players and seats, rules, pace, buttons (rebuilt
        option widgets would otherwise come after the buttons)."""
        chain: list[QWidget] = [self._game_buttons[g] for g in GAME_ORDER]
        chain.append(self._players)
        for row in self._rows:
            chain += [row.name, row.kind, row.level]
        chain += list(self._option_widgets.values())
        chain.append(self._pace)
        chain += [b for b in self._buttons.buttons() if isinstance(b, QAbstractButton)]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)


def _values(spec: OptionSpec) -> tuple[Any, ...]:
    """The values an option's widget offers one by one (a number box's are not)."""
    return spec.choices or ((True, False) if spec.kind is bool else ())


def _smaller(label: QLabel) -> None:
    """Explanations and captions step back from the controls they belong to."""
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.92)
    label.setFont(font)


def _small_label(text: str) -> QLabel:
    """A caption: plain text, a little smaller than the controls it belongs to."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    _smaller(label)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return label


class _NumberBox(QSpinBox):
    """A number box whose lowest value means "off" (shown in words) and whose next
    allowed value may be more than one step above it: from "No limit" the up arrow
    goes straight to 5 deals, and back down from 5 to "No limit"."""

    def __init__(self, lowest_on: int | None) -> None:
        super().__init__()
        self.lowest_on = lowest_on
        self.editingFinished.connect(self._raise_to_lowest)

    def _raise_to_lowest(self) -> None:
        """A typed value between "off" and the lowest allowed one becomes that one."""
        on = self.lowest_on
        if on is not None and self.minimum() < self.value() < on:
            self.setValue(on)

    def stepBy(self, steps: int) -> None:
        on = self.lowest_on
        if on is not None:
            off = self.minimum()
            if self.value() == off and steps > 0:
                self.setValue(on + steps - 1)
                return
            if self.value() <= on and steps < 0:
                self.setValue(off)
                return
        super().stepBy(steps)


class _Explanation(QLabel):
    """A line of explanation, smaller than the controls it explains.

    It asks for the width of its longest possible text (``alternatives``), so that
    choosing another value does not make the dialog jump, but never more than
    ``_EXPLANATION_CHARS``: a longer text (a long translation) wraps instead of
    widening the dialog.
    """

    def __init__(self, text: str = "", alternatives: Sequence[str] = ()) -> None:
        super().__init__(text)
        self.alternatives = list(alternatives)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        _smaller(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _cap(self) -> int:
        return self.fontMetrics().averageCharWidth() * _EXPLANATION_CHARS

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        margins = self.contentsMargins()
        texts = [self.text(), *self.alternatives]
        longest = max(metrics.horizontalAdvance(line) for t in texts for line in t.split("\n"))
        width = min(longest + 2, self._cap()) + margins.left() + margins.right()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        # Not narrower than its natural width: the text already wraps at the cap, and a
        # smaller minimum would only make the dialog's least height a guess.
        return self.sizeHint()
