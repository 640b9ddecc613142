"""Every game word the interface shows, in the interface language.

Source strings are English; Russian comes from the ``Texts`` context of the
translation catalogue.  Each string is written out literally in a ``Texts.tr(…)``
call so that ``lupdate`` finds it; texts with a count pass it as the third argument
and use Qt's numerus form (``%n``), so Russian gets its three plural forms («1 взятка,
2 взятки, 5 взяток»).  Sentences are translated whole, with ``%1``, ``%2`` … for names
and numbers, so each language orders its words itself.  The engines stay Qt-free:
they give codes and numbers, this module turns them into words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from cardtable.cards import CLUBS, DIAMONDS, HEARTS, SPADES, suit_of
from cardtable.engine.clubs import ClubsView
from cardtable.engine.game import IllegalAction
from cardtable.engine.king import PENALTY_UNITS, TRICK_VALUE, DealSpec, KingView, boys_rule
from cardtable.engine.metamorphosis import KINDS, MetamorphosisView

MINUS = "\u2212"
"""The typographic minus («−16»): as wide as a plus sign, unlike a hyphen."""

_ARG = re.compile(r"%(\d)")


class Texts:
    """The translation context of this module.

    ``Texts.tr(text)`` is ``QCoreApplication.translate("Texts", text)``.  Written this
    way, ``lupdate`` files every string under ``Texts`` and marks it numerus whenever a
    count follows — it misreads ``translate(context, text, None, n)``, taking ``n``
    for an encoding argument (PySide6 6.11), and drops the string if ``n`` is an
    expression.  With a count, ``%n`` is filled for negative numbers too (Qt fills it
    only from 0 up, so the count is looked up by its size) and an English source left
    untranslated gets its plural: "1 trick", "2 tricks".
    """

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        if n is None:
            return QCoreApplication.translate("Texts", text, disambiguation)
        out = QCoreApplication.translate("Texts", text, disambiguation, abs(n))
        if "(s)" in out:
            out = out.replace("(s)", "" if abs(n) == 1 else "s")
        return out


def fill(text: str, *args: object) -> str:
    """Put ``args`` into ``%1`` … ``%9`` in one pass, so a name that itself contains
    ``%2`` is never substituted again (``str.replace`` in a loop would)."""

    def one(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return str(args[i]) if 0 <= i < len(args) else m.group(0)

    return _ARG.sub(one, text)


def signed(n: int, plus: bool = False) -> str:
    """A number with a true minus sign («−16»); with ``plus``, positive ones get «+»."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


# --- games and levels --------------------------------------------------------------------


def game_name(game: str) -> str:
    """«Кинг» / "King" for the record name ``king``; unknown names pass through."""
    names = {
        "king": Texts.tr("King"),
        "clubs": Texts.tr("Clubs"),
        "metamorphosis": Texts.tr("Metamorphosis"),
    }
    return names.get(game, game)


def game_description(game: str) -> str:
    """One line for the game chooser: who plays and what the game is about."""
    lines = {
        "king": Texts.tr("3 or 4 players: avoid penalties in the first deals, win them back in "
                         "the second stage; the totals always add up to zero"),
        "clubs": Texts.tr("2 to 8 players: bid your tricks and take exactly that many; clubs "
                          "are always trumps; the first to reach 100 points wins"),
        "metamorphosis": Texts.tr("2 or 3 players: the rules change with every розыгрыш "
                                  "(trick) — trumps, the lead and what a trick is worth"),
    }
    return lines.get(game, "")


def level_name(level: str) -> str:
    """The computer player's level as the seat settings show it."""
    names = {
        "easy": Texts.tr("Easy"),
        "normal": Texts.tr("Normal"),
        "hard": Texts.tr("Hard"),
        "random": Texts.tr("Random"),
    }
    return names.get(level, level)


def game_over_text() -> str:
    """The rule line once the game has ended."""
    return Texts.tr("The game is over")


# --- cards and counts --------------------------------------------------------------------


def suit_name(suit: int) -> str:
    """A suit by its index (S H D C), as a plural noun: «пики», "spades"."""
    names = {
        SPADES: Texts.tr("spades"),
        HEARTS: Texts.tr("hearts"),
        DIAMONDS: Texts.tr("diamonds"),
        CLUBS: Texts.tr("clubs"),
    }
    return names[suit]


def tricks_text(n: int) -> str:
    """«5 взяток» / "5 tricks"."""
    return Texts.tr("%n trick(s)", None, n)


