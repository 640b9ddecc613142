"""The table's settings applied at once, with the game going on: the dark theme on the
cloth, the bars and the panels; the card size; the backs and the high-contrast deck;
the sound's volume and mute, and the effects heard with the game; and the settings
kept between runs, a bad stored value falling back to its default."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage, QPainter

from cardtable.ui import theme
from cardtable.ui.prefs import KEYS, TablePrefs, load_prefs, save_prefs
from cardtable.ui.sound.playback import SoundBoard
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import Person, game_settings, open_window, perform, wait_for_table


class Heard:
    """A sound backend that only writes down what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def start(self, path: Path) -> Any:
        self.played.append(path.name.split("-")[0].split(".")[0])
        return None


def cloth_corner(win: MainWindow) -> QColor:
    """The colour of the cloth near a corner of the table, as painted."""
    image = QImage(win.table.viewport().size(), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    win.scene.render(painter)
    painter.end()
    return image.pixelColor(4, image.height() // 2)


def test_the_dark_theme_at_once(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0], players=4), seed=2)
    wait_for_table(win, qtbot)
    steps = win.controller.match.steps()
    light = cloth_corner(win)
    try:
        win.apply_prefs(dataclasses.replace(win.prefs, theme="dark"))
        assert theme.current().key == "dark"
        dark = cloth_corner(win)
        assert dark != light and dark.blue() > dark.green()  # blue-grey, not felt green
        assert theme.css(theme.DARK_THEME.bar) in win.info_bar.styleSheet()
        assert theme.css(theme.DARK_THEME.panel_text) in win.choice.styleSheet()
        assert win.controller.match.steps() == steps and win.scene.turn_view is not None
    finally:
        win.apply_prefs(dataclasses.replace(win.prefs, theme="light"))
    assert cloth_corner(win) == light


def test_card_size_backs_and_high_contrast(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0], players=4), seed=2)
    wait_for_table(win, qtbot)
    normal = win.scene.geom.card_w
    win.apply_prefs(dataclasses.replace(win.prefs, card_size="large"))
    assert win.scene.geom.card_w > normal
    hand = win.scene.hands[win.scene.viewer]
    assert abs(hand[0].width - win.scene.geom.card_w) < 1  # the cards themselves grew
    win.apply_prefs(dataclasses.replace(win.prefs, card_size="small"))
    assert win.scene.geom.card_w < normal
    win.apply_prefs(dataclasses.replace(win.prefs, back_style="plain", high_contrast=True))
    assert win.art.back_style == "plain" and win.art.high_contrast
    assert win.scene.turn_view is not None


def test_sound_follows_the_game_and_the_settings(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    heard = Heard()
    win.sound = SoundBoard(win, backend=heard, folder=tmp_path / "sounds")
    win.set_pace("fast")
    win.start_game(game_settings("king", [0], players=3), seed=4)
    person = Person("king", 1)
    while not {"deal", "play", "collect"} <= set(heard.played):
        wait_for_table(win, qtbot)
        perform(win, person.decide(win.scene.turn_view))
    win.apply_prefs(dataclasses.replace(win.prefs, muted=True))
    assert win.sound.muted
    before = len(heard.played)
    wait_for_table(win, qtbot)
    perform(win, person.decide(win.scene.turn_view))
    wait_for_table(win, qtbot)
    assert len(heard.played) == before  # muted: nothing more
    win.apply_prefs(dataclasses.replace(win.prefs, muted=False, volume=0))
    perform(win, person.decide(win.scene.turn_view))
    wait_for_table(win, qtbot)
    assert len(heard.played) == before  # volume 0: nothing either


def test_the_settings_are_kept_and_bad_values_fall_back(tmp_path: Path) -> None:
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert load_prefs(qs) == TablePrefs()
    chosen = TablePrefs(pace="slow", four_colour=True, high_contrast=True,
                        back_style="ornament", card_size="large", theme="dark", volume=30,
                        muted=True, shared_undo=True, language="ru")
    save_prefs(qs, chosen)
    again = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert load_prefs(again) == chosen
    for field, bad in (("theme", "purple"), ("volume", "loud"), ("card_size", "huge"),
                       ("back_style", 7), ("muted", "perhaps"), ("language", "de"),
                       ("volume", "150")):
        again.setValue(KEYS[field], bad)
        assert getattr(load_prefs(again), field) == getattr(TablePrefs(), field), field
        again.setValue(KEYS[field], str(getattr(chosen, field)).lower()
                       if isinstance(getattr(chosen, field), bool)
                       else str(getattr(chosen, field)))
    assert load_prefs(again) == chosen
