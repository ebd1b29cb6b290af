"""The cribbage board: the pure drawing (pegs, groups, lines, width, names as text), the
widget moving its pegs in a running app, and pictures of it at 80x24 and 100x30."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult

from trainer.game.variants import variant
from trainer.ui.table.board import CribbageBoard
from trainer.ui.table.board_text import (
    PLAIN,
    UNICODE,
    Glyphs,
    choose_geometry,
    line_text,
    render_board,
)

SnapCompare = Callable[..., bool]
TWO = ("You", "Computer")
FOUR = ("North", "East", "South", "West")
LINES = {121: (91, 61), 61: (46, 31)}
HOLES = set(UNICODE.front + UNICODE.back + PLAIN.front + PLAIN.back) | {"·", ".", "◎"}


def draw(
    scores: Sequence[int],
    previous: Sequence[int] | None = None,
    *,
    names: Sequence[str] = TWO,
    target: int = 121,
    width: int = 78,
    plain: bool = False,
) -> list[str]:
    skunk, double = LINES[target]
    back = scores if previous is None else previous
    lines = render_board(names, scores, back, target, skunk, double, width, plain=plain)
    return [line_text(line) for line in lines]


def label_of(row: str, width: int = 18) -> str:
    """The name at the start of a row, without its score."""
    return row[:width].rstrip("0123456789 ")


def find(rows: list[str], name: str, glyph: str, *, target: int = 121) -> list[tuple[int, int]]:
    """Where ``glyph`` stands on ``name``'s rows, read as a player would: (street, hole),
    counting the holes left of it along the street (0: the start hole)."""
    geometry = choose_geometry(TWO if name in TWO else FOUR, target, 78)
    own = [r for r in rows if label_of(r, geometry.label) == name]
    found = []
    for street, row in enumerate(own):
        track = row[geometry.label + 1 :]
        column = track.find(glyph)
        if column < 0:
            continue
        holes_before = sum(c in HOLES for c in track[1:column])
        found.append((street, 0 if column == 0 else street * geometry.street + holes_before + 1))
    return found


def test_the_mid_game_board_at_80_columns() -> None:
    assert draw((47, 92), (40, 85)) == [
        "You       47   ····· ····· ····· ····· ····· ····· ····· ····○  ",
        "Computer  92   ····· ····· ····· ····· ····· ····· ····· ·····  ",
        "               41                     ┊61 double skunk      80  ",
        "You            ····· ·●··· ····· ·····┊····· ····· ····· ·····  ",
        "Computer       ····· ····· ····· ·····┊····· ····· ····· ·····  ",
        "               81         ┃91 skunk                          121",
        "You            ····· ·····┃····· ····· ····· ····· ····· ·····┃◎",
        "Computer       ····◇ ·····┃·◆··· ····· ····· ····· ····· ·····┃◎",
    ]


@pytest.mark.parametrize("target", [121, 61])
def test_holes_come_in_groups_of_five(target: int) -> None:
    for row in draw((0, 0), target=target)[1:]:
        runs = [run for run in row.replace("┃", " ").replace("┊", " ").split(" ") if "·" in run]
        if runs:
            assert {len(run) for run in runs} == {5}, row
            assert len(runs) in (6, 8)  # streets of 30 holes to 61, of 40 to 121


@pytest.mark.parametrize(
    ("score", "street"),
    [(0, 0), (1, 0), (5, 0), (40, 0), (41, 1), (90, 2), (91, 2), (120, 2), (121, 2), (150, 2)],
    ids=lambda v: str(v),
)
def test_the_front_peg_stands_at_the_score_on_121(score: int, street: int) -> None:
    rows = draw((score, 0), (score, 0))
    assert find(rows, "You", "●") == [(street, min(score, 121))]
    assert find(rows, "Computer", "◆") == [(0, 0)]


@pytest.mark.parametrize(
    ("score", "street"),
    [(0, 0), (1, 0), (5, 0), (30, 0), (31, 1), (45, 1), (46, 1), (60, 1), (61, 1)],
    ids=lambda v: str(v),
)
def test_the_front_peg_stands_at_the_score_on_61(score: int, street: int) -> None:
    rows = draw((7, score), (7, score), target=61)
    assert find(rows, "Computer", "◆", target=61) == [(street, score)]
    assert find(rows, "You", "●", target=61) == [(0, 7)]


def test_the_back_peg_stands_at_the_previous_score() -> None:
    rows = draw((47, 92), (40, 85))
    assert find(rows, "You", "○") == [(0, 40)]
    assert find(rows, "Computer", "◇") == [(2, 85)]
    assert find(rows, "Computer", "◆") == [(2, 92)]


def test_both_pegs_at_0_stand_in_the_start_hole() -> None:
    rows = draw((0, 0))
    assert rows[0].startswith("You        0 ● ·····")
    assert rows[1].startswith("Computer   0 ◆ ·····")
    assert not any(glyph in "".join(rows) for glyph in UNICODE.back)
    after_first_peg = draw((0, 5), (0, 0))
    assert after_first_peg[1].startswith("Computer   5 ◇ ····◆")


def test_a_score_past_the_target_is_pegged_in_the_game_hole() -> None:
    rows = draw((130, 100), (118, 100))
    assert rows[0].startswith("You      121")
    assert rows[-2].endswith("┃●")
    assert find(rows, "You", "○") == [(2, 118)]


@pytest.mark.parametrize(
    ("target", "line", "glyph", "street"),
    [(121, 91, "┃", 2), (121, 61, "┊", 1), (61, 46, "┃", 1), (61, 31, "┊", 1)],
    ids=["121-skunk", "121-double", "61-skunk", "61-double"],
)
def test_a_skunk_line_is_drawn_before_its_hole(
    target: int, line: str | int, glyph: str, street: int
) -> None:
    rows = draw((0, 0), target=target)
    ruler = next(r for r in rows if f"{glyph}{line}" in r)
    column = ruler.index(f"{glyph}{line}")
    tracks = [r for r in rows if r.startswith(("You ", "Computer "))]
    crossed = [r for r in tracks if len(r) > column and r[column] == glyph]
    assert len(crossed) == 2  # both sides' rows of the one street
    geometry = choose_geometry(TWO, target, 78)
    holes_before = sum(c in HOLES for c in crossed[0][geometry.label + 2 : column])
    assert street * geometry.street + holes_before + 1 == line


def test_the_finish_is_marked_with_the_target() -> None:
    rows = draw((0, 0))
    assert rows[-3].endswith("121")
    assert rows[-1].endswith("┃◎")
    assert rows[-2].endswith("┃◎")


@pytest.mark.parametrize("sides", [2, 3, 4])
@pytest.mark.parametrize("target", [121, 61])
@pytest.mark.parametrize("plain", [False, True], ids=["unicode", "plain"])
def test_no_line_is_wider_than_the_width(sides: int, target: int, plain: bool) -> None:
    names = ["A rather long player name", "B", "[@click=app.quit]", "日本語の名前"][:sides]
    for width in range(8, 131):
        rows = draw([target - 9] * sides, [3] * sides, names=names, target=target, width=width)
        assert all(cell_len(row) <= width for row in rows), width


def test_the_board_fits_80_by_24_and_100_by_30() -> None:
    assert len(draw((47, 92), (40, 85), width=78)) == 8
    four = draw((47, 92, 121, 60), (40, 85, 110, 58), names=FOUR, width=98)
    assert len(four) == 9
    assert max(len(row) for row in four) <= 98


@pytest.mark.parametrize("sides", [2, 3, 4])
def test_every_side_has_a_row_in_every_street(sides: int) -> None:
    names = FOUR[:sides]
    rows = draw([10 * (n + 1) for n in range(sides)], names=names)
    for n, name in enumerate(names):
        assert sum(row.startswith(f"{name} ") for row in rows) == 3
        assert find(rows, name, UNICODE.front[n]) == [(0, 10 * (n + 1))]


NASTY = ("[bold]me[/]", "[@click=app.quit]", "]", "[/]")


def test_names_are_drawn_as_written() -> None:
    rows = draw((1, 2, 3, 4), names=NASTY)
    assert [label_of(row) for row in rows[:4]] == list(NASTY)
    assert "\n" not in "".join(draw((1, 2), names=("two\nlines", "tab\there")))


def test_plain_draws_in_ascii() -> None:
    rows = draw((47, 92), (40, 85), plain=True)
    assert all(row.isascii() for row in rows)
    assert find(rows, "You", "O") == [(1, 47)]
    assert find(rows, "You", "o") == [(0, 40)]
    assert "|91 skunk" in "".join(rows)
    assert ":61 double skunk" in "".join(rows)


@pytest.mark.parametrize(
    ("names", "scores", "previous", "target"),
    [
        (("solo",), (0,), (0,), 121),
        ((*FOUR, "Fifth"), (0,) * 5, (0,) * 5, 121),
        (TWO, (-1, 0), (0, 0), 121),
        (TWO, (0, 0), (0,), 121),
        (TWO, (0, 0), (0, 0), 100),
    ],
    ids=["one-side", "five-sides", "negative", "short-previous", "target-100"],
)
def test_a_board_that_cannot_be_drawn_is_an_error(
    names: Sequence[str], scores: Sequence[int], previous: Sequence[int], target: int
) -> None:
    with pytest.raises(ValueError, match=r"board|negative"):
        render_board(names, scores, previous, target, 91, 61, 78)


def test_glyph_sets_give_each_side_its_own_pegs() -> None:
    for glyphs in (UNICODE, PLAIN):
        assert isinstance(glyphs, Glyphs)
        assert len(set(glyphs.front + glyphs.back)) == 8


class BoardApp(App[None]):
    """Nothing but a board, framed as the table screen will frame it."""

    CSS = "CribbageBoard { border: round $foreground 60%; }"

    def __init__(self, board: CribbageBoard) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        yield self.board


def shown(board: CribbageBoard) -> list[str]:
    return board.render().plain.split("\n")


async def test_pegging_moves_the_pegs_on_screen() -> None:
    board = CribbageBoard.for_variant(variant("standard"), TWO)
    async with BoardApp(board).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert board.size.width == 78
        assert board.size.height == 8
        assert shown(board)[0].startswith("You        0 ● ·····")
        board.peg(0, 2)
        board.peg(0, 45)
        board.peg(1, 0)
        await pilot.pause()
        assert board.scores == (47, 0)
        assert board.previous == (2, 0)
        rows = shown(board)
        assert find(rows, "You", "●") == [(1, 47)]
        assert find(rows, "You", "○") == [(0, 2)]
        assert rows == [line_text(line) for line in board.board_lines(78)]
        board.peg(1, 200)
        await pilot.pause()
        assert board.scores == (47, 121)
        assert board.previous == (2, 0)
        assert shown(board)[-1].endswith("┃◆")


async def test_a_resumed_game_sets_every_peg() -> None:
    board = CribbageBoard.for_variant(variant("short"), TWO, plain=True)
    async with BoardApp(board).run_test(size=(80, 24)) as pilot:
        board.set_scores((30, 70))
        await pilot.pause()
        assert board.scores == (30, 61)
        assert board.previous == (30, 61)
        assert find(shown(board), "You", "O", target=61) == [(0, 30)]
        assert find(shown(board), "You", "o", target=61) == []
        assert find(shown(board), "Computer", "x", target=61) == []
        board.set_scores((30, 50), (22, 41))
        board.plain = False
        await pilot.pause()
        assert find(shown(board), "Computer", "◇", target=61) == [(1, 41)]


async def test_names_reach_the_screen_as_text() -> None:
    board = CribbageBoard(NASTY)
    async with BoardApp(board).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = board.render()
        assert [label_of(row) for row in text.plain.split("\n")[:4]] == list(NASTY)
        assert all(not span.style or "@click" not in str(span.style) for span in text.spans)
        assert pilot.app.is_running


async def test_an_auto_width_board_is_as_wide_as_its_drawing() -> None:
    board = CribbageBoard(TWO)
    board.styles.width = "auto"
    async with BoardApp(board).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert board.size.width == 64


def test_the_board_refuses_a_wrong_number_of_names() -> None:
    with pytest.raises(ValueError, match="four-hand has 2 sides"):
        CribbageBoard.for_variant(variant("four-hand"), FOUR)
    with pytest.raises(ValueError, match="2 to 4"):
        CribbageBoard(("solo",))
    board = CribbageBoard(TWO)
    with pytest.raises(ValueError, match="forward"):
        board.peg(0, -2)
    with pytest.raises(ValueError, match="no side 2"):
        board.peg(2, 1)
    with pytest.raises(ValueError, match="back peg cannot lead"):
        board.set_scores((10, 20), (12, 0))


def test_snapshot_two_sides_mid_game(snap_compare: SnapCompare) -> None:
    board = CribbageBoard.for_variant(variant("standard"), TWO)
    board.set_scores((47, 92), (40, 85))
    assert snap_compare(BoardApp(board), terminal_size=(80, 24))


def test_snapshot_four_sides(snap_compare: SnapCompare) -> None:
    board = CribbageBoard.for_variant(variant("four-hand-solo"), FOUR)
    board.set_scores((47, 92, 121, 60), (40, 85, 110, 58))
    assert snap_compare(BoardApp(board), terminal_size=(100, 30))
