"""What the table tells the statistics: a game begun (at a person's first move),
helped (undo, a hint, watching an unfinished game, taking over) and finished.

A game is known by a key made from its record's start — the options, the seats, the
seed, the first dealer and the first deal's cards — so that the same game resumed from
its autosave, taken back with undo or opened from its file is the same game in the
statistics, and its help is never forgotten.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from cardtable.engine import record
from cardtable.engine.match import HUMAN, Match
from cardtable.ui.controller import GameController

if TYPE_CHECKING:  # the store is opened after the table is first shown
    from cardtable.stats import Statistics


def game_key(match: Match, salt: str = "") -> str | None:
    """The game's key, or None before its first deal."""
    if not match.deals:
        return None
    data = record.to_json(match.prefix(1))
    data["salt"] = salt
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    import hashlib  # here: loading it (OpenSSL's, some ms) is not on the way to the table

    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


class StatsKeeper(QObject):
    """Follows one controller's games into one statistics store."""

    def __init__(self, store: Callable[[], Statistics | None], controller: GameController,
                 parent: QObject | None = None) -> None:
        """``store`` gives the store, opening it at its first call (it need not be
        open before a game has anything to tell it)."""
        super().__init__(parent)
        self.store = store
        self.controller = controller
        self.salt = ""
        """Set when a game finished before is taken over: the new ending is another
        game, not a second result of the first."""
        self._begun: str | None = None
        self._pending: dict[str, set[str]] = {}
        """Help asked before the game's first move, by key (the game is recorded only
        once a person has moved)."""
        controller.humanActed.connect(self._on_human_acted)
        controller.assisted.connect(self.mark)
        controller.gameFinished.connect(self._on_finished)

    def _key(self) -> str | None:
        match = self.controller.match
        return None if match is None else game_key(match, self.salt)

    def _on_human_acted(self, _seat: int) -> None:
        match = self.controller.match
        key = self._key()
        stats = self.store()
        if match is None or key is None or key == self._begun or stats is None:
            return
        from cardtable.stats import SeatEntry

        seats = [SeatEntry(s.name, s.kind, s.level if s.kind != HUMAN else None)
                 for s in match.seats]
        stats.begin(key, match.game.name, dict(match.state.options), seats, time.time())
        self._begun = key
        for how in sorted(self._pending.pop(key, set())):
            stats.mark_assisted(key, how)

    def mark(self, how: str) -> None:
        """The person was helped in the game on the table."""
        key = self._key()
        stats = self.store()
        if key is None or stats is None:
            return
        if key == self._begun:
            stats.mark_assisted(key, how)
        else:  # recorded with the game's first move, if one is made
            self._pending.setdefault(key, set()).add(how)
            # a game begun in an earlier run (resumed) is in the store already
            stats.mark_assisted(key, how)

    def _on_finished(self, _view: Any) -> None:
        match = self.controller.match
        key = self._key()
        stats = self.store()
        if match is None or key is None or stats is None:
            return
        stats.finish(key, list(match.state.totals), time.time())
