"""Counting aloud on a screen that asks for a count (a drill's question, your show at the
table): F2 listens (`trainer.ui.voice_input`), and the count heard is shown with the claim
it makes before it is judged. Enter judges it, F2 says it again, Escape types instead; the
setting "Judge what I say at once" skips the check. Nothing is judged that was not heard.

The screen keeps a `CountAloud`, puts `talk_bindings` in its bindings and asks `allows` in
its `check_action`; `CountsAloud` gives it the actions those bindings name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeAlias

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from trainer.ui.voice_input import PushToTalk, TalkLine, VoiceDone, VoiceService

if TYPE_CHECKING:  # the judge, the rules and the voice: once a count is said
    from trainer.judge.claims import AnnounceClaim, TotalClaim
    from trainer.quiz.attempt import SpokenTimes
    from trainer.rules.show import Breakdown
    from trainer.voice.heard import Heard

    SpokenClaim: TypeAlias = TotalClaim | AnnounceClaim

OFFER: Final = "say it again (F2), or type it."
"""What the player may do when nothing was judged."""
NOT_CAUGHT: Final = f"I didn't catch that: {OFFER}"
"""A count heard without confidence (or nothing heard), refused."""
GENERIC: Final = "heard no count"
"""How a refusal that gives no reason begins (the listener's and `NoCount`'s own)."""
TALK_ACTIONS: Final = frozenset(("talk", "talk_again", "judge_heard", "type_instead"))

HEARD_KEYS: Final = [
    ("enter", "judge the count heard, as shown"),
    ("f2", "say it again (the count heard is dropped)"),
    ("escape", "type it instead (the count heard is dropped)"),
]
"""Help's lines while a count heard waits to be judged (no other key does anything then)."""


def talk_bindings(*, show: bool) -> list[Binding]:
    """F2 and, while a count heard waits, its keys (over the screen's own Enter and Escape);
    ``show``: F2 in the footer when no count waits."""
    return [
        Binding("f2", "talk", "Count aloud", show=show),
        Binding("f2", "talk_again", "Say it again"),
        Binding("enter", "judge_heard", "Judge it", priority=True),
        Binding("escape", "type_instead", "Type it", priority=True),
    ]


@dataclass(frozen=True)
class HeardCount:
    """A count heard and not yet judged: its claim, how fast it was said, the show it is
    of, its words (for the reveal) and its audio (the player's voice is learnt from it
    once judged)."""

    claim: SpokenClaim
    times: SpokenTimes
    show: Breakdown
    words: str
    audio: bytes = field(default=b"", repr=False)


def heard_line(count: Heard, claim: SpokenClaim, show: Breakdown) -> str:
    """The line that shows a count heard: its words, the claim they make in the judge's own
    words (`answer_text`) and the total said, and a slip between the two."""
    from trainer.judge.claims import TotalClaim, answer_text
    from trainer.judge.verdict import nineteen_is_zero

    nineteen = claim == TotalClaim(19) and nineteen_is_zero(show)
    said = answer_text(claim, nineteen=nineteen)
    if not isinstance(claim, TotalClaim):
        said = f"{said}: {count.total}"
    slip = count.slip()
    return f"Heard: “{count.words}” → {said}" + (f". {slip}" if slip else "")


def refusal_line(reason: str) -> str:
    """What the line says when nothing is judged: the reason where there is one (what was
    heard and why it is no count), then the offer."""
    reason = reason.strip().removesuffix(" Say it again, or type it.")  # offered here, F2 named
    if not reason or reason.lower().startswith(GENERIC):
        return NOT_CAUGHT
    return f"{reason.rstrip('.')}. {OFFER[0].upper()}{OFFER[1:]}"


