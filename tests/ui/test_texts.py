"""The game words of the interface (``cardtable.ui.texts``).

English is the source language, so the tests read English text and check structure:
every deal, contract and refusal has its own words, the numbers in a rule are the
ones for the options, counts take Qt's numerus path, and every string is one that
``lupdate`` can extract for the translators.  Russian wording is the translators'
(the catalogue is merged separately), so no test here asserts Russian text.
"""

from __future__ import annotations

import itertools
import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from cardtable.ai import make_player
from cardtable.cards import CARDS
from cardtable.engine import get_game
from cardtable.engine.actions import PASS, PLAY, Action
from cardtable.engine.clubs_actions import Bid
from cardtable.engine.game import GameState, IllegalAction
from cardtable.engine.king import (
    CONTRACTS,
    KING_GAME,
    PENALTY_UNITS,
    TRICK_VALUE,
    DealSpec,
    KingView,
    boys_rule,
    schedule,
)
from cardtable.engine.king_actions import Buy, Order
from cardtable.engine.match import Match, Seat
from cardtable.engine.metamorphosis_actions import Declare
from cardtable.ui import texts
from cardtable.ui.games import GAME_ORDER, presenter_class
from cardtable.ui.games import clubs as clubs_words
from cardtable.ui.games import king as king_words
from cardtable.ui.games import metamorphosis as meta_words

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "cardtable" / "engine"
UI = REPO / "cardtable" / "ui"
WORD_SOURCES = [UI / "texts.py", *sorted((UI / "games").glob("*.py"))]
"""Where the ``Texts`` words are written: the shared ones and each game's."""
NAMES = ("Аня", "Борис", "Вика", "Григорий", "Дина", "Егор", "Жанна", "Зоя")


class RecordingTranslator(QTranslator):
    """Records every lookup; with ``mark``, wraps the source in ⟦ ⟧ so a test can
    see that a text went through the catalogue at all."""

    def __init__(self, mark: bool = False) -> None:
        super().__init__()
        self.mark = mark
        self.calls: list[tuple[str, str, int]] = []

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        self.calls.append((context, source, n))
        return f"⟦{source}⟧" if self.mark else ""

    def isEmpty(self) -> bool:
        return False


# Every test starts and ends with no catalogue installed: the English source.
pytestmark = pytest.mark.usefixtures("no_translators")


@pytest.fixture
def recorder(qapp: QApplication) -> Iterator[RecordingTranslator]:
    translator = RecordingTranslator()
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


@pytest.fixture
def marker(qapp: QApplication) -> Iterator[RecordingTranslator]:
    translator = RecordingTranslator(mark=True)
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


# --- what the texts are checked against ----------------------------------------------------


def king_option_sets() -> list[dict[str, Any]]:
    """Every valid combination of the options that change a deal's name or rule."""
    out = []
    for players, length, stage2, boys in itertools.product(
            (3, 4), ("full", "short"), ("hvalenki", "hvalenki_reverse_eralash", "positive"),
            ("jacks", "jacks_kings")):
        if length == "short" and stage2 == "hvalenki_reverse_eralash":
            continue
        out.append(KING_GAME.check_options({"players": players, "length": length,
                                            "stage2": stage2, "boys": boys}))
        if length == "full":  # the K♥ rule in ералаш (a short game has no ералаш)
            out.append(KING_GAME.check_options({"players": players, "length": length,
                                                "stage2": stage2, "boys": boys,
                                                "eralash_king": True}))
    return out


def expected_numbers(spec: DealSpec, options: dict[str, Any]) -> list[int]:
    """The points a deal's rule must state, straight from the engine's tables."""
    n = options["players"]
    if spec.is_hvalenka:
        return [TRICK_VALUE[n]]
    unit = PENALTY_UNITS[n]
    boys = boys_rule(options["boys"], n)[1]
    if spec.key == "eralash":
        return [unit["tricks"], unit["hearts"], boys, unit["girls"], unit["king"],
                unit["last_two"]]
    return [boys if spec.key == "boys" else unit[spec.key]]


