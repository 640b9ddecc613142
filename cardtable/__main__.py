"""``python -m cardtable``: the table with no arguments, else the command line."""

import sys

from cardtable.cli import main

sys.exit(main())
