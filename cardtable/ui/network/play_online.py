"""Game ▸ Play online: hosting a table or joining one, from the dialog to the lobby to
the table's own window.

Hosting starts this program's own table server (:class:`EmbeddedServer`), makes the
table on it and sits the host at their seat, all through the protocol — the host is
one client among the others.  Joining connects to the address in the invitation.
Either way the lobby shows who is there until the game starts, and then the network
table opens in a window of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QDialog, QMessageBox

from cardtable.ui import texts
from cardtable.ui.network.kept_seats import (
    KeptSeat,
    forget_seat,
    keep_seat,
    kept_seat,
    last_hosted,
    other_seats_here,
)
from cardtable.ui.network.link import NetLink
from cardtable.ui.network.remote_controller import RemoteController
from cardtable.ui.settings import human_default_name, load_settings

if TYPE_CHECKING:
    from cardtable.ui.network.hosting import EmbeddedServer
    from cardtable.ui.network.lobby import LobbyDialog
    from cardtable.ui.window.main_window import MainWindow

NAME_KEY = "online/name"
"""The name last shown at a network table."""


class PlayOnline(QObject):
    """The window's way to network tables (one lobby at a time)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.lobby: LobbyDialog | None = None
        self.server: EmbeddedServer | None = None
        self.bind = "0.0.0.0"
        """Where a hosted table listens (tests: 127.0.0.1 only)."""
        self.data = None
        """The hosted tables' folder (None: beside the program's other data)."""

    def _name(self, qs: QSettings) -> str:
        return str(qs.value(NAME_KEY, "") or human_default_name())

    # --- hosting ----------------------------------------------------------------------

    def host(self) -> None:
        from cardtable.ui.network.host_dialog import HostDialog

        dialog = HostDialog(load_settings(self.window.qs), self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        plan = dialog.plan()
        first = plan.here[0]
        name = plan.settings.seats[first].name or self._name(self.window.qs)
        self.window.qs.setValue(NAME_KEY, name)
        server = self._start_server()
        if server is None:
            return
        link = NetLink(server.url, "", name, create=plan.request(), seat=first,
                       fingerprint=server.fingerprint)
        remote = RemoteController(link)
        others = [(i, plan.settings.seats[i].name) for i in plan.here[1:]]
        if others:  # the other people here sit down once the table is made
            link.received.connect(lambda message: self._seat_others(remote, message, others))
        self._lobby(remote, server)

    def _seat_others(self, remote: RemoteController, message: dict[str, Any],
                     others: list[tuple[int, str]]) -> None:
        if message.get("type") != "created":
            return
        for seat, name in others:
            link = NetLink(remote.link.url, str(message["code"]), name, seat=seat,
                           fingerprint=remote.link.fingerprint)
            self._sit_here(remote, link)

    def _sit_here(self, remote: RemoteController, link: NetLink) -> None:
        """Another person at this screen takes their seat (kept, to come back too)."""
        remote.add_seat(link)
        link.joined.connect(lambda joined: keep_seat(self.window.qs, KeptSeat(
            str(joined["code"]), int(joined["seat"]), str(joined["token"]), link.url,
            link.name, link.fingerprint), first=False))
        link.start()

    def _start_server(self) -> EmbeddedServer | None:
        from cardtable.ui.network.hosting import EmbeddedServer
        from cardtable.ui.window.main_window import autosave_location

        if self.server is not None:
            return self.server
        data = self.data if self.data is not None else autosave_location().with_name("tables")
        server = EmbeddedServer(data, host=self.bind,
                                computer_pace=self.window.controller.pace.move_ms / 1000)
        if not server.start():
            QMessageBox.warning(self.window, self.tr("Host a table"), texts.fill(self.tr(
                "The table cannot be hosted: this computer does not let the program listen "
                "for other players (%1)."), server.error or "?"))
            return None
        self.server = server
        return server

    # --- joining ----------------------------------------------------------------------

    def join(self) -> None:
        from cardtable.ui.network.join_dialog import JoinDialog

        dialog = JoinDialog(self._name(self.window.qs), self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        plan = dialog.plan()
        if plan is None:
            return
        self.window.qs.setValue(NAME_KEY, plan.name)
        invitation = plan.invitation
        kept = kept_seat(self.window.qs, invitation.code)
        link = NetLink(invitation.url, invitation.code, plan.name,
                       fingerprint=invitation.fingerprint,
                       seat=kept.seat if kept else None, token=kept.token if kept else None)
        self._lobby(RemoteController(link), None)

    def host_again(self) -> None:
        """Host the last table again (after a quit or a crash): this program's server
        resumes it from the disk, the host takes their seat back, and everyone else
        comes back with the invitation they have."""
        kept = last_hosted(self.window.qs)
        if kept is None:
            QMessageBox.information(self.window, self.tr("Host a table"), self.tr(
                "There is no table of yours to host again: its game is over or was never "
                "started here."))
            return
        server = self._start_server()
        if server is None:
            return
        link = NetLink(server.url, kept.code, kept.name, seat=kept.seat, token=kept.token,
                       fingerprint=server.fingerprint)
        link.host_token = kept.host_token
        remote = RemoteController(link)
        self._lobby(remote, server)
        for other in other_seats_here(self.window.qs, kept.code):  # everyone here sits again
            self._sit_here(remote, NetLink(server.url, kept.code, other.name, seat=other.seat,
                                           token=other.token, fingerprint=server.fingerprint))

    # --- the lobby, then the table ----------------------------------------------------

    def _lobby(self, remote: RemoteController, server: EmbeddedServer | None) -> None:
        from cardtable.ui.network.hosting import home_address
        from cardtable.ui.network.lobby import LobbyDialog

        lobby = LobbyDialog(remote, home_address() if server is not None else None,
                            self.window)
        self.lobby = lobby
        remote.tableReady.connect(lambda: self._open_table(remote, server))
        remote.link.joined.connect(lambda joined: self._keep(remote, joined))
        remote.gameFinished.connect(lambda *_: forget_seat(self.window.qs, remote.link.code))
        lobby.rejected.connect(lambda: self._left(remote, server))
        remote.link.start()
        lobby.show()

    def _keep(self, remote: RemoteController, joined: dict[str, Any]) -> None:
        """Keep the first seat's token, to come back after a crash or a quit."""
        link = remote.link
        keep_seat(self.window.qs, KeptSeat(
            str(joined["code"]), int(joined["seat"]), str(joined["token"]),
            link.url, link.name, link.fingerprint, link.host_token))

    def _open_table(self, remote: RemoteController, server: EmbeddedServer | None) -> None:
        from cardtable.ui.network.online_window import OnlineWindow

        if remote.property("opened"):
            return
        remote.setProperty("opened", True)
        window = OnlineWindow(remote, self.window.qs, self.window.statistics.path, server)
        if server is not None:
            self.server = None  # the table's window owns it now
        self.lobby = None
        window.show()

    def _left(self, remote: RemoteController, server: EmbeddedServer | None) -> None:
        self.lobby = None
        remote.stop()
        remote.deleteLater()
        if server is not None:
            server.stop()
            if self.server is server:
                self.server = None
