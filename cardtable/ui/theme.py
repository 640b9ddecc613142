"""The table's colours as data: a light theme (the felt-green table) and a dark one.

The scene, the seat plates, the choice panels, the bubbles and the info bar read their
colours from a :class:`Theme` instead of naming them, so the whole table can be drawn
in either theme and switched while a game is in progress.  "system" follows the
desktop's dark mode where Qt can tell (Qt 6.5 and later), else the light theme.

Colours are strings :class:`QColor` reads: ``#RRGGBB``, or ``#AARRGGBB`` (Qt's order,
alpha first) where the colour is laid over the cloth.  :func:`css` turns one into a
style-sheet colour.  Every text colour meets WCAG AA (4.5:1) on what it is drawn on,
in both themes (the tests check each pair with :func:`contrast_ratio`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

from cardtable.ui.i18n import QT_TRANSLATE_NOOP

LIGHT = "light"
DARK = "dark"
SYSTEM = "system"
"""The choice that follows the desktop's colour scheme."""

CHOICES: tuple[str, ...] = (SYSTEM, LIGHT, DARK)
"""What a settings list offers, in its order."""

CHOICE_TEXT: dict[str, str] = {
    SYSTEM: QT_TRANSLATE_NOOP("Theme", "Same as the system"),
    LIGHT: QT_TRANSLATE_NOOP("Theme", "Light"),
    DARK: QT_TRANSLATE_NOOP("Theme", "Dark"),
}
"""The names of :data:`CHOICES`, marked for lupdate; :func:`choice_name` translates."""


def choice_name(choice: str) -> str:
    """The name of a theme choice in the interface language (for a settings list)."""
    return QCoreApplication.translate("Theme", CHOICE_TEXT.get(choice, CHOICE_TEXT[SYSTEM]))


@dataclass(frozen=True)
class Theme:
    """Every colour the table draws with, for one theme."""

    key: str
    """``"light"`` or ``"dark"``."""

    # The cloth: a radial gradient from the middle out (stops at 0, 0.65 and 1).
    cloth: str
    cloth_mid: str
    cloth_edge: str
    cloth_text: str
    """Labels drawn straight on the cloth (the stock's count, a pile's name)."""

    # The info bar above the table (and the replay bar below it).
    bar: str
    bar_border: str
    bar_text: str
    bar_status: str
    """The status line in the bar (whose turn, what is awaited): the eye goes there."""

    # Seat plates.
    plate: str
    """The plate, translucent over the cloth."""
    plate_text: str
    """The name, and the initial on the avatar."""
    plate_dim_text: str
    """The second line: this deal's tricks or points, the total, a note."""
    plate_active: str
    """The glow and edge of the seat to act."""
    chip: str
    chip_edge: str
    chip_text: str
    """The dealer chip."""
    avatars: tuple[str, ...]
    """The avatar discs, one per seat in turn; each carries ``plate_text``."""

    # Choice panels and the board between deals.
    panel: str
    """Translucent over the cloth; ``panel_opaque`` for the board."""
    panel_opaque: str
    panel_border: str
    panel_text: str
    button: str
    button_border: str
    button_text: str
    button_hover: str
    button_focus: str
    """The focus ring of a button."""
    button_accent: str
    """The suggested choice, or the default button of the board."""
    button_disabled: str
    button_disabled_text: str
    """Disabled buttons are meant to recede: exempt from the 4.5:1 rule (WCAG 1.4.3)."""

    # Bubbles: a seat's announcement, and the reason a card may not be played.
    bubble: str
    bubble_border: str
    bubble_text: str
    warning: str
    warning_border: str
    warning_text: str

    # The last trick, peeked at over the middle.
    peek_board: str
    peek_border: str
    peek_text: str
    """The caption."""
    peek_name: str
    """The name under each card."""
    peek_winner: str
    """The name of who took the trick."""

    # Cards on the table.
    card_legal: str
    """The edge of a card that may be played."""
    card_selected: str
    card_shadow: str
    card_veil: str
    """Laid over a card that may not be played now."""
    drop_zone_edge: str
    drop_zone_fill: str

    @property
    def dark(self) -> bool:
        return self.key == DARK

    @property
    def panel_css(self) -> str:
        """The style sheet of the choice panels and the board (``QFrame#panel``)."""
        return f"""
QFrame#panel {{
    background: {css(self.panel)};
    border: 1px solid {css(self.panel_border)};
    border-radius: 12px;
}}
QFrame#panel QLabel {{ color: {css(self.panel_text)}; }}
QFrame#panel QLabel#title {{ font-weight: bold; }}
QFrame#panel QPushButton {{
    padding: 6px 14px;
    border: 1px solid {css(self.button_border)};
    border-radius: 7px;
    background: {css(self.button)};
    color: {css(self.button_text)};
}}
QFrame#panel QPushButton:hover {{ background: {css(self.button_hover)}; }}
QFrame#panel QPushButton:focus {{ border: 2px solid {css(self.button_focus)}; }}
QFrame#panel QPushButton:disabled {{ color: {css(self.button_disabled_text)}; \
background: {css(self.button_disabled)}; }}
QFrame#panel QPushButton[accent="true"] {{ font-weight: bold; \
background: {css(self.button_accent)}; }}
QFrame#panel[opaque="true"] {{ background: {css(self.panel_opaque)}; }}
"""

    @property
    def info_css(self) -> str:
        """The style sheet of the info bar above the table (``QFrame#infobar``)."""
        return f"""
QFrame#infobar {{ background: {css(self.bar)}; border-bottom: 1px solid \
{css(self.bar_border)}; }}
QFrame#infobar QLabel {{ color: {css(self.bar_text)}; }}
QFrame#infobar QLabel#status {{ color: {css(self.bar_status)}; }}
"""

    def color(self, field: str) -> QColor:
        """The colour named ``field`` (e.g. ``"plate"``) as a QColor."""
        value = getattr(self, field)
        if not isinstance(value, str) or field == "key":
            raise ValueError(f"not a colour of the theme: {field!r}")
        return QColor(value)

    def avatar(self, seat: int) -> QColor:
        """The avatar disc of ``seat``."""
        return QColor(self.avatars[seat % len(self.avatars)])

    def panel_palette(self, base: QPalette | None = None) -> QPalette:
        """A palette for widgets inside a panel that draw with the palette rather than
        the style sheet (the score sheet on the board): the panel's own colours."""
        palette = QPalette(base) if base is not None else QPalette()
        text, ground = QColor(self.panel_text), QColor(self.panel_opaque)
        button = QColor(self.button)
        for role, colour in (
            (QPalette.ColorRole.Window, ground),
            (QPalette.ColorRole.Base, ground),
            (QPalette.ColorRole.AlternateBase, blend(self.button, self.panel_opaque, 0.5)),
            (QPalette.ColorRole.Button, button),
            (QPalette.ColorRole.WindowText, text),
            (QPalette.ColorRole.Text, text),
            (QPalette.ColorRole.ButtonText, QColor(self.button_text)),
        ):
            palette.setColor(role, colour)
        return palette