def points_text(n: int) -> str:
    """«−16 очков» / "−16 points": a negative count keeps its (true minus) sign."""
    text = Texts.tr("%n point(s)", None, n)
    return text.replace(str(-n), signed(n), 1) if n < 0 else text


def bid_text(tricks: int | None) -> str:
    """A Трефы bid as it is announced: a number of tricks, or a pass (``None``)."""
    if tricks is None:
        return Texts.tr("Pass")
    return tricks_text(tricks)


# --- Кинг ----------------------------------------------------------------------------------


def stage_name(stage: int) -> str:
    """The two stages of Кинг, as the score sheet heads them."""
    if stage == 1:
        return Texts.tr("Penalty stage")
    return Texts.tr("Positive stage")


def deal_name(spec: DealSpec, options: Mapping[str, Any] | None = None) -> str:
    """The deal's name in the game's own words («Не брать червей»).  A plus ералаш is
    «Брать всё» in the all-positive form and «Обратный ералаш» after хвалёнки (also
    without ``options``)."""
    if spec.is_hvalenka:
        return Texts.tr("Хвалёнка (bid contract)")
    if spec.sign < 0:
        names = {
            "tricks": Texts.tr("No tricks"),
            "hearts": Texts.tr("No hearts"),
            "boys": Texts.tr("No boys"),
            "girls": Texts.tr("No girls"),
            "king": Texts.tr("No King of Hearts"),
            "last_two": Texts.tr("No last two tricks"),
            "eralash": Texts.tr("Ералаш (all at once)"),
        }
        return names.get(spec.key, spec.key)
    if spec.key == "eralash" and options is not None and options.get("stage2") == "positive":
        return Texts.tr("Take everything")
    names = {
        "tricks": Texts.tr("Take tricks"),
        "hearts": Texts.tr("Take hearts"),
        "boys": Texts.tr("Take boys"),
        "girls": Texts.tr("Take girls"),
        "king": Texts.tr("Take the King of Hearts"),
        "last_two": Texts.tr("Take the last two tricks"),
        "eralash": Texts.tr("Reverse ералаш (all at once, as plus)"),
    }
    return names.get(spec.key, spec.key)


def _deal_detail(key: str, n: int, boys: str, forced_kh: bool = False) -> str:
    """The rule of a deal after its name: the points for ``n`` players and the
    ``boys`` option, and the play restrictions the deal adds (``forced_kh``: the K♥
    rule of deal 5 in ералаш, option ``eralash_king``)."""
    unit = PENALTY_UNITS[n]
    _, boy = boys_rule(boys, n)
    v = boy if key == "boys" else unit.get(key, 0)
    if key == "tricks":
        return Texts.tr("%n point(s) per trick taken", None, v)
    if key == "hearts":
        return Texts.tr("%n point(s) per heart taken; do not lead hearts", None, v)
    if key == "boys" and boys == "jacks_kings":
        return Texts.tr("%n point(s) per jack or king taken", None, v)
    if key == "boys":
        return Texts.tr("%n point(s) per jack taken", None, v)
    if key == "girls":
        return Texts.tr("%n point(s) per queen taken", None, v)
    if key == "king":
        return Texts.tr("%n point(s) for taking it; do not lead hearts; if you cannot follow "
                        "suit, play it", None, v)
    if key == "last_two":
        return Texts.tr("%n point(s) for each of the last two tricks", None, v)
    # ералаш: every rule at once
    if boys == "jacks_kings":
        boys_part = fill(Texts.tr("%1 per jack or king"), boy)
    else:
        boys_part = fill(Texts.tr("%1 per jack"), boy)
    rule = fill(Texts.tr("%1 per trick, %2 per heart, %3, %4 per queen, %5 for the King of "
                         "Hearts, %6 for each of the last two tricks; do not lead hearts"),
                unit["tricks"], unit["hearts"], boys_part, unit["girls"], unit["king"],
                unit["last_two"])
    if forced_kh:
        rule = fill(Texts.tr("%1; if you cannot follow suit, play the King of Hearts"), rule)
    return rule


def deal_rule(spec: DealSpec, options: Mapping[str, Any]) -> str:
    """The deal's rule in one line, with the numbers for these options:
    «Не брать червей — 2 очка за черву, с червей не ходить».  A хвалёнка's rule depends
    on its contract; once that is known, :func:`hvalenka_rule` says it."""
    n = options["players"]
    if spec.is_hvalenka:
        v = TRICK_VALUE[n]
        detail = Texts.tr("%n point(s) per trick; the player to the dealer's left orders",
                          None, v)
    else:
        detail = _deal_detail(spec.key, n, options.get("boys", "jacks"),
                              spec.forced_kh and spec.key == "eralash")
    return fill(Texts.tr("%1 — %2"), deal_name(spec, options), detail)