def engine_codes() -> set[str]:
    """Every IllegalAction code any engine raises, read from the source, so that a
    new code without a text fails these tests."""
    pattern = re.compile(r'IllegalAction\(\s*"([a-z_]+)"')
    return {code for path in ENGINE.glob("*.py") for code in pattern.findall(path.read_text())}


def expected_prefixes() -> set[str]:
    """What the engines say they expected when refusing a wrong kind of action."""
    pattern = re.compile(r'_wrong\(\s*action,\s*"([^"]+)"')
    return {p for path in ENGINE.glob("*.py") for p in pattern.findall(path.read_text())}


CANDIDATES: tuple[Action, ...] = (
    *PLAY, PASS, *(Bid(k) for k in range(20)), *(Buy(k) for k in range(12)),
    *(Order(c) for c in (*CONTRACTS, "bogus")), *(Declare(v) for v in ("A", "2", "3", "4", "5")),
)
"""Actions of every kind, legal or not somewhere."""


def refusals(state: GameState) -> list[IllegalAction]:
    """Every refusal the state gives to the candidate actions that are not legal now."""
    legal = set(state.legal_actions())
    out = []
    trial = state.clone()
    for action in CANDIDATES:
        if action in legal:
            continue
        try:
            trial.apply(action)
        except IllegalAction as exc:
            out.append(exc)
        else:  # pragma: no cover - the engine accepted an action it did not list
            pytest.fail(f"{action} was accepted but not among the legal actions")
    return out


def fuzz(game: str, options: dict[str, Any], seed: int, max_deals: int,
         lowest: bool = False) -> list[IllegalAction]:
    """Play a game and collect every refusal along the way — real codes with real
    parameters, including before the first deal and after the end.  Random players
    choose, or with ``lowest`` everyone takes the first legal action: a pass when
    allowed, else the lowest bid (to reach «must bid» and the dealer's forbidden sum)."""
    checked = get_game(game).check_options(options)
    n = checked["players"]
    match = Match.start(game, checked, [Seat(NAMES[i]) for i in range(n)], seed=seed)
    player = make_player(game, "random")
    state = match.state
    rng = random.Random(seed)
    found = refusals(state)
    while not state.is_over and state.deal_index < max_deals:
        if state.needs_deal:
            match.deal()
            continue
        found += refusals(state)
        legal = state.legal_actions()
        if lowest:
            action: Action = legal[0]
        else:
            action = player.choose(state.view(state.to_move), legal, rng)
        match.apply(action)
    found += refusals(state)
    return found


@pytest.fixture(scope="module")
def real_refusals() -> list[IllegalAction]:
    found = fuzz("king", {"players": 4, "must_trump": True}, seed=11, max_deals=99)
    found += fuzz("king", {"players": 3, "length": "short"}, seed=12, max_deals=99)
    found += fuzz("clubs", {"players": 6}, seed=13, max_deals=2)
    found += fuzz("clubs", {"players": 3}, seed=13, max_deals=1, lowest=True)
    found += fuzz("clubs", {"players": 4, "bidding": "everyone"}, seed=14, max_deals=1,
                  lowest=True)
    found += fuzz("metamorphosis", {"players": 2}, seed=15, max_deals=1)
    found.append(forged_bid_refusal())
    return found


def forged_bid_refusal() -> IllegalAction:
    """A bid of 2.5 tricks, built past the action's own check: the engine refuses it."""
    state = get_game("clubs").new({"players": 3}, 0)
    state.deal(state.random_layout(random.Random(5)))
    bid = object.__new__(Bid)
    object.__setattr__(bid, "tricks", 2.5)
    try:
        state.apply(bid)
    except IllegalAction as exc:
        return exc
    raise AssertionError("a bid of 2.5 tricks was accepted")


def lrelease() -> str:
    found = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))
    found = found or shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease not found; it comes with PySide6"
    return found


# --- Кинг ------------------------------------------------------------------------------------


