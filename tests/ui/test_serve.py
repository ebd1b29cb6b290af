"""`muggins serve`: the command each tab runs, the arguments it refuses, the address it
prints, and its tabs' trainers (at most ``--max-tabs``, ended when their tab closes and
when the server stops)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import cast

import aiohttp
import pytest
from aiohttp import web
from textual_serve.download_manager import DownloadManager

from tests.ui.serve_support import (
    KILLED,
    PATIENCE,
    Served,
    attempts,
    first_screen,
    no_trainers_left,
    read_to_the_end,
    run_serve,
    trainers_using,
    wait_for,
)
from trainer.cli.parser import parse
from trainer.ui import serve as serve_module
from trainer.ui.serve import (
    FREE_PORT_TRIES,
    ServeError,
    is_loopback,
    listen,
    tab_command,
    url_for,
)
from trainer.ui.serve_tabs import TABS_FULL, TabProcess


def test_serve_defaults_to_loopback_port_8000_and_four_tabs() -> None:
    args = parse(["serve"])
    assert (args.command, args.host, args.port, args.open) == ("serve", "127.0.0.1", 8000, False)
    assert (args.max_tabs, args.public_url) == (4, None)


def test_each_tab_runs_this_muggins_with_the_data_and_drill_folders(tmp_path: Path) -> None:
    args = parse(["--plain-cards", "serve", "--data-dir", str(tmp_path), "--drills", "mine"])
    argv = tab_command(args)
    assert argv[:3] == [sys.executable, "-m", "trainer"]
    assert argv[3:] == [
        "--data-dir",
        str(tmp_path.resolve()),
        "--drills",
        str(Path("mine").resolve()),
        "--plain-cards",
    ]


def test_an_awkward_folder_name_is_one_argument_never_shell_text(tmp_path: Path) -> None:
    odd = tmp_path / "my stats; rm -rf ~"
    argv = tab_command(parse(["serve", "--data-dir", str(odd)]))
    assert argv[-2:] == ["--data-dir", str(odd)]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("127.255.255.254", True),
        ("127.1", True),  # the forms inet_aton (and so the bind) reads as 127.0.0.1
        ("127.0.1", True),
        ("0x7f.1", True),
        ("0177.0.0.1", True),
        ("2130706433", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("::1", True),
        ("[::1]", True),
        ("0:0:0:0:0:0:0:1", True),
        ("::ffff:127.0.0.1", True),
        ("0.0.0.0", False),
        ("0", False),  # inet_aton's 0.0.0.0: every network
        ("::", False),
        ("192.168.1.20", False),
        ("3232235796", False),  # 192.168.1.20
        ("128.1", False),
        ("::ffff:192.168.1.20", False),
        ("example.org", False),
        ("no-such-host.invalid", False),
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--host", ""],
            "--host is empty: give the address to listen on, such as 127.0.0.1 (this machine "
            "only) or 0.0.0.0 (every network)",
        ),
        (["--host", "a b"], "--host 'a b' is neither an IP address nor a host name"),
        (["--host", "[muggins]"], "--host '[muggins]' is neither an IP address nor a host name"),
        (["--host", "no-such-host.invalid"], "--host no-such-host.invalid: "),
        (["--max-tabs", "0"], "--max-tabs must be between 1 and 64, got 0"),
        (["--public-url", "https://x/muggins"], "--public-url must be http:// or https://"),
        (["--data-dir", "/dev/null"], "--data-dir /dev/null is not a folder"),
        (
            ["--data-dir", "/dev/null/stats"],
            "--data-dir /dev/null/stats cannot be made: /dev/null is not a folder",
        ),
        (["--drill", "no-such-drill"], "no drill set named 'no-such-drill'"),
    ],
    ids=[
        "empty-host",
        "host-with-space",
        "bracketed-name",
        "unknown-host",
        "max-tabs",
        "public-url-path",
        "data-dir-device",
        "data-dir-under-a-file",
        "unknown-drill",
    ],
)
def test_an_unusable_argument_is_one_line_and_status_2_before_serving(
    tmp_path: Path, args: list[str], message: str
) -> None:
    with socket.socket() as taken:  # had the check come after listening, the port's error
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        before = args if args[0] == "--drill" else []
        after = [] if before else args
        result = run_serve(*after, "--port", port, before=before, home=tmp_path)
    assert result.returncode == 2, result
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"muggins: error: {message}"), line


@pytest.mark.parametrize(
    ("port", "problem"),
    [
        ("65536", "must be between 0 and 65535, got 65536"),
        ("-1", "must be between 0 and 65535, got -1"),
        *(
            (
                port,
                f"browsers refuse to open port {port} (it is another service's: a bad port of "
                "the Fetch standard); choose another, such as 8000",
            )
            for port in ("1", "6000", "10080")
        ),
    ],
)
def test_a_port_out_of_range_or_that_browsers_refuse_is_one_line_and_status_2(
    tmp_path: Path, port: str, problem: str
) -> None:
    result = run_serve("--port", port, home=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"muggins serve: error: argument --port: {problem} (see muggins serve --help)\n"
    )


@pytest.mark.parametrize("port", [0, 2, 80, 443, 8000, 6001, 10081, 65535])
def test_ports_browsers_open_are_taken(port: int) -> None:
    assert parse(["serve", "--port", str(port)]).port == port


def test_a_loopback_address_in_any_form_is_served_as_itself_without_warning(
    tmp_path: Path,
) -> None:
    # The port is taken, so the server stops there, having said what it would serve.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said = {
            run_serve("--host", host, "--port", str(port), home=tmp_path).stderr
            for host in ("127.1", "0x7f000001", "2130706433", "0177.0.0.1")
        }
    assert said == {
        f"muggins: error: port {port} on 127.0.0.1 is already in use; choose another with --port\n"
    }


def test_port_0_prints_the_port_really_bound(tmp_path: Path) -> None:
    served = Served(tmp_path / "home")  # --port 0: it reads the port from the address printed
    try:
        with socket.socket() as probe:
            probe.settimeout(10)
            probe.connect(("127.0.0.1", served.port))  # something listens there
        page = asyncio.run(_get(served.url))
    finally:
        served.stop()
    assert "<title>Muggins</title>" in page


async def test_any_free_port_is_never_one_browsers_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    class FirstTwoRefused:
        """As if the system handed out two ports browsers refuse before a good one."""

        def __contains__(self, port: object) -> bool:
            seen.append(int(str(port)))
            return len(seen) <= 2

    monkeypatch.setattr(serve_module, "BAD_PORTS", FirstTwoRefused())
    runner = web.AppRunner(web.Application())
    await runner.setup()
    try:
        await listen(runner, "127.0.0.1", 0)
        bound = [address[1] for address in runner.addresses]
    finally:
        await runner.cleanup()
    assert len(seen) == 3
    assert bound == seen[-1:]


async def test_no_free_port_browsers_open_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_module, "BAD_PORTS", range(65536))
    runner = web.AppRunner(web.Application())
    await runner.setup()
    try:
        with pytest.raises(ServeError) as refused:
            await listen(runner, "127.0.0.1", 0)
        assert runner.addresses == []  # every port taken was let go
    finally:
        await runner.cleanup()
    assert str(refused.value) == (
        f"no free port on 127.0.0.1 was one browsers open in {FREE_PORT_TRIES} tries; "
        "choose one with --port"
    )


async def _get(url: str) -> str:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert response.status == 200
        return await response.text()


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


def test_the_page_is_muggins_and_names_nothing_outside_the_server(tmp_path: Path) -> None:
    served = Served(tmp_path / "home")
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


async def _fetch(url: str, *paths: str) -> list[str]:
    async with aiohttp.ClientSession() as session:
        found = []
        for path in paths:
            async with session.get(url + path) as response:
                assert response.status == 200, path
                found.append(await response.text())
        return found


def test_open_shows_the_address_in_the_default_browser(tmp_path: Path) -> None:
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    served = Served(tmp_path / "home", "--open", env={"BROWSER": str(browser)})
    try:
        wait_for(lambda: opened.exists() and opened.read_text(), "the browser", PATIENCE)
    finally:
        served.stop()
    assert opened.read_text() == f"{served.url}\n"


def test_closing_a_tab_ends_its_trainer(tmp_path: Path) -> None:
    # It ends because it is told to quit, not killed past its grace: how soon is the
    # machine's load (the server's limits are `test_a_trainer_past_its_grace_...`'s).
    home = tmp_path / "home"
    served = Served(home)
    try:
        seen = asyncio.run(_open_and_close_a_tab(served))
        no_trainers_left(home)
    finally:
        output = served.stop()
    assert seen, "no trainer started for the tab"
    assert KILLED not in output, output


async def _open_and_close_a_tab(served: Served) -> list[int]:
    """A tab connects, its home screen arrives, it closes; the trainers seen while open."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.socket_url + "?width=80&height=24") as ws,
    ):
        await first_screen(ws)
        return trainers_using(served.home)


