"""CardTable: a desktop table for Кинг, Трефы and Метаморфоза."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DISTRIBUTION = "cardtable"
"""The name the program is installed under (``pyproject.toml``'s ``project.name``)."""


def __getattr__(name: str) -> str:
    """``__version__``, found when first asked for and kept."""
    if name == "__version__":
        found = _version()
        globals()["__version__"] = found
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _version() -> str:
    """The version in ``pyproject.toml`` — the only place it is written — as the
    installed distribution (a wheel, an editable install, a bundle) records it, or
    read from the checkout this package lies in."""
    found = _recorded_version()
    if found is not None:
        return found
    from importlib.metadata import PackageNotFoundError, version

    try:  # an installation the plain folders on sys.path do not show (a zip, say)
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "0+unknown"


def _recorded_version() -> str | None:
    """The ``Version`` in the first ``cardtable-*.dist-info/METADATA`` on ``sys.path``
    — the one ``importlib.metadata`` would find.  Read directly because importing
    ``importlib.metadata`` (and the ``email`` package it parses with) would be a fifth
    of the table's start; the metadata's header is plain ``Key: value`` lines."""
    prefix = DISTRIBUTION + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            lower = name.lower()
            if not (lower.startswith(prefix) and lower.endswith(".dist-info")):
                continue
            try:
                with open(os.path.join(entry or ".", name, "METADATA"),
                          encoding="utf-8") as metadata:
                    for line in metadata:
                        if not line.strip():
                            break  # the header ends at the first empty line
                        key, _, value = line.partition(":")
                        if key.strip().lower() == "version" and value.strip():
                            return value.strip()
            except OSError:
                continue
    return None
