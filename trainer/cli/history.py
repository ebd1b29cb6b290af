"""The history subcommands of ``muggins``: stats, review (its table in `trainer.cli.review`),
export and import.

Each imports what only it uses when it runs: the drill files and the re-drill set for a
``--drill`` the history does not name, the game layer for ``stats``' games, the export
format for ``export`` and ``import``.

``stats``, ``review`` and ``export`` read the store and never create it (with
no history yet they show an empty one); ``import`` creates it. A store that
cannot be opened is a `StoreError`: one line on stderr, exit status 2, the
file untouched.

``export`` and ``import`` write and read the format of `trainer.history.exchange`
(JSON or CSV, every stored field), so an import rebuilds the same history;
attempts already in the store (by their ``uid``) are skipped.
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Final, TextIO

from trainer.cli.output import Escaped, one_line
from trainer.history import StatsStore, store_path
from trainer.history.file import inspect
from trainer.history.reading import GAME_DRILL_PREFIX, GameReport, GameTally, Report

DAYS_SHOWN: Final = 14
SESSIONS_SHOWN: Final = 10


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run stats, review, export or import (notes to ``err``); errors are `ValueError`s
    (`StoreError` among them)."""
    if args.command == "import":
        return _import(args, out, err)
    with _open(args) as store:
        if args.command == "stats":
            return _stats(args, store, out, err)
        if args.command == "review":
            from trainer.cli.review import review

            return review(args, store, out, err, resolve=_resolve_drill, table=_table, local=_local)
        return _export(args, store, out, err)


def _open(args: argparse.Namespace) -> StatsStore:
    """The store for a reading command; an empty one in memory if there is no file yet (a
    write-ahead log left with no file beside it is refused, as the trainer refuses it)."""
    path = store_path(args.data_dir)
    if inspect(path) is None:
        return StatsStore(":memory:")
    return StatsStore(path, create=False)


def _local(moment: datetime | None) -> str:
    return "-" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _resolve_drill(args: argparse.Namespace, store: StatsStore) -> str | None:
    """The drill id ``--drill`` names: recorded (by id or name), or a known drill set."""
    name: str | None = args.drill
    if name is None:
        return None
    recorded = store.drills()
    if name in recorded:
        return name
    for drill_id, drill_name in recorded.items():
        if drill_name == name:
            return drill_id
    from trainer.cli.drills import folders
    from trainer.drills.loader import load_all
    from trainer.practice.redrill import REVIEW_DRILL_ID

    for entry in load_all(folders(args)):
        if entry.id == name or (entry.drill is not None and entry.drill.name == name):
            return entry.id
    if name == REVIEW_DRILL_ID:
        return name
    known = ", ".join(sorted(recorded)) or "none yet"
    raise ValueError(f"no drill set named {name!r} (drill sets with answers: {known})")


# ---------------------------------------------------------------- stats


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _stats(args: argparse.Namespace, store: StatsStore, out: TextIO, err: TextIO) -> int:
    from trainer.cli.phases import discard_table, phase_table
    from trainer.game.coach.phase_stats import phase_report

    drill = _resolve_drill(args, store)
    report = store.report(drill)
    games = store.game_report()
    phases = phase_report(store)
    throws = store.discard_report(drill)
    damaged = list(dict.fromkeys((*games.damaged, *phases.damaged, *throws.damaged)))
    for note in damaged:  # each row named once, the figures read from the rest
        err.write(f"muggins: warning: {one_line(note)}; left out\n")
    if args.json:
        data = {
            "store": str(store_path(args.data_dir)),
            **report.to_dict(),
            "games": games.to_dict(),
            "phases": phases.to_dict(),
            "discards": throws.to_dict(),
            "damaged": damaged,
        }
        json.dump(data, out, ensure_ascii=False)
        out.write("\n")
        return 0
    where = store_path(args.data_dir)
    if report.overall.attempts == 0 and not phases.games:
        what = f" for {one_line(args.drill)}" if drill else ""
        out.write(f"No answers recorded yet{what} (history: {one_line(where)}).\n")
        return 0
    out.write(f"History: {one_line(where)}   {report.overall.attempts} answers\n\n")
    _drill_table(report, out, with_total=drill is None)
    if drill is None or drill.startswith(GAME_DRILL_PREFIX):
        _games_table(games, None if drill is None else drill.removeprefix(GAME_DRILL_PREFIX), out)
        phase_table(phases, out, _table, _local)
    discard_table(throws, out, _table)
    _kind_table(report, out)
    _progress_tables(report, out)
    return 0


def _drill_table(report: Report, out: TextIO, *, with_total: bool) -> None:
    rows = [
        (
            d.drill_id or "all drill sets",
            str(d.attempts),
            _pct(d.accuracy),
            _num(d.mean_error),
            _num(d.mugged_per_hand),
            _num(d.mean_seconds, 1),
            _num(d.median_seconds, 1),
            str(d.best_streak),
            "-" if d.best_blitz is None else str(d.best_blitz),
            _local(d.last_practised),
        )
        for d in ([*report.drills, report.overall] if with_total else report.drills)
    ]
    head = (
        "drill set",
        "answers",
        "exact",
        "error",
        "mugged",
        "mean s",
        "median s",
        "streak",
        "blitz",
        "last practised",
    )
    _table(out, head, rows)
    out.write(
        "  exact: share of exact claims; error: mean points off; mugged: points your "
        "opponent took per hand;\n  streak: most exact answers in a row; blitz: most exact "
        "answers in one timed drill\n\n"
    )


