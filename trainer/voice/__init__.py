"""Counting aloud: the grammar of a show's count, audio to a claim the judge takes.

`grammar` builds, from the hand, every count a player may say (`units`, `wording`);
`recogniser` hears audio on it with pocketsphinx (imported only when a recogniser is
made) and tells chatter; `heard` turns the words into a claim; `listen` follows a count
as it is said, from the microphone (`microphone`) or a recording; `audio` reads WAVs.
"""

from trainer.voice.audio import AudioError, read_wav
from trainer.voice.grammar import Grammar, build
from trainer.voice.heard import Heard, NoCount, heard
from trainer.voice.listen import AudioSource, Listener, RecordedSource, Spoken
from trainer.voice.recogniser import Decoded, Recogniser, VoiceUnavailable

__all__ = [
    "AudioError",
    "AudioSource",
    "Decoded",
    "Grammar",
    "Heard",
    "Listener",
    "NoCount",
    "Recogniser",
    "RecordedSource",
    "Spoken",
    "VoiceUnavailable",
    "build",
    "heard",
    "read_wav",
]
