"""`muggins serve` in a real browser: Debian's chromium, driven by Playwright.

A hand answered in the page reaches the stats store; a page from another address (another
loopback address, or a name rebound to 127.0.0.1) cannot drive a trainer while the
server's own page can; tabs beyond ``--max-tabs`` are told so and start nothing, even in a
burst; a closed tab's trainer ends; SIGTERM with tabs open keeps every answer (issue 22).

The served terminal is a canvas, so the tests read the stats store, the trainer processes,
screenshots, and the bytes the page's terminal is sent (the pegging drill's cards laid),
never the page's text. `.ci/run` installs chromium where it is missing;
Playwright never downloads a browser here (no `playwright install`). Only loopback
addresses are used, each server on a port of its own choosing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from tests.ui.serve_support import (
    KILLED,
    Served,
    attempts,
    no_trainers_left,
    trainers_using,
    wait_for,
)
from trainer.drills.discards import deal_discard
from trainer.drills.plays import deal_play
from trainer.game.coach.discard_drill import appraise
from trainer.history import DB_NAME
from trainer.rules.cards import RANK_NAMES
from trainer.ui.serve_places import token
from trainer.ui.serve_tabs import TABS_FULL

pytestmark = pytest.mark.slow  # a browser and trainers start: run in CI, not the quick loop

CHROMIUM = Path("/usr/bin/chromium")
REBOUND = "rebound.test"
"""A name the browser resolves to 127.0.0.1, as a DNS-rebinding attacker's name would."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1",
]
VIEWPORT: ViewportSize = {"width": 1024, "height": 640}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
HOME_DRAWN = "Ten random hands with their starter"
"""Home's last part drawn: the description of the drill set under its cursor, the warm-up."""
HOME_KEYS = "Play a game"
"""One of home's keys in its footer."""
QUESTION_DRAWN = "our count, then Enter"
"""A hand's question drawn, down to its answer box's words (the first letter may be under
the blinking cursor, drawn apart)."""
T = TypeVar("T")

