"""Counting aloud in a ``muggins serve`` tab, without a browser: a real trainer behind its
relay; F2 makes it ask its page for the microphone, the page's audio (a spoken count,
synthesised) comes back over the tab's socket, and the count is heard, shown and judged on
Enter. (`test_serve_browser` says the count through chromium's microphone.)"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, cast

from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from tests.ui.serve_support import attempts, trainers_using
from tests.voice.speech import synthesise
from trainer.cli.parser import parse
from trainer.ui.page_microphone import LISTEN, SAID, STATE
from trainer.ui.serve import tab_command
from trainer.ui.serve_tabs import TabProcess, _forward
from trainer.voice.audio import RATE, read_wav

ELEVEN = (
    "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, "
    "and one for his nobs is eleven"
)
"""The count of the warm-up's first hand with seed 3: 5H 5C JH KD, the 9H cut."""
CHUNK = 2 * RATE // 10
"""A page's chunk: 0.1 s of 16-bit samples."""


class _Tab:
    """A tab's socket as its relay writes to it: the terminal's bytes and the texts."""

    def __init__(self) -> None:
        self.closed = False
        self.output = bytearray()
        self.texts: list[Any] = []
        self.more = asyncio.Event()

    async def send_bytes(self, data: bytes) -> None:
        self.output += data
        self.more.set()

    async def send_str(self, text: str) -> None:
        self.texts.append(json.loads(text))
        self.more.set()

    async def until(self, ready: Any, what: str, seconds: float = 60) -> None:
        try:
            async with asyncio.timeout(seconds):
                while not ready():
                    self.more.clear()
                    await self.more.wait()
        except TimeoutError:
            raise AssertionError(f"waited {seconds} s for {what}") from None


class _Message:
    def __init__(self, kind: WSMsgType, data: Any) -> None:
        self.type, self.data = kind, data


async def _count_aloud(argv: list[str], audio: bytes) -> tuple[bytes, list[Any]]:
    tab = _Tab()
    ws = cast(web.WebSocketResponse, tab)
    trainer = TabProcess(argv, ws, download_manager=DownloadManager())
    await trainer.start(100, 30)
    try:
        await tab.until(lambda: b"Your count" in tab.output, "the question")
        await trainer.send_bytes(b"\x1bOQ")  # F2, as the page's microphone button sends it
        await tab.until(lambda: [LISTEN, {"listen": True}] in tab.texts, "the ask")
        said = json.dumps([STATE, {"state": "listening", "reason": ""}])
        await _forward(_Message(WSMsgType.TEXT, said), ws, trainer)
        for at in range(0, len(audio), CHUNK):
            await _forward(_Message(WSMsgType.BINARY, audio[at : at + CHUNK]), ws, trainer)
        await tab.until(lambda: [LISTEN, {"listen": False}] in tab.texts, "the count's end")
        await tab.until(lambda: b"Judge it" in tab.output, "the count heard shown")
        await trainer.send_bytes(b"\r")
        await tab.until(lambda: b"Next hand" in tab.output or b"Next" in tab.output, "a verdict")
    finally:
        await trainer.end()
    return bytes(tab.output), tab.texts


def test_a_count_said_into_the_page_is_heard_and_judged(tmp_path: Path) -> None:
    home = tmp_path / "home"
    wav = synthesise(ELEVEN, tmp_path / "eleven.wav", voice="en-us", speed=160, seed=3)
    silence = bytes(2 * RATE * 2)  # two seconds of the page's quiet after the count
    audio = read_wav(wav) + silence
    args = parse(["--seed", "3", "--drill", "warm-up", "serve", "--data-dir", str(home)])
    output, texts = asyncio.run(_count_aloud(tab_command(args), audio))
    assert b"Heard" in output
    assert attempts(home) == [("warm-up", "11", 11)]
    asked = [t for t in texts if t[0] == LISTEN]
    assert asked == [[LISTEN, {"listen": True}], [LISTEN, {"listen": False}]]
    said = [t[1]["text"] for t in texts if t[0] == SAID]  # for the page's screen reader
    assert said[0].endswith("the starter, the nine of hearts.")
    assert said[-1].startswith("Exact!")
    assert trainers_using(home) == []
