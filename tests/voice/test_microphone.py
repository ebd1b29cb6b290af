"""No microphone said in words: PortAudio's errors for a machine without an input device
become "no microphone found", any other keeps PortAudio's own words. A fake sounddevice
module stands in for the real one, raising what PortAudio raises."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from trainer.ui.voice_input import VoiceService
from trainer.voice.microphone import NO_MICROPHONE, Microphone
from trainer.voice.sphinx import VoiceUnavailable


class PortAudioError(Exception):
    """sounddevice's error: its message, and PortAudio's error code when there is one."""

    def __str__(self) -> str:
        message = str(self.args[0]) if self.args else ""
        return f"{message} [PaErrorCode {self.args[1]}]" if len(self.args) > 1 else message


def fake_sounddevice(monkeypatch: pytest.MonkeyPatch, *, opening: Any, starting: Any) -> None:
    """Put a sounddevice in ``sys.modules`` whose stream raises ``opening`` when made
    and ``starting`` when started (None: no error)."""

    class RawInputStream:
        def __init__(self, **settings: Any) -> None:
            assert settings["samplerate"] == 16000
            assert settings["channels"] == 1
            if opening is not None:
                raise opening

        def start(self) -> None:
            if starting is not None:
                raise starting

    module = types.ModuleType("sounddevice")
    module.PortAudioError = PortAudioError  # type: ignore[attr-defined]
    module.RawInputStream = RawInputStream  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sounddevice", module)


@pytest.mark.parametrize(
    ("opening", "starting", "said"),
    [
        # No default input device: sounddevice asks PortAudio about device -1.
        (PortAudioError("Error querying device -1"), None, NO_MICROPHONE),
        (PortAudioError("Invalid device", -9996), None, NO_MICROPHONE),
        (PortAudioError("No Default Input Device Available"), None, NO_MICROPHONE),
        (
            PortAudioError("Device unavailable", -9985),
            None,
            "the microphone could not be opened: Device unavailable [PaErrorCode -9985]",
        ),
        (
            None,
            PortAudioError("Unanticipated host error", -9999),
            "the microphone could not be opened: Unanticipated host error [PaErrorCode -9999]",
        ),
    ],
)
def test_what_portaudio_raises_is_said_in_words(
    monkeypatch: pytest.MonkeyPatch, opening: Any, starting: Any, said: str
) -> None:
    fake_sounddevice(monkeypatch, opening=opening, starting=starting)
    with pytest.raises(VoiceUnavailable) as err:
        Microphone()
    assert str(err.value) == said
    with pytest.raises(VoiceUnavailable) as err:  # what F2 opens, and says on its line
        VoiceService(None).source()
    assert str(err.value) == said


def test_a_microphone_that_opens_is_listened_to(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_sounddevice(monkeypatch, opening=None, starting=None)
    assert isinstance(VoiceService(None).source(), Microphone)
