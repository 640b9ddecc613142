"""Трефы and Метаморфоза played to the end through the window, as a person plays them
against easy computers: every card of the human seat by a click on the table, every
bid, pass and declaration by a click on the panel, every "Next deal" on the board.

While the game runs, a watcher looks at the table after every step the controller
announces (at the instant pace the table has drawn it by then) and notes anything
that differs from what the issue asks for; each test ends on the game-over board,
whose total row must equal the controller's totals.  The seeds were chosen so that
the games are short and pass through the positions worth checking (a bid above
another, the dealer's forbidden number, a skipped turn); the test fails, rather than
passing quietly, if a position it needs never came.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from cardtable.engine.actions import Pass
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.clubs_events import TurnSkipped
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.engine.metamorphosis_events import CardsDrawn, DeclarationsRevealed
from cardtable.ui import texts
from cardtable.ui.games.metamorphosis import declaration_card, kind_text
from cardtable.ui.score_sheet import DEAL, ScoreSheet
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.table.furniture import SECOND_DECK
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import (
    Person,
    Watch,
    game_settings,
    open_window,
    play,
    sheet_totals,
)

TARGET = 25


# --- what every table must show -----------------------------------------------------------


def card_items(win: MainWindow) -> list[CardItem]:
    return [i for i in win.scene.items() if isinstance(i, CardItem)]


def table_matches_view(win: MainWindow, view: Any) -> list[str]:
    """The viewer's hand face up and exactly the view's, the others' hands as many
    cards as the view says, the trick as the view has it."""
    scene = win.scene
    problems = []
    mine = scene.hands[scene.viewer]
    if sorted(i.card for i in mine) != sorted(view.hand):
        problems.append(f"bottom hand {sorted(i.card for i in mine)} != view {sorted(view.hand)}")
    if not all(i.face_up for i in mine):
        problems.append("a card of the viewer's own hand is face down")
    for seat in range(view.n):
        if seat != scene.viewer and len(scene.hands[seat]) != view.hand_counts[seat]:
            problems.append(f"seat {seat} shows {len(scene.hands[seat])} cards, "
                            f"holds {view.hand_counts[seat]}")
    if [(s, i.card) for s, i in scene.trick] != list(view.trick):
        problems.append(f"trick {[(s, i.card) for s, i in scene.trick]} != {view.trick}")
    return problems


def check_final_board(win: MainWindow) -> None:
    """The game-over board: its title, and the sheet's total row equal to the totals
    the controller holds (and to what each plate says)."""
    state = win.controller.state
    assert state.is_over
    assert win.board.isVisible()
    assert win.board.title.text().startswith("Game over")
    totals = list(state.totals)
    assert sheet_totals(win) == [texts.signed(t) for t in totals]
    assert [p.total for p in win.scene.plates] == [f"total {texts.signed(t)}" for t in totals]
    winner = max(range(len(totals)), key=lambda s: totals[s])
    title = win.board.title.text()
    if totals.count(totals[winner]) == 1 and winner == win.presenter.you:
        assert title == "Game over — you win"  # the person at the screen is addressed
    else:
        assert win.names[winner] in title


# --- Трефы ---------------------------------------------------------------------------------


def clubs_note(view: Any, seat: int) -> str:
    """What a Трефы plate must say under the name: the bid or pass in the auction, the
    contract in the everyone form, a skipped turn while its trick lasts."""
    if view.phase == "auction":
        said = [t for s, t in view.bids if s == seat]
        if not said:
            return ""
        return "pass" if said[-1] is None else f"bid {said[-1]}"
    if view.phase == "bidding":
        return "" if view.contracts[seat] is None else f"bid {view.contracts[seat]}"
    if view.phase == "play" and seat in view.skipped:
        return "skips this trick"
    return ""


class TableWatch(Watch, ABC):
    """Looks at the table after every step the controller announces: no longer busy
    (the pace is instant) and showing what the view says; ``check_step`` adds what
    each game must show besides."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.steps = 0
        win.controller.stepped.connect(self.on_step)

    def on_step(self, events: list[Any], view: Any) -> None:
        if self.win.scene.busy:
            self.note("the table is still busy after a step at the instant pace")
            return
        self.steps += 1
        for problem in table_matches_view(self.win, view):
            self.note(problem)
        self.check_step(events, view)

    @abstractmethod
    def check_step(self, events: list[Any], view: Any) -> None:
        """What this game's table must show after the step."""


