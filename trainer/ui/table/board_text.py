"""The cribbage board as lines of text: a pure function of names, scores and width.

The layout, and why. A board runs its 120 holes out and back; a terminal row cannot hold
121 holes and a label, so each track is cut into *streets* of equal length, stacked like
the lines of a page and read left to right, top to bottom. Every side has a row in every
street, always in the same order, so the holes line up in columns and "who is ahead, and
by how much" is a glance down a column. Holes come in groups of five with a space between,
as a board drills them; every skunk line (91 and 61 of 121, 46 and 31 of 61) is one past a
multiple of five, so it is drawn in the space before its hole, across every side's row,
where a board paints it. The last street ends in a finish line and the game hole.

The street is the longest of 60, 40, 30, 20, 15, 10 or 5 holes that fits the width with
names of 12 cells (longer names get what room is left, up to 20): 121 in width 78 is three
streets of 40 (1-40, 41-80, 81-120) and the game hole, in width 98 two of 60; 61 in width 78
is two streets of 30. The first street carries the labels ("You       47"), so the numbers
a reader needs most stand at the top left; later streets repeat the names, dimmed, so a row
is never anonymous. Above every other street (and above the first when a line falls on it)
a ruler row gives its first hole, its lines ("┃91 skunk") and its last hole (the game hole
on the last street). Two sides to 121 take 8 rows in width 78; four sides take 9 in width 98.

Pegs: each side has its own glyph, filled for the front peg (the score) and hollow for the
back peg (the score before the last move); pegs at 0 stand in the start hole, left of hole
1. ``plain`` uses ASCII only: ``.`` holes, ``O X # @`` front and ``o x + *`` back pegs,
``|`` for the skunk line and the finish, ``:`` for the double skunk line.

A line is a tuple of ``(text, role)`` spans; the role names the part (``side-0`` … ``side-3``
for a side's label and pegs, ``echo-0`` … for its name repeated on later streets, ``hole``,
``skunk``, ``double-skunk``, ``finish``, ``ruler``, or ``""``) and the widget styles it.
Names are text, never markup; control characters in them become spaces.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.cells import cell_len, set_cell_size

Span = tuple[str, str]
"""A run of text and the role that styles it."""
BoardLine = tuple[Span, ...]
"""One row of the board."""

MAX_SIDES: Final = 4
STREET_LENGTHS: Final = (60, 40, 30, 20, 15, 10, 5)
"""Holes per street, longest first; the first that fits the width is used."""
NAME_WIDTH: Final = 12
"""The room a name is sure of: a shorter street is chosen before names are cut below it."""
NAME_MAX: Final = 20
"""Names are shown up to this long where the width leaves room; longer ones are cut."""
SCORE_WIDTH: Final = 3


@dataclass(frozen=True)
class Glyphs:
    """The characters a board is drawn with."""

    hole: str
    game_hole: str
    skunk: str
    double_skunk: str
    finish: str
    cut: str
    """Ends a name that was cut short."""
    front: tuple[str, ...]
    back: tuple[str, ...]


UNICODE: Final = Glyphs("·", "◎", "┃", "┊", "┃", "…", ("●", "◆", "▲", "■"), ("○", "◇", "△", "□"))
PLAIN: Final = Glyphs(".", ".", "|", ":", "|", "~", ("O", "X", "#", "@"), ("o", "x", "+", "*"))


@dataclass(frozen=True)
class Geometry:
    """How the holes are cut into streets, and how wide the label column is.

    Track columns of a street: 0 the start hole (first street only), then for each group of
    five a gap (where a line may be drawn) and five holes; after the last group, a gap for
    the finish line and the game hole (last street only)."""

    street: int
    streets: int
    label: int

    @property
    def groups(self) -> int:
        return self.street // 5

    @property
    def track(self) -> int:
        return 3 + 6 * self.groups

    @property
    def width(self) -> int:
        return self.label + 1 + self.track

    @property
    def finish_gap(self) -> int:
        return 1 + 6 * self.groups

    @property
    def game_hole(self) -> int:
        return 2 + 6 * self.groups


def hole_column(k: int) -> int:
    """The track column of a street's ``k``-th hole (from 0)."""
    return 2 + 6 * (k // 5) + k % 5


def gap_column(k: int) -> int:
    """The track column of the gap just before a street's ``k``-th hole (``k`` a multiple of 5)."""
    return 1 + 6 * (k // 5)


def peg_place(points: int, target: int, geometry: Geometry) -> tuple[int, int]:
    """Where a peg at ``points`` stands: (street, track column); 0 is the start hole."""
    if points <= 0:
        return 0, 0
    if points >= target:
        return geometry.streets - 1, geometry.game_hole
    return (points - 1) // geometry.street, hole_column((points - 1) % geometry.street)


def choose_geometry(names: Sequence[str], target: int, width: int) -> Geometry:
    """The longest street that fits ``width`` with names of ``NAME_WIDTH``, then as much more
    room for the names as they need and the width spares; narrower names if nothing fits."""
    holes = target - 1
    lengths = [n for n in STREET_LENGTHS if holes % n == 0]
    name_width = max(1, min(NAME_WIDTH, max(cell_len(n) for n in names)))
    longest = max(1, min(NAME_MAX, max(cell_len(n) for n in names)))
    for n in lengths:
        geometry = Geometry(n, holes // n, name_width + 1 + SCORE_WIDTH)
        if geometry.width <= width:
            room = min(longest - name_width, width - geometry.width)
            return Geometry(n, holes // n, geometry.label + max(0, room))
    n = lengths[-1]
    spare = width - 1 - (3 + 6 * (n // 5)) - 1 - SCORE_WIDTH
    return Geometry(n, holes // n, max(1, spare) + 1 + SCORE_WIDTH)


def clean_name(name: str) -> str:
    """A name fit for one row: control characters (newlines, escapes) become spaces."""
    return "".join(" " if unicodedata.category(c).startswith("C") else c for c in name).strip()


def fit(text: str, width: int, cut: str) -> str:
    """``text`` padded or cut (ending in ``cut``) to exactly ``width`` cells."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - cell_len(cut)) + cut


def line_text(line: BoardLine) -> str:
    """The characters of a line, without roles."""
    return "".join(text for text, _ in line)


def _spans(cells: Sequence[tuple[str, str]]) -> list[Span]:
    """Cells merged into runs of one role."""
    spans: list[Span] = []
    for char, role in cells:
        if spans and spans[-1][1] == role:
            spans[-1] = (spans[-1][0] + char, role)
        else:
            spans.append((char, role))
    return spans


def _clip(spans: Sequence[Span], width: int) -> BoardLine:
    """A line cut to ``width`` cells."""
    out: list[Span] = []
    room = width
    for text, role in spans:
        if room <= 0:
            break
        if cell_len(text) > room:
            text = set_cell_size(text, room)
        out.append((text, role))
        room -= cell_len(text)
    return tuple(out)


def _lines_at(
    street: int, geometry: Geometry, lines: Sequence[tuple[int, str, str]]
) -> list[tuple[int, int, str, str]]:
    """The lines (hole, role, glyph) falling on a street, with the track column of each."""
    first = street * geometry.street + 1
    found = []
    for hole, role, glyph in lines:
        k = hole - first
        if 0 <= k < geometry.street:
            column = gap_column(k) if k % 5 == 0 else hole_column(k)
            found.append((hole, column, role, glyph))
    return found


def _track(
    street: int,
    geometry: Geometry,
    marks: list[tuple[int, int, str, str]],
    pegs: dict[int, tuple[str, str]],
    glyphs: Glyphs,
) -> list[tuple[str, str]]:
    """The cells of one side's row on one street: holes, lines, the finish, and its pegs."""
    cells: list[tuple[str, str]] = [(" ", "")] * geometry.track
    for k in range(geometry.street):
        cells[hole_column(k)] = (glyphs.hole, "hole")
    for _, column, role, glyph in marks:
        if cells[column][1] != "hole":
            cells[column] = (glyph, role)
    if street == geometry.streets - 1:
        cells[geometry.finish_gap] = (glyphs.finish, "finish")
        cells[geometry.game_hole] = (glyphs.game_hole, "finish")
    for column, cell in pegs.items():
        cells[column] = cell
    return cells


def _ruler(
    street: int, geometry: Geometry, marks: list[tuple[int, int, str, str]], target: int
) -> list[tuple[str, str]]:
    """The numbers above a street: its lines first, then its first and last holes if room."""
    cells: list[tuple[str, str]] = [(" ", "")] * geometry.track
    taken = [False] * geometry.track
    words = {"skunk": " skunk", "double-skunk": " double skunk"}

    def put(column: int, forms: Sequence[str], role: str) -> bool:
        for text in forms:
            end = column + len(text)
            lo, hi = max(0, column - 1), min(geometry.track, end + 1)
            if column >= 0 and end <= geometry.track and not any(taken[lo:hi]):
                for i, char in enumerate(text):
                    cells[column + i] = (char, role)
                    taken[column + i] = True
                return True
        return False

    for hole, column, role, glyph in marks:
        put(column, (f"{glyph}{hole}{words.get(role, '')}", f"{glyph}{hole}"), role)
    put(hole_column(0), (str(street * geometry.street + 1),), "ruler")
    if street == geometry.streets - 1:
        put(geometry.game_hole + 1 - len(str(target)), (str(target),), "finish")
    else:
        last = str((street + 1) * geometry.street)
        put(hole_column(geometry.street - 1) + 1 - len(last), (last,), "ruler")
    return cells


def render_board(
    names: Sequence[str],
    scores: Sequence[int],
    previous: Sequence[int],
    target: int,
    skunk: int,
    double_skunk: int,
    width: int,
    *,
    plain: bool = False,
) -> list[BoardLine]:
    """The board's rows, none wider than ``width`` cells.

    ``names``, ``scores`` and ``previous`` (the back pegs) have one entry a side, 2 to 4
    sides; points past ``target`` are drawn at the game hole. ``skunk`` and
    ``double_skunk`` are the lines a loser must pass (0: not drawn)."""
    sides = len(names)
    if not 2 <= sides <= MAX_SIDES or len(scores) != sides or len(previous) != sides:
        raise ValueError(f"a board needs 2 to {MAX_SIDES} sides, each with a score and a back peg")
    if target < 6 or (target - 1) % 5:
        raise ValueError(f"a board's target must be one past a multiple of five, got {target}")
    if min(*scores, *previous) < 0:
        raise ValueError(f"scores cannot be negative, got {list(scores)} and {list(previous)}")
    glyphs = PLAIN if plain else UNICODE
    cleaned = [clean_name(n) for n in names]
    geometry = choose_geometry(cleaned, target, width)
    lines = [
        (hole, role, glyph)
        for hole, role, glyph in (
            (skunk, "skunk", glyphs.skunk),
            (double_skunk, "double-skunk", glyphs.double_skunk),
        )
        if 1 < hole < target
    ]
    places = [
        (peg_place(s, target, geometry), peg_place(p, target, geometry))
        for s, p in zip(scores, previous, strict=True)
    ]
    name_width = geometry.label - 1 - SCORE_WIDTH
    rows: list[BoardLine] = []
    for street in range(geometry.streets):
        marks = _lines_at(street, geometry, lines)
        if street > 0 or marks:
            ruler = _ruler(street, geometry, marks, target)
            rows.append(_clip([(" " * (geometry.label + 1), ""), *_spans(ruler)], width))
        for side in range(sides):
            front, back = places[side]
            role = f"side-{side}"
            pegs = {}
            if back[0] == street:
                pegs[back[1]] = (glyphs.back[side], role)
            if front[0] == street:
                pegs[front[1]] = (glyphs.front[side], role)
            if street == 0:
                score = str(min(scores[side], target)).rjust(SCORE_WIDTH)
                label = [(fit(cleaned[side], name_width, glyphs.cut) + " " + score, role)]
            else:
                label = [(fit(cleaned[side], geometry.label, glyphs.cut), f"echo-{side}")]
            track = _track(street, geometry, marks, pegs, glyphs)
            rows.append(_clip([*label, (" ", ""), *_spans(track)], width))
    return rows