class CountAloud:
    """Counting aloud on ``screen``: ``show`` is the show it waits a count of (None: none);
    ``judge`` takes the claim confirmed and how fast it was said; ``typing`` is the box a
    count is typed in, given the focus back once no count heard waits (while one waits,
    no box has it: Enter is the count heard's)."""

    def __init__(
        self,
        screen: Screen[None],
        *,
        show: Callable[[], Breakdown | None],
        announcing: Callable[[], bool],
        judge: Callable[[SpokenClaim, SpokenTimes], None],
        typing: str,
    ) -> None:
        self._screen = screen
        self._show = show
        self._announcing = announcing
        self._judge = judge
        self._typing = typing
        self.line = TalkLine()
        self._talk = PushToTalk(screen, self.line)
        self._asked: Breakdown | None = None
        """The show of the count being said."""
        self.heard: HeardCount | None = None
        """The count heard, waiting for Enter (None: none waits)."""
        self.judged = ""
        """The words of the count judged (for the reveal)."""

    @property
    def waiting(self) -> bool:
        """A count heard waits to be judged."""
        return self.heard is not None

    def allows(self, action: str) -> bool:
        """Whether a key of counting aloud does anything now (any other action: True)."""
        if action not in TALK_ACTIONS:
            return True
        if action == "talk":
            return not self.waiting and self._show() is not None
        if action == "type_instead":
            return self.waiting or self._talk.listening
        return self.waiting

    def talk(self) -> None:
        """F2: listen to a count (a count heard is dropped), or end the one being said."""
        if self._talk.listening:
            self._talk.stop()
            return
        show = self._show()
        if show is None:
            return
        if self.waiting:
            self._forget()
        self._asked = show
        self._talk.listen(self._service(), show)
        self._screen.refresh_bindings()

    def confirm(self) -> None:
        """Enter: judge the count heard, as shown (if its show is still the one asked)."""
        heard, self.heard = self.heard, None
        self._screen.refresh_bindings()
        if heard is None:
            return
        if self._show() != heard.show:
            self.line.display = False
            return
        self.judged = heard.words
        self._judge(heard.claim, heard.times)
        self._service().learn(heard.audio, heard.words)

    def type_instead(self) -> None:
        """Escape: drop the count heard (or being said) and type it."""
        self._talk.drop()
        self.heard = None
        self.line.display = False
        self._type()
        self._screen.refresh_bindings()

    def drop(self) -> None:
        """The screen no longer asks for the count: stop listening, judge nothing."""
        self._talk.drop()
        self.heard = None

    def done(self, event: VoiceDone) -> None:
        """A count said has ended: show it to be confirmed, judge it at once (the setting),
        or say why nothing is judged."""
        if not self._talk.ended(event):
            return
        self._screen.refresh_bindings()
        if problem := self._service().take_problem():  # the voice learnt: kept or not
            self._screen.notify(problem, severity="warning", timeout=10)
        show = self._show()
        spoken = event.spoken
        if spoken is None:  # no voice extra, no microphone: as the set-up says
            self.line.say(event.problem or NOT_CAUGHT)
            return
        if show is None or show != self._asked:  # answered (typed) while it was said
            self.line.display = False
            return
        from trainer.judge.claims import ClaimError, TotalClaim
        from trainer.quiz.attempt import SpokenTimes

        count = spoken.count
        if count is None:
            self.line.say(refusal_line(spoken.problem))
            if hint := self._service().refused():
                self._screen.notify(hint, timeout=12)
            return
        try:
            claim = count.claim() if self._announcing() else TotalClaim(count.total)
        except ClaimError as err:
            self.line.say(refusal_line(str(err)))
            return
        times = SpokenTimes(spoken.first_word or 0.0, spoken.end)
        heard = HeardCount(claim, times, show, spoken.words, spoken.audio)
        self.line.say(heard_line(count, claim, show))
        self.heard = heard
        if self._service().at_once():
            self.confirm()
            return
        self._screen.set_focus(None)  # Enter is the count heard's, not a box's
        self._screen.refresh_bindings()

    def note(self) -> str:
        """What the reveal says of a count judged as heard: its words."""
        return f"Heard: “{self.judged}”" if self.judged else ""

    def _forget(self) -> None:
        if self.heard is not None:
            self.heard = None
            self._type()
        self._screen.refresh_bindings()

    def _type(self) -> None:
        for box in self._screen.query(self._typing).results(Input):
            if box.display:
                box.focus()

    def _service(self) -> VoiceService:
        voice = self._screen.app.voice  # type: ignore[attr-defined]
        assert isinstance(voice, VoiceService)
        return voice


class CountsAloud:
    """The actions of `talk_bindings`, for a screen whose ``aloud`` counts aloud."""

    aloud: CountAloud

    def action_talk(self) -> None:
        self.aloud.talk()

    def action_talk_again(self) -> None:
        self.aloud.talk()

    def action_judge_heard(self) -> None:
        self.aloud.confirm()

    def action_type_instead(self) -> None:
        self.aloud.type_instead()

    def on_voice_done(self, event: VoiceDone) -> None:
        self.aloud.done(event)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing in the box (Tab took the focus there) is typing instead."""
        if event.value and self.aloud.waiting:
            self.aloud.type_instead()
