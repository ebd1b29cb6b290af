"""Loading a benchmark script (they live in benchmarks/, not in a package) for its smoke test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_bench(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module, registered under ``name`` (its dataclasses look
    their module up there)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
