"""Text from outside the program, as the screens show it: always as text, never as markup
or terminal control.

Drill files, settings, the history (imports included), paths, and the error messages that
quote them may hold anything. Given to a widget as a string, ``[/]`` is content markup that
crashes it, ``[@click=app.quit]`` a live action, ``[$accent]`` a colour; and an ``ESC``
sequence goes on to the terminal (``ESC ] 0 ; … BEL`` retitles it). Such text enters the
UI only through these functions: as Textual `Content` or Rich `Text` objects, which widgets
take as they are, built without reading the text as markup, every control character
replaced by a space (`textguard.strip_controls`).

Objects rather than an escape, because no one escape is right: Rich's and Textual's
``escape()`` leave ``[B]`` and ``[$accent]`` as tags, the two markups read backslashes
differently (``\\[b]`` is a tag to Rich and text to Textual), and a text ending in a
backslash escapes whatever tag follows it. Our own markup around outside text is a template
(`fill`): the text is put in after the markup is read, so nothing in it can be a tag.
`escape_markup` remains for the one place that takes a markup string only, the command
palette's help line, where the text is the whole markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.command import Matcher
from textual.content import Content

from trainer.textguard import strip_controls


def clean(text: str) -> str:
    """``text`` with every control character replaced by a space: for what takes a plain
    string and shows it as it is (a notification, a plain-text cell)."""
    return strip_controls(text)


def as_text(text: str, style: str = "") -> Content:
    """``text`` as Textual content, shown exactly as written (controls as spaces); ``style``
    is ours (``"bold"``, ``"$text-muted"``). For a `Static`, a `Label`, an `Option`, a title."""
    return Content.styled(clean(text), style) if style else Content(clean(text))


def as_lines(lines: Sequence[str]) -> Content:
    """``lines`` as Textual content, one a line, each shown exactly as written (`as_text`
    makes a line break in a text a space: a list joined first would run together)."""
    return Content("\n").join(as_text(line) for line in lines)


def fill(template: str, **values: object) -> Content:
    """Our content markup ``template`` with each ``$name`` in its text replaced by the
    value as plain text (``fill("[b]$name[/b]: $n", name=drill.name, n=3)``). The markup
    is read before the values go in, so no value is ever read as markup."""
    return Content.from_markup(template, **{k: clean(str(v)) for k, v in values.items()})


def as_cell(text: str, style: str = "", *, wrap: bool = False) -> Text:
    """``text`` as Rich text, for what reads a string as Rich markup (a `DataTable` cell, a
    `Select` choice; a `RichLog` line with ``wrap``). Unwrapped, as a table's one-line cell
    given a string is."""
    return Text(clean(text), style=style, no_wrap=not wrap, end="")


def escape_markup(text: str) -> str:
    """Content markup that shows ``text`` as written, when it is the whole markup read (the
    command palette's help line takes only a string): controls as spaces, every ``[``
    escaped. Not for splicing into other markup: a trailing backslash would escape the tag
    after it (use `fill`)."""
    return clean(text).replace("[", "\\[")


def highlight(matcher: Matcher, text: str) -> Content:
    """``text`` as content with the characters the palette's query matched highlighted, as
    `Matcher.highlight` does for markup (which would read the text as markup)."""
    content = as_text(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, content.plain)
    if not score:
        return content
    for offset in offsets:
        if not content.plain[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content
