"""Pass-and-play: several people at one screen, each clicking "I am … — show my cards"
when the computer is passed to them.

At every hand-over the table must hold nothing any one person may not see: no face
of a card that is in some hand and not public (the trick, Кинг's card shown «по
последней», Метаморфоза's known cards, turned card and won piles), not even a face-
down card that carries such a value, no hidden declaration, no tooltip or label that
names one; the last-trick peek and the score sheet work and show public things only.
After the click the bottom hand is exactly the new holder's, face up, and the
previous holder's cards are face down.  Between hand-overs, the controller's signals
carry the public view while the table is concealed and the holder's view otherwise.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel

from cardtable.ai import make_player
from cardtable.cards import CARDS, Card, cards_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Event
from cardtable.engine.king import schedule
from cardtable.engine.king_actions import Order
from cardtable.engine.match import Match
from cardtable.engine.metamorphosis_events import CardsDrawn
from cardtable.ui import texts
from cardtable.ui.games.metamorphosis import kind_text
from cardtable.ui.settings import GameSettings
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import (
    Person,
    Watch,
    game_settings,
    open_window,
    play,
    seats_for,
)

# --- what is public, what is hidden -----------------------------------------------------------


def public_cards(state: Any) -> Counter[Card]:
    """Copies of each card that everyone at the table may see now: cards played this
    deal (the trick included); Кинг's cards shown «по последней»; Метаморфоза's won
    piles, known cards and the turned card while it lies by the stock."""
    view = state.public_view(0)
    if view.game == "king":
        return Counter(cards_of(view.played)) + Counter(c for _, c in view.face_up)
    if view.game == "clubs":
        return Counter({CARDS[c]: k for c, k in enumerate(view.played_counts) if k})
    out = Counter(c for pile in view.piles for c in pile)
    out += Counter(c for _, c in view.trick)
    out += Counter(c for cards in view.known for c in cards)
    if view.turned is not None:
        out[view.turned] += 1
    return out


def shown_in_hand(view: Any) -> Counter[Card]:
    """The cards of the view's own hand that everyone knows are there."""
    if view.game == "king":
        return Counter(c for s, c in view.face_up if s == view.seat)
    if view.game == "metamorphosis":
        return Counter(view.known[view.seat])
    return Counter()


def hidden_cards(state: Any, seat: int) -> Counter[Card]:
    """The cards of ``seat``'s hand that only that seat may see."""
    view = state.view(seat)
    return Counter(view.hand) - shown_in_hand(view)


def card_names(card: Card) -> list[str]:
    """«AS», «A♠», «Т♠»: the ways the interface could name a card."""
    return [str(card), card.pretty(russian=False), card.pretty(russian=True)]


CARD_CODE = re.compile(r"[2-9TJQKA][SHDC]")
WORD = re.compile(r"[0-9A-Za-z]+")


def naming_secrets(shown: Sequence[str], secrets: Sequence[str]) -> list[str]:
    """The texts that say a secret: a card code («AS») standing alone, any other name
    (with its suit symbol) or sentence anywhere."""
    codes = {s for s in secrets if CARD_CODE.fullmatch(s)}
    others = [s for s in secrets if s not in codes]
    found = []
    for text in shown:
        found += [f"{text!r} names {code!r}" for code in codes & set(WORD.findall(text))]
        found += [f"{text!r} names {other!r}" for other in others if other in text]
    return found


# --- what the table holds ----------------------------------------------------------------------


def furniture_declarations(win: MainWindow) -> list[CardItem]:
    return [i for i in win.scene.furniture.slot_items if i is not None]


def table_cards(win: MainWindow) -> list[CardItem]:
    """Every card sprite in the scene (shown or not) that is a playing card: not a
    declaration card, not the last-trick peek."""
    skip = {id(i) for i in (*furniture_declarations(win), *win.scene._peek)}
    return [i for i in win.scene.items() if isinstance(i, CardItem) and id(i) not in skip]


