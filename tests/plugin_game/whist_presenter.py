"""Whist on the screen: its rule line, plates and score sheet.  (A game of the
package would keep this in ``cardtable/ui/games/whist.py``; its words would be
translated in its class's context.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.match import DealLog
from cardtable.ui.games.base import GamePresenter, Plate, register_presenter
from cardtable.ui.score_rows import DEAL, TOTAL, SheetData, SheetRow
from cardtable.ui.texts import fill, suit_name
from plugin_game.whist import WhistState, WhistView


class WhistPresenter(GamePresenter[WhistView]):
    GAME = "whist"
    TITLE = "Whist"
    DESCRIPTION = "Partners opposite; a point for each trick over six."

    def rule_html(self, view: WhistView) -> str:
        head = fill(self.tr("Deal %1"), self.shown_number(view))
        return self.rule(head, fill(self.tr("Trumps: %1"), suit_name(view.trump)))

    def plate(self, view: WhistView, seat: int) -> Plate:
        tricks = view.side_tricks[seat % 2]
        return Plate(fill(self.tr("side: %1 tricks"), tricks), self.total_text(view, seat))

    def _sheet(self, state: Any, deals: Sequence[DealLog] | None) -> SheetData:
        if not isinstance(state, WhistState):
            raise ValueError(f"not a game of {self.GAME}: {type(state).__name__}")
        played = list(state.deal_scores)
        rows = [SheetRow(fill(self.tr("Deal %1"), i + 1),
                         tuple(played[i]) if i < len(played) else None, DEAL)
                for i in range(state.options["deals"])]
        rows.append(SheetRow(self.tr("Total"), tuple(state.totals), TOTAL))
        return SheetData(tuple(self.names), tuple(rows), self.title(), self.tr("Deal"),
                         current=None if state.is_over else state.deal_index)


register_presenter(WhistPresenter)
