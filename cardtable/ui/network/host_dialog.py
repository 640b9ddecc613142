"""Host a table: the New game dialog's game, options and seats, with who sits where.

Each seat is a person *here* (at this screen: several hand it over as in
pass-and-play), a person *invited* (the seat is kept for someone joining by the
invitation, who brings their own name), or a computer as in a game here.  Below: how
long the table waits for someone whose connection dropped before a computer plays for
them, and at what level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui.dialogs.new_game import SettingsDialog, level_name
from cardtable.ui.games import GAME_ORDER
from cardtable.ui.settings import GameSettings, computer_levels

INVITED = "invited"
"""A seat kept for a person joining by the invitation (a kind of this dialog only: in
the game they are people like any other)."""


@dataclass(frozen=True)
class HostPlan:
    """What the host chose: the table's ``create`` request and the seats at this screen."""

    settings: GameSettings
    here: tuple[int, ...]
    away_after: int
    away_level: str

    def request(self) -> dict[str, Any]:
        seats: list[dict[str, Any]] = []
        for i, seat in enumerate(self.settings.seats):
            if seat.kind == COMPUTER:
                seats.append({"kind": "computer", "level": seat.level or "easy",
                              "name": seat.name})
            elif i in self.here:
                seats.append({"kind": "open", "name": seat.name})
            else:
                seats.append({"kind": "open"})  # the person joining brings a name
        return {"game": self.settings.game, "options": self.settings.options,
                "seats": seats, "start": "host", "away_after": self.away_after,
                "away_level": self.away_level}


class HostDialog(SettingsDialog):
    """The New game dialog, for a table others join over the network."""

    def __init__(self, settings: GameSettings, parent: QWidget | None = None) -> None:
        super().__init__(settings, GAME_ORDER, parent)
        self.setWindowTitle(self.tr("Host a table"))
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("&Host"))
        self._note = QLabel(self.tr(
            "People here play at this screen and hand it over between them; invited "
            "people join with the invitation and bring their own names."))
        self._updating = True  # the names stay as they are
        try:
            for i, row in enumerate(self._rows):
                row.kind.setItemText(row.kind.findData(HUMAN), self.tr("Here"))
                row.kind.addItem(self.tr("Invited"), INVITED)
                if i > 0 and row.kind.currentData() == HUMAN:  # the usual table: you here
                    row.kind.setCurrentIndex(row.kind.findData(INVITED))
        finally:
            self._updating = False
        self._note.setWordWrap(True)
        self._away_minutes = QSpinBox()
        self._away_minutes.setRange(1, 30)
        self._away_minutes.setValue(2)
        self._away_minutes.setSuffix(self.tr(" min"))
        self._away_level = QComboBox()
        away = QHBoxLayout()
        label = QLabel(self.tr("When someone's connection drops, a computer plays for "
                               "them after"))
        label.setWordWrap(True)
        away.addWidget(label, 1)
        away.addWidget(self._away_minutes)
        at = QLabel(self.tr("at level"))
        away.addWidget(at)
        away.addWidget(self._away_level)
        main = self.layout()
        if isinstance(main, QVBoxLayout):
            main.insertWidget(1, self._note)
            main.insertLayout(2, away)
        self._fill_away_levels()
        self.fit_to_contents()

    def _fill_away_levels(self) -> None:
        self._away_level.clear()
        for level in computer_levels(self.current_settings().game):
            self._away_level.addItem(level_name(level), level)
        self._away_level.setCurrentIndex(max(0, self._away_level.findData("easy")))

    def _switch_game(self, game: str, initial: bool = False) -> None:
        super()._switch_game(game, initial)
        if hasattr(self, "_away_level"):
            self._fill_away_levels()

    def _refresh(self) -> None:
        super()._refresh()
        if not hasattr(self, "_note"):
            return
        here = [row for row in self._rows[:self._players.value()]
                if row.kind.currentData() == HUMAN]
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        if not here:
            ok.setEnabled(False)
            self._problem_text.setText(self.tr("Your own seat is missing: make one "
                                               "player a person here."))

    def _seats(self) -> list[Seat]:
        """The seats as the game will have them: an invited seat is a person's."""
        return [Seat(seat.name, HUMAN, None) if seat.kind == INVITED else seat
                for seat in super()._seats()]

    def plan(self) -> HostPlan:
        settings = self.result_settings()
        here = tuple(i for i, row in enumerate(self._rows[:len(settings.seats)])
                     if row.kind.currentData() == HUMAN)
        return HostPlan(settings, here, self._away_minutes.value() * 60,
                        self._away_level.currentData() or "easy")
