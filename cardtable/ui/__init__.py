"""Everything that needs Qt: the application, its windows and, later, the table.

The rules engine and the computer players never import this package, so they run
and are tested without Qt; this package draws what the engine says and turns the
player's input into actions.
"""
