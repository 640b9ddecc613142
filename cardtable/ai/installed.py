"""The games whose computer players this installation carries: importing a game's
``<game>_levels`` module registers its levels (not its players, which load on first
use).  These imports are all a new game adds here, in the games' order."""

# isort: skip_file
import cardtable.ai.king_levels
import cardtable.ai.clubs_levels
import cardtable.ai.metamorphosis_levels  # noqa: F401
