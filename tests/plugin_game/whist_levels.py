"""Whist's computer levels: only ``random``, the level every game shares."""

from __future__ import annotations

from cardtable.ai.levels import random_level, register_levels

register_levels("whist", {"random": random_level})
