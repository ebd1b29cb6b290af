"""Drill sets: the YAML files that say what to deal, how to claim, and how claims are judged.

This module finds the files (built-in, the player's, ``--drills``), loads them
and looks drills up; one broken file never stops the others from loading.
Validation lives in `trainer.drill_schema` and the `DrillSet` model in
`trainer.drill_model`; the rest of the code imports both from here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import yaml

from trainer.drill_model import CRIB_SIZE as CRIB_SIZE
from trainer.drill_model import HAND_SIZE as HAND_SIZE
from trainer.drill_model import ClaimStyle as ClaimStyle
from trainer.drill_model import DrillError as DrillError
from trainer.drill_model import DrillKind as DrillKind
from trainer.drill_model import DrillSet as DrillSet
from trainer.drill_model import Focus as Focus
from trainer.drill_model import Variant as Variant
from trainer.drill_schema import DEAL_FIELDS as DEAL_FIELDS
from trainer.drill_schema import FIELDS as FIELDS
from trainer.drill_schema import TIME_FIELDS as TIME_FIELDS
from trainer.drill_schema import UniqueKeySafeLoader
from trainer.drill_schema import check_satisfiable as check_satisfiable
from trainer.drill_schema import describe_possible as describe_possible
from trainer.drill_schema import parse_drill as parse_drill


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
    return Path(__file__).resolve().parent.parent / "drills"


def load_drill(
    path: str | os.PathLike[str], *, builtin: bool = False, deep: bool = True
) -> DrillSet:
    """Read and validate one drill file; raise `DrillError` naming the file and field.

    ``deep=False`` skips `check_satisfiable` (the part that needs the deal tables).
    """
    p = Path(path)
    source = f"drills/{p.name}" if builtin else str(p)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DrillError(f"{source}: cannot be read: {err}") from None
    try:
        data = yaml.load(text, Loader=UniqueKeySafeLoader)  # a SafeLoader: plain data only
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        if isinstance(err, yaml.constructor.ConstructorError):
            raise DrillError(f"{source}: {where}{problem}") from None
        raise DrillError(f"{source}: {where}not valid YAML: {problem}") from None
    return parse_drill(data, drill_id=p.stem, source=source, builtin=builtin, deep=deep)


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

    ``stop`` is asked before each drill; once it says so, the rest are left unchecked.
    """
    checked = []
    for entry in entries:
        if entry.drill is not None and not stop():
            try:
                check_satisfiable(entry.drill)
            except DrillError as err:
                entry = DrillEntry(entry.id, entry.source, None, str(err), entry.builtin)
        checked.append(entry)
    return checked


def find_drill(entries: Sequence[DrillEntry], name: str) -> DrillSet:
    """The drill with id (file name without .yaml) or name ``name``; `DrillError` otherwise."""
    for entry in entries:
        matches = entry.id == name or (entry.drill is not None and entry.drill.name == name)
        if matches:
            if entry.drill is None:
                raise DrillError(entry.error or f"{entry.source}: cannot be loaded")
            return entry.drill
    known = ", ".join(e.id for e in entries)
    raise DrillError(f"no drill set named {name!r} (known: {known})")
