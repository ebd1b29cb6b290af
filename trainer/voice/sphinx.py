"""pocketsphinx, where it is: the library (imported only when asked for, so that without
the ``voice`` extra the rest of Muggins never notices), the US-English model its wheel
carries, and what to say when it cannot be had."""

from __future__ import annotations

from typing import Any, Final

INSTALL_HINT: Final = (
    "counting aloud needs the voice extra: pip install 'muggins[voice]' "
    "(in a checkout: MUGGINS_EXTRAS=test,browser,voice bash scripts/setup)"
)


class VoiceUnavailable(OSError):
    """The recogniser (or the microphone) cannot be had here; the message says how to get
    it. An `OSError`, as a missing library is: the CLI reports it on one line."""


def pocketsphinx() -> Any:
    """The library; `VoiceUnavailable` saying how to get it where it is missing."""
    try:
        import pocketsphinx
    except ImportError:
        raise VoiceUnavailable(INSTALL_HINT) from None
    return pocketsphinx


def model_paths() -> dict[str, str]:
    """The model the recogniser hears with, as pocketsphinx's settings (``hmm``, ``dict``):
    the US-English model and dictionary its wheel carries."""
    model = pocketsphinx().get_model_path
    return {"hmm": model("en-us/en-us"), "dict": model("en-us/cmudict-en-us.dict")}
