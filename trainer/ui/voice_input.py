"""Push-to-talk: a key starts listening, the words show as heard, the count ends by itself
or on the key again, and the screen gets what was said. Capture and recognition run in a
worker thread (`trainer.voice.listen`); the UI never waits on them.

One `VoiceService` per app holds the recogniser (loaded on first use), where audio comes
from and whether a count heard is judged at once; each screen that takes a count has a
`PushToTalk` with its line of text (`trainer.ui.count_aloud` says what the line shows
once a count is heard, and takes the keys).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from trainer.ui.user_text import as_text

# The voice package is imported when a count is first said.
if TYPE_CHECKING:
    from trainer.rules.show import Breakdown
    from trainer.ui.page_microphone import PageAudio
    from trainer.voice.learn import VoiceLearner
    from trainer.voice.listen import AudioSource, Spoken
    from trainer.voice.recogniser import Recogniser

LISTENING = "Listening… say your count (F2 again to end it)"
TEACH_HINT = (
    "Muggins hears you better once it knows your voice: "
    "“Teach Muggins your voice” in the command palette (ctrl+p) takes three counts read aloud."
)
TEACH_AFTER = 2
"""Counts refused, with no voice learnt yet, before the player is told how to teach it."""
CHECKING = "checking what I heard…"


class VoiceService:
    """The app's recogniser (made once, in a worker), its audio source, whether a count
    heard is judged at once (the setting, read when each count is heard), and the player's
    voice learnt from the counts judged (kept at ``profile``; None: not learnt)."""

    def __init__(
        self,
        source: Callable[[], AudioSource] | None,
        at_once: Callable[[], bool] = lambda: False,
        page: Callable[[], PageAudio | None] = lambda: None,
        profile: Path | None = None,
    ) -> None:
        self._source = source
        self.at_once = at_once
        self._page = page
        """The browser page's microphone when the trainer runs in a `muggins serve` tab."""
        self._recogniser: Recogniser | None = None
        self._lock = threading.Lock()
        self._profile = profile
        self._learner: VoiceLearner | None = None
        self._learning = threading.Lock()
        self.voice: Path | None = None
        """The transform of the voice learnt that the next count is heard with."""
        self._version = 0  # the transform's, once more is learnt (its file is rewritten)
        self._heard_with = 0  # the version the recogniser was made with
        self.learn_problem = ""
        """Why the voice could not be learnt or read, if it could not."""
        self._refusals = 0

    def recogniser(self) -> Recogniser:
        """The recogniser, hearing with the voice learnt so far (the model loads here)."""
        from trainer.voice.recogniser import Recogniser

        with self._lock:
            if self._recogniser is None:
                self.voice = self._kept()
                self._recogniser, self._heard_with = Recogniser(self.voice), self._version
            elif self._heard_with != self._version:
                version = self._version
                self._recogniser = self._recogniser.with_voice(self.voice)
                self._heard_with = version
            return self._recogniser

    @property
    def keeps(self) -> bool:
        """Whether the player's voice is learnt and kept (there is a data folder)."""
        return self._profile is not None

    @property
    def learnt(self) -> int:
        """Counts the voice was learnt from in this run."""
        return 0 if self._learner is None else self._learner.learnt

    def learn(self, audio: bytes, words: str) -> threading.Thread | None:
        """Learn the player's voice from a count judged as heard (its audio and words), in
        a thread of its own; the next count is heard with it. The thread, if one began."""
        if self._profile is None or not audio or not words:
            return None
        thread = threading.Thread(
            target=self._learn, args=(audio, words), name="muggins-voice-learn", daemon=True
        )
        thread.start()
        return thread

    def refused(self) -> str:
        """A count was refused: once, after `TEACH_AFTER` with no voice learnt, how to
        teach Muggins the voice (`TEACH_HINT`); else ""."""
        self._refusals += 1
        taught = self.voice is not None or self.learnt
        return TEACH_HINT if self._refusals == TEACH_AFTER and self.keeps and not taught else ""

    def take_problem(self) -> str:
        """Why the voice could not be learnt or read, once (then ""): for the player."""
        problem, self.learn_problem = self.learn_problem, ""
        return problem

    def _kept(self) -> Path | None:
        """The transform of the voice kept from earlier runs, if any (None: none, or it
        cannot be had: heard without it, and `learn_problem` says why)."""
        if self._profile is None:
            return None
        try:
            return self._learnt().transform
        except (ImportError, OSError, ValueError) as err:
            self._profile = None  # nothing more is learnt this run
            self.learn_problem = f"your voice cannot be learnt: {err}"
            return None

    def _learn(self, audio: bytes, words: str) -> None:
        with self._learning:  # one count at a time, in the order judged
            try:
                learner = self._learnt()
                if learner.learn(audio, words):
                    self.voice = learner.transform
                    self._version += 1
                    if self._recogniser is not None:  # made now, not as the next count starts
                        self.recogniser()
            except (ImportError, OSError, ValueError, RuntimeError) as err:
                self.learn_problem = f"your voice could not be learnt: {err}"

    def _learnt(self) -> VoiceLearner:
        from trainer.voice.learn import VoiceLearner

        if self._learner is None:
            self._learner = VoiceLearner(self._profile)
            self.learn_problem = self._learner.problem
        return self._learner

    def source(self) -> AudioSource:
        """Where a count's audio comes from: the one given (tests), the page's microphone in
        a browser tab (once the page listens), else this machine's."""
        if self._source is not None:
            return self._source()
        page = self._page()
        if page is not None:
            return page.open()
        from trainer.voice.microphone import Microphone

        return Microphone()


