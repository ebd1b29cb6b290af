"""The browser page's microphone, for a trainer in a ``muggins serve`` tab: push-to-talk asks
the page to listen, and the page's audio comes back over the tab's own socket.

The trainer tells its page to start or stop listening with a meta packet
(`LISTEN`); the server passes it to that tab's page alone, and passes the page's audio
(16 kHz mono 16-bit chunks) and its answer (listening, or why not: the browser refused,
the address is not a secure context, no microphone) back to that tab's trainer alone, as
meta packets of their own (`AUDIO`, `STATE`). `PageAudio` takes them on the driver's
input thread; a count's `PageMicrophone` is the `AudioSource` the listener reads.
"""

from __future__ import annotations

import base64
import binascii
import queue
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Final

LISTEN: Final = "muggins_listen"
"""Trainer to page: ``{"type": LISTEN, "listen": true|false}``."""
AUDIO: Final = "muggins_audio"
"""Page to trainer: ``{"type": AUDIO, "pcm": base64 of 16-bit little-endian samples}``."""
STATE: Final = "muggins_microphone"
"""Page to trainer: ``{"type": STATE, "state": one of STATES, "reason": words}``."""
SAID: Final = "muggins_said"
"""Trainer to page: ``{"type": SAID, "text": what the trainer says}``, for the page's live
region (a screen reader)."""
STATES: Final = frozenset({"listening", "refused", "unavailable", "stopped"})
ANSWER_SECONDS: Final = 60.0
"""How long the page has to start listening: the browser may ask the player first."""
QUIET_SECONDS: Final = 3.0
"""A page that sends no audio this long while listening has stopped (its tab hidden or
closing): the count ends with what was heard."""
LARGEST_CHUNK: Final = 64 * 1024
"""The most audio bytes a packet may bring (two seconds): larger ones are dropped."""
REFUSED: Final = "the browser did not give the page its microphone"


class PageAudio:
    """What the page sends about its microphone, for the trainer's counts said aloud: made
    with the driver's way to send the page a meta packet (``send``)."""

    def __init__(self, send: Callable[[dict[str, object]], None]) -> None:
        self._send = send
        self._lock = threading.Lock()
        self._current: PageMicrophone | None = None

    def take(self, kind: str, payload: Mapping[str, object]) -> bool:
        """A meta packet from the server: True if it was the page's microphone's."""
        if kind == AUDIO:
            pcm = payload.get("pcm")
            chunk = _decoded(pcm) if isinstance(pcm, str) else None
            with self._lock:
                current = self._current
            if current is not None and chunk:
                current.heard(chunk)
            return True
        if kind == STATE:
            state, reason = payload.get("state"), payload.get("reason")
            with self._lock:
                current = self._current
            if current is not None and state in STATES:
                current.answered(str(state), reason if isinstance(reason, str) else "")
            return True
        return False

    def open(self, answer: float = ANSWER_SECONDS, quiet: float = QUIET_SECONDS) -> PageMicrophone:
        """Ask the page to listen and wait for its answer: a `PageMicrophone` once it
        listens, else `PageRefused` saying why (in the page's words where it gave them)."""
        microphone = PageMicrophone(self, quiet)
        with self._lock:
            if self._current is not None:
                self._current.closed()
            self._current = microphone
        self._send({"type": LISTEN, "listen": True})
        state, reason = microphone.wait_answer(answer)
        if state != "listening":
            self.close(microphone)
            if state is None:
                raise PageRefused(
                    f"the page did not start its microphone within {answer:g} s: "
                    "reload the page, or type the count"
                )
            raise PageRefused(reason or REFUSED)
        return microphone

    def close(self, microphone: PageMicrophone) -> None:
        """Stop listening with ``microphone`` (the page is told to stop)."""
        with self._lock:
            if self._current is not microphone:
                return
            self._current = None
        microphone.closed()
        self._send({"type": LISTEN, "listen": False})


class PageRefused(OSError):
    """The page cannot listen (the browser refused, no microphone, not a secure context):
    the message says why, for the player."""


class PageMicrophone:
    """One count's audio from the page, in the chunks the page sends, until the count ends
    (`close`), the page stops, or it sends nothing for ``quiet`` seconds."""

    def __init__(self, audio: PageAudio, quiet: float) -> None:
        self._audio = audio
        self._quiet = quiet
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        self._answer: tuple[str, str] | None = None
        self._answered = threading.Event()

    def heard(self, chunk: bytes) -> None:
        self._queue.put(chunk)

    def answered(self, state: str, reason: str) -> None:
        if self._answer is None or state != "listening":
            self._answer = (state, reason)
            self._answered.set()
        if state != "listening":
            self._queue.put(None)

    def closed(self) -> None:
        self._queue.put(None)

    def wait_answer(self, seconds: float) -> tuple[str | None, str]:
        """The page's first answer (None if none came within ``seconds``)."""
        if not self._answered.wait(seconds) or self._answer is None:
            return None, ""
        return self._answer

    def chunks(self) -> Iterator[bytes]:
        while True:
            try:
                chunk = self._queue.get(timeout=self._quiet)
            except queue.Empty:
                return
            if chunk is None:
                return
            yield chunk

    def close(self) -> None:
        self._audio.close(self)


def _decoded(pcm: str) -> bytes | None:
    """A packet's audio: whole 16-bit samples, `LARGEST_CHUNK` bytes at most; None if it is
    not base64 or too large."""
    if len(pcm) > LARGEST_CHUNK * 4 // 3 + 4:
        return None
    try:
        chunk = base64.b64decode(pcm, validate=True)
    except (binascii.Error, ValueError):
        return None
    return chunk[: len(chunk) - len(chunk) % 2]
