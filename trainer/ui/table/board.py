"""The cribbage board on the game screen: a track a side, front and back pegs, the skunk lines.

The drawing is ``trainer.ui.table.board_text.render_board``, a pure function (that module's
docstring says how the holes are laid out and why); this widget keeps the scores, styles
the roles of the drawing with its component classes, and redraws when a side pegs. It
posts no messages and calls nothing on the app: the table screen tells it what happened.

Use::

    board = CribbageBoard.for_variant(variant("standard"), ["You", "Computer"])
    board.peg(0, 2)                  # "You" pegs 2: the back peg goes to the old front peg
    board.set_scores((47, 92), (40, 85))   # a resumed game
    board.scores, board.previous     # (47, 92), (40, 85)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from trainer.game.variants import GameVariant
from trainer.ui.table.board_text import MAX_SIDES, BoardLine, line_text, render_board

DEFAULT_WIDTH = 78
"""The width drawn for before the widget has a size."""
ROLES = ("hole", "skunk", "double-skunk", "finish", "ruler")


class CribbageBoard(Widget):
    """A board for 2 to 4 sides (players, or partnerships in the four-hand game).

    ``names`` label the tracks in order; ``target`` and the lines come from the variant.
    ``plain`` draws in ASCII for terminals without box and dot glyphs. ``width: auto``
    shrinks it to the drawing (to centre it); by default it takes the width it is given."""

    DEFAULT_CSS = """
    CribbageBoard { height: auto; }
    CribbageBoard > .board--side-0 { color: $text-accent; text-style: bold; }
    CribbageBoard > .board--side-1 { color: $text-primary; text-style: bold; }
    CribbageBoard > .board--side-2 { color: $text-success; text-style: bold; }
    CribbageBoard > .board--side-3 { color: $text-error; text-style: bold; }
    CribbageBoard > .board--hole { color: $text-muted; }
    CribbageBoard > .board--ruler { color: $text-muted; }
    CribbageBoard > .board--skunk { color: $text; text-style: bold; }
    CribbageBoard > .board--double-skunk { color: $text-muted; text-style: bold; }
    CribbageBoard > .board--finish { color: $text; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(f"board--side-{n}" for n in range(MAX_SIDES)),
        *(f"board--{role}" for role in ROLES),
    }

    plain: reactive[bool] = reactive(False, layout=True)
    """ASCII only: ``.`` holes, ``O X # @`` front and ``o x + *`` back pegs, ``|`` lines."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        target: int = 121,
        skunk_line: int = 91,
        double_skunk_line: int = 61,
        plain: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        if not 2 <= len(names) <= MAX_SIDES:
            raise ValueError(f"a board has 2 to {MAX_SIDES} sides, got {len(names)} names")
        super().__init__(id=id, classes=classes)
        self._names = tuple(names)
        self.target = target
        self.skunk_line = skunk_line
        self.double_skunk_line = double_skunk_line
        self._scores = (0,) * len(names)
        self._previous = self._scores
        self.set_reactive(CribbageBoard.plain, plain)
        # Drawn once now so that a bad target or name list fails here, not at the first paint.
        render_board(self._names, self._scores, self._previous, *self._lines(), DEFAULT_WIDTH)

    @classmethod
    def for_variant(
        cls,
        game: GameVariant,
        names: Sequence[str],
        *,
        plain: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> CribbageBoard:
        """A board for this variant: its target and skunk lines, a track for each of its sides."""
        if len(names) != len(game.sides):
            raise ValueError(f"{game.id} has {len(game.sides)} sides, got {len(names)} names")
        return cls(
            names,
            target=game.target,
            skunk_line=game.skunk_line,
            double_skunk_line=game.double_skunk_line,
            plain=plain,
            id=id,
            classes=classes,
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The sides' names, in track order."""
        return self._names

    @property
    def scores(self) -> tuple[int, ...]:
        """Where the front pegs stand: each side's score (at most the target)."""
        return self._scores

    @property
    def previous(self) -> tuple[int, ...]:
        """Where the back pegs stand: each side's score before its last move."""
        return self._previous

    def peg(self, side: int, points: int) -> None:
        """Side ``side`` pegs ``points``: the back peg jumps to the front, the front moves on.

        The front peg stops at the target; pegging 0 (or pegging once home) moves nothing."""
        if not 0 <= side < len(self._names):
            raise ValueError(f"no side {side} on a board of {len(self._names)}")
        if points < 0:
            raise ValueError(f"pegs only move forward, got {points} points")
        old = self._scores[side]
        new = min(self.target, old + points)
        if new == old:
            return
        self._scores = self._replace(self._scores, side, new)
        self._previous = self._replace(self._previous, side, old)
        self.refresh()

    def set_scores(self, scores: Sequence[int], previous: Sequence[int] | None = None) -> None:
        """Put every peg at once (a resumed game); without ``previous`` the back pegs stand
        under the front ones. Scores past the target are drawn at the target."""
        back = scores if previous is None else previous
        if len(scores) != len(self._names) or len(back) != len(self._names):
            raise ValueError(f"a board of {len(self._names)} sides needs a score for each")
        if min(*scores, *back) < 0:
            raise ValueError(f"scores cannot be negative, got {list(scores)} and {list(back)}")
        if any(p > s for s, p in zip(scores, back, strict=True)):
            raise ValueError(f"a back peg cannot lead its front peg: {list(back)} > {list(scores)}")
        self._scores = tuple(min(self.target, s) for s in scores)
        self._previous = tuple(min(self.target, p) for p in back)
        self.refresh()

    def board_lines(self, width: int | None = None) -> list[BoardLine]:
        """The drawing at ``width`` cells (the widget's own width by default)."""
        if width is None:
            width = self.size.width or DEFAULT_WIDTH
        return render_board(
            self._names, self._scores, self._previous, *self._lines(), width, plain=self.plain
        )

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop", end="")
        for n, line in enumerate(self.board_lines()):
            if n:
                text.append("\n")
            for chunk, role in line:
                text.append(chunk, self._style(role))
        return text

    def get_content_width(self, container: Size, viewport: Size) -> int:
        lines = self.board_lines(container.width or DEFAULT_WIDTH)
        return max(cell_len(line_text(line)) for line in lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.board_lines(width or DEFAULT_WIDTH))

    def _lines(self) -> tuple[int, int, int]:
        return self.target, self.skunk_line, self.double_skunk_line

    def _style(self, role: str) -> Style:
        if not role:
            return Style()
        if role.startswith("echo-"):
            return self.get_component_rich_style(f"board--side-{role[5:]}") + Style(dim=True)
        return self.get_component_rich_style(f"board--{role}")

    @staticmethod
    def _replace(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
        return (*values[:index], value, *values[index + 1 :])
