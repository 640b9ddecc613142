"""Bringing a window back where it was — onto the screen there is now.

A size and place saved on a large monitor, or on a second monitor since unplugged,
must not open the window larger than the screen or out of reach: it is shrunk to the
screen's free area and moved into it, keeping as much of the old place as fits.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def fitted(frame: QRect, area: QRect) -> QRect:
    """``frame`` (the window with its title bar and borders) shrunk to ``area`` and
    moved into it."""
    width = min(frame.width(), area.width())
    height = min(frame.height(), area.height())
    left = min(max(frame.left(), area.left()), area.left() + area.width() - width)
    top = min(max(frame.top(), area.top()), area.top() + area.height() - height)
    return QRect(left, top, width, height)


def fit_on_screen(window: QWidget) -> None:
    """Move and shrink ``window`` (not maximised or full-screen: those fit already) so
    that all of it lies on the screen under its centre, or on the main screen."""
    if window.isMaximized() or window.isFullScreen():
        return
    frame = window.frameGeometry()
    screen = QGuiApplication.screenAt(frame.center()) or QGuiApplication.primaryScreen()
    if screen is None:
        return
    target = fitted(frame, screen.availableGeometry())
    if target == frame:
        return
    border_w = frame.width() - window.width()
    border_h = frame.height() - window.height()
    window.resize(max(window.minimumWidth(), target.width() - border_w),
                  max(window.minimumHeight(), target.height() - border_h))
    window.move(target.topLeft())
