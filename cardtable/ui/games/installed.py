"""The games this installation puts on the screen: importing a game's presenter
module registers it.  These imports are all a new game adds here, in the order the
game chooser lists the games."""

# isort: skip_file
import cardtable.ui.games.king
import cardtable.ui.games.clubs
import cardtable.ui.games.metamorphosis  # noqa: F401
