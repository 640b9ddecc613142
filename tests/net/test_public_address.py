"""Behind a proxy the invitations name the address players use, not the one listened on."""

from __future__ import annotations

from cardtable.net.invitation import read_link
from cardtable.net.server import TableServer


def test_the_invitation_names_the_public_address() -> None:
    server = TableServer(None, public_host="cards.example.org", port=8765, tls=True,
                         public_port=443)
    invitation = read_link(server.invitation("K7QX-M2PD").link)
    assert (invitation.host, invitation.port, invitation.tls) == ("cards.example.org", 443, True)
    assert invitation.url == "wss://cards.example.org:443"
    server.close()


def test_listening_everywhere_is_not_an_address_to_give_out() -> None:
    server = TableServer(None, public_host="0.0.0.0", port=8765)
    assert read_link(server.invitation("K7QX-M2PD").link).host == "127.0.0.1"
    server.close()
