"""Upgrading an older stats file in place, in the caller's transaction, keeping every row.

`upgrade` runs the steps from the file's version to this one: version 1 is
rebuilt in the current shape at once; versions 2 to 7 take their steps in
turn (`migrate_v2`, `migrate_v3`, `migrate_v4`, `migrate_v5`, `migrate_v6`, `migrate_v7`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any, Final

from trainer.history.file.rows import (
    ATTEMPT_COLUMNS,
    INSERT_COMBO,
    INSERT_PRESENT,
    ComboRow,
    Rows,
    attempt_uid,
    total_row,
)
from trainer.history.file.schema import (
    COMBOS,
    GAMES,
    LEDGER,
    LOSS,
    SCHEMA,
    SUMMARIES,
    TOKEN,
    rebuild_derived,
    run_script,
)
from trainer.history.reading.quarters import rebuild_quarters
from trainer.history.reading.sessions import rebuild_sessions
from trainer.history.reading.summaries import rebuild_summaries
from trainer.history.times import LOCAL_OFFSET_SQL, iso, parse_iso, zone_offset_minutes
from trainer.judge.claims import AnnounceClaim, answer_from_data
from trainer.judge.policy import check_policy
from trainer.judge.verdict import judge
from trainer.rules.cards import format_cards, parse_card, parse_cards
from trainer.rules.combos import classify, present_kinds
from trainer.rules.show import score_show

_V2_SUMMARIES: Final = ("sessions", "quarters", "kind_totals")
"""The summary tables a version-2 file has, in their version-2 shape."""

_COMBO_COLUMNS: Final = "attempt_id, role, stat_kind, kind, cards, points, at, drill_id, reason"

_TOTAL_SOURCE: Final = (
    "kind",
    "hand",
    "starter",
    "outcome",
    "itemised",
    "missed_points",
    "excess_points",
    "at",
    "drill_id",
)
"""The attempt columns a wrong total's row is made from."""


def upgrade(conn: sqlite3.Connection, version: int) -> None:
    """Bring a file of schema ``version`` (1 to 7) up to this one, inside the caller's
    transaction; a ValueError, KeyError or TypeError means a row it could not read."""
    if version == 1:
        migrate_v1(conn)
        return
    if version <= 5:
        add_offsets(conn)  # before any step rebuilds a summary from the attempts
        if version == 2:
            migrate_v2(conn)
        if version <= 3:
            migrate_v3(conn)
        if version <= 4:
            migrate_v4(conn)
        migrate_v5(conn)
    if version <= 6:
        migrate_v6(conn)
    migrate_v7(conn)


def migrate_v7(conn: sqlite3.Connection) -> None:
    """Upgrade a version-7 file: version 8 keeps each discard drill's throw's loss (a column
    of the attempts, null for every answer a version-7 file holds). Every row is kept."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(attempts)")}
    if "loss" in columns:
        raise ValueError("its answers already hold a loss")
    run_script(conn, LOSS)


def migrate_v6(conn: sqlite3.Connection) -> None:
    """Upgrade a version-6 file: version 7 keeps each game's ledger (the coach's, a column of
    the games, null until the game layer works it out from the record). Every row is kept."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    if "ledger" in columns:
        raise ValueError("its games already hold a ledger")
    run_script(conn, LEDGER)


def add_offsets(conn: sqlite3.Connection) -> None:
    """Give every answer of a file before version 6 its UTC offset: the one the local zone's
    rules give for its moment (the best guess: where the player is now, with summer time as
    it was then)."""
    conn.execute("ALTER TABLE attempts ADD COLUMN utc_offset INTEGER NOT NULL DEFAULT 0")
    conn.execute(f"UPDATE attempts SET utc_offset = {LOCAL_OFFSET_SQL}")


def migrate_v5(conn: sqlite3.Connection) -> None:
    """Upgrade a version-5 file (its answers given their offsets, `add_offsets`): version 6
    keeps the store's token (so a write-ahead log can be told to be this file's) and takes a
    session's answers in the order they were asked. The summaries that follow from the
    offsets and the order (sessions, quarters) are made again. Every row is kept."""
    found = conn.execute("SELECT name FROM sqlite_master WHERE name = 'store_token'").fetchall()
    if found:
        raise ValueError("it already holds store_token")
    run_script(conn, TOKEN)
    conn.execute("DROP INDEX IF EXISTS attempts_session")
    conn.execute("CREATE INDEX attempts_session ON attempts(session_id, number)")
    rebuild_sessions(conn)
    rebuild_quarters(conn)


def migrate_v4(conn: sqlite3.Connection) -> None:
    """Upgrade a version-4 file: version 5 keeps the games played at the table (the
    ``games`` and ``game_actions`` tables, empty at first). Every answer stays as it is."""
    found = conn.execute(
        "SELECT name FROM sqlite_master WHERE name IN ('games', 'game_actions', 'games_status')"
    ).fetchall()
    if found:
        raise ValueError(f"it already holds {', '.join(sorted(r[0] for r in found))}")
    run_script(conn, GAMES)


def migrate_v3(conn: sqlite3.Connection) -> None:
    """Upgrade a version-3 file: version 4 keeps a row for each wrong total claim (the whole
    show, its points the difference), so the review lists every hand counted wrong.

    The combos table is made again to allow that role (every row kept, in its order), and a
    row is added for each total claimed wrong, from the attempt's own columns. The summaries
    and the schedule already counted those answers as they are, and stay.
    """
    for index in ("combos_at", "combos_attempt", "combos_kind", "combos_drill"):
        conn.execute(f"DROP INDEX {index}")
    conn.execute("ALTER TABLE combos RENAME TO combos_v3")
    run_script(conn, COMBOS)
    conn.execute(
        f"INSERT INTO combos (rowid, {_COMBO_COLUMNS}) "
        f"SELECT rowid, {_COMBO_COLUMNS} FROM combos_v3 ORDER BY rowid"
    )
    conn.execute("DROP TABLE combos_v3")
    add_total_rows(conn)


def add_total_rows(conn: sqlite3.Connection) -> None:
    """Add the row of every wrong total claim in the attempts (those of a version-3 file)."""
    cursor = conn.execute(
        f"SELECT id, {', '.join(_TOTAL_SOURCE)} FROM attempts "
        "WHERE itemised = 0 AND outcome IN ('under', 'over') ORDER BY id"
    )
    added = []
    for attempt_id, *values in cursor.fetchall():
        row = dict(zip(_TOTAL_SOURCE, values, strict=True))
        total = total_row(row)
        if total is not None:
            added.append((attempt_id, *total, row["at"], row["drill_id"]))
    conn.executemany(INSERT_COMBO, added)


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
    """Upgrade a version-1 file to the current version in place (in the caller's
    transaction), keeping every row.

    Version 1 kept attempts and their missed combinations by scoring category
    only. Version 2 adds the import identity, whether the answer was itemised,
    the stat kind of each missed combination, the wrongly claimed combinations
    (found again by re-judging each stored announcement), the stat kinds
    present in each itemised answer, and the review schedule (replayed from
    the history); version 4 a row for each wrong total; version 5 the (empty) games
    tables. Version 1 kept no whole-drill time limit, so its sessions have no blitz score.
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
    """The rows of one version-1 attempt as version 6 keeps them: its combinations classed and
    re-judged, and its wrong total."""
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
        zone_offset_minutes(parse_iso(at)),
        None,
    )
    total = total_row(dict(zip(ATTEMPT_COLUMNS, row, strict=True)))
    if total is not None:
        combos.append(total)
    return Rows(row, combos, present)
