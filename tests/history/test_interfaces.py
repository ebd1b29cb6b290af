"""The history's users import `trainer.history` and its parts' interfaces, never a module
inside: import-linter holds the package to it (a contract in pyproject.toml), and this
test holds the tests, benchmarks and scripts, which import-linter does not see."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PARTS = {"exchange", "file", "reading", "writing"}
INTERFACES = (
    "trainer.history",
    "trainer.history.exchange",
    "trainer.history.file",
    "trainer.history.reading",
    "trainer.history.writing",
)


def _python_files() -> list[Path]:
    found = [p for d in ("tests", "benchmarks") for p in sorted((ROOT / d).rglob("*.py"))]
    for script in sorted((ROOT / "scripts").iterdir()):
        if script.is_file() and script.read_bytes().startswith(b"#!/usr/bin/env python"):
            found.append(script)
    return found


def _history_imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """Every import of the history in the file: (line, module, names)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("trainer.history"):
            found.append((node.lineno, str(node.module), [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name, []) for a in node.names if "trainer.history" in a.name]
    return found


@pytest.mark.parametrize("interface", INTERFACES)
def test_each_interface_offers_what_it_lists(interface: str) -> None:
    module = importlib.import_module(interface)
    assert module.__all__ == sorted(module.__all__, key=lambda n: (not n.isupper(), n))
    for name in module.__all__:
        assert not isinstance(getattr(module, name), type(module)), name  # names, not modules


def test_tests_benchmarks_and_scripts_import_the_interfaces_only() -> None:
    offered = {i: set(importlib.import_module(i).__all__) for i in INTERFACES}
    deep = []
    for path in _python_files():
        for line, module, names in _history_imports(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if module not in offered:
                deep.append(f"{where}: {module}")
                continue
            parts = PARTS if module == "trainer.history" else set()  # a part, as a whole
            deep += [f"{where}: {module}.{n}" for n in names if n not in offered[module] | parts]
    assert not deep, "import these from an interface (or add them to its __all__):\n" + "\n".join(
        deep
    )
