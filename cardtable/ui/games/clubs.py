"""Трефы on the screen: the auction and bidding panels, the bids said aloud, the
contract against the tricks on each plate, the progress to the target, the score
sheet and the New game dialog's words, with the deal limit it suggests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QCoreApplication

from cardtable.cards import CLUBS
from cardtable.engine.actions import PASS, Action, Pass
from cardtable.engine.clubs import ClubsState, ClubsView
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.clubs_events import AuctionWon, BidMade, TurnSkipped
from cardtable.engine.game import Event, IllegalAction, View
from cardtable.engine.match import DealLog
from cardtable.ui import texts
from cardtable.ui.games.base import (
    GamePresenter,
    OptionWords,
    Panel,
    Plate,
    register_presenter,
)
from cardtable.ui.games.hint_words import HintWords, hand_estimate
from cardtable.ui.games.rules_glossary import Term
from cardtable.ui.i18n import QT_TRANSLATE_NOOP
from cardtable.ui.panels import Choice
from cardtable.ui.score_rows import DEAL, TOTAL, SheetData, SheetRow
from cardtable.ui.texts import Texts, fill, game_over_text, points_text, tricks_text

# --- the game's words ------------------------------------------------------------------------


def bid_text(tricks: int | None) -> str:
    """A Трефы bid as it is announced: a number of tricks, or a pass (``None``)."""
    if tricks is None:
        return Texts.tr("Pass")
    return tricks_text(tricks)


def clubs_rule(view: ClubsView, names: Sequence[str], you: int | None = None) -> str:
    """The rule line of a Трефы deal: the auction, or who plays for how many tricks;
    in the everyone form, the bids.  The person at the screen (``you``) is addressed,
    not named («Вы играете 3 взятки»)."""
    if view.phase == "over":
        return game_over_text()
    if view.options.get("bidding") == "everyone":
        if view.phase == "play":
            bids = ", ".join(f"{names[seat]} {tricks}"
                             for seat, tricks in enumerate(view.contracts) if tricks is not None)
            return fill(Texts.tr("Contracts: %1 — clubs are trumps"), bids)
        return fill(Texts.tr("Everyone bids — clubs are trumps; the bids must not add up to %1"),
                    view.hand_size)
    if view.declarer is not None:
        bid = view.contracts[view.declarer] or 0
        if view.declarer == you:
            return Texts.tr("You play for %n trick(s) — clubs are trumps", None, bid)
        return fill(Texts.tr("%1 plays for %n trick(s) — clubs are trumps", None, bid),
                    names[view.declarer])
    if view.high_bid is not None and view.high_seat is not None:
        line = fill(Texts.tr("Auction — highest bid %1 by you"), view.high_bid) \
            if view.high_seat == you else \
            fill(Texts.tr("Auction — highest bid %1 by %2"), view.high_bid,
                 names[view.high_seat])
    else:
        line = Texts.tr("Auction — no bid yet")
    out = [names[s] for s, gone in enumerate(view.passed) if gone]
    if out:
        line = fill(Texts.tr("%1; passed: %2"), line, ", ".join(out))
    return fill(Texts.tr("%1 · clubs are trumps"), line)


# --- the score sheet ---------------------------------------------------------------------------


def _declarer(state: ClubsState, index: int, scores: tuple[int, ...] | None,
              deals: Sequence[DealLog] | None) -> tuple[int | None, int | None]:
    """Who won the auction of deal ``index`` and his contract (None if not known)."""
    if deals is not None and index < len(deals):
        bids = [(seat, a.tricks) for seat, a in deals[index].actions if type(a) is Bid]
        if bids:
            return bids[-1]
    if index == state.deal_index and state.declarer is not None:
        return state.declarer, state.contracts[state.declarer]
    if scores is not None:
        # Only the declarer scores in an auction, and a score is never 0.
        scorers = [seat for seat, pts in enumerate(scores) if pts]
        if len(scorers) == 1:
            return scorers[0], None
    return None, None


def _sheet_label(state: ClubsState, index: int, scores: tuple[int, ...] | None,
                 names: Sequence[str], deals: Sequence[DealLog] | None) -> str:
    if state.options.get("bidding") == "auction":
        seat, contract = _declarer(state, index, scores, deals)
        if seat is not None and contract is not None:
            return fill(QCoreApplication.translate("ScoreSheet", "Deal %1 — %2, contract %3"),
                        index + 1, names[seat], contract)
        if seat is not None:
            return fill(QCoreApplication.translate("ScoreSheet", "Deal %1 — %2"),
                        index + 1, names[seat])
    return fill(QCoreApplication.translate("ScoreSheet", "Deal %1"), index + 1)


# --- the presenter -----------------------------------------------------------------------------

LONG_GAME = QT_TRANSLATE_NOOP(
    "GameOptions", "a game at this table often lasts more than 40 deals")


# --- the hint's words (:mod:`cardtable.ui.games.hint_words` asks the presenter) -----


def _clubs_need(view: View) -> tuple[int, bool] | None:
    """Трефы: the tricks still needed by the contract this seat plays for, and whether
    that contract is its own (False: a defender against the declarer's)."""
    contracts = getattr(view, "contracts", ())
    taken = getattr(view, "tricks_taken", ())
    if not contracts or not taken:
        return None
    own = contracts[view.seat]
    if own is not None:
        return own - taken[view.seat], True
    declarer = getattr(view, "declarer", None)
    if declarer is None or contracts[declarer] is None:
        return None
    return contracts[declarer] - taken[declarer], False


class ClubsPresenter(GamePresenter[ClubsView]):
    GAME = "clubs"
    TITLE = QT_TRANSLATE_NOOP("GameOptions", "Clubs")
    DESCRIPTION = QT_TRANSLATE_NOOP(
        "GameOptions", "2–8 players, clubs trump: take exactly the tricks you bid.")
    OPTION_TEXT: ClassVar[Mapping[str, OptionWords]] = {
        "bidding": OptionWords(QT_TRANSLATE_NOOP("GameOptions", "Bidding")),
        "target": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Play to (points)"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The game ends after the deal in which someone reaches this."),
        ),
        "deals": OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Deal limit"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The game also ends after this many deals; the highest total "
                              "wins."),
        ),
    }
    CHOICE_TEXT: ClassVar[Mapping[tuple[str, Any], OptionWords]] = {
        ("bidding", "auction"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Auction"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "The highest bidder plays the contract; only he scores."),
        ),
        ("bidding", "everyone"): OptionWords(
            QT_TRANSLATE_NOOP("GameOptions", "Everyone bids"),
            QT_TRANSLATE_NOOP("GameOptions",
                              "Each player names his tricks once; every player scores."),
        ),
    }
    OFF_TEXT: ClassVar[Mapping[str, str]] = {
        "deals": QT_TRANSLATE_NOOP("GameOptions", "No limit"),
    }
    SUGGESTIONS: ClassVar[Mapping[str, Mapping[int, tuple[int, str]]]] = {
        "deals": {
            2: (30, QT_TRANSLATE_NOOP(
                "GameOptions", "two players rarely make their exact bid, so the game may "
                               "never end")),
            **{n: (40, LONG_GAME) for n in range(4, 9)},
        },
    }
    """Measured with ``simulate``: the median game of normal players (see the README).
    Where the game would otherwise never end (two players) the suggestion is filled in;
    elsewhere it is offered with a link."""
    FILLED_IN: ClassVar[Mapping[str, frozenset[int]]] = {"deals": frozenset({2})}

    GLOSSARY: ClassVar[tuple[Term, ...]] = (
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "Clubs"),
             QT_TRANSLATE_NOOP("RulesGlossary", "Трефы"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "The game of exact bids with clubs as trumps."),
             "clubs"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "auction"),
             QT_TRANSLATE_NOOP("RulesGlossary", "торговля"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "Bidding in turn until the highest bid is left; its bidder "
                               "plays the contract."),
             "clubs"),
        Term(QT_TRANSLATE_NOOP("RulesGlossary", "everyone bids"),
             QT_TRANSLATE_NOOP("RulesGlossary", "заказывают все"),
             QT_TRANSLATE_NOOP("RulesGlossary",
                               "Each player names his tricks once, and everyone scores."),
             "clubs"),
    )
    """The game's own terms for the rules window's Glossary tab."""

    def rule_html(self, view: ClubsView) -> str:
        target, limit = view.options.get("target", 0), view.options.get("deals", 0)
        number = self.shown_number(view)
        goal = points_text(target)
        head = fill(ClubsPresenter.tr("Deal %1 of %2 · playing to %3"), number, limit, goal) \
            if limit else fill(ClubsPresenter.tr("Deal %1 · playing to %2"), number, goal)
        return self.rule(head + self._leader(view), clubs_rule(view, self.names, self.you))

    def _leader(self, view: ClubsView) -> str:
        """The game's progress: who is first, with how many points (nothing while
        nobody is above zero, or when more than two share the lead: no leader to speak
        of).  Said as being first, not as leading, which at a card table means playing
        the first card of a trick."""
        best = max(view.totals)
        leaders = [i for i, t in enumerate(view.totals) if t == best]
        if best <= 0 or len(leaders) > 2:
            return ""
        points = points_text(best)
        if leaders == [self.you]:
            return " · " + fill(ClubsPresenter.tr("you are first with %1"), points)
        if len(leaders) == 1:
            return " · " + fill(ClubsPresenter.tr("%1 is first with %2"),
                                self.names[leaders[0]], points)
        if self.you in leaders:
            other = next(i for i in leaders if i != self.you)
            return " · " + fill(ClubsPresenter.tr("you and %1 share first place with %2"),
                                self.names[other], points)
        return " · " + fill(ClubsPresenter.tr("%1 and %2 share first place with %3"),
                            self.names[leaders[0]], self.names[leaders[1]], points)

    def deal_over_scores(self, view: ClubsView) -> str:
        """Each seat's score, and for a contract the tricks taken against it («Аня 3 из 3:
        +13»)."""
        parts = []
        for seat, name in enumerate(self.names):
            score = texts.signed(view.deal_scores[-1][seat], plus=True)
            contract = view.contracts[seat]
            if contract is None:
                parts.append(f"{name} {score}")
            else:
                parts.append(fill(ClubsPresenter.tr("%1 %2 of %3: %4"), name,
                                  view.tricks_taken[seat], contract, score))
        return " · ".join(parts)

    def plate(self, view: ClubsView, seat: int) -> Plate:
        """This deal's tricks against the contract; the bid or pass in the auction; a
        skipped turn while its trick lasts."""
        contract = view.contracts[seat]
        line = ""
        if view.phase == "play":
            taken = view.tricks_taken[seat]
            line = tricks_text(taken) if contract is None else fill(
                ClubsPresenter.tr("%1 of %2"), taken, contract)
        note = ""
        if view.phase == "auction":
            said = [t for s, t in view.bids if s == seat]
            if said:
                note = ClubsPresenter.tr("pass") if said[-1] is None \
                    else fill(ClubsPresenter.tr("bid %1"), said[-1])
        elif view.phase == "bidding" and contract is not None:
            note = fill(ClubsPresenter.tr("bid %1"), contract)
        elif view.phase == "play" and seat in view.skipped:
            note = ClubsPresenter.tr("skips this trick")
        return Plate(line, self.total_text(view, seat), note)

    def panel(self, view: ClubsView) -> Panel:
        """Every number of tricks from 0 to the hand size, those that may not be bid now
        disabled with the reason; and «пас» where it is allowed."""
        if view.phase not in ("auction", "bidding"):
            return super().panel(view)
        legal: list[Action] = list(view.legal)
        bids = {a.tricks for a in legal if type(a) is Bid}
        choices = []
        for k in range(view.hand_size + 1):
            tip = ""
            if k not in bids:
                if view.forbidden_bid == k:
                    tip = fill(ClubsPresenter.tr(
                        "The dealer may not bid %1: the bids would add up to %2 tricks."),
                        k, view.hand_size)
                elif view.high_bid is not None and k <= view.high_bid:
                    tip = fill(ClubsPresenter.tr("A bid must be above the highest bid, %1."),
                               view.high_bid)
            choices.append(Choice(str(k), Bid(k), enabled=k in bids, tooltip=tip))
        can_pass = any(type(a) is Pass for a in legal)
        if can_pass:
            choices.append(Choice(ClubsPresenter.tr("Pass"), PASS, accent=True))
        parts = []
        if view.phase == "auction":
            if view.high_bid is not None and view.high_seat is not None:
                parts.append(fill(ClubsPresenter.tr("Highest bid: %1 (%2)."), view.high_bid,
                                  self.names[view.high_seat]))
            else:
                parts.append(ClubsPresenter.tr("No bid yet."))
            out = [self.names[s] for s, gone in enumerate(view.passed) if gone]
            if out:
                parts.append(fill(ClubsPresenter.tr("Passed: %1."), ", ".join(out)))
            if not can_pass:
                parts.append(ClubsPresenter.tr("Everyone else has passed: you must bid."))
            parts.append(ClubsPresenter.tr("Bid the exact number of tricks you will take "
                                           "with clubs as trumps, or pass."))
        else:
            named = [f"{self.names[s]} {c}" for s, c in enumerate(view.contracts)
                     if c is not None]
            if named:
                parts.append(fill(ClubsPresenter.tr("Bids so far: %1."), ", ".join(named)))
            parts.append(ClubsPresenter.tr("Name the exact number of tricks you will take."))
            if view.forbidden_bid is not None:
                parts.append(fill(ClubsPresenter.tr(
                    "You deal, so you may not bid %1: the bids must not add up to %2."),
                    view.forbidden_bid, view.hand_size))
        return Panel(ClubsPresenter.tr("Your bid"), " ".join(parts), choices, 7)

    @classmethod
    def illegal_reason(cls, exc: IllegalAction) -> str:
        p = exc.params
        code = exc.code
        if code == "bid_too_low":
            return fill(Texts.tr("Your bid must be higher than %1."), p["high"])
        if code == "malformed_bid":
            return Texts.tr("A bid is a whole number of tricks.")
        if code == "bid_too_high":
            return Texts.tr("You cannot bid more than the %n trick(s) of the deal.", None,
                            p["high"])
        if code == "must_bid":
            return Texts.tr("Everyone else has passed without a bid: you must bid.")
        if code == "forbidden_sum":
            return fill(Texts.tr("The dealer may not bid %1: the bids would add up to the %2 "
                                 "tricks of the deal."), p["tricks"], p["total"])
        if code == "duplicate_in_trick":
            return Texts.tr("The same card from the other deck is already in this trick.")
        return super().illegal_reason(exc)

    @classmethod
    def wrong_action_reason(cls, expected: str) -> str:
        if expected.startswith("a bid"):
            return Texts.tr("It is time to bid or pass.")
        if expected.startswith("a number of tricks"):
            return Texts.tr("Name a number of tricks: there is no passing in this form.")
        return super().wrong_action_reason(expected)

    def closes_round(self, event: Event) -> bool:
        return type(event) is AuctionWon

    def announce(self, event: Event) -> tuple[int, str] | None:
        if type(event) is BidMade:
            return event.seat, bid_text(event.tricks)
        if type(event) is AuctionWon:
            return event.seat, fill(ClubsPresenter.tr("Contract: %1"),
                                    tricks_text(event.tricks))
        if type(event) is TurnSkipped:
            return event.seat, ClubsPresenter.tr(
                "Skips: every card in hand is already in this trick")
        return None

    def last_trick_caption(self, view: ClubsView) -> str:
        caption = super().last_trick_caption(view)
        tricks = view.completed_tricks()
        if tricks and tricks[-1].skipped:
            caption = fill(ClubsPresenter.tr("%1 — skipped: %2"), caption,
                           ", ".join(self.names[s] for s in tricks[-1].skipped))
        return caption

    def move_text(self, view: ClubsView, action: Action) -> str:
        if type(action) is Bid:
            return fill(Texts.tr("bid %1"), action.tricks)
        return super().move_text(view, action)

    def _sheet(self, state: Any, deals: Sequence[DealLog] | None) -> SheetData:
        if not isinstance(state, ClubsState):
            raise ValueError(f"not a game of {self.GAME}: {type(state).__name__}")
        rows = [SheetRow(_sheet_label(state, i, tuple(s), self.names, deals), tuple(s), DEAL)
                for i, s in enumerate(state.deal_scores)]
        current = None
        if not state.is_over and not state.needs_deal:
            current = len(rows)
            rows.append(SheetRow(_sheet_label(state, state.deal_index, None, self.names, deals),
                                 None, DEAL))
        limit = state.options.get("deals", 0)
        total = fill(QCoreApplication.translate("ScoreSheet",
                                                "Total (to %1; at most %2 deals)"),
                     state.options["target"], limit) if limit else \
            fill(QCoreApplication.translate("ScoreSheet", "Total (to %1)"),
                 state.options["target"])
        rows.append(SheetRow(total, tuple(state.totals), TOTAL))
        return SheetData(tuple(self.names), tuple(rows), self.title(),
                         QCoreApplication.translate("ScoreSheet", "Deal"), current=current)

    # --- the hint's words ---------------------------------------------------------------------

    @classmethod
    def hint_wants_tricks(cls, view: View) -> bool:
        need = _clubs_need(view)
        return need is None or need[0] > 0

    @classmethod
    def hint_take_reason(cls, view: View, name: str) -> str | None:
        need = _clubs_need(view)
        if need is None or need[0] <= 0:
            return None
        if need[1]:
            return fill(HintWords.tr("take the trick with %1: your contract needs %n more "
                                     "trick(s)", None, need[0]), name)
        return fill(HintWords.tr("take the trick with %1: keep it from the declarer, who "
                                 "needs %n more trick(s)", None, need[0]), name)

    @classmethod
    def hint_choice_reason(cls, view: View, action: Action,
                           hand: Sequence[int]) -> str | None:
        estimate = hand_estimate(hand, CLUBS)
        if type(action) is Bid:
            forbidden = getattr(view, "forbidden_bid", None)
            if forbidden is not None and forbidden == estimate and action.tricks != estimate:
                return HintWords.tr("as the dealer you may not bid %n", None, forbidden)
            return HintWords.tr("your aces, kings and clubs should take about %n trick(s)",
                                None, estimate)
        if type(action) is Pass:
            high = getattr(view, "high_bid", None)
            if high is not None:
                return fill(HintWords.tr("your cards should take about %n trick(s), and "
                                         "the bid is already %1", None, estimate), high)
            return HintWords.tr("your cards should take about %n trick(s)", None, estimate)
        return None


register_presenter(ClubsPresenter)
