"""``--self-check``: each check passes on a sound installation and fails, naming what
is wrong, on a broken one (a missing level, a blank card, no Russian, a bad autosave,
a player that crashes).  CI runs the whole self-check on the bundle itself."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from cardtable import ai
from cardtable.engine.record import RecordError
from cardtable.ui import i18n, self_check
from cardtable.ui.art import cache
from cardtable.ui.self_check import CheckFailed, Context, Table

pytestmark = pytest.mark.usefixtures("no_translators")

FAST = Table("Метаморфоза, 2 players", "metamorphosis", {"players": 2, "partii": 1},
             ("random", "easy"))
KING = Table("Кинг, 3 players", "king", {"players": 3}, ("random", "easy", "easy"))


@pytest.fixture
def ctx(qapp: QApplication, tmp_path: Path) -> Any:
    context = Context(qapp, tmp_path)
    yield context
    if context.window is not None:
        context.window.controller.stop()
        context.window.close()


def missing_module() -> dict[str, type]:
    raise ModuleNotFoundError("No module named 'cardtable.ai.king_hard'",
                              name="cardtable.ai.king_hard")


def test_every_level_is_there_in_a_sound_install(ctx: Context) -> None:
    detail = self_check.check_levels(ctx)
    for game in ("king", "clubs", "metamorphosis"):
        assert f"{game} random/easy/normal/hard" in detail


def test_a_level_missing_from_the_install_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the first bundle did: the players' modules were not in it."""
    monkeypatch.setitem(ai.LOADERS, ("king", "hard"), missing_module)
    with pytest.raises(CheckFailed, match="king: level hard missing"):
        self_check.check_levels(ctx)


def test_a_deal_between_computers_plays_through_the_window(ctx: Context) -> None:
    self_check.check_window(ctx)
    detail = self_check.play_deal(ctx, FAST, seed=3)
    assert "moves in" in detail and "scores" in detail
    assert ctx.window.controller.state.is_over


