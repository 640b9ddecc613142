"""What several commands share: JSON output, game options, seeds, measuring times."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def print_json(obj: Any) -> None:
    # ASCII JSON is valid whatever the terminal's encoding (a Windows pipe is cp1252).
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def parse_options(game_name: str, pairs: list[str]) -> dict[str, Any]:
    """The game's options from ``KEY=VALUE`` texts, checked by the game (raises
    :class:`OptionError`)."""
    from cardtable.engine import get_game
    from cardtable.engine.game import OptionError
    from cardtable.engine.messages import short_repr

    game = get_game(game_name)
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(key, f"--option needs KEY=VALUE, not {short_repr(pair)}")
        if key in options:
            raise OptionError(key, f"option '{key}' is given twice")
        options[key] = game.spec(key).parse_text(value)
    return game.check_options(options)


def random_seed() -> int:
    import secrets

    return secrets.randbits(32)


def seconds(text: str) -> float:
    """A measuring time: a finite number of seconds, more than 0 and at most 600."""
    from cardtable.engine.messages import short_repr

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {short_repr(text)}") from None
    if not 0 < value <= 600:  # also refuses nan
        raise argparse.ArgumentTypeError("must be more than 0 and at most 600 seconds")
    return value


def game_names() -> list[str]:
    from cardtable.engine import GAMES

    return sorted(GAMES)
