"""Card art: valid SVG for every face and back, distinct faces, indices, colours, the cache."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from cardtable.cards import CARDS, CLUBS, DIAMONDS, HEARTS, RANKS, SPADES, Card
from cardtable.ui import card_art
from cardtable.ui.card_art import CARD_RATIO, CardArt, back_svg, face_svg, render_svg, sheet

SVG = "{http://www.w3.org/2000/svg}"
RUSSIAN = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
PICTURE_RANKS = ("J", "Q", "K", "A")


def expected_index(card: Card, russian: bool) -> str:
    """The corner index, restated from the rules of the look rather than from the module."""
    letter = RANKS[card.rank]
    if letter == "T":
        return "10"
    return RUSSIAN.get(letter, letter) if russian else letter


def texts(svg: str) -> set[str]:
    return {el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")}


def grey(svg: str, width: int = 40) -> bytes:
    """A small greyscale rendering on white, one byte per pixel, no row padding."""
    image = render_svg(svg, width, round(width * CARD_RATIO))
    flat = QImage(image.size(), QImage.Format.Format_RGB32)
    flat.fill(0xFFFFFFFF)
    painter = QPainter(flat)
    painter.drawImage(0, 0, image)
    painter.end()
    g = flat.convertToFormat(QImage.Format.Format_Grayscale8)
    return b"".join(bytes(g.constScanLine(y))[: g.width()] for y in range(g.height()))


def pixels(image: QImage) -> list[tuple[int, int, int, int]]:
    out = []
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            out.append((c.red(), c.green(), c.blue(), c.alpha()))
    return out


def differing(a: bytes, b: bytes, threshold: int = 48) -> int:
    return sum(abs(x - y) > threshold for x, y in zip(a, b, strict=True))


def all_svgs() -> list[tuple[str, str]]:
    out = [
        (f"{card} ru={ru} four={four}", face_svg(card, ru, four))
        for card in CARDS
        for ru in (False, True)
        for four in (False, True)
    ]
    return out + [(f"back {deck}", back_svg(deck)) for deck in (0, 1)]


# --------------------------------------------------------------------------- SVG text


def test_every_face_and_back_is_valid_svg(qapp: QApplication, qtlog) -> None:
    for name, svg in all_svgs():
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg", name
        assert root.get("viewBox") == "0 0 250 350", name
        renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
        assert renderer.isValid(), name
        assert renderer.defaultSize().width() * 7 == renderer.defaultSize().height() * 5, name
        render_svg(svg, 50, 70)
    # QtSvg warns about what it cannot draw (unknown elements, bad paths, missing links).
    assert [record.message for record in qtlog.records] == []


def test_pips_are_drawn_not_typed() -> None:
    """Suit symbols never come from a font: only indices are text."""
    for card in CARDS:
        for ru in (False, True):
            svg = face_svg(card, ru)
            assert not any(sym in svg for sym in "♠♥♦♣♤♡♢♧"), card
            assert texts(svg) == {expected_index(card, ru)}, card


def test_indices_are_in_the_svg_text() -> None:
    assert "В" in texts(face_svg(Card.parse("JS"), True))
    assert "Д" in texts(face_svg(Card.parse("QH"), True))
    assert "К" in texts(face_svg(Card.parse("KD"), True))
    assert "Т" in texts(face_svg(Card.parse("AC"), True))
    assert "J" in texts(face_svg(Card.parse("JS"), False))
    assert "A" in texts(face_svg(Card.parse("AC"), False))
    for suit in "SHDC":
        for ru in (False, True):
            assert texts(face_svg(Card.parse("T" + suit), ru)) == {"10"}


def test_russian_changes_only_picture_cards() -> None:
    for card in CARDS:
        ru, en = face_svg(card, True), face_svg(card, False)
        if RANKS[card.rank] in PICTURE_RANKS:
            assert ru != en, card
        else:
            assert ru == en, card


def test_four_colour_changes_only_diamonds_and_clubs() -> None:
    for card in CARDS:
        two, four = face_svg(card, False, False), face_svg(card, False, True)
        if card.suit in (DIAMONDS, CLUBS):
            assert two != four, card
        else:
            assert two == four, card


def pip_centres(svg: str) -> list[tuple[float, float, bool]]:
    """(x, y, upside down) of every suit pip in the field (not the indices or ornaments)."""
    out = []
    for el in ET.fromstring(svg).iter(f"{SVG}g"):
        if el.get("class") != "pip":
            continue
        transform = el.get("transform", "")
        match = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", transform)
        assert match, transform
        out.append((float(match[1]), float(match[2]), "rotate(180)" in transform))
    return out


def test_number_cards_have_their_pips_in_the_classic_pattern() -> None:
    for card in CARDS:
        value = card.rank + 2
        if value > 10:
            continue
        pips = pip_centres(face_svg(card, False))
        assert len(pips) == value, card
        xs = sorted({round(x) for x, _, _ in pips})
        assert len(xs) == (1 if value <= 3 else 2 if value in (4, 6) else 3), card
        # Mirror-symmetric left to right; the lower half is upside down.
        assert sorted((round(250 - x), round(y)) for x, y, _ in pips) == sorted(
            (round(x), round(y)) for x, y, _ in pips
        ), card
        for _, y, flipped in pips:
            assert flipped == (y > 175.5), card
        if value != 7:  # the seven's extra pip sits in the upper half only
            turned = sorted((round(250 - x), round(350 - y)) for x, y, _ in pips)
            assert turned == sorted((round(x), round(y)) for x, y, _ in pips), card
        # Clear of the corner indices (the left and right fifth of the card).
        assert all(60 < x < 190 and 40 < y < 310 for x, y, _ in pips), card


def test_aces_and_court_cards_have_no_field_of_pips() -> None:
    for card in CARDS:
        if card.rank >= 9:
            count = len(pip_centres(face_svg(card, True)))
            assert count == (1 if card.rank == 12 else 0), card


def without_text(svg: str) -> str:
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{SVG}text":
                parent.remove(child)
    return ET.tostring(root, encoding="unicode")


def test_court_cards_differ_beyond_their_letters(qapp: QApplication) -> None:
    """Jack, queen and king are told apart by their emblems, not only by the letter."""
    for suit in "SHDC":
        images = {r: grey(without_text(face_svg(Card.parse(r + suit), True))) for r in "JQKT"}
        for a, b in itertools.combinations("JQKT", 2):
            assert differing(images[a], images[b]) >= 40, (a, b, suit)


def test_face_svg_rejects_a_non_card() -> None:
    with pytest.raises(ValueError):
        face_svg(52, False)
    with pytest.raises(ValueError):
        back_svg(2)


def test_king_of_hearts_carries_a_mark_of_honour() -> None:
    """«кинг» has more to it than the other kings (the wreath and stars), not just its colour."""
    kh = ET.fromstring(face_svg(Card.parse("KH"), True))
    for other in ("KD", "KS", "KC"):
        root = ET.fromstring(face_svg(Card.parse(other), True))
        assert len(list(kh.iter())) > len(list(root.iter())) + 20, other


def test_ace_of_spades_is_the_ornate_ace() -> None:
    spade = len(list(ET.fromstring(face_svg(Card.parse("AS"), False)).iter()))
    for other in ("AH", "AD", "AC"):
        plain = len(list(ET.fromstring(face_svg(Card.parse(other), False)).iter()))
        assert spade > plain + 20, other


# --------------------------------------------------------------------------- rendering


def test_every_face_differs_from_every_other(qapp: QApplication) -> None:
    for ru, four in ((False, False), (True, False), (False, True)):
        images = {card: grey(face_svg(card, ru, four)) for card in CARDS}
        for a, b in itertools.combinations(CARDS, 2):
            assert differing(images[a], images[b]) >= 8, (a, b, ru, four)


def test_russian_and_english_renderings(qapp: QApplication) -> None:
    for card in CARDS:
        ru, en = grey(face_svg(card, True)), grey(face_svg(card, False))
        if RANKS[card.rank] in PICTURE_RANKS:
            assert differing(ru, en) >= 8, card
        else:
            assert ru == en, card


def ink_colour(svg: str) -> tuple[float, float, float]:
    """Mean colour of the clearly coloured (not white, not faint) pixels of a face."""
    image = render_svg(svg, 60, 84)
    inked = [(r, g, b) for r, g, b, a in pixels(image) if a == 255 and min(r, g, b) < 160]
    assert inked
    n = len(inked)
    return tuple(sum(p[i] for p in inked) / n for i in range(3))  # type: ignore[return-value]


def test_four_colour_renders_blue_diamonds_and_green_clubs(qapp: QApplication) -> None:
    five_d, five_c = Card.parse("5D"), Card.parse("5C")
    r, g, b = ink_colour(face_svg(five_d, False, False))
    assert r > b + 80 and r > g + 80  # red
    r, g, b = ink_colour(face_svg(five_d, False, True))
    assert b > r + 80  # blue
    r, g, b = ink_colour(face_svg(five_c, False, False))
    assert max(r, g, b) < 80  # black
    r, g, b = ink_colour(face_svg(five_c, False, True))
    assert g > r + 60 and g > b + 30  # green
    for suit in (SPADES, HEARTS):
        card = Card(suit * 13 + 3)
        assert ink_colour(face_svg(card, False, True)) == ink_colour(face_svg(card, False))


def test_two_backs_differ_strongly(qapp: QApplication) -> None:
    a = pixels(render_svg(back_svg(0), 50, 70))
    b = pixels(render_svg(back_svg(1), 50, 70))
    distance = sum(
        ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2) ** 0.5
        for p, q in zip(a, b, strict=True)
    ) / len(a)
    assert distance > 80
    # Neither back looks like a face: the field inside the white margin is dark.
    for back in (a, b):
        centre = back[35 * 50 + 10]
        assert max(centre[:3]) < 200


def test_pixmap_size_and_device_pixel_ratio(qapp: QApplication) -> None:
    art = CardArt()
    for width, dpr in ((60, 1.0), (83, 1.5), (120, 2.0), (71, 1.25)):
        height = round(width * 7 / 5)
        for card in (Card.parse("QS"), None):
            pm = art.pixmap(card, width, dpr)
            assert pm.width() == round(width * dpr)
            assert pm.height() == round(height * dpr)
            assert pm.devicePixelRatio() == dpr
            assert not pm.isNull()
    assert CARD_RATIO == 7 / 5


def test_pixmap_is_drawn_not_blank(qapp: QApplication) -> None:
    image = CardArt().pixmap(Card.parse("7H"), 100, 2.0).toImage()
    assert image.pixelColor(0, 0).alpha() == 0  # rounded corner
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert centre.alpha() == 255
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in (40, 140, 200)}
    assert len(colours) > 3


def test_cache_returns_the_same_pixmap_until_the_language_changes(qapp: QApplication) -> None:
    art = CardArt(russian=False)
    jack = Card.parse("JH")
    first = art.pixmap(jack, 90, 2.0)
    assert art.pixmap(jack, 90, 2.0) is first
    assert art.pixmap(int(jack), 90, 2.0) is first
    assert art.pixmap(jack, 91, 2.0) is not first
    assert art.pixmap(jack, 90, 1.0) is not first
    back = art.pixmap(None, 90, 2.0, deck=1)
    assert art.pixmap(None, 90, 2.0, deck=0) is not back

    art.set_language(False)  # no change, nothing dropped
    assert art.pixmap(jack, 90, 2.0) is first

    art.set_language(True)
    assert len(art) == 2  # only the backs are left
    russian = art.pixmap(jack, 90, 2.0)
    assert russian is not first
    assert russian.toImage() != first.toImage()
    assert art.pixmap(None, 90, 2.0, deck=1) is back  # backs do not depend on the language

    art.set_four_colour(True)
    assert art.pixmap(jack, 90, 2.0) is not russian
    assert art.pixmap(None, 90, 2.0, deck=1) is back


def test_cache_is_bounded_and_keeps_the_recently_used(qapp: QApplication) -> None:
    art = CardArt(capacity=5)
    keep = art.pixmap(Card.parse("AS"), 40)
    for card in CARDS[:10]:
        art.pixmap(card, 40)
        art.pixmap(Card.parse("AS"), 40)  # used again and again
    assert len(art) == 5
    assert art.pixmap(Card.parse("AS"), 40) is keep


def test_pixmap_rejects_bad_arguments(qapp: QApplication) -> None:
    art = CardArt()
    for kwargs in ({"width": 0}, {"width": 50, "dpr": 0.0}):
        with pytest.raises(ValueError):
            art.pixmap(Card.parse("2C"), **kwargs)
    with pytest.raises(ValueError):
        art.pixmap(None, 50, deck=2)
    with pytest.raises(ValueError):
        art.pixmap(52, 50)


def test_whole_deck_at_120_px(qapp: QApplication) -> None:
    art = CardArt(russian=True)
    for card in [*CARDS, None, None]:
        pm = art.pixmap(card, 120, 2.0, deck=1 if card is None and len(art) % 2 else 0)
        assert (pm.width(), pm.height()) == (240, 336)


def test_sheet_lays_out_every_card(qapp: QApplication) -> None:
    width = 30
    image = sheet(width, russian=True, four_colour=False)
    assert not image.isNull()
    assert image.width() >= 13 * width and image.height() >= 5 * round(width * 7 / 5)
    gap = (image.width() - 13 * width) // 14
    height = round(width * 7 / 5)
    cloth = image.pixelColor(image.width() - 5, image.height() - 5)
    first_back = image.pixelColor(gap + width // 2, gap + 4 * (height + gap) + height // 2)
    third_in_last_row = image.pixelColor(
        gap + 2 * (width + gap) + width // 2, gap + 4 * (height + gap) + height // 2
    )
    assert third_in_last_row == cloth  # only two backs in the last row
    assert first_back != cloth


def test_command_line_writes_every_card(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert card_art.main([str(tmp_path / "svg"), "--russian"]) == 0
    written = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert len(written) == 54
    assert "back0.svg" in written and "back1.svg" in written and "QS.svg" in written
    assert "Д" in texts((tmp_path / "svg" / "QS.svg").read_text(encoding="utf-8"))

    assert card_art.main([str(tmp_path / "png"), "--four-colour", "--png", "20"]) == 0
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert len(pngs) == 55  # 54 cards and the sheet
    assert QImage(str(tmp_path / "png" / "AH.png")).size().width() == 20
    capsys.readouterr()


def test_a_new_size_stands_in_scaled_then_arrives_from_the_render_thread(qtbot) -> None:
    art = CardArt()
    queen = Card.parse("QS")
    first = art.pixmap_soon(queen, 80)  # never rendered: rendered at once
    assert (first.width(), first.height()) == (80, 112)
    assert art.pixmap_soon(queen, 80) is first
    with qtbot.waitSignal(art.rendered, timeout=5000):
        stand_in = art.pixmap_soon(queen, 120)  # the 80 px one, until 120 px arrives
        assert stand_in is first
    exact = art.pixmap_soon(queen, 120)
    assert (exact.width(), exact.height()) == (120, 168)
    assert exact.toImage() == art.pixmap(queen, 120).toImage()
    assert art.pixmap_soon(Card.parse("KS"), 120).width() == 120  # another card: at once


def test_a_stand_in_rendered_for_the_old_language_is_not_kept(qtbot) -> None:
    art = CardArt(russian=False)
    jack = Card.parse("JH")
    art.pixmap(jack, 70)
    with qtbot.waitSignal(art._arrived, timeout=5000):
        art.pixmap_soon(jack, 110)  # the English 110 px face is on its way …
        art.set_language(True)  # … when the language changes
    qtbot.wait(50)
    assert all(key[4] for key in art._cache if key[0] != "back")
