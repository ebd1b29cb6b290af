"""Your history: every judged answer in one SQLite file, and what it answers.

Recording an answer, the statistics and the review list, the re-drill schedule,
the games played at the table, and the export that carries it all to another
machine.
"""

from trainer.history.exchange import ImportFormatError, export_records, import_records
from trainer.history.reading.game_stats import Counting, GameReport, GameTally
from trainer.history.reading.progress import DrillProgress, Progress
from trainer.history.reading.reports import DrillStats, KindStats, Report, ReviewItem
from trainer.history.reading.schedule import DueHand
from trainer.history.store import StatsStore, StoreError, store_path
from trainer.history.writing.deferred import DeferredStore
from trainer.history.writing.games import GameConflictError, SavedGame

__all__ = [
    "Counting",
    "DeferredStore",
    "DrillProgress",
    "DrillStats",
    "DueHand",
    "GameConflictError",
    "GameReport",
    "GameTally",
    "ImportFormatError",
    "KindStats",
    "Progress",
    "Report",
    "ReviewItem",
    "SavedGame",
    "StatsStore",
    "StoreError",
    "export_records",
    "import_records",
    "store_path",
]
