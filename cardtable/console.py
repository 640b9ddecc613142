"""Standard output and error that never kill the program.

A windowed program on Windows started with its output sent somewhere (``stdout=DEVNULL``,
a pipe) gets real streams in the system's ANSI code page — cp1252, cp1251 — where the
first Russian word raises :class:`UnicodeEncodeError`; started from Explorer it gets no
streams at all (``None``), where ``sys.stdout.write`` raises :class:`AttributeError`.
A frozen program runs Python isolated, so ``PYTHONIOENCODING`` cannot help.
:func:`make_safe` runs first at every entry point (the bundle's launcher, ``python -m
cardtable``, the ``cardtable`` script) so that what the program prints — the
self-check, the command line, warnings, tracebacks — degrades instead of raising.

This module imports nothing but the standard library's core: worker processes run it too.
"""

from __future__ import annotations

import io
import os
import sys
from typing import TextIO

ERRORS = "backslashreplace"
"""What an unencodable character becomes: ``\\u0416``, readable and lossless."""


def safe_stream(stream: TextIO | None) -> TextIO:
    """``stream`` made to write whatever text it is given: its unencodable characters
    escaped, or, for no stream, a stream that discards everything."""
    if stream is None:
        return open(os.devnull, "w", encoding="utf-8")  # open for the whole run
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors=ERRORS)
            return stream
        except (OSError, ValueError):  # closed or detached: replaced below
            pass
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        try:
            return io.TextIOWrapper(buffer, encoding=getattr(stream, "encoding", None),
                                    errors=ERRORS, line_buffering=True)
        except (OSError, ValueError):
            pass
    return stream  # a writer of our own or a test's: it knows its encoding


def make_safe() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` safe to write to, whatever the console
    (tracebacks, warnings and Qt's Python-side messages go through them too).  Cheap
    and idempotent."""
    sys.stdout = safe_stream(sys.stdout)
    sys.stderr = safe_stream(sys.stderr)
