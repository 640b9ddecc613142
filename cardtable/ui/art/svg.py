"""Card faces and backs, drawn by CardTable itself as SVG text: no Qt here.

All art is generated here from simple shapes, so the program ships no third-party
card images and the cards look the same on every platform.  Faces and backs are
SVG text in a 250 × 350 view box (the standard 5:7 card); the Qt side
(:mod:`cardtable.ui.art.cache`) renders them at the screen's device pixel ratio.

Faces come in two-colour or four-colour suits, each also in a high-contrast style
for low vision.  Backs come in several designs (:data:`BACK_STYLES`); each design
pairs the main deck with a second deck of another colour family and another
pattern, so the two can never be taken for each other.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardtable.cards import CARD_RATIO, CLUBS, DIAMONDS, HEARTS, RANKS, RUSSIAN_RANKS, SPADES, Card

W, H = 250, 350
"""The SVG view box every face and back is drawn in."""

DECKS = 2
"""Deck 0 is the main deck; deck 1 the second deck (Трефы with 6–8 players, Метаморфоза)."""

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
"""Bold sans-serif for the indices: plain shapes read best at small sizes."""

INK = "#1a1a1a"
RED = "#c8102e"
BLUE = "#1456b8"
GREEN = "#12803a"
GOLD = "#d9a514"
GOLD_DARK = "#8a6508"
BORDER = "#8c8c8c"

# The high-contrast deck: pure black and a strong red, and for four colours a strong
# blue and green (each at least 5:1 on white, past WCAG AA for text, and far apart in
# hue); gold deep enough (3:1) to show on the white court panels.
HC_INK = "#000000"
HC_RED = "#d00000"
HC_BLUE = "#0038c8"
HC_GREEN = "#007a21"
HC_GOLD = "#a67600"
HC_GOLD_DARK = "#4d3700"
HC_BORDER = "#000000"


@dataclass(frozen=True)
class _Look:
    """What the normal and the high-contrast faces draw differently."""

    gold: str
    gold_dark: str
    border: str
    border_width: float
    index_x: float
    """The centre line of the corner index."""
    index_size: float
    index_stroke: float
    """An outline in the ink's own colour, to thicken the bold index."""
    index_baseline: float
    index_pip: float
    index_pip_y: float
    tinted: bool
    """Court panels on a pale wash of the suit colour (else white)."""
    frame_width: float
    rule_width: float
    letter_stroke: float


_NORMAL = _Look(
    gold=GOLD, gold_dark=GOLD_DARK, border=BORDER, border_width=2,
    index_x=28, index_size=58, index_stroke=0, index_baseline=62, index_pip=34, index_pip_y=91,
    tinted=True, frame_width=2.4, rule_width=0.9, letter_stroke=0,
)
_HIGH_CONTRAST = _Look(
    gold=HC_GOLD, gold_dark=HC_GOLD_DARK, border=HC_BORDER, border_width=4.5,
    index_x=30, index_size=70, index_stroke=2.6, index_baseline=72, index_pip=42,
    index_pip_y=107, tinted=False, frame_width=3.4, rule_width=1.6, letter_stroke=1.3,
)

_WIDE_LETTERS = {"Д": 0.84, "К": 0.84, "A": 0.84, "K": 0.84, "Q": 0.86, "Т": 0.94}
"""How much the wide letters are narrowed at the high-contrast size, to keep clear of
the card's edge and of the court frame (the digits, В and J fit as they are)."""

_CX, _CY = W / 2, H / 2
_ROTATE_HALF = f'transform="rotate(180 {_CX:g} {_CY:g})"'

# --------------------------------------------------------------------------- helpers


def _n(value: float) -> str:
    """A compact number for SVG attributes (no trailing zeros, no ``-0``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as path data, so a pip can be one list of paths."""
    return (
        f"M{_n(cx - r)},{_n(cy)} a{_n(r)},{_n(r)} 0 1,0 {_n(2 * r)},0 "
        f"a{_n(r)},{_n(r)} 0 1,0 {_n(-2 * r)},0Z"
    )


def _polygon_d(points: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in points) + "Z"