def test_every_king_deal_has_a_name_and_a_rule_with_its_numbers() -> None:
    for options in king_option_sets():
        for spec in schedule(options):
            name = king_words.deal_name(spec, options)
            rule = king_words.deal_rule(spec, options)
            assert name.strip(), spec
            assert rule.startswith(name + " — "), (spec, rule)
            numbers = [int(x) for x in re.findall(r"\d+", rule[len(name):])]
            for number in expected_numbers(spec, options):
                assert number in numbers, (spec, options, rule)
            if spec.heart_lead_restricted:
                assert "do not lead hearts" in rule, rule
            if spec.forced_kh:
                assert "play it" in rule or "play the King of Hearts" in rule, rule


def test_king_rules_in_the_games_own_words() -> None:
    four = KING_GAME.check_options({"players": 4})
    three = KING_GAME.check_options({"players": 3, "boys": "jacks_kings"})
    hearts4 = schedule(four)[1]
    hearts3 = schedule(three)[1]
    assert king_words.deal_rule(hearts4, four) == (
        "No hearts — 2 points per heart taken; do not lead hearts")
    assert king_words.deal_rule(hearts3, three) == (
        "No hearts — 5 points per heart taken; do not lead hearts")
    assert king_words.deal_rule(schedule(three)[2], three) == (
        "No boys — 5 points per jack or king taken")
    assert king_words.deal_rule(schedule(four)[2], four) == "No boys — 4 points per jack taken"
    assert king_words.deal_name(schedule(four)[-1], four) == "Khvalyonka (ordered deal)"


def test_eralash_says_the_king_of_hearts_rule_only_with_the_option() -> None:
    off = KING_GAME.check_options({"players": 4})
    on = KING_GAME.check_options({"players": 4, "eralash_king": True})
    assert "King of Hearts" not in king_words.deal_rule(schedule(off)[6], off).split(";")[-1]
    rule = king_words.deal_rule(schedule(on)[6], on)
    assert rule.endswith("; do not lead hearts; if you cannot follow suit, play the King of "
                         "Hearts")


def test_king_deal_names_are_distinct_and_plus_deals_differ() -> None:
    for options in king_option_sets():
        named = {(s.key, s.sign): king_words.deal_name(s, options) for s in schedule(options)}
        assert len(set(named.values())) == len(named), named
    positive = KING_GAME.check_options({"stage2": "positive"})
    reverse = KING_GAME.check_options({"stage2": "hvalenki_reverse_eralash"})
    assert king_words.deal_name(schedule(positive)[-1], positive) == "Take everything"
    assert king_words.deal_name(schedule(reverse)[-1], reverse).startswith("Reverse eralash")


def test_contract_names() -> None:
    names = [king_words.contract_name(c) for c in CONTRACTS]
    assert all(names) and len(set(names)) == len(CONTRACTS)
    assert king_words.contract_name("trump:H") == "trumps: hearts"
    assert king_words.contract_name("notrump") == "no trumps"


def hvalenka_view(**changes: Any) -> KingView:
    """The view of a хвалёнка being ordered, changed as the test needs."""
    state = KING_GAME.new({"players": 4, "length": "short"}, first_dealer=3)
    rng = random.Random(1)
    while not state.schedule[state.deal_index].is_hvalenka or state.needs_deal:
        if state.needs_deal:
            state.deal(state.random_layout(rng))
        else:
            state.apply(random.Random(2).choice(list(state.legal_actions())))
    view = state.view(state.to_move)
    return replace(view, **changes)


