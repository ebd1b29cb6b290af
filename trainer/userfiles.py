"""Files the player names or shares: read only a regular file, and only so much of it;
replace one only whole.

A named pipe blocks a reader for ever and ``/dev/zero`` never ends, so a drill file,
the settings or an export is opened without blocking, checked to be a regular file,
and read up to a limit; anything else is refused with a reason the caller puts after
the file's name. A file written for the player (an export) is written beside its place
and renamed over it, so a full disk or a kill leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final

SMALL_FILE_BYTES: Final = 64_000
"""The most a drill file or the settings may hold: a large drill file is a few kB, and
reading YAML costs about a second per 100 kB of the densest text (checked on a busy
2-core machine), so a hostile file is read in well under one."""

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


def write_atomic(path: Path, data: bytes) -> None:
    """Replace the file at ``path`` with ``data``, whole or not at all (`replacing`)."""
    with replacing(path) as handle:
        handle.write(data)


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[BinaryIO]:
    """A file to write that replaces the one at ``path`` (through a symbolic link: the link
    stays) when the block ends, whole or not at all: written and synced beside it, then
    renamed over it, so it can be written piece by piece. `FileRefused` if it cannot be, the
    old file untouched; a path that is not a regular file (a device, a pipe, a folder) is
    refused rather than replaced. An exception in the block leaves the old file as it was."""
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as err:
        raise FileRefused(f"cannot be written ({err.strerror})") from None
    if mode is not None and not stat.S_ISREG(mode):
        what = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise FileRefused(f"is {what}, not a file; give the path of a file")
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as err:
        raise FileRefused(f"cannot be written ({err.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, stat.S_IMODE(mode))
        os.replace(temporary, target)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise FileRefused(f"cannot be written ({err.strerror}); it was left as it was") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
