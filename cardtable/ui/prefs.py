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

from cardtable.ui.art.svg import BACK_STYLES, DEFAULT_BACK_STYLE
from cardtable.ui.i18n import LANGUAGE_KEY, SUPPORTED_LANGUAGES
from cardtable.ui.pace import DEFAULT_PACE
from cardtable.ui.settings import load_pace, save_pace
from cardtable.ui.theme import CHOICES as THEME_CHOICES
from cardtable.ui.theme import SYSTEM

NEXT_DEAL_WAITS = "wait"
"""The next deal on the player's word, always."""
NEXT_DEAL_ALONE = "alone"
"""The next deal at once when no person is at the table, else on the player's word."""
NEXT_DEAL_TIMED = "timed"
"""The next deal after a pause (at once when no person is at the table)."""
NEXT_DEAL_CHOICES = (NEXT_DEAL_WAITS, NEXT_DEAL_ALONE, NEXT_DEAL_TIMED)
NEXT_DEAL_SECONDS = range(2, 61)
"""The pauses one may choose before the next deal starts by itself."""

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
    "next_deal": "table/next_deal",
    "next_deal_s": "table/next_deal_seconds",
    "play_only_card": "table/play_only_card",
    "language": LANGUAGE_KEY,
}
"""Where each setting is kept (the older ones where they always were; the pace with
the new-game settings, :func:`load_pace`)."""


@dataclass(frozen=True)
class TablePrefs:
    """The table's own settings, as stored."""

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
    next_deal: str = NEXT_DEAL_ALONE
    """When the next deal starts after a deal's score (:data:`NEXT_DEAL_CHOICES`): a
    game of computers alone plays through unattended unless told to wait."""
    next_deal_s: int = 5
    """The pause of :data:`NEXT_DEAL_TIMED`, in seconds."""
    play_only_card: bool = False
    """A person's only legal card is played for them (off: some like to play it)."""

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


def _number(value: Any, default: int, allowed: range) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return number if number in allowed else default


def _volume(value: Any, default: int) -> int:
    return _number(value, default, range(101))


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
        next_deal=_one_of(read("next_deal"), NEXT_DEAL_CHOICES, base.next_deal),
        next_deal_s=_number(read("next_deal_s"), base.next_deal_s, NEXT_DEAL_SECONDS),
        play_only_card=_flag(read("play_only_card"), base.play_only_card),
    )


def save_prefs(qs: QSettings, prefs: TablePrefs) -> None:
    save_pace(qs, prefs.pace)  # the New game dialog sets the pace too
    for field, key in KEYS.items():
        value = getattr(prefs, field)
        qs.setValue(key, ("true" if value else "false") if isinstance(value, bool)
                    else str(value))
