"""Table themes: both complete, the light one today's table, every text readable (WCAG AA)
in both, the style sheets apply, and "system" follows the desktop's colour scheme."""

from __future__ import annotations

import colorsys
import dataclasses
import itertools
import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QPushButton

from cardtable.ui import theme
from cardtable.ui.theme import (
    DARK_THEME,
    LIGHT_THEME,
    SYSTEM,
    THEMES,
    Theme,
    blend,
    colour_fields,
    contrast_ratio,
    css,
    resolve,
)

AA_TEXT = 4.5
"""WCAG 2 AA for normal text (1.4.3)."""
AA_GRAPHIC = 3.0
"""WCAG 2 AA for the parts of controls and state one must see (1.4.11)."""

BOTH = pytest.mark.parametrize("t", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])


def cloth_stops(t: Theme) -> list[str]:
    """Every colour of the cloth's gradient: translucent things are checked over each."""
    return [t.cloth, t.cloth_mid, t.cloth_edge]


def over_cloth(t: Theme, colour: str) -> list[QColor]:
    return [blend(colour, stop) for stop in cloth_stops(t)]


def text_pairs(t: Theme) -> list[tuple[str, str, QColor]]:
    """(what, text colour, the opaque colour under it) for every text the table draws."""
    pairs: list[tuple[str, str, QColor]] = []

    def add(what: str, text: str, grounds: list[QColor]) -> None:
        pairs.extend((what, text, ground) for ground in grounds)

    add("bar text", t.bar_text, [QColor(t.bar)])
    add("bar status", t.bar_status, [QColor(t.bar)])
    add("plate name", t.plate_text, over_cloth(t, t.plate))
    add("plate line", t.plate_dim_text, over_cloth(t, t.plate))
    add("avatar initial", t.plate_text, [QColor(a) for a in t.avatars])
    add("dealer chip", t.chip_text, [QColor(t.chip)])
    panel = [*over_cloth(t, t.panel), QColor(t.panel_opaque)]
    add("panel text", t.panel_text, panel)
    add("button", t.button_text, [QColor(t.button), QColor(t.button_hover),
                                  QColor(t.button_accent)])
    add("bubble", t.bubble_text, over_cloth(t, t.bubble))
    add("warning", t.warning_text, over_cloth(t, t.warning))
    add("last trick caption", t.peek_text, [QColor(t.peek_board)])
    add("last trick name", t.peek_name, [QColor(t.peek_board)])
    add("last trick winner", t.peek_winner, [QColor(t.peek_board)])
    add("cloth label", t.cloth_text, [QColor(c) for c in cloth_stops(t)])
    return pairs


# --------------------------------------------------------------------------- complete


def test_there_are_a_light_and_a_dark_theme() -> None:
    assert set(THEMES) == {"light", "dark"}
    for key, t in THEMES.items():
        assert t.key == key
        assert t.dark == (key == "dark")
    assert theme.CHOICES == (SYSTEM, "light", "dark")
    assert set(theme.CHOICE_TEXT) == set(theme.CHOICES)
    assert len(set(theme.CHOICE_TEXT.values())) == 3


def test_theme_choices_have_names(qapp: QApplication) -> None:
    assert [theme.choice_name(c) for c in theme.CHOICES] == ["Same as the system", "Light",
                                                             "Dark"]
    assert theme.choice_name("sepia") == "Same as the system"


@BOTH
def test_every_colour_of_a_theme_is_a_colour(t: Theme) -> None:
    names = colour_fields()
    assert set(names) == {f.name for f in dataclasses.fields(Theme)} - {"key", "avatars"}
    for name in names:
        value = getattr(t, name)
        assert isinstance(value, str) and QColor(value).isValid(), name
        assert re.fullmatch(r"#([0-9a-f]{6}|[0-9a-f]{8})", value), (name, value)
        assert t.color(name) == QColor(value)
    assert len(t.avatars) >= 8 and len(set(t.avatars)) == len(t.avatars)
    assert all(QColor(a).isValid() and QColor(a).alpha() == 255 for a in t.avatars)
    assert t.avatar(len(t.avatars) + 1) == QColor(t.avatars[1])
    with pytest.raises(ValueError):
        t.color("key")
    with pytest.raises(ValueError):
        t.color("avatars")


def test_the_themes_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        LIGHT_THEME.cloth = "#000000"  # type: ignore[misc]


