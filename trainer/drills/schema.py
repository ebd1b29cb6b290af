"""Validating a drill file's fields into a DrillSet: every problem named by file and field.

Each problem is a `DrillError` of the form ``file: field: problem``, quoting a value
only through `trainer.textguard.excerpt` (a file's value may be huge or hold control
characters). Numbers that size something are bounded before anything is built: score
ranges by the most the drill's shows can score, times by `MAX_SECONDS`. Whether any deal
can satisfy the constraints is `trainer.drills.feasible`'s question.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast, get_args

from trainer.drills.deal_schema import FieldReader
from trainer.drills.feasible import check_satisfiable, most_points
from trainer.drills.model import (
    ClaimStyle,
    DrillKind,
    DrillSet,
    Focus,
    Variant,
    seed_problem,
)
from trainer.judge.policy import POLICIES, Policy
from trainer.textguard import control_problem, excerpt

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
    "second_try",
    "seed",
    "opponent_errors",
    "focus",
    "deal",
)
TIME_FIELDS: Final = ("per_hand", "total")
MAX_SECONDS: Final = 86_400
"""The longest a drill's clock may run, per hand or in all: a day."""
TEXT_CHARS: Final = {"name": 80, "description": 1000}
"""The longest name and description, in characters once spaces are folded."""


def parse_drill(
    data: object, *, drill_id: str, source: str, builtin: bool = False, deep: bool = True
) -> DrillSet:
    """Validate already-parsed YAML data into a `DrillSet`."""
    return _Parser(source).drill(data, drill_id, builtin, deep)


def _scores_listed(deal: object) -> bool:
    return isinstance(deal, dict) and isinstance(deal.get("score"), int | list)


class _Parser(FieldReader):
    """A whole drill file: its fields, then its deal constraints (`FieldReader`)."""

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
        second_try = self.boolean(data, "second_try", False)
        if second_try and (claim != "total" or kind in ("play", "catch", "discard")):
            raise self.fail("second_try", "a second try is for counts claimed as a total")
        if claim == "announce" and kind in ("play", "catch"):
            raise self.fail("claim", f"{kind} drills are answered with a total; use claim: total")
        if claim == "announce" and kind == "discard":
            raise self.fail("claim", "discard drills are answered with a throw; leave claim out")
        crib_share = self.crib_share(data, kind)
        per_hand, total_time = self.time(data)
        hands = self.hands(data, total_time)
        seed = self.seed(data)
        errors = self.fraction(data, "opponent_errors", 0.5, only_for=("catch",), kind=kind)
        constraints = self.constraints(data, kind, most_points(variant, kind, crib_share))
        focus = data.get("focus")
        if focus is not None and focus not in get_args(Focus):
            raise self.fail("focus", f"must be weak-spots, got {excerpt(focus)}")
        if focus is not None and kind in ("play", "discard"):
            raise self.fail("focus", f"weak-spots deals shows: not for {kind} drills")
        order = data.get("order", 100)
        if isinstance(order, bool) or not isinstance(order, int):
            raise self.fail("order", f"must be a whole number, got {excerpt(order)}")
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
            second_try=second_try,
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

    def text(self, data: Mapping[str, Any], key: str) -> str:
        """A name or description: text without control characters (line breaks and tabs
        are folded into spaces), at most `TEXT_CHARS` long."""
        value = data.get(key)
        if value is None:
            raise self.fail(key, "is required")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be text, got {excerpt(value)}")
        problem = control_problem(value, allow_whitespace=True)
        if problem is not None:
            raise self.fail(key, problem)
        text = " ".join(value.split())
        if len(text) > TEXT_CHARS[key]:
            raise self.fail(key, f"at most {TEXT_CHARS[key]} characters, got {len(text):,}")
        return text

    def choice(
        self, data: Mapping[str, Any], key: str, options: Sequence[str], default: str
    ) -> str:
        value = data.get(key, default)
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, got {excerpt(value)}")
        return str(value)

    def boolean(self, data: Mapping[str, Any], key: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {excerpt(value)}")
        return value

    def number(self, value: object, where: str) -> float:
        problem = f"must be a positive number of seconds, got {excerpt(value)}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(where, problem)
        if (isinstance(value, float) and not math.isfinite(value)) or value <= 0:
            raise self.fail(where, problem)
        if value > MAX_SECONDS:
            raise self.fail(where, f"at most {MAX_SECONDS} seconds (a day), got {excerpt(value)}")
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
            raise self.fail(key, f"must be a number from 0 to 1, got {excerpt(value)}")
        return float(value)

    def crib_share(self, data: Mapping[str, Any], kind: str) -> float:
        defaults = {
            "hand": 0.0,
            "crib": 1.0,
            "mixed": 0.5,
            "play": 0.0,
            "catch": 0.0,
            "discard": 0.0,
        }
        value = self.fraction(
            data, "crib_share", defaults[kind], only_for=("mixed", "catch"), kind=kind
        )
        return value

    def time(self, data: Mapping[str, Any]) -> tuple[float | None, float | None]:
        value = data.get("time")
        if value is None:
            return None, None
        if not isinstance(value, dict):
            raise self.fail(
                "time", f"must be a mapping with per_hand and/or total, got {excerpt(value)}"
            )
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
            raise self.fail("hands", f"must be a positive integer, got {excerpt(value)}")
        if value > 1000:
            raise self.fail("hands", f"at most 1000 deals in one drill, got {excerpt(value)}")
        return value

    def seed(self, data: Mapping[str, Any]) -> int | None:
        value = data.get("seed")
        if value is None:
            return None
        problem = seed_problem(value)
        if problem is not None:
            raise self.fail("seed", problem)
        return int(value)