def test_hvalenka_rule_names_the_contract_the_value_and_the_players() -> None:
    names = NAMES[:4]
    view = hvalenka_view()
    orderer = names[view.orderer]
    assert king_words.hvalenka_rule(view, names) == (
        f"Khvalyonka — 3 points per trick; {orderer} orders")
    played = replace(view, phase="play", contract="trump:H", ordered="trump:H", trump=1)
    assert king_words.hvalenka_rule(played, names) == (
        f"Khvalyonka, trumps: hearts — 3 points per trick; ordered by {orderer}")
    buyer = (view.orderer + 1) % 4
    bought = replace(played, buyer=buyer, price=2, contract="misere", trump=None, misere=True)
    line = king_words.hvalenka_rule(bought, names)
    assert f"bought by {names[buyer]} for 2 tricks" in line
    assert "misère" in line and "7" in line
    last = replace(played, contract="last", trump=2)
    assert "by the last card" in king_words.hvalenka_rule(last, names)
    assert "diamonds" in king_words.hvalenka_rule(last, names)
    split = replace(view, contract="split", phase="deal")
    assert "2 tricks" in king_words.hvalenka_rule(split, names)
    three = replace(split, n=3)
    assert "4 tricks to " + orderer in king_words.hvalenka_rule(three, names)
    strict = replace(played, options={**played.options, "must_trump": True})
    assert king_words.hvalenka_rule(strict, names).endswith("play a trump")
    choosing = replace(bought, phase="buyer_order")
    assert king_words.hvalenka_rule(choosing, names) == (
        f"Khvalyonka — 3 points per trick; {names[buyer]} orders; bought for 2 tricks")


def test_stage_names() -> None:
    assert king_words.stage_name(1) == "Penalty stage"
    assert king_words.stage_name(2) == "Positive stage"


# --- Трефы and Метаморфоза ---------------------------------------------------------------------


def clubs_view(options: dict[str, Any]) -> Any:
    state = get_game("clubs").new(options, first_dealer=0)
    state.deal(state.random_layout(random.Random(5)))
    return state.view(0)


def test_clubs_rule() -> None:
    names = NAMES[:4]
    view = clubs_view({"players": 4})
    assert "clubs are trumps" in clubs_words.clubs_rule(view, names)
    won = replace(view, phase="play", declarer=2, contracts=(None, None, 5, None))
    assert clubs_words.clubs_rule(won, names) == "Вика plays for 5 tricks — clubs are trumps"
    one = replace(won, contracts=(None, None, 1, None))
    assert clubs_words.clubs_rule(one, names) == "Вика plays for 1 trick — clubs are trumps"
    everyone = clubs_view({"players": 4, "bidding": "everyone"})
    assert "13" in clubs_words.clubs_rule(everyone, names)
    bid = replace(everyone, phase="play", contracts=(3, 0, 5, 4))
    assert clubs_words.clubs_rule(bid, names) == (
        "Contracts: Аня 3, Борис 0, Вика 5, Григорий 4 — clubs are trumps")
    assert clubs_words.bid_text(None) == "Pass"
    assert clubs_words.bid_text(0) == "0 tricks"


def test_clubs_auction_line_names_the_highest_bid_and_who_passed() -> None:
    names = NAMES[:4]
    view = clubs_view({"players": 4})
    assert clubs_words.clubs_rule(view, names) == "Auction — no bid yet · clubs are trumps"
    bidding = replace(view, high_bid=5, high_seat=2, passed=(False, True, False, True))
    assert clubs_words.clubs_rule(bidding, names) == (
        "Auction — highest bid 5 by Вика; passed: Борис, Григорий · clubs are trumps")


def test_kind_text_says_the_scoring_and_the_trumps() -> None:
    assert meta_words.kind_text("2") == "Two: −4 per spade, no trumps"
    assert meta_words.kind_text("4") == "Four: +4 per heart, diamonds are trumps"


def test_round_rule_for_every_round() -> None:
    state = get_game("metamorphosis").new({"players": 2}, first_dealer=0)
    rng = random.Random(3)
    state.deal(state.random_layout(rng))
    assert meta_words.round_rule(state.view(0)).startswith("Game 1 of 1 — declare")
    seen = {}
    while not state.is_over:
        view = state.view(state.to_move)
        if view.phase == "play":
            seen[view.round] = meta_words.round_rule(view)
        state.apply(rng.choice(list(state.legal_actions())))
    assert sorted(seen) == list(range(1, 17))
    assert seen[6] == "Rozygrysh 6 of 16 — Two: −4 per spade, no trumps"
    assert seen[1] == "Rozygrysh 1 of 16 — Ace: −4 per club, no trumps"
    assert seen[3] == "Rozygrysh 3 of 16 — Three: −1 per card, no trumps"
    assert seen[8] == "Rozygrysh 8 of 16 — Four: +4 per heart, diamonds are trumps"
    assert meta_words.round_rule(state.view(0)) == "The game is over"


