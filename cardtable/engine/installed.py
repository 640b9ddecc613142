"""The games this installation carries, in the order they are offered: each game's
name and the module that registers it when imported
(:func:`cardtable.engine.registry.register_game`).  This line is all a new game adds
here; a game's module is imported when the game is first asked for."""

GAMES = {
    "king": "cardtable.engine.king",
    "clubs": "cardtable.engine.clubs",
    "metamorphosis": "cardtable.engine.metamorphosis",
}
