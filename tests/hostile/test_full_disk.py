"""A full disk locks no store out and loses nothing the player recorded.

The audit's case: the first import into a new store fails on a full disk, and from then
on every command called the store's own write-ahead log foreign ("move it aside"), even
once room was made. SQLite had committed into the WAL, and the checkpoint that copies
the WAL into the file stopped part way: the file held a few of the WAL's pages and no
token. Such a file is now taken for what it is (nothing but pages of its own WAL), and a
command that cannot read the WAL for want of room says so instead of calling it foreign.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.hostile.exports import export_text
from tests.hostile.support import muggins
from tests.hostile.tmpfs import run_on_full_disks
from trainer.history import DB_NAME, StatsStore, exchange

ANSWERS = 200
SIZES = [128, 192, 256, 320, 384, 448, 512, 576]
"""The tmpfs sizes tried, in kB: too small to set the store up, too small for the import,
room for the import but not for the checkpoint that follows it, and room for all (a new
store of 200 answers is 208 kB, and 300 kB of WAL and 32 kB of index while it is made)."""
WAL = f"{DB_NAME}-wal"


def _answers(stats_json: str) -> int:
    return int(json.loads(stats_json)["attempts"])


def test_a_first_import_on_a_full_disk_locks_nothing_out(tmp_path: Path) -> None:
    """On a tmpfs of each size in turn: the first import either imports every answer or
    refuses in one line; once room is made, the import again and ``stats`` succeed, with
    every answer there once, and nothing had to be moved aside."""
    export = tmp_path / "history.json"
    export.write_text(export_text(ANSWERS), encoding="utf-8")
    results = run_on_full_disks(tmp_path / "results.json", export, SIZES)
    for case in results:
        kb, (status, err), left = case["kb"], case["first"], case["left"]
        assert status in (0, 2), (kb, err)
        assert "Traceback" not in err, (kb, err)
        assert len(err.splitlines()) == (status == 2), (kb, err)
        again_status, again_out, again_err = case["again"]
        assert (again_status, again_err) == (0, ""), (kb, left, again_err)
        added = 0 if status == 0 else ANSWERS
        assert again_out.startswith(f"Imported {added} answers from {export}"), (kb, again_out)
        stats_status, stats_out, stats_err = case["stats"]
        assert (stats_status, stats_err) == (0, ""), (kb, stats_err)
        assert _answers(stats_out) == ANSWERS, kb
        assert case["after"] == [DB_NAME], kb  # the WAL copied in, nothing left beside it
    wal_left = [(c["first"][0], c["left"].get(WAL, 0) > 0) for c in results]
    assert (0, True) in wal_left, results  # imported, with the checkpoint stopped part way
    assert (2, True) in wal_left, results  # the store set up, the import refused


def _crashed(home: Path) -> Path:
    """A new store holding ``ANSWERS`` answers in its WAL only, as a kill leaves it (copied
    while it is open, before any checkpoint)."""
    records = json.loads(export_text(ANSWERS))["attempts"]
    live = home.with_name("live")
    store = StatsStore(live / DB_NAME)
    assert store.checkpointer is not None
    store.checkpointer.limit = 2**62  # no checkpoint in the background: all in the WAL
    try:
        exchange.insert_export(store, exchange.rows_from_records(records), ())
        shutil.copytree(live, home)
    finally:
        store.close()
    return home / DB_NAME


def test_a_checkpoint_stopped_by_a_full_disk_loses_nothing(tmp_path: Path) -> None:
    """A file-size cap stands in for the full disk: the command that finds the crashed
    store's WAL reads every answer through it, and its closing checkpoint stops part way;
    the next command (with room) finds every answer too, and nothing was moved aside."""
    home = tmp_path / "home"
    path = _crashed(home)
    run = muggins("stats", "--json", home=home, file_size=64 * 1024)
    assert (run.status, run.err) == (0, ""), run.err
    assert _answers(run.out) == ANSWERS
    wal = home / WAL
    assert wal.stat().st_size > 0  # the checkpoint could not finish
    assert 0 < path.stat().st_size <= 64 * 1024  # a few of the WAL's pages, no token
    run = muggins("stats", "--json", home=home)
    assert (run.status, run.err) == (0, ""), run.err
    assert _answers(run.out) == ANSWERS
    assert sorted(p.name for p in home.iterdir()) == [DB_NAME]


def test_a_wal_that_cannot_be_read_for_want_of_room_is_not_called_foreign(
    tmp_path: Path,
) -> None:
    """With no room even for SQLite's index of the WAL, the command says the disk may be
    full and leaves both files as they were; with room, every answer is there."""
    home = tmp_path / "home"
    path = _crashed(home)
    before = {p: p.read_bytes() for p in (path, home / WAL)}
    run = muggins("stats", home=home, file_size=8 * 1024)
    line = run.refused(str(path), WAL, "is the disk full?", "left untouched")
    assert "not the write-ahead log" not in line
    assert {p: p.read_bytes() for p in before} == before
    run = muggins("stats", "--json", home=home)
    assert (run.status, run.err) == (0, ""), run.err
    assert _answers(run.out) == ANSWERS