def _star_points(
    cx: float, cy: float, outer: float, inner: float, tips: int = 5
) -> list[tuple[float, float]]:
    """Vertices of a star with ``tips`` points, the first pointing up."""
    points = []
    for i in range(2 * tips):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / tips - math.pi / 2
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _clip_segment(
    p: tuple[float, float], q: tuple[float, float], box: tuple[float, float, float, float]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Liang–Barsky: the part of segment ``pq`` inside ``box`` (QtSvg has no clipPath)."""
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    left, top, right, bottom = box
    t0, t1 = 0.0, 1.0
    for denom, num in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if denom == 0:
            if num < 0:
                return None
            continue
        t = num / denom
        if denom < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


def _clip_polygon(
    points: Sequence[tuple[float, float]], box: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """Sutherland–Hodgman: a convex polygon cut to ``box`` (QtSvg has no clipPath)."""
    left, top, right, bottom = box
    edges = (
        (lambda pt: pt[0] >= left, lambda a, b: _cross_x(a, b, left)),
        (lambda pt: pt[0] <= right, lambda a, b: _cross_x(a, b, right)),
        (lambda pt: pt[1] >= top, lambda a, b: _cross_y(a, b, top)),
        (lambda pt: pt[1] <= bottom, lambda a, b: _cross_y(a, b, bottom)),
    )
    out = list(points)
    for inside, cross in edges:
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        if not out:
            break
    return out


def _cross_x(a: tuple[float, float], b: tuple[float, float], x: float) -> tuple[float, float]:
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _cross_y(a: tuple[float, float], b: tuple[float, float], y: float) -> tuple[float, float]:
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y


def _svg(body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}">\n' + "\n".join(body) + "\n</svg>\n"
    )


def _blank(fill: str = "#ffffff", look: _Look = _NORMAL) -> str:
    """The card itself: rounded corners and an edge that shows on white cloth too (a
    thin grey one, or a firm black one on the high-contrast deck)."""
    inset = look.border_width / 2
    return (
        f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(W - 2 * inset)}" '
        f'height="{_n(H - 2 * inset)}" rx="{_n(15 - inset)}" ry="{_n(15 - inset)}" '
        f'fill="{fill}" stroke="{look.border}" stroke-width="{_n(look.border_width)}"/>'
    )


# --------------------------------------------------------------------------- suit pips

# Each pip is drawn in a 100 × 100 box centred on the origin; unions of simple
# paths, so no fill-rule subtleties.  Diamonds are narrower, as on printed cards.
_PIPS: dict[int, tuple[str, ...]] = {
    SPADES: (
        "M0,-50 C-9,-35 -48,-17 -48,9 C-48,27 -35,36 -23,36 C-13,36 -6,32 -3,26 "
        "C-4,37 -9,44 -18,50 L18,50 C9,44 4,37 3,26 C6,32 13,36 23,36 "
        "C35,36 48,27 48,9 C48,-17 9,-35 0,-50Z",
    ),
    HEARTS: (
        "M0,50 C-6,38 -50,13 -50,-17 C-50,-37 -38,-48 -25,-48 C-13,-48 -4,-40 0,-29 "
        "C4,-40 13,-48 25,-48 C38,-48 50,-37 50,-17 C50,13 6,38 0,50Z",
    ),
    DIAMONDS: (
        "M0,-50 C10,-33 24,-16 38,0 C24,16 10,33 0,50 C-10,33 -24,16 -38,0 C-24,-16 -10,-33 0,-50Z",
    ),
    CLUBS: (
        _circle_d(0, -26, 23),
        _circle_d(-25, 9, 23),
        _circle_d(25, 9, 23),
        _circle_d(0, 4, 13),
        "M-4,6 C-4,30 -9,42 -19,50 L19,50 C9,42 4,30 4,6Z",
    ),
}


def suit_colour(suit: int, four_colour: bool = False, high_contrast: bool = False) -> str:
    """Red hearts and diamonds, black spades and clubs; or ♠ black ♥ red ♦ blue ♣ green.

    The high-contrast inks are pure black and strong, darker colours."""
    inks = (HC_INK, HC_RED, HC_BLUE, HC_GREEN) if high_contrast else (INK, RED, BLUE, GREEN)
    if four_colour:
        return inks[suit]
    return inks[1] if suit in (HEARTS, DIAMONDS) else inks[0]


def _pip(
    suit: int, x: float, y: float, size: float, fill: str, flip: bool = False, role: str = "pip"
) -> str:
    """One suit pip of height ``size`` centred on (x, y); ``flip`` turns it upside down.

    ``role`` becomes the group's class, so the pips of a number card can be told
    from the index and ornaments (the tests count them).
    """
    transform = f"translate({_n(x)},{_n(y)}) scale({size / 100:.4f})"
    if flip:
        transform += " rotate(180)"
    paths = "".join(f'<path d="{d}"/>' for d in _PIPS[suit])
    return f'<g class="{role}" transform="{transform}" fill="{fill}">{paths}</g>'


# --------------------------------------------------------------------------- faces


_COLS = (82, 125, 168)
_TOP, _BOTTOM = 74, 276
_NUMBER_PIP = 44

# Classic pip patterns, as (column, fraction of the way down) for ranks 2–10.
_L, _C, _R = _COLS
_SIX = ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1))
_EIGHT_SIDES: tuple[tuple[float, float], ...]  # grown below
_EIGHT_SIDES = ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3))
_EIGHT_SIDES += ((_L, 1), (_R, 1))
_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: _SIX,
    7: (*_SIX, (_C, 0.25)),
    8: (*_SIX, (_C, 0.25), (_C, 0.75)),
    9: (*_EIGHT_SIDES, (_C, 0.5)),
    10: (*_EIGHT_SIDES, (_C, 1 / 6), (_C, 5 / 6)),
}


def index_label(rank: int, russian: bool) -> str:
    """The corner index of a rank: ``10`` for tens, В Д К Т for J Q K A in Russian."""
    letter = RANKS[rank]
    if letter == "T":
        return "10"
    return RUSSIAN_RANKS.get(letter, letter) if russian else letter


def _index(label: str, suit: int, colour: str, look: _Look = _NORMAL) -> str:
    """Top-left index: the rank over its pip, big enough to read in a tight fan."""
    size, x = look.index_size, _n(look.index_x)
    if len(label) > 1:  # "10": condensed so it stays inside the left strip
        squeeze, size = 0.64 * 58 / size, size - 1
    else:
        squeeze = _WIDE_LETTERS.get(label, 1.0) if size > _NORMAL.index_size else 1.0
    if squeeze == 1.0:
        where = f'x="{x}" y="{_n(look.index_baseline)}"'
    else:
        where = (
            f'transform="translate({x},{_n(look.index_baseline)}) scale({_n(squeeze)},1)" '
            f'x="0" y="0"'
        )
    stroke = (
        f' stroke="{colour}" stroke-width="{_n(look.index_stroke)}" stroke-linejoin="round"'
        if look.index_stroke else ""
    )
    text = (
        f'<text {where} font-family="{FONT}" font-weight="bold" font-size="{_n(size)}" '
        f'text-anchor="middle" fill="{colour}"{stroke}>{label}</text>'
    )
    return text + _pip(suit, look.index_x, look.index_pip_y, look.index_pip, colour,
                       role="index")


def _number_pips(rank_value: int, suit: int, colour: str) -> list[str]:
    out = []
    for x, f in _LAYOUTS[rank_value]:
        y = _TOP + (_BOTTOM - _TOP) * f
        out.append(_pip(suit, x, y, _NUMBER_PIP, colour, flip=f > 0.5))
    return out


def _ace(suit: int, colour: str, look: _Look = _NORMAL) -> list[str]:
    if suit != SPADES:
        return [_pip(suit, _CX, _CY, 118, colour)]
    # The ace of spades is traditionally the ornate one: a large spade in a
    # ring of rules and gold dots, with a white inner line and a gold star.
    out = [
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="82" ry="106" fill="none" '
        f'stroke="{colour}" stroke-width="{_n(look.frame_width)}"/>',
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="76" ry="100" fill="none" '
        f'stroke="{colour}" stroke-width="{_n(look.rule_width)}"/>',
    ]
    for i in range(40):
        a = 2 * math.pi * i / 40
        x, y = _CX + 79 * math.cos(a), _CY + 103 * math.sin(a)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="1.6" fill="{look.gold_dark}"/>')
    out.append(_pip(SPADES, _CX, _CY, 136, colour))
    out.append(
        f'<g transform="translate({_CX:g},{_CY:g}) scale(1.1)" fill="none" stroke="#ffffff" '
        f'stroke-width="1.4"><path d="{_PIPS[SPADES][0]}"/></g>'
    )
    out.append(_star(_CX, _CY - 4, 15, look.gold, look.gold_dark))
    return out


def _star(cx: float, cy: float, r: float, fill: str, stroke: str = GOLD_DARK) -> str:
    d = _polygon_d(_star_points(cx, cy, r, r * 0.42))
    return (
        f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="1" stroke-linejoin="round"/>'
    )


# Court cards: a framed panel with a mirrored emblem in each half.
_FRAME = (58, 22, 192, 328)  # left, top, right, bottom
_EMBLEM_Y = 88
_EMBLEM_SCALE = 1.12
_LETTER_BASELINE = 161


def _tint(colour: str) -> str:
    """A pale wash of the suit colour over ivory, for the court panel's background."""
    rgb = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    ivory = (252, 249, 240)
    r, g, b = (round(w - (w - v) * 0.09) for w, v in zip(ivory, rgb, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def _crown(colour: str, look: _Look = _NORMAL) -> list[str]:
    """King: a five-pointed crown with pearls, a jewelled band and a cross."""
    body = "M-38,8 L-46,-20 L-31,-3 L-23,-28 L-11,-7 L0,-34 L11,-7 L23,-28 L31,-3 L46,-20 L38,8Z"
    out = [
        f'<path d="{body}" fill="{colour}" stroke="{colour}" stroke-width="2" '
        f'stroke-linejoin="round"/>',
        f'<path d="M-6,-12 L0,-20 L6,-12 L0,-4Z" fill="{look.gold}"/>',
        '<circle cx="-23" cy="-9" r="3" fill="#ffffff"/>',
        '<circle cx="23" cy="-9" r="3" fill="#ffffff"/>',
        f'<rect x="-42" y="6" width="84" height="17" rx="3" fill="{colour}" '
        f'stroke="#ffffff" stroke-width="1.6"/>',
        f'<ellipse cx="0" cy="14.5" rx="7" ry="5" fill="{look.gold}" stroke="{look.gold_dark}" '
        f'stroke-width="0.8"/>',
    ]
    for x in (-27, 27):
        out.append(
            f'<path d="M{x - 5},14.5 L{x},10 L{x + 5},14.5 L{x},19Z" fill="{look.gold}" '
            f'stroke="{look.gold_dark}" stroke-width="0.8"/>'
        )
    for x in (-14, 14, -37, 37):
        out.append(f'<circle cx="{x}" cy="14.5" r="2" fill="#ffffff"/>')
    for x, y, r in ((-46, -20, 4.6), (-23, -28, 4.6), (23, -28, 4.6), (46, -20, 4.6)):
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{look.gold}" stroke="{look.gold_dark}" '
            f'stroke-width="1"/>'
        )
    out.append(
        f'<path d="M-2,-50 h4 v5 h5 v4 h-5 v6 h-4 v-6 h-5 v-4 h5Z" fill="{look.gold}" '
        f'stroke="{look.gold_dark}" stroke-width="0.8"/>'
    )
    out.append(
        f'<circle cx="0" cy="-34" r="4.6" fill="{look.gold}" stroke="{look.gold_dark}" '
        f'stroke-width="1"/>'
    )
    return out


def _bezier(
    p0: tuple[float, float],
    p1: tuple[float, float],
    p2: tuple[float, float],
    p3: tuple[float, float],
    t: float,
) -> tuple[float, float]:
    u = 1 - t
    return (
        u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
        u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
    )


def _tiara(colour: str, look: _Look = _NORMAL) -> list[str]:
    """Queen: a scalloped tiara set with pearls, a rose on its tall central peak."""
    body = (
        "M-44,18 C-44,8 -38,-2 -30,-4 C-26,-4 -22,0 -19,3 C-16,-12 -8,-26 0,-30 "
        "C8,-26 16,-12 19,3 C22,0 26,-4 30,-4 C38,-2 44,8 44,18 C16,8 -16,8 -44,18Z"
    )
    band = "M-46,18 C-16,8 16,8 46,18 L46,27 C16,17 -16,17 -46,27Z"
    out = [
        f'<path d="{body}" fill="{colour}" stroke="{colour}" stroke-width="1.5" '
        f'stroke-linejoin="round"/>',
        '<path d="M0,-20 C5,-14 8,-8 8,-3 C8,3 4,6 0,6 C-4,6 -8,3 -8,-3 C-8,-8 -5,-14 0,-20Z" '
        'fill="#ffffff"/>',
        f'<path d="M0,-14 C3,-10 5,-6 5,-3 C5,1 3,3 0,3 C-3,3 -5,1 -5,-3 C-5,-6 -3,-10 0,-14Z" '
        f'fill="{look.gold}" stroke="{look.gold_dark}" stroke-width="0.6"/>',
        f'<path d="{band}" fill="{colour}" stroke="#ffffff" stroke-width="1.4"/>',
    ]
    x: float
    y: float
    for x, y in ((-30, 6), (30, 6), (-17, 7), (17, 7)):
        out.append(f'<circle cx="{x}" cy="{y}" r="2.4" fill="#ffffff"/>')
    for i in range(1, 12):
        x, y = _bezier((-46, 22.5), (-16, 12.5), (16, 12.5), (46, 22.5), i / 12)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="1.9" fill="#ffffff"/>')
    for x, y, r in ((-44, 17, 4), (44, 17, 4), (-30, -6, 4.4), (30, -6, 4.4)):
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{look.gold}" stroke="{look.gold_dark}" '
            f'stroke-width="0.8"/>'
        )
    # The rose: six petals around a gold heart.
    for i in range(6):
        a = math.pi * i / 3 - math.pi / 2
        x, y = 7.6 * math.cos(a), -39 + 7.6 * math.sin(a)
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="5.6" fill="{colour}" stroke="#ffffff" '
            f'stroke-width="1.2"/>'
        )
    out.append(
        f'<circle cx="0" cy="-39" r="5" fill="{look.gold}" stroke="{look.gold_dark}" '
        f'stroke-width="0.8"/>'
    )
    return out


