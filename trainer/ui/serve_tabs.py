"""The browser tabs of ``muggins serve``: one trainer process each, at most ``--max-tabs``
at once, each ended by being told to quit and given the time its quit takes.

A tab is a websocket relayed to a trainer by textual-serve's `AppService` (its terminal's
packets both ways). A tab beyond the limit is accepted and closed at once with `TABS_FULL`
(the page says why) and starts nothing, unless it reloads a tab whose trainer is still
ending: then it waits for that tab's place (`trainer.ui.serve_places`). A place is held from
before a trainer starts until that process has ended, so live trainers never outnumber the
limit. A tab whose browser stops answering the server's pings (`HEARTBEAT`) is closed. When
the tab closes, the trainer ends, or the server stops, the trainer is sent textual-serve's
quit (what the tab sent before is passed on first) and waited for: it saves its answers as
it quits (`trainer.ui.quitting`, `trainer.history.writing.recorder`). Each runs in a session
of its own, so the terminal's Ctrl+C reaches the server alone. A trainer is killed only when
it has not ended `QUIT_GRACE` seconds after its quit and is stuck, or after `QUIT_LIMIT`
seconds.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import signal
from asyncio.subprocess import PIPE, Process
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, Final

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from trainer.ui.page_microphone import AUDIO, LARGEST_CHUNK, LISTEN, SAID, STATE, STATES
from trainer.ui.serve_places import Place, Places, token

TABS_FULL: Final = 4429
"""The websocket close code of a tab beyond ``--max-tabs`` (private use, after HTTP 429)."""
QUIT_GRACE: Final = 11.5
"""Seconds a trainer has to quit once told (its answers written, or kept beside the store:
at most about seven, `trainer.history.writing.recorder.QUIT_WAIT` and one write); one that has not
quit by then is killed if it is stuck ..."""
QUIT_LIMIT: Final = 60.0
"""... and waited for while it is still at work (many trainers quitting at once on a busy
machine), up to this many seconds after it was told."""
PROGRESS_SECONDS: Final = 0.5
"""How often a trainer past its grace is looked at: still at work, or stuck."""
DRAIN_QUIET: Final = 0.2
"""When the server stops: what a tab sent before is passed on until it has sent nothing for
this long (its keys already on their way) ..."""
DRAIN_LIMIT: Final = 1.0
"""... or for this long at most."""
CLOSE_SECONDS: Final = 2.0
"""How long closing a tab's socket waits for the browser's reply."""
HEARTBEAT: Final = 15.0
"""A tab's socket silent this long is sent a ping; one that has not answered within half
as long again (its browser gone without a word: asleep, off the network) is closed and its
trainer ended, as for a tab closed."""
MAX_MESSAGE: Final = 1 << 20
"""The largest message a tab may send (keys, a paste, a resize): 1 MiB."""
LARGEST_TERMINAL: Final = (500, 250)
"""The most columns and rows a tab's terminal may ask for."""
TAB_DRIVER: Final = "trainer.ui.tab_driver:TabDriver"
"""The Textual driver of a tab's trainer: the web driver, quitting when the server is gone."""
MOST_SAID: Final = 4000
"""The most characters of what the trainer says passed to its page's live region."""
MOST_REASON: Final = 300
"""The most characters of a page's reason for having no microphone passed on."""
STOPPED: Final = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)

log = logging.getLogger("muggins.serve")


