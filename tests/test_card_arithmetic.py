"""Card arithmetic lives in ``cards.py``: the named helpers, the one trick-winner rule,
and a scan that keeps raw ``// 13``, ``% 13``, ``13 *`` and suit masks out of the rest."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardtable.cards import (
    CARD_RATIO,
    CLUBS,
    HEARTS,
    NO_TRUMP,
    RANK_FIELD,
    RANK_OF,
    SPADES,
    SUIT_BASE,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    above_in_suit,
    beats,
    below_in_suit,
    card_of,
    cards_of,
    cards_of_ranks,
    highest_in,
    lowest_in,
    mask_of,
    rank_of,
    ranks_in,
    suit_cards,
    suit_end,
    suit_mask,
    suit_of,
)

PACKAGE = Path(__file__).resolve().parent.parent / "cardtable"
SUIT_SIZE_LITERAL = 13
SUIT_MASK_LITERALS = {0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39}


def c(text: str) -> int:
    return int(Card.parse(text))


def _is_thirteen(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int \
        and node.value == SUIT_SIZE_LITERAL


def _is_thirteen_op(node: ast.AST) -> bool:
    if not isinstance(node, ast.BinOp):
        return False
    if isinstance(node.op, ast.FloorDiv | ast.Mod | ast.LShift | ast.RShift):
        return _is_thirteen(node.right)
    return isinstance(node.op, ast.Mult) and (_is_thirteen(node.left) or _is_thirteen(node.right))


def _is_thirteen_divmod(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "divmod" and len(node.args) == 2 and _is_thirteen(node.args[1]))


def raw_card_arithmetic(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` doing card arithmetic by hand: ``x // 13``, ``x % 13``,
    ``divmod(x, 13)``, ``13 * x``/``x * 13`` and ``<< 13``/``>> 13`` (a card built or a
    suit field shifted), or a 13-bit suit mask literal.  Read from the syntax tree, so
    comments and strings do not count."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if _is_thirteen_op(node) or _is_thirteen_divmod(node) or (
                isinstance(node, ast.Constant) and type(node.value) is int
                and node.value in SUIT_MASK_LITERALS):
            found.append((getattr(node, "lineno", 0), ast.unparse(node)))
    return found


def test_no_card_arithmetic_outside_cards_module() -> None:
    offenders = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text}"
                 for path in sorted(PACKAGE.rglob("*.py")) if path.name != "cards.py"
                 or path.parent != PACKAGE
                 for line, text in raw_card_arithmetic(path.read_text(encoding="utf-8"))]
    assert offenders == [], "card arithmetic by hand; use the helpers of cardtable.cards:\n" \
        + "\n".join(offenders)


@pytest.mark.parametrize("planted", [
    "suit = card // 13",
    "rank = card % 13",
    "suit, rank = divmod(card, 13)",
    "card = suit * 13 + rank",
    "card = 13 * suit + rank",
    "field = (mask >> (SHIFT)) & 0x1FFF",
    "field = mask >> 13",
    "top = mask & (0x1FFF << 39)",
])
def test_the_scan_finds_a_planted_offender(planted: str) -> None:
    assert raw_card_arithmetic(f"def f(card, suit, rank, mask, SHIFT):\n    {planted}\n")


def test_the_scan_ignores_comments_strings_and_other_thirteens() -> None:
    source = ('"""suit = card // 13 in a docstring"""\n'
              "# rank = card % 13 in a comment\n"
              "x = 'card * 13'\n"
              "size = max(13, n)\n"
              "half = n // 2 + 13\n")
    assert raw_card_arithmetic(source) == []


def test_suit_and_rank_of_every_card() -> None:
    for card in range(52):
        assert suit_of(card) == SUIT_OF[card] == Card(card).suit == int(card) // 13
        assert rank_of(card) == RANK_OF[card] == Card(card).rank == int(card) % 13
        assert card_of(SUIT_OF[card], RANK_OF[card]) == card
    assert card_of(HEARTS, 8) == c("TH")
    assert SUIT_BASE[CLUBS] == c("2C")


def test_suit_masks_and_rank_fields() -> None:
    hand = mask_of([c("2S"), c("AS"), c("TH"), c("7C")])
    assert suit_mask(SPADES) == SUIT_MASKS[SPADES] == mask_of(range(13))
    assert bin(RANK_FIELD).count("1") == 13
    assert cards_of(suit_cards(hand, SPADES)) == [c("2S"), c("AS")]
    assert ranks_in(hand, HEARTS) == 1 << 8
    assert cards_of_ranks(ranks_in(hand, CLUBS), CLUBS) == 1 << c("7C")
    assert ranks_in(hand, 2) == 0


def test_lowest_and_highest_of_a_suit() -> None:
    hand = mask_of([c("3H"), c("QH"), c("AS"), c("2C")])
    assert lowest_in(hand, HEARTS) == c("3H")
    assert highest_in(hand, HEARTS) == c("QH")
    assert lowest_in(hand, SPADES) == highest_in(hand, SPADES) == c("AS")
    assert lowest_in(hand, 2) == highest_in(hand, 2) == -1


def test_cards_above_and_below_in_a_suit() -> None:
    assert cards_of(above_in_suit(c("JD"))) == [c("QD"), c("KD"), c("AD")]
    assert cards_of(below_in_suit(c("4C"))) == [c("2C"), c("3C")]
    assert above_in_suit(c("AH")) == 0 and below_in_suit(c("2H")) == 0
    assert suit_end(c("7S")) == c("2H")
    assert suit_end(c("AC")) == 52


def test_card_ratio_is_the_standard_playing_card() -> None:
    assert CARD_RATIO == 7 / 5 == 1.4


# The one trick-winner rule, in each game's setting.

def test_king_with_trumps() -> None:
    trump = HEARTS
    assert beats(c("AS"), c("KS"), trump)           # higher of the led suit
    assert not beats(c("QS"), c("KS"), trump)       # lower of the led suit
    assert beats(c("7H"), c("AS"), trump)           # a trump over a plain card
    assert not beats(c("AD"), c("7S"), trump)       # a discard never wins
    assert beats(c("8H"), c("7H"), trump)           # higher trump over a trump
    assert not beats(c("AS"), c("7H"), trump)       # the led suit under a ruff


def test_king_without_trumps_and_misere() -> None:
    assert not beats(c("AD"), c("7S"), NO_TRUMP)
    assert beats(c("AS"), c("7S"), NO_TRUMP)
    # «мизер»: the lower card of the suit wins, there are no trumps
    assert beats(c("7S"), c("AS"), NO_TRUMP, lowest_wins=True)
    assert not beats(c("AS"), c("7S"), NO_TRUMP, lowest_wins=True)
    assert not beats(c("7D"), c("AS"), NO_TRUMP, lowest_wins=True)


def test_clubs_always_trumps_and_the_first_copy_keeps_the_trick() -> None:
    assert beats(c("2C"), c("AH"), CLUBS)
    assert not beats(c("AH"), c("2C"), CLUBS)
    assert beats(c("3C"), c("2C"), CLUBS)
    assert not beats(c("KS"), c("KS"), CLUBS)       # the other deck's twin comes second
    assert not beats(c("AD"), c("2S"), CLUBS)


def test_metamorphosis_trump_or_none() -> None:
    assert beats(c("7D"), c("AS"), 2)
    assert not beats(c("7D"), c("AS"), None)
    assert not beats(c("7D"), c("AS"), NO_TRUMP)
    assert beats(c("8S"), c("7S"), None)
