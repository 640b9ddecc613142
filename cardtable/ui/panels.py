"""Panels that sit on the cloth (not floating windows): the choices the rules ask of a
player — an order, a price, a bid, a declaration — and the board shown between deals
and at the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui import theme

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_ARROWS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
           Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}


class KeyboardButtons(QObject):
    """The keys of a panel's buttons: Enter (as well as Space) presses the focused one,
    and the arrows move the focus between the enabled buttons as they are laid out —
    never out of the panel, so a key never leaves the person without a focused
    button."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.buttons: list[QPushButton] = []
        self.columns = 1

    def watch(self, buttons: Sequence[QPushButton], columns: int) -> None:
        self.buttons = list(buttons)
        self.columns = max(1, columns)
        for button in self.buttons:
            button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or watched not in self.buttons \
                or not isinstance(event, QKeyEvent):
            return False
        button = self.buttons[self.buttons.index(watched)]
        key = event.key()
        if key in _ENTER and event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                                   Qt.KeyboardModifier.KeypadModifier):
            if button.isEnabled():
                button.animateClick()
            return True
        if key in _ARROWS:
            self.move_from(button, *_ARROWS[Qt.Key(key)])
            return True
        return False

    def move_from(self, button: QPushButton, rows: int, cols: int) -> None:
        """Focus the next enabled button that way: ← → in reading order (on into the
        row after or before), ↑ ↓ the nearest one in the next row that has one; at the
        edge the focus stays where it is."""
        usable = [b.isEnabled() and b.isVisible() for b in self.buttons]
        index = self.buttons.index(button)
        target: int | None = None
        if cols:
            k = index + cols
            while 0 <= k < len(self.buttons) and not usable[k]:
                k += cols
            target = k if 0 <= k < len(self.buttons) else None
        else:
            row, col = divmod(index, self.columns)
            last_row = (len(self.buttons) - 1) // self.columns
            row += rows
            while 0 <= row <= last_row and target is None:
                cells = [k for k in range(row * self.columns,
                                          min((row + 1) * self.columns, len(self.buttons)))
                         if usable[k]]
                if cells:
                    target = min(cells, key=lambda k: abs(k % self.columns - col))
                row += rows
        chosen = self.buttons[target] if target is not None else button
        chosen.setFocus(Qt.FocusReason.TabFocusReason)


@dataclass(frozen=True)
class Choice:
    """One button of a choice panel."""

    label: str
    action: Any
    enabled: bool = True
    tooltip: str = ""
    accent: bool = False


