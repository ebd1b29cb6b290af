"""What ``muggins`` prints, made safe for the terminal it prints to.

Every line a subcommand writes goes through `Escaped`: a control character in a path, a
drill's name or a token the user typed is printed as its JSON-style escape (``\\u001b``),
so it can neither retitle nor recolour the terminal, and JSON output stays valid and
means the same. A name or a message printed inside a line goes through `one_line`
too, which escapes its line feeds and tabs as well. A failure to write (a full disk, a
closed device) becomes `OutputError`, a one-line user error, instead of a traceback.
"""

from __future__ import annotations

import io
from typing import TextIO

from trainer.textguard import printable


def one_line(text: object) -> str:
    """A message or a name (a file's, a folder's) as it is printed inside a line: every
    control character escaped, the line feed and the tab too (`Escaped` keeps those, for
    output laid out in lines), so a file name holding a line feed prints on one line."""
    return printable(str(text))


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

    def isatty(self) -> bool:
        return self.target.isatty()

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
