"""Push-to-talk: a key starts listening, the words show as heard, the count ends by itself
or on the key again, and the screen gets what was said. Capture and recognition run in a
worker thread (`trainer.voice.listen`); the UI never waits on them.

One `VoiceService` per app holds the recogniser (loaded on first use) and where audio comes
from; each screen that takes a count has a `PushToTalk` with its line of text.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

# The voice package and the judge's claims are imported when a count is first said.
if TYPE_CHECKING:
    from trainer.judge.claims import AnnounceClaim, TotalClaim
    from trainer.quiz.attempt import SpokenTimes
    from trainer.rules.show import Breakdown
    from trainer.voice.listen import AudioSource, Spoken
    from trainer.voice.recogniser import Recogniser


class VoiceService:
    """The app's recogniser (made once, in a worker) and its audio source."""

    def __init__(self, source: Callable[[], AudioSource] | None) -> None:
        self._source = source
        self._recogniser: Recogniser | None = None
        self._lock = threading.Lock()

    def recogniser(self) -> Recogniser:
        from trainer.voice.recogniser import Recogniser

        with self._lock:
            if self._recogniser is None:
                self._recogniser = Recogniser()
            return self._recogniser

    def source(self) -> AudioSource:
        if self._source is not None:
            return self._source()
        from trainer.voice.microphone import Microphone

        return Microphone()


class VoiceWords(Message):
    """The words heard so far."""

    def __init__(self, words: str) -> None:
        super().__init__()
        self.words = words


class VoiceDone(Message):
    """The count as heard (``spoken``), or why nothing could be heard (``problem``)."""

    def __init__(self, spoken: Spoken | None, problem: str = "") -> None:
        super().__init__()
        self.spoken = spoken
        self.problem = problem


class TalkLine(Static):
    """The line that shows a count as it is heard (hidden until the first count)."""

    def __init__(self) -> None:
        super().__init__("", id="talk", classes="hint")
        self.display = False

    def on_voice_words(self, event: VoiceWords) -> None:
        self.update(f"Heard: {event.words}" if event.words else "Listening…")


class PushToTalk:
    """Listening for one screen: `toggle` starts or ends a count, ``line`` shows its words."""

    def __init__(self, screen: Screen[None], service: VoiceService, line: TalkLine) -> None:
        self._screen = screen
        self._service = service
        self.line = line
        self._stop: threading.Event | None = None
        self.heard = ""
        """The words of the last count heard (for the reveal)."""
        self.times: SpokenTimes | None = None
        """How fast it was said (for the history)."""

    @property
    def listening(self) -> bool:
        return self._stop is not None

    def toggle(self, breakdown: Breakdown) -> None:
        """The push-to-talk key: start listening, or end the count being said."""
        if self._stop is not None:
            self._stop.set()
            return
        stop = self._stop = threading.Event()
        self.line.display = True
        self.line.update("Listening… say your count (F2 again to end it)")
        post, line, service = self._screen.post_message, self.line, self._service

        def tell(words: str) -> None:
            line.post_message(VoiceWords(words))

        def listen() -> None:
            from trainer.voice.listen import Listener

            try:  # the model loads and the microphone opens here, off the UI's thread
                listener = Listener(service.recogniser(), breakdown, service.source(), tell, stop)
            except OSError as err:  # no extra, no library, no microphone: say how to get them
                post(VoiceDone(None, str(err)))
                return
            post(VoiceDone(listener.run()))

        self._screen.run_worker(listen, thread=True, group="voice", exit_on_error=False)

    def done(self, event: VoiceDone, *, announcing: bool) -> TotalClaim | AnnounceClaim | None:
        """The claim in a finished count (None: say again, shown on the line)."""
        from trainer.judge.claims import ClaimError, TotalClaim
        from trainer.quiz.attempt import SpokenTimes

        self._stop = None
        spoken = event.spoken
        if spoken is None or spoken.count is None:
            self.line.update(event.problem or "Heard no count: say it again (F2).")
            return None
        count = spoken.count
        self.heard = spoken.words
        self.times = SpokenTimes(spoken.first_word or 0.0, spoken.end)
        try:
            return count.claim() if announcing else TotalClaim(count.total)
        except ClaimError as err:
            self.line.update(f"{err}: say it again (F2).")
            return None

    def note(self) -> str:
        """What the reveal says of a count heard: the words, as heard."""
        return f"Heard: “{self.heard}”" if self.heard else ""
