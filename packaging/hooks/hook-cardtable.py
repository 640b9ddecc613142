# PyInstaller hook for the program's own package (packaging/hooks is the spec's
# hookspath).  Each game's rules and presenter are imported by name when the game is
# first asked for (cardtable/lazy_registry.py), so no import statement leads the
# freezer to them: the modules the manifests name go in as hidden imports.  The
# manifests are read as data: importing the screen's package would import Qt here.
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cardtable"
MANIFESTS = ("engine/installed.py", "ui/games/installed.py")


def game_modules(manifest: Path) -> list[str]:
    """The modules a manifest's table names (``GAMES = {"game": "module", ...}``)."""
    tree = ast.parse(manifest.read_text(encoding="utf-8"))
    return list(ast.literal_eval(tree.body[-1].value).values())


hiddenimports = [module for manifest in MANIFESTS for module in game_modules(PACKAGE / manifest)]
