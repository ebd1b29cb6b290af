"""A doubtful count heard again on the show's strict grammar, its rival (issue 31): a
correction said clearly beats the same count said without it, a wrong sum is judged as
said or asked again (never heard as the right one), and a count with nothing in doubt is
not heard again. A count that over-claims is heard again on the plain grammar (no
over-claim), streamed or whole alike."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from tests.voice.corpus import streamed
from tests.voice.counting import show
from tests.voice.speech import synthesise
from trainer.voice.audio import read_wav
from trainer.voice.confidence import DOUBT_BAR, PLAIN_RIVAL
from trainer.voice.heard import NoCount, heard
from trainer.voice.recogniser import Recogniser, from_mean

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


def test_an_over_claim_said_beats_the_show_counted_without_it(tmp_path: Path) -> None:
    """The show has no jack: "nobs is seven" said clearly stands far above the plain
    grammar's best, and is judged as said, heard whole or streamed in chunks (the rival
    hears the chunks again after the count); a count that claims nothing the show lacks is
    not heard again."""
    said = "fifteen two fifteen four and a pair is six and nobs is seven"
    audio = _audio(said, tmp_path / "o.wav", 4)
    recogniser = Recogniser()
    grammar = recogniser.use(PAIR)
    whole = recogniser.decode(audio)
    heard_streamed = streamed(recogniser, audio)
    assert not heard_streamed.again  # from the mean of a count heard before: streamed alone
    for decoded in (whole, heard_streamed):
        assert PLAIN_RIVAL <= decoded.plain < math.inf
        assert decoded.rival == math.inf  # nothing taken back, the sum said is the groups'
        count = heard(decoded, grammar)
        assert (count.words, count.counted) == (said, 7)
    sure = recogniser.decode(
        _audio("fifteen two, fifteen four, and a pair is six", tmp_path / "n.wav", 3)
    )
    assert sure.plain == math.inf


def test_a_decoder_started_from_a_mean_forgets_the_rest_of_what_it_heard(tmp_path: Path) -> None:
    """Every decoder starts each count from the running mean alone (`from_mean`): the sums
    behind a mean set on its own had the same count score differently with what was heard
    before it, and the rival's bar flipped with the order of counts."""
    import pocketsphinx

    model = pocketsphinx.get_model_path
    settings = {"hmm": model("en-us/en-us"), "dict": model("en-us/cmudict-en-us.dict")}

    def phone_loop() -> Any:
        decoder = pocketsphinx.Decoder(**settings, lm=None, logfn="/dev/null")
        decoder.add_allphone_file("phones", model("en-us/en-us-phone.lm.bin"))
        decoder.activate_search("phones")
        return decoder

    def score(decoder: Any, audio: bytes, mean: str) -> tuple[str, int]:
        from_mean(decoder, mean)
        decoder.start_utt()
        decoder.process_raw(audio, False, True)
        decoder.end_utt()
        return decoder.hyp().hypstr, decoder.hyp().score

    count = _audio(CORRECTED, tmp_path / "c.wav", 1)
    before = _audio("a run of three is three, and a flush is seven", tmp_path / "b.wav", 2)
    mean = "40,3,-1"
    fresh, used = phone_loop(), phone_loop()
    score(used, before, mean)
    score(used, before, "60,-5,2")
    assert score(used, count, mean) == score(fresh, count, mean)