def test_round_rule_with_the_turned_card_as_trump() -> None:
    state = get_game("metamorphosis").new({"players": 3, "turned_trump": True}, first_dealer=1)
    rng = random.Random(4)
    state.deal(state.random_layout(rng))
    while state.phase != "play":
        state.apply(rng.choice(list(state.legal_actions())))
    suit = texts.suit_name(state.view(0).turned_card.suit)
    assert meta_words.round_rule(state.view(0)) == (
        f"Rozygrysh 1 of 12 — Ace: −4 per club, {suit} are trumps")


def test_declaration_names() -> None:
    assert [texts.declaration_name(v) for v in "A234"] == ["Ace", "Two", "Three", "Four"]


# --- refused actions -----------------------------------------------------------------------


def test_the_engine_scan_finds_the_codes() -> None:
    codes = engine_codes()
    assert {"must_follow", "no_heart_lead", "must_play_kh", "must_trump", "not_in_hand",
            "price_out_of_range", "wrong_action", "bid_too_low", "bid_too_high",
            "must_bid", "forbidden_sum", "duplicate_in_trick", "declaration_taken",
            "no_such_declaration", "game_over", "no_deal"} <= codes


def test_every_code_has_its_own_reason() -> None:
    params = {"suit": 0, "card": CARDS[0], "seat": 0, "low": 2, "high": 8, "tricks": 3,
              "total": 13, "value": "A", "expected": "a card to play"}
    reasons = {}
    for code in sorted(engine_codes()):
        exc = IllegalAction(code, "ENGINE MESSAGE", **params)
        reason = texts.illegal_reason(exc)
        assert reason and reason != exc.message, code
        assert "%" not in reason, reason
        reasons[code] = reason
    assert len(set(reasons.values())) == len(reasons), reasons
    unknown = IllegalAction("no_such_code", "the engine's own words")
    assert texts.illegal_reason(unknown) == "the engine's own words"


def test_every_code_goes_through_the_catalogue(marker: RecordingTranslator) -> None:
    params = {"suit": 1, "low": 9, "high": 8, "tricks": 3, "total": 13, "value": "2",
              "expected": "???"}
    for code in engine_codes():
        reason = texts.illegal_reason(IllegalAction(code, "msg", **params))
        assert "⟦" in reason, code
    # Qt's own lookups (contexts named after Qt classes, e.g. QPlatformTheme for the
    # standard buttons of a window still open) may pass through the translator too
    ours = {context for context, source, _ in marker.calls
            if not source.startswith("QT_") and not context.startswith("Q")}
    assert ours == {"Texts"}


def test_every_kind_of_wrong_action_is_told_apart() -> None:
    generic = texts.illegal_reason(IllegalAction("wrong_action", "", expected="?"))
    prefixes = expected_prefixes()
    assert len(prefixes) >= 6
    reasons = {texts.illegal_reason(IllegalAction("wrong_action", "", expected=p))
               for p in prefixes}
    assert generic not in reasons


def test_reasons_for_real_refusals(real_refusals: list[IllegalAction]) -> None:
    """Every code the engines raise, with the parameters they really give, turns
    into a finished sentence of its own (no placeholder left, no engine English)."""
    assert {exc.code for exc in real_refusals} == engine_codes()
    for exc in real_refusals:
        reason = texts.illegal_reason(exc)
        assert reason and reason != exc.message, exc.code
        assert "%" not in reason, reason
    follow = next(e for e in real_refusals if e.code == "must_follow")
    assert texts.illegal_reason(follow) == (
        f"You must follow suit: {texts.suit_name(follow.params['suit'])}.")


# --- counts and small words ----------------------------------------------------------------


