"""`muggins serve` answers only requests addressed to it and websockets from its own page,
and serves no folder listing and nothing outside its static folder (issue 22).

The rules are checked as a table, then on a real server: a foreign ``Origin`` or ``Host``
gets no trainer, whatever else it sends.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from tests.ui.serve_support import Served, trainers_using
from trainer.ui.serve_guard import Guard, Origin, parse_host, parse_origin, public_origin

LOCAL = ("127.0.0.1", 8000)
PUBLIC = Origin("https", "muggins.example", 443)


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        ("127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("LOCALHOST:8000", ("localhost", 8000)),
        ("[::1]:8000", ("::1", 8000)),
        ("[0:0::1]:8000", ("::1", 8000)),
        ("example.org", ("example.org", None)),
        ("", None),
        ("[::1", None),
        ("[nonsense]:80", None),
        ("evil@127.0.0.1:8000", None),
        ("127.0.0.1:8000/x", None),
        ("127.0.0.1:99999", None),
        ("127.0.0.1:0", None),
        ("127.0.0.1 :8000", None),
    ],
)
def test_a_host_header_is_read_strictly(header: str, parsed: tuple[str, int | None] | None) -> None:
    assert parse_host(header) == parsed


@pytest.mark.parametrize(
    ("header", "allowed"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("127.0.0.1:8001", False),  # another port: another server
        ("127.0.0.1", False),  # port 80
        ("127.0.0.2:8000", False),
        ("127.1:8000", False),
        ("2130706433:8000", False),
        ("attacker.example:8000", False),  # DNS rebinding
        ("localhost.:8000", False),
        ("127.0.0.1.nip.io:8000", False),
        ("muggins.example", True),  # --public-url's host, as a proxy passes it on
        ("muggins.example:443", True),
        ("muggins.example:8000", False),
        (None, False),
    ],
)
def test_the_hosts_a_server_answers_to(header: str | None, allowed: bool) -> None:
    assert Guard("127.0.0.1", PUBLIC).host_allowed(header, LOCAL) is allowed


@pytest.mark.parametrize(
    ("header", "allowed"),
    [
        (None, True),  # not a web page
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("https://muggins.example", True),
        ("https://127.0.0.1:8000", False),
        ("http://127.0.0.1:8001", False),
        ("http://127.0.0.2:8000", False),
        ("http://muggins.example", False),
        ("https://evil.example", False),
        ("null", False),  # a file:// page, a sandboxed frame
        ("file://", False),
        ("http://127.0.0.1:8000.evil.example", False),
        ("http://user@127.0.0.1:8000", False),
        ("http://127.0.0.1:8000/", False),
        ("", False),
    ],
)
def test_the_pages_a_server_takes_websockets_from(header: str | None, allowed: bool) -> None:
    assert Guard("127.0.0.1", PUBLIC).origin_allowed(header, LOCAL) is allowed


def test_on_every_network_the_address_the_browser_came_by_is_the_servers() -> None:
    guard, lan = Guard("0.0.0.0"), ("192.168.1.20", 8000)
    assert guard.host_allowed("192.168.1.20:8000", lan)
    assert guard.origin_allowed("http://192.168.1.20:8000", lan)
    assert not guard.host_allowed("0.0.0.0:8000", lan)
    assert not guard.host_allowed("192.168.1.21:8000", lan)
    assert not guard.origin_allowed("http://192.168.1.21:8000", lan)


def test_a_host_name_served_is_a_name_of_the_server() -> None:
    guard = Guard("muggins.lan")
    assert guard.host_allowed("muggins.lan:8000", ("192.168.1.20", 8000))
    assert guard.origin_allowed("http://MUGGINS.lan:8000", ("192.168.1.20", 8000))


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("https://muggins.example", Origin("https", "muggins.example", 443)),
        ("https://muggins.example/", Origin("https", "muggins.example", 443)),
        ("http://192.168.1.20:8000/", Origin("http", "192.168.1.20", 8000)),
    ],
)
def test_a_public_url_is_an_origin(text: str, origin: Origin) -> None:
    assert public_origin(text) == origin
    assert parse_origin(f"{origin.scheme}://{origin.netloc}") == origin


@pytest.mark.parametrize(
    "text", ["ftp://x", "https://x/muggins", "https://u@x", "muggins.example", "https://x?y"]
)
def test_a_public_url_that_is_no_origin_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="--public-url must be"):
        public_origin(text)


@pytest.mark.parametrize("port", [1, 6000, 6667])
def test_a_public_url_on_a_port_browsers_refuse_is_refused(port: int) -> None:
    with pytest.raises(ValueError, match="browsers refuse") as refused:
        public_origin(f"http://muggins.example:{port}/")
    assert str(refused.value) == (
        f"--public-url http://muggins.example:{port}/: browsers refuse to open port {port} "
        "(it is another service's: a bad port of the Fetch standard)"
    )


def test_a_foreign_page_or_host_gets_no_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        refused, seen = asyncio.run(_handshakes(served))
    finally:
        served.stop()
    port = served.port
    assert refused == {
        "https://evil.example": 403,
        "null": 403,
        f"http://127.0.0.2:{port}": 403,
        f"http://127.0.0.1:{port + 1}": 403,
        f"Host attacker.example:{port}": 421,
        f"Host 127.0.0.2:{port}": 421,
        "page at Host attacker.example": 421,
    }
    assert seen == [], "a refused handshake started a trainer"


async def _handshakes(served: Served) -> tuple[dict[str, int], list[int]]:
    """Each foreign handshake (and a page fetched by a foreign name): its status; and the
    trainers running once they are all done."""
    port, refused = served.port, {}
    async with aiohttp.ClientSession() as session:
        origins = ["https://evil.example", "null", f"http://127.0.0.2:{port}"]
        origins.append(f"http://127.0.0.1:{port + 1}")
        tries = [(o, {"Origin": o}) for o in origins]
        for host in (f"attacker.example:{port}", f"127.0.0.2:{port}"):
            tries.append((f"Host {host}", {"Host": host, "Origin": f"http://{host}"}))
        for name, headers in tries:
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await session.ws_connect(served.socket_url, headers=headers)
            refused[name] = caught.value.status
        foreign = {"Host": f"attacker.example:{port}"}
        async with session.get(served.url, headers=foreign) as response:
            refused["page at Host attacker.example"] = response.status
            assert "ws://" not in await response.text()
    return refused, trainers_using(served.home)


def test_the_pages_own_origin_and_a_client_with_none_get_a_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        opened = asyncio.run(_own_handshakes(served))
    finally:
        served.stop()
    assert opened == [True, True, True]


async def _own_handshakes(served: Served) -> list[bool]:
    opened = []
    async with aiohttp.ClientSession() as session:
        for origin in (f"http://127.0.0.1:{served.port}", f"http://localhost:{served.port}", None):
            headers = {} if origin is None else {"Origin": origin}
            async with session.ws_connect(served.socket_url, headers=headers) as ws:
                message = await ws.receive(timeout=30)
                opened.append(message.type == aiohttp.WSMsgType.BINARY)
    return opened


def test_the_page_names_its_own_socket_whatever_host_it_was_asked_by(tmp_path: Path) -> None:
    served = Served(tmp_path / "home")
    try:
        page, headers = asyncio.run(_page_as(served, f"localhost:{served.port}"))
    finally:
        served.stop()
    assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws"' in page
    assert headers["X-Frame-Options"] == "DENY"  # no other page may frame it
    assert headers["Content-Security-Policy"] == "frame-ancestors 'none'"


async def _page_as(served: Served, host: str) -> tuple[str, dict[str, str]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(served.url, headers={"Host": host}) as response,
    ):
        assert response.status == 200
        return await response.text(), dict(response.headers)


RAW_PATHS = [
    "/static/",
    "/static/js/",
    "/static/fonts",
    "/static/../server.py",
    "/static/%2e%2e/server.py",
    "/static/..%2fserver.py",
    "/static/js/%2e%2e/%2e%2e/app_service.py",
    "/static/%2F..%2F..%2Fserver.py",
    "/static//etc/passwd",
    "//etc/passwd",
    "/download/x",
    "/web/app_index.html",
]


def test_no_folder_is_listed_and_nothing_outside_the_static_folder_is_served(
    tmp_path: Path,
) -> None:
    served = Served(tmp_path / "home")
    try:
        answers = asyncio.run(_raw_gets(served.port, ["/static/js/textual.js", *RAW_PATHS]))
    finally:
        served.stop()
    status, _ = answers.pop("/static/js/textual.js")
    assert status == 200
    served_anyway = {path: status for path, (status, _) in answers.items() if status < 400}
    assert served_anyway == {}
    listings = [path for path, (_, body) in answers.items() if "Index of" in body]
    assert listings == []
    assert all("import " not in body and "root:" not in body for _, body in answers.values())


async def _raw_gets(port: int, paths: list[str]) -> dict[str, tuple[int, str]]:
    """Each path sent as it is written (no client tidies it): its status and body."""
    found = {}
    for path in paths:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
        writer.write(request.encode())
        async with asyncio.timeout(10):
            reply = (await reader.read()).decode("latin-1")
        writer.close()
        head, _, body = reply.partition("\r\n\r\n")
        found[path] = (int(head.split()[1]), body)
    return found


def test_behind_a_proxy_the_page_names_the_public_socket(tmp_path: Path) -> None:
    served = Served(tmp_path / "home", "--public-url", "https://muggins.example")
    try:
        by_name, _ = asyncio.run(_page_as(served, "muggins.example"))
        by_address, _ = asyncio.run(_page_as(served, f"127.0.0.1:{served.port}"))
    finally:
        served.stop()
    for page in (by_name, by_address):
        assert 'data-session-websocket-url="wss://muggins.example/ws"' in page
