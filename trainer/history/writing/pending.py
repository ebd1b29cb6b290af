"""Answers the history could not take before the trainer quit, kept in a file beside it.

When the store stays locked (or cannot be written) as the trainer quits, the answers
still waiting (`trainer.history.writing.recorder`) are written to a new file beside the store,
``muggins.pending-<time>-<process>-<random>.json``, in the export's format
(`trainer.history.exchange`), so ``muggins import FILE`` reads it as it reads an
export. Each file is written whole to a temporary name, synced, then renamed, so it is
complete or absent, and two trainers quitting at once write two files. The next start
brings every such file back (`bring_back`: one transaction, answers already stored
skipped) and deletes it once its answers are committed.
"""

from __future__ import annotations

import io
import os
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from trainer.history.exchange import (
    ImportFormatError,
    export_records,
    insert_export,
    read_export,
    rows_from_records,
    write_json,
)
from trainer.history.store import StatsStore
from trainer.quiz.attempt import Attempt
from trainer.userfiles import write_atomic

PREFIX: Final = "muggins.pending-"


def pending_files(store: Path) -> list[Path]:
    """The files of answers kept beside the store ``store``, oldest first."""
    return sorted(store.parent.glob(f"{PREFIX}*.json"))


def records_of(attempts: Sequence[Attempt]) -> list[dict[str, Any]]:
    """The answers as an export's records (recorded into a store in memory and exported
    from it, so they are exactly what an export of them would hold)."""
    with StatsStore(":memory:") as memory:
        for attempt in attempts:
            memory.record(attempt)
        return export_records(memory)


def keep(store: Path, attempts: Sequence[Attempt]) -> Path:
    """Write the answers to a new file beside the store ``store``; returns its path.
    Raises `FileRefused` if it cannot be written (nothing is left half-written)."""
    moment = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = store.with_name(f"{PREFIX}{moment}-{os.getpid()}-{secrets.token_hex(3)}.json")
    document = io.StringIO()
    write_json(records_of(attempts), document)
    write_atomic(path, document.getvalue().encode("utf-8"))
    return path


def bring_back(store: StatsStore, files: Sequence[Path]) -> int:
    """Record the answers kept in ``files`` in one transaction (those already stored are
    skipped), then delete the files; returns how many answers were added.

    A file that cannot be read back raises `ImportFormatError` naming it, and nothing is
    added or deleted; a busy store raises `trainer.history.store.StoreBusy` (try again).
    """
    rows = []
    for path in files:
        try:
            rows.extend(rows_from_records(read_export(path).attempts))
        except ImportFormatError as err:
            message = str(err)
            named = message if message.startswith(str(path)) else f"{path}: {message}"
            raise ImportFormatError(f"{named}; it is left as it was") from None
    added = insert_export(store, rows, ()).added
    for path in files:
        path.unlink(missing_ok=True)
    return added
