"""A network table through the real dialogs: host (this program's own server, on
loopback), a second program joining by the invitation, the lobby, the game played from
both screens, and the end told to both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QDialogButtonBox

from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.net.codec import view_class
from cardtable.net.invitation import read_link
from cardtable.ui.controller import Waiting
from cardtable.ui.network.host_dialog import HostDialog
from cardtable.ui.network.join_dialog import JoinDialog
from cardtable.ui.network.lobby import LobbyDialog
from cardtable.ui.network.online_window import OnlineWindow
from cardtable.ui.network.play_online import PlayOnline
from cardtable.ui.settings import GameSettings, save_settings
from cardtable.ui.window.main_window import MainWindow


def _window(tmp: Path, name: str) -> MainWindow:
    qs = QSettings(str(tmp / f"{name}.ini"), QSettings.Format.IniFormat)
    return MainWindow(qs, autosave=tmp / f"{name}.json", start=False,
                      statistics=tmp / f"{name}.sqlite")


def _hosted(qtbot: Any, tmp_path: Path, settings: GameSettings,
            fill: Any = lambda dialog: None) -> tuple[MainWindow, MainWindow, LobbyDialog, str]:
    """A host's window and a guest's; the host hosts ``settings`` through the dialog
    (filled by ``fill``) on loopback: the lobby and the invitation once it shows."""
    host_window, guest_window = _window(tmp_path, "host"), _window(tmp_path, "guest")
    qtbot.addWidget(host_window)
    qtbot.addWidget(guest_window)
    save_settings(host_window.qs, settings)
    hosting = PlayOnline(host_window)
    hosting.bind, hosting.data = "127.0.0.1", tmp_path / "tables"
    _answer(HostDialog, fill)
    hosting.host()
    lobby = hosting.lobby
    assert isinstance(lobby, LobbyDialog)
    qtbot.waitUntil(lambda: lobby.link.text().startswith("cardtable://"), timeout=20000)
    return host_window, guest_window, lobby, lobby.link.text()


def _answer(kind: type[QDialog], fill: Any) -> None:
    """When a modal dialog of ``kind`` opens, fill it and press OK."""
    def find() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, kind) and widget.isVisible():
                fill(widget)
                widget.findChild(QDialogButtonBox).button(
                    QDialogButtonBox.StandardButton.Ok).click()
                return
        QTimer.singleShot(20, find)
    QTimer.singleShot(0, find)


def _seat_text(lobby: LobbyDialog, seat: int) -> str:
    """The lobby's line for ``seat`` ('' until the lobby has heard of the seats)."""
    item = lobby.seats.item(seat)
    return "" if item is None else item.text()


def _online_windows() -> list[OnlineWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, OnlineWindow)]


@pytest.mark.parametrize("by", ["link", "typed"])
def test_host_and_join_through_the_dialogs_and_play_to_the_end(qtbot: Any, tmp_path: Path,
                                                                by: str) -> None:
    """Joined by the pasted invitation (the certificate checked by its fingerprint), or
    by the address and code as read out (TLS without the check)."""
    _, guest_window, lobby, invitation = _hosted(
        qtbot, tmp_path, GameSettings("metamorphosis", {"players": 3}, [
            Seat("Аня", HUMAN, None), Seat("Guest", HUMAN, None), Seat("Вера", COMPUTER, "easy")],
            {}))

    joining = PlayOnline(guest_window)
    link = read_link(invitation)

    def fill(dialog: JoinDialog) -> None:
        if by == "link":
            dialog.address.setText(invitation)
        else:
            dialog.address.setText(f"127.0.0.1:{link.port}")
            dialog.code.setText(link.code.lower().replace("-", " "))
        dialog.name.setText("Борис")

    _answer(JoinDialog, fill)
    joining.join()
    qtbot.waitUntil(lambda: "Борис" in _seat_text(lobby, 1), timeout=20000)
    assert lobby.start.isVisible() and lobby.start.isEnabled()
    lobby.start.click()
    qtbot.waitUntil(lambda: len(_online_windows()) == 2, timeout=20000)
    windows = _online_windows()  # they delete themselves when closed (below)
    try:
        _play_to_the_end(qtbot, [w.remote for w in windows])
        # each computer's statistics count the game, with the people's names
        for window in windows:
            qtbot.waitUntil(lambda w=window: w.stats is not None, timeout=20000)
            stats = window.stats
            assert stats is not None
            qtbot.waitUntil(lambda s=stats: s.settle(0.1) == 0 and s.game_count() == 1,
                            timeout=20000)
            assert {"Аня", "Борис"} <= set(stats.players())
    finally:
        for window in windows:
            window.remote.stop()
            window.close()