def leaks(win: MainWindow, holder: int | None) -> list[str]:
    """Cards the scene knows beyond what the table may show: the public copies, and the
    hand of the person holding the screen (None: nobody — the table is concealed).
    Each is named with the seat whose hidden card it is."""
    state = win.controller.state
    allowed = public_cards(state)
    if holder is not None:
        allowed += Counter(state.view(holder).hand)
    carried = Counter(i.card for i in table_cards(win) if i.card is not None)
    faces = Counter(i.card for i in table_cards(win) if i.face_up and i.isVisible())
    out = []
    for card, count in carried.items():
        if count > allowed[card]:
            whose = [win.names[s] for s in range(state.n) if hidden_cards(state, s)[card]]
            shown = "face up" if faces[card] > allowed[card] else "as a card value"
            out.append(f"{card} of {', '.join(whose) or 'nobody'} is in the scene {shown} "
                       f"({count} copies, {allowed[card]} may be)")
    return out


def secret_texts(win: MainWindow, holder: int | None) -> list[str]:
    """Names of cards and declarations that no one but their owner may see (the
    holder's own excepted)."""
    state = win.controller.state
    public = public_cards(state)
    out = []
    for seat in range(state.n):
        if seat == holder:
            continue
        out += [name for card in hidden_cards(state, seat) if not public[card]
                for name in card_names(card)]
        view = state.view(seat)
        if view.game == "metamorphosis" and not view.revealed \
                and view.declarations[seat] is not None:
            out.append(kind_text(view.declarations[seat]))
    return out


def texts_on_screen(win: MainWindow) -> list[str]:
    """Every tooltip of the scene, the bubbles that show, the info bar and the panels."""
    scene = win.scene
    out = [i.toolTip() for i in scene.items() if i.toolTip()]
    out += [b.text for b in (*scene.bubbles, scene.message) if b.isVisible()]
    out += [win.rule_label.text(), win.status_label.text()]
    for panel in (win.handover, win.choice):
        if panel.isVisible():
            out += [w.text() for w in panel.findChildren(QLabel)]
            out += [b.text() for b in panel.buttons] + [b.toolTip() for b in panel.buttons]
    return [t for t in out if t]


# --- watching a game ---------------------------------------------------------------------------


