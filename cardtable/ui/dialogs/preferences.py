"""Settings (Ctrl+,): the table's own settings — language, pace, when the next deal
starts, the only card played by itself, looks, cards, sound, undo at a shared screen.
Every control is named for a screen reader and reachable by the keyboard; the dialog
gives back a :class:`TablePrefs`, the window applies it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui.art.cache import back_style_name
from cardtable.ui.art.svg import BACK_STYLES
from cardtable.ui.i18n import LANGUAGE_NAMES
from cardtable.ui.pace import PACES
from cardtable.ui.prefs import (
    CARD_SIZES,
    NEXT_DEAL_ALONE,
    NEXT_DEAL_SECONDS,
    NEXT_DEAL_TIMED,
    NEXT_DEAL_WAITS,
    TablePrefs,
)
from cardtable.ui.theme import CHOICES as THEME_CHOICES
from cardtable.ui.theme import choice_name


class PreferencesDialog(QDialog):
    """The table's settings, filled in from ``prefs``."""

    def __init__(self, prefs: TablePrefs, parent: QWidget | None = None,
                 sound_available: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        form = QFormLayout()

        def combo(label: str, items: list[tuple[str, str]], value: str) -> QComboBox:
            box = QComboBox(self)
            for text, key in items:
                box.addItem(text, key)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.setAccessibleName(label.rstrip(":"))
            form.addRow(label, box)
            return box

        self.languages = combo(self.tr("Language:"), [
            (self.tr("As the system"), ""),
            *((name, key) for key, name in LANGUAGE_NAMES.items())], prefs.language)
        pace_names = {"instant": self.tr("Instant"), "fast": self.tr("Fast"),
                      "normal": self.tr("Normal"), "slow": self.tr("Slow")}
        self.pace = combo(self.tr("Pace of play:"), [(pace_names[k], k) for k in PACES],
                          prefs.pace)
        note = QLabel(self.tr("How fast cards move and how long the computer players take."),
                      self)
        note.setWordWrap(True)
        form.addRow("", note)
        self.next_deal = combo(self.tr("Next deal:"), [
            (self.tr("Waits for the player"), NEXT_DEAL_WAITS),
            (self.tr("Starts at once when only computers play"), NEXT_DEAL_ALONE),
            (self.tr("Starts by itself after a pause"), NEXT_DEAL_TIMED)], prefs.next_deal)
        self.next_deal.setToolTip(self.tr("After a deal's score. A game of computers alone "
                                          "goes on at once unless “Waits for the player” "
                                          "is chosen."))
        self.next_deal_s = QSpinBox(self)
        self.next_deal_s.setRange(NEXT_DEAL_SECONDS.start, NEXT_DEAL_SECONDS.stop - 1)
        self.next_deal_s.setValue(prefs.next_deal_s)
        self.next_deal_s.setSuffix(self.tr(" s"))
        self.next_deal_s.setAccessibleName(self.tr("Pause before the next deal, in seconds"))
        form.addRow(self.tr("Pause:"), self.next_deal_s)

        def pause_used() -> None:
            self.next_deal_s.setEnabled(self.next_deal.currentData() == NEXT_DEAL_TIMED)
        self.next_deal.currentIndexChanged.connect(lambda _: pause_used())
        pause_used()
        self.play_only_card = QCheckBox(self.tr("Play my card by itself when it is the only "
                                                "one allowed"), self)
        self.play_only_card.setChecked(prefs.play_only_card)
        form.addRow("", self.play_only_card)
        self.theme = combo(self.tr("Table:"), [(choice_name(k), k) for k in THEME_CHOICES],
                           prefs.theme)
        size_names = {"small": self.tr("Small"), "normal": self.tr("Normal"),
                      "large": self.tr("Large")}
        self.card_size = combo(self.tr("Card size:"),
                               [(size_names[k], k) for k in CARD_SIZES], prefs.card_size)
        self.back = combo(self.tr("Card backs:"),
                          [(back_style_name(k), k) for k in BACK_STYLES], prefs.back_style)
        self.four = QCheckBox(self.tr("Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green)"),
                              self)
        self.four.setChecked(prefs.four_colour)
        form.addRow("", self.four)
        self.high_contrast = QCheckBox(self.tr("High-contrast cards (large, bold corners)"),
                                       self)
        self.high_contrast.setChecked(prefs.high_contrast)
        form.addRow("", self.high_contrast)
        sound = QHBoxLayout()
        self.volume = QSlider(Qt.Orientation.Horizontal, self)
        self.volume.setRange(0, 100)
        self.volume.setPageStep(10)
        self.volume.setValue(prefs.volume)
        self.volume.setAccessibleName(self.tr("Volume"))
        self.mute = QCheckBox(self.tr("Mute"), self)
        self.mute.setChecked(prefs.muted)
        self.mute.toggled.connect(lambda on: self.volume.setEnabled(not on))
        self.volume.setEnabled(not prefs.muted)
        sound.addWidget(self.volume, 1)
        sound.addWidget(self.mute)
        form.addRow(self.tr("Sound:"), sound)
        if not sound_available:
            missing = QLabel(self.tr("No way to play sound was found on this computer: the "
                                     "table stays silent."), self)
            missing.setWordWrap(True)
            form.addRow("", missing)
        self.shared_undo = QCheckBox(self.tr("Allow undo when several people play at this "
                                             "screen"), self)
        self.shared_undo.setChecked(prefs.shared_undo)
        self.shared_undo.setToolTip(self.tr("Only if every player agrees: a move taken back "
                                            "is a move the others have seen."))
        form.addRow("", self.shared_undo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def result_prefs(self) -> TablePrefs:
        return TablePrefs(
            pace=str(self.pace.currentData()),
            four_colour=self.four.isChecked(),
            high_contrast=self.high_contrast.isChecked(),
            back_style=str(self.back.currentData()),
            card_size=str(self.card_size.currentData()),
            theme=str(self.theme.currentData()),
            volume=self.volume.value(),
            muted=self.mute.isChecked(),
            shared_undo=self.shared_undo.isChecked(),
            language=str(self.languages.currentData() or ""),
            next_deal=str(self.next_deal.currentData()),
            next_deal_s=self.next_deal_s.value(),
            play_only_card=self.play_only_card.isChecked(),
        )