def _halberd(colour: str, side: int) -> str:
    """A halberd leaning out to ``side`` (-1 left, 1 right), its blade facing outwards."""
    return (
        f'<g transform="rotate({36 * side}) scale({side},1)" fill="{colour}">'
        '<rect x="-1.8" y="-46" width="3.6" height="58" rx="1.2"/>'
        '<path d="M0,-62 L4.2,-46 L-4.2,-46Z"/>'
        '<path d="M1,-47 C14,-50 22,-42 23,-31 C16,-35 8,-35 1,-33Z"/>'
        '<path d="M-1,-44 L-12,-38 L-1,-37Z"/>'
        "</g>"
    )


def _cap(colour: str, look: _Look = _NORMAL) -> list[str]:
    """Jack: a plumed cap before two crossed halberds."""
    dome = "M-32,10 C-34,-10 -18,-22 0,-22 C18,-22 34,-10 32,10Z"
    plume = "M3,-20 C11,-29 11,-42 -3,-51 C-1,-40 -7,-29 -4,-20Z"
    out = [_halberd(colour, -1), _halberd(colour, 1)]
    out += [
        f'<path d="{plume}" fill="{colour}" stroke="#ffffff" stroke-width="1.6" '
        f'stroke-linejoin="round"/>',
        '<path d="M0,-22 C3,-31 2,-41 -2,-47" fill="none" stroke="#ffffff" stroke-width="1.1"/>',
        f'<path d="{dome}" fill="{colour}" stroke="#ffffff" stroke-width="1.6"/>',
        '<path d="M-22,2 C-22,-9 -12,-16 -2,-17" fill="none" stroke="#ffffff" '
        'stroke-width="1.4" stroke-linecap="round"/>',
        f'<rect x="-38" y="7" width="76" height="14" rx="7" fill="{colour}" '
        f'stroke="#ffffff" stroke-width="1.6"/>',
        f'<circle cx="0" cy="-20" r="5.5" fill="{look.gold}" stroke="{look.gold_dark}" '
        f'stroke-width="1"/>',
        '<circle cx="0" cy="-20" r="2" fill="#ffffff"/>',
    ]
    for x in (-24, -12, 0, 12, 24):
        out.append(
            f'<rect x="{x - 2.5}" y="11.5" width="5" height="5" fill="{look.gold}" '
            f'transform="rotate(45 {x} 14)"/>'
        )
    return out


