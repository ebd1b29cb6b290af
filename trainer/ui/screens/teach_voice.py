"""Teach Muggins your voice: three counts read aloud from the screen, each learnt on the
words shown once what was heard shows it was read (`trainer.voice.enrol`). A voice the
recogniser does not know yet is where it refuses most, and learning only from counts
judged would learn least there: reading shown counts learns it from the start.
"""

from __future__ import annotations

import random
import threading
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_text
from trainer.ui.voice_input import PushToTalk, TalkLine, VoiceDone, VoiceService
from trainer.ui.widgets.footer import KeysFooter
from trainer.voice.enrol import READINGS, Reading, read_as_shown, readings

INTRO = (
    "Read each count aloud as you would at the table, at your own pace. Muggins learns how "
    "your voice sounds from them and hears your counts better after. F2 starts; the count "
    "ends on its total, on F2 again, or after a long pause."
)
NOT_READ = "That was not the count shown"
"""How the line begins when what was heard is not the reading (nothing is learnt)."""


class TeachVoiceScreen(Screen[None]):
    """Reading counts aloud to teach Muggins the player's voice; Escape leaves at any time
    (what was learnt is kept)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "talk", "Read aloud"),
        Binding("n", "another", "Another count"),
        Binding("escape", "close", "Done"),
        Binding("f1,question_mark", "app.help", "Help"),
    ]

    def __init__(self, rng: random.Random, *, plain: bool = False) -> None:
        super().__init__()
        self._rng = rng
        self._plain = plain
        self.readings = readings(rng)
        self.learnt = 0
        """Readings learnt from (heard as shown)."""
        self._pending: list[threading.Thread] = []
        self.line = TalkLine()
        self._talk = PushToTalk(self, self.line)

    @property
    def reading(self) -> Reading | None:
        """The count to read now (None: all read)."""
        return self.readings[self.learnt] if self.learnt < len(self.readings) else None

    def compose(self) -> ComposeResult:
        yield Static("Teach Muggins your voice", classes="title")
        yield Static(INTRO, id="teach-intro")
        yield Static("", id="teach-progress")
        yield Static("", id="teach-cards")
        yield Static("", id="teach-text")
        yield self.line
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("talk", "another"):
            return self.reading is not None
        return True

    def action_talk(self) -> None:
        """F2: listen to the count read, or end it."""
        reading = self.reading
        if reading is None:
            return
        if self._talk.listening:
            self._talk.stop()
            return
        self._talk.listen(self._service(), reading.show)

    def action_another(self) -> None:
        """Another count to read in place of this one (one hard to say, say)."""
        self._talk.drop()
        self.readings[self.learnt] = readings(self._rng, 1, besides=self.readings)[0]
        self.line.display = False
        self._show()

    def action_close(self) -> None:
        self._talk.drop()
        self.dismiss()

    def on_voice_done(self, event: VoiceDone) -> None:
        event.stop()
        if not self._talk.ended(event):
            return
        reading, spoken = self.reading, event.spoken
        if spoken is None:  # no voice extra, no microphone: as the set-up says
            self.line.say(event.problem)
            return
        if reading is None:
            return
        if not read_as_shown(spoken.words, reading):
            heard = f" (I heard “{spoken.words}”)" if spoken.words else ""
            self.line.say(f"{NOT_READ}{heard}: read it again (F2), or n for another count.")
            return
        thread = self._service().learn(spoken.audio, reading.words)
        if thread is None:
            self.line.say("Muggins keeps no data here, so it cannot learn your voice.")
            return
        self.learnt += 1
        self._pending.append(thread)
        self.line.say(f"Heard as shown: “{spoken.words}”.")
        self._show()
        if self.reading is None:
            self._wait_for_learning(list(self._pending))

    @work(thread=True, exit_on_error=False, group="teach-voice")
    def _wait_for_learning(self, threads: list[threading.Thread]) -> None:
        for thread in threads:
            thread.join()
        self.app.call_from_thread(self._finished)

    def _finished(self) -> None:
        service = self._service()
        if problem := service.take_problem():
            self.line.say(problem)
        elif service.voice is not None:
            self.line.say(
                "Muggins has learnt your voice: your counts are heard with it from now on, "
                "and it goes on learning from the counts you have judged. Escape: done."
            )
        else:
            self.line.say("Not enough of your voice was heard yet: read a few more (n).")
            self.readings.append(readings(self._rng, 1, besides=self.readings)[0])
            self._show()
        self.refresh_bindings()

    def _show(self) -> None:
        reading = self.reading
        progress = self.query_one("#teach-progress", Static)
        cards = self.query_one("#teach-cards", Static)
        text = self.query_one("#teach-text", Static)
        if reading is None:
            progress.update(f"All {len(self.readings)} counts read. Learning your voice…")
            cards.update("")
            text.update("")
        else:
            progress.update(f"Count {self.learnt + 1} of {max(READINGS, len(self.readings))}:")
            show = reading.show
            hand = cards_markup(show.hand, plain=self._plain)
            starter = cards_markup([show.starter], plain=self._plain)
            cards.update(f"{hand}   starter {starter}")
            text.update(as_text(f"“{reading.text}”"))
        self.refresh_bindings()

    def _service(self) -> VoiceService:
        voice = self.app.voice  # type: ignore[attr-defined]
        assert isinstance(voice, VoiceService)
        return voice
