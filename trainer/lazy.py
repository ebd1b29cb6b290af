"""A package's names imported on first use (PEP 562), so that a start-up needing one module
of a package does not pay for all the others its ``__init__`` names."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def exports(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The package's module ``__getattr__``: each name in ``homes`` comes from the module
    it names, imported when the name is first asked for, and kept on the package."""

    def attribute(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    return attribute