class VoiceWords(Message):
    """The words heard so far in count ``number`` (a screen's counts are numbered)."""

    def __init__(self, number: int, words: str) -> None:
        super().__init__()
        self.number = number
        self.words = words


class VoiceChecking(Message):
    """Count ``number`` has ended and is being heard again whole (a session's first count,
    a short one), which may take a few seconds: the line says so meanwhile."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number


class VoiceDone(Message):
    """Count ``number`` as heard (``spoken``), or why nothing could be heard (``problem``:
    no voice extra, no microphone)."""

    def __init__(self, number: int, spoken: Spoken | None, problem: str = "") -> None:
        super().__init__()
        self.number = number
        self.spoken = spoken
        self.problem = problem


class TalkLine(VerticalScroll):
    """The line that shows a count as it is heard (hidden until the first count); words
    only of the count being listened to (``number``), never of one ended or dropped. Where
    it is kept short (at the table) a long count scrolls, its end (the claim) in view."""

    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="talk", classes="hint")
        self.display = False
        self.number: int | None = None
        self._words = Static("", id="talk-words")
        self.text = ""
        """What the line says now."""

    def compose(self) -> ComposeResult:
        yield self._words

    def say(self, text: str) -> None:
        """Show ``text`` (as it is: heard words are never markup)."""
        self.display = True
        self.text = text
        self._words.update(as_text(text))
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def on_voice_words(self, event: VoiceWords) -> None:
        event.stop()
        if event.number == self.number:
            self.say(f"Heard: {event.words}" if event.words else "Listening…")

    def on_voice_checking(self, event: VoiceChecking) -> None:
        event.stop()
        if event.number == self.number:  # the words heard kept, if any were shown
            words = self.text.startswith("Heard: ")
            self.say(f"{self.text} ({CHECKING})" if words else CHECKING.capitalize())


class PushToTalk:
    """Listening for one screen: `listen` starts a count, `stop` ends it (the key again),
    `drop` forgets it; `VoiceDone` comes to the screen with the count as heard."""

    def __init__(self, screen: Screen[None], line: TalkLine) -> None:
        self._screen = screen
        self.line = line
        self._stop: threading.Event | None = None
        self._round = 0

    @property
    def listening(self) -> bool:
        return self._stop is not None

    def listen(self, service: VoiceService, breakdown: Breakdown) -> None:
        """Start listening to a count of ``breakdown`` (the words show on the line as they
        come, each as soon as it is heard)."""
        self.drop()
        self._round += 1
        stop = self._stop = threading.Event()
        number, line, post = self._round, self.line, self._screen.post_message
        line.number = number
        line.say(LISTENING)

        def tell(words: str) -> None:
            line.post_message(VoiceWords(number, words))

        def checking() -> None:
            line.post_message(VoiceChecking(number))

        def listen() -> None:
            from trainer.voice.listen import Listener

            try:  # the model loads and the microphone opens here, off the UI's thread
                listener = Listener(
                    service.recogniser(), breakdown, service.source(), tell, stop, checking
                )
            except OSError as err:  # no extra, no library, no microphone: say how to get them
                post(VoiceDone(number, None, str(err)))
                return
            post(VoiceDone(number, listener.run()))

        self._screen.run_worker(listen, thread=True, group="voice", exit_on_error=False)

    def stop(self) -> None:
        """End the count being said (it is still heard and comes as `VoiceDone`)."""
        if self._stop is not None:
            self._stop.set()

    def drop(self) -> None:
        """Stop listening, and forget the count being said (its `VoiceDone` is not taken)."""
        self.stop()
        self._stop = None
        self.line.number = None

    def ended(self, event: VoiceDone) -> bool:
        """Whether ``event`` ends the count being listened to (not one dropped before)."""
        if self._stop is None or event.number != self._round:
            return False
        self._stop = None
        self.line.number = None
        return True