class PrivacyWatch(Watch):
    """Checks the controller's signals as they are sent, the table after every step
    and at every hand-over, and the new holder's table after every take-over."""

    limit = 30

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.handovers = 0
        self.concealed_steps = 0
        self.peeks = 0
        self.sheets = 0
        self.boards = 0
        self.changes_of_holder = 0
        self.refills = [0, 0]
        """Refills announced: [from a pile, from the stock]."""
        c = win.controller
        self.deferred = False
        win.scene.idle.connect(self.on_idle)
        c.stepped.connect(self.on_step)
        c.handOver.connect(self.on_hand_over_signal)
        c.viewerChanged.connect(self.on_viewer_changed)
        c.humanToMove.connect(self.on_human_to_move)
        c.dealFinished.connect(lambda view: self.on_scored(view, "dealFinished"))
        c.gameFinished.connect(lambda view: self.on_scored(view, "gameFinished"))

    # --- the signals -------------------------------------------------------------------

    def on_step(self, events: list[Event], view: Any) -> None:
        c = self.win.controller
        state = c.state
        holder = None if c.concealed else c.viewer
        if c.concealed:
            self.concealed_steps += 1
            if view != state.public_view(c.viewer) or view.hand:
                self.note(f"a step sent while concealed is not the public view: {view}")
        elif view != state.view(c.viewer):
            self.note("a step sent another view than the holder's")
        for event in events:
            if type(event) is not CardsDrawn:
                continue
            self.refills[event.from_seat is None] += 1
            if event.from_seat is None and event.seat != holder \
                    and any(x is not None for x in event.cards):
                self.note(f"cards drawn by seat {event.seat} from the stock named to "
                          f"{'everyone' if holder is None else self.win.names[holder]}")
        if self.win.scene.pace.anim_ms:
            return  # the table shows the step later; sampled while it moves instead
        if self.win.scene.busy:
            # only what is said lingers at the instant pace (an offer, a pass): the
            # table is checked once it has shown everything
            self.deferred = True
            return
        self.check_shown(holder, view)

    def on_idle(self) -> None:
        c = self.win.controller
        if self.deferred and c.state is not None:
            self.deferred = False
            self.check_shown(None if c.concealed else c.viewer, c.table_view())

    def check_shown(self, holder: int | None, view: Any) -> None:
        """What the table shows after a step: nothing the holder may not see."""
        for problem in leaks(self.win, holder):
            self.note(f"after a step: {problem}")
        tips = [i.toolTip() for i in self.win.scene.items() if i.toolTip()]
        for problem in naming_secrets(tips, secret_texts(self.win, holder)):
            self.note(f"a tooltip after a step: {problem}")
        for seat in range(view.n):
            shown = len(self.win.scene.hands[seat])
            if shown != view.hand_counts[seat]:
                self.note(f"{view.phase}, concealed={self.win.controller.concealed}: "
                          f"{self.win.names[seat]} "
                          f"shows {shown} cards and holds {view.hand_counts[seat]}")

    def on_hand_over_signal(self, seat: int) -> None:
        c = self.win.controller
        if not c.concealed or seat not in c.humans or seat != c.state.to_move:
            self.note(f"hand-over to seat {seat}, not a concealed human to move")

    def on_viewer_changed(self, seat: int, view: Any) -> None:
        c = self.win.controller
        if c.concealed or seat != c.state.to_move or view != c.state.view(seat):
            self.note(f"the screen went to seat {seat} with another view than its own")

    def on_human_to_move(self, seat: int, view: Any) -> None:
        c = self.win.controller
        if c.concealed or seat != c.viewer or view != c.state.view(seat):
            self.note(f"seat {seat} asked to move while it does not hold the screen")

    def on_scored(self, view: Any, signal: str) -> None:
        c = self.win.controller
        if view != c.state.public_view(c.viewer):
            self.note(f"{signal} sent a private view between people")

    # --- what the play loop shows --------------------------------------------------------

    def at_hand_over(self, seat: int) -> None:
        """Everything hidden, the panel asks for ``seat``'s player; the peek and the
        score sheet work and show public things only."""
        win = self.win
        state = win.controller.state
        self.handovers += 1
        name = win.names[seat]
        assert win.handover.title.text() == f"Pass the computer to {name}"
        assert not win.choice.isVisible() and not win.board.isVisible()
        assert win.scene.concealed and win.scene.turn_view is None
        assert leaks(win, None) == []
        for other in range(state.n):
            faces = Counter(i.card for i in win.scene.hands[other] if i.face_up)
            assert not faces - shown_in_hand(state.view(other)), \
                f"{win.names[other]}'s cards face up at the hand-over: {faces}"
            assert len(win.scene.hands[other]) == state.view(other).hand_counts[other]
        for item in furniture_declarations(win):
            if not getattr(state.view(0), "revealed", True):
                assert item.card is None and not item.face_up
        assert naming_secrets(texts_on_screen(win), secret_texts(win, None)) == []
        self.check_peek()
        self.check_score_sheet()

    def check_peek(self) -> None:
        win = self.win
        view = win.controller.state.public_view(0)
        tricks = getattr(view, "tricks", ())
        win.show_last_trick()
        shown = [i for i in win.scene._peek if isinstance(i, CardItem)]
        if tricks:
            self.peeks += 1
            last = tricks[-1]
            cards = last[1] if view.game == "king" else last[2] \
                if view.game == "metamorphosis" else [c for _, c in last[1]]
            assert sorted(i.card for i in shown) == sorted(cards)
            assert all(i.face_up for i in shown)
            assert leaks(win, None) == []
        else:
            assert shown == []
        win.scene.hide_last_trick()

    def check_score_sheet(self) -> None:
        win = self.win
        state = win.controller.state
        win.sheets.show()
        dialog = win.sheets.dialog
        assert dialog is not None and dialog.isVisible()
        table = dialog.sheet.table
        cells = [table.item(r, c).text() for r in range(table.rowCount())
                 for c in range(table.columnCount()) if table.item(r, c) is not None]
        assert naming_secrets([*cells, dialog.heading.text()], secret_texts(win, None)) == []
        assert cells[-table.columnCount() + 1:][:state.n] == \
            [texts.signed(t) for t in state.totals]
        dialog.hide()
        self.sheets += 1

    def after_take_over(self, previous: int, seat: int) -> None:
        """The new holder's hand at the bottom, face up, exactly its hand; the previous
        holder's cards face down."""
        win = self.win
        state = win.controller.state
        assert not win.handover.isVisible()
        assert win.controller.viewer == seat and win.scene.viewer == seat
        assert not win.scene.concealed and win.scene.position_of(seat) == 0
        bottom = win.scene.hands[seat]
        assert sorted(i.card for i in bottom) == sorted(state.view(seat).hand)
        assert all(i.face_up for i in bottom)
        assert leaks(win, seat) == []
        if previous >= 0 and previous != seat:
            self.changes_of_holder += 1
            faces = Counter(i.card for i in win.scene.hands[previous] if i.face_up)
            assert not faces - shown_in_hand(state.view(previous))
            assert naming_secrets(texts_on_screen(win), secret_texts(win, seat)) == []

    def on_turn(self, view: Any) -> None:
        win = self.win
        assert view.seat == win.controller.viewer == win.scene.viewer
        assert win.status_label.text().startswith(f"{win.names[view.seat]}, your turn")

    def on_board(self) -> None:
        """Between deals (and at the end) the screen is everyone's: nothing hidden on
        the table."""
        self.boards += 1
        assert leaks(self.win, None) == [], "at the board, between people"
        assert naming_secrets(texts_on_screen(self.win), secret_texts(self.win, None)) == []


