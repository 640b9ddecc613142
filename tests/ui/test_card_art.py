"""Card art: valid SVG for every face and back, distinct faces, indices, colours, the cache;
the back designs (two decks never alike), the high-contrast deck, crisp at any scaling."""

from __future__ import annotations

import colorsys
import itertools
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from cardtable.cards import CARDS, CLUBS, DIAMONDS, HEARTS, RANKS, SPADES, Card
from cardtable.ui.art import command
from cardtable.ui.art.cache import BACK_STYLE_TEXT, CardArt, back_style_name, render_svg
from cardtable.ui.art.command import backs_sheet, sheet
from cardtable.ui.art.svg import (
    BACK_STYLES,
    CARD_RATIO,
    DEFAULT_BACK_STYLE,
    back_svg,
    face_svg,
    known_back_style,
    suit_colour,
)
from cardtable.ui.theme import contrast_ratio

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
        (f"{card} ru={ru} four={four} hc={hc}", face_svg(card, ru, four, hc))
        for card in CARDS
        for ru in (False, True)
        for four in (False, True)
        for hc in (False, True)
    ]
    return out + [
        (f"back {deck} {style}", back_svg(deck, style)) for deck in (0, 1) for style in BACK_STYLES
    ]


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
            for hc in (False, True):
                svg = face_svg(card, ru, False, hc)
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
    assert command.main([str(tmp_path / "svg"), "--russian"]) == 0
    written = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert len(written) == 54
    assert "back0.svg" in written and "back1.svg" in written and "QS.svg" in written
    assert "Д" in texts((tmp_path / "svg" / "QS.svg").read_text(encoding="utf-8"))

    assert command.main([str(tmp_path / "png"), "--four-colour", "--png", "20"]) == 0
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


# --------------------------------------------------------------------------- back designs

FIELD_MARGIN = 7
"""Pixels of a 60 px wide back left out all round: the white margin and the card's edge."""


def field(svg: str, width: int = 60) -> list[tuple[int, int, int]]:
    """The pixels of a back's coloured field (inside the white margin), as RGB."""
    image = render_svg(svg, width, round(width * CARD_RATIO))
    m = FIELD_MARGIN
    return [(c.red(), c.green(), c.blue())
            for y in range(m, image.height() - m) for x in range(m, image.width() - m)
            for c in (image.pixelColor(x, y),)]