def _laurel(side: int, look: _Look = _NORMAL) -> list[str]:
    """A gold laurel sprig curving up one side of the letter (``side`` = -1 or 1)."""
    p0, p1, p2, p3 = (side * 8, 22), (side * 32, 22), (side * 42, 0), (side * 35, -24)
    stem = (
        f"M{_n(p0[0])},{_n(p0[1])} C{_n(p1[0])},{_n(p1[1])} {_n(p2[0])},{_n(p2[1])} "
        f"{_n(p3[0])},{_n(p3[1])}"
    )
    out = [f'<path d="{stem}" fill="none" stroke="{look.gold_dark}" stroke-width="1.4"/>']
    for i in range(1, 10):
        t = i / 10
        x, y = _bezier(p0, p1, p2, p3, t)
        x2, y2 = _bezier(p0, p1, p2, p3, t + 0.01)
        angle = math.degrees(math.atan2(y2 - y, x2 - x))
        for off in (-50, 50):
            out.append(
                f'<ellipse cx="0" cy="-4.6" rx="2.3" ry="5" fill="{look.gold}" '
                f'stroke="{look.gold_dark}" stroke-width="0.5" '
                f'transform="translate({_n(x)},{_n(y)}) rotate({_n(angle + 90 * side + off)})"/>'
            )
    x, y = p3
    out.append(
        f'<ellipse cx="0" cy="-4.6" rx="2.3" ry="5" fill="{look.gold}" stroke="{look.gold_dark}" '
        f'stroke-width="0.5" transform="translate({_n(x)},{_n(y)}) rotate({-12 * side})"/>'
    )
    return out