def play_shared(win: MainWindow, qtbot: Any, settings: GameSettings, seed: int,
                until: Any = None) -> PrivacyWatch:
    """Start the game of ``settings`` and play it through hand-overs, every check on."""
    watch = PrivacyWatch(win)
    win.start_game(settings, seed=seed)
    play(win, qtbot, Person(settings.game, seed), on_turn=watch.on_turn,
         on_handover=watch.at_hand_over, after_take_over=watch.after_take_over,
         on_board=watch.on_board, until=until)
    QApplication.processEvents()
    assert watch.problems == []
    assert watch.handovers > 0 and watch.concealed_steps > 0
    assert watch.changes_of_holder > 0
    return watch


def deals_done(win: MainWindow, count: int) -> Callable[[], bool]:
    return lambda: win.controller.state.deal_index >= count


# --- Кинг --------------------------------------------------------------------------------------


def test_king_two_people_and_two_computers(qtbot: Any, tmp_path: Path) -> None:
    """The first deal of a 4-player Кинг, people and computers in turn round the table:
    a hand-over before every person's card."""
    win = open_window(qtbot, tmp_path)
    watch = play_shared(win, qtbot, game_settings("king", [0, 2], players=4),
                        seed=1, until=deals_done(win, 1))
    assert watch.boards == 1 and watch.peeks > 0


class OrdersLast(Person):
    """Orders «по последней» whenever it may: its last card is then shown to all."""

    def decide(self, view: Any) -> Action:
        if Order("last") in view.legal:
            return Order("last")
        return super().decide(view)


def king_match_before_hvalenka(humans: Sequence[int], seed: int) -> Match:
    """A short 4-player Кинг played by computers up to a хвалёнка ordered by a
    person."""
    options = {"players": 4, "length": "short"}
    match = Match.start("king", options, seats_for(4, humans), seed=seed)
    state = match.state
    specs = schedule(state.options)
    players = [make_player("king", "easy") for _ in range(4)]
    rng = random.Random(seed)
    while True:
        if state.needs_deal:
            if specs[state.deal_index].is_hvalenka and (state.dealer + 1) % 4 in humans:
                return match
            match.deal()
            continue
        seat = state.to_move
        match.apply(players[seat].choose(state.view(seat), state.legal_actions(), rng))


