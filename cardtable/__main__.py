"""``python -m cardtable``: the table with no arguments, else the command line."""

import sys

from cardtable.cli import main

if __name__ == "__main__":  # not when a search worker process imports this module
    sys.exit(main())
