"""The public server's packaging (packaging/server/) and the README's network section
name what exists: the container runs ``serve`` with websockets at the pinned version
and no Qt, the proxies forward WebSocket upgrades to the port ``serve`` listens on,
and every network command the documents show is one the command line takes."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

from cardtable.cli import build_parser

REPO = Path(__file__).resolve().parents[1]
SERVER = REPO / "packaging" / "server"
DOCUMENTS = (REPO / "README.md", SERVER / "README.md")


def dockerfile_problems(text: str, pinned: str) -> list[str]:
    """What is wrong with the server's Dockerfile: empty when nothing is."""
    problems = []
    entry = re.search(r"^ENTRYPOINT\s+(\[.*?\])\s*$", text.replace("\\\n", ""), re.M | re.S)
    command = [] if entry is None else [w.strip(' "') for w in entry.group(1)[1:-1].split(",")]
    if command[:4] != ["python", "-m", "cardtable", "serve"]:
        problems.append(f"the entry point is not python -m cardtable serve: {command}")
    for flag, value in (("--host", "0.0.0.0"), ("--data", "/data")):
        if flag not in command or command[command.index(flag) + 1] != value:
            problems.append(f"the server is not started with {flag} {value}")
    if f"websockets=={pinned}" not in text:
        problems.append(f"websockets is not installed at pins.toml's {pinned}")
    qt = [line for line in text.splitlines()
          if not line.startswith("#") and re.search(r"pyside6|shiboken", line, re.I)]
    if qt:
        problems.append(f"the image installs Qt: {qt}")
    if not re.search(r"^STOPSIGNAL SIGINT$", text, re.M):
        problems.append("docker stop would end the server without writing its tables")
    if not re.search(r"^VOLUME /data$", text, re.M):
        problems.append("the tables are not kept in a volume")
    return problems


def pinned_websockets() -> str:
    with (REPO / "packaging" / "pins.toml").open("rb") as f:
        return str(tomllib.load(f)["wheels"]["websockets"])


def test_the_container_runs_the_server_as_pinned_without_qt() -> None:
    text = (SERVER / "Dockerfile").read_text("utf-8")
    assert dockerfile_problems(text, pinned_websockets()) == []


@pytest.mark.parametrize("change, complaint", [
    (("serve", "replay"), "not python -m cardtable serve"),
    (('"--data", "/data"', '"--data", "/tmp"'), "--data /data"),
    (("websockets==", "websockets>="), "pins.toml"),
    (("STOPSIGNAL SIGINT", "STOPSIGNAL SIGTERM"), "docker stop"),
    (("pip install --no-cache-dir", "pip install --no-cache-dir PySide6-Essentials"),
     "installs Qt"),
])
def test_a_wrong_dockerfile_is_caught(change: tuple[str, str], complaint: str) -> None:
    text = (SERVER / "Dockerfile").read_text("utf-8").replace(*change)
    problems = dockerfile_problems(text, pinned_websockets())
    assert any(complaint in problem for problem in problems), problems


def test_the_proxies_forward_websockets_to_the_servers_port() -> None:
    port = build_parser().parse_args(["serve"]).port
    caddy = (SERVER / "Caddyfile").read_text("utf-8")
    assert re.search(rf"^\s*reverse_proxy 127\.0\.0\.1:{port}$", caddy, re.M)
    nginx = (SERVER / "nginx.conf").read_text("utf-8")
    assert f"proxy_pass http://127.0.0.1:{port};" in nginx
    assert "proxy_set_header Upgrade $http_upgrade;" in nginx
    assert "proxy_http_version 1.1;" in nginx
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in nginx


def network_commands(text: str) -> list[list[str]]:
    """Every ``python -m cardtable serve|table|join …`` line of a document (continued
    over a backslash), as arguments."""
    joined = text.replace("\\\n", " ")
    return [shlex.split(line)[3:] for line in re.findall(
        r"^\s*(python -m cardtable (?:serve|table|join)\b[^\n`]*)$", joined, re.M)]


def test_every_network_command_in_the_documents_is_taken() -> None:
    parser = build_parser()
    found = [args for document in DOCUMENTS
             for args in network_commands(document.read_text("utf-8"))]
    assert {args[0] for args in found} == {"serve", "table", "join"}
    for args in found:
        parsed = parser.parse_args(args)
        assert parsed.run is not None, args


def test_a_command_the_line_does_not_take_is_caught() -> None:
    (args,) = network_commands("python -m cardtable serve --listen 0.0.0.0\n")
    with pytest.raises(SystemExit):
        build_parser().parse_args(args)


def test_the_readmes_one_process_figure_is_the_benchmarks() -> None:
    """The figure the README gives is one the benchmark's notes report, with the
    command that measures it."""
    readme = " ".join((REPO / "README.md").read_text("utf-8").split())
    notes = (REPO / "cardtable" / "tools" / "README.md").read_text("utf-8")
    assert "One process holds 1,000 tables" in readme
    assert "`python -m cardtable bench server`" in readme
    assert "within 31 ms at p99" in readme
    assert "| 1,000 | 1 | 495 | 2.3 ms | 31 ms |" in notes
