"""Drill sets: the YAML files that say what to deal, how to claim, and how claims are judged.

A file is read with a safe loader (``yaml.safe_load``'s, refusing a field given
twice) and validated into a frozen `DrillSet`.
Every problem is a `DrillError` naming the file, the field and what is wrong;
one broken file never stops the others from loading. Constraints no deal can
satisfy are refused at load time, from the exact deal tables.
"""

from __future__ import annotations

import difflib
import math
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal, cast, get_args

import yaml

from trainer.cards import RANK_NAMES
from trainer.constraints import FEATURES, POLICIES, Constraints, Deal, DealError, Policy

if TYPE_CHECKING:
    from trainer.dealing import Dealer, DeckDealer

Variant = Literal["standard", "five-card", "three-player", "four-player", "four-player-five"]
DrillKind = Literal["hand", "crib", "mixed", "play", "catch"]
ClaimStyle = Literal["total", "announce"]
Focus = Literal["weak-spots"]

HAND_SIZE: Final[dict[str, int]] = {
    "standard": 4,
    "five-card": 3,
    "three-player": 4,
    "four-player": 4,
    "four-player-five": 5,
}
"""Cards shown in a hand (besides the starter) per variant; a crib always shows 4."""

CRIB_SIZE: Final = 4

VARIANT_NAMES: Final[dict[str, str]] = {
    "standard": "two players, 6 dealt, 4 kept",
    "five-card": "the historic five-card game: 3-card hands, to 61",
    "three-player": "three players, 5 dealt, 4 kept",
    "four-player": "four players in partnerships, 5 dealt, 4 kept",
    "four-player-five": "four players each for themselves: 5-card hands",
}

FIELDS: Final = (
    "name",
    "description",
    "order",
    "variant",
    "kind",
    "crib_share",
    "hands",
    "time",
    "claim",
    "muggins",
    "nineteen",
    "seed",
    "opponent_errors",
    "focus",
    "deal",
)
DEAL_FIELDS: Final = ("score", "fifteens", "require", "exclude", "ranks", "avoid_ranks")
TIME_FIELDS: Final = ("per_hand", "total")

_RANK_TOKENS: Final = {
    "A": 1,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    **{str(n): n for n in range(1, 11)},
}


class DrillError(ValueError):
    """A drill file that cannot be used; the message names the file, the field and the problem."""


@dataclass(frozen=True)
class DrillSet:
    """One validated drill set."""

    id: str
    name: str
    description: str
    variant: Variant = "standard"
    kind: DrillKind = "hand"
    crib_share: float = 0.0
    hands: int | None = 10
    per_hand_seconds: float | None = None
    total_seconds: float | None = None
    claim: ClaimStyle = "total"
    muggins: Policy = "acc"
    nineteen: bool = True
    seed: int | None = None
    opponent_errors: float = 0.5
    constraints: Constraints = field(default_factory=Constraints)
    focus: Focus | None = None
    """``weak-spots``: deal what the player misses most (the trainer aims it at start)."""
    order: int = 100
    muggins_set: bool = field(default=True, repr=False, compare=False)
    """The file chose its policy; otherwise the player's default applies (`with_defaults`)."""
    nineteen_set: bool = field(default=True, repr=False, compare=False)
    scores_listed: bool = field(default=False, repr=False, compare=False)
    """deal.score was one score or a list (each must be possible), not a range."""
    source: str = ""
    builtin: bool = False

    @property
    def hand_size(self) -> int:
        """Cards in a hand of this drill's variant (cribs always show 4)."""
        return HAND_SIZE[self.variant]

    @property
    def timed(self) -> bool:
        return self.per_hand_seconds is not None or self.total_seconds is not None

    @property
    def blitz(self) -> bool:
        """A whole-drill clock with no fixed number of hands: as many as you can."""
        return self.total_seconds is not None and self.hands is None

    def dealer(self, crib: bool) -> Dealer | DeckDealer:
        """The dealer for this drill's hands (``crib=False``) or cribs."""
        from trainer.dealing import make_dealer  # the dealing machinery, only when dealing

        size = CRIB_SIZE if crib else self.hand_size
        return make_dealer(size, crib, self.constraints)

    def with_defaults(self, muggins: Policy, nineteen: bool) -> DrillSet:
        """This drill with the player's default policy and nineteen rule where the file
        chose none (a drill's own choice always wins)."""
        return replace(
            self,
            muggins=self.muggins if self.muggins_set else muggins,
            nineteen=self.nineteen if self.nineteen_set else nineteen,
        )

    def deal(self, rng: random.Random) -> Deal:
        """The next show to count, drawn from ``rng``; its seed replays it (`replay`)."""
        return self.replay(rng.getrandbits(63))

    def replay(self, seed: int) -> Deal:
        """The show that ``seed`` deals in this drill: the same seed, the same cards."""
        if self.kind == "play":
            raise DealError(f"{self.source}: play drills deal plays, not shows")
        local = random.Random(seed)
        kinds = self.show_kinds()
        crib = kinds[0] if len(kinds) == 1 else local.random() < self.crib_share
        hand, starter = self.dealer(crib).draw(local)
        return Deal(hand, starter, crib, seed)

    def show_kinds(self) -> list[bool]:
        """Which shows the drill deals: ``False`` for hands, ``True`` for cribs."""
        if self.kind == "play":
            return []
        if self.kind == "crib" or (self.kind in ("mixed", "catch") and self.crib_share >= 1):
            return [True]
        if self.crib_share > 0:
            return [False, True]
        return [False]


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
        data = yaml.load(text, Loader=_UniqueKeySafeLoader)  # a SafeLoader: plain data only
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        if isinstance(err, yaml.constructor.ConstructorError):
            raise DrillError(f"{source}: {where}{problem}") from None
        raise DrillError(f"{source}: {where}not valid YAML: {problem}") from None
    return parse_drill(data, drill_id=p.stem, source=source, builtin=builtin, deep=deep)


