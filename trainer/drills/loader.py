"""Drill files: finding them (built-in, the player's, ``--drills``), reading and looking up.

The YAML is read with a safe loader (``yaml.safe_load``'s, refusing a field given
twice) and validated by `trainer.drills.schema`; one broken file never stops the
others from loading.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from trainer.drills.feasible import check_satisfiable
from trainer.drills.model import DrillError, DrillSet
from trainer.drills.schema import parse_drill
from trainer.locations import user_drills_dir


class UniqueKeys(yaml.constructor.SafeConstructor):
    """`yaml.safe_load`'s constructor, refusing a field given twice (YAML would keep the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, str | int) and key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"field {key!r} is given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


class UniqueKeySafeLoader(UniqueKeys, yaml.SafeLoader):
    """The safe loader with PyYAML's own parser, whose error messages say the most."""


class FastUniqueKeySafeLoader(UniqueKeys, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same, with the parser of libyaml where PyYAML has it: three times as fast."""


def read_yaml(text: str) -> object:
    """Plain data from YAML text (safe: no tags run); a field given twice is refused. A text
    that is not valid YAML is read again by PyYAML's own parser, for its clearer message."""
    try:
        return yaml.load(text, Loader=FastUniqueKeySafeLoader)
    except yaml.YAMLError:
        return yaml.load(text, Loader=UniqueKeySafeLoader)


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
        data = read_yaml(text)
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
