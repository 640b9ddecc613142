"""The search's worker processes and multiprocessing's resource tracker load nothing of
Qt, and the self-check's line that says so fails when they do.

A worker is started with ``spawn``: it runs the program's entry script again (as
``__mp_main__`` from source, as the whole program in a bundle), so whatever that script
imports before ``freeze_support()`` lands in every worker.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.ai import parallel
from cardtable.ui import self_check
from cardtable.ui.self_check import CheckFailed, Context

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = ROOT / "packaging" / "launch.py"


class Lent:
    """Search workers already started, lent to a check."""

    def __init__(self, pool: parallel.SearchPool) -> None:
        self._pool = pool

    def pool(self) -> parallel.SearchPool:
        return self._pool


@pytest.fixture
def pool() -> Iterator[parallel.SearchPool]:
    started = parallel.SearchPool(2)
    started.warm_up()
    yield started
    started.shutdown()


def test_every_worker_answers_what_it_has_loaded(pool: parallel.SearchPool) -> None:
    answers = pool.modules_loaded(("cardtable",))
    assert sorted(answers) == pool.pids
    assert all("cardtable.ai.parallel" in modules for modules in answers.values())


def test_the_workers_hold_nothing_of_qt(pool: parallel.SearchPool,
                                        tmp_path: Path) -> None:
    assert self_check.qt_in_helpers(pool) == (2, [])
    detail = self_check.check_lean_workers(Context(None, tmp_path, workers=Lent(pool)))
    assert detail.startswith("2 workers without PySide6/shiboken6")
    if sys.platform.startswith("linux"):
        assert "libraries mapped in them and in the resource tracker" in detail


def test_a_worker_that_loaded_qt_fails_the_check(pool: parallel.SearchPool,
                                                 tmp_path: Path) -> None:
    """The deliberate bad case: Qt imported in the workers, as a bundle's entry script
    importing the GUI first did."""
    for _ in range(4):
        pool._executor.submit(exec, "import PySide6.QtCore").result(60)
    with pytest.raises(CheckFailed, match=r"worker \d+ imported PySide6"):
        self_check.check_lean_workers(Context(None, tmp_path, workers=Lent(pool)))
    if sys.platform.startswith("linux"):
        assert any("mapped libQt6Core" in line for line in self_check.qt_in_helpers(pool)[1])


WORKER_START = """\
import runpy, sys
runpy.run_path({script!r}, run_name="__mp_main__")  # as multiprocessing's spawn does
print(sorted(m for m in sys.modules if m.partition(".")[0] in ("PySide6", "shiboken6")))
"""


def modules_a_worker_imports(script: Path) -> str:
    proc = subprocess.run([sys.executable, "-c", WORKER_START.format(script=str(script))],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_the_bundles_entry_script_gives_a_worker_no_qt() -> None:
    assert modules_a_worker_imports(LAUNCH) == "[]"


def test_an_entry_script_that_imports_the_gui_first_gives_workers_qt(tmp_path: Path) -> None:
    """The deliberate bad case: the entry script as it was."""
    script = tmp_path / "launch.py"
    script.write_text("import multiprocessing\nimport sys\n\n"
                      "from cardtable.ui.app import main\n\n"
                      "if __name__ == '__main__':\n"
                      "    multiprocessing.freeze_support()\n"
                      "    sys.exit(main())\n", encoding="utf-8")
    assert "PySide6.QtCore" in modules_a_worker_imports(script)


HOOKS = ROOT / "packaging" / "hooks"
RUN_HOOK = """\
import os, runpy, sys
sys._MEIPASS = {base!r}
sys.path.insert(0, {fake_modules!r})  # PyInstaller's helpers, as inside a bundle
runpy.run_path({hook!r})
print(sorted(m for m in sys.modules if m.partition(".")[0] in ("PySide6", "shiboken6")))
print(os.environ["QT_PLUGIN_PATH"])
"""


def pyinstaller_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("PyInstaller")
    assert spec is not None and spec.origin is not None, "the bundle extra is installed"
    return Path(spec.origin).parent


def run_hook(hook: Path, base: Path) -> list[str]:
    fake_modules = pyinstaller_folder() / "fake-modules"
    code = RUN_HOOK.format(base=str(base), fake_modules=str(fake_modules), hook=str(hook))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_the_bundles_pyside6_hook_replaces_pyinstallers_and_imports_no_qt(
        tmp_path: Path) -> None:
    import ast

    names = ast.literal_eval((HOOKS / "rthooks.dat").read_text(encoding="utf-8"))
    [hook] = [HOOKS / "rthooks" / name for name in names["PySide6"]]
    modules, plugins = run_hook(hook, tmp_path)
    assert modules == "[]"
    assert Path(plugins).is_relative_to(tmp_path / "PySide6")
    assert Path(plugins).name == "plugins"


def test_pyinstallers_own_pyside6_hook_imports_qt(tmp_path: Path) -> None:
    """The deliberate bad case: the hook this replaces loads Qt in every process."""
    hook = pyinstaller_folder() / "hooks" / "rthooks" / "pyi_rth_pyside6.py"
    modules, _ = run_hook(hook, tmp_path)
    assert "PySide6.QtCore" in modules


RUN_MULTIPROCESSING_HOOK = """\
import runpy, sys
sys.argv = {argv!r}
runpy.run_path({hook!r}, run_name="__main__")
print("multiprocessing" in sys.modules)
if "multiprocessing" in sys.modules:
    sys.modules["multiprocessing"].freeze_support()  # as the bundle's entry does
