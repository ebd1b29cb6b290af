"""The driver a browser tab's trainer runs with (``muggins serve`` names it in
``TEXTUAL_DRIVER``): Textual's web driver, and a trainer that quits, saving its answers, when
its server is gone.

Textual's web driver reads the server's packets from standard input and simply stops at its
end, so a server killed outright (``kill -9``, the out-of-memory killer) left its trainers
running for good. This one quits instead, as if told to, and writes nothing more to the
server that is no longer there.
"""

from __future__ import annotations

from contextlib import suppress

from textual.drivers.web_driver import WebDriver
from textual.messages import ExitApp


class TabDriver(WebDriver):
    """The web driver, quitting the trainer when the server's end of its input closes."""

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
