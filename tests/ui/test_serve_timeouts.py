"""`muggins serve` holds no connection for ever (issue 32): one that never sends a whole
request (nothing at all, or headers a line at a time) or sits idle after its answers is
closed, and a tab whose browser stops answering pings is closed and its trainer ended.

The quick tests run the server in the test's event loop with short limits; the slow one
runs the command with its own and waits for each of them. No test measures a time: each
waits for the server to close the socket (within a generous bound on the wait itself).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from tests.ui.serve_support import (
    ENDING,
    KILLED,
    PATIENCE,
    Served,
    served_here,
    trainers_using,
    until,
)
from trainer.ui.serve import IDLE_SECONDS
from trainer.ui.serve_tabs import HEARTBEAT

TRICKLE = 0.2
"""Seconds between the header lines a slow client sends to the quick tests' server (one
with the server's own limit sends one a second: under the 128 headers it takes)."""
IDLE = 2.0
"""The quick tests' limit on a connection without a whole request."""
ENDED = (
    aiohttp.WSMsgType.CLOSE,
    aiohttp.WSMsgType.CLOSING,
    aiohttp.WSMsgType.CLOSED,
    aiohttp.WSMsgType.ERROR,
)


async def test_connections_without_a_whole_request_are_closed_and_used_ones_served(
    tmp_path: Path,
) -> None:
    async with served_here(tmp_path / "home", idle=IDLE) as here:
        silent, (trickled, lines), (statuses, after) = await asyncio.gather(
            _silent(here.port), _trickling(here.port), _idle_after_answers(here.port, 3)
        )
    assert silent == b""  # closed without a word
    assert (trickled, lines > 0) == (b"", True)  # closed mid-headers, never answered
    assert statuses == [200, 200, 200]  # a connection kept busy is served all along
    assert after == b""


