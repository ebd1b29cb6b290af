"""The export written as it is read: the same document `json.dump` would write, memory
flat in the history's length, and an export that fails part way leaves the old file."""

from __future__ import annotations

import copy
import io
import json
import sqlite3
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.history.known import build_history
from tests.history.known_games import build_games
from trainer.__main__ import main
from trainer.history import StatsStore, exchange, store_path
from trainer.history.exchange import Exported, export_game_records, export_records

Record = dict[str, Any]


def as_json_dump(text: str) -> str:
    """The document ``json.dump(..., indent=1)`` writes for what ``text`` holds."""
    return json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"


@pytest.fixture(scope="module")
def known() -> tuple[list[Record], list[Record]]:
    with StatsStore(":memory:") as store:
        build_history(store)
        build_games(store)
        return export_records(store), export_game_records(store)


@pytest.mark.parametrize("answers", [0, 1, 18])
@pytest.mark.parametrize("games", [0, 1, 5])
def test_the_document_is_laid_out_as_json_dump_lays_it_out(
    known: tuple[list[Record], list[Record]], answers: int, games: int
) -> None:
    records, played = known
    out = io.StringIO()
    exchange.write_json(iter(records[:answers]), out, iter(played[:games]))
    text = out.getvalue()
    assert text == as_json_dump(text)
    document = json.loads(text)
    assert document["attempts"] == records[:answers]
    assert document["games"] == played[:games]
    assert (document["format"], document["version"]) == ("muggins-history", 6)


def test_text_with_newlines_quotes_and_other_scripts_is_laid_out_alike(
    known: tuple[list[Record], list[Record]],
) -> None:
    record = copy.deepcopy(known[0][0])
    record["drill_name"] = 'Warm "up"\n\tcœur ♥ 五'
    out = io.StringIO()
    exchange.write_json([record], out)
    assert out.getvalue() == as_json_dump(out.getvalue())
    assert json.loads(out.getvalue())["attempts"] == [record]


def test_write_export_writes_and_counts_what_the_store_holds(
    known: tuple[list[Record], list[Record]],
) -> None:
    with StatsStore(":memory:") as store:
        build_history(store)
        build_games(store)
        out = io.StringIO()
        assert exchange.write_export(store, out) == Exported(22, 5)
        document = json.loads(out.getvalue())
        assert (document["attempts"], document["games"]) == known
        assert len(known[0]) == 22  # the known history's 18 and four counts at the table
        table = io.StringIO()
        assert exchange.write_export(store, table, csv_format=True) == Exported(22, 5)
        expected = io.StringIO()
        exchange.write_csv(known[0], expected)
        assert table.getvalue() == expected.getvalue()


def grow(store: StatsStore, record: Record, copies: int) -> None:
    """One answer imported, then copied in SQL until the store holds ``copies`` of it, each
    with its combinations and its own uid, a minute before the last: every batch the export
    reads is alike."""
    assert exchange.import_records(store, [record]) == (1, 0)
    with store.transaction("growing") as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(attempts)")][1:]
        (first,) = conn.execute("SELECT id FROM attempts").fetchone()
        made = ", ".join(
            {"uid": "uid || ?", "at": "strftime('%Y-%m-%dT%H:%M:%f', at, ?) || '000+00:00'"}.get(
                c, c
            )
            for c in columns
        )
        for n in range(1, copies):
            conn.execute(
                f"INSERT INTO attempts ({', '.join(columns)}) "
                f"SELECT {made} FROM attempts WHERE id = ?",
                (f"-{n}", f"-{n} minutes", first),
            )
            conn.execute(
                "INSERT INTO combos SELECT last_insert_rowid(), role, stat_kind, kind, cards, "
                "points, at, drill_id, reason FROM combos WHERE attempt_id = ?",
                (first,),
            )
        assert conn.execute("SELECT count(*) FROM attempts").fetchone() == (copies,)


class Sink(io.StringIO):
    """A text file that keeps nothing, so only the export's own memory is measured."""

    def write(self, text: str) -> int:
        return len(text)


def peak(work: Callable[[], object]) -> int:
    """The most memory ``work`` held at once, in bytes (Python's allocations)."""
    tracemalloc.start()
    try:
        start, _ = tracemalloc.get_traced_memory()
        work()
        _, most = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return most - start


def test_the_exports_memory_is_flat_in_the_historys_length(
    known: tuple[list[Record], list[Record]],
) -> None:
    """Four times the answers (500, one batch, against 2,000 of a hand with 15
    combinations) cost the export little more memory (holding them would cost four times
    as much), and far less than the history held whole."""
    (record,) = (r for r in known[0] if len(r["combos"]) == 15)
    peaks = []
    for copies in (500, 2000):
        with StatsStore(":memory:") as store:
            grow(store, record, copies)
            peaks.append(peak(lambda: exchange.write_export(store, Sink())))
            whole = peak(lambda: export_records(store))
    short, long = peaks
    assert long < short * 1.5, peaks
    assert long * 3 < whole, (long, whole)


def test_an_export_that_fails_part_way_leaves_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game whose saved data is damaged stops the export after the answers are written:
    the file named keeps what it held, and nothing is left beside it."""
    data = tmp_path / "data"
    with StatsStore.open(data) as store:
        build_history(store)
        build_games(store)
    with sqlite3.connect(store_path(data)) as conn:
        conn.execute("UPDATE games SET setup = 'not json' WHERE uid = (SELECT max(uid) FROM games)")
    conn.close()
    target = tmp_path / "history.json"
    target.write_text("the last export\n")
    assert main(["export", "--data-dir", str(data), "--output", str(target)]) != 0
    assert "is not JSON" in capsys.readouterr().err
    assert target.read_text() == "the last export\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["history.json"]


@pytest.mark.parametrize(
    ("column", "value", "problem"),
    [
        ("answer", "'not json'", "answer: 'not json' is not JSON"),
        ("categories", "'{\"fifteens\": NaN}'", "categories: "),
        ("ms", "9e999", "ms: inf is not a number or text"),
        ("hand", "x'00'", "hand: b'\\x00' is not a number or text"),
        ("crib", "'x'", "crib: 'x' is not 0 or 1"),
        ("timed_out", "2", "timed_out: 2 is not 0 or 1"),
        ("itemised", "0.5", "itemised: 0.5 is not 0 or 1"),
    ],
)
def test_a_damaged_answer_is_named_and_the_last_export_kept(
    column: str, value: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An answer another program spoiled (text that is not JSON, a NaN, an infinity, a blob,
    a yes-or-no flag that is neither) stops the export with a line naming the answer and
    the field: a file holding it could not be imported again."""
    data = tmp_path / "data"
    with StatsStore.open(data) as store:
        build_history(store)
    with sqlite3.connect(store_path(data)) as conn:
        conn.execute(f"UPDATE attempts SET {column} = {value} WHERE id = 3")
    conn.close()
    target = tmp_path / "history.json"
    target.write_text("the last export\n")
    assert main(["export", "--data-dir", str(data), "--output", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"muggins: error: the saved answer 3: {problem}"), err
    assert err.rstrip().endswith("the history's copy of it is damaged"), err
    assert target.read_text() == "the last export\n"