def test_a_computer_player_that_fails_fails_the_deal(ctx: Context) -> None:
    class Broken:
        def choose(self, *args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("search crashed")

    self_check.check_window(ctx)
    ctx.window.controller.player_factory = lambda game, level: Broken()
    with pytest.raises(CheckFailed, match="search crashed"):
        self_check.play_deal(ctx, FAST, seed=3)


def test_the_autosave_is_written_read_back_and_resumed(ctx: Context) -> None:
    self_check.check_window(ctx)
    self_check.play_deal(ctx, KING, seed=5)
    assert "resumed at deal 2" in self_check.check_autosave(ctx)


def test_a_corrupt_autosave_fails_the_check(ctx: Context) -> None:
    self_check.check_window(ctx)
    self_check.play_deal(ctx, KING, seed=5)
    path = ctx.window.controller.autosave_path
    assert ctx.window.controller.flush_autosave(30)  # written off the table's thread
    path.write_text(path.read_text("utf-8")[:200], "utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        self_check.check_autosave(ctx)


def test_cards_render(ctx: Context) -> None:
    assert self_check.check_cards(ctx) == "108 pictures"


def test_a_card_that_renders_blank_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    def blank(svg: str, width: int, height: int) -> QImage:
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        return image

    monkeypatch.setattr(cache, "render_svg", blank)
    with pytest.raises(CheckFailed, match="did not render"):
        self_check.check_cards(ctx)


def test_the_russian_catalogue_is_found(ctx: Context) -> None:
    assert "Новая игра" in self_check.check_russian(ctx)


def test_no_russian_catalogue_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "no-translations"
    empty.mkdir()
    monkeypatch.setattr(i18n, "translations_dir", lambda: empty)
    with pytest.raises(CheckFailed, match="program's Russian catalogue is missing"):
        self_check.check_russian(ctx)


def test_locale_data_sorts_each_language_its_own_way(ctx: Context) -> None:
    assert self_check.check_locale(ctx).startswith("collation and case in en and ru")


def test_the_report_names_each_check_and_ends_with_the_count(
        qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    def good(ctx: Context) -> str:
        return "fine"

    def bad(ctx: Context) -> str:
        raise CheckFailed("the thing is missing")

    def crash(ctx: Context) -> str:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(self_check, "checks",
                        lambda: iter([("first", good), ("second", bad), ("third", crash)]))
    out = io.StringIO()
    assert self_check.run(qapp, out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ok    first: fine")
    assert lines[1].startswith("FAIL  second: the thing is missing")
    assert lines[2].startswith("FAIL  third: ZeroDivisionError: boom")
    assert lines[-1] == "self-check: 1 passed, 2 failed"

    monkeypatch.setattr(self_check, "checks", lambda: iter([("first", good)]))
    out = io.StringIO()
    assert self_check.run(qapp, out) == 0
    assert out.getvalue().splitlines()[-1] == "self-check: 1 passed, 0 failed"


def test_main_writes_the_report_file(qapp: QApplication, monkeypatch: pytest.MonkeyPatch,
                                     tmp_path: Path) -> None:
    """A windowed program on Windows has no standard output: the report goes to a file."""
    monkeypatch.setattr(self_check, "checks",
                        lambda: iter([("levels", self_check.check_levels)]))
    monkeypatch.setattr(sys, "stdout", None)
    report = tmp_path / "report.txt"
    assert self_check.main(["--self-check", "--report", str(report)]) == 0
    text = report.read_text("utf-8")
    assert text.startswith("ok    levels: king random/easy/normal/hard")
    assert text.splitlines()[-1] == "self-check: 1 passed, 0 failed"


def test_every_level_of_every_game_sits_at_some_table() -> None:
    for game in ("king", "clubs", "metamorphosis"):
        seated = {level for table in self_check.TABLES if table.game == game
                  for level in table.levels}
        assert seated == set(ai.LEVELS), game
    assert any(t.game == "clubs" and t.options["players"] >= 6 for t in self_check.TABLES)


def test_the_desktops_platform_plugin_loads(ctx: Context) -> None:
    detail = self_check.check_platform(ctx)
    if sys.platform.startswith("linux"):
        assert detail.startswith("libqxcb.so, libqwayland.so")


def test_a_missing_platform_plugin_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    key = "linux" if sys.platform.startswith("linux") else sys.platform
    monkeypatch.setitem(self_check.NATIVE_PLATFORMS, key, ("libqnowhere.so",))
    with pytest.raises(CheckFailed, match=r"libqnowhere\.so is missing"):
        self_check.check_platform(ctx)


def test_a_program_without_its_version_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable

    assert self_check.check_version(ctx) == cardtable.__version__
    monkeypatch.setattr(cardtable, "__version__", "0+unknown")
    with pytest.raises(CheckFailed, match="no version"):
        self_check.check_version(ctx)


def test_a_missing_level_says_why(ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ai.LOADERS, ("clubs", "easy"), missing_module)
    with pytest.raises(CheckFailed, match=r"No module named 'cardtable\.ai\.king_hard'"):
        self_check.check_levels(ctx)


def test_a_crash_outside_the_checks_is_reported_not_raised(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A windowed bundle must never end in an exception dialog that nobody closes."""
    def explode(app: Any, out: Any, *only: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(self_check, "run", explode)
    report = tmp_path / "report.txt"
    assert self_check.main(["--self-check", "--report", str(report)]) == 1
    text = report.read_text("utf-8")
    assert "FAIL  self-check stopped" in text and "KeyboardInterrupt" in text
    assert text.splitlines()[-1] == "self-check: 0 passed, 1 failed"


def test_the_statistics_are_written_and_read_back(ctx: Context) -> None:
    assert "read back after a reopen" in self_check.check_statistics(ctx)


def test_statistics_that_cannot_be_kept_fail_the_check(ctx: Context) -> None:
    (ctx.folder / "statistics.sqlite").mkdir()  # a folder where the database should be
    with pytest.raises(CheckFailed, match="cannot be kept"):
        self_check.check_statistics(ctx)


def test_a_network_game_plays_on_the_loopback(ctx: Context) -> None:
    detail = self_check.check_network(ctx)
    assert detail.startswith("Метаморфоза for 2 on ws://127.0.0.1:")
    assert "websockets" in detail and "OpenSSL" in detail
    (record,) = [path for path in (ctx.folder / "tables").glob("*.json")
                 if not path.name.endswith(".table.json")]
    assert record.stat().st_size > 0


@pytest.mark.parametrize("module", ["websockets", "ssl"])
def test_a_bundle_without_the_websocket_library_or_tls_fails_the_check(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """What a bundle that left them out (as it once left out ``ssl``) would do."""
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(ImportError, match=module):
        self_check.check_network(ctx)
