"""Text from files and the command line, made safe to check, quote and print.

Drill files, settings and exports are shared between players, so any string in them
may hold terminal control sequences (``ESC ] 0 ; … BEL`` retitles a terminal) or be
huge. Validation refuses control characters (`control_problem`); what is printed
escapes them (`printable`); and an error message quotes at most a short excerpt of a
value (`excerpt`), never its whole ``repr()``, which for an expanded YAML alias or a
5,000-digit number is slow, enormous, or an error of its own.
"""

from __future__ import annotations

import re
import reprlib
from typing import Final

CONTROLS: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""Characters that move, colour or retitle a terminal, or reorder or break the text
around them: C0 and C1 controls, DEL, the bidirectional marks, embeddings, overrides and
isolates, and the line and paragraph separators; and lone surrogates, which stand for
bytes of a file name that are not UTF-8 (``\udc9b`` is the byte 0x9b, a C1 control,
once written back out)."""

_WHITESPACE: Final = frozenset("\t\n\r")
EXCERPT_CHARS: Final = 40
"""The most characters of a text an error message quotes."""
EXCERPT_LIMIT: Final = 80
"""The longest quotation of any value, all told."""


def control_problem(text: str, *, allow_whitespace: bool = False) -> str | None:
    """What is wrong with ``text`` if it holds a control character (None if nothing is):
    ``"holds a control character (U+001B) at character 5"``. ``allow_whitespace`` lets tab,
    line feed and carriage return through (text that is then folded into spaces)."""
    for match in CONTROLS.finditer(text):
        char = match.group()
        if allow_whitespace and char in _WHITESPACE:
            continue
        return f"holds a control character (U+{ord(char):04X}) at character {match.start() + 1}"
    return None


def strip_controls(text: str) -> str:
    """``text`` with every control character replaced by a space, for display."""
    return CONTROLS.sub(" ", text)


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as an escape (``\\u001b``), so printing
    it cannot reach the terminal; ``keep_newlines`` keeps line feeds and tabs. The escape is
    JSON's too, so a JSON document stays valid and means the same once escaped."""

    def escaped(match: re.Match[str]) -> str:
        char = match.group()
        if keep_newlines and char in "\n\t":
            return char
        return f"\\u{ord(char):04x}"

    return CONTROLS.sub(escaped, text)


class _Bounded(reprlib.Repr):
    """``repr()`` with every part bounded: a few items of each container, a few levels deep,
    text cut short, and a number too long to quote described by its digits."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdict = 4
        self.maxstring = self.maxother = EXCERPT_CHARS

    def repr_int(self, x: int, level: int) -> str:
        digits = _digits(x)
        return repr(x) if digits <= EXCERPT_CHARS else f"<a {digits}-digit number>"


_BOUNDED: Final = _Bounded()


def excerpt(value: object) -> str:
    """A short quotation of ``value`` for an error message: its ``repr()`` with long text,
    long lists and deep nesting cut (``'abc…'``, ``[1, 2, 3, 4, ...]``), numbers past 40
    digits described (``<a 5000-digit number>``) and control characters escaped. It never
    builds the whole repr of a huge value."""
    if isinstance(value, int) and not isinstance(value, bool):
        digits = _digits(value)
        return repr(value) if digits <= EXCERPT_CHARS else f"a {digits}-digit number"
    text = printable(_BOUNDED.repr(value))
    return text if len(text) <= EXCERPT_LIMIT else text[: EXCERPT_LIMIT - 1] + "…"


def label(name: object) -> str:
    """A field's name (a mapping key from a file) as a message names it: short text without
    control characters as it is (``colour``), anything else quoted by `excerpt`."""
    if isinstance(name, str) and len(name) <= EXCERPT_CHARS and not CONTROLS.search(name):
        return name
    return excerpt(name)


def _digits(value: int) -> int:
    """How many decimal digits ``value`` has, without converting it to text (which Python
    refuses past 4,300 digits)."""
    size = abs(value)
    if size < 10**18:
        return len(str(size))
    guess = int(size.bit_length() * 0.30102999566398120) + 1  # log10(2), rounded up
    return guess if size >= 10 ** (guess - 1) else guess - 1
