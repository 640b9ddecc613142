"""What the table tells the statistics: a game begun (at a person's first move),
helped (undo, a hint, watching an unfinished game, taking over) and finished.

A fair review of a person's decisions (:mod:`cardtable.ai.review`) is kept too, as
that game's accuracy and points lost a decision: Statistics shows them as a trend.

The keeper only hands its writes over: the store's writer thread records them (see
:mod:`cardtable.stats_writer`), so the table never waits on the database.  If a result
could be neither recorded nor kept to record later, :attr:`StatsKeeper.problem` says so
in a sentence for the person.

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

from PySide6.QtCore import QObject, Qt, Signal

from cardtable.engine import record
from cardtable.engine.match import HUMAN, Match
from cardtable.ui import texts
from cardtable.ui.controller import GameController

if TYPE_CHECKING:  # the store is opened after the table is first shown
    from cardtable.ai.review import Review
    from cardtable.stats import Entry, Statistics
    from cardtable.stats_writer import Loss


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

    problem = Signal(str)
    """A result may be lost: neither the statistics nor their pending file took it.
    The sentence is translated and says where and why; emitted on the window's thread,
    once until something is recorded again."""

    _lost = Signal(str, str)
    """From the writer thread: the reason and the folder (carried to the window's
    thread by a queued connection)."""

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
        self._listened: Statistics | None = None
        self._lost.connect(self._tell, Qt.ConnectionType.QueuedConnection)
        controller.humanActed.connect(self._on_human_acted)
        controller.assisted.connect(self.mark)
        controller.gameFinished.connect(self._on_finished)

    def _record(self, stats: Statistics, entry: Entry) -> None:
        """Hand a write to the store's writer thread (returns at once)."""
        if self._listened is not stats:
            self._listened = stats
            stats.recorder().listen(self._from_writer)
        stats.record(entry)

    def _from_writer(self, loss: Loss) -> None:
        """Called on the writer thread."""
        self._lost.emit(loss.reason, "" if loss.folder is None else str(loss.folder))

    def _tell(self, reason: str, folder: str) -> None:
        why = {
            "busy": self.tr("another program keeps the statistics busy"),
            "full": self.tr("the disk is full"),
            "permission": self.tr("there is no permission to write there"),
            "limit": self.tr("too many results are waiting to be recorded"),
        }.get(reason, self.tr("a read or write error"))
        self.problem.emit(texts.fill(self.tr(
            "A game result could not be written to the statistics in the folder %1 (%2), "
            "nor kept to be written later. CardTable will try again while it runs; if it "
            "is closed before then, the result is lost."), folder, why))

    def _key(self) -> str | None:
        match = self.controller.match
        return None if match is None else game_key(match, self.salt)

    def _on_human_acted(self, _seat: int) -> None:
        match = self.controller.match
        key = self._key()
        stats = self.store()
        if match is None or key is None or key == self._begun or stats is None:
            return
        from cardtable.stats import SeatEntry, assisted_entry, begin_entry

        seats = [SeatEntry(s.name, s.kind, s.level if s.kind != HUMAN else None)
                 for s in match.seats]
        self._record(stats, begin_entry(key, match.game.name, dict(match.state.options),
                                        seats, time.time()))
        self._begun = key
        for how in sorted(self._pending.pop(key, set())):
            self._record(stats, assisted_entry(key, how))

    def mark(self, how: str) -> None:
        """The person was helped in the game on the table."""
        key = self._key()
        stats = self.store()
        if key is None or stats is None:
            return
        from cardtable.stats import assisted_entry

        if key != self._begun:  # recorded with the game's first move, if one is made
            self._pending.setdefault(key, set()).add(how)
        # a game begun in an earlier run (resumed) is in the store already
        self._record(stats, assisted_entry(key, how))

    def _on_finished(self, _view: Any) -> None:
        match = self.controller.match
        key = self._key()
        stats = self.store()
        if match is None or key is None or stats is None:
            return
        from cardtable.stats import finish_entry

        self._record(stats, finish_entry(key, list(match.state.totals), time.time()))

    def record_review(self, match: Match, review: Review) -> bool:
        """Keep a finished review's figures for the reviewed seat's game (in place of
        an earlier review of it); whether they were handed over.  Not kept: a review
        with hindsight (every card known: another question), one of a computer's seat,
        and one with no decision to weigh.  A game the statistics never saw (a record
        from a file) is kept with today's date."""
        if review.hindsight or review.accuracy is None or review.average_loss is None:
            return False
        if not 0 <= review.seat < len(match.seats) or match.seats[review.seat].kind != HUMAN:
            return False
        key = game_key(match, self._salt_of(match))
        stats = self.store()
        if key is None or stats is None:
            return False
        from cardtable.stats import REVIEW_MARKS, review_entry

        now = time.time()
        self._record(stats, review_entry(
            key, review.seat, match.seats[review.seat].name, match.game.name,
            len(match.seats), now, now, review.accuracy, review.average_loss,
            len(review.decisions), {mark: review.count(mark) for mark in REVIEW_MARKS}))
        return True

    def _salt_of(self, match: Match) -> str:
        """The salt of the game on the table (a game taken over is another game) when
        ``match`` is that game — the same object, or a copy of it being watched."""
        current = self.controller.match
        if not self.salt or current is None:
            return ""
        return self.salt if current is match or game_key(current) == game_key(match) else ""
