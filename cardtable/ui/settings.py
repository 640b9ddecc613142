"""What a new game is set up with — game, options, seats — and how it is remembered.

This module holds no widgets, so the rules about a valid set-up are tested without a
dialog and shared by everything that starts a game. Stored settings are read as
hostile input: a settings file may have been edited by hand, written by another
version or damaged, and a bad value must never keep the program from starting. Each
field that cannot be read falls back to its default on its own.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from cardtable.ai import available_levels, offers_level
from cardtable.engine import GAMES, get_game
from cardtable.engine.game import OptionError
from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.engine.names import MAX_NAME, name_problem
from cardtable.ui.games import GAME_ORDER

DEFAULT_GAME = GAME_ORDER[0]

LEVEL_ORDER: tuple[str, ...] = ("easy", "normal", "hard")
"""Computer levels a player may choose, weakest first; ``random`` is for testing only."""

DEFAULT_LEVEL = "normal"
"""New computer seats play at ``normal``: solo play is how most people use the table,
and ``normal`` is a real opponent that still answers at once."""

PACES: tuple[str, ...] = ("instant", "fast", "normal", "slow")
"""How fast cards move and computer players act, fastest first."""

DEFAULT_PACE = "normal"

MAX_NAME_LENGTH = MAX_NAME

GROUP = "new_game"
"""The QSettings group of the new-game settings."""

PACE_KEY = "table/pace"
"""Pace is a table setting (it can change during a game), so it lives outside GROUP."""

_MAX_STORED_TEXT = 100_000
"""Longer stored strings are not parsed: no settings value is anywhere near this."""


_NOT_PERSONAL_NAMES = frozenset({"root", "admin", "administrator", "user", "guest"})
"""Login names that are accounts, not people: "You" reads better at the table."""


class SettingsError(OptionError):
    """A problem with the seats or the game itself (not with a game option).

    ``code`` names the rule so the interface can say it in its own language,
    ``params`` fill in the details (``seat`` is the 0-based seat at fault).
    """

    def __init__(self, key: str, code: str, message: str, **params: Any) -> None:
        super().__init__(key, message)
        self.code = code
        self.params = params


def computer_levels(game: str) -> list[str]:
    """The levels a player can choose for ``game``, weakest first (never ``random``)."""
    try:
        available = set(available_levels(game))
    except Exception:
        return []
    return [level for level in LEVEL_ORDER if level in available]


def default_level(game: str) -> str:
    """``normal`` where the game offers it, else the weakest level there is.  No level's
    module is imported for it: a first start makes no computer player before its table
    is on the screen (should ``normal``'s module be missing from the install, the
    computers play the strongest level below it that is there, and the table says so)."""
    if offers_level(game, DEFAULT_LEVEL):
        return DEFAULT_LEVEL
    levels = computer_levels(game)
    if DEFAULT_LEVEL in levels or not levels:
        return DEFAULT_LEVEL
    return levels[0]


def _name_key(name: str) -> str:
    """Names that differ only in case or surrounding spaces look the same at the table."""
    return name.strip().casefold()


LOGIN_VARIABLES = ("LOGNAME", "USER", "LNAME", "USERNAME")
"""Where the environment says the login name, in the order ``getpass`` reads them."""


def system_user_name() -> str | None:
    """The login name of whoever runs the program, if it makes a valid player name:
    the environment's, else the account database's (``getpass``, imported only then:
    a first start names its player on the way to the first table)."""
    name = next((os.environ[v] for v in LOGIN_VARIABLES if os.environ.get(v)), "").strip()
    if not name:
        import getpass

        try:
            name = getpass.getuser().strip()
        except Exception:  # no login name (some containers, services)
            return None
    if name_problem(name) is not None or name.casefold() in _NOT_PERSONAL_NAMES:
        return None
    return name


def human_default_name() -> str:
    """The default human's name: the login name, else "You" in the interface language."""
    return system_user_name() or QCoreApplication.translate("GameSettings", "You")


