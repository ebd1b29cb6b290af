"""StatsStore: every judged answer in one SQLite file, and what it takes to keep it safe.

The file is ``muggins.sqlite3`` in the data folder (`trainer.locations.data_dir`:
``--data-dir``, ``$MUGGINS_HOME`` or the system's user data folder), created on
first use. It runs in WAL mode with a busy timeout, so two trainers can record
into it at once; each answer is written in one transaction and committed at
once, so a killed process loses at most the hand it had not yet judged.

Tables: ``attempts`` (one row per answer), ``combos`` (each missed or wrongly
claimed combination), ``present`` (the stat kinds an itemised answer held),
the summaries the statistics read (``sessions``, ``quarters``,
``kind_totals``; see `trainer.stats`) and the review ``schedule`` (see
`trainer.review`), all written in the answer's transaction.

The schema is versioned with ``PRAGMA user_version`` (now 2; version 1 files
are upgraded in place, in one transaction, keeping every row). A file the store
cannot use (not a database, damaged, from a newer Muggins, read-only) is never
written, moved or deleted: opening it raises `StoreError` naming the file, what
is wrong and what to do.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from trainer import review, stats
from trainer.cards import Card, format_cards, parse_card, parse_cards
from trainer.drill import DrillSet
from trainer.locations import data_dir
from trainer.muggins import AnnounceClaim, ClaimedItem, TotalClaim, check_policy, judge
from trainer.scoring import score_show
from trainer.session import Answer, Attempt, CatchAnswer

DB_NAME: Final = "muggins.sqlite3"
SCHEMA_VERSION: Final = 2
BUSY_TIMEOUT_SECONDS: Final = 5.0
APPLICATION_ID: Final = 0x4D554747
"""``PRAGMA application_id`` of a Muggins store ("MUGG")."""

_MAGIC: Final = b"SQLite format 3\x00"
_FRESH_START: Final = (
    "move it aside (or choose another folder with --data-dir or MUGGINS_HOME) "
    "and run again to start a new history"
)


class StoreError(ValueError):
    """A stats file that cannot be used; the message names the file, the problem and the fix."""


def store_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the stats file lives (nothing is created)."""
    return data_dir(override) / DB_NAME


# ---------------------------------------------------------------- schema

