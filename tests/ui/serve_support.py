"""Running ``muggins serve`` for tests: on a port it picks itself (safe in parallel), as a
command or in the test's own event loop (with limits of the test's choosing), its tabs as
websockets, the trainer processes it started, and its stats store."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import aiohttp

from trainer.cli.parser import parse
from trainer.history import DB_NAME
from trainer.ui.serve import IDLE_SECONDS, STOP_WAIT, listen, make_runner, tab_command
from trainer.ui.serve_guard import Guard
from trainer.ui.serve_tabs import HEARTBEAT, QUIT_LIMIT, Tabs

MUGGINS = Path(sys.executable).with_name("muggins")
T = TypeVar("T")

PATIENCE = 60.0
"""How long a test waits for something beyond the server's own limits before it fails: far
past what anything takes, even on a busy machine (as `tests.ui.waiting.PATIENCE`)."""
ENDING = QUIT_LIMIT + PATIENCE
"""How long a test waits for a tab's trainer to end: the server waits for one still at work
up to `QUIT_LIMIT` before it kills it. How soon they end is the server's to decide
(`trainer.ui.serve_tabs`), not the test's, which checks that they end and how."""
STOPPING = STOP_WAIT + PATIENCE
"""How long a test waits for a stopped server to end (it waits up to `STOP_WAIT` for its
tabs)."""
KILLED = "did not quit"
"""What the server writes when it kills a tab's trainer that was told to quit and did not."""


def run_serve(
    *args: str, home: Path, before: Sequence[str] = (), timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    """``muggins BEFORE serve ARGS`` run to its end, with ``home`` as MUGGINS_HOME."""
    return subprocess.run(
        [str(MUGGINS), *before, "serve", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MUGGINS_HOME": str(home)},
        timeout=timeout,
        check=False,
    )


class Served:
    """``muggins BEFORE serve --port 0 --data-dir HOME ARGS`` running in the background;
    ``port`` is the one it printed (the one it bound)."""

    def __init__(
        self,
        home: Path,
        *args: str,
        before: Sequence[str] = (),
        env: dict[str, str] | None = None,
    ) -> None:
        self.home = home
        self.process = subprocess.Popen(
            [str(MUGGINS), *before, "serve", "--port", "0", "--data-dir", str(home), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "MUGGINS_HOME": str(home), **(env or {})},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # the address, once it listens
        prefix = "Muggins is at http://127.0.0.1:"
        assert line.startswith(prefix), (line, self.stop())
        self.port = int(line.removeprefix(prefix).split("/", 1)[0])
        assert self.port > 0, line
        self.url = f"http://127.0.0.1:{self.port}/"
        self.socket_url = f"ws://127.0.0.1:{self.port}/ws"

    def signal(self, sig: signal.Signals, timeout: float = STOPPING) -> tuple[int, float, str]:
        """Send ``sig`` to the server alone: its exit status, the seconds it took to end,
        and its output."""
        started = time.monotonic()
        self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, time.monotonic() - started, out + err

    def interrupt(self, timeout: float = STOPPING) -> tuple[int, float, str]:
        """Ctrl+C to the server alone (see `signal`)."""
        return self.signal(signal.SIGINT, timeout)

    def stop(self) -> str:
        """End the server however it can be ended (a test's cleanup); returns its stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        _, err = self.process.communicate()
        return err


@dataclass(frozen=True)
class Here:
    """A server running in the test's own event loop (`served_here`)."""

    home: Path
    port: int
    tabs: Tabs

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def socket_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


@contextlib.asynccontextmanager
async def served_here(
    home: Path, max_tabs: int = 1, idle: float = IDLE_SECONDS, heartbeat: float = HEARTBEAT
) -> AsyncIterator[Here]:
    """``muggins serve --port 0 --data-dir HOME --max-tabs N`` in this event loop, built as
    the command builds it, with ``idle`` (`trainer.ui.serve.IDLE_SECONDS`) and ``heartbeat``
    (`trainer.ui.serve_tabs.HEARTBEAT`) of the test's choosing; stopped as Ctrl+C stops it.
    Its tabs' trainers are real processes. Nothing here may block: the server runs only
    while the test awaits."""
    args = parse(["serve", "--data-dir", str(home), "--max-tabs", str(max_tabs)])
    tabs = Tabs(tab_command(args), max_tabs, heartbeat=heartbeat)
    runner = make_runner(tabs, Guard("127.0.0.1"), "127.0.0.1", None, idle=idle)
    await runner.setup()
    try:
        site = await listen(runner, "127.0.0.1", 0)
        yield Here(home, int(runner.addresses[0][1]), tabs)
        await site.stop()
        await tabs.stop(STOP_WAIT)
    finally:
        await runner.cleanup()


async def until(probe: Callable[[], T], what: str, timeout: float = PATIENCE) -> T:
    """`wait_for` in an event loop: poll ``probe`` without blocking the loop."""
    try:
        async with asyncio.timeout(timeout):
            while not (found := probe()):
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}") from None
    return found


def trainers_using(home: Path) -> list[int]:
    """The ids of running processes whose command line names ``home`` (the tabs' trainers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone meanwhile
        if state != "Z" and str(home).encode() in argv and b"serve" not in argv:
            found.append(int(entry.name))
    return found


def wait_for(probe: Callable[[], T], what: str, timeout: float = 30, every: float = 0.05) -> T:
    """Poll ``probe`` until it returns something true, at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = probe()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def no_trainers_left(home: Path, timeout: float = ENDING) -> float:
    """Wait until no trainer of ``home`` runs; the seconds it took (AssertionError after
    ``timeout``)."""
    started = time.monotonic()
    wait_for(lambda: not trainers_using(home), "the trainers to end", timeout)
    return time.monotonic() - started


def attempts(home: Path) -> list[tuple[str, str, int]]:
    """The answers recorded in the stats store of ``home`` (drill, as typed, claimed)."""
    path = home / DB_NAME
    if not path.exists():
        return []
    with contextlib.closing(sqlite3.connect(path)) as db:
        try:
            rows = db.execute("SELECT drill_id, answer_text, claimed FROM attempts").fetchall()
        except sqlite3.OperationalError:  # being made just now
            return []
    return [(str(drill), str(text), int(claimed)) for drill, text, claimed in rows]


async def first_screen(ws: aiohttp.ClientWebSocketResponse, timeout: float = 30) -> None:
    """Wait until a tab's trainer has drawn its first screen (a kilobyte of it, at least)."""
    received = 0
    async with asyncio.timeout(timeout):
        while received < 1000:
            message = await ws.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            received += len(message.data)


async def keys(ws: aiohttp.ClientWebSocketResponse, text: str) -> None:
    """Type ``text`` into a tab, as its page does."""
    await ws.send_str(json.dumps(["stdin", text]))


async def read_to_the_end(ws: aiohttp.ClientWebSocketResponse, timeout: float = 30) -> None:
    """Read a tab until the server closes it, as a browser answers a close."""
    async with asyncio.timeout(timeout):
        while not ws.closed:
            await ws.receive()
