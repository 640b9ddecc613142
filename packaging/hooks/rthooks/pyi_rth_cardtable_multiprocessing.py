"""The bundle's run-time hook for multiprocessing, in place of PyInstaller's own.

A bundle has no separate Python to start multiprocessing's helpers with, so it starts
the program itself again, and the command line says what the new process is to be:

- a worker of a process pool (the search's): ``--multiprocessing-fork``, then the
  ``name=value`` pairs ``spawn_main`` takes;
- the resource tracker (or a fork server): the interpreter's flags, ``-c`` and the
  helper's one line of Python.

Such a process must turn into its helper before the program does anything else: the
bundle's entry (``packaging/launch.py``) calls ``multiprocessing.freeze_support()``
first thing whenever multiprocessing is loaded by then, and this hook loads it, with a
``freeze_support`` that runs the helper and ends the process, in a helper or a worker
alone.  (The worker must wait for the entry script: ``spawn_main`` compares the
parent's main script with the running one.)  PyInstaller's own hook sets up the same in
every process, the program's included, so that every start imported multiprocessing,
its ``spawn`` module and ``subprocess``: about 5 ms of the program's start.
"""

import sys
from typing import Any

HELPER_LINES = (
    "from multiprocessing.resource_tracker import main",
    "from multiprocessing.forkserver import main",
    "import sys; from multiprocessing.forkserver import main",
)
"""How the lines multiprocessing gives its helpers begin (``-c LINE``)."""


def helper_line(argv: list[str]) -> str | None:
    """The line of Python of a helper started as ``PROGRAM [flags] -c LINE``."""
    if "-c" not in argv[1:]:
        return None
    at = argv.index("-c", 1)
    line = argv[at + 1] if at + 1 < len(argv) else ""
    return line if line.startswith(HELPER_LINES) else None


def worker_arguments(argv: list[str]) -> dict[str, Any] | None:
    """``spawn_main``'s arguments when this process is a pool's worker."""
    if argv[1:2] != ["--multiprocessing-fork"]:
        return None
    arguments: dict[str, Any] = {}
    for pair in argv[2:]:
        name, _, value = pair.partition("=")
        arguments[name] = None if value == "None" else int(value)
    return arguments


def _set_up() -> None:
    line, arguments = helper_line(sys.argv), worker_arguments(sys.argv)
    if line is None and arguments is None:
        return  # the program itself: it loads multiprocessing once it needs it
    import multiprocessing
    import multiprocessing.spawn

    def freeze_support() -> None:
        if line is not None:
            exec(line)  # multiprocessing's own line: it runs the helper to its end
        else:
            multiprocessing.spawn.spawn_main(**(arguments or {}))
        sys.exit()

    multiprocessing.freeze_support = multiprocessing.spawn.freeze_support = freeze_support


_set_up()
