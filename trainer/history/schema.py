"""The stats schema, its versions, and the upgrades from older files.

Tables: ``attempts`` (one row per answer), ``combos`` (each missed or wrongly
claimed combination, and why a wrong one is wrong), ``present`` (the stat kinds
an itemised answer held), the summaries the statistics read (``sessions`` with
each drill set's running figures, ``medians`` and ``all_median``, ``quarters``
and ``all_quarters``, ``kind_totals``; see `trainer.history.summaries`) and the
review ``schedule`` (see `trainer.history.schedule`). The version is kept in
``PRAGMA user_version`` (now 3); `migrate_v1` and `migrate_v2` upgrade older
files in place, keeping every row.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any, Final

from trainer.history.rows import (
    ATTEMPT_COLUMNS,
    INSERT_COMBO,
    INSERT_PRESENT,
    ComboRow,
    Rows,
    attempt_uid,
)
from trainer.history.schedule import rebuild as rebuild_schedule
from trainer.history.summaries import rebuild_summaries
from trainer.history.times import iso, parse_iso
from trainer.judge.claims import AnnounceClaim, answer_from_data
from trainer.judge.policy import check_policy
from trainer.judge.verdict import judge
from trainer.rules.cards import format_cards, parse_card, parse_cards
from trainer.rules.combos import classify, present_kinds
from trainer.rules.show import score_show

SCHEMA_VERSION: Final = 3
"""The schema version this Muggins writes and reads (``PRAGMA user_version``)."""

_RECORDS: Final = """
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
    opponent_claim INTEGER
);
CREATE INDEX attempts_session ON attempts(session_id, at);
CREATE INDEX attempts_drill_ms ON attempts(drill_id, ms);
CREATE INDEX attempts_ms ON attempts(ms);

CREATE TABLE combos (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('missed', 'wrong')),
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
    -- The drill set's running figures through this session (trainer.history.sessions),
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
"""The summary tables (`trainer.history.summaries`), all derived from the attempts."""

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

SCHEMA: Final = _RECORDS + SUMMARIES + _SCHEDULE
"""The whole version-3 schema, as a new file gets it."""

_V2_SUMMARIES: Final = ("sessions", "quarters", "kind_totals")
"""The summary tables a version-2 file has, in their version-2 shape."""


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


def migrate_v2(conn: sqlite3.Connection) -> None:
    """Upgrade a version-2 file in place (inside the caller's transaction): version 3 keeps
    why each wrongly claimed combination is wrong (found again by re-judging each stored
    announcement that has one), indexes each answer's combinations, and keeps summaries
    that a report and a recorded answer read a few rows of (made anew from the attempts)."""
    conn.execute("ALTER TABLE combos ADD COLUMN reason TEXT")
    conn.execute("CREATE INDEX combos_attempt ON combos(attempt_id)")
    attempts = conn.execute(
        "SELECT id, hand, starter, crib, policy, answer FROM attempts AS a WHERE EXISTS "
        "(SELECT 1 FROM combos AS c WHERE c.attempt_id = a.id AND c.role = 'wrong')"
    ).fetchall()
    for attempt_id, hand, starter, crib, policy, answer in attempts:
        claim = answer_from_data(None if answer is None else json.loads(answer))
        if not isinstance(claim, AnnounceClaim) or starter is None:
            continue
        breakdown = score_show(parse_cards(hand), parse_card(starter), crib=bool(crib))
        verdict = judge(claim, breakdown, check_policy(policy))
        rowids = [
            r[0]
            for r in conn.execute(
                "SELECT rowid FROM combos WHERE attempt_id = ? AND role = 'wrong' ORDER BY rowid",
                (attempt_id,),
            )
        ]
        conn.executemany(
            "UPDATE combos SET reason = ? WHERE rowid = ?",
            list(zip(verdict.wrong_reasons, rowids, strict=False)),
        )
    for table in _V2_SUMMARIES:
        conn.execute(f"DROP TABLE {table}")
    run_script(conn, SUMMARIES)
    rebuild_summaries(conn)  # the schedule it kept is the same in version 3, and stays


