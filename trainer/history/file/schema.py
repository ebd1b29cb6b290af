"""The stats schema, its versions, and the upgrades from older files.

Tables: ``attempts`` (one row per answer), ``combos`` (each missed or wrongly
claimed combination, and why a wrong one is wrong; and one row per wrong total,
the whole show with the points it was off), ``present`` (the stat kinds an
itemised answer held), the summaries the statistics read (``sessions`` with
each drill set's running figures, ``medians`` and ``all_median``, ``quarters``
and ``all_quarters``, ``kind_totals``; see `trainer.history.reading.summaries`) and the
review ``schedule`` (see `trainer.history.reading.schedule`), and the games at the table
(``games``, each game's ``game_actions``; see `trainer.history.writing.games`), and the
store's ``store_token`` (`trainer.history.file.identity`: a random token that every write
transaction touches, so a write-ahead log can be told to be this file's). The
version is kept in ``PRAGMA user_version`` (now 8); `trainer.history.file.migrations`
upgrades older files in place, keeping every row.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from trainer.history.reading.schedule import rebuild as rebuild_schedule
from trainer.history.reading.summaries import rebuild_summaries

SCHEMA_VERSION: Final = 8
"""The schema version this Muggins writes and reads (``PRAGMA user_version``)."""

_ATTEMPTS: Final = """
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    at TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    drill_name TEXT NOT NULL,
    session_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    variant TEXT NOT NULL,
    kind TEXT NOT NULL,
    policy TEXT NOT NULL,
    hand TEXT NOT NULL,
    starter TEXT,
    crib INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    answer TEXT,
    answer_text TEXT NOT NULL,
    claimed INTEGER NOT NULL,
    actual INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    kept INTEGER NOT NULL,
    opponent INTEGER NOT NULL,
    missed_points INTEGER NOT NULL,
    excess_points INTEGER NOT NULL,
    categories TEXT NOT NULL,
    ms INTEGER NOT NULL,
    timed_out INTEGER NOT NULL,
    itemised INTEGER NOT NULL,
    total_seconds REAL,
    opponent_claim INTEGER,
    utc_offset INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX attempts_session ON attempts(session_id, number);
CREATE INDEX attempts_drill_ms ON attempts(drill_id, ms);
CREATE INDEX attempts_ms ON attempts(ms);
"""

COMBOS: Final = """
CREATE TABLE combos (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('missed', 'wrong', 'total')),
    stat_kind TEXT NOT NULL,
    kind TEXT NOT NULL,
    cards TEXT NOT NULL,
    points INTEGER NOT NULL,
    at TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    reason TEXT
);
CREATE INDEX combos_at ON combos(at, attempt_id);
CREATE INDEX combos_attempt ON combos(attempt_id);
CREATE INDEX combos_kind ON combos(stat_kind, at, attempt_id);
CREATE INDEX combos_drill ON combos(drill_id, at, attempt_id);
"""
"""Each missed or wrongly claimed combination (role ``missed``, ``wrong``), and each wrong
total (role ``total``), indexed by time, attempt, kind and drill set for the review list."""

_PRESENT: Final = """
CREATE TABLE present (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    stat_kind TEXT NOT NULL,
    n INTEGER NOT NULL,
    drill_id TEXT NOT NULL,
    PRIMARY KEY (attempt_id, stat_kind)
) WITHOUT ROWID;
"""

SUMMARIES: Final = """
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    drill_id TEXT NOT NULL,
    drill_name TEXT NOT NULL,
    start TEXT NOT NULL,
    last TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    error INTEGER NOT NULL,
    opponent INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    itemised INTEGER NOT NULL,
    total_seconds REAL,
    lead INTEGER NOT NULL,
    tail INTEGER NOT NULL,
    best INTEGER NOT NULL,
    -- The drill set's running figures through this session (trainer.history.reading.sessions),
    -- filled in after the session's own columns.
    to_name TEXT NOT NULL DEFAULT '',
    to_last TEXT NOT NULL DEFAULT '',
    to_attempts INTEGER NOT NULL DEFAULT 0,
    to_exact INTEGER NOT NULL DEFAULT 0,
    to_error INTEGER NOT NULL DEFAULT 0,
    to_opponent INTEGER NOT NULL DEFAULT 0,
    to_ms INTEGER NOT NULL DEFAULT 0,
    to_itemised INTEGER NOT NULL DEFAULT 0,
    to_blitz INTEGER,
    to_run INTEGER NOT NULL DEFAULT 0,
    to_streak INTEGER NOT NULL DEFAULT 0,
    all_run INTEGER NOT NULL DEFAULT 0,
    all_streak INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX sessions_start ON sessions(start);
