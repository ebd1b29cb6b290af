"""Your history: every judged answer in one SQLite file, and what it answers.

`StatsStore` is the one handle on the file: it opens it (safely), records an answer in
one transaction, and reads every figure. Behind it, four parts, each a package whose
``__init__`` is what its users import:

- `trainer.history.reading`: the figures each answer keeps up to date, and the reports,
  the review list, the re-drill schedule and the games line read from them;
- `trainer.history.file`: the file and its identity, its tables, the rows an answer and a
  game make, and the upgrades of an older file;
- `trainer.history.exchange`: the export and the import;
- `trainer.history.writing`: what the trainer writes through the store (its answers
  through a queue, its file made with the first answer, its games step by step).

Each imports only the parts listed before it and the store (`reading` none of them);
an import-linter contract keeps it so.
"""

from trainer.history.store import (
    BUSY_SECONDS,
    DB_NAME,
    StatsStore,
    StoreBusy,
    StoreError,
    store_path,
)
from trainer.history.times import iso, parse_iso

__all__ = [
    "BUSY_SECONDS",
    "DB_NAME",
    "StatsStore",
    "StoreBusy",
    "StoreError",
    "iso",
    "parse_iso",
    "store_path",
]