class _UniqueKeySafeLoader(yaml.SafeLoader):
    """`yaml.safe_load`'s loader, refusing a field given twice (YAML would keep the last)."""

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


def parse_drill(
    data: object, *, drill_id: str, source: str, builtin: bool = False, deep: bool = True
) -> DrillSet:
    """Validate already-parsed YAML data into a `DrillSet`."""
    return _Parser(source).drill(data, drill_id, builtin, deep)


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


def _scores_listed(deal: object) -> bool:
    return isinstance(deal, dict) and isinstance(deal.get("score"), int | list)


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


class _Parser:
    """Validation with error messages of the form ``file: field: problem``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> DrillError:
        return DrillError(
            f"{self.source}: {where}: {problem}" if where else f"{self.source}: {problem}"
        )

    def drill(self, data: object, drill_id: str, builtin: bool, deep: bool) -> DrillSet:
        if not isinstance(data, dict):
            raise self.fail("", "a drill set is a mapping of fields (name: ..., description: ...)")
        self.unknown(data, FIELDS, "")
        name = self.text(data, "name")
        description = self.text(data, "description")
        variant = cast(Variant, self.choice(data, "variant", get_args(Variant), "standard"))
        kind = cast(DrillKind, self.choice(data, "kind", get_args(DrillKind), "hand"))
        claim = cast(ClaimStyle, self.choice(data, "claim", get_args(ClaimStyle), "total"))
        if data.get("muggins") is False:
            # YAML 1.1 reads a bare `off` as false; the player meant the policy.
            data = {**data, "muggins": "off"}
        policy = cast(Policy, self.choice(data, "muggins", POLICIES, "acc"))
        nineteen = self.boolean(data, "nineteen", True)
        if claim == "announce" and kind in ("play", "catch"):
            raise self.fail("claim", f"{kind} drills are answered with a total; use claim: total")
        crib_share = self.crib_share(data, kind)
        per_hand, total_time = self.time(data)
        hands = self.hands(data, total_time)
        seed = self.seed(data)
        errors = self.fraction(data, "opponent_errors", 0.5, only_for=("catch",), kind=kind)
        constraints = self.constraints(data, kind)
        focus = data.get("focus")
        if focus is not None and focus not in get_args(Focus):
            raise self.fail("focus", f"must be weak-spots, got {focus!r}")
        if focus is not None and kind in ("play",):
            raise self.fail("focus", "weak-spots deals shows: not for play drills")
        order = data.get("order", 100)
        if isinstance(order, bool) or not isinstance(order, int):
            raise self.fail("order", f"must be a whole number, got {order!r}")
        drill = DrillSet(
            id=drill_id,
            name=name,
            description=description,
            variant=variant,
            kind=kind,
            crib_share=crib_share,
            hands=hands,
            per_hand_seconds=per_hand,
            total_seconds=total_time,
            claim=claim,
            muggins=policy,
            nineteen=nineteen,
            muggins_set="muggins" in data,
            nineteen_set="nineteen" in data,
            seed=seed,
            opponent_errors=errors,
            constraints=constraints,
            focus=cast("Focus | None", focus),
            scores_listed=_scores_listed(data.get("deal")),
            order=order,
            source=self.source,
            builtin=builtin,
        )
        if deep:
            check_satisfiable(drill)
        return drill

    # ------------------------------------------------------------ field readers

    def unknown(self, data: Mapping[Any, Any], allowed: Sequence[str], prefix: str) -> None:
        for key in data:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), allowed, n=1)
                also = (
                    f" (did you mean {hint[0]!r}?)" if hint else f" (known: {', '.join(allowed)})"
                )
                raise self.fail(f"{prefix}{key}", f"unknown field{also}")

    def text(self, data: Mapping[str, Any], key: str) -> str:
        value = data.get(key)
        if value is None:
            raise self.fail(key, "is required")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be text, got {value!r}")
        return " ".join(value.split())

    def choice(
        self, data: Mapping[str, Any], key: str, options: Sequence[str], default: str
    ) -> str:
        value = data.get(key, default)
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, got {value!r}")
        return str(value)

    def boolean(self, data: Mapping[str, Any], key: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {value!r}")
        return value

    def number(self, value: object, where: str) -> float:
        problem = f"must be a positive number of seconds, got {value!r}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(where, problem)
        if not math.isfinite(value) or value <= 0:
            raise self.fail(where, problem)
        return float(value)

    def fraction(
        self,
        data: Mapping[str, Any],
        key: str,
        default: float,
        *,
        only_for: Sequence[str],
        kind: str,
    ) -> float:
        if key not in data:
            return default
        if kind not in only_for:
            raise self.fail(key, f"only applies to {' and '.join(only_for)} drills")
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise self.fail(key, f"must be a number from 0 to 1, got {value!r}")
        return float(value)

    def crib_share(self, data: Mapping[str, Any], kind: str) -> float:
        defaults = {"hand": 0.0, "crib": 1.0, "mixed": 0.5, "play": 0.0, "catch": 0.0}
        value = self.fraction(
            data, "crib_share", defaults[kind], only_for=("mixed", "catch"), kind=kind
        )
        return value

    def time(self, data: Mapping[str, Any]) -> tuple[float | None, float | None]:
        value = data.get("time")
        if value is None:
            return None, None
        if not isinstance(value, dict):
            raise self.fail("time", f"must be a mapping with per_hand and/or total, got {value!r}")
        self.unknown(value, TIME_FIELDS, "time.")
        per_hand = value.get("per_hand")
        total = value.get("total")
        if per_hand is None and total is None:
            raise self.fail("time", "give per_hand, total or both (seconds)")
        return (
            None if per_hand is None else self.number(per_hand, "time.per_hand"),
            None if total is None else self.number(total, "time.total"),
        )

    def hands(self, data: Mapping[str, Any], total_time: float | None) -> int | None:
        if "hands" not in data or data["hands"] is None:
            return None if total_time is not None else 10
        value = data["hands"]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail("hands", f"must be a positive integer, got {value!r}")
        if value > 1000:
            raise self.fail("hands", f"at most 1000 deals in one drill, got {value}")
        return value

    def seed(self, data: Mapping[str, Any]) -> int | None:
        value = data.get("seed")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail("seed", f"must be a whole number 0 or more, got {value!r}")
        return value

    # ------------------------------------------------------------ deal constraints

    def constraints(self, data: Mapping[str, Any], kind: str) -> Constraints:
        deal = data.get("deal")
        if deal is None:
            return Constraints()
        if kind == "play":
            raise self.fail("deal", "play drills take no deal constraints")
        if not isinstance(deal, dict):
            raise self.fail("deal", f"must be a mapping of constraints, got {deal!r}")
        self.unknown(deal, DEAL_FIELDS, "deal.")
        fifteens = deal.get("fifteens", 0)
        if isinstance(fifteens, bool) or not isinstance(fifteens, int) or fifteens < 0:
            raise self.fail("deal.fifteens", f"must be a whole number 0 or more, got {fifteens!r}")
        require = self.features(deal, "require")
        exclude = self.features(deal, "exclude")
        both = require & exclude
        if both:
            raise self.fail("deal", f"{', '.join(sorted(both))} is both required and excluded")
        ranks = self.ranks(deal.get("ranks"), "deal.ranks")
        avoid = self.ranks(deal.get("avoid_ranks"), "deal.avoid_ranks")
        if ranks & avoid:
            names = ", ".join(RANK_NAMES[r] for r in sorted(ranks & avoid))
            verb = "is" if len(ranks & avoid) == 1 else "are"
            raise self.fail("deal", f"rank {names} {verb} both in ranks and avoid_ranks")
        return Constraints(
            scores=self.scores(deal.get("score")),
            min_fifteens=fifteens,
            require=require,
            exclude=exclude,
            ranks=ranks,
            avoid_ranks=avoid,
        )

    def features(self, deal: Mapping[str, Any], key: str) -> frozenset[str]:
        value = deal.get(key)
        if value is None:
            return frozenset()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(f"deal.{key}", f"must be a list of features, got {value!r}")
        for item in value:
            if not isinstance(item, str) or item not in FEATURES:
                hint = difflib.get_close_matches(str(item), list(FEATURES), n=1)
                also = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise self.fail(
                    f"deal.{key}",
                    f"unknown feature {item!r}{also}; known: {', '.join(FEATURES)}",
                )
        return frozenset(value)

    def ranks(self, value: object, where: str) -> frozenset[int]:
        if value is None:
            return frozenset()
        items = value if isinstance(value, list) else [value]
        ranks = set()
        for item in items:
            rank = (
                _RANK_TOKENS.get(str(item).strip().upper()) if not isinstance(item, bool) else None
            )
            if rank is None:
                raise self.fail(where, f"{item!r} is not a rank (A 2-10 J Q K)")
            ranks.add(rank)
        return frozenset(ranks)

    def scores(self, value: object) -> frozenset[int] | None:
        if value is None:
            return None
        where = "deal.score"
        if isinstance(value, bool):
            raise self.fail(where, f"must be a score, a list of scores or min/max, got {value!r}")
        if isinstance(value, int):
            return frozenset([self.score_value(value, where)])
        if isinstance(value, list):
            if not value:
                raise self.fail(where, "the list of scores is empty")
            return frozenset(self.score_value(v, where) for v in value)
        low: object
        high: object
        if isinstance(value, str) and "-" in value:
            low_text, _, high_text = value.partition("-")
            try:
                low, high = int(low_text), int(high_text)
            except ValueError:
                raise self.fail(where, f"{value!r} is not a range like 20-29") from None
        elif isinstance(value, dict):
            self.unknown(value, ("min", "max"), "deal.score.")
            low, high = value.get("min", 0), value.get("max", 99)
        else:
            raise self.fail(where, f"must be a score, a list of scores or min/max, got {value!r}")
        low_i = self.score_value(low, where)
        high_i = self.score_value(high, where)
        if low_i > high_i:
            raise self.fail(where, f"min {low_i} is above max {high_i}")
        return frozenset(range(low_i, high_i + 1))

    def score_value(self, value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(where, f"{value!r} is not a score (a whole number 0 or more)")
        return value


def check_satisfiable(drill: DrillSet) -> None:
    """Refuse impossible scores and constraint sets, from the exact deal tables.

    The costly part of loading a drill (the tables take a fraction of a second to
    build once per process), so the trainer runs it in the background.
    """
    from trainer import odds

    c = drill.constraints
    if c.unconstrained:
        return
    parser = _Parser(drill.source)
    for crib in drill.show_kinds():
        size = CRIB_SIZE if crib else drill.hand_size
        what = f"{size}-card {'cribs' if crib else 'hands'}"
        possible = set(odds.possible_scores(size, crib))
        if c.scores is not None:
            if drill.scores_listed:
                for score in sorted(c.scores):
                    if score not in possible:
                        raise parser.fail(
                            "deal.score",
                            f"{score} is not a possible score for {what} "
                            f"({describe_possible(size, crib)})",
                        )
            elif not c.scores & possible:
                raise parser.fail(
                    "deal.score",
                    f"no possible score for {what} is in {min(c.scores)}-{max(c.scores)} "
                    f"({describe_possible(size, crib)})",
                )
        if drill.dealer(crib).deals == 0:
            raise parser.fail("deal", f"no {what[:-1]} satisfies all of these constraints")


def describe_possible(size: int, crib: bool) -> str:
    """The possible scores in words: ``0-29, never 19, 25, 26, 27``."""
    from trainer import odds

    dist = odds.distribution(size, crib)
    top = max(s for s, n in dist.items() if n)
    never = [str(s) for s in range(top + 1) if not dist[s]]
    return f"0-{top}" + (f", never {', '.join(never)}" if never else "")
