"""What a player's name may be — one rule for the New game dialog, the records the
program reads and the table: 1 to 64 characters once the spaces around it are
trimmed, and no character anywhere in it that does not print.  Refused are control
characters, format characters (invisible joiners, direction marks and overrides, the
byte-order mark), private-use and unassigned code points, lone surrogates and line
breaks: each can hide a name, disguise one as another or turn the words around it
backwards."""

from __future__ import annotations

import unicodedata

MAX_NAME = 64

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode general categories no name may contain."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name — ``name_empty``, ``name_too_long`` or
    ``name_unprintable`` — or None when it can."""
    trimmed = name.strip()
    if not trimmed:
        return "name_empty"
    if len(trimmed) > MAX_NAME:
        return "name_too_long"
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in name):
        return "name_unprintable"  # also at the ends: a tab is not a space to trim
    return None
