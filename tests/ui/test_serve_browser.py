"""`muggins serve` in a real browser: Debian's chromium, driven by Playwright, answers a hand.

The served terminal is a canvas, so the test reads the stats store and a screenshot, never
the page's text. `.ci/run` installs chromium where it is missing; Playwright never downloads
a browser here (no `playwright install`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, sync_playwright

from tests.ui.serve_support import Served, free_port
from trainer.history import DB_NAME

pytestmark = pytest.mark.slow  # a browser and a trainer start: run in CI, not the quick loop

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT: ViewportSize = {"width": 1024, "height": 640}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_a_hand_answered_in_the_browser_is_in_the_stats(tmp_path: Path) -> None:
    assert CHROMIUM.exists(), "chromium is needed: apt-get install chromium (.ci/run does)"
    home = tmp_path / "home"
    served = Served(home, free_port())
    requests: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch_persistent_context(
                str(tmp_path / "profile"),  # an empty profile of the test's own
                executable_path=str(CHROMIUM),
                args=CHROMIUM_ARGS,
                headless=True,
                viewport=VIEWPORT,  # with the pinned font: the terminal's columns and rows
                device_scale_factor=1,
            )
            try:
                page = browser.new_page()
                page.on("request", lambda request: requests.append(request.url))
                page.on("websocket", lambda ws: requests.append(ws.url))
                page.goto(served.url)
                assert page.title() == "Muggins"
                page.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
                home_screen = _settle(page)  # home, drawn
                page.keyboard.press("Enter")  # start the first drill set: the warm-up
                _change(page, home_screen)  # the question (its clock ticks: never still)
                page.keyboard.type("7")
                page.keyboard.press("Enter")
                rows = _wait_for(lambda: _attempts(home), "the answer in the stats store")
                shot = tmp_path / "reveal.png"
                shot.write_bytes(_settle(page))  # the reveal of the hand, drawn
            finally:
                browser.close()
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
    # The terminal's size as the page measured it and asked for it: 113x30 cells of 16 px
    # Roboto Mono in this viewport (the fallback monospace font here would give 113x35).
    (socket_url,) = [url for url in requests if url.startswith("ws:")]
    assert socket_url.endswith("/ws?width=113&height=30"), socket_url


def _attempts(home: Path) -> list[tuple[str, str, int]]:
    """The answers recorded in the stats store so far (drill, as typed, claimed)."""
    path = home / DB_NAME
    if not path.exists():
        return []
    with contextlib.closing(sqlite3.connect(path)) as db:
        try:
            rows = db.execute("SELECT drill_id, answer_text, claimed FROM attempts").fetchall()
        except sqlite3.OperationalError:  # being made just now
            return []
    return [(str(drill), str(text), int(claimed)) for drill, text, claimed in rows]


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


def _change(page: Page, before: bytes, timeout: float = 30) -> None:
    """Wait until the page no longer shows ``before``, and a moment more (the new screen)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.screenshot() != before:
            time.sleep(0.5)
            return
        time.sleep(0.1)
    raise AssertionError("the screen did not change")


def _wait_for(
    probe: Callable[[], list[tuple[str, str, int]]], what: str, timeout: float = 30
) -> list[tuple[str, str, int]]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := probe():
            return found
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")
