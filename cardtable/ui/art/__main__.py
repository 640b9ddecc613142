"""``python -m cardtable.ui.art``: see :mod:`cardtable.ui.art.command`."""

import sys

from cardtable.ui.art.command import main

sys.exit(main())
