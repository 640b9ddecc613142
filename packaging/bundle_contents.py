"""What the bundle leaves out: the parts of Qt and Python the program never uses.

PyInstaller's hooks collect every Qt plugin, all of Qt's translations and whatever
those plugins link (GTK's whole stack comes with its platform theme).  The spec
filters that list with :func:`drop`, and on Linux :func:`needed_only` then removes
the libraries nothing kept still links.  ``build.py bundle`` checks the result with
``ldd`` and the bundle's ``--self-check`` proves it runs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

EXCLUDED_MODULES = [
    "tkinter", "unittest", "pydoc", "doctest", "pdb", "lib2to3", "xmlrpc", "http.server",
    "ftplib",
    # OpenSSL's hashes: hashlib falls back to Python's own hash modules without them.
    # (Python's ssl stays: network play's wss:// and the home table's certificate.)
    "_hashlib",
    # websockets' interactive client (python -m websockets) and the readline it loads
    "websockets.cli", "websockets.__main__", "readline",
    # PySide6's package would otherwise bring these bindings (and OpenSSL); QtNetwork
    # stays: its local socket keeps the program to one copy per person
    "PySide6.QtDBus",
]
"""Python modules the program never imports."""

KEEP_PLUGINS: dict[str, tuple[str, ...] | None] = {
    # how the window reaches the screen: X11, Wayland, Windows, macOS; offscreen and
    # minimal for the self-check and for machines without a display
    "platforms": ("qxcb", "qwayland", "qwindows", "qcocoa", "qoffscreen", "qminimal"),
    "wayland-shell-integration": ("xdg-shell",),
    "wayland-decoration-client": ("bradient", "adwaita"),
    "platforminputcontexts": ("composeplatforminputcontextplugin",
                              "ibusplatforminputcontextplugin"),
    # the desktop portal's file dialogs; not GTK's theme, which drags in all of GTK
    "platformthemes": ("qxdgdesktopportal",),
    "styles": None,  # all: the native look on Windows and macOS
    "imageformats": ("qsvg",),
    "iconengines": ("qsvgicon",),
}
"""Qt plugins to keep, by folder, as file names without ``lib`` and extension
(``None``: the whole folder).  A folder not named here is left out whole:
networking, TLS, eglfs/linuxfb/vnc, evdev input, OpenGL integrations (the table
paints without OpenGL)."""

DROP_LIBRARIES = (
    "libQt6EglFS", "libQt6EglFs", "libQt6OpenGL", "libQt6Pdf",
    "libQt6Quick", "libQt6Qml", "libQt6VirtualKeyboard",
)
"""Linux (where the size is measured and ``ldd`` checks what is left): libraries
that only the plugins and modules left out use."""

QT_TRANSLATIONS = ("qtbase_en.qm", "qtbase_ru.qm")
"""Qt's own catalogues for the two languages the program speaks; the rest stay out."""


def _inside_qt(dest: str) -> str:
    """``dest`` below Qt's folder: ``PySide6/Qt/…`` on Linux and macOS, ``PySide6/…``
    on Windows."""
    for prefix in ("PySide6/Qt/", "PySide6/"):
        if dest.startswith(prefix):
            return dest.removeprefix(prefix)
    return ""


def drop(dest: str, linux: bool) -> bool:
    """Whether the file that would land at ``dest`` (a path in the bundle) stays out."""
    dest = dest.replace("\\", "/")
    name = PurePosixPath(dest).name
    inside = _inside_qt(dest)
    if inside.startswith("translations/"):
        return name not in QT_TRANSLATIONS
    if inside.startswith("plugins/"):
        folder = inside.split("/")[1]
        keep = KEEP_PLUGINS.get(folder, ())
        return keep is not None and name.removeprefix("lib").split(".")[0] not in keep
    if inside.startswith("qml/"):
        return True
    return linux and name.startswith(DROP_LIBRARIES)


Entry = tuple[str, str, str]
"""PyInstaller's (destination in the bundle, source path, kind)."""


def needed_only(binaries: Iterable[Entry],
                imports_of: Callable[[str], Iterable[tuple[str, str | None]]]) -> list[Entry]:
    """``binaries`` less the shared libraries beside the program that nothing kept
    links any more.  The roots are everything else — Python's extension modules,
    Qt's libraries and the plugins kept — and ``libpython``, which the program's
    launcher opens by name; ``imports_of(source)`` lists what a binary links
    (PyInstaller's ``get_imports``)."""
    entries = list(binaries)

    def beside(dest: str) -> bool:
        dest = dest.replace("\\", "/")
        return "/" not in dest and not dest.startswith("libpython")

    libraries = {PurePosixPath(dest).name: src for dest, src, _ in entries if beside(dest)}
    todo = [src for dest, src, _ in entries if not beside(dest)]
    needed: set[str] = set()
    while todo:
        for name, _path in imports_of(todo.pop()):
            name = PurePosixPath(name).name
            if name in libraries and name not in needed:
                needed.add(name)
                todo.append(libraries[name])
    return [e for e in entries if not beside(e[0]) or PurePosixPath(e[0]).name in needed]