_DEFAULT_HUMAN_NAMES = frozenset({"You", "Вы"})
"""The human's default name in every language of the interface."""
_DEFAULT_COMPUTER_NAME = re.compile(r"(?:Computer|Компьютер) ([1-9][0-9]?)")
"""A computer's default name in every language of the interface."""
_DEFAULT_PLAYER_NAME = re.compile(r"(?:Player|Игрок) ([1-9][0-9]?)")
"""Another human's default name in every language of the interface."""


def display_name(name: str) -> str:
    """A seat's name as the table shows it: a default name ("You", "Computer 2",
    "Player 3") in the interface language, whatever language it was given in; any other
    name as it is."""
    if name in _DEFAULT_HUMAN_NAMES:
        return QCoreApplication.translate("GameSettings", "You")
    found = _DEFAULT_COMPUTER_NAME.fullmatch(name)
    if found:
        return computer_name(int(found.group(1)))
    found = _DEFAULT_PLAYER_NAME.fullmatch(name)
    return player_name(int(found.group(1))) if found else name


def computer_name(number: int) -> str:
    """The default name of the ``number``-th computer player (1-based)."""
    return QCoreApplication.translate("GameSettings", "Computer %1").replace("%1", str(number))


def player_name(number: int) -> str:
    """The default name of a person at seat ``number`` (1-based) who is not the first
    person at the table (pass-and-play): "Player 3"."""
    return QCoreApplication.translate("GameSettings", "Player %1").replace("%1", str(number))


def unique_computer_name(taken: Sequence[str], number: int) -> str:
    """``computer_name(number)``, or the next numbered one not in ``taken``."""
    return _unique(computer_name, taken, number)


def _unique(named: Callable[[int], str], taken: Sequence[str], number: int) -> str:
    keys = {_name_key(n) for n in taken}
    while _name_key(named(number)) in keys:
        number += 1
    return named(number)


def is_default_name(name: str) -> bool:
    """Whether ``name`` is one the program gives rather than one a person typed: empty,
    "You" or the login name, "Computer N" or "Player N" (in any interface language)."""
    name = name.strip()
    return (not name or name in _DEFAULT_HUMAN_NAMES or name == system_user_name()
            or _DEFAULT_COMPUTER_NAME.fullmatch(name) is not None
            or _DEFAULT_PLAYER_NAME.fullmatch(name) is not None)


def name_for_kind(seat: int, seats: Sequence[Seat]) -> str:
    """The name seat ``seat`` (0-based) takes when it has just become ``seats[seat].kind``
    and its name is a default one, so a computer is never called "You" nor a person
    "Computer 1".

    A computer is numbered as new seats are (from its seat number, past the names
    taken). The first person at the table, in seat order, is "You" (or the login name)
    while no other seat has that name; any other person is "Player N" after the seat's
    number.
    """
    others = [s.name for i, s in enumerate(seats) if i != seat]
    if seats[seat].kind == COMPUTER:
        return unique_computer_name(others, max(seat, 1))
    first = all(s.kind != HUMAN for s in seats[:seat])
    you = human_default_name()
    if first and _name_key(you) not in {_name_key(n) for n in others}:
        return you
    return _unique(player_name, others, seat + 1)




