"""Groups: the combinations of a count as players name them, a second view over its items.

Players do not name each pair of three fives; they say "a pair royal". A
run with a rank doubled is "a double run", its two runs and its pair said as
one. A group is one such name over one or more items of a breakdown, in the
order a count is announced: fifteens, pairs, runs (a multiple run, with the
pairs inside it, is said where the runs are), flush, nobs. `Breakdown.items`
stays the list of single combinations; speech, judging and the screens read
the groups.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from trainer.rules.cards import Card, sort_key
from trainer.rules.frozen import frozen_value

if TYPE_CHECKING:  # the names of kinds only: scoring a show needs none of the combinations
    from trainer.rules.combos import Kind


class Combination(Protocol):
    """Anything with a kind, cards and points: an `Item`, or a claimed one."""

    @property
    def kind(self) -> str: ...

    @property
    def cards(self) -> Collection[Card]: ...

    @property
    def points(self) -> int: ...


_PAIR_NAMES: Final = {2: "pair", 3: "pair royal", 4: "double pair royal"}
_PAIRS_BY_COUNT: Final = {1: "pair", 3: "pair royal", 6: "double pair royal"}
"""Pairs of one rank by how many there are (two pairs of one rank are said "two pairs")."""
_RUN_NAMES: Final = {
    (2,): "double run",
    (3,): "triple run",
    (4,): "quadruple run",
    (2, 2): "double-double run",
    (3, 2): "triple-double run",
    (2, 2, 2): "double-double-double run",
}
"""A multiple run by the multiplicities of its repeated ranks (most first)."""


def _rank_counts(cards: Iterable[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


def run_shape(cards: Iterable[Card]) -> tuple[int, tuple[int, ...]] | None:
    """(length, repeated-rank multiplicities) if ``cards`` are a run of three or more ranks,
    each rank one or more times; None otherwise."""
    counts = _rank_counts(cards)
    low, high = min(counts, default=0), max(counts, default=0)
    length = high - low + 1
    if length < 3 or len(counts) != length:
        return None
    return length, tuple(sorted((n for n in counts.values() if n > 1), reverse=True))


def group_name(kind: str, cards: Collection[Card]) -> str:
    """What a player calls a combination of these cards claimed as ``kind``: "pair royal",
    "double run", "run"... A claim that is no group of its kind keeps the kind's name."""
    if kind == "pair":
        counts = _rank_counts(cards)
        return _PAIR_NAMES.get(len(cards), "pair") if len(counts) == 1 else "pair"
    if kind == "run":
        shape = run_shape(cards)
        if shape is not None and shape[1]:
            return _RUN_NAMES.get(shape[1], "multiple run")
    return kind


def group_points(kind: str, cards: Collection[Card]) -> int | None:
    """What a group of these cards is worth when it is real (pairs and runs inside it),
    or None when these cards are no group of ``kind`` (a single combination or nothing)."""
    if kind == "pair":
        if len(cards) < 3 or len(_rank_counts(cards)) != 1:
            return None
        n = len(cards)
        return n * (n - 1)
    if kind == "run":
        shape = run_shape(cards)
        if shape is None or not shape[1]:
            return None
        length, repeats = shape
        runs = 1
        for n in repeats:
            runs *= n
        return runs * length + sum(n * (n - 1) for n in repeats)
    return None


@frozen_value
class Group:
    """One thing said in a count: its name, the key it is claimed with, its cards, the
    items it stands for (indices into the breakdown's items) and their points.

    A frozen value compared field by field, as the frozen, slotted dataclass it was (written
    out for the reason `Card` is: a count said needs no `dataclasses`)."""

    __match_args__ = ("name", "kind", "cards", "members", "points", "length")
    __slots__ = ("cards", "kind", "length", "members", "name", "points")

    name: str
    kind: Kind
    cards: tuple[Card, ...]
    members: tuple[int, ...]
    points: int
    length: int
    """A run's length (ranks); otherwise the number of cards."""

    def __init__(
        self,
        name: str,
        kind: Kind,
        cards: tuple[Card, ...],
        members: tuple[int, ...],
        points: int,
        length: int,
    ) -> None:
        values = (name, kind, cards, members, points, length)
        for field, value in zip(self.__match_args__, values, strict=True):
            object.__setattr__(self, field, value)

    def _fields(self) -> tuple[object, ...]:
        return (self.name, self.kind, self.cards, self.members, self.points, self.length)

    if not TYPE_CHECKING:  # frozen: the type checker refuses these itself (`frozen_value`)

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError(f"cannot assign to field {name!r}")

        def __delattr__(self, name: str) -> None:
            raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Group], tuple[object, ...]]:
        return Group, self._fields()

    def __repr__(self) -> str:
        fields = zip(self.__match_args__, self._fields(), strict=True)
        shown = ", ".join(f"{f}={v!r}" for f, v in fields)
        return f"Group({shown})"

    def __eq__(self, other: object) -> bool:
        if type(other) is Group:
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())


def _group(name: str, kind: Kind, items: Sequence[Combination], members: list[int]) -> Group:
    cards: set[Card] = set()
    for n in members:
        cards.update(items[n].cards)
    ordered = tuple(sorted(cards, key=sort_key))
    length = len({c.rank for c in ordered}) if kind == "run" else len(ordered)
    points = sum(items[n].points for n in members)
    return Group(name, kind, ordered, tuple(members), points, length)


def _pair_rank(item: Combination) -> int | None:
    ranks = {c.rank for c in item.cards}
    return next(iter(ranks)) if len(ranks) == 1 else None


def group_items(items: Sequence[Combination]) -> tuple[Group, ...]:
    """The groups of a count, in announcement order, each item in exactly one group."""
    fifteens: list[Group] = []
    pairs: dict[object, list[int]] = {}
    spans: dict[tuple[int, int], list[int]] = {}
    rest: list[Group] = []
    for n, item in enumerate(items):
        if item.kind == "pair":
            rank = _pair_rank(item)
            pairs.setdefault(rank if rank is not None else ("odd", n), []).append(n)
        elif item.kind == "run":
            ranks = [c.rank for c in item.cards]
            spans.setdefault((min(ranks), max(ranks)), []).append(n)
        elif item.kind == "fifteen":
            fifteens.append(_group("fifteen", "fifteen", items, [n]))
        elif item.kind in ("flush", "nobs"):
            kind: Kind = "flush" if item.kind == "flush" else "nobs"
            rest.append(_group(kind, kind, items, [n]))
    runs: list[Group] = []
    for (low, high), members in spans.items():
        if len(members) == 1:
            runs.append(_group("run", "run", items, members))
            continue
        inside = [r for r in pairs if isinstance(r, int) and low <= r <= high]
        joined = sorted(members + [n for r in inside for n in pairs.pop(r)])
        cards = {c for n in joined for c in items[n].cards}
        runs.append(_group(group_name("run", cards), "run", items, joined))
    paired = [
        _group(_PAIRS_BY_COUNT.get(len(ms), "pairs"), "pair", items, ms) for ms in pairs.values()
    ]
    paired.sort(key=lambda g: g.members[0])
    return (*fifteens, *paired, *runs, *rest)
