"""Counting aloud in ``muggins serve``'s page, and the page on a phone: Debian's chromium
driven by Playwright, its fake microphone playing a spoken count (espeak-ng) to the page.

The microphone button presses F2; the trainer asks its page to listen; the page streams the
microphone to its own trainer over the tab's socket; the count is heard, shown and judged
on Enter, in a drill and at the table. A browser that refuses the microphone is said so on
the page and by the trainer. A phone (390x844, touch) does a whole drill by taps and the
page's own keys, the drills' cards, prompt and footer within its width.
"""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.game.scripted import scripted
from tests.ui.serve_support import Served, attempts, wait_for
from tests.ui.test_serve_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    QUESTION_DRAWN,
    REBOUND,
    RECORD,
    VIEWPORT,
)
from tests.voice.speech import synthesise
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.rules.show import Breakdown, score_show
from trainer.ui.serve import FIT_COLUMNS

pytestmark = pytest.mark.slow  # a browser and trainers start: run in CI, not the quick loop

ELEVEN = (
    "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, "
    "and one for his nobs is eleven"
)
"""The count of the warm-up's first hand with seed 3: 5H 5C JH KD, the 9H cut."""
HEARD_SHOWN = "Judge it"
"""The footer's key once a count heard waits for Enter."""
PHONE = {"width": 390, "height": 844}
SEED = 24
"""A game whose first show of yours is long enough to be heard for sure: 10 points, five
groups ("fifteen two, ... and a pair is ten"); a bare "a pair is two" may be refused."""
HANDS = 10
"""The warm-up's hands."""
COLUMNS = "Number(new URL(window.mugginsSocket.url).searchParams.get('width'))"
"""The terminal's columns, as the page asked for them."""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    assert CHROMIUM.exists(), "chromium is needed: apt-get install chromium (.ci/run does)"
    with sync_playwright() as started:
        yield started


@contextmanager
def chromium(playwright: Playwright, microphone: Path | None) -> Iterator[Browser]:
    """Chromium whose microphone plays ``microphone`` once (then silence) and is given to
    every page without asking; with None, a microphone the browser does not give."""
    args = [*CHROMIUM_ARGS, "--use-fake-device-for-media-stream"]
    if microphone is not None:
        args += [
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-audio-capture={microphone}%noloop",
        ]
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args, headless=True)
    try:
        yield browser
    finally:
        browser.close()


def opened(browser: Browser, url: str, **context: object) -> Page:
    options: dict[str, object] = {"viewport": VIEWPORT, "device_scale_factor": 1, **context}
    page = browser.new_context(**options).new_page()  # type: ignore[arg-type]
    page.context.add_init_script(RECORD)
    page.goto(url)
    return page


def drawn_after(page: Page, mark: int, text: str, timeout: float = 60_000) -> None:
    """Wait until the trainer has drawn ``text`` past the first ``mark`` characters."""
    page.wait_for_function(
        "([mark, text]) => window.drawn.slice(mark).includes(text)",
        arg=[mark, text],
        timeout=timeout,
    )


def drawn_length(page: Page) -> int:
    return int(page.evaluate("window.drawn.length"))


def no_microphone(page: Page, on_the_bar: str, by_the_trainer: str) -> str:
    """At a drill's question, press the microphone button of a page that gets none: wait
    until the page's bar says ``on_the_bar`` and the trainer draws ``by_the_trainer`` where
    the count shows; the bar's words."""
    drawn_after(page, 0, QUESTION_DRAWN)
    mark = drawn_length(page)
    page.click("#mic")
    page.wait_for_function(
        "words => document.getElementById('mic-said').textContent.includes(words)",
        arg=on_the_bar,
        timeout=30_000,
    )
    drawn_after(page, mark, by_the_trainer)
    return page.inner_text("#mic-said")


def spoken(text: str, folder: Path, name: str) -> Path:
    """``text`` said by espeak-ng, as a WAV for chromium's microphone."""
    return synthesise(text, folder / f"{name}.wav", voice="en-us", speed=160, seed=3)


