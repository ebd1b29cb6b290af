"""Learning the player's voice from the counts they said and had judged: each count is
aligned on its words (which state of which phone each 10 ms frame is), its frames are
added to the voice's statistics (`trainer.voice.adapt`), and the transform the recogniser
loads is written again. Kept in the player's data folder, so the next session starts from
the voice learnt; a file that cannot be read is set aside, never overwritten.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import Any, Final

import numpy as np

from trainer.voice.acoustic import Acoustic, Floats
from trainer.voice.adapt import Indices, VoiceStats, write_mllr
from trainer.voice.sphinx import model_paths, pocketsphinx
from trainer.voice.wording import EXTRA_WORDS

UNREADABLE_SUFFIX: Final = ".unreadable"


class VoiceLearner:
    """The voice learnt so far, kept at ``profile`` (None: in memory, in a folder of its
    own while this learner lives). `learn` adds a count; `transform` is the file the
    recogniser loads (None until enough speech is known). Safe to call from any thread:
    counts are learnt one at a time."""

    def __init__(self, profile: Path | None = None) -> None:
        self._ps: Any = pocketsphinx()
        self._scratch = tempfile.TemporaryDirectory(prefix="muggins-voice-")
        folder = Path(self._scratch.name)
        self._profile = profile
        self._mllr = profile.with_suffix(".mllr") if profile else folder / "voice.mllr"
        self._cepstra = folder / "cepstra"
        self._cepstra.mkdir()
        self._lock = threading.Lock()
        self._aligner: Any = None
        self._model: Acoustic | None = None
        self.problem = ""
        """Why the voice saved could not be read (it was set aside), if it could not."""
        self.stats = self._load()
        self._written = self._mllr.exists() and self.stats.transform() is not None
        self.learnt = 0
        """Counts learnt by this learner."""

    @property
    def transform(self) -> Path | None:
        """The transform the recogniser loads, if the voice is known well enough."""
        return self._mllr if self._written else None

    def learn(self, audio: bytes, words: str) -> bool:
        """Add a count (its 16 kHz audio and the words it was heard as); whether the
        transform changed. A count that cannot be aligned on its words adds nothing."""
        if not words.strip():
            return False
        with self._lock:
            aligned = self._align(audio, words)
            if aligned is None:
                return False
            cepstra, senones, phones = aligned
            model = self._acoustic()
            self.stats.add(model, cepstra, senones, phones)
            self.learnt += 1
            self._save()
            transform = self.stats.transform()
            if transform is None:
                return False
            partial = self._mllr.with_name(self._mllr.name + ".new")
            write_mllr(partial, transform)
            os.replace(partial, self._mllr)
            self._written = True
            return True

    def close(self) -> None:
        self._scratch.cleanup()

    def _acoustic(self) -> Acoustic:
        if self._model is None:
            self._model = Acoustic.read(Path(model_paths()["hmm"]))
        return self._model

    def _align(self, audio: bytes, words: str) -> tuple[Floats, Indices, Indices] | None:
        """The count's cepstra [frame, 13] and each frame's state and phone (-1: none),
        aligned on ``words`` by the unadapted model (the statistics are against it)."""
        if self._aligner is None:
            self._aligner = self._ps.Decoder(
                **model_paths(), bestpath=False, logfn=os.devnull, mfclogdir=str(self._cepstra)
            )
            for word, pronunciation in EXTRA_WORDS.items():
                self._aligner.add_word(word, pronunciation, False)
        decoder = self._aligner
        try:
            decoder.set_align_text(" ".join(words.split()))
            self._pass(decoder, audio)
            decoder.set_alignment()
            for old in self._cepstra.iterdir():
                old.unlink()
            self._pass(decoder, audio)
        except RuntimeError:  # a word not in the dictionary, or no path through the audio
            return None
        alignment = decoder.get_alignment()
        logged = list(self._cepstra.glob("*.mfc"))
        if alignment is None or len(logged) != 1:
            return None
        # Sphinx's cepstra log: a count of values, then float32 values, big-endian.
        values = np.fromfile(logged[0], ">f4")[1:].astype(np.float64)
        if not values.size or values.size % 13:
            return None
        cepstra = values.reshape(-1, 13)
        index = {name: i for i, name in enumerate(self._acoustic().phones)}
        senones = np.full(len(cepstra), -1, dtype=np.int64)
        phones = np.full(len(cepstra), -1, dtype=np.int64)
        for phone in alignment.phones():
            phones[phone.start : phone.start + phone.duration] = index.get(phone.name, -1)
        for state in alignment.states():
            senones[state.start : state.start + state.duration] = int(state.name)
        return cepstra, senones, phones

    @staticmethod
    def _pass(decoder: Any, audio: bytes) -> None:
        decoder.start_utt()
        decoder.process_raw(audio, False, True)
        decoder.end_utt()

    def _load(self) -> VoiceStats:
        if self._profile is None or not self._profile.exists():
            return VoiceStats.empty()
        try:
            return VoiceStats.from_json(self._profile.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError) as err:
            aside = self._profile.with_name(self._profile.name + UNREADABLE_SUFFIX)
            try:
                os.replace(self._profile, aside)
            except OSError:
                self._profile = None  # neither read nor moved: learnt in memory only
                self.problem = f"{aside.parent}: the voice learnt could not be read ({err})"
            else:
                self.problem = f"the voice learnt could not be read ({err}): it is kept as {aside}"
            return VoiceStats.empty()

    def _save(self) -> None:
        if self._profile is None:
            return
        self._profile.parent.mkdir(parents=True, exist_ok=True)
        partial = self._profile.with_name(self._profile.name + ".new")
        partial.write_text(self.stats.to_json(), encoding="utf-8")
        os.replace(partial, self._profile)
