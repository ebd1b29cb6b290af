"""Which chunks of the microphone's audio hold sound: louder than a microphone's hiss, and
than the room's quietest chunk so far (a steady hum or fan is not a player speaking). The
end of a count waits on it (`trainer.voice.listen`), and a session's first count is
heard from the sound's start (`trainer.voice.recogniser`)."""

from __future__ import annotations

import math
from typing import Final

from trainer.voice.audio import rms, samples_of

LOUD: Final = 150
"""A chunk whose samples' root mean square passes this holds sound (-47 dB of full scale:
a microphone's hiss stays below; speech near one is in the thousands, a far one's in the
hundreds)... At 300, two of the held-out set's 36 counts through a far microphone (20 dB
down) never held sound, and were not heard at the table; at 150 they are, and the tuning
set's counts end where they did, or up to 0.2 s later."""

ABOVE_FLOOR: Final = 2.0
"""...and passes the quietest chunk so far this many times over (6 dB above the room's
noise)."""


def loudness(chunk: bytes) -> float:
    """The root mean square of a chunk's samples (0 for none)."""
    return rms(samples_of(chunk))


class Sound:
    """Chunk after chunk, whether each holds sound; the quietest so far is the room's."""

    def __init__(self) -> None:
        self.floor = math.inf

    def holds(self, chunk: bytes) -> bool:
        """Whether ``chunk``, the next, holds sound."""
        level = loudness(chunk)
        self.floor = min(self.floor, level)
        return level > max(LOUD, ABOVE_FLOOR * self.floor)
