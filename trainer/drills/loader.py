"""Drill files: finding them (built-in, the player's, ``--drills``), reading and looking up.

A drill file is something players share, so it is read as hostile: only a regular file
of at most `SMALL_FILE_BYTES` (`trainer.userfiles`), parsed by `trainer.safe_yaml` (no
aliases, bounded nesting and numbers), validated by `trainer.drills.schema`. Every
problem is a `DrillError` naming the file and field, and one broken file never stops
the others from loading.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from trainer import safe_yaml, userfiles
from trainer.drills.feasible import check_satisfiable
from trainer.drills.model import DrillError, DrillSet
from trainer.drills.schema import parse_drill
from trainer.locations import user_drills_dir
from trainer.textguard import control_problem, excerpt


@dataclass(frozen=True)
class DrillEntry:
    """A drill file found on disk: its id and either the loaded set or the error."""

    id: str
    source: str
    drill: DrillSet | None
    error: str | None
    builtin: bool = False


def builtin_drills_dir() -> Path:
    """The built-in drill sets: inside the installed package, or ``drills/`` in a checkout."""
    packaged = Path(str(resources.files("trainer") / "builtin_drills"))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "drills"


def drill_dirs(data_dir: str | None = None, extra: Iterable[str] = ()) -> list[tuple[Path, bool]]:
    """Where drills come from, as (folder, is built-in): the built-in sets, the player's
    config folder, then each extra folder (``--drills``); later ones override earlier."""
    dirs = [(builtin_drills_dir(), True), (user_drills_dir(data_dir), False)]
    dirs += [(Path(d).expanduser(), False) for d in extra]
    return dirs


def load_drill(
    path: str | os.PathLike[str], *, builtin: bool = False, deep: bool = True
) -> DrillSet:
    """Read and validate one drill file; raise `DrillError` naming the file and field, for
    any problem at all (a failure nobody foresaw is ``file: cannot be used (...)``).

    ``deep=False`` skips `check_satisfiable` (the part that needs the deal tables).
    """
    p = Path(path)
    source = f"drills/{p.name}" if builtin else str(p)
    try:
        return _load(p, source, builtin=builtin, deep=deep)
    except DrillError:
        raise
    except Exception as err:  # the last net: one file never stops the others
        raise _unusable(source, err) from None


def _unusable(source: str, err: BaseException) -> DrillError:
    """The error for a drill that failed in a way no check foresaw, quoting it briefly."""
    return DrillError(f"{source}: cannot be used ({type(err).__name__}: {excerpt(str(err))})")


def _load(p: Path, source: str, *, builtin: bool, deep: bool) -> DrillSet:
    problem = _id_problem(p.stem)
    if problem is not None:
        raise DrillError(f"{source}: file name: {problem}")
    try:
        text = userfiles.read_text(p, limit=userfiles.SMALL_FILE_BYTES)
    except userfiles.FileRefused as err:
        raise DrillError(f"{source}: {err}") from None
    try:
        data = safe_yaml.load(text)
    except safe_yaml.YamlError as err:
        field = "" if err.field is None else f"{err.field}: "
        raise DrillError(f"{source}: {field}{err}") from None
    return parse_drill(data, drill_id=p.stem, source=source, builtin=builtin, deep=deep)


def _id_problem(stem: str) -> str | None:
    """Why a file's name cannot be a drill's id, which is printed: a control character, or
    a byte that is not UTF-8 (it would be written back to the terminal as it is)."""
    try:
        stem.encode("utf-8")
    except UnicodeEncodeError as err:
        return f"is not UTF-8 text (character {err.start + 1})"
    return control_problem(stem)


def load_all(dirs: Iterable[tuple[Path, bool]], *, deep: bool = True) -> list[DrillEntry]:
    """Every ``*.yaml`` drill in the given (folder, is-built-in) pairs, sorted; later folders
    override earlier ones with the same id. Broken files become entries with an error."""
    found: dict[str, DrillEntry] = {}
    for folder, builtin in dirs:
        if not folder.is_dir():
            continue
        for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
            try:
                drill = load_drill(path, builtin=builtin, deep=deep)
                entry = DrillEntry(drill.id, drill.source, drill, None, builtin)
            except DrillError as err:
                source = f"drills/{path.name}" if builtin else str(path)
                entry = DrillEntry(path.stem, source, None, str(err), builtin)
            found[path.stem] = entry
    return sorted(found.values(), key=_drill_order)


def _drill_order(entry: DrillEntry) -> tuple[int, int, str]:
    """Built-in drills first, each group by its ``order`` field, then by file name."""
    order = entry.drill.order if entry.drill is not None else 1000
    return (0 if entry.builtin else 1, order, entry.source)


def deep_check(
    entries: Sequence[DrillEntry], stop: Callable[[], bool] = lambda: False
) -> list[DrillEntry]:
    """Entries after `check_satisfiable`: a drill no deal can satisfy becomes an error entry.
    The dealers of the others are prepared (`Dealer.prepare`), so the first deal is quick.

    ``stop`` is asked before each drill; once it says so, the rest are left unchecked.
    """
    checked = []
    for entry in entries:
        if entry.drill is not None and not stop():
            try:
                check_satisfiable(entry.drill)
                for crib in entry.drill.show_kinds():
                    entry.drill.dealer(crib).prepare()
            except DrillError as err:
                entry = DrillEntry(entry.id, entry.source, None, str(err), entry.builtin)
            except Exception as err:  # as in load_drill: the others still load
                error = str(_unusable(entry.source, err))
                entry = DrillEntry(entry.id, entry.source, None, error, entry.builtin)
        checked.append(entry)
    return checked


def reload_all(
    dirs: Iterable[tuple[Path, bool]],
    known: Sequence[DrillEntry],
    stop: Callable[[], bool] = lambda: False,
) -> list[DrillEntry] | None:
    """The drill folders read again (a file added, changed or removed while the trainer
    runs), or None when nothing changed. An entry read as it was is kept as it was (checked
    already, or still to be); a new or changed one is checked now (`deep_check`)."""
    kept = {(e.id, e.source): e for e in known}
    found = []
    for entry in load_all(dirs, deep=False):
        old = kept.get((entry.id, entry.source))
        if old is not None and (old.drill, old.error) == (entry.drill, entry.error):
            found.append(old)
        else:
            found.extend(deep_check([entry], stop=stop))
    return None if found == list(known) else found


def find_drill(entries: Sequence[DrillEntry], name: str) -> DrillSet:
    """The drill with id (file name without .yaml) or name ``name``; `DrillError` otherwise."""
    for entry in entries:
        matches = entry.id == name or (entry.drill is not None and entry.drill.name == name)
        if matches:
            if entry.drill is None:
                raise DrillError(entry.error or f"{entry.source}: cannot be loaded")
            return entry.drill
    known = ", ".join(e.id for e in entries)
    raise DrillError(f"no drill set named {excerpt(name)} (known: {known})")
