"""The voice the trainer speaks with: Debian's espeak-ng, one process a sentence, started
and left to speak so that the screen never waits; a new sentence cuts the one before.

Speaking is optional (the `speech` extra needs nothing from PyPI: the program is the
system's); without espeak-ng, `Espeak` raises `SpeechUnavailable` saying how to get it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Final, Protocol

PROGRAM: Final = "espeak-ng"
INSTALL_HINT: Final = "speaking needs espeak-ng (on Debian or Ubuntu: apt-get install espeak-ng)"
RATES: Final = (140, 175, 210)
"""Words a minute: slow, normal, fast (espeak-ng's own default is 175)."""
LOWEST_RATE: Final = 80
HIGHEST_RATE: Final = 450


class SpeechUnavailable(OSError):
    """The trainer cannot speak here; the message says how to make it."""


class Speaker(Protocol):
    """Says a sentence without waiting for it to be said."""

    def say(self, text: str) -> None: ...

    def stop(self) -> None: ...

    def wait(self) -> None:
        """Wait until the sentence being said is said."""


class Espeak:
    """espeak-ng at ``rate`` words a minute (``program``: the program to run, found on the
    path by default)."""

    def __init__(self, rate: int, program: str | None = None) -> None:
        found = program or shutil.which(PROGRAM)
        if found is None:
            raise SpeechUnavailable(INSTALL_HINT)
        self.program, self.rate = found, rate
        self._speaking: subprocess.Popen[bytes] | None = None

    def command(self, *more: str) -> list[str]:
        """The program's arguments: the rate, then ``more``, the text read from its input."""
        return [self.program, "-s", str(self.rate), *more, "--stdin"]

    def say(self, text: str) -> None:
        """Start saying ``text`` (the sentence being said is cut)."""
        self.stop()
        try:
            speaking = subprocess.Popen(
                self.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as err:
            raise SpeechUnavailable(f"{INSTALL_HINT}: {err.strerror or err}") from None
        assert speaking.stdin is not None
        try:
            speaking.stdin.write(text.encode("utf-8"))
            speaking.stdin.close()
        except OSError:
            pass  # it ended at once: nothing more to say
        self._speaking = speaking

    def stop(self) -> None:
        """Cut what is being said."""
        speaking, self._speaking = self._speaking, None
        if speaking is not None and speaking.poll() is None:
            speaking.terminate()
            try:
                speaking.wait(timeout=1)
            except subprocess.TimeoutExpired:
                speaking.kill()

    def wait(self) -> None:
        """Wait until the sentence being said is said."""
        speaking = self._speaking
        if speaking is not None:
            speaking.wait()

    def to_wav(self, text: str, path: Path) -> Path:
        """``text`` said into a WAV file at ``path`` (waits for it: for tests and scripts)."""
        subprocess.run(
            self.command("-w", str(path)), input=text.encode("utf-8"), check=True, timeout=60
        )
        return path
