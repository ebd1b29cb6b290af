"""The trainer runs with what `scripts/start` installs: its dependencies and the `voice`
extra, without the test tools and the browser driver (issue 30). Every package `trainer/`
imports, at the top of a module or inside a function, comes from the standard library or
from a distribution those requirements bring (read from the installed metadata, transitively),
never from one only the `test` or `browser` extras bring (pytest, Hypothesis, Playwright and
what they pull in).
"""

from __future__ import annotations

import ast
import sys
from collections import deque
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]

START_EXTRAS = {"voice"}
"""What `scripts/start` asks `scripts/setup` for."""


def brought(extras: set[str]) -> set[str]:
    """Every distribution installing muggins with `extras` brings, muggins included."""
    seen: set[str] = set()
    queue: deque[tuple[str, frozenset[str]]] = deque([("muggins", frozenset(extras))])
    while queue:
        name, wanted = queue.popleft()
        seen.add(canonicalize_name(name))
        for line in metadata.requires(name) or []:
            requirement = Requirement(line)
            marker = requirement.marker
            if marker is not None and not any(
                marker.evaluate({"extra": extra}) for extra in {"", *wanted}
            ):
                continue
            if canonicalize_name(requirement.name) not in seen:
                queue.append((requirement.name, frozenset(requirement.extras)))
    return seen


def imported_by_trainer() -> dict[str, Path]:
    """Each top-level name `trainer/` imports (not relatively), with a module importing it."""
    names: dict[str, Path] = {}
    for path in sorted((ROOT / "trainer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    names.setdefault(alias.name.partition(".")[0], path)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.setdefault(node.module.partition(".")[0], path)
    return names


def test_the_trainer_imports_nothing_only_the_test_extras_install() -> None:
    runtime = brought(START_EXTRAS)
    everything = brought(START_EXTRAS | {"test", "browser"})
    test_only = everything - runtime
    assert {"pytest", "hypothesis", "mypy", "ruff", "playwright"} <= test_only
    assert {"textual", "textual-serve", "pocketsphinx", "sounddevice"} <= runtime
    providers = metadata.packages_distributions()
    wrong = {}
    for name, path in imported_by_trainer().items():
        if name in sys.stdlib_module_names or name == "trainer":
            continue
        dists = {canonicalize_name(dist) for dist in providers.get(name, [])}
        if not dists & runtime:
            wrong[name] = (sorted(dists) or "nothing installed", str(path.relative_to(ROOT)))
    assert wrong == {}, "imported by trainer/ but not installed by scripts/start"
