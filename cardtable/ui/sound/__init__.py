"""The table's sound effects: :mod:`~cardtable.ui.sound.synthesis` makes them in code
(standard library only, no Qt, so it is tested without a display or an audio device)
and :mod:`~cardtable.ui.sound.playback` plays them through the system's own player.
"""


def clamp(volume: float) -> float:
    """``volume`` within 0.0 to 1.0 (NaN, from a damaged setting, is 0.0).  Here, not
    in the synthesis, because the board sets its volume at once and makes the
    effects only when first heard."""
    return min(volume, 1.0) if volume > 0.0 else 0.0
