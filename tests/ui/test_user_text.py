"""Text from outside shown as text: `trainer.ui.user_text` read back by Textual's markup
reader, on hostile texts and on any text (Hypothesis)."""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.command import Matcher
from textual.content import Content

from trainer.textguard import strip_controls
from trainer.ui.user_text import as_cell, as_lines, as_text, escape_markup, fill, highlight

HOSTILE: Final = [
    "[/]",
    "[link=x]y",
    "[link='x]y",
    "[@click=app.quit]q",
    "[$accent]x",
    "[B]x[/B]",
    "[Bold]x",
    "a\\",
    "x\\[b]y",
    "\\\\[b]",
    "$name and ${name}",
    "t\x1b]0;retitled\x07z",
    "s\x1b[31mred\x9b2J",
]
MARKUP_TEXT: Final = st.text(alphabet=st.sampled_from("[]/\\$@=abB \x1b\x07\x9b\n"), max_size=30)
"""Texts made of what markup and terminals read specially."""


@pytest.mark.parametrize("text", HOSTILE)
def test_fill_puts_any_text_in_as_text(text: str) -> None:
    content = fill("[b]$name[/b]: [$text-error]$name[/] $n", name=text, n=3)
    assert content.plain == f"{strip_controls(text)}: {strip_controls(text)} 3"
    styles = sorted((s.start, s.end, str(s.style)) for s in content.spans)
    n = len(text)
    assert styles == [(0, n, "b"), (n + 2, 2 * n + 2, "$text-error")]


@pytest.mark.parametrize("text", HOSTILE)
def test_as_text_and_as_cell_hold_the_text_with_our_style_only(text: str) -> None:
    content = as_text(text, "bold")
    assert content.plain == strip_controls(text)
    assert [str(s.style) for s in content.spans] == (["bold"] if text else [])
    cell = as_cell(text)
    assert cell.plain == strip_controls(text)
    assert not cell.spans
    assert cell.no_wrap
    assert not as_cell(text, wrap=True).no_wrap


def test_lines_stay_one_a_line_and_their_own_breaks_are_spaces() -> None:
    lines = ["Your calls: 2 right.", "  hand 3, [b]x[/b]", "  a\nb\x1b"]
    content = as_lines(lines)
    assert content.plain.split("\n") == ["Your calls: 2 right.", "  hand 3, [b]x[/b]", "  a b "]
    assert not content.spans
    assert as_lines([]).plain == ""


@given(MARKUP_TEXT)
def test_any_text_comes_back_as_written(text: str) -> None:
    assert fill("[i]$t[/i][b]x[/b]", t=text).plain == strip_controls(text) + "x"
    assert Content.from_markup(escape_markup(text)).plain == strip_controls(text)
    assert as_text(text).plain == strip_controls(text)


def test_highlight_marks_what_the_query_matched_in_the_text() -> None:
    matcher = Matcher("[/]")
    content = highlight(matcher, "Drill: [/]")
    assert content.plain == "Drill: [/]"
    assert sorted(s.start for s in content.spans) == [7, 8, 9]
    assert highlight(Matcher("zzz"), "Drill: [/]").spans == []
    assert highlight(matcher, "x\x1b[/]").plain == "x [/]"
