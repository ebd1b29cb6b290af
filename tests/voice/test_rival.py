"""A doubtful count heard again on the show's strict grammar, its rival (issue 31): a
correction said clearly beats the same count said without it, a wrong sum is judged as
said or asked again (never heard as the right one), and a count with nothing in doubt is
not heard again."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.voice.counting import show
from tests.voice.speech import synthesise
from trainer.voice.audio import read_wav
from trainer.voice.heard import NoCount, heard
from trainer.voice.recogniser import DOUBT_BAR, Recogniser

pytestmark = pytest.mark.slow

PAIR = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair: 6
CORRECTED = "fifteen two, fifteen six, no wait, fifteen four, and a pair is six"
SLIPPED = "fifteen two, fifteen four, and a pair is six, that's eight"


def _audio(text: str, path: Path, seed: int, voice: str = "en-us") -> bytes:
    return read_wav(synthesise(text, path, voice=voice, speed=165, seed=seed))


def test_a_doubtful_count_is_judged_only_when_it_beats_its_rival(tmp_path: Path) -> None:
    recogniser = Recogniser()
    grammar = recogniser.use(PAIR)
    corrected = recogniser.decode(_audio(CORRECTED, tmp_path / "c.wav", 1))
    assert corrected.words == "fifteen two fifteen six no wait fifteen four and a pair is six"
    assert DOUBT_BAR.rival <= corrected.rival < math.inf
    assert heard(corrected, grammar).counted == 6

    slipped = recogniser.decode(_audio(SLIPPED, tmp_path / "s.wav", 2))
    assert math.isfinite(slipped.rival)
    try:
        count = heard(slipped, grammar)
    except NoCount:
        assert slipped.rival < DOUBT_BAR.rival  # asked again
    else:
        assert (count.total, count.counted) == (8, 6)  # judged as said

    sure = recogniser.decode(
        _audio("fifteen two, fifteen four, and a pair is six", tmp_path / "n.wav", 3)
    )
    assert sure.rival == math.inf  # nothing in doubt: not heard again
