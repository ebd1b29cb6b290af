"""The table's log: what just happened, newest at the bottom; while you announce a count,
your claims in its place. The lines name the seats as the saved game has them: text, never
markup, control characters as spaces."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from trainer.ui.flow.claim_draft import AnnounceDraft
from trainer.ui.speech_service import say_at_table
from trainer.ui.text import claim_lines
from trainer.ui.user_text import as_cell

SHOWN_LINES: Final = 200
"""Lines the widget keeps to scroll back through (`said` keeps them all)."""


class TableLog(RichLog):
    """Plain text lines, wrapped to the column; `said` is everything said in this sitting."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=20, max_lines=SHOWN_LINES)
        self.said: list[str] = []
        self._shown_height = 0

    def _on_resize(self, event: Resize) -> None:
        """Keep showing the end when the log shrinks (an answer box opening under it): a
        log that showed its last line before still shows it."""
        height = self.scrollable_content_region.height
        was_at_end = self.scroll_y >= self.virtual_size.height - self._shown_height
        self._shown_height = height
        if was_at_end and self.scroll_y < self.max_scroll_y:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def say(self, lines: Sequence[str]) -> None:
        """Add lines to the log, and show its end now: a summary opened over the table next
        covers it as it is, before a scroll left for after the next refresh."""
        self.said += lines
        for line in lines:
            self.write(as_cell(line, wrap=True))
        say_at_table(self.app, " ".join(lines))  # aloud when the trainer speaks
        if lines and self.size.height:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def show_claims(self, draft: AnnounceDraft, *, plain: bool) -> None:
        """Your announcement so far, in the log's place."""
        claimed = claim_lines(draft.claims, plain=plain) or [
            "(nothing claimed yet: Enter claims nineteen)"
        ]
        self.clear()
        self.write(Text.from_markup(f"[b]Your claims · {draft.total}[/b]\n" + "\n".join(claimed)))

    def show_log(self) -> None:
        """The log again, after your claims took its place."""
        self.clear()
        for line in self.said[-SHOWN_LINES:]:
            self.write(as_cell(line, wrap=True))