def contract_name(contract: str) -> str:
    """A хвалёнка order: ``trump:S`` … «козыри пики», ``notrump`` «бескозырка», …"""
    if contract.startswith("trump:"):
        suit = "SHDC".index(contract[-1])
        return fill(Texts.tr("trumps: %1"), suit_name(suit))
    names = {
        "notrump": Texts.tr("no trumps (бескозырка)"),
        "last": Texts.tr("trumps by the last card (по последней)"),
        "misere": Texts.tr("misère (мизер)"),
        "split": Texts.tr("split (расписать)"),
    }
    return names.get(contract, contract)


def hvalenka_rule(view: KingView, names: Sequence[str]) -> str:
    """The rule line of a хвалёнка in progress: the contract, what a trick is worth,
    who ordered and who bought it («Хвалёнка: козыри черви — 3 очка за взятку; заказ:
    Аня»).  The words are chosen so that no sentence depends on a player's gender."""
    v = TRICK_VALUE[view.n]
    orderer = names[view.orderer] if view.orderer is not None else ""
    contract = view.contract
    if view.phase == "buyer_order" and view.buyer is not None:
        # Bought: the buyer now chooses his own contract.
        line = fill(Texts.tr("Хвалёнка — %n point(s) per trick; %1 orders", None, v),
                    names[view.buyer])
        return fill(Texts.tr("%1; bought for %n trick(s)", None, view.price), line)
    if contract is None:
        return fill(Texts.tr("Хвалёнка — %n point(s) per trick; %1 orders", None, v), orderer)
    if contract == "split":
        if view.n == 4:
            return fill(Texts.tr("Хвалёнка, split (расписать) — no play, 2 tricks to each "
                                 "player; ordered by %1"), orderer)
        return fill(Texts.tr("Хвалёнка, split (расписать) — no play, 4 tricks to %1, 3 to each "
                             "of the others"), orderer)
    if contract == "last" and view.trump is not None:
        what = fill(Texts.tr("by the last card (по последней), trumps: %1"),
                    suit_name(view.trump))
    else:
        what = contract_name(contract)
    line = fill(Texts.tr("Хвалёнка, %1 — %n point(s) per trick; ordered by %2", None, v),
                what, orderer)
    if contract == "misere":
        line = fill(Texts.tr("%1; the 7 is high, the ace low"), line)
    if view.buyer is not None and view.phase != "buy":
        line = fill(Texts.tr("%1; bought by %2 for %n trick(s)", None, view.price), line,
                    names[view.buyer])
    if view.options.get("must_trump") and view.trump is not None:
        line = fill(Texts.tr("%1; if you cannot follow suit, play a trump"), line)
    return line


# --- Трефы ---------------------------------------------------------------------------------


def clubs_rule(view: ClubsView, names: Sequence[str]) -> str:
    """The rule line of a Трефы deal: the auction, or who plays for how many tricks;
    in the everyone form, the bids."""
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
        return fill(Texts.tr("%1 plays for %n trick(s) — clubs are trumps", None, bid),
                    names[view.declarer])
    if view.high_bid is not None and view.high_seat is not None:
        line = fill(Texts.tr("Auction — highest bid %1 by %2"), view.high_bid,
                    names[view.high_seat])
    else:
        line = Texts.tr("Auction — no bid yet")
    out = [names[s] for s, gone in enumerate(view.passed) if gone]
    if out:
        line = fill(Texts.tr("%1; passed: %2"), line, ", ".join(out))
    return fill(Texts.tr("%1 · clubs are trumps"), line)


# --- Метаморфоза ---------------------------------------------------------------------------


def declaration_name(value: str) -> str:
    """A declaration card (``A``, ``2``, ``3``, ``4``), and so the kind it names."""
    names = {
        "A": Texts.tr("Ace"),
        "2": Texts.tr("Two"),
        "3": Texts.tr("Three"),
        "4": Texts.tr("Four"),
    }
    return names.get(value, value)


def _kind_scoring(number: int, per_card: int) -> str:
    """What the taker scores in a розыгрыш of kind ``number`` (1–4)."""
    texts = {
        1: Texts.tr("%1 per club"),
        2: Texts.tr("%1 per spade"),
        3: Texts.tr("%1 per card"),
        4: Texts.tr("%1 per heart"),
    }
    return fill(texts[number], signed(per_card, plus=True))