SCHEMA_V2: Final = """
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
    drill_id TEXT NOT NULL
);
CREATE INDEX combos_at ON combos(at, attempt_id);
CREATE INDEX combos_kind ON combos(stat_kind, at, attempt_id);
CREATE INDEX combos_drill ON combos(drill_id, at, attempt_id);

CREATE TABLE present (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    stat_kind TEXT NOT NULL,
    n INTEGER NOT NULL,
    drill_id TEXT NOT NULL,
    PRIMARY KEY (attempt_id, stat_kind)
) WITHOUT ROWID;

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
    best INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_start ON sessions(start);
CREATE INDEX sessions_drill ON sessions(drill_id, start);

CREATE TABLE quarters (
    quarter TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    PRIMARY KEY (quarter, drill_id)
) WITHOUT ROWID;

CREATE TABLE kind_totals (
    drill_id TEXT NOT NULL,
    stat_kind TEXT NOT NULL,
    present INTEGER NOT NULL,
    missed INTEGER NOT NULL,
    wrong INTEGER NOT NULL,
    PRIMARY KEY (drill_id, stat_kind)
) WITHOUT ROWID;

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


ATTEMPT_COLUMNS: Final = (
    "uid",
    "at",
    "drill_id",
    "drill_name",
    "session_id",
    "number",
    "variant",
    "kind",
    "policy",
    "hand",
    "starter",
    "crib",
    "seed",
    "answer",
    "answer_text",
    "claimed",
    "actual",
    "outcome",
    "kept",
    "opponent",
    "missed_points",
    "excess_points",
    "categories",
    "ms",
    "timed_out",
    "itemised",
    "total_seconds",
    "opponent_claim",
)
"""The attempt columns an export carries (everything but the local row id)."""

INSERT_ATTEMPT: Final = (
    f"INSERT OR IGNORE INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(ATTEMPT_COLUMNS))})"
)
INSERT_COMBO: Final = (
    "INSERT INTO combos (attempt_id, role, stat_kind, kind, cards, points, at, drill_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_PRESENT: Final = (
    "INSERT INTO present (attempt_id, stat_kind, n, drill_id) VALUES (?, ?, ?, ?)"
)


# ---------------------------------------------------------------- rows from attempts


def answer_json(answer: Answer) -> str | None:
    """The answer as stored: a total, the claimed combinations, a catch reply; None for time-out."""
    if answer is None:
        return None
    data: dict[str, Any]
    if isinstance(answer, TotalClaim):
        data = {"type": "total", "points": answer.points}
    elif isinstance(answer, AnnounceClaim):
        data = {
            "type": "announce",
            "items": [
                {"kind": i.kind, "cards": [str(c) for c in i.ordered_cards], "points": i.points}
                for i in answer.items
            ],
        }
    else:
        assert isinstance(answer, CatchAnswer)
        data = {"type": "catch", "call": answer.call, "too_many": answer.too_many}
    return json.dumps(data, separators=(",", ":"))


def attempt_uid(session_id: str, number: int, at: str, hand: str, starter: str | None) -> str:
    """The identity of an attempt across machines (what import de-duplicates on)."""
    text = "\x1f".join((session_id, str(number), at, hand, starter or ""))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Rows:
    """One attempt as rows: the attempt row, its combination rows, its present kinds."""

    attempt: tuple[Any, ...]
    combos: list[tuple[str, str, str, str, int]]
    present: dict[str, int]


def attempt_rows(attempt: Attempt, *, total_seconds: float | None = None) -> Rows:
    """The rows `StatsStore.record` writes for one attempt."""
    at = stats.iso(attempt.at)
    hand = format_cards(attempt.hand)
    starter = None if attempt.starter is None else str(attempt.starter)
    verdict = attempt.verdict
    itemised = verdict is not None and (
        attempt.timed_out or isinstance(attempt.answer, AnnounceClaim)
    )
    show: list[Card] = list(attempt.hand)
    if attempt.starter is not None:
        show.append(attempt.starter)
    combos: list[tuple[str, str, str, str, int]] = []
    for item in attempt.missed:
        kind = stats.stat_kind(item.kind, item.cards, show, crib=attempt.crib)
        combos.append(("missed", kind, item.kind, format_cards(item.cards), item.points))
    present: dict[str, int] = {}
    if verdict is not None:
        for claimed in verdict.wrong:
            cards = claimed.ordered_cards
            kind = stats.stat_kind(claimed.kind, cards, show, crib=attempt.crib)
            combos.append(("wrong", kind, claimed.kind, format_cards(cards), claimed.value))
        if itemised:
            items = (*verdict.right, *verdict.missed)
            present = stats.present_kinds(
                ((i.kind, i.cards) for i in items), show, crib=attempt.crib
            )
    row = (
        attempt_uid(attempt.session_id, attempt.number, at, hand, starter),
        at,
        attempt.drill_id,
        attempt.drill_name,
        attempt.session_id,
        attempt.number,
        attempt.variant,
        attempt.kind,
        attempt.policy,
        hand,
        starter,
        int(attempt.crib),
        attempt.seed,
        answer_json(attempt.answer),
        attempt.answer_text,
        attempt.claimed,
        attempt.actual,
        attempt.outcome,
        attempt.kept,
        attempt.opponent,
        attempt.missed_points,
        attempt.excess_points,
        json.dumps(attempt.categories, separators=(",", ":")),
        round(attempt.seconds * 1000),
        int(attempt.timed_out),
        int(itemised),
        total_seconds,
        None if attempt.opponent_claim is None else attempt.opponent_claim.claimed,
    )
    return Rows(row, combos, present)


# ---------------------------------------------------------------- opening safely


def _writable(path: Path) -> bool:
    """Whether we may write ``path``: permitted, and not marked read-only (even for root)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & 0o222)


