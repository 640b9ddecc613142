"""Reviewing a game's decisions on the table: running a review, and showing it."""