def test_king_hvalenka_three_people(qtbot: Any, tmp_path: Path) -> None:
    """Three people and a computer in a хвалёнка where a person orders «по последней»:
    the last card, shown to all, stays face up through every hand-over."""
    win = open_window(qtbot, tmp_path)
    watch = PrivacyWatch(win)
    win.controller.start_match(king_match_before_hvalenka([0, 1, 3], seed=3))
    shown_at_hand_over: list[Card] = []

    def last_card_stays_shown(seat: int) -> None:
        for owner, card in win.controller.state.public_view(0).face_up:
            assert any(i.card == card and i.face_up for i in win.scene.hands[owner]), \
                f"{card}, shown «по последней», is face down at the hand-over"
            shown_at_hand_over.append(card)

    play(win, qtbot, OrdersLast("king", 3), on_turn=watch.on_turn,
         on_handover=lambda seat: (watch.at_hand_over(seat), last_card_stays_shown(seat)),
         after_take_over=watch.after_take_over, on_board=watch.on_board,
         until=deals_done(win, win.controller.state.deal_index + 1))
    assert watch.problems == []
    assert Order("last") in [a for _, a in win.controller.match.deals[-1].actions]
    assert shown_at_hand_over, "no hand-over while a card was shown «по последней»"
    assert watch.handovers > 5 and watch.boards >= 1


# --- Трефы ------------------------------------------------------------------------------------


def test_clubs_two_people_auction(qtbot: Any, tmp_path: Path) -> None:
    """Two deals of a 4-player auction: the bids on the panel of whoever holds the
    screen, and the table hidden again when the second deal is dealt."""
    win = open_window(qtbot, tmp_path)
    play_shared(win, qtbot, game_settings("clubs", [0, 2], players=4, bidding="auction"),
                seed=2, until=deals_done(win, 2))


def test_clubs_three_people_everyone_bids(qtbot: Any, tmp_path: Path) -> None:
    """Three people and a computer, everyone bids: three hand-overs in the bidding
    alone."""
    win = open_window(qtbot, tmp_path)
    play_shared(win, qtbot, game_settings("clubs", [1, 2, 3], players=4, bidding="everyone"),
                seed=4, until=deals_done(win, 1))


def test_clubs_six_players_three_people(qtbot: Any, tmp_path: Path) -> None:
    """Two decks: a card in a person's hidden hand may have a twin already played —
    only as many copies as are public may be on the table."""
    win = open_window(qtbot, tmp_path)
    humans = [0, 2, 4]
    twins: list[Card] = []

    def count_twins(seat: int) -> None:
        state = win.controller.state
        public = public_cards(state)
        twins.extend(c for h in humans for c in hidden_cards(state, h) if public[c])

    watch = PrivacyWatch(win)
    win.start_game(game_settings("clubs", humans, players=6, bidding="everyone"), seed=49)
    play(win, qtbot, Person("clubs", 49), on_turn=watch.on_turn,
         on_handover=lambda seat: (watch.at_hand_over(seat), count_twins(seat)),
         after_take_over=watch.after_take_over, on_board=watch.on_board,
         until=deals_done(win, 1))
    assert watch.problems == []
    assert watch.handovers > 20 and watch.boards == 1
    assert len(twins) > 10, "no hidden card had a public twin at a hand-over"


# --- Метаморфоза -------------------------------------------------------------------------------


def test_metamorphosis_two_people(qtbot: Any, tmp_path: Path) -> None:
    """A whole партия for two people: declarations, refills from the stock (only the
    drawer may see them) and from the piles (everyone may)."""
    win = open_window(qtbot, tmp_path)
    watch = play_shared(win, qtbot, game_settings("metamorphosis", [0, 1], players=2, partii=1),
                        seed=4)
    assert win.controller.state.is_over
    assert watch.handovers >= 16