@dataclass
class GameSettings:
    """A new game's set-up: which game, its options and who sits where.

    ``last_options`` keeps the options each game had when last chosen, so that
    switching games in the dialog brings back that game's own choices (as stored:
    :meth:`options_for` checks them); it is not part of the game to be played and
    does not take part in comparisons.
    """

    game: str
    options: dict[str, Any]
    seats: list[Seat]
    last_options: dict[str, dict[str, Any]] = field(
        default_factory=dict, compare=False, repr=False)

    def options_for(self, game: str) -> dict[str, Any]:
        """The options to show for ``game``: its current or last ones, each invalid
        value replaced by its default."""
        raw = self.options if game == self.game else self.last_options.get(game, {})
        return _checked_options(game, raw)

    def problems(self) -> list[OptionError]:
        """Everything wrong with this set-up, in the order a player would fix it."""
        if self.game not in GAMES:
            return [SettingsError("game", "unknown_game", "unknown game")]
        found: list[OptionError] = []
        game = get_game(self.game)
        try:
            options = game.check_options(self.options)
        except OptionError as error:
            found.append(error)
            options = None
        if not self.seats:
            found.append(SettingsError("seats", "no_seats", "there are no seats"))
        elif options is not None and len(self.seats) != options["players"]:
            found.append(SettingsError(
                "players", "seat_count",
                f"{len(self.seats)} seats for {options['players']} players",
                seats=len(self.seats), players=options["players"]))
        levels = computer_levels(self.game)
        no_levels_told = False
        first_with: dict[str, int] = {}
        for i, seat in enumerate(self.seats):
            if not isinstance(seat, Seat):
                found.append(SettingsError(f"seats.{i}", "seat_kind",
                                           f"seat {i + 1}: not a seat", seat=i))
                continue
            name = seat.name if isinstance(seat.name, str) else ""
            code = name_problem(name)
            if code is not None:
                found.append(SettingsError(f"seats.{i}.name", code,
                                           f"seat {i + 1}: {code.replace('_', ' ')}",
                                           seat=i))
            else:
                key = _name_key(name)
                if key in first_with:
                    found.append(SettingsError(
                        f"seats.{i}.name", "name_duplicate",
                        f"seats {first_with[key] + 1} and {i + 1} have the same name",
                        seat=i, other=first_with[key]))
                else:
                    first_with[key] = i
            if seat.kind not in (HUMAN, COMPUTER):
                found.append(SettingsError(f"seats.{i}.kind", "seat_kind",
                                           f"seat {i + 1}: unknown kind of player", seat=i))
            elif seat.kind == COMPUTER and not levels:
                if not no_levels_told:
                    found.append(SettingsError(f"seats.{i}.level", "no_levels",
                                               f"no computer player for {self.game} yet",
                                               seat=i))
                    no_levels_told = True
            elif seat.kind == COMPUTER and seat.level not in levels:
                found.append(SettingsError(f"seats.{i}.level", "level_unknown",
                                           f"seat {i + 1}: unknown computer level",
                                           seat=i))
        return found

    def validate(self) -> None:
        """Raise the first problem (an :class:`OptionError`) if the set-up is not valid."""
        found = self.problems()
        if found:
            raise found[0]


def default_seats(game: str, count: int, human_name: str | None = None) -> list[Seat]:
    """One human at seat 0, computers at the easy level in the other seats."""
    seats = [Seat(human_name or human_default_name(), HUMAN, None)]
    level = default_level(game)
    for i in range(1, count):
        seats.append(Seat(unique_computer_name([s.name for s in seats], i), COMPUTER, level))
    return seats[:max(count, 1)]


def default_settings(game: str, human_name: str | None = None) -> GameSettings:
    """The set-up a first-time player sees for ``game``: its default options, the
    player against computers at the easy level."""
    options = get_game(game).check_options({})
    return GameSettings(game, options, default_seats(game, options["players"], human_name))


# --- persistence ----------------------------------------------------------------------


def _read(qs: QSettings, key: str) -> Any:
    """A stored value, or None if reading it fails in any way."""
    try:
        return qs.value(key)
    except Exception:
        return None


def _read_json(qs: QSettings, key: str) -> Any:
    """A value stored as JSON text; None for anything else or unreadable text."""
    text = _read(qs, key)
    if not isinstance(text, str) or len(text) > _MAX_STORED_TEXT:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _checked_options(game: str, raw: Any) -> dict[str, Any]:
    """``raw`` as options of ``game``; every value that is not valid becomes its default,
    and so does the option an invalid combination names."""
    rules = get_game(game)
    options: dict[str, Any] = {}
    for spec in rules.specs:
        value = raw.get(spec.key, spec.default) if isinstance(raw, Mapping) else spec.default
        try:
            options[spec.key] = spec.check(value)
        except OptionError:
            options[spec.key] = spec.default
    for _ in rules.specs:
        try:
            return rules.check_options(options)
        except OptionError as error:
            if error.key not in options:
                break
            options[error.key] = rules.spec(error.key).default
    return rules.check_options({})