_EMBLEMS = {9: _cap, 10: _tiara, 11: _crown}


def _court_half(
    rank: int, suit: int, colour: str, russian: bool, honour: bool, look: _Look = _NORMAL
) -> list[str]:
    """The upper half of a court panel; the lower half is the same turned round."""
    shift = 3 if rank == 10 else 0  # the queen's rose stands taller than the others
    out = [f'<g transform="translate({_CX:g},{_EMBLEM_Y + shift}) scale({_EMBLEM_SCALE})">']
    out += _EMBLEMS[rank](colour, look)
    out.append("</g>")
    stroke = (
        f' stroke="{colour}" stroke-width="{_n(look.letter_stroke)}" stroke-linejoin="round"'
        if look.letter_stroke else ""
    )
    out.append(
        f'<text x="{_CX:g}" y="{_LETTER_BASELINE}" font-family="{FONT}" font-weight="bold" '
        f'font-size="46" text-anchor="middle" fill="{colour}"{stroke}>'
        f'{index_label(rank, russian)}</text>'
    )
    if honour:  # «кинг»: the letter in a laurel wreath, gold stars in the corners
        out.append(f'<g transform="translate({_CX:g},{_LETTER_BASELINE - 17})">')
        out += _laurel(-1, look) + _laurel(1, look)
        out.append("</g>")
        left, top, right, _ = _FRAME
        out.append(_star(left + 15, top + 15, 9, look.gold, look.gold_dark))
        out.append(_star(right - 15, top + 15, 9, look.gold, look.gold_dark))
    else:
        for dx in (-42, 42):
            out.append(_pip(suit, _CX + dx, _LETTER_BASELINE - 16, 22, colour, role="ornament"))
    return out


def _court(
    rank: int, suit: int, colour: str, russian: bool, look: _Look = _NORMAL
) -> list[str]:
    honour = rank == 11 and suit == HEARTS  # «кинг», the king of hearts
    left, top, right, bottom = _FRAME
    edge = look.gold_dark if honour else colour
    ground = _tint(colour) if look.tinted else "#ffffff"
    frame, rule = _n(look.frame_width), _n(look.rule_width)
    out = [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="5" '
        f'fill="{ground}" stroke="{edge}" stroke-width="{frame}"/>',
        f'<rect x="{left + 4}" y="{top + 4}" width="{right - left - 8}" '
        f'height="{bottom - top - 8}" rx="3" fill="none" stroke="{edge}" stroke-width="{rule}"/>',
        f'<line x1="{left + 4}" y1="{_CY:g}" x2="{right - 4}" y2="{_CY:g}" stroke="{edge}" '
        f'stroke-width="{rule}"/>',
    ]
    half = _court_half(rank, suit, colour, russian, honour, look)
    out += half
    out.append(f"<g {_ROTATE_HALF}>")
    out += half
    out.append("</g>")
    return out


@lru_cache(maxsize=512, typed=True)
def face_svg(
    card: int, russian: bool, four_colour: bool = False, high_contrast: bool = False
) -> str:
    """SVG text of one card face: corner indices, pips or a court emblem.

    ``high_contrast`` is the deck for low vision: pure inks, larger and heavier
    indices, white court panels and a black edge; the pips stay where they are."""
    card = Card(card)
    suit, rank = card.suit, card.rank
    look = _HIGH_CONTRAST if high_contrast else _NORMAL
    colour = suit_colour(suit, four_colour, high_contrast)
    label = index_label(rank, russian)
    body = [_blank(look=look)]
    if rank <= 8:
        body += _number_pips(rank + 2, suit, colour)
    elif rank == 12:
        body += _ace(suit, colour, look)
    else:
        body += _court(rank, suit, colour, russian, look)
    corner = _index(label, suit, colour, look)
    body.append(corner)
    body.append(f"<g {_ROTATE_HALF}>{corner}</g>")
    return _svg(body)