CREATE INDEX sessions_drill ON sessions(drill_id, start);
CREATE INDEX sessions_last ON sessions(drill_id, last);

CREATE TABLE quarters (
    drill_id TEXT NOT NULL,
    quarter TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    to_attempts INTEGER NOT NULL,
    to_exact INTEGER NOT NULL,
    to_ms INTEGER NOT NULL,
    PRIMARY KEY (drill_id, quarter)
) WITHOUT ROWID;

CREATE TABLE all_quarters (
    quarter TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    to_attempts INTEGER NOT NULL,
    to_exact INTEGER NOT NULL,
    to_ms INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE medians (
    drill_id TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    below INTEGER NOT NULL,
    through INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE all_median (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    attempts INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    below INTEGER NOT NULL,
    through INTEGER NOT NULL
);

CREATE TABLE kind_totals (
    drill_id TEXT NOT NULL,
    stat_kind TEXT NOT NULL,
    present INTEGER NOT NULL,
    missed INTEGER NOT NULL,
    wrong INTEGER NOT NULL,
    PRIMARY KEY (drill_id, stat_kind)
) WITHOUT ROWID;
"""
"""The summary tables (`trainer.history.reading.summaries`), all derived from the attempts."""

_SCHEDULE: Final = """
CREATE TABLE schedule (
    hand_key TEXT PRIMARY KEY,
    hand TEXT NOT NULL,
    starter TEXT NOT NULL,
    crib INTEGER NOT NULL,
    variant TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    due TEXT NOT NULL,
    card TEXT NOT NULL,
    reviews INTEGER NOT NULL,
    lapses INTEGER NOT NULL,
    last_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX schedule_due ON schedule(due);
"""

GAMES: Final = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'over', 'abandoned')),
    setup TEXT NOT NULL,
    steps INTEGER NOT NULL DEFAULT 0,
    record TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    human_side INTEGER,
    winner INTEGER,
    final TEXT,
    human_result TEXT CHECK (human_result IN ('won', 'lost', 'skunked', 'double-skunked'))
);
CREATE INDEX games_status ON games(status, updated);

CREATE TABLE game_actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
"""
"""Games at the table, kept as the game layer's JSON text (this layer never reads it): the
setup, each action a row of its own (``n`` from 0, so a save after a step adds one row),
the record once over, and summary columns (the winning side, the final score, how the
human's side came out) for statistics. As version 5 made them; version 7 adds `LEDGER`."""

LEDGER: Final = """
ALTER TABLE games ADD COLUMN ledger TEXT;
"""
"""The coach's ledger of a game over (the game layer's JSON text, `trainer.game.coach.ledger`), null
until it is worked out from the record."""

LOSS: Final = """
ALTER TABLE attempts ADD COLUMN loss REAL;
CREATE INDEX attempts_loss ON attempts(drill_id, crib) WHERE loss IS NOT NULL;
"""
"""A discard drill's throw: the points a hand it lost against the best throw (the coach's
values); null for every other answer, and indexed only where it is not. Version 8 adds
it."""

TOKEN: Final = """
CREATE TABLE store_token (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    token BLOB NOT NULL,
    writes INTEGER NOT NULL
);
INSERT INTO store_token (one, token, writes) VALUES (1, randomblob(16), 0);
"""
"""The store's identity: a random token, and a count that every write transaction moves
(`TOUCH`), so each commit's pages in the write-ahead log hold this row's page."""

TOUCH: Final = "UPDATE store_token SET writes = writes + 1 WHERE one = 1"

SCHEMA: Final = (
    _ATTEMPTS + LOSS + COMBOS + _PRESENT + SUMMARIES + _SCHEDULE + GAMES + LEDGER + TOKEN
)
"""The whole version-8 schema, as a new file gets it."""


def run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run DDL statement by statement (``executescript`` would commit the open transaction)."""
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            conn.execute(statement)
            statement = ""


def rebuild_derived(conn: sqlite3.Connection) -> None:
    """Recompute the summary tables and the review schedule from the attempts (in a
    transaction), after rows were added out of the usual order: an import, a migration."""
    rebuild_summaries(conn)
    rebuild_schedule(conn)
