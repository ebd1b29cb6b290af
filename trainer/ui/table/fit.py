"""Whether the game's table fits the window, and what size to ask for when it does not.

The table is, top to bottom: the title, the board (its height depends on the sides and the
width: `CribbageBoard.board_lines`), the seats, the play's count, the play's cards and
yours (four rows each, a spare row between them where there is room), the prompt and the
footer; the log stands beside the cards. Three players fit 80x24 without the spare row;
four players need a wider window (their board takes two streets of 60 at 100 columns) or
a taller one. A table that does not fit is not drawn cut: the screen says what size to
make the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

MIN_WIDTH: Final = 80
"""The narrowest window the table is drawn in (your six cards beside the log)."""
PADDING: Final = 2
"""The screen's padding, left and right: the board is drawn this much narrower."""
CHROME_ROWS: Final = 3
"""The title, the prompt and the footer."""
TABLE_ROWS: Final = 10
"""The seats, the play's count, the play's cards and yours (four rows each)."""
SPARE_ROWS: Final = 1
"""The row between the play's cards and yours, where there is room for it."""
WIDTHS: Final = (80, 100, 120)
"""The widths a window is asked for."""


@dataclass(frozen=True)
class Fit:
    """How the table fits a window."""

    fits: bool
    spare: bool
    """There is room for the spare row between the play's cards and yours."""
    ask: str
    """What to make the window when the table does not fit ("" when it does)."""

    def says(self, game: str, width: int, height: int) -> str:
        """What the screen says in the table's place when it does not fit."""
        return (
            f"{game}: the table does not fit this window ({width}x{height}): "
            f"{self.ask}. Escape leaves the game (it is saved)."
        )


def rows_needed(board_rows: Callable[[int], int], width: int) -> int:
    """The rows the table takes in a window ``width`` wide, without the spare row;
    ``board_rows(w)`` is how many rows the board is drawn in at ``w`` cells."""
    return CHROME_ROWS + board_rows(width - PADDING) + TABLE_ROWS


def table_fit(board_rows: Callable[[int], int], width: int, height: int) -> Fit:
    """How the table fits a window of ``width`` by ``height`` cells."""
    needed = rows_needed(board_rows, width) if width >= MIN_WIDTH else None
    if needed is not None and needed <= height:
        return Fit(True, needed + SPARE_ROWS <= height, "")
    return Fit(False, False, f"make the window at least {least_sizes(board_rows)}")


def least_sizes(board_rows: Callable[[int], int]) -> str:
    """The smallest windows the table fits, shortest first: "100x22 (or 80x27)"."""
    sizes: list[tuple[int, int]] = []
    for width in WIDTHS:
        rows = rows_needed(board_rows, width)
        if not sizes or rows < min(h for _, h in sizes):
            sizes.append((width, rows))
    sizes.sort(key=lambda size: size[1])
    first, *others = (f"{w}x{h}" for w, h in sizes[:2])
    return first + "".join(f" (or {o})" for o in others)