DRIVE = """
url => {
  // What the audit's page did: open the trainer's socket, start the first drill once home
  // is drawn, answer 7 once the question is, and note what happened.
  const seen = window.seen = {opened: false, bytes: 0, closed: null};
  const socket = new WebSocket(url + "?width=100&height=30");
  socket.binaryType = "arraybuffer";
  let step = 0;
  socket.onopen = () => { seen.opened = true; };
  socket.onmessage = (event) => {
    seen.bytes += event.data.byteLength || 0;
    if (step === 0 && seen.bytes > 1000) {
      step = 1;
      seen.bytes = 0;
      socket.send(JSON.stringify(["stdin", "\\r"]));
    } else if (step === 1 && seen.bytes > 1000) {
      step = 2;
      setTimeout(() => socket.send(JSON.stringify(["stdin", "7\\r"])), 1000);
    }
  };
  socket.onclose = (event) => { seen.closed = event.code; };
}
"""
OPENED = """
// Count the page's sockets opened (the server has taken the handshake).
window.opened = 0;
const Opened = window.WebSocket;
window.WebSocket = class extends Opened {
  constructor(url, protocols) {
    super(url, protocols);
    this.addEventListener("open", () => { window.opened += 1; });
  }
};
"""
RECORD = """
// Keep, as text, every byte the trainer sends the page's terminal (what it draws), and
// the page's sockets (what they hold still to send).
window.drawn = "";
window.sockets = [];
const decoder = new TextDecoder();
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(url, protocols);
    window.sockets.push(this);
    this.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        window.drawn += decoder.decode(event.data, {stream: true});
      }
    });
  }
};
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.exists(), "chromium is needed: apt-get install chromium (.ci/run does)"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile for the test, at the pinned size (with the pinned font, it
    sets the terminal's columns and rows)."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.add_init_script(RECORD)
    try:
        yield context
    finally:
        context.close()


def test_a_hand_answered_in_the_browser_is_in_the_stats(
    tmp_path: Path, context: BrowserContext
) -> None:
    home = tmp_path / "home"
    served = Served(home)
    requests: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        page.on("websocket", lambda ws: requests.append(ws.url))
        page.goto(served.url)
        assert page.title() == "Muggins"
        _answer_the_first_hand(page)
        rows = wait_for(lambda: attempts(home), "the answer in the stats store")
        shot = tmp_path / "reveal.png"
        shot.write_bytes(_settle(page))  # the reveal of the hand, drawn
    finally:
        served.stop()
    assert rows == [("warm-up", "7", 7)]
    data = shot.read_bytes()
    assert data.startswith(PNG_MAGIC)
    assert len(data) > 10_000  # a drawn screen, not a blank page
    ours = (served.url, f"ws://127.0.0.1:{served.port}/")
    assert requests, "no request was recorded"
    outside = [url for url in requests if not url.startswith(ours)]
    assert outside == [], "the page fetched from outside the server"
    assert any(url.endswith("/static/fonts/RobotoMono-VariableFont_wght.ttf") for url in requests)
    # The terminal's size as the page measured it and asked for it: 113x28 cells of 16 px
    # Roboto Mono in this viewport above the page's bar of keys (the fallback monospace
    # font, its cells shorter, would give more rows).
    (socket_url,) = [url for url in requests if url.startswith("ws:")]
    address = urlsplit(socket_url)
    query = parse_qs(address.query)
    assert address.path == "/ws", socket_url
    assert (query["width"], query["height"]) == (["113"], ["28"]), socket_url
    assert token(query["tab"][0]) is not None, socket_url  # the page's name for itself
    assert "was" not in query  # a first page replaces none


def test_the_pegging_drill_draws_the_cards_laid_in_the_browser(
    tmp_path: Path, context: BrowserContext
) -> None:
    """Every card laid since the reset reaches the page's terminal as a card face (the
    question's seed, read back from the stats store once it is answered, says which). Seed
    381 deals seven cards before yours first: the widest row the play has."""
    home = tmp_path / "home"
    served = Served(home, before=("--seed", "381", "--drill", "pegging"))
    try:
        page = context.new_page()
        page.goto(served.url)
        # The question's frame, down to its field (its cursor blinks: it never settles).
        page.wait_for_function("window.drawn.includes('this card pegs')", timeout=30_000)
        drawn = str(page.evaluate("window.drawn"))
        page.keyboard.type("0")
        page.keyboard.press("Enter")
        seed = wait_for(lambda: _seeds(home), "the answer in the stats store")[0]
    finally:
        served.stop()
    play = deal_play(seed)
    assert len(play.before) == 7, play
    for card in play.laid:
        assert RANK_NAMES[card.rank] + card.symbol[-1] in drawn, f"{card} never drawn"
    before = play.count - play.card.value
    assert f"count {before} before your card" in drawn or not play.before


def test_a_throw_made_in_the_browser_is_judged_and_kept(
    tmp_path: Path, context: BrowserContext
) -> None:
    """The discard drill in the page: cards picked by their numbers, Enter throws them, the
    reveal is drawn and the throw is kept with its loss, the coach's for that deal."""
    home = tmp_path / "home"
    served = Served(home, before=("--seed", "3", "--drill", "keep-four"))
    try:
        page = context.new_page()
        page.goto(served.url)
        page.wait_for_function("window.drawn.includes('then Enter')", timeout=30_000)
        page.keyboard.press("1")
        page.keyboard.press("2")
        page.keyboard.press("Enter")
        kept = wait_for(lambda: _throws(home), "the throw in the stats store")[0]
        page.wait_for_function("window.drawn.includes('best first')", timeout=30_000)
    finally:
        served.stop()
    seed, hand, answer, loss = kept
    deal = deal_discard(seed, 6)
    assert hand == " ".join(map(str, deal.dealt))
    assert json.loads(answer)["cards"] == [str(c) for c in deal.dealt[:2]]
    throws = appraise(deal, "standard")
    (made,) = [t for t in throws if set(t.throw) == set(deal.dealt[:2])]
    assert loss == pytest.approx(throws[0].net - made.net, abs=1e-6)


def _throws(home: Path) -> list[tuple[int, str, str, float]]:
    """The throws recorded in the stats store of ``home``: seed, dealt cards, answer, loss."""
    path = home / DB_NAME
    if not path.exists():
        return []
    with contextlib.closing(sqlite3.connect(path)) as db:
        try:
            sql = "SELECT seed, hand, answer, loss FROM attempts WHERE loss IS NOT NULL"
            return [(int(s), str(h), str(a), float(x)) for s, h, a, x in db.execute(sql)]
        except sqlite3.OperationalError:  # being made just now
            return []


def _seeds(home: Path) -> list[int]:
    """The seeds of the answers recorded in the stats store of ``home``."""
    path = home / DB_NAME
    if not path.exists():
        return []
    with contextlib.closing(sqlite3.connect(path)) as db:
        try:
            return [int(seed) for (seed,) in db.execute("SELECT seed FROM attempts")]
        except sqlite3.OperationalError:  # being made just now
            return []