def test_the_dark_cloth_is_deep_blue_grey_and_darker_than_the_felt() -> None:
    for name in ("cloth", "cloth_mid", "cloth_edge"):
        c = QColor(getattr(DARK_THEME, name))
        h, s, v = colorsys.rgb_to_hsv(c.redF(), c.greenF(), c.blueF())
        assert 190 <= h * 360 <= 230, name  # blue-grey …
        assert 0.2 <= s <= 0.55, name  # … not a saturated blue
        assert v < 0.4, name
        light = QColor(getattr(LIGHT_THEME, name))
        assert c.lightness() <= light.lightness() + 8, name
    # The vignette: darker towards the edge in both themes.
    for t in THEMES.values():
        lightness = [QColor(c).lightness() for c in cloth_stops(t)]
        assert lightness == sorted(lightness, reverse=True)


def test_the_two_themes_differ_where_the_eye_rests() -> None:
    for name in ("cloth", "bar", "panel", "panel_opaque", "button", "bubble", "plate"):
        a, b = QColor(getattr(LIGHT_THEME, name)), QColor(getattr(DARK_THEME, name))
        assert a != b, name
    # Panels and bubbles are light on the light table and dark on the dark one.
    assert QColor(LIGHT_THEME.panel_opaque).lightness() > 200
    assert QColor(DARK_THEME.panel_opaque).lightness() < 70


# --------------------------------------------------------------------------- light = today


TODAY = {
    # scene.py: the cloth's gradient
    "cloth": "#2f7d50", "cloth_mid": "#22613d", "cloth_edge": "#123a24",
    # main_window.py: the info bar
    "bar": "#0f2f1d", "bar_border": "#0a2214", "bar_text": "#f5f0e1", "bar_status": "#ffd65c",
    # seat_plate.py
    "plate": (12, 28, 20, 185), "plate_text": (245, 240, 225), "plate_dim_text": (210, 220, 205),
    "plate_active": (255, 214, 92), "chip": (240, 236, 220), "chip_edge": (60, 60, 60),
    "chip_text": (40, 40, 40),
    # panels.py
    "panel": (250, 246, 232, 242), "panel_opaque": (250, 246, 232),
    "panel_border": (40, 40, 30, 120), "panel_text": "#1e1e19", "button": "#fffdf4",
    "button_border": "#8a8470", "button_text": "#1e1e19", "button_hover": "#fff3c4",
    "button_focus": "#3b6fb5", "button_accent": "#ffe9a8", "button_disabled": "#eeeadc",
    "button_disabled_text": "#9a9688",
    # bubble.py
    "bubble": (250, 246, 232, 235), "bubble_border": (60, 60, 50, 120),
    "bubble_text": (30, 30, 25), "warning": (120, 30, 25, 225),
    "warning_border": (255, 200, 170), "warning_text": (255, 244, 232),
    # scene.py: the last trick, the drop zone; card_item.py; furniture.py
    "peek_board": (10, 24, 16), "peek_border": (255, 214, 92, 180),
    "peek_text": (250, 246, 232), "peek_name": (220, 228, 215), "peek_winner": (255, 214, 92),
    "drop_zone_edge": (255, 230, 150, 160), "drop_zone_fill": (255, 255, 255, 18),
    "card_legal": (255, 214, 92), "card_selected": (120, 200, 255),
    "card_shadow": (0, 0, 0, 70), "card_veil": (24, 40, 30, 105),
    "cloth_text": (250, 246, 232),
}
"""The colours the table was drawn in before it had themes, as its files wrote them."""

TODAY_AVATARS = ("#b5523b", "#3b6fb5", "#8a5bb0", "#c28a2c", "#3f9a8a", "#a8456e", "#5c7d2e",
                 "#6b6b6b")

TODAY_PANEL_STYLE_COLOURS = [
    "rgba(250, 246, 232, 242)", "rgba(40, 40, 30, 120)", "#1e1e19", "#8a8470", "#fffdf4",
    "#1e1e19", "#fff3c4", "#3b6fb5", "#9a9688", "#eeeadc", "#ffe9a8", "rgb(250, 246, 232)",
]
"""The colours of panels.py's PANEL_STYLE, in the order they appear there."""


def qcolour(spec: str | tuple[int, ...]) -> QColor:
    if isinstance(spec, tuple):
        return QColor(*spec)
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, (\d+))?\)", spec)
    if match:
        return QColor(*(int(g) for g in match.groups() if g is not None))
    return QColor(spec)


def test_the_light_theme_is_todays_table() -> None:
    assert set(TODAY) == set(colour_fields())
    for name, spec in TODAY.items():
        assert LIGHT_THEME.color(name) == qcolour(spec), name


