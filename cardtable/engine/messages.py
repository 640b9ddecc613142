"""Helpers for error messages that quote what they refuse."""

from __future__ import annotations

from typing import Any


def short_repr(value: Any) -> str:
    """A value for an error message, clipped: hostile input is never echoed whole."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "a list"
    if isinstance(value, int) and abs(value) >= 10 ** 30:
        return "a number of over 30 digits"  # and str() refuses one of over 4,300
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
