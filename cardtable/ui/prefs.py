"""The table's own settings — how it looks, sounds and moves, and which language it
speaks — as one value, read from and written to ``QSettings``.

A stored value is hostile input (edited by hand, written by another version): each
one that cannot be read falls back to its default on its own, so a bad value never
keeps the program from starting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSettings

from cardtable.ui.card_art import BACK_STYLES, DEFAULT_BACK_STYLE
from cardtable.ui.i18n import LANGUAGE_KEY, SUPPORTED_LANGUAGES
from cardtable.ui.pace import DEFAULT_PACE
from cardtable.ui.settings import load_pace, save_pace
from cardtable.ui.theme import CHOICES as THEME_CHOICES
from cardtable.ui.theme import SYSTEM

CARD_SIZES: dict[str, float] = {"small": 0.85, "normal": 1.0, "large": 1.18}
"""Each card size against the size the window gives."""

KEYS = {
    "four_colour": "cards/four_colour",
    "high_contrast": "cards/high_contrast",
    "back_style": "cards/back",
    "card_size": "cards/size",
    "theme": "table/theme",
    "volume": "sound/volume",
    "muted": "sound/muted",
    "shared_undo": "table/shared_undo",
    "language": LANGUAGE_KEY,
}
"""Where each setting is kept (the older ones where they always were; the pace with
the new-game settings, :func:`load_pace`)."""


@dataclass(frozen=True)
class TablePrefs:
    pace: str = DEFAULT_PACE
    four_colour: bool = False
    high_contrast: bool = False
    back_style: str = DEFAULT_BACK_STYLE
    card_size: str = "normal"
    theme: str = SYSTEM
    volume: int = 50
    """0 … 100."""
    muted: bool = False
    shared_undo: bool = False
    """Undo when several people share the screen (every player agreeing)."""
    language: str = ""
    """``en``, ``ru``, or ``""``: the system's."""

    @property
    def card_scale(self) -> float:
        return CARD_SIZES.get(self.card_size, 1.0)


def _flag(value: Any, default: bool) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return default


def _one_of(value: Any, choices: Any, default: str) -> str:
    return value if isinstance(value, str) and value in choices else default


def _volume(value: Any, default: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return number if 0 <= number <= 100 else default


def load_prefs(qs: QSettings) -> TablePrefs:
    """The stored settings; each one unreadable or out of range is its default."""
    base = TablePrefs()

    def read(field: str) -> Any:
        try:
            return qs.value(KEYS[field], None)
        except Exception:
            return None

    return TablePrefs(
        pace=load_pace(qs),
        four_colour=_flag(read("four_colour"), base.four_colour),
        high_contrast=_flag(read("high_contrast"), base.high_contrast),
        back_style=_one_of(read("back_style"), BACK_STYLES, base.back_style),
        card_size=_one_of(read("card_size"), CARD_SIZES, base.card_size),
        theme=_one_of(read("theme"), THEME_CHOICES, base.theme),
        volume=_volume(read("volume"), base.volume),
        muted=_flag(read("muted"), base.muted),
        shared_undo=_flag(read("shared_undo"), base.shared_undo),
        language=_one_of(read("language"), SUPPORTED_LANGUAGES, base.language),
    )


def save_prefs(qs: QSettings, prefs: TablePrefs) -> None:
    save_pace(qs, prefs.pace)  # the New game dialog sets the pace too
    for field, key in KEYS.items():
        value = getattr(prefs, field)
        qs.setValue(key, ("true" if value else "false") if isinstance(value, bool)
                    else str(value))