def colour_fields() -> tuple[str, ...]:
    """The names of the theme's single colours (all fields but ``key`` and ``avatars``)."""
    return tuple(f.name for f in fields(Theme) if f.name not in ("key", "avatars"))


# --------------------------------------------------------------------------- the themes

_GOLD = "#ffd65c"

LIGHT_THEME = Theme(
    key=LIGHT,
    cloth="#2f7d50",
    cloth_mid="#22613d",
    cloth_edge="#123a24",
    cloth_text="#faf6e8",
    bar="#0f2f1d",
    bar_border="#0a2214",
    bar_text="#f5f0e1",
    bar_status=_GOLD,
    plate="#b90c1c14",
    plate_text="#f5f0e1",
    plate_dim_text="#d2dccd",
    plate_active=_GOLD,
    chip="#f0ecdc",
    chip_edge="#3c3c3c",
    chip_text="#282828",
    # Today's discs, the lighter ones darkened just enough to carry the initial at 4.5:1.
    avatars=("#af4f39", "#3a6db1", "#8656ae", "#8c6420",
             "#30766a", "#a8456e", "#55742b", "#6b6b6b"),
    panel="#f2faf6e8",
    panel_opaque="#faf6e8",
    panel_border="#7828281e",
    panel_text="#1e1e19",
    button="#fffdf4",
    button_border="#8a8470",
    button_text="#1e1e19",
    button_hover="#fff3c4",
    button_focus="#3b6fb5",
    button_accent="#ffe9a8",
    button_disabled="#eeeadc",
    button_disabled_text="#9a9688",
    bubble="#ebfaf6e8",
    bubble_border="#783c3c32",
    bubble_text="#1e1e19",
    warning="#e1781e19",
    warning_border="#ffc8aa",
    warning_text="#fff4e8",
    peek_board="#0a1810",
    peek_border="#b4ffd65c",
    peek_text="#faf6e8",
    peek_name="#dce4d7",
    peek_winner=_GOLD,
    card_legal=_GOLD,
    card_selected="#78c8ff",
    card_shadow="#46000000",
    card_veil="#6918281e",
    drop_zone_edge="#a0ffe696",
    drop_zone_fill="#12ffffff",
)
"""The felt-green table, exactly the colours the table was first drawn in."""

