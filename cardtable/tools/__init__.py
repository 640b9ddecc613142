"""The command line's tools: ``simulate`` (whole games between computer players) and
the ``bench`` measurements (engine speed, search, strength, saves, statistics, memory,
the GUI's start and frames).  None of them is part of the table a player sees; the
command line's commands (:mod:`cardtable.commands`) import each only when it runs.
"""
