"""What the trainer needs of your history: the stats store's reads and its one write.

`trainer.history.StatsStore` is one; tests give the app an in-memory store.
Every read may be slow on a long history, so the screens call them from
thread workers; `record` is quick and is called where the answer is judged.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    from trainer.drills.model import DrillSet
    from trainer.history.reading import (
        DiscardReport,
        DueHand,
        GameReport,
        Progress,
        Report,
        ReviewCounts,
        ReviewItem,
        SpokenSpeed,
        StoredCombo,
    )
    from trainer.quiz.attempt import Attempt


class History(Protocol):
    """Record answers; read progress, bests, reports (of drills and of games), the review list
    and the schedule."""

    def record(self, attempt: Attempt) -> object: ...
    def progress(self, now: datetime) -> Progress: ...
    def best(self, drill: DrillSet) -> int | None: ...
    def report(self, drill: str | None = None) -> Report: ...
    def game_report(self) -> GameReport: ...
    def spoken_speed(self, drill: str | None = None) -> SpokenSpeed: ...
    def discard_report(self, drill: str | None = None) -> DiscardReport: ...
    def review_items(
        self, *, kind: str | None = None, drill: str | None = None, limit: int | None = 50
    ) -> list[ReviewItem]: ...
    def review_total(self, *, kind: str | None = None, drill: str | None = None) -> int: ...
    def review_counts(self) -> ReviewCounts: ...
    def attempt_combos(self, attempt_id: int) -> list[StoredCombo]: ...
    def drills(self) -> dict[str, str]: ...
    def due(self, now: datetime, *, limit: int | None = None) -> list[DueHand]: ...
    def due_count(self, now: datetime) -> int: ...


OpenHistory: TypeAlias = Callable[[], History]
"""Opens the player's history (the trainer's makes its file with the first answer,
`trainer.history.writing.DeferredStore`); raises ValueError (naming the file) if it cannot."""