def migrate_v1(conn: sqlite3.Connection) -> None:
    """Upgrade a version-1 file in place (inside the caller's transaction), keeping every row.

    Version 1 kept attempts and their missed combinations by scoring category
    only. Version 2 adds the import identity, whether the answer was itemised,
    the stat kind of each missed combination, the wrongly claimed combinations
    (found again by re-judging each stored announcement), the stat kinds
    present in each itemised answer, and the review schedule (replayed from
    the history). Version 1 kept no whole-drill time limit, so its sessions
    have no blitz score.
    """
    conn.execute("DROP INDEX IF EXISTS attempts_drill")
    conn.execute("ALTER TABLE misses RENAME TO misses_v1")
    conn.execute("ALTER TABLE attempts RENAME TO attempts_v1")
    run_script(conn, SCHEMA)
    missed: dict[int, list[tuple[str, str, int]]] = {}
    for attempt_id, kind, cards, points in conn.execute(
        "SELECT attempt_id, kind, cards, points FROM misses_v1 ORDER BY rowid"
    ):
        missed.setdefault(attempt_id, []).append((kind, cards, points))
    cursor = conn.execute("SELECT * FROM attempts_v1 ORDER BY id")
    names = [d[0] for d in cursor.description]
    for values in cursor.fetchall():
        old = dict(zip(names, values, strict=True))
        rows = _upgrade_v1_row(old, missed.get(old["id"], []))
        conn.execute(
            f"INSERT INTO attempts (id, {', '.join(ATTEMPT_COLUMNS)}) "
            f"VALUES (?, {', '.join('?' * len(ATTEMPT_COLUMNS))})",
            (old["id"], *rows.attempt),
        )
        at, drill_id = rows.attempt[1], rows.attempt[2]
        conn.executemany(INSERT_COMBO, [(old["id"], *c, at, drill_id) for c in rows.combos])
        conn.executemany(
            INSERT_PRESENT, [(old["id"], k, n, drill_id) for k, n in rows.present.items()]
        )
    conn.execute("DROP TABLE misses_v1")
    conn.execute("DROP TABLE attempts_v1")
    rebuild_derived(conn)


def _upgrade_v1_row(old: Mapping[str, Any], missed: Sequence[tuple[str, str, int]]) -> Rows:
    """The version-2 rows of one version-1 attempt, its combinations classed and re-judged."""
    at = iso(parse_iso(old["at"]))
    hand_text, starter_text = old["hand"], old["starter"]
    crib = bool(old["crib"])
    claim = None if old["claim"] is None else json.loads(old["claim"])
    show_kind = old["kind"] in ("hand", "crib") and starter_text is not None
    itemised = show_kind and (claim is None or claim.get("type") == "announce")
    combos: list[ComboRow] = []
    present: dict[str, int] = {}
    if show_kind:
        hand = parse_cards(hand_text)
        starter = parse_card(starter_text)
        show = [*hand, starter]
        for kind, cards, points in missed:
            name = classify(kind, parse_cards(cards), show, crib=crib)
            combos.append(ComboRow("missed", name, kind, cards, points))
        breakdown = score_show(hand, starter, crib=crib)
        if claim is not None and claim.get("type") == "announce":
            announced = answer_from_data(claim)
            assert isinstance(announced, AnnounceClaim)
            verdict = judge(announced, breakdown, check_policy(old["policy"]))
            for w, reason in zip(verdict.wrong, verdict.wrong_reasons, strict=True):
                cards_w = w.ordered_cards
                name = classify(w.kind, cards_w, show, crib=crib)
                combos.append(
                    ComboRow("wrong", name, w.kind, format_cards(cards_w), w.value, reason)
                )
        if itemised:
            present = present_kinds(((i.kind, i.cards) for i in breakdown.items), show, crib=crib)
    row = (
        attempt_uid(old["session_id"], old["number"], at, hand_text, starter_text),
        at,
        *(old[c] for c in ATTEMPT_COLUMNS[2:13]),
        old["claim"],
        *(old[c] for c in ATTEMPT_COLUMNS[14:25]),
        int(itemised),
        None,
        None,
    )
    return Rows(row, combos, present)