class ClubsWatch(TableWatch):
    """Looks at the table after every step of a Трефы game."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.skipped_plates = 0
        """Steps after which a skipped seat's plate said so."""
        self.skip_cleared = 0
        """Tricks completed after a skip, whose plates no longer said it."""
        self.high_bid_panels = 0
        self.forbidden_panels = 0
        self.back_decks: set[int] = set()
        """The decks of every face-down card seen at the human's turns."""
        self.both_backs_at_once = 0
        """The human's turns at which face-down cards of both decks lay on the table."""
        self._skip_pending = False

    def check_step(self, events: list[Any], view: Any) -> None:
        win = self.win
        for seat, plate in enumerate(win.scene.plates):
            if plate.note != clubs_note(view, seat):
                self.note(f"{view.phase}: plate {seat} says {plate.note!r}, "
                          f"expected {clubs_note(view, seat)!r}")
            if view.phase == "play":
                taken, contract = view.tricks_taken[seat], view.contracts[seat]
                wanted = texts.tricks_text(taken) if contract is None \
                    else f"{taken} of {contract}"
                if plate.line != wanted:
                    self.note(f"plate {seat} line {plate.line!r}, expected {wanted!r}")
        skipped = [e.seat for e in events if type(e) is TurnSkipped]
        for seat in skipped:
            bubble = win.scene.bubbles[seat]
            if not bubble.text.startswith("Skips"):
                self.note(f"no bubble says seat {seat} skips: {bubble.text!r}")
        if view.phase == "play" and view.skipped:
            self.skipped_plates += 1
            self._skip_pending = True
        elif self._skip_pending and not view.skipped:
            self._skip_pending = False
            self.skip_cleared += 1
        if view.phase == "play" and view.declarer is not None:
            rule = win.rule_label.text()
            # the person at the screen is addressed, the others named
            who = "You play for" if view.declarer == win.presenter.you \
                else f"{win.names[view.declarer]} plays for"
            if who not in rule or f"{view.contracts[view.declarer]} trick" not in rule:
                self.note(f"the rule line does not name the declarer and contract: {rule!r}")

    def on_turn(self, view: Any) -> None:
        win = self.win
        decks = {i.deck for i in card_items(win) if not i.face_up}
        self.back_decks |= decks
        self.both_backs_at_once += decks == {0, 1}
        if view.phase == "auction":
            self.check_auction_panel(view)
        elif view.phase == "bidding":
            self.check_everyone_panel(view)

    def bid_buttons(self, view: Any) -> dict[str, Any]:
        buttons = {b.text(): b for b in self.win.choice.buttons}
        assert self.win.choice.isVisible()
        numbers = [str(k) for k in range(view.hand_size + 1)]
        assert [b.text() for b in self.win.choice.buttons][:len(numbers)] == numbers
        return buttons

    def check_auction_panel(self, view: Any) -> None:
        """Every number up to the highest bid disabled with the reason, every number
        above it enabled; «Pass» while passing is allowed; the highest bid and who
        passed said on the panel."""
        buttons = self.bid_buttons(view)
        high = view.high_bid
        for k in range(view.hand_size + 1):
            button = buttons[str(k)]
            if high is not None and k <= high:
                assert not button.isEnabled(), f"bid {k} enabled under the highest bid {high}"
                assert button.toolTip() == f"A bid must be above the highest bid, {high}."
            else:
                assert button.isEnabled(), f"bid {k} disabled above the highest bid {high}"
        assert ("Pass" in buttons) == (Pass() in view.legal)
        subtitle = self.win.choice.subtitle.text()
        if Pass() not in view.legal:
            assert "Everyone else has passed: you must bid." in subtitle
        if high is not None:
            self.high_bid_panels += 1
            assert f"Highest bid: {high} ({self.win.names[view.high_seat]})." in subtitle
        else:
            assert "No bid yet." in subtitle
        out = [self.win.names[s] for s, gone in enumerate(view.passed) if gone]
        if out:
            assert f"Passed: {', '.join(out)}." in subtitle

    def check_everyone_panel(self, view: Any) -> None:
        """No «Pass»; every number enabled except the dealer's forbidden one, which
        says why."""
        buttons = self.bid_buttons(view)
        assert "Pass" not in buttons
        forbidden = view.forbidden_bid
        for k in range(view.hand_size + 1):
            button = buttons[str(k)]
            if k == forbidden:
                assert view.dealer == view.seat
                assert not button.isEnabled()
                assert button.toolTip() == (f"The dealer may not bid {k}: the bids would "
                                            f"add up to {view.hand_size} tricks.")
            else:
                assert button.isEnabled(), f"bid {k} disabled (forbidden: {forbidden})"
        if forbidden is not None:
            self.forbidden_panels += 1
            assert f"You deal, so you may not bid {forbidden}" in \
                self.win.choice.subtitle.text()


