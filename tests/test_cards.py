"""Cards: notation both ways, bit indices, decks."""

from __future__ import annotations

import pickle

import pytest

from cardtable.cards import (
    ACE,
    CARDS,
    HEARTS,
    SEVEN,
    Card,
    cards_of,
    deck_mask,
    mask_of,
    rank_mask,
)


def test_every_card_round_trips_through_its_notation() -> None:
    assert [str(c) for c in CARDS][:3] == ["2S", "3S", "4S"]
    for c in CARDS:
        assert Card.parse(str(c)) is c
        assert c == c.suit * 13 + c.rank
    assert len({str(c) for c in CARDS}) == 52


def test_card_values_are_shared_and_behave_as_ints() -> None:
    kh = Card.parse("KH")
    assert (kh.suit, kh.rank) == (HEARTS, 11)
    assert Card(int(kh)) is kh and Card(kh) is kh
    assert kh.bit == 1 << kh
    assert pickle.loads(pickle.dumps(kh)) is kh
    assert repr(kh) == "Card('KH')"


@pytest.mark.parametrize("text", ["", "T", "10H", "1H", "AX", "ah", "HA", " AH", None, 5])
def test_bad_notation_is_refused(text: object) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 52, True, 2.0, "3"])
def test_bad_indices_are_refused(index: object) -> None:
    with pytest.raises(ValueError):
        Card(index)  # type: ignore[arg-type]


def test_pretty_names_follow_the_language() -> None:
    assert Card.parse("TH").pretty() == "10♥"
    assert Card.parse("QS").pretty() == "Q♠"
    assert Card.parse("QS").pretty(russian=True) == "Д♠"
    assert [Card.parse(t).pretty(russian=True) for t in ("JD", "KC", "AH")] == \
        ["В♦", "К♣", "Т♥"]


def test_masks_and_decks() -> None:
    cards = [Card.parse(t) for t in ("AS", "7D", "KH")]
    mask = mask_of(cards)
    assert cards_of(mask) == sorted(cards)
    assert mask_of(cards + cards) == mask
    assert deck_mask().bit_count() == 52
    king_deck = deck_mask(SEVEN)
    assert king_deck.bit_count() == 32
    assert all(c.rank >= SEVEN for c in cards_of(king_deck))
    three = deck_mask(SEVEN, without=("7S", "7C"))
    assert three.bit_count() == 30 and not three & mask_of([Card.parse("7S")])
    assert cards_of(rank_mask(ACE)) == [Card.parse(t) for t in ("AS", "AH", "AD", "AC")]


def test_suit_and_rank_of_a_card_index() -> None:
    from cardtable.cards import rank_of, suit_of

    for text, suit, rank in (("2S", 0, 0), ("AS", 0, 12), ("TH", 1, 8), ("QD", 2, 10),
                             ("AC", 3, 12)):
        card = Card.parse(text)
        assert (suit_of(card), rank_of(card)) == (suit, rank) == (card.suit, card.rank)
        assert (suit_of(int(card)), rank_of(int(card))) == (suit, rank)


def test_ranks_in_reads_one_suit_of_a_mask() -> None:
    from cardtable.cards import SUIT_MASKS, ranks_in

    hand = 0
    for text in ("2S", "AS", "KH", "7D", "3C", "4C"):
        hand |= 1 << Card.parse(text)
    assert ranks_in(hand, 0) == (1 << 0) | (1 << 12)
    assert ranks_in(hand, 1) == 1 << 11
    assert ranks_in(hand, 2) == 1 << 5
    assert ranks_in(hand, 3) == (1 << 1) | (1 << 2)
    assert all(ranks_in(SUIT_MASKS[s], s) == 0x1FFF for s in range(4))
    assert ranks_in(SUIT_MASKS[1], 0) == 0
