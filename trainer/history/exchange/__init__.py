"""A whole history as a file: the export, written and read back, and the import.

- `export`: every answer and game as JSON, or the answers as CSV (``muggins export``),
  written as it is read;
- `read`: an export file read back, every limit held before it is parsed;
- `merge`: its records checked (`record_checks`, `field_checks`; the games by
  `game_import` and the game layer's replay, a `GameCheck` the caller passes) and added
  in one transaction, all or nothing (``muggins import``, the answers kept at quitting).
"""

from trainer.history.exchange.export import (
    CSV_COLUMNS,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    Exported,
    csv_text,
    csv_value,
    export_game_records,
    export_records,
    iter_records,
    write_csv,
    write_export,
    write_json,
)
from trainer.history.exchange.field_checks import TIME_ZONE_REACH, check_time, time_range
from trainer.history.exchange.game_import import GameCheck, GameRows
from trainer.history.exchange.merge import (
    Imported,
    games_from_records,
    import_records,
    insert_export,
    rows_from_records,
)
from trainer.history.exchange.read import (
    IMPORT_BYTES,
    MAX_DEPTH,
    ExportFile,
    ImportFormatError,
    read_export,
    too_deep,
)

__all__ = [
    "CSV_COLUMNS",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "IMPORT_BYTES",
    "MAX_DEPTH",
    "TIME_ZONE_REACH",
    "ExportFile",
    "Exported",
    "GameCheck",
    "GameRows",
    "ImportFormatError",
    "Imported",
    "check_time",
    "csv_text",
    "csv_value",
    "export_game_records",
    "export_records",
    "games_from_records",
    "import_records",
    "insert_export",
    "iter_records",
    "read_export",
    "rows_from_records",
    "time_range",
    "too_deep",
    "write_csv",
    "write_export",
    "write_json",
]