def kind_text(value: str, view: Any = None) -> str:
    """A declaration card's kind in full: «Двойка: −4 за каждую пику, без козырей».
    Given a view of a партия played with the turned card as trump, that suit is named."""
    kind = next(k for k in KINDS if k.declaration == value)
    trump = kind.trump
    if view is not None and view.options.get("turned_trump") and view.turned_card is not None:
        trump = suit_of(view.turned_card)
    return fill(Texts.tr("%1: %2, %3"), declaration_name(value),
                _kind_scoring(kind.number, kind.per_card), trumps_text(trump))


def trumps_text(trump: int | None) -> str:
    """«без козырей» or «козыри бубны»."""
    if trump is None:
        return Texts.tr("no trumps")
    return fill(Texts.tr("%1 are trumps"), suit_name(trump))


def round_rule(view: MetamorphosisView) -> str:
    """«Розыгрыш 6 из 16 — Двойка: −4 за каждую пику, без козырей»; before the first
    розыгрыш, what the declaration is for."""
    if view.phase == "over":
        return game_over_text()
    kind = view.kind
    if kind is None:
        return fill(Texts.tr("Game %1 of %2 — declare a kind: +10 for every розыгрыш of that "
                             "kind you win"), view.deal_index + 1, view.deals_total)
    return fill(Texts.tr("Round %1 of %2 — %3: %4, %5"),
                view.round, view.rounds_total, declaration_name(kind.declaration),
                _kind_scoring(kind.number, kind.per_card), trumps_text(view.trump))


# --- refused actions -----------------------------------------------------------------------


def _wrong_action(expected: str) -> str:
    """The engines say in English what they expected; the start of it tells which."""
    if expected.startswith("a card"):
        return Texts.tr("It is time to play a card.")
    if expected.startswith("an order"):
        return Texts.tr("It is time to choose the contract.")
    if expected.startswith("the buyer's order"):
        return Texts.tr("You have bought the deal: choose the contract now.")
    if expected.startswith("a price"):
        return Texts.tr("It is time to offer a price or pass.")
    if expected.startswith("a bid"):
        return Texts.tr("It is time to bid or pass.")
    if expected.startswith("a number of tricks"):
        return Texts.tr("Name a number of tricks: there is no passing in this form.")
    if expected.startswith("a declaration"):
        return Texts.tr("It is time to choose a declaration card.")
    return Texts.tr("That is not possible now.")


def illegal_reason(exc: IllegalAction) -> str:
    """A friendly sentence for a refused action, in the interface language; an
    unknown code falls back to the engine's English message."""
    p = exc.params
    code = exc.code
    if code == "must_follow":
        return fill(Texts.tr("You must follow suit: %1."), suit_name(p["suit"]))
    if code == "no_heart_lead":
        return Texts.tr("You may not lead a heart while you hold another suit.")
    if code == "must_play_kh":
        return Texts.tr("You cannot follow suit, so you must play the King of Hearts.")
    if code == "must_trump":
        return fill(Texts.tr("You cannot follow suit, so you must play a trump: %1."),
                    suit_name(p["suit"]))
    if code == "not_in_hand":
        return Texts.tr("That card is not in your hand.")
    if code == "price_out_of_range":
        if p["low"] > p["high"]:
            return Texts.tr("The highest price has been offered: you can only pass.")
        return fill(Texts.tr("The price must be from %1 to %2 tricks."), p["low"], p["high"])
    if code == "wrong_action":
        return _wrong_action(str(p.get("expected", "")))
    if code == "bid_too_low":
        return fill(Texts.tr("Your bid must be higher than %1."), p["high"])
    if code == "malformed_bid":
        return Texts.tr("A bid is a whole number of tricks.")
    if code == "bid_too_high":
        return Texts.tr("You cannot bid more than the %n trick(s) of the deal.", None, p["high"])
    if code == "must_bid":
        return Texts.tr("Everyone else has passed without a bid: you must bid.")
    if code == "forbidden_sum":
        return fill(Texts.tr("The dealer may not bid %1: the bids would add up to the %2 tricks "
                             "of the deal."), p["tricks"], p["total"])
    if code == "duplicate_in_trick":
        return Texts.tr("The same card from the other deck is already in this trick.")
    if code == "declaration_taken":
        return fill(Texts.tr("The %1 declaration card has already been taken."),
                    declaration_name(str(p["value"])))
    if code == "no_such_declaration":
        return Texts.tr("There is no such declaration card: there are only A, 2, 3 and 4.")
    if code == "game_over":
        return Texts.tr("The game is over.")
    if code == "no_deal":
        return Texts.tr("The cards have not been dealt yet.")
    return exc.message
