"""A fifth game, plain Whist, kept in the tests: it proves that a game is a plug-in.

Its files are named for it and register it at their ends, as the recipe in
``cardtable/ARCHITECTURE.md`` ("Adding a fourth game") says; no shared file of the
package names it.  Tests import it through the ``whist`` fixture, which takes it out
of the registries again afterwards so that no other test sees a fifth game."""
