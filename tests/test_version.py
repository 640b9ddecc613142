"""``cardtable.__version__``: found without ``importlib.metadata`` (a fifth of the
table's start), the same as ``importlib.metadata`` finds it."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import cardtable


def write_metadata(folder: Path, dist_info: str, header: str) -> None:
    (folder / dist_info).mkdir(parents=True)
    (folder / dist_info / "METADATA").write_text(header + "\n\nA long description.\n"
                                                 "Version: 666\n", encoding="utf-8")


def test_the_version_is_the_installed_distributions() -> None:
    assert cardtable._version() == version("cardtable")


def test_importing_the_package_asks_for_no_version() -> None:
    code = ("import sys, cardtable; assert 'importlib.metadata' not in sys.modules, 1; "
            "v = cardtable.__version__; assert 'importlib.metadata' not in sys.modules, 2; "
            "print(v)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == version("cardtable")


def test_the_first_distribution_on_the_path_wins(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    write_metadata(first, "CardTable-7.1.dist-info", "Metadata-Version: 2.1\n"
                   "Name: cardtable\nVersion: 7.1.2")
    write_metadata(second, "cardtable-8.0.dist-info", "Name: cardtable\nVersion: 8.0")
    write_metadata(first, "cardtable_extras-9.0.dist-info", "Name: cardtable-extras\n"
                   "Version: 9.0")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(first), str(second)])
    assert cardtable._recorded_version() == "7.1.2"
    assert cardtable._recorded_version() == version("cardtable")  # as importlib finds it


def test_a_checkout_without_an_installation_reads_pyproject(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib

    monkeypatch.setattr(sys, "path", [])
    pyproject = Path(cardtable.__file__).resolve().parent.parent / "pyproject.toml"
    expected = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    assert cardtable._recorded_version() is None
    assert cardtable._version() == expected


def test_another_name_is_no_attribute() -> None:
    with pytest.raises(AttributeError, match="__versoin__"):
        cardtable.__versoin__  # noqa: B018
