"""A registry of the installed games that imports a game's module when first asked for.

The engine's games and the screen's presenters are each kept in one by game name.  A
start deals one game, and importing all of them (their rules, events and words) before
the first sight of the table would cost that start for nothing: so a look-up by name
imports only that game's module, and whatever goes through every entry (iterating,
``len``, ``values()``…) imports every installed game first, in the order the manifest
offers them — exactly what an eager registry would hold.  A game registered by other
means (a plug-in test's) is kept after the installed ones.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

V = TypeVar("V")


class LazyRegistry(dict[str, V]):
    """Entries by game name; ``installed`` maps each installed game's name, in the order
    the games are offered, to the module that registers its entry when imported."""

    def __init__(self, installed: Mapping[str, str]) -> None:
        super().__init__()
        self.installed: tuple[str, ...] = tuple(installed)
        self._modules = dict(installed)
        self._complete = False
        self._lock = threading.RLock()

    def peek(self, name: str) -> V | None:
        """The entry registered as ``name`` so far, importing nothing (for registering)."""
        return dict.get(self, name)

    def _load(self, name: object) -> None:
        """Import ``name``'s module if it is an installed game not registered yet."""
        if isinstance(name, str) and not dict.__contains__(self, name):
            module = self._modules.get(name)
            if module is not None:
                import_module(module)

    def load_all(self) -> None:
        """Import every installed game, then hold them in the manifest's order (any
        other after them, as they came)."""
        if self._complete:
            return
        with self._lock:
            if self._complete:
                return
            for name in self.installed:
                self._load(name)
            order = [n for n in self.installed if dict.__contains__(self, n)]
            order += [n for n in dict.keys(self) if n not in self._modules]
            if list(dict.keys(self)) != order:
                entries = [(n, dict.__getitem__(self, n)) for n in order]
                dict.clear(self)
                dict.update(self, entries)
            self._complete = True

    # --- a look-up by name loads that game -------------------------------------------

    def __getitem__(self, name: str) -> V:
        self._load(name)
        return dict.__getitem__(self, name)

    def get(self, name: str, default: Any = None) -> Any:  # dict.get's overloads
        self._load(name)
        return dict.get(self, name, default)

    def __contains__(self, name: object) -> bool:
        self._load(name)
        return dict.__contains__(self, name)

    # --- going through every entry loads every game ------------------------------------

    def __iter__(self) -> Iterator[str]:
        self.load_all()
        return dict.__iter__(self)

    def __reversed__(self) -> Iterator[str]:
        self.load_all()
        return dict.__reversed__(self)

    def __len__(self) -> int:
        self.load_all()
        return dict.__len__(self)

    def keys(self) -> dict_keys[str, V]:
        self.load_all()
        return dict.keys(self)

    def values(self) -> dict_values[str, V]:
        self.load_all()
        return dict.values(self)

    def items(self) -> dict_items[str, V]:
        self.load_all()
        return dict.items(self)

    def copy(self) -> dict[str, V]:
        self.load_all()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self.load_all()
        return dict.__eq__(self, other)

    __hash__ = None  # as dict's

    def __repr__(self) -> str:
        self.load_all()
        return dict.__repr__(self)
