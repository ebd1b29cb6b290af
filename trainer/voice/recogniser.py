"""Audio to words with pocketsphinx, on a grammar built from the hand; chatter refused.

pocketsphinx is imported only when a recogniser is made (`trainer.voice.sphinx`):
without the ``voice`` extra the rest of Muggins never notices. A second decode of the same audio
with the model's free phone loop tells a count from chatter: a count scores about as
well on its grammar as on free phones, and says roughly the phones the free loop hears;
chatter forced into a count does neither (VOICE.md, Rejecting what is not a count). A
third, on the show's strict grammar (no take-back, no slip), is the rival a count heard
with a "no wait" or a wrong sum must beat clearly, and the same grammar without an
over-claim the rival of a count that claims a group the show lacks: in noise the
recogniser hides there what it did not hear. What the words must pass is
`trainer.voice.confidence`'s.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from trainer.rules.show import Breakdown
from trainer.voice.audio import BYTES_A_SECOND, RATE
from trainer.voice.confidence import FRAME, Decoded, Loudness, edits, unheard
from trainer.voice.grammar import build
from trainer.voice.graph import Grammar
from trainer.voice.sound import Sound
from trainer.voice.sphinx import model_paths, pocketsphinx
from trainer.voice.wording import EXTRA_WORDS

COLD: Final = 5.0
"""How far the running mean's first coefficient (the sound's level) may move while a
streamed count is heard before the count is heard again whole (a new microphone, a new
room). A streamed count is scored on the mean it starts from (the decoder updates it only
now and then): from the model's first mean, a session's first count, the tuning set's
counts were heard as said a third less often, so a first count is heard from its own
first seconds' mean (`PRIME`). From the mean of another count of the same voice and room it moved
0.4 (2.2 at most) and was heard as well as whole; from the model's first mean, 8.3
(docs/development.md, "Counting aloud")."""

PRIME: Final = 2.0
"""Seconds of a session's first count, from its first sound, heard before its decoders
start on it (streamed, as at the table): those seconds heard whole give the count its
voice's running mean, from which it is then heard. Without it a first count is scored on
the model's first mean, far from any voice's, and was heard as said a third less often
(tuning sessions: 21/36 first counts); heard again whole at its end, 33/36 for up to 3 s of
CPU at the end of a long count; from 1 or 2 s of it, 33/36 again, its end in milliseconds
(2 s: none of the 36 moved enough to be heard again, 1 s: two did)."""

LEAD: Final = 0.5
"""Seconds before the first sound that those seconds include: the model's means are of
whole recordings, a little quiet before the words included."""

SHORT: Final = 2.0
"""Seconds of words under which a streamed count is heard again whole: a short count's
streamed score strays furthest from the whole recording's, on which the bars were set
(a warm start, the tuning set: ±0.0004 a frame under two seconds of sound, ±0.00014 over
five), and the bars are tightest there (a total alone, one group, chatter); hearing it again
costs least."""

_NOT_SPEECH: Final = frozenset({"SIL", "+NSN+", "+SPN+", "+BREATH+", "+COUGH+", "+UM+"})

TUNING: dict[str, Any] = {"beam": 1e-80, "pbeam": 1e-80, "wbeam": 1e-60}
"""The grammars' search settings beyond the defaults (the end-of-utterance best path is
off, VOICE.md): beams wider than the model's, which lost the right path of a count in a
hard room or an odd voice (docs/development.md, "Counting aloud")."""

PHONE_TUNING: dict[str, Any] = {}
"""The free phone loop's settings beyond the model's: none."""

SCORING: Final[dict[str, Any]] = {"compallsen": True}
"""Every decoder scores every state of the model each frame, so that their scores are
normalised alike and their differences are the audio's, not their searches'."""


_NOT_WORDS: Final = frozenset({"<s>", "</s>", "<sil>", "(NULL)"})


def from_mean(decoder: Any, mean: str) -> None:
    """Make ``mean`` the decoder's running mean (CMN), and nothing else of the sound it
    heard before: setting the mean alone left the running sums behind it, so the same
    count scored up to 5 % apart (its rival 30 %) with the counts heard before it."""
    decoder.reinit_feat()
    decoder.set_cmn(mean)


def _spoken(decoder: Any) -> list[tuple[str, int, int]]:
    """The words of the decoder's last hypothesis (no silence, filler or alternative
    pronunciation's mark), each with its first and last frame."""
    return [
        (seg.word.split("(")[0], seg.start_frame, seg.end_frame)
        for seg in decoder.seg() or ()  # no hypothesis: no segments
        if seg.word not in _NOT_WORDS and not seg.word.startswith(("[", "+"))
    ]


