"""A WAV file's chunks read by hand, for the extensible format Python 3.11's `wave` refuses.

Recorders and editors write 16-bit PCM in the extensible layout (format tag 0xFFFE, the
PCM subformat named by a GUID); `wave` before 3.12 stops at "unknown format: 65534". Only
that layout is read here, strictly: the GUID, the bits and the block align must be those
of 16-bit PCM, and the data chunk whole; anything else is named in one line.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Final

EXTENSIBLE: Final = 0xFFFE
"""WAVE_FORMAT_EXTENSIBLE: the sample format is the subformat GUID's."""

_GUID_TAIL: Final = bytes.fromhex("000000001000800000aa00389b71")
"""The GUID of every wave subformat after its first two bytes (the old format tag)."""

_SUBFORMATS: Final = {3: "float", 6: "A-law", 7: "mu-law"}
"""The other subformats a WAV file names, by their old format tags."""

_EXTENSION: Final = 22
"""The bytes an extensible fmt chunk adds: the valid bits, the speaker mask and the
16-byte subformat GUID."""

_FMT_SIZE: Final = 18 + _EXTENSION
"""An extensible fmt chunk: the 16 bytes of the plain one, the extension's size, the
extension."""


class LayoutError(ValueError):
    """A WAV file this module refuses; the message is the reason, to follow its name."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The samples of a 16-bit PCM WAV: channels, rate and the data chunk's bytes."""

    channels: int
    rate: int
    data: bytes


def chunks(data: bytes) -> dict[bytes, tuple[int, int]] | None:
    """The chunks of a RIFF WAVE file, each id to its offset and declared size (the first
    of each id), or None if ``data`` is no RIFF WAVE file. A chunk whose header is cut off
    ends the list; a body cut short is the reader's to find."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    found: dict[bytes, tuple[int, int]] = {}
    at = 12
    while at + 8 <= len(data):
        name, size = data[at : at + 4], struct.unpack_from("<I", data, at + 4)[0]
        found.setdefault(name, (at + 8, size))
        at += 8 + size + (size & 1)
    return found


def format_tag(data: bytes) -> int | None:
    """The format tag of a WAV file's fmt chunk (1: PCM, 0xFFFE: extensible), or None."""
    found = chunks(data)
    if found is None or b"fmt " not in found:
        return None
    at, size = found[b"fmt "]
    if size < 2 or at + 2 > len(data):
        return None
    return int(struct.unpack_from("<H", data, at)[0])


def read_extensible(data: bytes) -> Layout:
    """The samples of an extensible WAV file holding 16-bit PCM; `LayoutError` otherwise."""
    found = chunks(data)
    if found is None or b"fmt " not in found:
        raise LayoutError("not a readable WAV file (no format chunk)")
    at, size = found[b"fmt "]
    if size < _FMT_SIZE:
        raise LayoutError(f"a format chunk of {size} bytes is too short for the extensible WAV")
    if at + _FMT_SIZE > len(data):
        raise LayoutError("truncated (the format chunk is cut off)")
    tag, channels, rate, _, align, bits, extra, valid, _, guid = struct.unpack_from(
        "<HHIIHHHHI16s", data, at
    )
    if tag != EXTENSIBLE or extra < _EXTENSION:
        raise LayoutError("not a readable WAV file (a bad extensible format chunk)")
    subformat = int.from_bytes(guid[:2], "little")
    if guid[2:] != _GUID_TAIL:
        raise LayoutError(f"an unknown sample format (GUID {guid.hex()}); give 16-bit PCM")
    if subformat != 1:
        kind = _SUBFORMATS.get(subformat, f"format {subformat}")
        raise LayoutError(f"{bits}-bit {kind} audio; give 16-bit PCM")
    if bits != 16 or valid not in range(1, 17):
        raise LayoutError(f"{bits}-bit audio; give 16-bit PCM")
    if channels < 1 or align != 2 * channels:
        raise LayoutError(
            f"a block align of {align} bytes does not fit {channels} channels of 16 bits"
        )
    if b"data" not in found:
        raise LayoutError("truncated (no audio data chunk)")
    start, length = found[b"data"]
    if start + length > len(data):
        raise LayoutError("truncated (the header promises more audio than there is)")
    whole = length - length % align
    return Layout(channels, rate, data[start : start + whole])