def _newer(path: Path, version: int) -> StoreError:
    return StoreError(
        f"{path} was written by a newer Muggins (stats schema version {version}; this one knows "
        f"up to {SCHEMA_VERSION}); it has been left untouched: upgrade Muggins to use it, or "
        "choose another folder with --data-dir or MUGGINS_HOME"
    )


def _inspect(path: Path) -> bool:
    """Check an existing file before SQLite touches it; True if it exists (and may be ours)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    except OSError as err:
        raise StoreError(f"{path} cannot be read ({err.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(f"{path} is not a file; {_FRESH_START}")
    if info.st_size == 0:
        return True  # an empty file: nothing to lose, SQLite makes it a database
    try:
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as err:
        raise StoreError(
            f"{path} cannot be read ({err.strerror}); check its permissions, or choose another "
            "folder with --data-dir or MUGGINS_HOME"
        ) from None
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise StoreError(
            f"{path} is not a Muggins stats database (it is not an SQLite file); it has been "
            f"left untouched: {_FRESH_START}"
        )
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise _newer(path, version)
    return True


def _connect(path: Path, *, create: bool) -> sqlite3.Connection:
    """Open the file after every check that can be made without writing to it."""
    exists = _inspect(path)
    folder = path.parent
    if not exists:
        if not create:
            raise StoreError(f"{path} does not exist (no answers recorded yet)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                f"cannot create {path}: the folder {folder} cannot be made ({err.strerror}); "
                "choose another folder with --data-dir or MUGGINS_HOME"
            ) from None
    if not _writable(folder):
        what = "cannot create" if not exists else "cannot use"
        raise StoreError(
            f"{what} {path}: its folder {folder} is read-only (the store needs to write its "
            "journal beside it); make the folder writable, or choose another folder with "
            "--data-dir or MUGGINS_HOME"
        )
    if exists and not _writable(path):
        raise StoreError(
            f"{path} is read-only; it has been left untouched: make it writable "
            "(chmod u+w), or choose another folder with --data-dir or MUGGINS_HOME"
        )
    uri = path.absolute().as_uri() + ("?mode=rw" if exists else "?mode=rwc")
    try:
        return sqlite3.connect(
            uri,
            uri=True,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as err:
        raise _explain(path, err, "opening") from None


def _explain(path: Path, err: sqlite3.Error, action: str) -> StoreError:
    """A `StoreError` for an SQLite failure: which file, what is wrong, what to do."""
    text = str(err)
    low = text.lower()
    if "readonly" in low or "read-only" in low:
        return StoreError(
            f"{path} cannot be written ({text}); make it and its folder writable, or choose "
            "another folder with --data-dir or MUGGINS_HOME"
        )
    if "locked" in low or "busy" in low:
        return StoreError(
            f"{path} is busy: another program has kept it locked for over "
            f"{BUSY_TIMEOUT_SECONDS:g} s ({text}); close it and try again"
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(f"{path} is damaged ({text}); it has been left untouched: {_FRESH_START}")
    if "unable to open" in low:
        return StoreError(
            f"{path} cannot be opened ({text}); check the file and its folder, or choose "
            "another folder with --data-dir or MUGGINS_HOME"
        )
    return StoreError(f"{path}: {action} failed: {text}")


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run DDL statement by statement (``executescript`` would commit the open transaction)."""
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            conn.execute(statement)
            statement = ""


# ---------------------------------------------------------------- the store