def _games_table(games: GameReport, variant: str | None, out: TextIO) -> None:
    """Your finished games per variant (all of them, or one) and your counting there."""
    tallies = [v for v in games.variants if variant is None or v.variant == variant]
    if not tallies:
        out.write("Games: none played yet (your games against the computer show here)\n\n")
        return
    out.write("Games you played to the end, and your counts at the table\n")

    def cells(t: GameTally) -> tuple[str, ...]:
        figures = (t.played, t.won, t.lost, t.skunks, t.double_skunks, t.skunked)
        return (
            t.variant or "all games",
            *map(str, figures),
            str(t.double_skunked),
            str(t.counting.attempts),
            _pct(t.counting.accuracy),
        )

    rows = [cells(t) for t in tallies]
    if variant is None and len(tallies) > 1:
        rows.append(cells(games.overall))
    head = ("game", "played", "won", "lost", "skunks", "doubles", "skunked", "doubled")
    _table(out, (*head, "counts", "exact"), rows)
    drills = games.drills
    out.write(
        "  skunks, doubles: games you won with an opponent under the skunk line, the "
        "double-skunk line;\n  skunked, doubled: games you lost so; counts, exact: your "
        "counts at the table, in games\n  finished or not (in drills: "
        f"{_pct(drills.accuracy)} exact of {drills.attempts} answers)\n\n"
    )


def _kind_table(report: Report, out: TextIO) -> None:
    if not report.kinds:
        out.write(
            "Misses by combination: none yet (only announced counts and time-outs say "
            "which combinations were missed)\n\n"
        )
        return
    out.write(
        f"Misses by combination, from {report.itemised} itemised answers "
        "(announced counts and time-outs)\n"
    )
    rows = [
        (k.kind, str(k.present), str(k.missed), _pct(k.miss_rate), str(k.wrong))
        for k in report.kinds
    ]
    _table(out, ("kind", "present", "missed", "miss rate", "wrongly claimed"), rows)
    out.write("\n")


def _progress_tables(report: Report, out: TextIO) -> None:
    out.write(f"By day (the last {DAYS_SHOWN})\n")
    rows = [
        (p.label, str(p.attempts), _pct(p.accuracy), _num(p.mean_seconds, 1))
        for p in report.days[-DAYS_SHOWN:]
    ]
    _table(out, ("day", "answers", "exact", "mean s"), rows)
    out.write(f"\nBy session (the last {SESSIONS_SHOWN})\n")
    session_rows = [
        (
            _local(p.start),
            p.drill_id or "",
            str(p.attempts),
            _pct(p.accuracy),
            _num(p.mean_seconds, 1),
        )
        for p in report.sessions[-SESSIONS_SHOWN:]
    ]
    _table(out, ("started", "drill set", "answers", "exact", "mean s"), session_rows)


def _table(out: TextIO, head: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for row in [head, *rows]:
        cells = [
            c.ljust(w) if i == 0 or not _numeric(c) else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        out.write("  ".join(cells).rstrip() + "\n")


def _numeric(cell: str) -> bool:
    return cell == "-" or cell.replace(".", "").replace("%", "").isdigit()


# ---------------------------------------------------------------- export


def _export(args: argparse.Namespace, store: StatsStore, out: TextIO, err: TextIO) -> int:
    from trainer.history import exchange
    from trainer.userfiles import FileRefused, replacing

    csv_format = args.format == "csv"
    if args.output is None:
        exchange.write_export(store, out, csv_format=csv_format)
        return 0
    try:  # a new file whole, or the old one as it was (a full disk, a kill)
        with replacing(Path(args.output)) as handle:
            text = io.TextIOWrapper(handle, encoding="utf-8", newline="")
            done = exchange.write_export(store, text, csv_format=csv_format)
            text.flush()
            text.detach()
    except FileRefused as problem:
        raise ValueError(f"{args.output}: {problem}") from None
    what, note = f"{done.answers} answers", ""
    if csv_format and done.games:
        note = f" (CSV keeps the answers only: export JSON to keep the {_games(done.games)})"
    elif done.games:
        what += f" and {_games(done.games)}"
    err.write(f"Exported {what} to {one_line(args.output)}{note}\n")
    return 0


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


# ---------------------------------------------------------------- import


def _import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from trainer.cli.progress import Progress
    from trainer.game.coach.kept_ledger import import_problem
    from trainer.history import exchange
    from trainer.history.exchange import ImportFormatError

    path = Path(args.file)
    # silent unless the import runs over a second; its lines are the program's own text, so
    # on a terminal they go out as they are, carriage returns and all
    progress = Progress(err.target if isinstance(err, Escaped) else err)
    export = exchange.read_export(path)
    try:  # every record is checked, every game played through, before the store is opened
        rows = exchange.rows_from_records(
            export.attempts, lambda n, of: progress.step("checking answers", n, of)
        )
        games = exchange.games_from_records(
            export.games, import_problem, lambda n, of: progress.step("checking games", n, of)
        )
    except ImportFormatError as problem:
        progress.done()
        raise ImportFormatError(f"{path}: {problem}; nothing was imported") from None
    progress.say("writing them to the history")
    with StatsStore.open(args.data_dir) as store:
        try:  # what only the store can tell (a session of another drill set there)
            done = exchange.insert_export(store, rows, games)
        except ImportFormatError as problem:
            raise ImportFormatError(f"{path}: {problem}; nothing was imported") from None
        finally:
            progress.done()
        out.write(
            f"Imported {done.added} answers from {one_line(path)}; {done.skipped} already "
            f"recorded, skipped (history: {one_line(store.path)})\n"
        )
        if games:
            out.write(
                f"Imported {_games(done.games_added)}; {done.games_skipped} already kept, skipped\n"
            )
    return 0