class TabProcess(AppService):
    """textual-serve's relay to one trainer, whose process is started without a shell, in a
    session of its own, with our driver (`trainer.ui.tab_driver`), and kept (to wait for it,
    and to kill it only as a last resort).

    Replaces `AppService._open_app_process` and sets the two attributes its ``run`` reads,
    as textual-serve 1.1.3 (pinned) does.
    """

    def __init__(self, argv: Sequence[str], ws: web.WebSocketResponse, **service: Any) -> None:
        super().__init__(
            " ".join(argv),
            write_bytes=self._to_tab,
            write_str=self._text_to_tab,
            close=self._trainer_left,
            **service,
        )
        self.argv, self.ws = list(argv), ws
        self.process: Process | None = None
        self.left = asyncio.Event()
        """Set when the trainer has said it is leaving (it quit of its own accord)."""
        self.listening = False
        """The trainer has asked the page for its microphone: the page's audio is passed on
        (never otherwise)."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        env = self._build_environment(width=width, height=height)
        env["TEXTUAL_DRIVER"] = TAB_DRIVER
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=env, start_new_session=True
        )
        self._process, self._stdin = self.process, self.process.stdin
        return self.process

    async def _to_tab(self, data: bytes) -> None:
        """The trainer's output to its tab; dropped once the tab has gone, so the relay goes
        on reading it and the trainer never blocks on a full pipe while it quits."""
        if not self.ws.closed:
            with suppress(ConnectionError):
                await self.ws.send_bytes(data)

    async def _text_to_tab(self, text: str) -> None:
        if not self.ws.closed:
            with suppress(ConnectionError):
                await self.ws.send_str(text)

    async def _trainer_left(self) -> None:
        self.left.set()

    async def on_meta(self, data: bytes) -> None:
        """A meta packet from the trainer: its microphone asked of the page (`LISTEN`), or
        what it says for the page's live region (`SAID`), each passed to this tab's page
        alone; else textual-serve's own."""
        try:
            meta = json.loads(data)
        except ValueError:
            meta = None
        if isinstance(meta, dict) and meta.get("type") == LISTEN:
            self.listening = meta.get("listen") is True
            await self._text_to_tab(json.dumps([LISTEN, {"listen": self.listening}]))
            return
        if isinstance(meta, dict) and meta.get("type") == SAID:
            text = meta.get("text")
            if isinstance(text, str):
                await self._text_to_tab(json.dumps([SAID, {"text": text[:MOST_SAID]}]))
            return
        await super().on_meta(data)

    async def end(self, grace: float = QUIT_GRACE, limit: float = QUIT_LIMIT) -> None:
        """Tell the trainer to quit and wait until its process has ended. One that has not
        within ``grace`` seconds is killed if it is stuck (not running); one still at work
        (saving on a busy machine) is waited for while it works, ``limit`` seconds at most."""
        process = self.process
        if process is None:
            return
        stopping = asyncio.ensure_future(self.stop())  # the quit, then its last output relayed
        exited = asyncio.ensure_future(process.wait())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        before = _activity(process.pid)
        await asyncio.wait({exited}, timeout=grace)
        while not exited.done():
            now = _activity(process.pid)
            working = now is not None and before is not None and (now[0] == "R" or now != before)
            if not working or loop.time() >= deadline:
                log.warning(
                    "a tab's trainer (process %d) did not quit in %.0f s: stopped",
                    process.pid,
                    limit - (deadline - loop.time()),
                )
                with suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                break
            before = now
            await asyncio.wait({exited}, timeout=PROGRESS_SECONDS)
        await exited
        try:
            await asyncio.wait_for(stopping, CLOSE_SECONDS)  # its output ends with it
        except (TimeoutError, OSError) as err:
            log.warning("a tab's trainer ended, its relay did not: %s", err)


