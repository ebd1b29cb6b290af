"""Audio mode heard for real (issue 35, "a whole drill with the screen off"): a whole drill
by ear, the player's every word synthesised by espeak-ng and heard by the recogniser
through push-to-talk's own listener (its end of a count), the trainer's sentences kept as
the player would hear them. Nothing is looked at: the player answers only what was said."""

from __future__ import annotations

import io
import random
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from tests.ui.support import ListRecorder
from tests.ui.test_by_ear import drill, revealed
from tests.voice.speech import espeak
from trainer.drills.loader import DrillEntry
from trainer.rules.cards import RANK_WORDS, SUIT_WORDS, Card
from trainer.rules.show import score_show
from trainer.rules.speech import number_word
from trainer.ui.flow.drill_runner import DrillRunner
from trainer.ui.plain.by_ear import NOT_CAUGHT, ByEar
from trainer.voice.audio import read_wav
from trainer.voice.graph import Grammar
from trainer.voice.listen import Listener, RecordedSource, Spoken
from trainer.voice.recogniser import Recogniser

pytestmark = pytest.mark.slow

VOICES = ("en-us", "en-gb", "en-us+m3")
"""The player's voices: the next is tried when a sentence was not caught."""

_RANK_OF = {word: rank for rank, word in enumerate(RANK_WORDS) if word}
_SUIT_OF = {word: suit for suit, word in SUIT_WORDS.items()}
_CARD = re.compile(r"\b(\w+) of (hearts|clubs|diamonds|spades)\b")


def cards_heard(sentence: str) -> list[Card]:
    """The cards a sentence names, in order, as a listener makes them out."""
    return [Card(_RANK_OF[r], _SUIT_OF[s]) for r, s in _CARD.findall(sentence)]


class Player:
    """Listens to the trainer and answers aloud, as a player with the screen off: counts
    the hand it heard read (right), says yes to a count read back right, and next."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.said: list[str] = []
        self.spoken: list[str] = []
        self.tries = 0
        self.recogniser = Recogniser()

    def answer(self) -> str:
        last = next(s for s in reversed(self.said) if s != NOT_CAUGHT)  # what it asked
        if "Say yes" in last:
            return "yes"
        if revealed(last):
            return "next"
        if "Drill sets" in last or "over:" in last:
            return "stop"
        asked = next(s for s in reversed(self.said) if "Count this hand" in s)
        *hand, starter = cards_heard(asked)
        show = score_show(tuple(hand), starter)
        return show.announce() if show.total else "nineteen"

    def hear(self, grammar: Grammar) -> Spoken:
        text = self.answer()
        again = bool(self.spoken) and self.spoken[-1] == text
        self.tries = self.tries + 1 if again else 0
        voice = VOICES[self.tries % len(VOICES)]
        self.spoken.append(text)
        wav = self.folder / f"said{len(self.spoken)}.wav"
        subprocess.run([espeak(), "-v", voice, "-s", "160", "-w", str(wav), text], check=True)
        audio = read_wav(wav)
        return Listener(self.recogniser, grammar, RecordedSource(audio)).run()


def test_a_whole_drill_by_ear_and_voice(builtin_entries: list[DrillEntry], tmp_path: Path) -> None:
    warm_up = replace(drill(builtin_entries, "warm-up"), hands=4)
    recorder = ListRecorder()
    runner = DrillRunner(random.Random(11), history=recorder)
    player = Player(tmp_path)
    out = io.StringIO()
    ByEar([warm_up], runner, say=player.said.append, hear=player.hear, out=out).run(warm_up)
    runner.close(5)
    done = recorder.attempts
    assert len(done) == warm_up.hands
    assert all(a.exact for a in done), [a.judgement for a in done]
    assert all(a.spoken is not None for a in done)
    backs = [s for s in player.said if s.startswith("I heard: ")]
    assert len(backs) >= warm_up.hands  # every count read back before it was judged
    assert player.said[-1] == "Goodbye."
    # The player never said more than twice what it had to say once.
    assert len(player.spoken) <= 2 * (3 * warm_up.hands + 2), player.spoken
    assert number_word(done[0].question.actual) in " ".join(player.said)
    assert "Heard: yes" in out.getvalue()