def test_numerus_in_english() -> None:
    assert [texts.tricks_text(n) for n in (0, 1, 2, 5, 21)] == [
        "0 tricks", "1 trick", "2 tricks", "5 tricks", "21 tricks"]
    assert [texts.points_text(n) for n in (1, 16, -1, -16, 0)] == [
        "1 point", "16 points", "−1 point", "−16 points", "0 points"]


def test_counts_use_the_numerus_form(recorder: RecordingTranslator) -> None:
    texts.tricks_text(5)
    texts.points_text(-16)
    assert ("Texts", "%n trick(s)", 5) in recorder.calls
    # Qt fills %n only for n >= 0, so a negative count is looked up by its size.
    assert ("Texts", "%n point(s)", 16) in recorder.calls


def test_three_plural_forms_reach_the_screen(qapp: QApplication, tmp_path: Path) -> None:
    """A catalogue with three forms (as Russian has) picks them by Russian rules;
    the forms here are placeholders, the real words are the translators'."""
    ts = tmp_path / "plural_ru.ts"
    ts.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
        '<TS version="2.1" language="ru_RU" sourcelanguage="en"><context><name>Texts</name>'
        + "".join(
            f'<message numerus="yes"><source>{src}</source><translation>'
            + "".join(f"<numerusform>{form}%n</numerusform>" for form in ("one:", "few:",
                                                                          "many:"))
            + "</translation></message>"
            for src in ("%n trick(s)", "%n point(s)"))
        + "</context></TS>\n", encoding="utf-8")
    qm = tmp_path / "plural_ru.qm"
    subprocess.run([lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)
    translator = QTranslator(qapp)
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    try:
        assert [texts.tricks_text(n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
            "one:1", "few:2", "many:5", "many:11", "one:21", "few:22", "many:25"]
        assert texts.points_text(-21) == "one:−21"
        assert texts.points_text(-5) == "many:−5"
    finally:
        qapp.removeTranslator(translator)


def test_small_words() -> None:
    assert [texts.suit_name(s) for s in range(4)] == ["spades", "hearts", "diamonds", "clubs"]
    assert [texts.level_name(x) for x in ("easy", "normal", "hard", "random")] == [
        "Easy", "Normal", "Hard", "Random"]
    assert [presenter_class(g).title() for g in ("king", "clubs", "metamorphosis")] == [
        "King", "Clubs", "Metamorphosis"]
    descriptions = [presenter_class(g).description() for g in GAME_ORDER]
    assert all(descriptions) and len(set(descriptions)) == 3
    assert texts.signed(-4) == "−4" and texts.signed(4, plus=True) == "+4"
    assert texts.fill("%1 and %2", "%2", "x") == "%2 and x"


# --- the catalogue can hold every string ---------------------------------------------------


def every_text(real_refusals: list[IllegalAction]) -> None:
    """Call every text function with every kind of input."""
    names = NAMES[:4]
    texts.dont_save_text()
    for options in king_option_sets():
        for spec in schedule(options):
            king_words.deal_rule(spec, options)
    for contract in CONTRACTS:
        king_words.contract_name(contract)
    view = hvalenka_view()
    played = replace(view, phase="play", contract="last", trump=0,
                     options={**view.options, "must_trump": True})
    for v in (view, played, replace(played, contract="misere", buyer=1, price=3),
              replace(played, contract="split"), replace(played, contract="split", n=3),
              replace(played, phase="buyer_order", buyer=2)):
        for you in (None, 0, 1, 2, 3):  # the person at the screen ordering, buying or not
            king_words.hvalenka_rule(v, names, you)
    for options in ({"players": 4}, {"players": 4, "bidding": "everyone"}):
        cv = clubs_view(options)
        for v in (cv, replace(cv, phase="play", declarer=1, contracts=(None, 4, None, None)),
                  replace(cv, high_bid=3, high_seat=1, passed=(True, False, False, False)),
                  replace(cv, phase="over")):
            for you in (None, 1):
                clubs_words.clubs_rule(v, names, you)
    for exc in real_refusals:
        texts.illegal_reason(exc)
    for prefix in (*expected_prefixes(), "?"):
        texts.illegal_reason(IllegalAction("wrong_action", "", expected=prefix))
    for code, params in (("price_out_of_range", {"low": 2, "high": 8}),
                         ("price_out_of_range", {"low": 9, "high": 8})):
        texts.illegal_reason(IllegalAction(code, "", **params))
    state = get_game("metamorphosis").new({"players": 2}, first_dealer=0)
    rng = random.Random(6)
    state.deal(state.random_layout(rng))
    while not state.is_over:
        meta_words.round_rule(state.view(0))
        state.apply(rng.choice(list(state.legal_actions())))
    meta_words.round_rule(state.view(0))
    for n in (0, 1, 5, -3):
        texts.tricks_text(abs(n))
        texts.cards_text(abs(n))
        texts.points_text(n)
    clubs_words.bid_text(None)
    for value in "A234":
        texts.declaration_name(value)
        meta_words.kind_text(value)
    for game in GAME_ORDER:
        presenter_class(game).title()
        presenter_class(game).description()
    king, clubs = king_words.KingPresenter(names), clubs_words.ClubsPresenter(names)
    meta = meta_words.MetamorphosisPresenter(names[:2])
    for action in (Buy(2), Order("notrump"), PASS):
        king.hint_text(view, action)
    clubs.hint_text(clubs_view({"players": 4}), Bid(3))
    meta_view = get_game("metamorphosis").new({"players": 2}, first_dealer=0).view(0)
    meta.hint_text(meta_view, Declare("A"))
    for level in ("easy", "normal", "hard", "random"):
        texts.level_name(level)
    for suit in range(4):
        texts.suit_name(suit)
    for card in range(52):
        texts.card_words(card)
    king_words.stage_name(1)
    king_words.stage_name(2)


def test_lupdate_extracts_every_string(recorder: RecordingTranslator, tmp_path: Path,
                                       real_refusals: list[IllegalAction]) -> None:
    """Each text is a literal in a translate call, so ``make update-translations``
    puts it in the catalogue; counted texts are marked numerus there."""
    lupdate = shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent))
    lupdate = lupdate or shutil.which("pyside6-lupdate")
    assert lupdate, "pyside6-lupdate not found; it comes with PySide6"
    every_text(real_refusals)
    out = tmp_path / "texts.ts"
    subprocess.run([lupdate, "-silent", "-locations", "none", *map(str, WORD_SOURCES), "-ts",
                    str(out)],
                   check=True)
    extracted = {}
    for context in ET.parse(out).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            extracted[(name, message.findtext("source"))] = message.get("numerus") == "yes"
    used = {(context, source): n >= 0 for context, source, n in recorder.calls
            if context == "Texts"}
    assert used.keys() <= extracted.keys(), sorted(used.keys() - extracted.keys())
    assert {key for key in extracted if key[0] == "Texts"} == used.keys(), (
        "strings in texts.py that no test reaches")
    for key, numerus in used.items():
        assert extracted[key] == numerus, key


def test_dont_save_is_the_programs_own_word() -> None:
    """Qt's Discard reads «Отклонить» in Russian; the question's button takes this one."""
    assert texts.dont_save_text() == "Don't save"


def test_clubs_names_who_is_first_without_saying_lead() -> None:
    """"you lead, 14" read like leading a card: the game's progress says who is first."""
    state = get_game("clubs").new({"players": 4}, first_dealer=0)
    view = replace(state.view(0), totals=(14, 3, 0, -2))
    presenter = presenter_class("clubs")(list(NAMES[:4]), you=0)
    assert presenter._leader(view) == " · you are first with 14 points"
    presenter.you = 1
    assert presenter._leader(view) == f" · {NAMES[0]} is first with 14 points"
    tied = replace(view, totals=(14, 14, 0, -2))
    assert presenter._leader(tied) == f" · you and {NAMES[0]} share first place with 14 points"
    presenter.you = None
    assert presenter._leader(tied) == (
        f" · {NAMES[0]} and {NAMES[1]} share first place with 14 points")
    for totals in ((0, 0, 0, 0), (5, 5, 5, 0)):
        assert presenter._leader(replace(view, totals=totals)) == ""
