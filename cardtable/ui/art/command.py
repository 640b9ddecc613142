"""``python -m cardtable.ui.art OUT_DIR [--russian] [--four-colour] [--high-contrast]
[--back-style STYLE|all] [--png WIDTH]``: write every face and the backs as files
(and review sheets) for a person to look at.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

from cardtable.cards import CARDS
from cardtable.ui.art.cache import render_svg
from cardtable.ui.art.svg import (
    BACK_STYLES,
    DECKS,
    DEFAULT_BACK_STYLE,
    back_svg,
    card_height,
    face_svg,
    known_back_style,
)


def sheet(width_per_card: int, russian: bool, four_colour: bool = False,
          high_contrast: bool = False, back_style: str = DEFAULT_BACK_STYLE,
          cloth: str = "#1f6b43") -> QImage:
    """All 52 faces (a suit per row, 2 to ace) and both backs on the cloth, for review."""
    gap = max(4, width_per_card // 12)
    height = card_height(width_per_card)
    cols, rows = 13, 5
    image = QImage(
        gap + cols * (width_per_card + gap),
        gap + rows * (height + gap),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(QColor(cloth))
    painter = QPainter(image)
    svgs = [face_svg(card, russian, four_colour, high_contrast) for card in CARDS]
    svgs += [back_svg(deck, back_style) for deck in range(DECKS)]
    for i, svg in enumerate(svgs):
        row, col = divmod(i, cols)
        x, y = gap + col * (width_per_card + gap), gap + row * (height + gap)
        painter.drawImage(x, y, render_svg(svg, width_per_card, height))
    painter.end()
    return image


def backs_sheet(width_per_card: int, styles: Sequence[str] = BACK_STYLES,
                cloth: str = "#1f6b43") -> QImage:
    """The two backs of each design side by side (a design per column pair), for review."""
    gap = max(4, width_per_card // 12)
    height = card_height(width_per_card)
    count = DECKS * len(styles)
    image = QImage(gap + count * (width_per_card + gap), 2 * gap + height,
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(cloth))
    painter = QPainter(image)
    for i, style in enumerate(styles):
        for deck in range(DECKS):
            x = gap + (DECKS * i + deck) * (width_per_card + gap)
            painter.drawImage(x, gap, render_svg(back_svg(deck, style), width_per_card, height))
    painter.end()
    return image


def write_files(
    out_dir: Path, russian: bool, four_colour: bool, png_width: int | None = None,
    high_contrast: bool = False, back_styles: Sequence[str] = (DEFAULT_BACK_STYLE,),
) -> list[Path]:
    """Write every face (``QS.svg`` …) and the backs: ``back0.svg`` and ``back1.svg`` for
    one design, ``back0-ornament.svg`` … for several.

    With ``png_width`` each is also rendered to PNG, plus ``sheet.png`` with the faces
    and the first design's backs (and ``backs.png`` with every design's, for several);
    that needs a running QGuiApplication.
    """
    styles = [known_back_style(style) for style in back_styles] or [DEFAULT_BACK_STYLE]
    out_dir.mkdir(parents=True, exist_ok=True)
    items = [(str(card), face_svg(card, russian, four_colour, high_contrast)) for card in CARDS]
    for style in styles:
        suffix = "" if len(styles) == 1 else f"-{style}"
        items += [(f"back{deck}{suffix}", back_svg(deck, style)) for deck in range(DECKS)]
    written = []
    for name, svg in items:
        path = out_dir / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        written.append(path)
        if png_width:
            png = out_dir / f"{name}.png"
            render_svg(svg, png_width, card_height(png_width)).save(str(png))
            written.append(png)
    if png_width:
        path = out_dir / "sheet.png"
        sheet(png_width, russian, four_colour, high_contrast, styles[0]).save(str(path))
        written.append(path)
        if len(styles) > 1:
            path = out_dir / "backs.png"
            backs_sheet(png_width, styles).save(str(path))
            written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardtable.ui.art",
        description="Write CardTable's card faces and backs as SVG (and PNG) files.",
    )
    parser.add_argument("out_dir", type=Path, metavar="OUT_DIR")
    parser.add_argument("--russian", action="store_true", help="В Д К Т indices")
    parser.add_argument("--four-colour", action="store_true", help="blue ♦ and green ♣")
    parser.add_argument("--high-contrast", action="store_true",
                        help="the high-contrast faces, for low vision")
    parser.add_argument("--back-style", choices=(*BACK_STYLES, "all"),
                        default=DEFAULT_BACK_STYLE, help="the design of the backs, or all")
    parser.add_argument("--png", type=int, metavar="WIDTH", help="also write PNGs this wide")
    args = parser.parse_args(argv)
    if args.png is not None and args.png < 1:
        parser.error("--png WIDTH must be positive")
    app = None
    if args.png and QGuiApplication.instance() is None:
        # Rendering needs fonts but no window: do not insist on a display.
        if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        ):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([sys.argv[0]])
    styles = BACK_STYLES if args.back_style == "all" else (args.back_style,)
    written = write_files(args.out_dir, args.russian, args.four_colour, args.png,
                          args.high_contrast, styles)
    print(f"wrote {len(written)} files to {args.out_dir}")
    del app
    return 0
