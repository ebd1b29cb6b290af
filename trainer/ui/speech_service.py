"""The app's voice (issue 35): when Settings turns speaking on, each screen that has
something to say hands it here; it is said in the background (the screen never waits),
the last thing said kept for the repeat key (F3). Without espeak-ng the player is told
once, and the trainer goes on silent."""

from __future__ import annotations

import threading
from collections.abc import Callable

from trainer.speech.engine import Espeak, Speaker, SpeechUnavailable

Make = Callable[[int], Speaker]
"""A speaker at a rate in words a minute (tests inject one that keeps what it is told)."""


class SpeechService:
    """Says what it is given at the rate ``rate()`` says (0: speaking is off); ``warn``
    tells the player once that it cannot speak, and why."""

    def __init__(
        self, rate: Callable[[], int], warn: Callable[[str], None], make: Make | None = None
    ) -> None:
        self._rate, self._warn = rate, warn
        self._make: Make = make or Espeak
        self._speaker: Speaker | None = None
        self._speaker_rate = 0
        self._lock = threading.Lock()
        self._warned = False
        self.last = ""
        """What was said last (the repeat key says it again)."""

    @property
    def on(self) -> bool:
        return self._rate() > 0

    def say(self, text: str) -> None:
        """Say ``text`` if speaking is on (cutting what is being said), in the background."""
        if not text or not self.on:
            return
        self.last = text
        rate = self._rate()
        threading.Thread(target=self._say, args=(text, rate), daemon=True).start()

    def again(self) -> bool:
        """Say the last thing said again; False if there is none (or speaking is off)."""
        if not self.on or not self.last:
            return False
        self.say(self.last)
        return True

    def _say(self, text: str, rate: int) -> None:
        with self._lock:
            try:
                if self._speaker is None or self._speaker_rate != rate:
                    if self._speaker is not None:
                        self._speaker.stop()
                    self._speaker, self._speaker_rate = self._make(rate), rate
                self._speaker.say(text)
            except SpeechUnavailable as err:
                if not self._warned:
                    self._warned = True
                    self._warn(f"The trainer cannot speak: {err}")

    def stop(self) -> None:
        """Cut what is being said (the app quits)."""
        with self._lock:
            if self._speaker is not None:
                self._speaker.stop()
