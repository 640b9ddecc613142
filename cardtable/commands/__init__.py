"""The command line's commands, one module each: its parser, the checks of its
arguments, and the call of its tool.

Every command's parser is built to parse any command line (``--help`` lists them
all), so these modules are light: each imports the engine, the players or its tool
(:mod:`cardtable.tools`) only when its command runs.  :mod:`cardtable.cli` only
dispatches.
"""
