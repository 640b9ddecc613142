"""Start a program as Explorer does — no standard handles at all — and wait for it.

Run by the Windows Python under Wine (wine_check.py): ``python start_detached.py
TIMEOUT PROGRAM ARGS…``.  ``DETACHED_PROCESS`` and no redirection give the child no
console and no standard handles, so a windowed program sees ``sys.stdout`` as
``None``, as it does after a double click.  Exits with the program's exit code."""

import subprocess
import sys


def main() -> int:
    seconds, *command = sys.argv[1:]
    detached = 0
    if sys.platform == "win32":
        detached = subprocess.DETACHED_PROCESS
    try:
        return subprocess.run(command, creationflags=detached,
                              close_fds=True, timeout=float(seconds)).returncode
    except subprocess.TimeoutExpired:
        print(f"start_detached: no end after {seconds} s", flush=True)
        return 124


if __name__ == "__main__":
    sys.exit(main())