DARK_THEME = Theme(
    key=DARK,
    # Deep blue-grey felt: dark enough to rest the eyes, light enough in the middle
    # that white cards do not glare against it.
    cloth="#34495a",
    cloth_mid="#273846",
    cloth_edge="#131c24",
    cloth_text="#eef2f5",
    bar="#141d25",
    bar_border="#0a1016",
    bar_text="#e9eef2",
    bar_status=_GOLD,
    plate="#c80c141b",
    plate_text="#eef2f5",
    plate_dim_text="#bccad4",
    plate_active=_GOLD,
    chip="#e4e8ec",
    chip_edge="#3c3c3c",
    chip_text="#262a2e",
    avatars=("#af4f39", "#3a6db1", "#8656ae", "#8c6420",
             "#30766a", "#a8456e", "#55742b", "#5f6870"),
    panel="#f5222c35",
    panel_opaque="#222c35",
    panel_border="#5ab4c8d6",
    panel_text="#edf1f4",
    button="#33414d",
    button_border="#74889a",
    button_text="#f1f4f6",
    button_hover="#405263",
    button_focus="#8fbcff",
    button_accent="#5e4b12",
    button_disabled="#2a343d",
    button_disabled_text="#7b8894",
    bubble="#eb222c35",
    bubble_border="#8cb4c8d6",
    bubble_text="#edf1f4",
    warning="#e6781e19",
    warning_border="#ffc8aa",
    warning_text="#fff4e8",
    peek_board="#0d141a",
    peek_border="#b4ffd65c",
    peek_text="#eef2f5",
    peek_name="#cbd5dc",
    peek_winner=_GOLD,
    card_legal=_GOLD,
    card_selected="#78c8ff",
    card_shadow="#5a000000",
    card_veil="#780c141b",
    drop_zone_edge="#a0ffe696",
    drop_zone_fill="#14ffffff",
)
"""The deep blue-grey table, for dark rooms and dark desktops."""

THEMES: dict[str, Theme] = {LIGHT: LIGHT_THEME, DARK: DARK_THEME}


_current = LIGHT_THEME


def current() -> Theme:
    """The theme the table is drawn in now (what paint code reads each time it paints,
    so a switch shows at the next repaint)."""
    return _current


def set_current(theme: Theme) -> None:
    global _current
    _current = theme


def resolve(choice: str, app: QGuiApplication | None = None) -> Theme:
    """The theme for a setting: ``"light"``, ``"dark"``, or ``"system"`` (the desktop's
    colour scheme, Qt 6.5 and later); the light theme when the scheme is not known or
    the choice is not one of these.

    Only the colour scheme is asked, never the palette: the program may set a palette
    to match its own theme, and reading that back would keep a dark table dark after
    the desktop has gone light.
    """
    if choice in THEMES:
        return THEMES[choice]
    if choice != SYSTEM:
        return LIGHT_THEME
    if app is None:
        instance = QGuiApplication.instance()
        app = instance if isinstance(instance, QGuiApplication) else None
    if app is None:
        return LIGHT_THEME
    hints = app.styleHints()
    scheme = getattr(hints, "colorScheme", None)  # Qt 6.5
    if scheme is not None and scheme() == Qt.ColorScheme.Dark:
        return DARK_THEME
    return LIGHT_THEME


def restyle(widget: QWidget, sheet: str) -> None:
    """Give ``widget`` a new style sheet at run time, its children included.

    ``setStyleSheet`` alone leaves a child that has never been polished yet (one still
    hidden, like a panel's subtitle before its first use) with the old sheet's colours
    when it is first shown; polishing every child at once gives each the new ones.
    """
    widget.setStyleSheet(sheet)
    widget.ensurePolished()
    for child in widget.findChildren(QWidget):
        child.ensurePolished()


# --------------------------------------------------------------------------- colour sums


def css(colour: str | QColor) -> str:
    """A colour for a Qt style sheet: ``#rrggbb``, or ``rgba(r, g, b, a)`` when translucent."""
    c = QColor(colour)
    if not c.isValid():
        raise ValueError(f"not a colour: {colour!r}")
    if c.alpha() == 255:
        return c.name()
    return f"rgba({c.red()}, {c.green()}, {c.blue()}, {c.alpha()})"


def blend(top: str | QColor, bottom: str | QColor, amount: float | None = None) -> QColor:
    """``top`` laid over the opaque ``bottom``: by its own alpha, or by ``amount`` (0–1)."""
    t, b = QColor(top), QColor(bottom)
    a = t.alphaF() if amount is None else amount
    return QColor(
        round(t.red() * a + b.red() * (1 - a)),
        round(t.green() * a + b.green() * (1 - a)),
        round(t.blue() * a + b.blue() * (1 - a)),
    )


def relative_luminance(colour: str | QColor) -> float:
    """WCAG 2 relative luminance of an opaque colour (0 black … 1 white)."""
    c = QColor(colour)

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast_ratio(a: str | QColor, b: str | QColor) -> float:
    """WCAG 2 contrast ratio of two opaque colours, 1 (none) to 21 (black on white);
    text needs 4.5 (AA).  Lay a translucent colour over its ground first (:func:`blend`)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