def test_the_light_avatars_are_todays_only_darkened_to_carry_their_letter() -> None:
    for now, before in zip(LIGHT_THEME.avatars, TODAY_AVATARS, strict=True):
        a, b = QColor(now), QColor(before)
        if contrast_ratio(LIGHT_THEME.plate_text, before) >= AA_TEXT:
            assert a == b, before  # those that were readable are untouched
            continue
        assert a.lightness() < b.lightness(), before
        hue_gap = abs(a.hslHueF() - b.hslHueF()) * 360
        assert min(hue_gap, 360 - hue_gap) <= 6, before  # the same colour, deeper
        assert abs(a.hslSaturationF() - b.hslSaturationF()) <= 0.06, before


def style_colours(sheet: str) -> list[QColor]:
    found = re.findall(r"rgba?\([^)]*\)|#[0-9a-fA-F]{6,8}\b", sheet)
    return [qcolour(spec) for spec in found]


def test_the_light_panel_style_is_todays() -> None:
    assert style_colours(LIGHT_THEME.panel_css) == [qcolour(c) for c in TODAY_PANEL_STYLE_COLOURS]
    assert style_colours(LIGHT_THEME.info_css) == [
        QColor(c) for c in ("#0f2f1d", "#0a2214", "#f5f0e1", "#ffd65c")]


# --------------------------------------------------------------------------- contrast


def test_contrast_ratio_follows_wcag() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#3b6fb5", "#3b6fb5") == pytest.approx(1.0)
    # Known values: #777 on white is the classic just-failing grey; #595959 passes.
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#595959", "#ffffff") == pytest.approx(7.0, abs=0.01)
    assert contrast_ratio(QColor("#c8102e"), "#ffffff") == pytest.approx(5.88, abs=0.01)


def test_blend_lays_a_translucent_colour_over_its_ground() -> None:
    assert blend("#80ffffff", "#000000") == QColor(128, 128, 128)
    assert blend("#ff123456", "#ffffff") == QColor("#123456")
    assert blend("#00ffffff", "#204060") == QColor("#204060")
    assert blend("#ffffff", "#000000", 0.25) == QColor(64, 64, 64)


@BOTH
def test_every_text_meets_wcag_aa(t: Theme) -> None:
    pairs = text_pairs(t)
    assert len(pairs) > 25
    failing = [(what, text, ground.name(), round(contrast_ratio(text, ground), 2))
               for what, text, ground in pairs if contrast_ratio(text, ground) < AA_TEXT]
    assert failing == []


@BOTH
def test_what_shows_state_stands_out(t: Theme) -> None:
    """The glow of the seat to act, a button's focus ring and edge, the edge of a playable
    card: visible against what is around them (WCAG 1.4.11, 3:1)."""
    for ground in over_cloth(t, t.plate):
        assert contrast_ratio(t.plate_active, ground) >= AA_GRAPHIC
    for stop in cloth_stops(t):
        assert contrast_ratio(t.plate_active, stop) >= AA_GRAPHIC
        assert contrast_ratio(t.card_legal, stop) >= AA_GRAPHIC
    for ground in (t.button, t.button_hover, t.button_accent):
        assert contrast_ratio(t.button_focus, ground) >= AA_GRAPHIC, ground
    # A disabled button recedes (WCAG exempts it) yet is still there to be read.
    disabled = contrast_ratio(t.button_disabled_text, t.button_disabled)
    assert 2.0 <= disabled < contrast_ratio(t.button_text, t.button)


@BOTH
def test_avatars_are_told_apart(t: Theme) -> None:
    for a, b in itertools.combinations(t.avatars, 2):
        ca, cb = QColor(a), QColor(b)
        distance = sum((x - y) ** 2 for x, y in zip(ca.getRgb()[:3], cb.getRgb()[:3],
                                                     strict=True)) ** 0.5
        assert distance > 40, (a, b)


# --------------------------------------------------------------------------- style sheets


def test_css_writes_opaque_and_translucent_colours() -> None:
    assert css("#2F7D50") == "#2f7d50"
    assert css("#b90c1c14") == "rgba(12, 28, 20, 185)"
    assert css(QColor(1, 2, 3, 4)) == "rgba(1, 2, 3, 4)"
    with pytest.raises(ValueError):
        css("felt")


@BOTH
def test_the_panel_style_sheet_applies(qapp: QApplication, t: Theme) -> None:
    frame = QFrame()
    frame.setObjectName("panel")
    label = QLabel("Бубны", frame)
    button = QPushButton("Пас", frame)
    frame.setStyleSheet(t.panel_css)
    frame.show()
    try:
        label.ensurePolished()
        button.ensurePolished()
        assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(t.panel_text)
        assert button.palette().color(QPalette.ColorRole.ButtonText) == QColor(t.button_text)
        assert button.palette().color(QPalette.ColorRole.Button) == QColor(t.button)
    finally:
        frame.close()
        frame.deleteLater()