def test_a_count_said_into_the_pages_microphone_is_heard_and_judged_in_a_drill(
    tmp_path: Path, playwright: Playwright
) -> None:
    home = tmp_path / "home"
    said = spoken(ELEVEN, tmp_path, "eleven")
    served = Served(home, before=("--seed", "3", "--drill", "warm-up"))
    try:
        with chromium(playwright, said) as browser:
            page = opened(browser, served.url)
            drawn_after(page, 0, QUESTION_DRAWN)
            mark = drawn_length(page)
            page.click("#mic")  # the microphone button: F2
            drawn_after(page, mark, HEARD_SHOWN)
            page.keyboard.press("Enter")  # judge the count heard
            rows = wait_for(lambda: attempts(home), "the count in the stats store")
    finally:
        served.stop()
    assert rows == [("warm-up", "11", 11)]


def _at_your_count(home: Path) -> Breakdown:
    """A standard game against an easy computer (`SEED`), saved in ``home``'s history where
    it waits for your first count (hand or crib); the show you are to count."""
    home.mkdir(parents=True)
    with StatsStore(home / DB_NAME) as store:
        session = GameSession.start(store, variant("standard"), SEED, [None, "easy"])
        while True:
            while session.bot_step() is not None:
                pass
            asked = session.prompt
            assert asked is not None, "the game ended before your count"
            if asked.kind == "count" and asked.seat == 0 and asked.box:
                state = session.state
                cards = state.cards_of(0, asked.box)
                return score_show(cards, state.hand.dealt.starter, crib=asked.box == "crib")
            session.act(scripted(session.state, asked), seconds=4.0)


def _shows_claimed(home: Path) -> list[tuple[str, int]]:
    """Your counts at the table kept in the history: the answer and the points claimed."""
    with sqlite3.connect(home / DB_NAME) as db:
        rows = db.execute(
            "SELECT answer_text, claimed FROM attempts WHERE drill_id LIKE 'game%'"
        ).fetchall()
    return [(str(a), int(c)) for a, c in rows]


def test_your_show_said_into_the_pages_microphone_is_heard_and_claimed_at_the_table(
    tmp_path: Path, playwright: Playwright
) -> None:
    home = tmp_path / "home"
    show = _at_your_count(home)
    words = show.announce() if show.total else "nineteen"
    said = spoken(words, tmp_path, "show")
    served = Served(home)
    try:
        with chromium(playwright, said) as browser:
            page = opened(browser, served.url)
            drawn_after(page, 0, "Resume")
            mark = drawn_length(page)
            page.keyboard.press("c")  # resume the saved game: it waits for your count
            drawn_after(page, mark, "Your count, Enter")  # the table, its answer box
            mark = drawn_length(page)
            page.click("#mic")
            drawn_after(page, mark, HEARD_SHOWN)
            page.keyboard.press("Enter")
            rows = wait_for(lambda: _shows_claimed(home), "your count in the history")
    finally:
        served.stop()
    assert rows[0][1] == show.total, (rows, words)


def test_a_microphone_the_browser_refuses_is_said_on_the_page_and_by_the_trainer(
    tmp_path: Path, playwright: Playwright
) -> None:
    home = tmp_path / "home"
    served = Served(home, before=("--seed", "3", "--drill", "warm-up"))
    try:
        with chromium(playwright, None) as browser:
            page = opened(browser, served.url)
            note = no_microphone(page, "refused", "refused")
            page.keyboard.type("11")
            page.keyboard.press("Enter")  # and the count is typed instead
            rows = wait_for(lambda: attempts(home), "the count typed")
    finally:
        served.stop()
    assert "allow it" in note
    assert rows == [("warm-up", "11", 11)]