async def test_a_tab_that_stops_answering_pings_is_closed_and_its_trainer_ended(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = tmp_path / "home"
    caplog.set_level(logging.WARNING, "muggins.serve")
    async with (
        served_here(home, heartbeat=1.0) as here,
        aiohttp.ClientSession() as session,
        session.ws_connect(here.socket_url + "?width=80&height=24", autoping=False) as ws,
    ):
        await _first_screen_answering_pings(ws)
        started = trainers_using(home)
        pings, last = await _deaf_until_closed(ws)
        await until(lambda: not trainers_using(home), "the tab's trainer to end", ENDING)
    assert len(started) == 1
    assert pings >= 1
    assert last in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
    assert KILLED not in caplog.text  # told to quit, as for a closed tab


async def test_a_tab_answering_pings_is_kept_however_long_it_is_silent(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with (
        served_here(home, heartbeat=2.0) as here,
        aiohttp.ClientSession() as session,
        session.ws_connect(here.socket_url + "?width=80&height=24", autoping=False) as ws,
    ):
        await _first_screen_answering_pings(ws)
        answered = await _answer_pings(ws, 3)
        await ws.send_str('["ping", "still here"]')
        reply = await _next_text(ws)
        running = trainers_using(home)
    assert answered == 3
    assert reply == ["pong", "still here"]
    assert len(running) == 1


@pytest.mark.slow  # waits for the server's own limits: about half a minute
def test_the_servers_own_limits_close_what_no_browser_would_hold(tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        silent, (trickled, _), (statuses, after), last = asyncio.run(_everything(served))
        left = trainers_using(home)
    finally:
        output = served.stop()
    assert (silent, trickled, statuses, after) == (b"", b"", [200], b"")
    assert last in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
    assert left == []
    assert KILLED not in output, output


async def _everything(
    served: Served,
) -> tuple[bytes, tuple[bytes, int], tuple[list[int], bytes], aiohttp.WSMsgType]:
    async def deaf_tab() -> aiohttp.WSMsgType:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(served.socket_url, autoping=False) as ws,
        ):
            await _first_screen_answering_pings(ws)
            _, last = await _deaf_until_closed(ws, 1.5 * HEARTBEAT + PATIENCE)
        await until(lambda: not trainers_using(served.home), "the tab's trainer to end", ENDING)
        return last

    bound = IDLE_SECONDS + PATIENCE
    return await asyncio.gather(
        _silent(served.port, bound),
        _trickling(served.port, bound, every=1.0),
        _idle_after_answers(served.port, 1, bound),
        deaf_tab(),
    )


async def _silent(port: int, bound: float = PATIENCE) -> bytes:
    """Connect and send nothing: what the server sends before it closes the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        return await _until_closed(reader, bound)
    finally:
        writer.close()


async def _trickling(
    port: int, bound: float = PATIENCE, every: float = TRICKLE
) -> tuple[bytes, int]:
    """Send a request's headers a line ``every`` seconds and never end them: what the
    server sent before it closed the connection, and how many lines were sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
    received, lines = b"", 0
    try:
        async with asyncio.timeout(bound):
            while True:
                try:
                    chunk = await asyncio.wait_for(reader.read(4096), every)
                except TimeoutError:
                    writer.write(b"X-Slow-%d: still coming\r\n" % lines)
                    lines += 1
                    await writer.drain()
                    continue
                if not chunk:
                    break
                received += chunk
    except ConnectionError:
        pass  # closed under a line being sent
    finally:
        writer.close()
    return received, lines


async def _idle_after_answers(
    port: int, requests: int, bound: float = PATIENCE
) -> tuple[list[int], bytes]:
    """Ask for the page ``requests`` times in a row on one kept-alive connection, then say
    nothing: each answer's status, and what the server sent after them until it closed."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: keep-alive\r\n\r\n" % port
    statuses = []
    try:
        for _ in range(requests):
            writer.write(request)
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), PATIENCE)
            lines = head.decode("latin-1").split("\r\n")
            fields = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
            await reader.readexactly(int(fields["Content-Length"]))
            statuses.append(int(lines[0].split()[1]))
        return statuses, await _until_closed(reader, bound)
    finally:
        writer.close()


async def _until_closed(reader: asyncio.StreamReader, bound: float) -> bytes:
    """Everything read until the server closes the connection (``bound`` seconds at most)."""
    received = b""
    try:
        async with asyncio.timeout(bound):
            while chunk := await reader.read(4096):
                received += chunk
    except ConnectionResetError:
        pass
    return received


async def _first_screen_answering_pings(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Wait for the tab's first screen (a kilobyte of it), answering the server's pings."""
    received = 0
    async with asyncio.timeout(PATIENCE):
        while received < 1000:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.PING:
                await ws.pong(message.data)
                continue
            assert message.type == aiohttp.WSMsgType.BINARY, message
            received += len(message.data)


async def _deaf_until_closed(
    ws: aiohttp.ClientWebSocketResponse, bound: float = PATIENCE
) -> tuple[int, aiohttp.WSMsgType]:
    """Read the tab without answering a ping, as a browser gone without a word: the pings
    seen and the last message, once the server has closed the socket."""
    pings = 0
    async with asyncio.timeout(bound):
        while True:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.PING:
                pings += 1
            elif message.type in ENDED:
                return pings, message.type


async def _answer_pings(ws: aiohttp.ClientWebSocketResponse, count: int) -> int:
    """Answer the server's next ``count`` pings (what a browser does by itself, however long
    its page is silent); how many were answered."""
    answered = 0
    async with asyncio.timeout(PATIENCE * count):
        while answered < count:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.PING:
                await ws.pong(message.data)
                answered += 1
            else:
                assert message.type == aiohttp.WSMsgType.BINARY, message
    return answered


async def _next_text(ws: aiohttp.ClientWebSocketResponse) -> object:
    """The next text message of the tab, answering pings meanwhile."""
    async with asyncio.timeout(PATIENCE):
        while True:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.PING:
                await ws.pong(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                return message.json()
            else:
                assert message.type == aiohttp.WSMsgType.BINARY, message
