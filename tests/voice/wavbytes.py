"""WAV files written byte by byte, in the extensible layout (format tag 0xFFFE) that
Python 3.11's `wave` cannot write or read, with any of its fields set wrong on purpose."""

from __future__ import annotations

import struct
from typing import Final

from trainer.voice.audio import RATE

PCM: Final = bytes.fromhex("0100000000001000800000aa00389b71")
"""KSDATAFORMAT_SUBTYPE_PCM, as it lies in the file."""
FLOAT: Final = bytes.fromhex("0300000000001000800000aa00389b71")
"""KSDATAFORMAT_SUBTYPE_IEEE_FLOAT."""


def chunk(name: bytes, body: bytes) -> bytes:
    """A RIFF chunk: its id, its size, its body and the pad byte an odd size takes."""
    return name + struct.pack("<I", len(body)) + body + b"\0" * (len(body) & 1)


def extensible(
    samples: bytes,
    *,
    channels: int = 1,
    rate: int = RATE,
    bits: int = 16,
    valid: int | None = None,
    align: int | None = None,
    guid: bytes = PCM,
    declared: int | None = None,
) -> bytes:
    """``samples`` in an extensible WAV file, after a metadata chunk of odd size (so the
    reader must skip its pad byte); ``declared`` is the data chunk's size if not theirs."""
    align = channels * bits // 8 if align is None else align
    mask = 0x4 if channels == 1 else 0x3
    fmt = struct.pack(
        "<HHIIHHHHI16s",
        0xFFFE,
        channels,
        rate,
        rate * align,
        align,
        bits,
        22,
        bits if valid is None else valid,
        mask,
        guid,
    )
    size = len(samples) if declared is None else declared
    data = b"data" + struct.pack("<I", size) + samples
    body = b"WAVE" + chunk(b"fmt ", fmt) + chunk(b"LIST", b"INFOISFT\x05\0\0\0sox!\0") + data
    return b"RIFF" + struct.pack("<I", len(body)) + body
