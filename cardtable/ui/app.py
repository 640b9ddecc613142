"""The GUI entry point: the application object, its main window and ``main()``.

For now the window only says that the card table arrives in the next version and
points to the command line, where the rules engine already works. This module holds
no game logic: the table, the controller and the dialogs will live in their own
modules and only be assembled here.
"""

from __future__ import annotations

import signal
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui.i18n import install_translators

APP_NAME = "CardTable"
"""Product name: the window title and the settings' application name; never translated."""

ICON_PATH = Path(__file__).resolve().parent / "resources" / "icon.svg"
"""Installed copy of ``assets/icon.svg``; shipped as package data so wheels and bundles find it."""

CLI_EXAMPLES: tuple[str, ...] = (
    "python -m cardtable replay FILE",
    "python -m cardtable simulate ...",
)
"""Commands shown on the placeholder; literal commands, so not translated."""

_TABLE_STYLE = """
#table {
    background: qradialgradient(cx:0.5, cy:0.4, radius:0.9, fx:0.5, fy:0.4,
                                stop:0 #2f7d50, stop:1 #174a2e);
}
#table QLabel { color: #f5f0e1; }
#table QLabel#commands {
    background: rgba(0, 0, 0, 70);
    border-radius: 8px;
    padding: 12px 18px;
}
"""


def app_version() -> str:
    """Installed version of the ``cardtable`` distribution, or ``""`` when not installed."""
    try:
        return version("cardtable")
    except PackageNotFoundError:
        return ""


def app_icon() -> QIcon:
    """The application icon; an empty icon (not an error) if the SVG is missing."""
    return QIcon(str(ICON_PATH)) if ICON_PATH.is_file() else QIcon()


class MainWindow(QMainWindow):
    """The main window. Today: a placeholder on the green cloth, a File and a Help menu."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setMinimumSize(640, 420)
        self.resize(1000, 680)
        self.quit_action = self._make_quit_action()
        self.about_action = self._make_about_action()
        self._build_menus()
        self.setCentralWidget(self._build_placeholder())

    def _make_quit_action(self) -> QAction:
        action = QAction(self.tr("&Quit"), self)
        # The platform's standard binding (Ctrl+Q, Cmd+Q); Windows defines none for
        # Quit, and Ctrl+Q is what players there expect from other programs too.
        bindings = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        action.setShortcuts(bindings or [QKeySequence("Ctrl+Q")])
        action.setMenuRole(QAction.MenuRole.QuitRole)
        # close() rather than quit(): a later closeEvent can offer to save the game.
        action.triggered.connect(self.close)
        return action

    def _make_about_action(self) -> QAction:
        action = QAction(self.tr("&About CardTable"), self)
        action.setMenuRole(QAction.MenuRole.AboutRole)
        action.triggered.connect(self.show_about)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.about_action)

    def _build_placeholder(self) -> QWidget:
        table = QWidget(self)
        table.setObjectName("table")
        table.setStyleSheet(_TABLE_STYLE)
        # Style sheets paint a plain QWidget's background only with this attribute.
        table.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)

        emblem = QLabel(table)
        emblem.setObjectName("emblem")
        emblem.setPixmap(app_icon().pixmap(112, 112))
        emblem.setAlignment(Qt.AlignmentFlag.AlignCenter)

        headline = QLabel(self.tr("The card table is coming in the next version."), table)
        headline.setObjectName("headline")
        font = headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.7)
        font.setBold(True)
        headline.setFont(font)

        details = QLabel(
            self.tr(
                "Meanwhile, King can already be played between computer players "
                "and game records checked from the command line:"
            ),
            table,
        )
        details.setObjectName("details")
        font = details.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        details.setFont(font)

        commands = QLabel("\n".join(CLI_EXAMPLES), table)
        commands.setObjectName("commands")
        font = commands.font()
        font.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        font.setStyleHint(font.StyleHint.Monospace)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        commands.setFont(font)
        commands.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        for label in (headline, details, commands):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setTextFormat(Qt.TextFormat.PlainText)
        headline.setWordWrap(True)
        details.setWordWrap(True)

        layout = QVBoxLayout(table)
        layout.setContentsMargins(48, 32, 48, 32)
        layout.setSpacing(18)
        layout.addStretch(1)
        layout.addWidget(emblem)
        layout.addWidget(headline)
        layout.addWidget(details)
        layout.addWidget(commands, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        return table

    def about_text(self) -> str:
        """The About box's body: what the program is, in the interface language."""
        return self.tr(
            "A card table for three Russian trick-taking games: "
            "King, Clubs and Metamorphosis.\n\n"
            "All card art is made by the project."
        )

    def make_about_box(self) -> QMessageBox:
        """Build (but do not run) the About box, so tests can inspect it without a modal loop."""
        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About CardTable"))
        box.setIconPixmap(app_icon().pixmap(64, 64))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"{APP_NAME} {app_version()}".strip())
        box.setInformativeText(self.about_text())
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        # QMessageBox sizes itself to the shortest line; give the paragraph room to breathe.
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 24em; }")
        return box

    def show_about(self) -> None:
        self.make_about_box().exec()


def configure_application(app: QCoreApplication) -> None:
    """Names used by QSettings/QStandardPaths and the desktop shell; set before any window."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(app_version())
    if isinstance(app, QApplication):
        app.setDesktopFileName("cardtable")
        app.setWindowIcon(app_icon())


def main(argv: list[str] | None = None) -> int:
    """Run the GUI and return its exit code.

    ``argv`` holds the arguments after the program name (``sys.argv[1:]`` when
    ``None``), the same convention as the command-line entry point; Qt options such
    as ``-platform`` pass through to Qt.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    program = sys.argv[0] if sys.argv and sys.argv[0] else "cardtable"
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([program, *args])
    configure_application(app)
    install_translators(app)
    # Let Ctrl+C in the terminal end the program; Qt's loop would otherwise swallow it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    window = MainWindow()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