def play_clubs(qtbot: Any, tmp_path: Path, players: int, bidding: str,
               seed: int) -> tuple[MainWindow, ClubsWatch]:
    win = open_window(qtbot, tmp_path)
    watch = ClubsWatch(win)
    win.start_game(game_settings("clubs", [0], players=players, bidding=bidding,
                                 target=TARGET), seed=seed)
    play(win, qtbot, Person("clubs", 1), on_turn=watch.on_turn)
    assert watch.problems == []
    assert watch.steps > 0
    check_final_board(win)
    state = win.controller.state
    assert max(state.totals) >= TARGET
    sheet = win.board.findChild(ScoreSheet)
    deal_rows = [r for r in sheet.data.rows if r.kind == DEAL]
    assert len(deal_rows) == len(state.deal_scores) == state.deal_index
    # every decision of the human seat came through the table
    human = [a for d in win.controller.match.deals for s, a in d.actions if s == 0]
    assert len(human) >= state.deal_index * 5
    return win, watch


def test_clubs_two_players_auction(qtbot: Any, tmp_path: Path) -> None:
    """Two players, the auction: the human outbids or passes on a panel whose numbers
    up to the highest bid are disabled with the reason."""
    win, watch = play_clubs(qtbot, tmp_path, 2, "auction", seed=1)
    assert watch.high_bid_panels >= 1
    assert watch.back_decks == {0}
    bids = [a for d in win.controller.match.deals for s, a in d.actions
            if s == 0 and type(a) in (Bid, Pass)]
    assert bids


def test_clubs_two_players_end_at_the_deal_limit(qtbot: Any, tmp_path: Path) -> None:
    """Two players rarely reach the target; with a limit of 5 deals the game ends after
    the fifth, and the line above the table says how far along it is and who is ahead."""
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("clubs", [0], players=2, deals=5), seed=4)
    lines: list[str] = []
    play(win, qtbot, Person("clubs", 1),
         on_turn=lambda view: lines.append(win.rule_label.text()))
    state = win.controller.state
    assert state.is_over and state.deal_index == 5 and max(state.totals) < 100
    assert any("Deal 1 of 5 · playing to 100 points" in line for line in lines)
    assert any("Deal 5 of 5 · playing to 100 points" in line for line in lines)
    totals_seen = [line for line in lines if re.search(
        r" · (you are first|\S.* is first|\S.* share first place) with ", line)]
    assert totals_seen, "the line never says who is ahead"
    sheet = win.board.findChild(ScoreSheet)
    assert sheet.data.rows[-1].label == "Total (to 100; at most 5 deals)"
    check_final_board(win)