def test_a_page_from_another_loopback_address_cannot_drive_the_trainer(
    tmp_path: Path, context: BrowserContext
) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        with _page_served_at("127.0.0.2") as elsewhere:
            foreign = context.new_page()
            foreign.goto(elsewhere)
            foreign.evaluate(DRIVE, served.socket_url)
            foreign.wait_for_function("window.seen.closed !== null", timeout=15_000)
            seen = foreign.evaluate("window.seen")
            started = trainers_using(home)
        own = context.new_page()  # the same script, from the server's own page
        own.goto(served.url)
        own.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
        own.evaluate(DRIVE, served.socket_url)
        rows = wait_for(lambda: attempts(home), "the own page's answer in the stats store")
    finally:
        served.stop()
    assert seen == {"opened": False, "bytes": 0, "closed": 1006}  # refused at the handshake
    assert started == []
    assert rows == [("warm-up", "7", 7)]  # and only the own page's


def test_a_name_rebound_to_this_machine_gets_no_page_and_no_trainer(
    tmp_path: Path, context: BrowserContext
) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        page = context.new_page()
        response = page.goto(f"http://{REBOUND}:{served.port}/")
        assert response is not None
        status, body = response.status, page.content()
        page.evaluate(DRIVE, f"ws://{REBOUND}:{served.port}/ws")
        page.wait_for_function("window.seen.closed !== null", timeout=15_000)
        seen = page.evaluate("window.seen")
        started = trainers_using(home)
    finally:
        served.stop()
    assert status == 421
    assert "websocket" not in body
    assert seen == {"opened": False, "bytes": 0, "closed": 1006}
    assert started == []
    assert attempts(home) == []


def test_tabs_beyond_the_limit_are_told_and_a_burst_starts_no_more_trainers(
    tmp_path: Path, context: BrowserContext
) -> None:
    home = tmp_path / "home"
    served = Served(home, "--max-tabs", "2")
    try:
        for _ in range(2):
            page = context.new_page()
            page.goto(served.url)
            page.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
        third = context.new_page()
        third.goto(served.url)
        third.wait_for_selector("body.-full", state="attached", timeout=15_000)
        notice = third.inner_text(".full")
        codes, most = _in_a_thread(lambda: _burst(served, sockets=24))
        left = trainers_using(home)
    finally:
        served.stop()
    assert "already open in 2 tabs" in notice
    assert codes == [TABS_FULL] * 24
    assert most == 2, f"{most} trainers ran at once"
    assert len(left) == 2


def test_a_tab_reloaded_with_every_place_taken_gets_its_place_back(
    tmp_path: Path, context: BrowserContext
) -> None:
    # Its old trainer is paused as the page reloads, so that it is still ending (as it
    # would be for a second or more) when the new page's socket opens; let go then (on a
    # machine so busy that the page took longer than the trainer's grace to open, the
    # server will have stopped it as stuck: the place is the reload's all the same).
    home = tmp_path / "home"
    served = Served(home, "--max-tabs", "1")
    sockets: list[str] = []
    try:
        context.add_init_script(OPENED)
        page = context.new_page()
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(served.url)
        page.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
        (old,) = trainers_using(home)
        with _most_trainers(home) as most:
            os.kill(old, signal.SIGSTOP)
            try:
                page.reload(wait_until="commit")
                page.wait_for_function("window.opened === 1", timeout=30_000)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(old, signal.SIGCONT)
            page.wait_for_selector("body.-first-byte", state="attached", timeout=60_000)
            full = page.evaluate("document.body.classList.contains('-full')")
            (new,) = wait_for(lambda: trainers_using(home), "the reload's trainer")
    finally:
        served.stop()
    first, second = (parse_qs(urlsplit(url).query) for url in sockets)
    assert second["was"] == first["tab"]  # the reload named the page it replaced
    assert second["tab"] != first["tab"]
    assert not full
    assert new != old
    assert most == [1], f"{most[0]} trainers ran at once"


@contextlib.contextmanager
def _most_trainers(home: Path) -> Iterator[list[int]]:
    """The most trainers of ``home`` seen running at once while in the block (counted every
    20 ms in a thread), as a one-item list filled in at its end."""
    most = [len(trainers_using(home))]
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            most[0] = max(most[0], len(trainers_using(home)))
            time.sleep(0.02)

    counter = threading.Thread(target=count, daemon=True)
    counter.start()
    try:
        yield most
    finally:
        done.set()
        counter.join()
        most[0] = max(most[0], len(trainers_using(home)))


def test_a_closed_tabs_trainer_ends(tmp_path: Path, context: BrowserContext) -> None:
    # Told to quit, not killed past its grace; how soon is the machine's load.
    home = tmp_path / "home"
    served = Served(home)
    try:
        page = context.new_page()
        page.goto(served.url)
        page.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
        started = trainers_using(home)
        page.close()
        no_trainers_left(home)
    finally:
        output = served.stop()
    assert len(started) == 1
    assert KILLED not in output, output