def _play_to_the_end(qtbot: Any, remotes: list[Any]) -> None:
    assert sorted(r.seat for r in remotes) == [0, 1]

    def play() -> bool:
        for remote in remotes:
            if remote.waiting == Waiting.HUMAN:
                view = remote.view()
                assert view is not None and view.to_move == remote.seat
                remote.submit(view.legal[0])
            elif remote.waiting == Waiting.NEXT_DEAL:
                remote.next_deal()
        return all(r.is_over and r.can_watch() for r in remotes)

    qtbot.waitUntil(play, timeout=120000)
    totals = {tuple(r.view().totals) for r in remotes}  # type: ignore[union-attr]
    assert len(totals) == 1
    watched = remotes[0].copy_to_watch()
    assert watched is not None and tuple(watched.state.totals) in totals


@pytest.mark.parametrize("text, problem", [
    ("", ""),
    ("cardtable://nowhere", "cannot be read"),
    ("192.168.1.20:99999", "address"),
])
def test_the_join_dialog_says_what_it_cannot_read(qtbot: Any, text: str, problem: str) -> None:
    dialog = JoinDialog("Аня")
    qtbot.addWidget(dialog)
    dialog.address.setText(text)
    dialog.code.setText("K7QX-M2PD")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    assert problem in dialog.problem.text()
    dialog.address.setText("192.168.1.20:8765")
    assert ok.isEnabled()


def test_a_guest_whose_program_closed_comes_back_to_the_same_seat_by_the_same_invitation(
        qtbot: Any, tmp_path: Path) -> None:
    """The token is kept between runs (a crash, a quit): joining again with the
    invitation seats the person where they were, the game as it stands; and a host who
    quit hosts the last table again."""
    host_window, guest_window, lobby, invitation = _hosted(
        qtbot, tmp_path, GameSettings("king", {"players": 4}, [
            Seat("Аня", HUMAN, None), Seat("Guest", HUMAN, None), Seat("Вера", COMPUTER, "easy"),
            Seat("Гена", COMPUTER, "easy")], {}))

    def join() -> None:
        joining = PlayOnline(guest_window)
        _answer(JoinDialog, lambda dialog: (dialog.address.setText(invitation),
                                            dialog.name.setText("Борис")))
        joining.join()

    join()
    qtbot.waitUntil(lambda: "Борис" in _seat_text(lobby, 1), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: len(_online_windows()) == 2, timeout=20000)
    host_table, guest_table = sorted(_online_windows(), key=lambda w: w.remote.seat or 0)
    try:
        qtbot.waitUntil(lambda: guest_table.remote.has_game, timeout=20000)
        step = guest_table.remote.step_count
        guest_table.remote.stop()  # the program is gone: nothing said to the server
        guest_table.close()
        qtbot.waitUntil(lambda: "1" in host_table.status_label.text() or bool(
            host_table.scene.plates[1].away), timeout=20000)
        assert host_table.scene.plates[1].away  # the host sees who is away
        join()  # the same invitation, the same seat, the game as it stands
        qtbot.waitUntil(lambda: len(_online_windows()) == 2, timeout=20000)
        again = next(w for w in _online_windows() if w is not host_table)
        assert again.remote.seat == 1
        qtbot.waitUntil(lambda: again.remote.step_count >= step, timeout=20000)
        qtbot.waitUntil(lambda: not host_table.scene.plates[1].away, timeout=20000)
        again.remote.stop()
        again.close()
    finally:
        for window in _online_windows():
            window.remote.stop()
            window.close()
    # the host quit: hosting the last table again seats them back at it
    hosting_again = PlayOnline(host_window)
    hosting_again.bind, hosting_again.data = "127.0.0.1", tmp_path / "tables"
    hosting_again.host_again()
    try:
        qtbot.waitUntil(lambda: len(_online_windows()) == 1, timeout=20000)
        assert _online_windows()[0].remote.seat == 0
        assert _online_windows()[0].remote.has_game
    finally:
        for window in _online_windows():
            window.remote.stop()
            window.close()