def test_metamorphosis_two_people_and_a_computer(qtbot: Any, tmp_path: Path) -> None:
    """Three players, the computer first: it declares and leads while the table is
    concealed."""
    win = open_window(qtbot, tmp_path)
    play_shared(win, qtbot, game_settings("metamorphosis", [1, 2], players=3, partii=1),
                seed=5)
    assert win.controller.state.is_over
    assert win.controller.match.deals[0].actions[0][0] == 0


def test_metamorphosis_three_people(qtbot: Any, tmp_path: Path) -> None:
    """Three people: at the last hand-over of the declarations, two cards lie face
    down, unknown to the third."""
    win = open_window(qtbot, tmp_path)
    face_down: list[int] = []
    watch = PrivacyWatch(win)

    def count_declarations(seat: int) -> None:
        watch.at_hand_over(seat)
        items = furniture_declarations(win)
        if all(not i.face_up and i.card is None for i in items):
            face_down.append(len(items))

    win.start_game(game_settings("metamorphosis", [0, 1, 2], players=3, partii=1), seed=6)
    play(win, qtbot, Person("metamorphosis", 6), on_turn=watch.on_turn,
         on_handover=count_declarations, after_take_over=watch.after_take_over,
         on_board=watch.on_board)
    assert watch.problems == []
    assert win.controller.state.is_over
    assert max(face_down) == 2


# --- one person: no hand-over ------------------------------------------------------------------


def test_one_person_never_sees_the_hand_over(qtbot: Any, tmp_path: Path) -> None:
    """With one human the hand stays visible: no hand-over signal, no panel, the
    table never concealed, through a deal of each game."""
    win = open_window(qtbot, tmp_path)
    handed: list[int] = []
    win.controller.handOver.connect(handed.append)
    steps: list[bool] = []

    def on_step(events: list[Event], view: Any) -> None:
        scene = win.scene
        steps.append(not win.controller.concealed and not scene.concealed
                     and not win.handover.isVisible()
                     and sorted(i.card for i in scene.hands[0]) == sorted(view.hand)
                     and all(i.face_up for i in scene.hands[0]))

    win.controller.stepped.connect(on_step)
    for game, options in (("king", {"players": 3}),
                          ("clubs", {"players": 5, "bidding": "everyone"}),
                          ("metamorphosis", {"players": 2})):
        win.start_game(game_settings(game, [0], **options), seed=7)
        play(win, qtbot, Person(game, 7), until=deals_done(win, 1))
        assert win.board.isVisible()
    assert handed == [] and not win.handover.isVisible()
    assert len(steps) > 100 and all(steps)


# --- at a real pace: nothing shows in the animations either -----------------------------------


def test_nothing_hidden_shows_while_cards_move(qtbot: Any, tmp_path: Path) -> None:
    """Two people in Метаморфоза at the fast pace, through the declarations, a refill
    from the stock and one from the piles: sampled every few milliseconds while the
    cards fly, the table never knows a card beyond the public ones and the hand of
    whoever the table is turned to."""
    win = open_window(qtbot, tmp_path)
    win.set_pace("fast")
    watch = PrivacyWatch(win)
    seen: list[str] = []
    samples = [0, 0]

    def sample() -> None:
        if win.controller.state is None or win.controller.state.needs_deal:
            return
        scene = win.scene
        samples[scene.busy] += 1
        seen.extend(leaks(win, None if scene.concealed else scene.viewer))

    timer = QTimer()
    timer.setInterval(4)
    timer.timeout.connect(sample)
    timer.start()
    win.start_game(game_settings("metamorphosis", [0, 1], players=2, partii=1), seed=4)
    play(win, qtbot, Person("metamorphosis", 4), on_turn=watch.on_turn,
         on_handover=watch.at_hand_over, after_take_over=watch.after_take_over,
         until=lambda: win.controller.state.round >= 3)
    timer.stop()
    assert seen == []
    assert watch.problems == [] and watch.handovers >= 3
    assert samples[True] > 20  # the table was caught moving, many times
    assert watch.refills[True] >= 2 and watch.refills[False] >= 1