print("the program went on")
"""


def run_multiprocessing_hook(hook: Path, argv: list[str]) -> list[str]:
    code = RUN_MULTIPROCESSING_HOOK.format(argv=argv, hook=str(hook))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def our_multiprocessing_hook() -> Path:
    import ast

    names = ast.literal_eval((HOOKS / "rthooks.dat").read_text(encoding="utf-8"))
    [hook] = [HOOKS / "rthooks" / name for name in names["multiprocessing"]]
    return hook


def test_the_bundles_multiprocessing_hook_loads_nothing_in_the_program() -> None:
    lines = run_multiprocessing_hook(our_multiprocessing_hook(), ["CardTable", "game.ctr"])
    assert lines == ["False", "the program went on"]


def test_pyinstallers_own_multiprocessing_hook_loads_it_in_the_program() -> None:
    """The deliberate bad case: the hook this replaces, in the program itself."""
    hook = pyinstaller_folder() / "hooks" / "rthooks" / "pyi_rth_multiprocessing.py"
    lines = run_multiprocessing_hook(hook, ["CardTable", "game.ctr"])
    assert lines == ["True", "the program went on"]


def test_a_helper_runs_its_line_and_ends_before_the_program() -> None:
    line = "from multiprocessing.resource_tracker import main; print('the helper ran')"
    lines = run_multiprocessing_hook(our_multiprocessing_hook(),
                                     ["CardTable", "-B", "-s", "-c", line])
    assert lines == ["True", "the helper ran"]
    # any other line after -c is not multiprocessing's: the program goes on
    lines = run_multiprocessing_hook(our_multiprocessing_hook(),
                                     ["CardTable", "-c", "print('not a helper')"])
    assert lines == ["False", "the program went on"]


def test_a_workers_arguments_are_read_for_spawn_main() -> None:
    import runpy

    hook = runpy.run_path(str(our_multiprocessing_hook()), run_name="not_main")
    assert hook["worker_arguments"](
        ["CardTable", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"]) == \
        {"tracker_fd": 5, "pipe_handle": 7}
    assert hook["worker_arguments"](
        ["CardTable.exe", "--multiprocessing-fork", "parent_pid=12", "pipe_handle=None"]) \
        == {"parent_pid": 12, "pipe_handle": None}
    assert hook["worker_arguments"](["CardTable", "game.ctr"]) is None
