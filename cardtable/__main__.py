"""``python -m cardtable``: the table with no arguments, else the command line."""

import sys

if __name__ == "__main__":  # not when a search worker process imports this module
    from cardtable.console import make_safe

    make_safe()  # Russian in a message must never crash a console that cannot show it
    from cardtable.cli import main

    sys.exit(main())
