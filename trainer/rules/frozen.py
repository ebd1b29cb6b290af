"""Copies of frozen dataclass values with some fields changed, made cheaply.

The play and the game's states are frozen dataclasses, and every card laid and
every step of a game makes new ones from the old with a field or two changed.
`dataclasses.replace` looks the fields up and runs ``__init__`` each time; these
classes have no ``__post_init__``, no ``InitVar`` and no cached property, so a
copy of the instance's dict with the changes in it is the same value, made
four to five times faster (a simulated game makes tens of thousands).

`frozen_value` marks the few values written out rather than made by `dataclasses` (a
card, a group of a count: what ``muggins score`` needs, which `dataclasses` would cost
more to import than the whole count), so the type checker holds them to what it holds a
frozen dataclass to.
"""

from __future__ import annotations

from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_make = object.__new__
_set = object.__setattr__


def evolve(value: T, /, **changes: Any) -> T:
    """``value`` with ``changes`` made, as `dataclasses.replace` gives it; a name that is not
    one of its fields raises `TypeError`, as there. Only for dataclasses (frozen or not)
    whose fields are all set by ``__init__`` and that keep nothing else in their dict."""
    fields: dict[str, Any] = value.__dict__
    if not changes.keys() <= fields.keys():
        unknown = ", ".join(sorted(changes.keys() - fields.keys()))
        raise TypeError(f"{type(value).__name__} has no field {unknown}")
    new = _make(type(value))
    _set(new, "__dict__", {**fields, **changes})
    return new


@dataclass_transform(frozen_default=True)
def frozen_value(cls: type[T]) -> type[T]:
    """Nothing at run time; for the type checker, ``cls`` is a frozen dataclass (no field
    assigned, no attribute added, ``__init__`` and patterns by its fields). The class
    writes out its own ``__init__``, ``__eq__``, ``__hash__``, ``__repr__`` and refusals,
    the last under ``if not TYPE_CHECKING`` (a ``__setattr__`` would let any attribute by)."""
    return cls
