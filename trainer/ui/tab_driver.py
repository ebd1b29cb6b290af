"""The driver a browser tab's trainer runs with (``muggins serve`` names it in
``TEXTUAL_DRIVER``): Textual's web driver, and a trainer that quits, saving its answers, when
its server is gone.

Textual's web driver reads the server's packets from standard input and simply stops at its
end, so a server killed outright (``kill -9``, the out-of-memory killer) left its trainers
running for good. This one quits instead, as if told to, and writes nothing more to the
server that is no longer there. It also takes the page's microphone for counting aloud
(`trainer.ui.page_microphone`).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual.drivers.web_driver import WebDriver
from textual.messages import ExitApp

from trainer.ui.page_microphone import SAID, PageAudio


class TabDriver(WebDriver):
    """The web driver, quitting the trainer when the server's end of its input closes, and
    bringing the page's microphone to the trainer (`page_audio`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.page_audio = PageAudio(self.write_meta)
        """The page's microphone: its audio and its answers come as meta packets."""

    def tell_page(self, text: str) -> None:
        """Give the page what the trainer says, for its live region (a screen reader reads
        it out: the page's terminal is a canvas it cannot read)."""
        self.write_meta({"type": SAID, "text": text})

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if not self.page_audio.take(packet_type, payload):
            super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended, not by our own quit: no server
            self._app.post_message(ExitApp())

    def write(self, data: str) -> None:
        with suppress(OSError):  # the server is gone: nobody to draw for
            super().write(data)

    def write_meta(self, data: dict[str, object]) -> None:
        with suppress(OSError):
            super().write_meta(data)

    def write_binary_encoded(self, data: tuple[str | bytes, ...]) -> None:
        with suppress(OSError):
            super().write_binary_encoded(data)