def test_an_answer_entered_as_the_tab_closes_is_kept(
    tmp_path: Path, context: BrowserContext
) -> None:
    home = tmp_path / "home"
    served = Served(home)
    try:
        page = context.new_page()
        page.goto(served.url)
        _start_the_first_drill(page)
        page.keyboard.type("7")
        page.keyboard.press("Enter")
        # The keys out of the page (a page torn down may drop what its socket has not sent
        # yet: the browser's doing), then at once: the page's blur and the quit right behind
        # (the blur once took the answer box's focus before its Enter was handled: the
        # answer was never submitted, `trainer.ui.quitting`).
        page.wait_for_function("window.sockets.every(s => s.bufferedAmount === 0)")
        page.close()
        no_trainers_left(home)
    finally:
        output = served.stop()
    kept = sorted(p.name for p in home.iterdir()) if home.exists() else "no folder made"
    assert attempts(home) == [("warm-up", "7", 7)], (kept, output)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_stopping_with_tabs_open_keeps_every_answer_just_entered(
    tmp_path: Path, context: BrowserContext, sig: signal.Signals
) -> None:
    home = tmp_path / "home"
    served = Served(home, "--max-tabs", "3")
    try:
        pages = [context.new_page() for _ in range(3)]
        for page in pages:
            page.goto(served.url)
        for page in pages:
            _start_the_first_drill(page)
        for page in pages:
            page.keyboard.type("7")
            page.keyboard.press("Enter")
        status, _, output = served.signal(sig)  # at once: the answers are on their way
        left = trainers_using(home)
    finally:
        served.stop()
    assert status == 0, output
    assert KILLED not in output, output  # every trainer quit when told
    assert "Stopped.\n" in output, output
    assert "Traceback" not in output, output
    assert left == []
    assert attempts(home) == [("warm-up", "7", 7)] * 3
    assert list(home.glob("muggins.pending-*")) == []


def _answer_the_first_hand(page: Page) -> None:
    """Start the warm-up from home and answer its first hand with 7."""
    _start_the_first_drill(page)
    page.keyboard.type("7")
    page.keyboard.press("Enter")


def _start_the_first_drill(page: Page) -> None:
    """Wait for home to be drawn (the first drill set's description under the list, and
    its footer of keys), press Enter on it, and wait for the question's answer box to be
    drawn."""
    _drawn(page, HOME_DRAWN)
    _drawn(page, HOME_KEYS)  # home's footer of keys, drawn in the browser too (issue 34)
    page.keyboard.press("Enter")  # start the first drill set: the warm-up
    _drawn(page, QUESTION_DRAWN)


def _drawn(page: Page, text: str) -> None:
    """Wait until the trainer has sent the page's terminal ``text`` (the trainer drew it, so
    it has done all it did before; a key pressed now is its next)."""
    page.wait_for_function("text => window.drawn.includes(text)", arg=text, timeout=30_000)


async def _burst(served: Served, sockets: int) -> tuple[list[int | None], int]:
    """Open ``sockets`` tabs' sockets at once; the close code each got, and the most trainers
    seen running meanwhile (counted every 20 ms)."""
    most = len(trainers_using(served.home))
    done = asyncio.Event()

    async def count() -> None:
        nonlocal most
        while not done.is_set():
            most = max(most, len(trainers_using(served.home)))
            await asyncio.sleep(0.02)

    async def one(session: aiohttp.ClientSession) -> int | None:
        async with session.ws_connect(served.socket_url) as ws:
            await ws.receive(timeout=15)
            return ws.close_code

    counting = asyncio.create_task(count())
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        codes = await asyncio.gather(*(one(session) for _ in range(sockets)))
    done.set()
    await counting
    return list(codes), max(most, len(trainers_using(served.home)))


def _in_a_thread(work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to its end in a thread of its own (Playwright's own event loop runs
    in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work()).result(timeout=60)


class _page_served_at:
    """A page served from another loopback address (``with _page_served_at(ip) as url``):
    anything the browser loads from it, a blank page of that origin."""

    def __init__(self, address: str) -> None:
        class Blank(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = b"<!DOCTYPE html><title>elsewhere</title><p>another site</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer((address, 0), Blank)
        self.url = f"http://{address}:{self.server.server_address[1]}/"

    def __enter__(self) -> str:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.url

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def _settle(page: Page, timeout: float = 30) -> bytes:
    """Wait until the page shows the same picture for a second (a still screen is drawn);
    returns that picture.
    """
    deadline = time.monotonic() + timeout
    last, same_since = b"", time.monotonic()
    while time.monotonic() < deadline:
        shot = page.screenshot()
        if shot != last:
            last, same_since = shot, time.monotonic()
        elif time.monotonic() - same_since >= 1:
            return shot
        time.sleep(0.1)
    raise AssertionError("the page never settled")
