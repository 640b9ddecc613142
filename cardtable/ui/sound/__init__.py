"""The table's sound effects: :mod:`~cardtable.ui.sound.synthesis` makes them in code
(standard library only, no Qt, so it is tested without a display or an audio device)
and :mod:`~cardtable.ui.sound.playback` plays them through the system's own player.
"""
