"""Audio to words with pocketsphinx, on a grammar built from the hand; chatter refused.

pocketsphinx is imported here only, and only when a recogniser is made: without the
``voice`` extra the rest of Muggins never notices. A second decode of the same audio
with the model's free phone loop tells a count from chatter: a count scores about as
well on its grammar as on free phones, and says roughly the phones the free loop hears;
chatter forced into a count does neither (VOICE.md, Rejecting what is not a count).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Final

from trainer.rules.show import Breakdown
from trainer.voice.grammar import Grammar, build
from trainer.voice.wording import EXTRA_WORDS


@dataclass(frozen=True, slots=True)
class Bar:
    """What words must pass to be a count: the grammar's score less the free phone loop's,
    a frame, at least ``margin``; phone edits per phone of the words at most ``distance``."""

    margin: float
    distance: float


COUNT_BAR: Final = Bar(0.00005, 0.9)
"""For a count that names combinations: chatter forced into one scores below the phones."""

TOTAL_BAR: Final = Bar(-0.0005, 0.8)
"""For a total said alone: a word or two score near the phones either way, so the phones
must match more closely. Both bars were set on the synthetic test set (VOICE.md)."""

_NOT_SPEECH: Final = frozenset({"SIL", "+NSN+", "+SPN+", "+BREATH+", "+COUGH+", "+UM+"})

INSTALL_HINT: Final = (
    "counting aloud needs the voice extra: pip install 'muggins[voice]' "
    "(in a checkout: MUGGINS_EXTRAS=test,browser,voice bash scripts/setup)"
)


TUNING: dict[str, Any] = {}
"""The grammar's search settings beyond the defaults (the end-of-utterance best path is
off, VOICE.md)."""

PHONE_TUNING: dict[str, Any] = {}
"""The free phone loop's settings beyond the model's: none. Its scores are normalised per
decoder, so a narrower beam moved the chatter thresholds calibrated on the default beams
(docs/development.md, "Counting aloud": the settings tried and what each cost)."""


class VoiceUnavailable(OSError):
    """The recogniser (or the microphone) cannot be had here; the message says how to get
    it. An `OSError`, as a missing library is: the CLI reports it on one line."""


@dataclass(frozen=True, slots=True)
class Decoded:
    """What the recogniser made of one recording: the words on the grammar ("" for none),
    the CPU seconds it took, and how well the words stand against free phones (`Bar`)."""

    words: str
    cpu: float = 0.0
    margin: float = 0.0
    """The grammar's score less the free phone loop's, a frame."""
    distance: float = 0.0
    """Phone edits per phone between the words and what the phone loop heard."""

    def passes(self, bar: Bar) -> bool:
        return bool(self.words) and self.margin >= bar.margin and self.distance <= bar.distance


def _edits(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] != b[j - 1]))
            prev = cur
    return row[-1]


class Recogniser:
    """The model loaded twice, once for the count's grammar and once for free phones (to
    tell chatter), reused for every count (loading takes a few tenths of a second). Both
    hear every chunk, so a count's end costs little."""

    def __init__(self) -> None:
        try:
            import pocketsphinx
        except ImportError:
            raise VoiceUnavailable(INSTALL_HINT) from None
        model = pocketsphinx.get_model_path
        common: dict[str, Any] = {
            "hmm": model("en-us/en-us"),
            "dict": model("en-us/cmudict-en-us.dict"),
            "lm": None,
            "bestpath": False,
            "logfn": "/dev/null",
        }
        self._decoder: Any = pocketsphinx.Decoder(**common, **TUNING)
        for word, phones in EXTRA_WORDS.items():
            self._decoder.add_word(word, phones, False)
        self._phones: Any = pocketsphinx.Decoder(**common, **PHONE_TUNING)
        self._phones.add_allphone_file("phones", model("en-us/en-us-phone.lm.bin"))
        self._phones.activate_search("phones")
        self._count = 0
        self._name = ""

    def use(self, breakdown: Breakdown) -> Grammar:
        """Make this show's grammar the one the next counts are heard on; returns it."""
        grammar = build(breakdown)
        self._count += 1
        name = f"count{self._count}"
        fsg = self._decoder.create_fsg(name, grammar.start, grammar.final, grammar.transitions())
        self._decoder.add_fsg(name, fsg)
        self._decoder.activate_search(name)
        if self._name:
            self._decoder.remove_search(self._name)
        self._name = name
        return grammar

    def start(self) -> None:
        """Begin listening to a count (feed it with `feed`, end it with `finish`)."""
        self._decoder.start_utt()
        self._phones.start_utt()

    def feed(self, chunk: bytes, *, whole: bool = False) -> str:
        """Decode more audio (``whole``: the whole count at once); the words heard so far."""
        self._decoder.process_raw(chunk, False, whole)
        self._phones.process_raw(chunk, False, whole)
        hyp = self._decoder.hyp()
        return hyp.hypstr if hyp is not None else ""

    def finish(self) -> Decoded:
        """End the count: its words, and how they stand against free phones."""
        started = time.process_time()
        self._decoder.end_utt()
        self._phones.end_utt()
        hyp, phone_hyp = self._decoder.hyp(), self._phones.hyp()
        if hyp is None or not hyp.hypstr or phone_hyp is None:
            return Decoded("", time.process_time() - started)
        frames = max(self._decoder.n_frames(), 1)
        margin = self._log(self._decoder, hyp.score) - self._log(self._phones, phone_hyp.score)
        distance = self._distance(hyp.hypstr, phone_hyp.hypstr)
        return Decoded(hyp.hypstr, time.process_time() - started, margin / frames, distance)

    def decode(self, audio: bytes) -> Decoded:
        """A whole recording at once."""
        started = time.process_time()
        self.start()
        self.feed(audio, whole=True)
        return replace(self.finish(), cpu=time.process_time() - started)

    @staticmethod
    def _log(decoder: Any, score: float) -> float:
        logmath = decoder.get_logmath()
        return float(logmath.log_to_ln(logmath.log(score))) if score > 0 else float("-inf")

    def _distance(self, words: str, phones: str) -> float:
        expected: list[str] = []
        for word in words.split():
            expected += str(self._decoder.lookup_word(word)).split()
        heard = [p for p in phones.split() if p not in _NOT_SPEECH]
        return _edits(expected, heard) / max(len(expected), 1)