def test_a_tab_beyond_the_limit_is_closed_at_once_and_starts_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home, "--max-tabs", "1")
    try:
        trainers, code = asyncio.run(_one_tab_too_many(served))
    finally:
        served.stop()
    assert len(trainers) == 1
    assert code == TABS_FULL


async def _one_tab_too_many(served: Served) -> tuple[list[int], int | None]:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.socket_url) as first,
    ):
        await first_screen(first)
        async with session.ws_connect(served.socket_url) as second:
            message = await second.receive(timeout=10)
            assert message.type == aiohttp.WSMsgType.CLOSE, message
            return trainers_using(served.home), second.close_code


def test_ctrl_c_stops_the_server_and_every_tabs_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        trainers, (status, _, output) = asyncio.run(_interrupt_with_a_tab_open(served))
    finally:
        served.stop()
    assert trainers, "no trainer started for the tab"
    assert status == 0, output
    assert KILLED not in output, output  # the tab's trainer quit when told
    assert "Traceback" not in output
    assert output.endswith("Stopped.\n")
    assert trainers_using(home) == [], "a tab's trainer outlived the server"


async def _interrupt_with_a_tab_open(served: Served) -> tuple[list[int], tuple[int, float, str]]:
    """Connect as a browser tab does, wait for its trainer's first screen, then Ctrl+C the
    server with the tab still open; the trainers seen running, and how the server ended.
    """
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.socket_url + "?width=80&height=24") as ws,
    ):
        await first_screen(ws)
        trainers = trainers_using(served.home)
        reading = asyncio.create_task(read_to_the_end(ws))
        ended = await asyncio.to_thread(served.interrupt)
        await reading
        return trainers, ended