def test_clubs_four_players_everyone_bids(qtbot: Any, tmp_path: Path) -> None:
    """Four players, everyone bids: when the human deals, the number that would make
    the bids add up to the tricks is disabled and says why."""
    _, watch = play_clubs(qtbot, tmp_path, 4, "everyone", seed=2)
    assert watch.forbidden_panels >= 1
    assert watch.back_decks == {0}


def test_clubs_six_players_two_decks(qtbot: Any, tmp_path: Path) -> None:
    """Six players, two decks: both backs among the face-down cards, a skipped turn
    shown on the plate while its trick lasts (and announced), gone with the trick."""
    _, watch = play_clubs(qtbot, tmp_path, 6, "everyone", seed=43)
    assert watch.back_decks == {0, 1} and watch.both_backs_at_once >= 1
    assert watch.skipped_plates >= 1
    assert watch.skip_cleared >= 1
    assert watch.forbidden_panels >= 1


# --- Метаморфоза ---------------------------------------------------------------------------


class MetamorphosisWatch(TableWatch):
    """Looks at the stock, the turned card, the won piles, the declaration cards and
    the refills after every step of a Метаморфоза game."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.reveals = 0
        self.others_face_down = 0
        """Steps showing another seat's chosen declaration (face down, it must be)."""
        self.own_before_reveal = 0
        """Steps showing the viewer's chosen declaration before the reveal."""
        self.pile_refills_to_viewer = 0
        self.pile_refills_to_others = 0
        self.round_lines = 0

    def check_step(self, events: list[Any], view: Any) -> None:
        win = self.win
        scene = win.scene
        if view.phase == "declare":
            notes = [p.note for p in scene.plates]
            if notes != ["declared" if d else "" for d in view.declared]:
                self.note(f"the plates say {notes} while {view.declared} have declared")
        if view.phase in ("declare", "play"):
            self.check_stock_and_piles(view)
            self.check_declarations(view, any(type(e) is DeclarationsRevealed
                                               for e in events))
        for event in events:
            if type(event) is CardsDrawn and event.from_seat is not None and event.cards:
                self.check_refill_from_pile(view, event)
        if view.phase == "play":
            rule = win.rule_label.text()
            wanted = (f"Rozygrysh {view.round} of {view.rounds_total}",
                      f"Розыгрыш {view.round} из {view.rounds_total}")
            if any(w in rule for w in wanted):
                self.round_lines += 1
            else:
                self.note(f"the info bar does not name розыгрыш {view.round}: {rule!r}")

    def check_stock_and_piles(self, view: Any) -> None:
        furniture = self.win.scene.furniture
        label = furniture.stock_label
        shown = int(label.text()) if label is not None else 0
        if shown != view.stock_count:
            self.note(f"the stock says {shown}, the view {view.stock_count}")
        turned = furniture.turned_item
        if (turned.card if turned is not None else None) != view.turned:
            self.note(f"the turned card shows {turned and turned.card}, view {view.turned}")
        if turned is not None and not turned.face_up:
            self.note("the turned card lies face down")
        backs = view.stock_count - (view.turned is not None)
        if bool(furniture.stock_items) != (backs > 0) \
                or any(i.face_up for i in furniture.stock_items):
            self.note(f"{len(furniture.stock_items)} stock backs for {backs} face-down cards")
        for seat, pile in enumerate(view.piles):
            item = furniture.pile_items[seat] if seat < len(furniture.pile_items) else None
            top = item.card if item is not None else None
            if top != (pile[-1] if pile else None):
                self.note(f"pile {seat} shows {top} on top, view {pile[-1:]}")
            if item is not None and not item.face_up:
                self.note(f"pile {seat}'s top card lies face down")

    def check_declarations(self, view: Any, revealed_now: bool) -> None:
        """Face down in front of whoever has chosen, from the second deck, until all
        have chosen; then, in the same step, all face up at once.  (The viewer knows
        its own card: it may see it — but never another's.)"""
        furniture = self.win.scene.furniture
        items = [furniture.slot_item(s) for s in range(view.n)]
        for seat, item in enumerate(items):
            if not view.declared[seat]:
                if item is not None and item.scene() is not None:
                    self.note(f"a declaration card for seat {seat}, who has not chosen")
                continue
            if item is None or item.deck != SECOND_DECK:
                self.note(f"seat {seat}'s declaration card missing or of the first deck")
                continue
            if view.revealed:
                face = declaration_card(view.declarations[seat])
                if not item.face_up or item.card != face:
                    self.note(f"after the reveal seat {seat}'s declaration is not face up")
            elif seat != view.seat:
                self.others_face_down += 1
                if item.face_up or item.card is not None:
                    self.note(f"seat {seat}'s declaration shown before everyone chose")
            else:
                self.own_before_reveal += 1
                if item.face_up and item.card != declaration_card(view.declarations[seat]):
                    self.note("the viewer's own declaration shows the wrong card")
        if revealed_now:
            self.reveals += 1
            if not view.revealed or not all(i is not None and i.face_up for i in items):
                self.note("the reveal did not turn every declaration face up")

    def check_refill_from_pile(self, view: Any, event: CardsDrawn) -> None:
        """The cards taken from a neighbour's pile arrived in the taker's hand: face
        up in the viewer's own hand, face up (known to all) in another's."""
        scene = self.win.scene
        hand = scene.hands[event.seat]
        faces = Counter(i.card for i in hand if i.face_up)
        missing = Counter(event.cards) - faces
        if missing:
            self.note(f"cards {sorted(missing)} from pile {event.from_seat} are not face up "
                      f"in seat {event.seat}'s hand")
        if event.seat == view.seat:
            self.pile_refills_to_viewer += 1
        else:
            self.pile_refills_to_others += 1

    def on_turn(self, view: Any) -> None:
        win = self.win
        if view.phase == "declare":
            assert win.choice.isVisible()
            legal = [a for a in view.legal if type(a) is Declare]
            assert [b.text() for b in win.choice.buttons] == \
                [texts.declaration_name(a.value) for a in legal]
            assert [b.toolTip() for b in win.choice.buttons] == \
                [kind_text(a.value) for a in legal]