def mean_colour(px: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    n = len(px)
    return (sum(p[0] for p in px) / n, sum(p[1] for p in px) / n, sum(p[2] for p in px) / n)


def colour_distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def hue_gap(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """Degrees between the hues of two colours (0–180)."""
    ha, hb = (colorsys.rgb_to_hsv(*(v / 255 for v in c))[0] * 360 for c in (a, b))
    gap = abs(ha - hb)
    return min(gap, 360 - gap)


def pattern_likeness(a: list[tuple[int, int, int]], b: list[tuple[int, int, int]]) -> float:
    """|correlation| of the two fields' lightness: near 1 for the same pattern in any
    colours (or inverted), near 0 for unrelated patterns."""
    def standard(px: list[tuple[int, int, int]]) -> list[float]:
        grey = [0.299 * r + 0.587 * g + 0.114 * b for r, g, b in px]
        mean = sum(grey) / len(grey)
        sd = (sum((v - mean) ** 2 for v in grey) / len(grey)) ** 0.5
        return [(v - mean) / sd for v in grey]

    za, zb = standard(a), standard(b)
    return abs(sum(x * y for x, y in zip(za, zb, strict=True)) / len(za))


# Colour vision deficiency at full severity, in linear RGB (Machado, Oliveira and
# Fernandes 2009): the two decks must stay apart for players who see colour so.
CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def seen_with(px: list[tuple[int, int, int]], matrix: tuple[tuple[float, ...], ...]
              ) -> list[tuple[float, float, float]]:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    def srgb(v: float) -> float:
        v = min(1.0, max(0.0, v))
        return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    out = []
    for p in px[::5]:
        lp = [lin(v) for v in p]
        r, g, b = (srgb(sum(row[k] * lp[k] for k in range(3))) for row in matrix)
        out.append((r, g, b))
    return out


def test_there_are_three_back_designs_and_classic_is_todays() -> None:
    assert len(BACK_STYLES) >= 3
    assert BACK_STYLES[0] == "classic" == DEFAULT_BACK_STYLE
    assert len(set(BACK_STYLES)) == len(BACK_STYLES)
    for deck in (0, 1):
        assert back_svg(deck) == back_svg(deck, "classic")
        # A design this version does not know (a later version's setting) is the default.
        assert back_svg(deck, "tartan") == back_svg(deck, "classic")
        assert back_svg(deck, "") == back_svg(deck, "classic")
    assert known_back_style("ornament") == "ornament"
    assert known_back_style("Ornament") == "classic"
    with pytest.raises(ValueError):
        back_svg(-1, "plain")
    with pytest.raises(ValueError):
        back_svg(2, "plain")


def test_back_designs_have_names_for_a_settings_list(qapp: QApplication) -> None:
    assert set(BACK_STYLE_TEXT) == set(BACK_STYLES)
    names = [back_style_name(style) for style in BACK_STYLES]
    assert len(set(names)) == len(names) and all(names)
    assert back_style_name("classic") == "Classic"
    assert back_style_name("no such") == "Classic"


def test_the_two_decks_of_every_design_differ_in_colour_and_pattern(qapp: QApplication) -> None:
    for style in BACK_STYLES:
        main, second = field(back_svg(0, style)), field(back_svg(1, style))
        a, b = mean_colour(main), mean_colour(second)
        assert hue_gap(a, b) >= 90, style  # another colour family …
        assert colour_distance(a, b) >= 70, style
        assert pattern_likeness(main, second) < 0.7, style  # … and another pattern
        for name, matrix in CVD.items():
            seen = colour_distance(mean_colour(seen_with(main, matrix)),
                                   mean_colour(seen_with(second, matrix)))
            assert seen >= 40, (style, name)
        # Neither looks like a face: the field is not white.
        assert max(a) < 200 and max(b) < 200, style


def test_the_pattern_measure_sees_a_recoloured_back_as_the_same_pattern(
        qapp: QApplication) -> None:
    """The check above means something: the red lattice painted blue is 'alike'."""
    red = back_svg(0, "classic")
    blue = red
    for old, new in (("#8f1d24", "#173c78"), ("#c2524b", "#24539c"), ("#e58a7f", "#3a6cb8"),
                     ("#f2c5bd", "#c7d7f2"), ("#5e1015", "#0e2750")):
        assert old in red
        blue = blue.replace(old, new)
    main, recoloured = field(red), field(blue)
    assert hue_gap(mean_colour(main), mean_colour(recoloured)) >= 90
    assert pattern_likeness(main, recoloured) > 0.85


def test_every_design_differs_from_the_others(qapp: QApplication) -> None:
    looks = {style: (field(back_svg(0, style)), field(back_svg(1, style)))
             for style in BACK_STYLES}
    for s, t in itertools.combinations(BACK_STYLES, 2):
        for deck in (0, 1):
            a, b = looks[s][deck], looks[t][deck]
            assert back_svg(deck, s) != back_svg(deck, t)
            distinct = (colour_distance(mean_colour(a), mean_colour(b)) >= 40
                        or pattern_likeness(a, b) < 0.6)
            assert distinct, (s, t, deck)


def test_a_back_design_is_drawn_at_the_device_pixel_ratio(qapp: QApplication) -> None:
    for style in BACK_STYLES:
        art = CardArt(back_style=style)
        for deck in (0, 1):
            for dpr in (1.0, 2.0, 3.0):
                pm = art.pixmap(None, 70, dpr, deck)
                assert (pm.width(), pm.height()) == (round(70 * dpr), round(98 * dpr))
                assert pm.devicePixelRatio() == dpr
                assert not pm.isNull()


def test_changing_the_back_design_drops_the_backs_and_keeps_the_faces(
        qapp: QApplication) -> None:
    art = CardArt()
    assert art.back_style == "classic"
    queen = Card.parse("QH")
    face = art.pixmap(queen, 80, 2.0)
    classic = art.pixmap(None, 80, 2.0, deck=0)
    art.set_back_style("classic")  # no change: nothing dropped
    assert art.pixmap(None, 80, 2.0, deck=0) is classic
    art.set_back_style("ornament")
    assert art.back_style == "ornament"
    assert len(art) == 1  # the face is left
    assert art.pixmap(queen, 80, 2.0) is face
    ornament = art.pixmap(None, 80, 2.0, deck=0)
    assert ornament.toImage() != classic.toImage()
    assert ornament.toImage() == CardArt(back_style="ornament").pixmap(
        None, 80, 2.0, deck=0).toImage()
    art.set_back_style("no such design")
    assert art.back_style == "classic"
    assert CardArt(back_style="no such design").back_style == "classic"
    # A face switch keeps the backs.
    plain = CardArt(back_style="plain")
    back = plain.pixmap(None, 60, 1.0, deck=1)
    plain.set_high_contrast(True)
    plain.set_language(True)
    assert plain.pixmap(None, 60, 1.0, deck=1) is back


def test_a_back_rendered_for_the_old_design_is_not_kept(qtbot) -> None:
    art = CardArt()
    art.pixmap(None, 70)
    with qtbot.waitSignal(art._arrived, timeout=5000):
        art.pixmap_soon(None, 110)  # the classic 110 px back is on its way …
        art.set_back_style("plain")  # … when the design changes
    qtbot.wait(50)
    assert all(key[7] == "plain" for key in art._cache if key[0] == "back")


# --------------------------------------------------------------------------- high contrast


def corner_ink(svg: str, width: int = 100) -> tuple[int, float, int]:
    """(inked pixels, their mean lightness, their height in rows) in the top-left index
    area: clearly black or clearly coloured pixels, not the pale or grey ones.  The
    strip is narrow enough to leave out the pips, the court frame and the ace's ring."""
    height = round(width * CARD_RATIO)
    image = render_svg(svg, width, height)
    count, lightness, rows = 0, 0.0, set()
    for y in range(int(height * 0.03), int(height * 0.40)):
        for x in range(int(width * 0.02), int(width * 0.165)):
            c = image.pixelColor(x, y)
            r, g, b = c.red(), c.green(), c.blue()
            if c.alpha() == 255 and (max(r, g, b) < 100 or max(r, g, b) - min(r, g, b) > 120):
                count += 1
                lightness += 0.299 * r + 0.587 * g + 0.114 * b
                rows.add(y)
    assert count
    return count, lightness / count, max(rows) - min(rows)


def test_high_contrast_indices_are_larger_and_darker(qapp: QApplication) -> None:
    for card in CARDS:
        for ru in (False, True):
            normal = corner_ink(face_svg(card, ru, False, False))
            high = corner_ink(face_svg(card, ru, False, True))
            assert high[0] >= 1.25 * normal[0], (card, ru, normal, high)  # more ink
            assert high[1] < normal[1] - 5, (card, ru)  # darker ink
            assert high[2] >= normal[2] + 4, (card, ru)  # taller


def test_high_contrast_inks_are_strong_and_distinct(qapp: QApplication) -> None:
    for four in (False, True):
        inks = [suit_colour(suit, four, high_contrast=True) for suit in range(4)]
        for ink in inks:
            assert contrast_ratio(ink, "#ffffff") >= 5.0, ink
        assert suit_colour(SPADES, four, True) == "#000000"
        if four:
            assert len(set(inks)) == 4
            for a, b in itertools.combinations(inks, 2):
                assert colour_distance(*(tuple(int(x[i:i + 2], 16) for i in (1, 3, 5))
                                         for x in (a, b))) > 115, (a, b)  # type: ignore[arg-type]
    # Rendered, the four-colour high-contrast deck keeps its blue diamonds, green clubs.
    r, g, b = ink_colour(face_svg(Card.parse("5D"), False, True, True))
    assert b > r + 100 and b > g + 80
    r, g, b = ink_colour(face_svg(Card.parse("5C"), False, True, True))
    assert g > r + 60 and g > b + 40
    r, g, b = ink_colour(face_svg(Card.parse("5S"), False, True, True))
    assert max(r, g, b) < 30  # pure black, not the normal deck's soft black
    assert ink_colour(face_svg(Card.parse("5S"), False, False))[0] > r


def test_high_contrast_court_cards_have_no_pale_tint_and_every_card_a_dark_edge(
        qapp: QApplication) -> None:
    for name in ("JH", "QD", "KS", "KH"):
        card = Card.parse(name)
        for hc, tinted in ((False, True), (True, False)):
            image = render_svg(face_svg(card, True, False, hc), 250, 350)
            ground = image.pixelColor(70, 175 - 12)  # inside the panel, beside the rule
            assert (ground.name() != "#ffffff") == tinted, (name, hc, ground.name())
    for card in (Card.parse("2C"), Card.parse("QH")):
        image = render_svg(face_svg(card, False, False, True), 250, 350)
        edge = image.pixelColor(1, 175)
        assert max(edge.red(), edge.green(), edge.blue()) < 40  # black, not grey
        image = render_svg(face_svg(card, False, False, False), 250, 350)
        edge = image.pixelColor(1, 175)
        assert edge.red() > 100


def test_high_contrast_changes_every_face_and_keeps_the_layout() -> None:
    for card in CARDS:
        for ru, four in ((False, False), (True, True)):
            normal, high = face_svg(card, ru, four, False), face_svg(card, ru, four, True)
            assert normal != high, card
            assert pip_centres(high) == pip_centres(normal), card
            assert texts(high) == texts(normal), card


def test_high_contrast_faces_differ_from_each_other(qapp: QApplication) -> None:
    for ru in (False, True):
        images = {card: grey(face_svg(card, ru, False, True)) for card in CARDS}
        for a, b in itertools.combinations(CARDS, 2):
            assert differing(images[a], images[b]) >= 8, (a, b, ru)


def test_switching_to_high_contrast_drops_faces_and_keeps_backs(qapp: QApplication) -> None:
    art = CardArt(russian=True, four_colour=True, high_contrast=True)
    assert art.high_contrast and art.four_colour
    ten = Card.parse("TD")
    high = art.pixmap(ten, 90, 2.0)
    back = art.pixmap(None, 90, 2.0, deck=0)
    assert high.toImage() != CardArt(russian=True, four_colour=True).pixmap(
        ten, 90, 2.0).toImage()
    art.set_high_contrast(True)
    assert art.pixmap(ten, 90, 2.0) is high
    art.set_high_contrast(False)
    assert not art.high_contrast
    assert len(art) == 1
    assert art.pixmap(None, 90, 2.0, deck=0) is back
    normal = art.pixmap(ten, 90, 2.0)
    assert normal.toImage() != high.toImage()


def test_a_face_rendered_before_high_contrast_was_chosen_is_not_kept(qtbot) -> None:
    art = CardArt()
    seven = Card.parse("7S")
    art.pixmap(seven, 70)
    with qtbot.waitSignal(art._arrived, timeout=5000):
        art.pixmap_soon(seven, 115)
        art.set_high_contrast(True)
    qtbot.wait(50)
    assert all(key[6] for key in art._cache if key[0] != "back")


# --------------------------------------------------------------------------- scaling


@pytest.mark.parametrize("dpr", [1.0, 1.25, 1.5, 2.0, 2.5, 3.0])
def test_every_kind_of_card_is_rendered_at_full_resolution(qapp: QApplication,
                                                           dpr: float) -> None:
    """Crisp at 100–300 %: the pixmap is the SVG rendered at width × dpr device pixels,
    not a smaller picture scaled up, and says its ratio so Qt draws it 1:1."""
    width = 90
    px_w, px_h = round(width * dpr), round(card_height_px(width) * dpr)
    art = CardArt(russian=True, four_colour=True, high_contrast=True, back_style="ornament")
    queen = Card.parse("QC")
    for card, svg in ((queen, face_svg(queen, True, True, True)),
                      (None, back_svg(0, "ornament"))):
        pm = art.pixmap(card, width, dpr)
        assert (pm.width(), pm.height()) == (px_w, px_h)
        assert pm.devicePixelRatio() == dpr
        # Within half a device pixel of the logical size (a ratio like 1.25 makes the
        # exact width fractional), so it is drawn 1:1, never stretched.
        assert abs(pm.deviceIndependentSize().width() - width) * dpr <= 0.5 + 1e-9
        direct = render_svg(svg, px_w, px_h)
        image = pm.toImage().convertToFormat(direct.format())
        image.setDevicePixelRatio(1.0)
        assert image == direct


def card_height_px(width: int) -> int:
    return round(width * 7 / 5)


SCALED_SCREEN = """
import json
from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from cardtable.cards import Card
from cardtable.ui.art.cache import CardArt, render_svg
from cardtable.ui.art.svg import back_svg, face_svg
app = QGuiApplication([])
dpr = app.primaryScreen().devicePixelRatio()
art = CardArt(russian=True, high_contrast=True, back_style="plain")
width, height = 80, 112
same = []
for card, deck, svg in ((Card.parse("KH"), 0, face_svg(Card.parse("KH"), True, False, True)),
                        (None, 1, back_svg(1, "plain"))):
    # as the table draws a card: a logical rectangle on a device of the screen's ratio
    target = QImage(round(width * dpr), round(height * dpr),
                    QImage.Format.Format_ARGB32_Premultiplied)
    target.setDevicePixelRatio(dpr)
    target.fill(0)
    painter = QPainter(target)
    pixmap = art.pixmap(card, width, painter.device().devicePixelRatioF(), deck)
    painter.drawPixmap(QRectF(0, 0, width, height), pixmap, QRectF(pixmap.rect()))
    painter.end()
    target.setDevicePixelRatio(1.0)
    same.append(target == render_svg(svg, target.width(), target.height()))
print(json.dumps({"dpr": dpr, "same": same}))
"""


@pytest.mark.parametrize("factor", ["1", "2", "3"])
def test_crisp_under_qt_scale_factor(factor: str) -> None:
    """With the whole program scaled (QT_SCALE_FACTOR 1–3), a card drawn as the table
    draws it is pixel for pixel the vector art at that resolution: nothing resampled."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=factor)
    done = subprocess.run([sys.executable, "-c", SCALED_SCREEN], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"dpr": float(factor), "same": [True, True]}


# --------------------------------------------------------------------------- review files


def test_backs_sheet_shows_both_decks_of_every_design(qapp: QApplication) -> None:
    width = 30
    image = backs_sheet(width)
    gap = max(4, width // 12)
    assert image.width() == gap + 2 * len(BACK_STYLES) * (width + gap)
    centres = [image.pixelColor(gap + i * (width + gap) + width // 2, gap + 21).rgb()
               for i in range(2 * len(BACK_STYLES))]
    cloth = image.pixelColor(1, 1).rgb()
    assert cloth not in centres


def test_sheet_in_another_design_and_high_contrast(qapp: QApplication) -> None:
    classic = sheet(30, russian=True)
    other = sheet(30, russian=True, high_contrast=True, back_style="plain", cloth="#273846")
    assert classic.size() == other.size()
    assert other.pixelColor(1, 1).name() == "#273846"
    assert classic != other


def test_command_line_writes_high_contrast_faces_and_every_design(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "all"
    assert command.main([str(out), "--russian", "--high-contrast", "--back-style", "all"]) == 0
    names = {p.name for p in out.iterdir()}
    assert len(names) == 52 + 2 * len(BACK_STYLES)
    for style in BACK_STYLES:
        for deck in (0, 1):
            name = f"back{deck}-{style}.svg"
            assert (out / name).read_text(encoding="utf-8") == back_svg(deck, style)
    assert (out / "QS.svg").read_text(encoding="utf-8") == face_svg(Card.parse("QS"), True,
                                                                    False, True)
    one = tmp_path / "one"
    assert command.main([str(one), "--back-style", "plain", "--png", "24"]) == 0
    assert (one / "back1.svg").read_text(encoding="utf-8") == back_svg(1, "plain")
    assert QImage(str(one / "back1.png")).width() == 24
    assert not (one / "backs.png").exists()
    assert command.main([str(tmp_path / "png"), "--back-style", "all", "--png", "20"]) == 0
    assert QImage(str(tmp_path / "png" / "backs.png")).width() > 20 * 2 * len(BACK_STYLES)
    with pytest.raises(SystemExit):
        command.main([str(tmp_path / "bad"), "--back-style", "tartan"])
    capsys.readouterr()
