"""The app's voice (issue 35): when Settings turns speaking on, each screen that has
something to say hands it here; it is said in the background (the screen never waits),
the last thing said kept for the repeat key (F3). A drill's sentence cuts the one being
said (the player moved on); the table's wait their turn (each move is said whole). Without
espeak-ng the player is told once, and the trainer goes on silent."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from trainer.speech.engine import Espeak, Speaker, SpeechUnavailable
from trainer.speech.said import spoken

Make = Callable[[int], Speaker]
"""A speaker at a rate in words a minute (tests inject one that keeps what it is told)."""


class SpeechService:
    """Says what it is given at the rate ``rate()`` says (0: speaking is off), one sentence
    at a time on a thread of its own; ``warn`` tells the player once that it cannot speak,
    and why."""

    def __init__(
        self,
        rate: Callable[[], int],
        warn: Callable[[str], None],
        make: Make | None = None,
        echo: Callable[[str], None] = lambda text: None,
    ) -> None:
        self._rate, self._warn, self._echo = rate, warn, echo
        """``echo`` is told everything the trainer would say, spoken or not (a browser
        page's live region, for a screen reader)."""
        self._make: Make = make or Espeak
        self._speaker: Speaker | None = None
        self._speaker_rate = 0
        self._waiting: queue.Queue[tuple[str, int] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._warned = False
        self.last = ""
        """What was said last (the repeat key says it again)."""

    @property
    def on(self) -> bool:
        return self._rate() > 0

    def say(self, text: str, *, cut: bool = True) -> None:
        """Say ``text`` if speaking is on, in the background: at once, cutting what is being
        said and what waits (``cut``), or after them."""
        if not text:
            return
        self._echo(text)
        if not self.on:
            return
        self.last = text
        if cut:
            self._drop_waiting()
            with self._lock:
                if self._speaker is not None:
                    self._speaker.stop()
        self._waiting.put((text, self._rate()))
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._speak, daemon=True, name="speech")
                self._thread.start()

    def again(self) -> bool:
        """Say the last thing said again; False if there is none (or speaking is off)."""
        if not self.on or not self.last:
            return False
        self.say(self.last)
        return True

    def _drop_waiting(self) -> None:
        while True:
            try:
                self._waiting.get_nowait()
            except queue.Empty:
                return

    def _speak(self) -> None:
        """The speech thread: each sentence in turn, the one before said first."""
        while (item := self._waiting.get()) is not None:
            text, rate = item
            try:
                with self._lock:
                    if self._speaker is None or self._speaker_rate != rate:
                        if self._speaker is not None:
                            self._speaker.stop()
                        self._speaker, self._speaker_rate = self._make(rate), rate
                    speaker = self._speaker
                    speaker.say(text)
                speaker.wait()
            except SpeechUnavailable as err:
                if not self._warned:
                    self._warned = True
                    self._warn(f"The trainer cannot speak: {err}")

    def stop(self) -> None:
        """Cut what is being said and what waits (the app quits)."""
        self._drop_waiting()
        with self._lock:
            if self._speaker is not None:
                self._speaker.stop()


def say_at_table(app: object, text: str) -> None:
    """Say ``text`` of the table (cards by name) after what is being said: each move whole
    (aloud when the trainer speaks; always to a browser page's screen reader)."""
    speech = getattr(app, "speech", None)
    if isinstance(speech, SpeechService) and text:
        speech.say(spoken(text), cut=False)
