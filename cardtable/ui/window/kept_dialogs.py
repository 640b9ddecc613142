"""The windows the main window keeps beside the table (the score sheet, the
statistics, the rules): one of each, brought to the front when asked for again, and
let go when the language changes so that the next one is made in the new words."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def bring_forward(dialog: QWidget) -> None:
    """Show ``dialog`` in front of the table, with the keyboard."""
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


def let_go(dialog: QWidget | None) -> None:
    """Close ``dialog`` (if there is one) and free it."""
    if dialog is not None:
        dialog.close()
        dialog.deleteLater()