# --------------------------------------------------------------------------- backs

_PANEL = (13, 13, W - 13, H - 13)  # the coloured field inside the white margin


def _back_frame(light: str, dark: str) -> list[str]:
    left, top, right, bottom = _PANEL
    return [
        f'<rect x="{left + 5}" y="{top + 5}" width="{right - left - 10}" '
        f'height="{bottom - top - 10}" rx="4" fill="none" stroke="{light}" stroke-width="2"/>',
        f'<rect x="{left + 10}" y="{top + 10}" width="{right - left - 20}" '
        f'height="{bottom - top - 20}" rx="2" fill="none" stroke="{light}" stroke-width="0.8"/>',
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="none" stroke="{dark}" stroke-width="1.5"/>',
    ]


_STUD_STEPS = "l3.2,3.2 l-3.2,3.2 l-3.2,-3.2Z"
"""A lattice stud's diamond after its top corner (3.2 from the centre each way)."""


def _pieces(outlines: Iterable[str], attributes: str) -> str:
    """A pattern's pieces (path data, each a line, a row or one motif) as one ``<path>``
    each, in a group carrying their paint.  Qt's renderer takes far longer over one path
    of many pieces spread across the card than over the same pieces one by one — the
    lattice's lines took 3.5 ms instead of 0.4 at a hand's size, and five times that on
    a large screen — and the pixels come out the same."""
    return f'<g {attributes}>' + "".join(f'<path d="{d}"/>' for d in outlines) + "</g>"


def _lattice_back() -> list[str]:
    """Deck 0: deep red with a diagonal lattice, studded at the crossings."""
    base, line, stud, light = "#8f1d24", "#c2524b", "#e58a7f", "#f2c5bd"
    left, top, right, bottom = _PANEL
    box = (left + 12, top + 12, right - 12, bottom - 12)
    step = 16
    out = [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="{base}"/>'
    ]
    segs = []
    span = (W + H) // step + 2
    for k in range(-span, span + 1):
        c = _CX + k * step  # lines x - y = c - _CY and x + y = c + _CY, through the centre
        for p, q in (
            ((c - H, _CY - H), (c + H, _CY + H)),
            ((c - H, _CY + H), (c + H, _CY - H)),
        ):
            seg = _clip_segment(p, q, box)
            if seg and math.dist(*seg) > 0.5:
                segs.append(f"M{_n(seg[0][0])},{_n(seg[0][1])} L{_n(seg[1][0])},{_n(seg[1][1])}")
    out.append(_pieces(segs, f'fill="none" stroke="{line}" stroke-width="1.5"'))
    rows = []
    for j in range(-30, 31):
        y = _CY + j * step / 2
        row = [
            # a diamond from its top corner, in relative steps: one number to write
            # (four hundred studs, written at every start)
            f"M{_n(x)},{_n(y - 3.2)} {_STUD_STEPS}"
            for x in (_CX + i * step / 2 for i in range(-30, 31) if (i + j) % 2 == 0)
            if box[0] + 3 < x < box[2] - 3 and box[1] + 3 < y < box[3] - 3
        ]
        if row:
            rows.append(" ".join(row))
    out.append(_pieces(rows, f'fill="{stud}"'))
    # Central medallion with the four suits.
    out.append(
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="50" ry="64" fill="{base}" stroke="{light}" '
        f'stroke-width="2.2"/>'
    )
    out.append(
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="44" ry="58" fill="none" stroke="{light}" '
        f'stroke-width="0.8"/>'
    )
    for suit, (dx, dy) in zip(
        (SPADES, HEARTS, CLUBS, DIAMONDS), ((0, -27), (22, 0), (0, 27), (-22, 0)), strict=True
    ):
        out.append(_pip(suit, _CX + dx, _CY + dy, 22, light, role="ornament"))
    out += _back_frame(light, "#5e1015")
    return out


def _diamond_back() -> list[str]:
    """Deck 1: deep blue with concentric diamonds and a ringed rosette."""
    bands = ("#173c78", "#24539c")
    light = "#c7d7f2"
    left, top, right, bottom = _PANEL
    box = (left, top, right, bottom)
    out = [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="{bands[0]}"/>'
    ]
    step = 11
    count = int((W / 2 + H / 2 * (W / H)) / step) + 2
    for k in range(count, 0, -1):
        a = k * step
        b = a * H / W
        rhombus = ((_CX, _CY - b), (_CX + a, _CY), (_CX, _CY + b), (_CX - a, _CY))
        poly = _clip_polygon(rhombus, box)
        if len(poly) >= 3:
            out.append(f'<path d="{_polygon_d(poly)}" fill="{bands[k % 2]}"/>')
    # Rosette: concentric rings and an eight-pointed star.
    out.append(
        f'<circle cx="{_CX:g}" cy="{_CY:g}" r="46" fill="{bands[0]}" stroke="{light}" '
        f'stroke-width="2.2"/>'
    )
    for r in (40, 33):
        out.append(
            f'<circle cx="{_CX:g}" cy="{_CY:g}" r="{r}" fill="none" stroke="{light}" '
            f'stroke-width="0.9"/>'
        )
    out.append(f'<path d="{_polygon_d(_star_points(_CX, _CY, 28, 11, 8))}" fill="{light}"/>')
    out.append(f'<circle cx="{_CX:g}" cy="{_CY:g}" r="6" fill="{bands[0]}"/>')
    out += _back_frame(light, "#0e2750")
    return out


