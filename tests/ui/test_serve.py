"""`muggins serve`: the command each tab runs, the address rules, and the real server's edges
(the warning off loopback, a port already taken, Ctrl+C ending every tab's trainer).
"""

from __future__ import annotations

import asyncio
import shlex
import socket
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from tests.ui.serve_support import Served, free_port, run_serve, trainers_using
from trainer.cli import parse
from trainer.ui.serve import child_command, is_loopback, url_for


def test_serve_defaults_to_loopback_port_8000() -> None:
    args = parse(["serve"])
    assert (args.command, args.host, args.port, args.open) == ("serve", "127.0.0.1", 8000, False)


def test_each_tab_runs_this_muggins_with_the_data_and_drill_folders(tmp_path: Path) -> None:
    args = parse(["--plain-cards", "serve", "--data-dir", str(tmp_path), "--drills", "mine"])
    argv = shlex.split(child_command(args))
    assert argv[:4] == ["exec", sys.executable, "-m", "trainer"]
    assert argv[4:] == [
        "--data-dir",
        str(tmp_path.resolve()),
        "--drills",
        str(Path("mine").resolve()),
        "--plain-cards",
    ]


def test_the_tab_command_quotes_awkward_folder_names(tmp_path: Path) -> None:
    odd = tmp_path / "my stats; rm -rf ~"
    argv = shlex.split(child_command(parse(["serve", "--data-dir", str(odd)])))
    assert argv[-2:] == ["--data-dir", str(odd)]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("example.org", False),
    ],
)
def test_which_hosts_are_this_machine_only(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000/"),
        ("0.0.0.0", "http://127.0.0.1:8000/"),
        ("::1", "http://[::1]:8000/"),
        ("192.168.1.20", "http://192.168.1.20:8000/"),
    ],
)
def test_the_address_printed_for_a_host(host: str, url: str) -> None:
    assert url_for(host, 8000) == url


def test_a_taken_port_is_one_line_and_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_serve("--port", str(port), home=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"muggins: error: port {port} on 127.0.0.1 is already in use; choose another with --port\n"
    )


def test_another_host_warns_that_anyone_can_use_it(tmp_path: Path) -> None:
    # The port is held (bound, not listening) on every interface, so the warning is printed
    # and then the server stops at the taken port: nothing is ever exposed by this test.
    with socket.socket() as held:
        held.bind(("0.0.0.0", 0))
        port = held.getsockname()[1]
        result = run_serve("--host", "0.0.0.0", "--port", str(port), home=tmp_path)
    warning, error = result.stderr.splitlines()
    assert warning == (
        f"muggins: warning: serving on 0.0.0.0: there is no login; anyone who can reach "
        f"port {port} can use the trainer and its stats"
    )
    assert error.startswith(f"muggins: error: port {port} on 0.0.0.0 is already in use")
    assert result.returncode == 2


def test_loopback_gives_no_warning(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = run_serve("--port", str(taken.getsockname()[1]), home=tmp_path)
    assert "warning" not in result.stderr


def test_ctrl_c_stops_the_server_and_every_tabs_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home, free_port())
    try:
        trainers, (status, seconds, output) = asyncio.run(_interrupt_with_a_tab_open(served))
    finally:
        served.stop()
    assert trainers, "no trainer started for the tab"
    assert status == 0, output
    assert seconds < 10, f"the stop took {seconds:.1f} s"
    assert "Traceback" not in output
    deadline = time.monotonic() + 30
    while trainers_using(home) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert trainers_using(home) == [], "a tab's trainer outlived the server"


def test_the_page_is_muggins_and_names_nothing_outside_the_server(tmp_path: Path) -> None:
    served = Served(tmp_path / "home", free_port())
    try:
        page, icon = asyncio.run(_fetch(served.url, "", "favicon.svg"))
    finally:
        served.stop()
    assert "<title>Muggins</title>" in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws"' in page
    assert "/static/fonts/RobotoMono-VariableFont_wght.ttf" in page
    assert "http://" not in page  # only paths of ours (the socket is ws://, on this server)
    assert "https://" not in page
    assert icon.startswith("<svg")


def test_open_shows_the_address_in_the_default_browser(tmp_path: Path) -> None:
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    served = Served(tmp_path / "home", free_port(), "--open", env={"BROWSER": str(browser)})
    try:
        deadline = time.monotonic() + 10
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        served.stop()
    assert opened.read_text() == f"{served.url}\n"


async def _fetch(url: str, *paths: str) -> list[str]:
    async with aiohttp.ClientSession() as session:
        found = []
        for path in paths:
            async with session.get(url + path) as response:
                assert response.status == 200, path
                found.append(await response.text())
        return found


def test_closing_a_tab_ends_its_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home, free_port())
    try:
        seen = asyncio.run(_open_and_close_a_tab(served))
        deadline = time.monotonic() + 10
        while trainers_using(home) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = trainers_using(home)
    finally:
        served.stop()
    assert seen, "no trainer started for the tab"
    assert left == [], "the closed tab's trainer is still running"


async def _open_and_close_a_tab(served: Served) -> list[int]:
    """A tab connects, its home screen arrives, it closes; the trainers seen while open."""
    async with aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{served.port}/ws?width=80&height=24"
        async with session.ws_connect(url) as ws:
            await _first_screen(ws)
            return trainers_using(served.home)


async def _first_screen(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Wait until the tab's trainer has drawn its first screen (a kilobyte of it, at least)."""
    received = 0
    async with asyncio.timeout(30):
        while received < 1000:
            message = await ws.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            received += len(message.data)


async def _interrupt_with_a_tab_open(served: Served) -> tuple[list[int], tuple[int, float, str]]:
    """Connect as a browser tab does, wait for its trainer's first screen, then Ctrl+C the
    server with the tab still open; the trainers seen running, and how the server ended.
    """
    async with aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{served.port}/ws?width=80&height=24"
        async with session.ws_connect(url) as ws:
            await _first_screen(ws)
            trainers = trainers_using(served.home)
            reading = asyncio.create_task(_read_to_the_end(ws))  # as a browser answers a close
            ended = await asyncio.to_thread(served.interrupt)
            await reading
            return trainers, ended


async def _read_to_the_end(ws: aiohttp.ClientWebSocketResponse) -> None:
    while not ws.closed:
        await ws.receive()
