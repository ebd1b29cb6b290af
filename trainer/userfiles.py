"""Reading a file the player names or shares: only a regular file, and only so much of it.

A named pipe blocks a reader for ever and ``/dev/zero`` never ends, so a drill file,
the settings or an export is opened without blocking, checked to be a regular file,
and read up to a limit; anything else is refused with a reason the caller puts after
the file's name.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

SMALL_FILE_BYTES: Final = 1_000_000
"""The most a drill file or the settings may hold (a large drill file is a few kB)."""

_KINDS: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileRefused(ValueError):
    """A file that was not read; the message is the reason, to follow the file's name
    (``is a named pipe, not a file``)."""


class FileMissing(FileRefused):
    """There is no file at the path (``does not exist``)."""


def size_text(size: int) -> str:
    """A size in bytes as people read it: ``512 bytes``, ``1 MB``, ``5.2 MB``."""
    if size < 1000:
        return f"{size} bytes"
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{size / scale:.1f}".removesuffix(".0") + f" {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def read_bytes(path: Path, *, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; `FileRefused`
    for anything else (missing, not a regular file, unreadable, too large)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileMissing("does not exist") from None
    except OSError as err:
        raise FileRefused(f"cannot be read ({err.strerror})") from None
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if not stat.S_ISREG(mode):
            what = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise FileRefused(f"is {what}, not a file; give the path of a file")
        if info.st_size > limit:  # refused before reading any of it
            raise FileRefused(f"is larger than {size_text(limit)}, the most this file may hold")
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise FileRefused(f"cannot be read ({err.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"is larger than {size_text(limit)}, the most this file may hold")
    return b"".join(chunks)


def read_text(path: Path, *, limit: int = SMALL_FILE_BYTES, encoding: str = "utf-8") -> str:
    """The text of the regular file at ``path`` (at most ``limit`` bytes); `FileRefused`
    as `read_bytes`, or when it is not text in ``encoding``."""
    data = read_bytes(path, limit=limit)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise FileRefused(f"is not UTF-8 text (byte {err.start + 1} cannot be read)") from None
