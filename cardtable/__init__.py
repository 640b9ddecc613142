"""CardTable: a desktop table for Кинг, Трефы and Метаморфоза."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path


def _version() -> str:
    """The version in ``pyproject.toml`` — the only place it is written — as the
    installed distribution (a wheel, an editable install, a bundle) records it, or
    read from the checkout this package lies in."""
    try:
        return version("cardtable")
    except PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "0+unknown"


__version__ = _version()
