"""Printing never kills the program: not on a console in a code page that cannot show
Russian (a windowed Windows program started with its output redirected gets one, in
cp1252 or cp1251, strict), not without any console at all (``None`` streams).

Each promise is shown to fail first on a stream as it arrives, without
:func:`cardtable.console.make_safe`.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import console
from cardtable.commands.common import print_json

ROOT = Path(__file__).resolve().parents[1]
RUSSIAN = "Кинг: 64×64, ♠ — «ералаш»"
"""Cyrillic (not in cp1252) and a sign and a suit (not in cp1251)."""
CODE_PAGES = ("cp1252", "cp1251")


def windows_stream(code_page: str) -> io.TextIOWrapper:
    """A stream as a redirected Windows program's: the ANSI code page, strict."""
    return io.TextIOWrapper(io.BytesIO(), encoding=code_page, errors="strict",
                            line_buffering=True)


def written(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


@pytest.fixture
def streams() -> Iterator[None]:
    """Whatever a test puts in ``sys.stdout``/``sys.stderr``/``sys.excepthook`` is
    put back."""
    saved = sys.stdout, sys.stderr, sys.excepthook
    try:
        yield
    finally:
        sys.stdout, sys.stderr, sys.excepthook = saved


@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_a_strict_code_page_stream_fails_as_it_arrives(code_page: str) -> None:
    with pytest.raises(UnicodeEncodeError):
        print(RUSSIAN, file=windows_stream(code_page))


@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_a_safe_stream_escapes_what_its_code_page_lacks(code_page: str) -> None:
    stream = windows_stream(code_page)
    safe = console.safe_stream(stream)
    print(RUSSIAN, file=safe)
    data = written(stream)
    assert data.decode(code_page).encode(code_page) == data
    text = data.decode(code_page)
    assert "\\u2660" in text  # the suit, in neither code page
    assert ("Кинг" in text) == (code_page == "cp1251")


def test_no_console_fails_as_it_arrives(streams: None) -> None:
    sys.stdout = None  # as Python sets it without a console
    with pytest.raises(AttributeError):
        print_json({"ok": True})


def test_no_console_is_written_to_and_forgotten(streams: None) -> None:
    sys.stdout = sys.stderr = None
    sys.excepthook = sys.__excepthook__  # not the test runner's
    console.make_safe()
    print_json({"ok": True})
    print(RUSSIAN, file=sys.stderr)
    sys.excepthook(ValueError, ValueError(RUSSIAN), None)


@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_a_traceback_in_russian_reaches_a_code_page_console(
        code_page: str, streams: None) -> None:
    stream = windows_stream(code_page)
    sys.stderr = stream
    sys.excepthook = sys.__excepthook__
    console.make_safe()
    try:
        raise ValueError(RUSSIAN)
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    text = written(stream).decode(code_page)
    assert "Traceback" in text and "ValueError: " in text and "\\u2660" in text


# --- the program itself, on such a console ---------------------------------------------

SELF_CHECK = ("--self-check", "--only", "icon,translations")
"""Two quick checks whose lines hold Russian (translations) and a × (icon)."""


def run_python(args: list[str], code_page: str, **kwargs: object
               ) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONIOENCODING": f"{code_page}:strict"}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          timeout=300, **kwargs)  # type: ignore[call-overload]


@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_the_self_check_without_a_safe_console_dies(code_page: str) -> None:
    """The deliberate bad case: the self-check's own entry, with nothing made safe."""
    proc = run_python(["-c", "import sys; from cardtable.ui.self_check import main; "
                       f"sys.exit(main({list(SELF_CHECK)!r}))"], code_page)
    assert proc.returncode != 0
    assert b"UnicodeEncodeError" in proc.stdout + proc.stderr


@pytest.mark.parametrize("entry", [["-m", "cardtable"], ["packaging/launch.py"]])
@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_the_self_check_prints_on_a_code_page_console(code_page: str,
                                                      entry: list[str]) -> None:
    proc = run_python([*entry, *SELF_CHECK], code_page)
    text = proc.stdout.decode(code_page)
    assert proc.returncode == 0, text + proc.stderr.decode(code_page)
    assert text.splitlines()[-1] == "self-check: 2 passed, 0 failed"
    assert "ok    icon: 64\\xd764" in text or "ok    icon: 64×64" in text
    assert "Новая" in text or "\\u041d\\u043e\\u0432\\u0430\\u044f" in text


def no_standard_handles() -> None:
    """In the child, before Python starts: no standard output or error at all."""
    os.close(1)
    os.close(2)


def test_the_self_check_without_any_console_writes_its_report(tmp_path: Path) -> None:
    """Started as Explorer starts it: no standard handles at all."""
    report = tmp_path / "report.txt"
    proc = run_python(["packaging/launch.py", *SELF_CHECK, "--report", str(report)],
                      "cp1252", stdin=subprocess.DEVNULL, preexec_fn=no_standard_handles)
    assert proc.returncode == 0
    text = report.read_text(encoding="utf-8")
    assert "Новая" in text and text.splitlines()[-1] == "self-check: 2 passed, 0 failed"


@pytest.mark.parametrize("code_page", CODE_PAGES)
def test_the_command_line_prints_russian_on_a_code_page_console(
        code_page: str, tmp_path: Path) -> None:
    """``--help`` holds the games' Russian names."""
    proc = run_python(["-m", "cardtable", "--help"], code_page)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    assert "Трефы" in proc.stdout.decode(code_page) or b"\\u0422" in proc.stdout
