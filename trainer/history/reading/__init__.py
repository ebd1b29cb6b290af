"""The statistics: the figures each answer keeps up to date, and the reports read from them.

- `summaries` keeps them with each answer (or rebuilds them whole): `sessions` (each
  session's sums and its drill set's running figures), `medians`, `quarters` (answers
  by the quarter hour of their own local time);
- `schedule` and `rating`: the re-drill schedule (FSRS);
- `reports`, `review`, `progress`, `game_stats` and `discards`: what `muggins stats`, the
  review list, home, the games line and the discards line read; `spoken`: the counts
  said aloud, how fast;
- `damage`: a stored row a report cannot use, named (`damaged`), left out of the figures;
  a stored JSON column read so (`stored_json`).

Every function here takes an open connection and none opens the file: this part sits
below everything else in `trainer.history` but the times.
"""

from trainer.history.reading.damage import (
    DAMAGED,
    Damaged,
    answer_row,
    damaged,
    game_row,
    stored_json,
)
from trainer.history.reading.discards import MIN_THROWS, DiscardReport, Throws
from trainer.history.reading.game_stats import (
    GAME_DRILL_PREFIX,
    SKUNK_LINES,
    Counting,
    GameReport,
    GameTally,
    margin,
)
from trainer.history.reading.progress import DrillProgress, Progress
from trainer.history.reading.quarters import quarter, rebuild_quarters
from trainer.history.reading.rating import FAST_SECONDS, SLOW_SECONDS, rating
from trainer.history.reading.reports import (
    DrillStats,
    KindStats,
    Period,
    Report,
    ReviewCounts,
    ReviewItem,
    StoredCombo,
)
from trainer.history.reading.schedule import DueHand, hand_key
from trainer.history.reading.spoken import SpokenSpeed
from trainer.history.reading.summaries import rebuild_summaries

__all__ = [
    "DAMAGED",
    "FAST_SECONDS",
    "GAME_DRILL_PREFIX",
    "MIN_THROWS",
    "SKUNK_LINES",
    "SLOW_SECONDS",
    "Counting",
    "Damaged",
    "DiscardReport",
    "DrillProgress",
    "DrillStats",
    "DueHand",
    "GameReport",
    "GameTally",
    "KindStats",
    "Period",
    "Progress",
    "Report",
    "ReviewCounts",
    "ReviewItem",
    "SpokenSpeed",
    "StoredCombo",
    "Throws",
    "answer_row",
    "damaged",
    "game_row",
    "hand_key",
    "margin",
    "quarter",
    "rating",
    "rebuild_quarters",
    "rebuild_summaries",
    "stored_json",
]