def _field(fill: str) -> str:
    left, top, right, bottom = _PANEL
    return (
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="{fill}"/>'
    )


def _grid(step_x: float, step_y: float, box: tuple[float, float, float, float],
          reach: float, staggered: bool = True) -> list[tuple[float, float]]:
    """Points of a grid centred on the card whose motif (``reach`` from its point) lies
    wholly inside ``box``: equal margins all round, and no motif cut in half."""
    left, top, right, bottom = box
    nx = int((min(_CX - left, right - _CX) - reach) // step_x)
    ny = int((min(_CY - top, bottom - _CY) - reach) // step_y)
    return [
        (_CX + i * step_x, _CY + j * step_y)
        for j in range(-ny, ny + 1)
        for i in range(-nx, nx + 1)
        if not staggered or (i + j) % 2 == 0
    ]


def _ornament_back() -> list[str]:
    """Main deck, "ornament": bottle green strewn with gold quatrefoils, and a gold
    rosette in a ringed medallion inside a double gold frame."""
    base, gold, dim, dark = "#17553a", "#d9b64e", "#b8963a", "#0c3322"
    left, top, right, bottom = _PANEL
    box = (left + 14, top + 14, right - 14, bottom - 14)
    out = [_field(base)]
    flowers, hearts, lozenges = [], [], []
    step = 13
    for x, y in _grid(step, step, box, 6.4, staggered=False):
        if (round((x - _CX) / step) + round((y - _CY) / step)) % 2 == 0:
            flowers.append(" ".join(_circle_d(x + dx, y + dy, 3)
                                    for dx, dy in ((0, -3.4), (3.4, 0), (0, 3.4), (-3.4, 0))))
            hearts.append(_circle_d(x, y, 1.5))
        else:  # between the flowers, a small gold lozenge
            lozenges.append(_polygon_d(((x, y - 2.2), (x + 2.2, y), (x, y + 2.2), (x - 2.2, y))))
    out.append(_pieces(flowers, f'fill="{dim}"'))
    out.append(_pieces(hearts, f'fill="{base}"'))
    out.append(_pieces(lozenges, f'fill="{gold}"'))
    # The medallion: field-coloured, two gold rings, an eight-petalled rosette.
    out.append(
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="52" ry="66" fill="{base}" stroke="{gold}" '
        f'stroke-width="3"/>'
    )
    out.append(
        f'<ellipse cx="{_CX:g}" cy="{_CY:g}" rx="45" ry="59" fill="none" stroke="{gold}" '
        f'stroke-width="1"/>'
    )
    for i in range(8):
        out.append(
            f'<ellipse cx="0" cy="-22" rx="8" ry="17" fill="{gold}" stroke="{dark}" '
            f'stroke-width="0.8" transform="translate({_CX:g},{_CY:g}) rotate({45 * i})"/>'
        )
    out.append(
        f'<circle cx="{_CX:g}" cy="{_CY:g}" r="10" fill="{base}" stroke="{gold}" '
        f'stroke-width="2"/>'
    )
    out.append(f'<circle cx="{_CX:g}" cy="{_CY:g}" r="4" fill="{gold}"/>')
    out += _back_frame(gold, dark)
    return out


def _wave_back() -> list[str]:
    """Second deck to "ornament": plum with silver waves in opposite phase row by row
    (an ogee net), and a silver compass star in a ring."""
    base, line, light, dark = "#4a2160", "#a987c2", "#e4d6ef", "#2a0f38"
    left, top, right, bottom = _PANEL
    x0, x1 = left + 12, right - 12
    amp, half, gap = 4.0, 10.0, 9.0
    out = [_field(base)]
    rows = int((bottom - top - 24 - 2 * amp) // gap)
    first = _CY - rows / 2 * gap
    waves = []
    for r in range(rows + 1):
        y = first + r * gap
        up = -amp if r % 2 else amp
        d = f"M{_n(x0)},{_n(y)} q{_n(half / 2)},{_n(2 * up)} {_n(half)},0"
        d += f" t{_n(half)},0" * (round((x1 - x0) / half) - 1)
        waves.append(d)
    # one path: neighbouring rows touch, and apart their touching edges would be drawn twice
    out.append(f'<path d="{" ".join(waves)}" fill="none" stroke="{line}" stroke-width="1.5"/>')
    out.append(
        f'<circle cx="{_CX:g}" cy="{_CY:g}" r="48" fill="{base}" stroke="{light}" '
        f'stroke-width="2.6"/>'
    )
    out.append(
        f'<circle cx="{_CX:g}" cy="{_CY:g}" r="41" fill="none" stroke="{light}" '
        f'stroke-width="0.9"/>'
    )
    star = _star_points(_CX, _CY, 34, 9, 4)
    out.append(f'<path d="{_polygon_d(star)}" fill="{light}"/>')
    small = [(x, y) for x, y in _star_points(_CX, _CY, 20, 6, 4)]
    turned = [(_CX + (x - _CX) * 0.7071 - (y - _CY) * 0.7071,
               _CY + (x - _CX) * 0.7071 + (y - _CY) * 0.7071) for x, y in small]
    out.append(f'<path d="{_polygon_d(turned)}" fill="{line}"/>')
    out.append(f'<circle cx="{_CX:g}" cy="{_CY:g}" r="5" fill="{base}"/>')
    out += _back_frame(light, dark)
    return out


def _plain_back() -> list[str]:
    """Main deck, "plain": navy with nothing but a broad cream border and a small
    lozenge at the centre — for those who find a busy back distracting."""
    base, cream, dark = "#1b2d57", "#e8dfc2", "#0d1833"
    left, top, right, bottom = _PANEL
    out = [_field(base)]
    out.append(
        f'<rect x="{left + 8}" y="{top + 8}" width="{right - left - 16}" '
        f'height="{bottom - top - 16}" rx="5" fill="none" stroke="{cream}" stroke-width="4.5"/>'
    )
    out.append(
        f'<rect x="{left + 16}" y="{top + 16}" width="{right - left - 32}" '
        f'height="{bottom - top - 32}" rx="2" fill="none" stroke="{cream}" stroke-width="1.2"/>'
    )
    lozenge = ((_CX, _CY - 30), (_CX + 21, _CY), (_CX, _CY + 30), (_CX - 21, _CY))
    out.append(
        f'<path d="{_polygon_d(lozenge)}" fill="none" stroke="{cream}" stroke-width="2.4" '
        f'stroke-linejoin="round"/>'
    )
    inner = ((_CX, _CY - 17), (_CX + 12, _CY), (_CX, _CY + 17), (_CX - 12, _CY))
    out.append(f'<path d="{_polygon_d(inner)}" fill="{cream}"/>')
    out.append(
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="none" stroke="{dark}" stroke-width="1.5"/>'
    )
    return out


def _striped_back() -> list[str]:
    """Second deck to "plain": terracotta, much lighter and warmer than the navy, with
    fine diagonal stripes and a ring at the centre."""
    base, stripe, cream, dark = "#b4542a", "#c96d43", "#f6e7d4", "#6e2c10"
    left, top, right, bottom = _PANEL
    box = (left + 8, top + 8, right - 8, bottom - 8)  # the stripes end under the border
    out = [_field(base)]
    segs = []
    step = 9
    for k in range(-(W + H) // step, (W + H) // step + 1):
        c = _CX + k * step
        seg = _clip_segment((c - H, _CY + H), (c + H, _CY - H), box)
        if seg and math.dist(*seg) > 0.5:
            segs.append(f"M{_n(seg[0][0])},{_n(seg[0][1])} L{_n(seg[1][0])},{_n(seg[1][1])}")
    out.append(_pieces(segs, f'fill="none" stroke="{stripe}" stroke-width="3.2"'))
    out.append(
        f'<rect x="{left + 8}" y="{top + 8}" width="{right - left - 16}" '
        f'height="{bottom - top - 16}" rx="5" fill="none" stroke="{cream}" stroke-width="3"/>'
    )
    out.append(
        f'<circle cx="{_CX:g}" cy="{_CY:g}" r="30" fill="{base}" stroke="{cream}" '
        f'stroke-width="3"/>'
    )
    out.append(f'<circle cx="{_CX:g}" cy="{_CY:g}" r="13" fill="{cream}"/>')
    out.append(
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="none" stroke="{dark}" stroke-width="1.5"/>'
    )
    return out


DEFAULT_BACK_STYLE = "classic"

_BACKS = {
    "classic": (_lattice_back, _diamond_back),
    "ornament": (_ornament_back, _wave_back),
    "plain": (_plain_back, _striped_back),
}

BACK_STYLES: tuple[str, ...] = tuple(_BACKS)
"""The back designs to choose from, the default first.  Each pairs the main deck's
back with a second deck's back of another colour family and another pattern."""


def known_back_style(style: str) -> str:
    """``style`` if it is a back design, else the default: a setting saved by a later
    version, or edited by hand, must not break the table."""
    return style if style in _BACKS else DEFAULT_BACK_STYLE


def back_svg(deck: int, style: str = DEFAULT_BACK_STYLE) -> str:
    """SVG text of the back of ``deck`` in the design ``style`` (:data:`BACK_STYLES`;
    classic: a red lattice for deck 0, blue concentric diamonds for deck 1)."""
    if deck not in range(DECKS):
        raise ValueError(f"no such deck: {deck!r}")
    return _back_svg(deck, known_back_style(style))


@lru_cache(maxsize=DECKS * len(_BACKS))
def _back_svg(deck: int, style: str) -> str:
    return _svg([_blank(), *_BACKS[style][deck]()])


def card_height(width: int) -> int:
    """The height in logical pixels of a card ``width`` logical pixels wide."""
    return round(width * CARD_RATIO)