def test_a_tabs_trainer_told_to_quit_right_after_an_answer_keeps_it(tmp_path: Path) -> None:
    # The keys and the quit reach the trainer together, as when a tab closes just after
    # Enter: the trainer quits once the answer is judged and recorded.
    home = tmp_path / "home"
    args = parse(["--drill", "warm-up", "serve", "--data-dir", str(home)])
    output = asyncio.run(_answer_then_quit(tab_command(args)))
    assert b"Your count" in output
    assert attempts(home) == [("warm-up", "7", 7)]
    assert trainers_using(home) == []


class _Tab:
    """What a trainer's relay writes to: a tab that keeps the output."""

    def __init__(self) -> None:
        self.closed = False
        self.output = bytearray()
        self.more = asyncio.Event()

    async def send_bytes(self, data: bytes) -> None:
        self.output += data
        self.more.set()

    async def send_str(self, text: str) -> None:
        """What the trainer says, for the page's screen reader: not the terminal's."""


async def _answer_then_quit(argv: list[str]) -> bytes:
    tab = _Tab()
    trainer = TabProcess(argv, cast(web.WebSocketResponse, tab), download_manager=DownloadManager())
    await trainer.start(100, 30)
    try:
        async with asyncio.timeout(30):
            while b"Your count" not in tab.output:  # the question, ready for a count
                tab.more.clear()
                await tab.more.wait()
        await trainer.send_bytes(b"7\r")
    finally:
        await trainer.end()
    return bytes(tab.output)


