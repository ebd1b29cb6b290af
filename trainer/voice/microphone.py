"""The microphone, through sounddevice and Debian's libportaudio2, as an `AudioSource`.

Imported only when a player counts aloud; without the library or a device it raises
`VoiceUnavailable` saying what to install or plug in, in words: PortAudio's own for a
machine with no input device is "Error querying device -1".
"""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any, Final

from trainer.voice.audio import RATE
from trainer.voice.sphinx import INSTALL_HINT, VoiceUnavailable

CHUNK: Final = 0.1
"""Seconds of audio a chunk."""

PORTAUDIO_HINT: Final = (
    "counting aloud needs the PortAudio library for the microphone "
    "(on Debian or Ubuntu: apt-get install libportaudio2)"
)

NO_MICROPHONE: Final = "no microphone found: counting aloud needs one"

_NO_DEVICE: Final = ("querying device", "no default input", "invalid device", "no input device")
"""What PortAudio's errors say (in lower case) when there is no input device to open: the
default device is -1, or none matches."""


def unavailable(err: Exception) -> VoiceUnavailable:
    """A PortAudio error opening the microphone, said for the player: no device in
    words, anything else (busy, refused) in PortAudio's own."""
    said = str(err)
    if any(sign in said.lower() for sign in _NO_DEVICE):
        return VoiceUnavailable(NO_MICROPHONE)
    return VoiceUnavailable(f"the microphone could not be opened: {said}")


class Microphone:
    """The default input device, 16 kHz mono 16-bit, read in `CHUNK`-second chunks."""

    def __init__(self) -> None:
        try:
            import sounddevice
        except ImportError:
            raise VoiceUnavailable(INSTALL_HINT) from None
        except OSError:
            raise VoiceUnavailable(PORTAUDIO_HINT) from None
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        try:
            self._stream: Any = sounddevice.RawInputStream(
                samplerate=RATE,
                channels=1,
                dtype="int16",
                blocksize=int(RATE * CHUNK),
                callback=self._heard,
            )
            self._stream.start()
        except sounddevice.PortAudioError as err:  # no device, busy, refused
            raise unavailable(err) from None

    def _heard(self, data: Any, frames: int, at: Any, status: Any) -> None:
        self._queue.put(bytes(data))

    def chunks(self) -> Iterator[bytes]:
        while (chunk := self._queue.get()) is not None:
            yield chunk

    def close(self) -> None:
        self._stream.stop()
        self._stream.close()
        self._queue.put(None)