def play_metamorphosis(qtbot: Any, tmp_path: Path, players: int, seed: int,
                       human_declares_first: bool) -> None:
    win = open_window(qtbot, tmp_path)
    watch = MetamorphosisWatch(win)
    win.start_game(game_settings("metamorphosis", [0], players=players, partii=1),
                   seed=seed)
    play(win, qtbot, Person("metamorphosis", 1), on_turn=watch.on_turn)
    QApplication.processEvents()
    assert watch.problems == []
    state = win.controller.state
    rounds = {2: 16, 3: 12}[players]
    assert watch.reveals == 1
    assert watch.others_face_down >= 1
    assert (watch.own_before_reveal > 0) == human_declares_first
    assert watch.pile_refills_to_viewer >= 1
    assert watch.pile_refills_to_others >= 1
    assert watch.round_lines >= rounds
    check_final_board(win)
    human = [a for d in win.controller.match.deals for s, a in d.actions if s == 0]
    assert len(human) == rounds + 1  # a card each розыгрыш, and the declaration
    assert len(state.deal_scores) == 1


def test_metamorphosis_two_players(qtbot: Any, tmp_path: Path) -> None:
    """The computer declares first: its card lies face down until the human has
    chosen, then both turn up together."""
    play_metamorphosis(qtbot, tmp_path, 2, seed=4, human_declares_first=False)


def test_metamorphosis_three_players(qtbot: Any, tmp_path: Path) -> None:
    """The human declares first, then the two computers in turn."""
    play_metamorphosis(qtbot, tmp_path, 3, seed=5, human_declares_first=True)
