"""The games this installation carries: importing a game's module registers it
(:func:`cardtable.engine.registry.register_game`).  These imports are all a new game
adds here, in the order the games are offered."""

# isort: skip_file
import cardtable.engine.king
import cardtable.engine.clubs
import cardtable.engine.metamorphosis  # noqa: F401
