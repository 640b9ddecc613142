"""The wheel's and sdist's build hook: compile the Russian (and English) catalogues,
so that ``pip install`` of any wheel or sdist made from a clean checkout speaks
Russian.  The ``.qm`` files are build products (not in git); hatchling ships them as
artifacts (``pyproject.toml``).  An sdist carries both the ``.ts`` sources and the
``.qm`` files, so a wheel built from it compiles them again the same way."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class TranslationsHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sys.path.insert(0, str(root / "packaging"))
        try:
            from release import compile_translations
        finally:
            sys.path.pop(0)
        written = compile_translations(root / "translations", root / "cardtable" / "i18n")
        self.app.display_info(f"compiled {', '.join(p.name for p in written)}")