def _stored_seat(data: Any, levels: list[str], fallback: Seat) -> Seat:
    """A seat read from its stored object; each bad field takes the fallback's value."""
    if not isinstance(data, dict):
        return fallback
    name = data.get("name")
    if not isinstance(name, str) or name_problem(name) is not None:
        name = fallback.name
    name = display_name(name.strip())  # a default name in today's language
    kind = data.get("kind")
    if kind not in (HUMAN, COMPUTER):
        kind = fallback.kind
    if kind == HUMAN:
        return Seat(name.strip(), HUMAN, None)
    level = data.get("level")
    if not isinstance(level, str) or level not in levels:
        level = fallback.level if fallback.kind == COMPUTER else None
        level = level or (levels[0] if levels else DEFAULT_LEVEL)
    return Seat(name.strip(), COMPUTER, level)


def _stored_seats(game: str, count: int, data: Any) -> list[Seat]:
    """The stored seats fitted to ``count`` players; defaults wherever they fail."""
    defaults = default_seats(game, count)
    if not isinstance(data, list):
        return defaults
    levels = computer_levels(game)
    seats: list[Seat] = []
    for i in range(count):
        fallback = defaults[i]
        seat = _stored_seat(data[i], levels, fallback) if i < len(data) else fallback
        taken = {_name_key(s.name) for s in seats}
        if _name_key(seat.name) in taken:
            name = fallback.name
            if _name_key(name) in taken:
                name = unique_computer_name([s.name for s in seats], max(i, 1))
            seat = Seat(name, seat.kind, seat.level)
        seats.append(seat)
    check = GameSettings(game, get_game(game).check_options({"players": count}), seats)
    if any(getattr(p, "code", "") != "no_levels" for p in check.problems()):
        return defaults
    return seats


def load_settings(qs: QSettings) -> GameSettings:
    """The last saved set-up; whatever cannot be read is replaced by its default."""
    try:
        game = _read(qs, f"{GROUP}/game")
        if not isinstance(game, str) or game not in GAMES:
            game = DEFAULT_GAME
        # every game's as stored, checked when used (options_for, save_settings): the
        # rules of a game not on the table are not loaded for them
        last_options = {g: stored for g in GAME_ORDER
                        if isinstance(stored := _read_json(qs, f"{GROUP}/options/{g}"), dict)}
        options = last_options[game] = _checked_options(game, last_options.get(game))
        seats = _stored_seats(game, options["players"], _read_json(qs, f"{GROUP}/seats"))
        return GameSettings(game, options, seats, last_options)
    except Exception:  # a safety net: a settings file must never stop the program
        return default_settings(DEFAULT_GAME)


def save_settings(qs: QSettings, settings: GameSettings) -> None:
    """Store ``settings`` (and every game's last options) for :func:`load_settings`."""
    qs.setValue(f"{GROUP}/game", settings.game)
    per_game = dict(settings.last_options)
    per_game[settings.game] = settings.options
    for game, options in per_game.items():
        if game in GAMES:
            qs.setValue(f"{GROUP}/options/{game}",
                        json.dumps(_checked_options(game, options), ensure_ascii=False))
    seats = [{"name": s.name, "kind": s.kind, "level": s.level if s.kind == COMPUTER else None}
             for s in settings.seats]
    qs.setValue(f"{GROUP}/seats", json.dumps(seats, ensure_ascii=False))
    qs.sync()


def load_pace(qs: QSettings) -> str:
    """The stored pace, or ``normal`` if none (or nothing sensible) is stored."""
    pace = _read(qs, PACE_KEY)
    return pace if isinstance(pace, str) and pace in PACES else DEFAULT_PACE


def save_pace(qs: QSettings, pace: str) -> None:
    """Store ``pace``; ``ValueError`` for a pace that does not exist."""
    if pace not in PACES:
        raise ValueError(f"unknown pace {pace!r} (known: {', '.join(PACES)})")
    qs.setValue(PACE_KEY, pace)
    qs.sync()


__all__ = [
    "DEFAULT_PACE",
    "GAME_ORDER",
    "MAX_NAME_LENGTH",
    "PACES",
    "GameSettings",
    "SettingsError",
    "computer_levels",
    "default_settings",
    "is_default_name",
    "load_pace",
    "load_settings",
    "name_for_kind",
    "save_pace",
    "save_settings",
]