@pytest.mark.parametrize("planted_leak", [False, True])
def test_two_people_at_the_hosts_screen_hand_it_over_as_in_pass_and_play(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        planted_leak: bool) -> None:
    """Two seats here and one invited: the host's table hands the screen between the
    two people here, hiding every hand between them, and the game plays to its end.
    (The planted leak — a public view that keeps the hand — shows the check sees it.)"""
    if planted_leak:
        monkeypatch.setattr(view_class("metamorphosis"), "public", lambda view: view)
    def two_here(dialog: HostDialog) -> None:
        kind = dialog.findChild(QComboBox, "seat_kind_1")
        kind.setCurrentIndex(kind.findData(HUMAN))  # Боря is here too; seat 3 invited

    _, guest_window, lobby, invitation = _hosted(
        qtbot, tmp_path, GameSettings("metamorphosis", {"players": 3}, [
            Seat("Аня", HUMAN, None), Seat("Боря", HUMAN, None), Seat("Guest", HUMAN, None)],
            {}), two_here)
    joining = PlayOnline(guest_window)
    _answer(JoinDialog, lambda dialog: (dialog.address.setText(invitation),
                                        dialog.name.setText("Вера")))
    joining.join()
    qtbot.waitUntil(lambda: "Вера" in _seat_text(lobby, 2), timeout=20000)
    assert "Боря" in _seat_text(lobby, 1)
    lobby.start.click()
    qtbot.waitUntil(lambda: len(_online_windows()) == 2, timeout=20000)
    windows = _online_windows()
    host = next(w.remote for w in windows if w.remote.is_host)
    guest = next(w.remote for w in windows if not w.remote.is_host)
    handovers: list[int] = []
    host.handOver.connect(handovers.append)
    leaks: list[str] = []
    host.stepped.connect(lambda _events, view: host.concealed and view.hand and leaks.append(
        f"a hand shown between two people: {view.hand}"))
    try:
        assert sorted(host.links) == [0, 1] and guest.seat == 2

        def play() -> bool:
            if host.waiting == Waiting.HANDOVER:
                shown = host.view()
                if shown is not None and shown.hand:
                    leaks.append(f"a hand shown while the screen is handed over: {shown.hand}")
                host.take_over()
            for remote in (host, guest):
                if remote.waiting == Waiting.HUMAN:
                    view = remote.view()
                    assert view is not None and view.to_move == remote.viewer
                    remote.submit(view.legal[0])
                elif remote.waiting == Waiting.NEXT_DEAL:
                    remote.next_deal()
            return host.is_over and guest.is_over and host.can_watch()

        qtbot.waitUntil(play, timeout=120000)
        assert handovers and set(handovers) <= {0, 1}
        assert bool(leaks) == planted_leak
        assert host.view().totals == guest.view().totals  # type: ignore[union-attr]
    finally:
        for window in windows:
            window.remote.stop()
            window.close()


def test_a_typed_home_address_whose_server_speaks_no_tls_is_reached_plainly(
        qtbot: Any, tmp_path: Path) -> None:
    """``serve`` without a certificate on the home network: the typed address (TLS
    tried first, as a hosted table speaks it) falls back to a plain WebSocket."""
    import asyncio
    import threading

    from cardtable.net.client import UNCHECKED
    from cardtable.net.server import TableServer, run_server
    from cardtable.ui.network.link import NetLink

    ports: list[int] = []
    stop: list[Any] = []

    def serve() -> None:
        async def main() -> None:
            stop.append((asyncio.get_running_loop(), asyncio.Event()))
            await run_server(TableServer(None), "127.0.0.1", 0, ready=ports.append,
                             stop=stop[0][1])
        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: bool(ports), timeout=10000)
    link = NetLink(f"wss://127.0.0.1:{ports[0]}", "", "Аня", fingerprint=UNCHECKED,
                   create={"game": "king", "seats": [{"kind": "open"}] * 4})
    joined: list[Any] = []
    link.joined.connect(joined.append)
    link.start()
    try:
        qtbot.waitUntil(lambda: bool(joined), timeout=20000)
        assert link.url.startswith("ws://") and joined[0]["seat"] == 0
    finally:
        link.close()
        loop, event = stop[0]
        loop.call_soon_threadsafe(event.set)
        thread.join(10)


def test_hosting_the_last_table_again_seats_everyone_who_played_here(
        qtbot: Any, tmp_path: Path) -> None:
    """Two people here; the host's program closes mid-game; hosting the last table
    again seats both of them back at this screen."""
    def two_here(dialog: HostDialog) -> None:
        kind = dialog.findChild(QComboBox, "seat_kind_1")
        kind.setCurrentIndex(kind.findData(HUMAN))

    host_window, _, lobby, _ = _hosted(
        qtbot, tmp_path, GameSettings("metamorphosis", {"players": 3}, [
            Seat("Аня", HUMAN, None), Seat("Боря", HUMAN, None), Seat("Вера", COMPUTER, "easy")],
            {}), two_here)
    qtbot.waitUntil(lambda: "Боря" in _seat_text(lobby, 1), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: len(_online_windows()) == 1, timeout=20000)
    first = _online_windows()[0]
    qtbot.waitUntil(lambda: sorted(first.remote.links) == [0, 1] and first.remote.has_game,
                    timeout=20000)
    first.remote.stop()
    first.close()
    qtbot.waitUntil(lambda: not _online_windows(), timeout=20000)
    again = PlayOnline(host_window)
    again.bind, again.data = "127.0.0.1", tmp_path / "tables"
    again.host_again()
    try:
        qtbot.waitUntil(lambda: len(_online_windows()) == 1, timeout=20000)
        remote = _online_windows()[0].remote
        qtbot.waitUntil(lambda: sorted(remote.links) == [0, 1], timeout=20000)
        assert remote.has_game and remote.is_host
    finally:
        for window in _online_windows():
            window.remote.stop()
            window.close()