class StatsStore:
    """The history of answers in one SQLite file. Use as a context manager, or call `close`.

    ``StatsStore(path)`` opens the file at ``path`` (creating it, and its folder,
    if ``create`` and it does not exist); `StatsStore.open` finds it in the data
    folder. ``StatsStore(":memory:")`` is an empty store in memory. One store
    object may be used from one thread at a time (calls are serialised by a lock).
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        memory = str(path) == ":memory:"
        if memory:
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        else:
            conn = _connect(self.path, create=create)
        self._conn = conn
        try:
            version = 0 if memory else self._check_identity(conn)
            self._setup(conn, version, memory=memory)
        except BaseException:
            self.close()
            raise

    @classmethod
    def open(
        cls, override: str | os.PathLike[str] | None = None, *, create: bool = True
    ) -> StatsStore:
        """The store in the data folder (``--data-dir``, ``$MUGGINS_HOME`` or the user folder)."""
        return cls(store_path(override), create=create)

    # ------------------------------------------------------------ lifetime

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def guard(self, action: str) -> Iterator[sqlite3.Connection]:
        """The connection, with any SQLite failure turned into a `StoreError` naming the file."""
        with self._lock:
            if self._conn is None:
                raise StoreError(f"{self.path}: the stats store is closed")
            try:
                yield self._conn
            except sqlite3.Error as err:
                raise _explain(self.path, err, action) from None

    @contextlib.contextmanager
    def transaction(self, action: str) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), rolled back on error."""
        with self.guard(action) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # ------------------------------------------------------------ opening

    def _check_identity(self, conn: sqlite3.Connection) -> int:
        """The file's schema version, after checking it is a Muggins store this code can use."""
        path = self.path
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        except sqlite3.Error as err:
            raise _explain(path, err, "opening") from None
        if version > SCHEMA_VERSION:
            raise _newer(path, version)
        if version == 0 and tables:
            raise StoreError(
                f"{path} is an SQLite database but not a Muggins stats store (it holds "
                f"{', '.join(sorted(tables))}); it has been left untouched: {_FRESH_START}"
            )
        if version > 0 and "attempts" not in tables:
            raise StoreError(
                f"{path} is damaged (stats schema version {version} but no attempts table); "
                f"it has been left untouched: {_FRESH_START}"
            )
        return version

    def _setup(self, conn: sqlite3.Connection, version: int, *, memory: bool) -> None:
        with self.guard("opening"):
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            if not memory:
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
        if version == SCHEMA_VERSION:
            return
        with self.transaction("setting up the stats store") as conn:
            # Another trainer may have done it while this one waited for the lock.
            current = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if current > SCHEMA_VERSION:
                raise _newer(self.path, current)
            if current == 0:
                _run_script(conn, SCHEMA_V2)
            elif current == 1:
                try:
                    _migrate_v1_to_v2(conn)
                except (ValueError, KeyError, TypeError) as err:
                    raise StoreError(
                        f"{self.path} cannot be upgraded from stats schema version 1 ({err}); "
                        "it has been left as it was"
                    ) from None
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # ------------------------------------------------------------ recording

    def record(self, attempt: Attempt, *, drill: DrillSet | None = None) -> int:
        """Store one judged answer and its combinations, committed at once; returns its row id.

        Give the ``drill`` the attempt came from so its whole-drill time limit is
        kept (for blitz scores). The same attempt recorded twice is stored once.
        A show answered wrong enters the review schedule; a show already in it is
        rescheduled by this answer.
        """
        rows = attempt_rows(attempt, total_seconds=drill.total_seconds if drill else None)
        with self.transaction("recording an answer") as conn:
            return insert_rows(conn, rows)

    # ------------------------------------------------------------ queries

    def attempt_count(self) -> int:
        with self.guard("counting answers") as conn:
            return int(conn.execute("SELECT count(*) FROM attempts").fetchone()[0])

    def report(
        self, drill: str | None = None, *, utc_offset: timedelta = timedelta(0)
    ) -> stats.Report:
        """Every statistic, for one drill set (by id) or all of them; days at ``utc_offset``."""
        with self.guard("reading statistics") as conn:
            return stats.report(conn, drill, utc_offset=utc_offset)

    def review_items(
        self, *, kind: str | None = None, drill: str | None = None, limit: int | None = 50
    ) -> list[stats.ReviewItem]:
        """Missed and wrongly claimed combinations, newest first (``limit`` None: all)."""
        with self.guard("reading the review list") as conn:
            return stats.review_items(conn, kind=kind, drill=drill, limit=limit)

    def review_total(self, *, kind: str | None = None, drill: str | None = None) -> int:
        """How many combinations the review list holds with these filters."""
        with self.guard("reading the review list") as conn:
            return stats.review_total(conn, kind=kind, drill=drill)

    def drills(self) -> dict[str, str]:
        """Drill ids with answers recorded, and the name each was last recorded under."""
        with self.guard("reading drill sets") as conn:
            return stats.recorded_drills(conn)

    def due(self, now: datetime, *, limit: int | None = None) -> list[review.DueHand]:
        """Shows due for re-drilling at ``now``, the longest overdue first."""
        with self.guard("reading the review schedule") as conn:
            return review.due(conn, stats.iso(now), limit=limit)

    def due_count(self, now: datetime) -> int:
        """How many shows are due for re-drilling at ``now``."""
        with self.guard("reading the review schedule") as conn:
            return review.due_count(conn, stats.iso(now))

    def scheduled(self) -> list[review.DueHand]:
        """Every show in the review schedule, soonest due first."""
        with self.guard("reading the review schedule") as conn:
            return review.due(conn, None)