class Recogniser:
    """The model loaded three times, for the count's grammar, its strict rival and free
    phones (to tell chatter), reused for every count (loading takes a few tenths of a
    second). All hear every chunk as it comes, so a count's end costs little (but for a
    short one, heard again whole: `finish`; a session's first is heard from its first
    seconds' mean, found while it is said: `PRIME`); a whole recording
    (`decode`) is heard by the rival afterwards, and only if its words need it.
    Words that over-claim are heard again at the end on the plain grammar (the rival's
    model, its second search): a cost only a count that over-claims pays."""

    def __init__(self, voice: Path | None = None) -> None:
        ps = pocketsphinx()
        model = ps.get_model_path
        common: dict[str, Any] = {**model_paths(), "lm": None, "bestpath": False}
        common["logfn"] = "/dev/null"
        if voice is not None:  # the player's voice learnt (`trainer.voice.learn`)
            common["mllr"] = str(voice)
        self.voice = voice
        grammar_settings = {**common, **SCORING, **TUNING}
        self._decoder: Any = ps.Decoder(**grammar_settings)
        self._rival: Any = ps.Decoder(**grammar_settings)
        for word, phones in EXTRA_WORDS.items():
            self._decoder.add_word(word, phones, False)
            self._rival.add_word(word, phones, False)
        self._phones: Any = ps.Decoder(**common, **SCORING, **PHONE_TUNING)
        self._phones.add_allphone_file("phones", model("en-us/en-us-phone.lm.bin"))
        self._phones.activate_search("phones")
        self._count = 0
        self._searches: dict[Any, str] = {}  # each grammar decoder's search in use
        self._plain: str | None = None  # the rival's second search: the plain grammar
        self._grammar: Grammar | None = None  # the count's, when a rival is loaded
        self._audio: list[bytes] = []  # the count's chunks, for the rivals heard after it
        self._whole = False  # whether they came as a whole count (its own mean: `feed`)
        self._warm = False  # whether the running mean is a voice's (a count heard whole, `PRIME`)
        self._alongside = False  # whether the rival hears the count as it comes
        self._cmn = ""  # the running mean the count started from, the rival's start
        self._loudness = Loudness()
        self._priming = False  # a cold count's audio is kept until it gives a mean (`PRIME`)
        self._sound = Sound()
        self._onset: int | None = None  # where its sound began, in bytes

    def with_voice(self, voice: Path | None) -> Recogniser:
        """A recogniser that hears with ``voice`` (a transform learnt), from this one's
        running mean: a count starts as it would have here."""
        other = Recogniser(voice)
        if self._warm:
            other._cmn = self._decoder.get_cmn(False)
            for decoder in (other._decoder, other._rival, other._phones):
                from_mean(decoder, other._cmn)
            other._warm = True
        return other

    def use(self, breakdown: Breakdown) -> Grammar:
        """Make this show's grammar the one the next counts are heard on, its strict
        grammar their rival; returns the grammar."""
        self._activate(self._rival, build(breakdown, strict=True))
        if self._plain is not None:
            self._rival.remove_search(self._plain)
        self._plain = self._add(self._rival, build(breakdown, plain=True))
        self._grammar = self._activate(self._decoder, build(breakdown))
        return self._grammar

    def load(self, grammar: Grammar) -> Grammar:
        """Make ``grammar`` the one the next utterances are heard on, with no rival;
        returns it."""
        self._grammar = None
        return self._activate(self._decoder, grammar)

    def _add(self, decoder: Any, grammar: Grammar) -> str:
        """Add ``grammar`` to ``decoder`` as a search; its name."""
        self._count += 1
        name = f"count{self._count}"
        fsg = decoder.create_fsg(name, grammar.start, grammar.final, grammar.transitions())
        decoder.add_fsg(name, fsg)
        return name

    def _activate(self, decoder: Any, grammar: Grammar) -> Grammar:
        name = self._add(decoder, grammar)
        decoder.activate_search(name)
        if decoder in self._searches:
            decoder.remove_search(self._searches[decoder])
        self._searches[decoder] = name
        return grammar

    def start(self) -> None:
        """Begin listening to a count (feed it with `feed`, end it with `finish`)."""
        self._start(alongside=True)

    def _start(self, *, alongside: bool) -> None:
        """Begin a count; ``alongside``: the rival hears it as it comes (else it hears the
        whole recording afterwards, and only if the words are doubtful)."""
        # Every decoder starts the count from the running mean of the sound the count's
        # own decoder heard before (the rival did not hear the commands), or their scores
        # are not each other's.
        self._cmn = self._decoder.get_cmn(False)
        self._alongside = alongside and self._grammar is not None
        self._loudness = Loudness()
        self._audio = []
        self._priming = alongside and not self._warm
        self._sound, self._onset = Sound(), None
        if not self._priming:
            self._begin()

    def _begin(self) -> None:
        """Start the count in its decoders, from the running mean ``_cmn``."""
        decoders = [self._decoder, self._phones, *([self._rival] if self._alongside else [])]
        for decoder in decoders:
            from_mean(decoder, self._cmn)
            decoder.start_utt()

    def feed(self, chunk: bytes, *, whole: bool = False) -> str:
        """Decode more audio (``whole``: the whole count at once); the words heard so far
        (none while a session's first count is kept for its mean: `PRIME`)."""
        self._audio.append(chunk)
        self._whole = whole
        self._loudness.add(chunk)
        if self._priming and not self._primed(chunk):
            return ""
        if not self._priming:
            self._process(chunk, whole)
        else:  # its mean found: the decoders hear it all from the start
            self._priming = False
            self._begin()
            for kept in self._audio:
                self._process(kept, False)
        hyp = self._decoder.hyp()
        return hyp.hypstr if hyp is not None else ""

    def _process(self, chunk: bytes, whole: bool) -> None:
        self._decoder.process_raw(chunk, False, whole)
        self._phones.process_raw(chunk, False, whole)
        if self._alongside:
            self._rival.process_raw(chunk, False, whole)

    def _primed(self, chunk: bytes) -> bool:
        """Whether the kept audio, ``chunk`` its latest, now holds `PRIME` seconds from its
        first sound; if so its mean, heard whole, is the count's running mean."""
        kept = sum(len(c) for c in self._audio)
        if self._onset is None:
            if not self._sound.holds(chunk):
                return False
            self._onset = kept - len(chunk)
        if kept - self._onset < PRIME * BYTES_A_SECOND:
            return False
        lead = max(0, self._onset - int(LEAD * BYTES_A_SECOND))
        self._phones.start_utt()  # batch normalisation: the mean is the audio's own
        self._phones.process_raw(b"".join(self._audio)[lead:], False, True)
        self._phones.end_utt()
        self._cmn = self._phones.get_cmn(False)
        self._warm = True
        return True

    def finish(self, on_again: Callable[[], None] = lambda: None) -> Decoded:
        """End the count: its words, and how they stand against free phones and the
        strict and plain rivals. A streamed count whose running mean moved far while it
        was heard (`COLD`: a new microphone), a short one (`SHORT`), or a session's first
        that ended before its `PRIME` seconds gave it a mean, is heard again whole, as
        `decode` hears it, on whose scores the bars were set; the next count starts from
        its mean. ``on_again`` is told first: that takes seconds of CPU for a long count,
        where other ends take milliseconds."""
        started = time.process_time()
        if self._priming:  # the decoders never started on it
            self._priming = False
            if self._onset is None:  # no sound at all: nothing said, no mean to learn
                self._audio = []
                return Decoded("", time.process_time() - started)
            rehear = True
        else:
            self._close()
            rehear = bool(
                not self._whole and self._audio and (self._moved() > COLD or self._short())
            )
        if rehear:
            on_again()
            again = self.decode(b"".join(self._audio))
            decoded = replace(again, cpu=time.process_time() - started, again=True)
        else:
            decoded = self._heard(started)
        self._audio = []
        return decoded

    def _short(self) -> bool:
        """Whether the words heard span less than `SHORT` seconds (none heard: not short)."""
        words = _spoken(self._decoder)
        return bool(words) and (words[-1][2] - words[0][1]) * FRAME / RATE < SHORT

    def _moved(self) -> float:
        """How far the running mean's first coefficient moved while the count was heard."""
        start, now = (float(m.split(",")[0]) for m in (self._cmn, self._decoder.get_cmn(False)))
        return abs(now - start)

    def _close(self) -> None:
        """End the count in its decoders."""
        self._decoder.end_utt()
        self._phones.end_utt()
        if self._alongside:
            self._rival.end_utt()

    def _heard(self, started: float) -> Decoded:
        """What the decoders heard of the count just closed, and how it stands; ``started``:
        the CPU clock when its end began."""
        hyp, phone_hyp = self._decoder.hyp(), self._phones.hyp()
        if hyp is None or not hyp.hypstr or phone_hyp is None:
            return Decoded("", time.process_time() - started)
        frames = max(self._decoder.n_frames(), 1)
        score = self._log(self._decoder, hyp.score)
        margin = score - self._log(self._phones, phone_hyp.score)
        said = self._grammar.parse(hyp.hypstr.split()) if self._grammar is not None else None
        rival = plain = math.inf
        if said is not None and said.doubtful:
            if not self._alongside:  # a whole recording: the rival hears it now
                self._again()
            rival = self._above(score)
        if said is not None and said.over_claims and self._plain is not None:
            self._rival.activate_search(self._plain)
            self._again()
            plain = self._above(score)
            self._rival.activate_search(self._searches[self._rival])
        distance = self._distance(hyp.hypstr, phone_hyp.hypstr)
        words = [(first, last) for _, first, last in _spoken(self._decoder)]
        share, gap = unheard(self._loudness.loud(), words)
        cpu = time.process_time() - started
        first = words[0][0] * FRAME / RATE if words else None
        return Decoded(
            hyp.hypstr, cpu, margin / frames, distance, share, gap, rival, plain, first=first
        )

    def _again(self) -> None:
        """The rival's model hears the count again, on its active search, in the chunks the
        count's decoder heard: a whole count is normalised by its own mean, a streamed one
        by the running mean, and the first count after a start scored far apart the two
        ways."""
        from_mean(self._rival, self._cmn)
        self._rival.start_utt()
        for chunk in self._audio:
            self._rival.process_raw(chunk, False, self._whole)
        self._rival.end_utt()

    def _above(self, score: float) -> float:
        """How far ``score`` stands above the rival's best, a frame of the words where the
        two differ; infinite when the rival's grammar holds no path."""
        hyp = self._rival.hyp()
        if hyp is None or not hyp.hypstr:
            return math.inf
        ours, theirs = _spoken(self._decoder), _spoken(self._rival)
        same = 0
        while same < min(len(ours), len(theirs)) and ours[same][0] == theirs[same][0]:
            same += 1
        ends = 0
        while (
            ends < min(len(ours), len(theirs)) - same and ours[-1 - ends][0] == theirs[-1 - ends][0]
        ):
            ends += 1
        differ = [*ours[same : len(ours) - ends], *theirs[same : len(theirs) - ends]]
        frames = max(w[2] for w in differ) - min(w[1] for w in differ) + 1 if differ else 1
        return (score - self._log(self._rival, hyp.score)) / frames

    def decode(self, audio: bytes) -> Decoded:
        """A whole recording at once (the rival hears it only if the words are doubtful:
        it starts from the same running mean either way, so its verdict is the same)."""
        started = time.process_time()
        self._start(alongside=False)
        self.feed(audio, whole=True)
        self._close()
        decoded = self._heard(started)
        self._audio = []
        self._warm = True
        return replace(decoded, cpu=time.process_time() - started)

    @staticmethod
    def _log(decoder: Any, score: float) -> float:
        logmath = decoder.get_logmath()
        return float(logmath.log_to_ln(logmath.log(score))) if score > 0 else float("-inf")

    def _distance(self, words: str, phones: str) -> float:
        expected: list[str] = []
        for word in words.split():
            expected += str(self._decoder.lookup_word(word)).split()
        heard = [p for p in phones.split() if p not in _NOT_SPEECH]
        return edits(expected, heard) / max(len(expected), 1)