class ChoicePanel(QFrame):
    """A titled set of buttons; clicking one emits :attr:`chosen` with its action."""

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(theme.current().panel_css)
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle = QLabel(self)
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setSpacing(8)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 12, 18, 14)
        layout.setSpacing(8)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addLayout(self.grid)
        self.buttons: list[QPushButton] = []
        self.choice_actions: list[Any] = []
        """The action of each button (not ``actions``: that is QWidget's method)."""
        self.keys = KeyboardButtons(self)
        self.columns = 1
        self.hide()

    def show_choices(self, title: str, subtitle: str, choices: Sequence[Choice],
                     columns: int = 4, font_px: int = 15) -> None:
        for button in self.buttons:
            self.grid.removeWidget(button)
            button.hide()  # gone from the next frame, not only when the loop deletes it
            button.deleteLater()
        self.buttons = []
        self.choice_actions = [choice.action for choice in choices]
        self.title.setText(title)
        self.subtitle.setText(subtitle)
        self.subtitle.setVisible(bool(subtitle))
        self.setAccessibleName(title)
        self.setAccessibleDescription(subtitle)
        font = self.font()
        font.setPixelSize(font_px)
        self.setFont(font)
        # the style sheet stops the panel's font reaching its children: give it to each
        self.subtitle.setFont(font)
        title_font = self.title.font()
        title_font.setPixelSize(round(font_px * 1.15))
        title_font.setBold(True)
        self.title.setFont(title_font)
        for i, choice in enumerate(choices):
            button = QPushButton(choice.label, self)
            button.setFont(font)
            button.setEnabled(choice.enabled)
            button.setToolTip(choice.tooltip)
            button.setAccessibleDescription(choice.tooltip)  # why it is disabled, say
            button.setProperty("accent", "true" if choice.accent else "false")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, a=choice.action: self.chosen.emit(a))
            self.grid.addWidget(button, i // columns, i % columns)
            self.buttons.append(button)
        self.columns = columns
        self._even_widths()
        self.keys.watch(self.buttons, columns)
        self.adjustSize()
        self.show()
        self.raise_()
        first = next((b for b in self.buttons if b.isEnabled()), None)
        if first is not None:
            first.setFocus()


    def set_columns(self, columns: int) -> None:
        """Lay the same buttons out in ``columns`` columns (a narrower, taller panel)."""
        columns = max(1, columns)
        for button in self.buttons:
            self.grid.removeWidget(button)
        for i, button in enumerate(self.buttons):
            self.grid.addWidget(button, i // columns, i % columns)
        self.columns = columns
        self._even_widths()
        self.keys.watch(self.buttons, columns)
        self.adjustSize()

    def _even_widths(self) -> None:
        """Every column as wide as the widest button: a grid of numbers (a bid of 0 …
        13) reads as a keypad, not as buttons of whatever width their labels give."""
        widest = max((b.sizeHint().width() for b in self.buttons), default=0)
        for column in range(self.grid.columnCount()):
            self.grid.setColumnMinimumWidth(column, 0)
            self.grid.setColumnStretch(column, 0)
        for column in range(min(self.columns, len(self.buttons))):
            self.grid.setColumnMinimumWidth(column, widest)
            self.grid.setColumnStretch(column, 1)

    def suggest(self, action: Any) -> bool:
        """Point at the button of ``action`` (a hint): it takes the focus, so Enter
        chooses it."""
        for button, candidate in zip(self.buttons, self.choice_actions, strict=True):
            if candidate == action and button.isEnabled():
                button.setProperty("accent", "true")
                button.style().unpolish(button)
                button.style().polish(button)
                button.setFocus()
                return True
        return False


class BoardPanel(QFrame):
    """Between deals and at the end: a headline, a body (the score sheet) and buttons.

    For its first moments (``keys_after_ms``) it answers only a click: no button has
    the focus or is the default, so a key still held, or pressed by habit for the
    move before, does not start the next deal or a new game.  Esc then does what
    the button given as ``escape`` does."""

    escaped = Signal()
    """Esc was pressed on the board (after its first moments)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._keys_timer = QTimer(self)
        self._keys_timer.setSingleShot(True)
        self._keys_timer.timeout.connect(self._take_keys)
        self._escape: Any = None
        self.setObjectName("panel")
        self.setProperty("opaque", "true")  # the table must not show through the sheet
        self.setStyleSheet(theme.current().panel_css)
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)  # a shared win of eight long names takes two lines
        self.text = QLabel(self)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setWordWrap(True)
        self.body = QVBoxLayout()
        self.row = QHBoxLayout()
        self.row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addLayout(self.body, 1)
        layout.addLayout(self.row)
        self.buttons: list[QPushButton] = []
        self.keys = KeyboardButtons(self)
        self.hide()

    def set_content(self, title: str, text: str, widget: QWidget | None,
                    buttons: Sequence[tuple[str, Any]], font_px: int = 15,
                    keys_after_ms: int = 0, escape: Any = None) -> None:
        """``buttons``: (label, callback); the first is the default (Enter) once the
        keys are taken, ``keys_after_ms`` from now; ``escape`` is called for Esc."""
        while self.body.count():
            item = self.body.takeAt(0)
            if item is None:
                raise RuntimeError("a layout with items has one at index 0")
            w = item.widget()
            if w is not None:
                w.setParent(None)
        if widget is not None:
            self.body.addWidget(widget)
            # the sheet is read, not worked: the keys stay with the buttons
            for child in (widget, *widget.findChildren(QWidget)):
                child.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for button in self.buttons:
            self.row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons = []
        font = self.font()
        font.setPixelSize(font_px)
        self.setFont(font)
        self.text.setFont(font)
        title_font = self.title.font()
        title_font.setPixelSize(round(font_px * 1.3))
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setText(title)
        self.text.setText(text)
        self.text.setVisible(bool(text))
        self.setAccessibleName(title)
        self.setAccessibleDescription(text)
        for i, (label, callback) in enumerate(buttons):
            button = QPushButton(label, self)
            button.setFont(font)
            button.setProperty("accent", "true" if i == 0 else "false")
            button.setAutoDefault(False)
            button.clicked.connect(callback)
            self.row.addWidget(button)
            self.buttons.append(button)
        self.keys.watch(self.buttons, len(self.buttons))
        self._escape = escape
        self.show()
        self.raise_()
        self._keys_timer.stop()
        if keys_after_ms > 0:
            for button in self.buttons:
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.clearFocus()
            self._keys_timer.start(keys_after_ms)
        else:
            self._take_keys()

    @property
    def takes_keys(self) -> bool:
        """Whether the board answers keys yet (not in its first moments)."""
        return self.isVisible() and not self._keys_timer.isActive()

    def _take_keys(self) -> None:
        """The keys now work: the first button is the default and has the focus."""
        if not self.isVisible():
            return
        for i, button in enumerate(self.buttons):
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setDefault(i == 0)
        if self.buttons:
            self.buttons[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def press_escape(self) -> bool:
        """Esc: what the board's ``escape`` button does — never in its first moments."""
        if not self.takes_keys or self._escape is None:
            return False
        self._escape()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.press_escape():
            event.accept()
            return
        super().keyPressEvent(event)