@BOTH
def test_the_info_bar_style_sheet_applies(qapp: QApplication, t: Theme) -> None:
    bar = QFrame()
    bar.setObjectName("infobar")
    text = QLabel("Кинг", bar)
    status = QLabel("Ваш ход", bar)
    status.setObjectName("status")
    bar.setStyleSheet(t.info_css)
    bar.show()
    try:
        text.ensurePolished()
        status.ensurePolished()
        assert text.palette().color(QPalette.ColorRole.WindowText) == QColor(t.bar_text)
        assert status.palette().color(QPalette.ColorRole.WindowText) == QColor(t.bar_status)
    finally:
        bar.close()
        bar.deleteLater()


@BOTH
def test_panel_palette_gives_the_panels_colours(t: Theme) -> None:
    palette = t.panel_palette()
    assert palette.color(QPalette.ColorRole.Base) == QColor(t.panel_opaque)
    assert palette.color(QPalette.ColorRole.Window) == QColor(t.panel_opaque)
    assert palette.color(QPalette.ColorRole.Text) == QColor(t.panel_text)
    assert palette.color(QPalette.ColorRole.ButtonText) == QColor(t.button_text)
    # A widget deciding light or dark by its Base (the score sheet does) decides right.
    assert (palette.color(QPalette.ColorRole.Base).lightness() < 128) == t.dark
    base = QPalette(QColor("#336699"))
    kept = t.panel_palette(base)
    assert kept.color(QPalette.ColorRole.Highlight) == base.color(QPalette.ColorRole.Highlight)


# --------------------------------------------------------------------------- choosing


class FakeHints:
    def __init__(self, scheme: Qt.ColorScheme | None) -> None:
        self._scheme = scheme

    def __getattr__(self, name: str) -> Any:
        if name == "colorScheme" and self._scheme is not None:
            return lambda: self._scheme
        raise AttributeError(name)  # Qt before 6.5 has no colour scheme


class FakeApp:
    def __init__(self, scheme: Qt.ColorScheme | None) -> None:
        self.hints = FakeHints(scheme)

    def styleHints(self) -> FakeHints:
        return self.hints


def test_a_chosen_theme_is_that_theme(qapp: QApplication) -> None:
    dark_desktop: Any = FakeApp(Qt.ColorScheme.Dark)
    assert resolve("light") is LIGHT_THEME
    assert resolve("dark") is DARK_THEME
    assert resolve("light", dark_desktop) is LIGHT_THEME  # the choice wins over the desktop
    assert resolve("dark", FakeApp(Qt.ColorScheme.Light)) is DARK_THEME  # type: ignore[arg-type]
    for unknown in ("", "sepia", "Dark"):
        assert resolve(unknown, dark_desktop) is LIGHT_THEME


def test_system_follows_the_desktops_colour_scheme() -> None:
    for scheme, expected in ((Qt.ColorScheme.Dark, DARK_THEME),
                             (Qt.ColorScheme.Light, LIGHT_THEME),
                             (Qt.ColorScheme.Unknown, LIGHT_THEME),
                             (None, LIGHT_THEME)):
        app: Any = FakeApp(scheme)
        assert resolve(SYSTEM, app) is expected, scheme


def test_system_asks_the_running_application(qapp: QApplication,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    real = qapp.styleHints().colorScheme()
    expected = DARK_THEME if real == Qt.ColorScheme.Dark else LIGHT_THEME
    assert resolve(SYSTEM) is expected
    monkeypatch.setattr(theme.QGuiApplication, "instance", staticmethod(lambda: None))
    assert resolve(SYSTEM) is LIGHT_THEME  # no application yet: the light table


def test_restyle_reaches_a_child_not_yet_shown(qapp: QApplication) -> None:
    """Switching theme while a panel is hidden: its hidden label, shown later, must
    take the new colours, not the old sheet's."""
    frame = QFrame()
    frame.setObjectName("panel")
    theme.restyle(frame, LIGHT_THEME.panel_css)
    label = QLabel("Выберите игру", frame)
    label.hide()
    theme.restyle(frame, DARK_THEME.panel_css)
    label.show()
    frame.show()
    try:
        qapp.processEvents()
        assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(
            DARK_THEME.panel_text)
        assert frame.styleSheet() == DARK_THEME.panel_css
    finally:
        frame.close()
        frame.deleteLater()
