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
    """One loaded model, reused for every count (loading takes a tenth of a second)."""

    def __init__(self) -> None:
        try:
            import pocketsphinx
        except ImportError:
            raise VoiceUnavailable(INSTALL_HINT) from None
        model = pocketsphinx.get_model_path
        self._ps: Any = pocketsphinx
        self._decoder: Any = pocketsphinx.Decoder(
            hmm=model("en-us/en-us"),
            dict=model("en-us/cmudict-en-us.dict"),
            lm=None,
            bestpath=False,
            logfn="/dev/null",
        )
        for word, phones in EXTRA_WORDS.items():
            self._decoder.add_word(word, phones, False)
        self._decoder.add_allphone_file("phones", model("en-us/en-us-phone.lm.bin"))
        self._count = 0

    def use(self, breakdown: Breakdown) -> Grammar:
        """Make this show's grammar the one the next decodes use; returns it."""
        grammar = build(breakdown)
        self._count += 1
        name = f"count{self._count}"
        fsg = self._decoder.create_fsg(name, grammar.start, grammar.final, grammar.transitions())
        self._decoder.add_fsg(name, fsg)
        self._decoder.activate_search(name)
        if self._count > 1:
            self._decoder.remove_search(f"count{self._count - 1}")
        self._name = name
        return grammar

    def start(self) -> None:
        """Begin listening to a count (feed it with `feed`, end it with `finish`)."""
        self._decoder.activate_search(self._name)
        self._decoder.start_utt()
        self._audio = bytearray()

    def feed(self, chunk: bytes) -> str:
        """Decode more audio; the words heard so far."""
        self._audio += chunk
        self._decoder.process_raw(chunk, False, False)
        hyp = self._decoder.hyp()
        return hyp.hypstr if hyp is not None else ""

    def finish(self) -> Decoded:
        """End the count: its words, and whether they pass as a count."""
        started = time.process_time()
        self._decoder.end_utt()
        hyp = self._decoder.hyp()
        if hyp is None or not hyp.hypstr:
            return Decoded("", time.process_time() - started)
        words, score = hyp.hypstr, self._log(hyp.score)
        frames = max(self._decoder.n_frames(), 1)
        self._decoder.activate_search("phones")
        self._decoder.start_utt()
        self._decoder.process_raw(bytes(self._audio), False, True)
        self._decoder.end_utt()
        phone_hyp = self._decoder.hyp()
        self._decoder.activate_search(self._name)
        if phone_hyp is None:
            return Decoded("", time.process_time() - started)
        margin = (score - self._log(phone_hyp.score)) / frames
        distance = self._distance(words, phone_hyp.hypstr)
        return Decoded(words, time.process_time() - started, margin, distance)

    def decode(self, audio: bytes) -> Decoded:
        """A whole recording at once."""
        started = time.process_time()
        self.start()
        self._audio = bytearray(audio)
        self._decoder.process_raw(audio, False, True)
        done = self.finish()
        return replace(done, cpu=time.process_time() - started)

    def _log(self, score: float) -> float:
        logmath = self._decoder.get_logmath()
        return float(logmath.log_to_ln(logmath.log(score))) if score > 0 else float("-inf")

    def _distance(self, words: str, phones: str) -> float:
        expected: list[str] = []
        for word in words.split():
            expected += str(self._decoder.lookup_word(word)).split()
        heard = [p for p in phones.split() if p not in _NOT_SPEECH]
        return _edits(expected, heard) / max(len(expected), 1)
