"""The rule line is rich text: a name or rule with ``&``, ``<`` or quotes in it is shown
as written, never read as markup."""

from __future__ import annotations

import html

import pytest

from cardtable.ui.games.base import GamePresenter

WRITTEN = ["Кинг & «Мальчики»", "<b>not bold</b>", "it's \"quoted\"", "a &amp; b", ""]


@pytest.mark.parametrize("text", WRITTEN)
def test_the_rule_line_escapes_as_html_does(text: str) -> None:
    assert GamePresenter.rule(text, text) == (
        (f"<b>{html.escape(text)}</b> &nbsp; " if text else "") + html.escape(text))


def test_markup_in_a_rule_is_shown_not_obeyed() -> None:
    from PySide6.QtGui import QTextDocumentFragment

    shown = QTextDocumentFragment.fromHtml(GamePresenter.rule("", "<i>x</i> & y")).toPlainText()
    assert shown == "<i>x</i> & y"
