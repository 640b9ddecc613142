"""The seats this program holds at network tables, kept between runs.

A seat's token is what gets it back: a person whose program crashed, or who closed
it, joins again with the same invitation and is seated where they were — so the token
is kept here, by table code, until the game is over.  The host's own table is kept
too, so that hosting it again after a quit or a crash lets everyone back in.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from PySide6.QtCore import QSettings

SEATS_KEY = "online/seats"
HOSTED_KEY = "online/hosted"


@dataclass(frozen=True)
class KeptSeat:
    code: str
    seat: int
    token: str
    url: str
    name: str
    fingerprint: str | None = None
    host_token: str | None = None
    """Set for a table this program hosts."""


def _all(qs: QSettings) -> dict[str, Any]:
    try:
        data = json.loads(str(qs.value(SEATS_KEY, "") or "{}"))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def kept_seat(qs: QSettings, code: str) -> KeptSeat | None:
    """Our seat at the table ``code``, if we hold one."""
    entry = _all(qs).get(code)
    if not isinstance(entry, dict):
        return None
    try:
        return KeptSeat(**entry)
    except TypeError:
        return None


def keep_seat(qs: QSettings, seat: KeptSeat, first: bool = True) -> None:
    """Keep ``seat``: the first seat this program holds at its table, or (``first``
    False) another person's here, at the same screen."""
    seats = _all(qs)
    seats[seat.code if first else f"{seat.code}/{seat.seat}"] = asdict(seat)
    qs.setValue(SEATS_KEY, json.dumps(seats))
    if seat.host_token is not None:
        qs.setValue(HOSTED_KEY, seat.code)
    qs.sync()


def forget_seat(qs: QSettings, code: str) -> None:
    """The game at ``code`` is over: nothing to come back to."""
    seats = _all(qs)
    gone = [key for key in seats if key == code or key.startswith(f"{code}/")]
    for key in gone:
        del seats[key]
    if gone:
        qs.setValue(SEATS_KEY, json.dumps(seats))
    if qs.value(HOSTED_KEY, "") == code:
        qs.remove(HOSTED_KEY)
    qs.sync()


def other_seats_here(qs: QSettings, code: str) -> list[KeptSeat]:
    """The other seats played at this screen at the table ``code``, by seat."""
    found = []
    for key, entry in _all(qs).items():
        if key.startswith(f"{code}/") and isinstance(entry, dict):
            try:
                found.append(KeptSeat(**entry))
            except TypeError:
                continue
    return sorted(found, key=lambda seat: seat.seat)


def last_hosted(qs: QSettings) -> KeptSeat | None:
    """The table this program hosted last and whose game is not over."""
    code = str(qs.value(HOSTED_KEY, "") or "")
    seat = kept_seat(qs, code) if code else None
    return seat if seat is not None and seat.host_token is not None else None