def _activity(pid: int) -> tuple[str, int] | None:
    """What process ``pid`` is doing: its state (R: running or waiting for the processor)
    and the processor time it has used, from Linux's /proc; None where that cannot be read
    (elsewhere, a trainer past its grace is taken as stuck)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return fields[0], int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


class Tabs:
    """The open tabs: the websocket handler that starts each one's trainer, the limit (a
    reload waiting for its own place: `trainer.ui.serve_places`), and the stop that ends
    them all."""

    def __init__(self, argv: Sequence[str], limit: int, heartbeat: float = HEARTBEAT) -> None:
        self.argv, self.heartbeat = list(argv), heartbeat
        self.places = Places(limit)
        """Held from before a tab's trainer starts until that process has ended."""
        self.reload_wait = 1.5 * heartbeat + QUIT_LIMIT + 2 * CLOSE_SECONDS
        """How long a reload at the limit waits for its place: as long as its old tab can
        take to end (its socket found gone, its trainer's quit, both sockets closed)."""
        self.stopping = asyncio.Event()
        self._open: set[asyncio.Task[Any]] = set()
        self._downloads = DownloadManager()

    @property
    def limit(self) -> int:
        """``--max-tabs``."""
        return self.places.limit

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """A tab: its trainer started, relayed until the tab closes, the trainer leaves or
        the server stops, then ended. Beyond the limit its socket is closed at once, unless
        it reloads a tab still ending: then it waits for that tab's place."""
        ws = web.WebSocketResponse(
            heartbeat=self.heartbeat, timeout=CLOSE_SECONDS, max_msg_size=MAX_MESSAGE
        )
        name, was = token(request.query.get("tab")), token(request.query.get("was"))
        place = None if self.stopping.is_set() else self.places.take(name)
        task = asyncio.current_task()
        assert task is not None
        self._open.add(task)
        try:
            await ws.prepare(request)
            if place is None and not self.stopping.is_set():
                place = self.places.take(name)  # freed while it opened, if at all
                if place is None and was is not None:
                    place = await self._inherit(was, name)
            if place is None or self.stopping.is_set() or ws.closed:
                await self._refuse(ws)
            elif request.transport is not None and not request.transport.is_closing():
                await self._run(ws, request)
        except ConnectionError:
            pass  # the tab went away as it opened
        finally:
            if place is not None:
                self.places.release(place)
            self._open.discard(task)
            if ws.prepared:
                await ws.close()
        return ws

    async def _inherit(self, was: str, name: str | None) -> Place | None:
        """The place of the tab that the page ``was`` had, for its reload ``name``, once its
        trainer has ended; None if it has none or the server stops meanwhile."""
        stop = asyncio.ensure_future(self.stopping.wait())
        try:
            return await self.places.inherit(was, name, (stop,), self.reload_wait)
        finally:
            stop.cancel()

    async def _refuse(self, ws: web.WebSocketResponse) -> None:
        """Close a tab that gets no trainer, saying why."""
        if self.stopping.is_set():
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"the server is stopping")
        else:
            await ws.close(code=TABS_FULL, message=b"too many tabs")

    async def _run(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        """Start the tab's trainer, relay, and end the trainer however the relay stopped
        (the tab's socket closing meanwhile: a trainer's quit has all the time there is)."""
        service = TabProcess(self.argv, ws, download_manager=self._downloads)
        try:
            await service.start(*_size(request.query.get("width"), request.query.get("height")))
        except OSError as err:
            log.warning("a tab's trainer could not start: %s", err.strerror or err)
            return
        try:
            await self._relay(ws, service)
        finally:
            closing = asyncio.ensure_future(ws.close())
            try:
                await service.end()
            finally:
                await closing

    async def stop(self, timeout: float) -> None:
        """End every tab: each trainer is passed what its tab sent before, told to quit and
        waited for (``timeout`` seconds at most for them all)."""
        self.stopping.set()
        if self._open:
            await asyncio.wait(set(self._open), timeout=timeout)

    async def _relay(self, ws: web.WebSocketResponse, service: TabProcess) -> None:
        """Pass the tab's messages to its trainer until the tab closes, the trainer leaves or
        the server stops (then what the tab has already sent is passed on first)."""
        assert service.process is not None
        stop = asyncio.ensure_future(self.stopping.wait())
        gone = asyncio.ensure_future(service.process.wait())
        left = asyncio.ensure_future(service.left.wait())
        try:
            while True:
                receiving = asyncio.ensure_future(ws.receive())
                await asyncio.wait(
                    {receiving, stop, gone, left}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiving.done():
                    if not await _forward(receiving.result(), ws, service):
                        return
                    continue
                receiving.cancel()  # nothing was read: nothing is lost
                with suppress(asyncio.CancelledError):
                    await receiving
                if stop.done() and not (gone.done() or left.done()):
                    await _drain(ws, service)
                return
        finally:
            for waiting in (stop, gone, left):
                waiting.cancel()


async def _drain(ws: web.WebSocketResponse, service: TabProcess) -> None:
    """Pass on what the tab sent before the server stopped: until it has been quiet for
    `DRAIN_QUIET` seconds, `DRAIN_LIMIT` at most."""
    with suppress(TimeoutError):
        async with asyncio.timeout(DRAIN_LIMIT):
            while await _forward(await ws.receive(timeout=DRAIN_QUIET), ws, service):
                pass


async def _forward(message: Any, ws: web.WebSocketResponse, service: TabProcess) -> bool:
    """Pass one message of the tab's page (keys, a new size, focus, its microphone's audio
    and state) to its trainer; False once the tab has closed. What is not such a message
    is ignored, and audio the trainer has not asked for."""
    if message.type in STOPPED:
        return False
    if message.type is WSMsgType.BINARY:  # the page's microphone: audio, if asked for
        if service.listening and len(message.data) <= LARGEST_CHUNK:
            pcm = base64.b64encode(message.data).decode("ascii")
            await service.send_meta({"type": AUDIO, "pcm": pcm})
        return True
    if message.type is not WSMsgType.TEXT:
        return True
    try:
        envelope = json.loads(message.data)
    except (ValueError, RecursionError):  # not JSON, or nested past Python's depth
        return True
    if not isinstance(envelope, list) or not envelope:
        return True
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        await service.send_bytes(data.encode("utf-8", "replace"))
    elif kind == "resize" and isinstance(data, dict):
        await service.set_terminal_size(*_size(data.get("width"), data.get("height")))
    elif kind == "ping" and isinstance(data, str):
        with suppress(ConnectionError):
            await ws.send_json(["pong", data])
    elif kind == "focus":
        await service.focus()
    elif kind == "blur":
        await service.blur()
    elif kind == STATE and isinstance(data, dict) and data.get("state") in STATES:
        reason = data.get("reason")
        said = reason[:MOST_REASON] if isinstance(reason, str) else ""
        await service.send_meta({"type": STATE, "state": data["state"], "reason": said})
    return True


def _size(width: object, height: object) -> tuple[int, int]:
    """A terminal size asked for by a page, as whole columns and rows within reason
    (80x24 where it is not a number)."""

    def whole(value: object, default: int, most: int) -> int:
        try:
            number = int(str(value))
        except ValueError:
            return default
        return min(max(number, 1), most)

    return whole(width, 80, LARGEST_TERMINAL[0]), whole(height, 24, LARGEST_TERMINAL[1])