def insert_rows(
    conn: sqlite3.Connection, rows: Rows, *, schedule: bool = True, summaries: bool = True
) -> int:
    """Insert one attempt's rows (inside a transaction); an attempt already stored is kept.

    ``schedule`` and ``summaries`` False leave the review schedule and the summary
    tables to be rebuilt afterwards (`rebuild_derived`), as an import does.
    """
    cur = conn.execute(INSERT_ATTEMPT, rows.attempt)
    if cur.rowcount == 0:
        found = conn.execute("SELECT id FROM attempts WHERE uid = ?", (rows.attempt[0],))
        return int(found.fetchone()[0])
    attempt_id = cur.lastrowid
    assert attempt_id is not None
    at, drill_id = rows.attempt[1], rows.attempt[2]
    conn.executemany(INSERT_COMBO, [(attempt_id, *c, at, drill_id) for c in rows.combos])
    conn.executemany(
        INSERT_PRESENT, [(attempt_id, k, n, drill_id) for k, n in rows.present.items()]
    )
    row = dict(zip(ATTEMPT_COLUMNS, rows.attempt, strict=True))
    if summaries:
        stats.add_to_summaries(conn, row, rows.combos, rows.present)
    if schedule:
        review.apply(conn, review.ScheduleAnswer.from_row(row))
    return attempt_id


def rebuild_derived(conn: sqlite3.Connection) -> None:
    """Recompute the summary tables and the review schedule from the attempts (in a
    transaction), after rows were added out of the usual order: an import, a migration."""
    stats.rebuild_summaries(conn)
    review.rebuild(conn)


# ---------------------------------------------------------------- migration


def _migrate_v1_to_v2(conn: sqlite3.Connection) -> None:
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
    _run_script(conn, SCHEMA_V2)
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
    at = stats.iso(stats.parse_iso(old["at"]))
    hand_text, starter_text = old["hand"], old["starter"]
    crib = bool(old["crib"])
    claim = None if old["claim"] is None else json.loads(old["claim"])
    show_kind = old["kind"] in ("hand", "crib") and starter_text is not None
    itemised = show_kind and (claim is None or claim.get("type") == "announce")
    combos: list[tuple[str, str, str, str, int]] = []
    present: dict[str, int] = {}
    if show_kind:
        hand = parse_cards(hand_text)
        starter = parse_card(starter_text)
        show = [*hand, starter]
        for kind, cards, points in missed:
            name = stats.stat_kind(kind, parse_cards(cards), show, crib=crib)
            combos.append(("missed", name, kind, cards, points))
        breakdown = score_show(hand, starter, crib=crib)
        if claim is not None and claim.get("type") == "announce":
            items = tuple(
                ClaimedItem(i["kind"], parse_cards(i["cards"]), i.get("points"))
                for i in claim["items"]
            )
            verdict = judge(AnnounceClaim(items), breakdown, check_policy(old["policy"]))
            for w in verdict.wrong:
                cards_w = w.ordered_cards
                name = stats.stat_kind(w.kind, cards_w, show, crib=crib)
                combos.append(("wrong", name, w.kind, format_cards(cards_w), w.value))
        if itemised:
            present = stats.present_kinds(
                ((i.kind, i.cards) for i in breakdown.items), show, crib=crib
            )
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