def test_what_the_trainer_says_is_in_the_pages_live_region(
    tmp_path: Path, playwright: Playwright
) -> None:
    """The page's terminal is a canvas a screen reader cannot read: the hand to count and
    the verdict are put in words in a live region it announces (speaking off or on)."""
    home = tmp_path / "home"
    served = Served(home, before=("--seed", "3", "--drill", "warm-up"))
    try:
        with chromium(playwright, None) as browser:
            page = opened(browser, served.url)
            region = page.locator("#said")
            assert region.get_attribute("aria-live") == "polite"
            page.wait_for_function(
                "document.getElementById('said').textContent.includes('the nine of hearts')",
                timeout=30_000,
            )
            hand = region.text_content()
            page.keyboard.type("11")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "document.getElementById('said').textContent.startsWith('Exact!')",
                timeout=30_000,
            )
            verdict = region.text_content()
    finally:
        served.stop()
    assert hand == (
        "five of hearts, five of clubs, jack of hearts, king of diamonds; "
        "the starter, the nine of hearts."
    )
    assert verdict is not None
    assert verdict.endswith("and a pair is ten, and nobs is eleven.")


def _answered(home: Path, hands: int) -> bool:
    """Whether ``hands`` answers (or more) are in ``home``'s stats store."""
    return len(attempts(home)) >= hands


def _free_port() -> int:
    """A loopback port free now (the server is told it, to be named with it in advance)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_page_at_an_address_that_is_not_a_secure_context_says_so(
    tmp_path: Path, playwright: Playwright
) -> None:
    """Served by a name (`--public-url`, as behind a proxy) over plain http: not a secure
    context, so the browser gives the page no microphone; the page and the trainer say why
    and where it would have one. (The name is mapped to 127.0.0.1 for chromium alone, as
    the rebinding test's is: http://127.0.0.1 itself would be a secure context.)"""
    home = tmp_path / "home"
    port = _free_port()
    public = f"http://{REBOUND}:{port}"
    served = Served(
        home,
        "--port",
        str(port),
        "--public-url",
        public,
        before=("--seed", "3", "--drill", "warm-up"),
    )
    try:
        with chromium(playwright, spoken(ELEVEN, tmp_path, "eleven")) as browser:
            page = opened(browser, f"{public}/")
            assert page.evaluate("window.isSecureContext") is False
            note = no_microphone(page, "secure context", "secure")
    finally:
        served.stop()
    assert f"127.0.0.1:{port}" in note


def test_a_whole_drill_on_a_phone_by_taps_and_the_pages_keys(
    tmp_path: Path, playwright: Playwright
) -> None:
    home = tmp_path / "home"
    served = Served(home, before=("--seed", "3"))
    try:
        with chromium(playwright, None) as browser:
            page = opened(
                browser,
                served.url,
                viewport=PHONE,
                # 1: at 2 or 3 headless chromium's software WebGL draws xterm.js's glyphs
                # that many times too big (its canvas renderer does not)
                device_scale_factor=1,
                is_mobile=True,
                has_touch=True,
            )
            drawn_after(page, 0, "Ten random hands")
            mark = drawn_length(page)
            page.tap("button[aria-label=Enter]")  # home: start the warm-up
            for hand in range(HANDS):
                drawn_after(page, mark, QUESTION_DRAWN)
                page.tap("#terminal")  # the phone's keyboard comes up
                page.keyboard.type("7")
                page.tap("button[aria-label=Enter]")
                wait_for(partial(_answered, home, hand + 1), f"hand {hand + 1}'s answer")
                mark = drawn_length(page)
                page.tap("button[aria-label=Enter]")  # the next hand (the last: the summary)
            drawn_after(page, mark, "Warm-up: done")  # the drill's summary
            font = int(page.evaluate("document.getElementById('terminal').dataset.fontSize"))
            columns = int(page.evaluate(COLUMNS))
    finally:
        served.stop()
    assert len(attempts(home)) == HANDS
    assert font < 16  # made smaller for the phone's width
    assert columns >= FIT_COLUMNS  # the drills' cards, prompt and footer fit in as many