BUSY = "import time\nstart = time.monotonic()\nwhile time.monotonic() - start < {}: pass"


@pytest.mark.parametrize(
    ("argv", "limit", "status", "least"),
    [
        (["sleep", "60"], 120, -signal.SIGKILL, 0.5),  # stuck: killed once its grace is over
        ([sys.executable, "-c", BUSY.format(60)], 4, -signal.SIGKILL, 4),  # at work, to the end
        ([sys.executable, "-c", BUSY.format(2)], 120, 0, 1),  # at work, then done: never killed
    ],
    ids=["stuck", "at-work-forever", "at-work-then-done"],
)
def test_a_trainer_past_its_grace_is_killed_only_when_stuck_or_past_the_limit(
    argv: list[str], limit: float, status: int, least: float
) -> None:
    # None of these reads its quit; each is given half a second's grace. What ended each
    # says why, with no clock but the lower bounds (a busy machine only makes things
    # later): a stuck one killed before it would have ended itself (60 s) and before its
    # limit (120 s), so as stuck; one at work for ever killed, not before its limit of 4 s;
    # one at work for 2 s left to end itself (its limit out of reach).
    seconds, ended = asyncio.run(_end(argv, grace=0.5, limit=limit))
    assert ended == status
    assert seconds >= least


async def _end(argv: list[str], grace: float, limit: float) -> tuple[float, int | None]:
    process = TabProcess(
        argv, cast(web.WebSocketResponse, _Tab()), download_manager=DownloadManager()
    )
    await process.start(80, 24)
    started = time.monotonic()
    await process.end(grace=grace, limit=limit)
    assert process.process is not None
    return time.monotonic() - started, process.process.returncode


def test_a_tab_sending_nonsense_keeps_its_trainer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        pong, trainers = asyncio.run(_nonsense(served))
    finally:
        served.stop()
    assert pong == ["pong", "still here"]
    assert len(trainers) == 1


async def _nonsense(served: Served) -> tuple[object, list[int]]:
    """A tab sends what no page sends, then a ping: the answer to the ping, and the
    trainers running."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.socket_url + "?width=99999999999&height=-3") as ws,
    ):
        await first_screen(ws)
        for text in ("not json", "[" * 200_000, "{}", "[]", '["stdin", 5]', '["resize", 7]'):
            await ws.send_str(text)
        await ws.send_str('["resize", {"width": 1e400, "height": "x"}]')
        await ws.send_bytes(b"\x00\xff")
        await ws.send_str('["ping", "still here"]')
        async with asyncio.timeout(15):
            while (message := await ws.receive()).type != aiohttp.WSMsgType.TEXT:
                assert message.type == aiohttp.WSMsgType.BINARY, message
        return message.json(), trainers_using(served.home)


def test_a_killed_servers_trainers_quit_on_their_own(tmp_path: Path) -> None:
    # kill -9 (or the out-of-memory killer) gives the server no time to end its tabs: each
    # trainer sees its input end and quits as if told to, saving what it holds.
    home = tmp_path / "home"
    served = Served(home)
    try:
        trainers = asyncio.run(_kill_the_server_under_a_tab(served))
        no_trainers_left(home)  # nothing left to kill them: they end on their own
    finally:
        served.stop()
        for orphan in trainers_using(home):  # the test failed: leave nothing running
            os.kill(orphan, signal.SIGKILL)
    assert len(trainers) == 1


async def _kill_the_server_under_a_tab(served: Served) -> list[int]:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.socket_url) as ws,
    ):
        await first_screen(ws)
        trainers = trainers_using(served.home)
        served.process.kill()
        served.process.wait(timeout=10)
        return trainers
