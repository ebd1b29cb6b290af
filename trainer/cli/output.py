"""What ``muggins`` prints, made safe for the terminal it prints to.

Every line a subcommand writes goes through `Escaped`: a control character in a path, a
drill's name or a token the user typed is printed as its JSON-style escape (``\\u001b``),
so it can neither retitle nor recolour the terminal, and JSON output stays valid and
means the same. A failure to write (a full disk, a closed device) becomes `OutputError`,
a one-line user error, instead of a traceback.
"""

from __future__ import annotations

import io
from typing import TextIO

from trainer.textguard import printable


class OutputError(ValueError):
    """Standard output (or the error stream) could not be written."""


class Escaped(io.TextIOBase):
    """A text stream that escapes control characters (keeping line feeds and tabs) and
    writes to ``target``."""

    def __init__(self, target: TextIO, name: str = "standard output") -> None:
        super().__init__()
        self.target = target
        self.name = name

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        try:
            self.target.write(printable(text, keep_newlines=True))
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputError(f"cannot write to {self.name} ({err.strerror})") from None
        return len(text)

    def flush(self) -> None:
        try:
            self.target.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputError(f"cannot write to {self.name} ({err.strerror})") from None
