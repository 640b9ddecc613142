"""The games this installation puts on the screen, in the order the game chooser lists
them: each game's name and its presenter's module, which registers it when imported.
This line is all a new game adds here; a presenter's module is imported when its game
is first asked for."""

GAMES = {
    "king": "cardtable.ui.games.king",
    "clubs": "cardtable.ui.games.clubs",
    "metamorphosis": "cardtable.ui.games.metamorphosis",
}
