"""Reading a drill file's fields, and its ``deal`` constraints: every problem a `DrillError`
naming file and field (``file: deal.score: problem``), quoting a value only through
`trainer.textguard.excerpt`. `trainer.drills.schema` reads the rest of the drill on it.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from trainer.drills.constraints import Constraints
from trainer.drills.model import DrillError
from trainer.rules.cards import RANK_NAMES
from trainer.rules.combos import FEATURES, FeatureId
from trainer.textguard import excerpt, label

DEAL_FIELDS: Final = ("score", "fifteens", "require", "exclude", "ranks", "avoid_ranks", "mix")

_RANK_TOKENS: Final = {
    "A": 1,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    **{str(n): n for n in range(1, 11)},
}


class FieldReader:
    """Validation of one drill file, with error messages of the form ``file: field: problem``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> DrillError:
        return DrillError(
            f"{self.source}: {where}: {problem}" if where else f"{self.source}: {problem}"
        )

    def unknown(self, data: Mapping[Any, Any], allowed: Sequence[str], prefix: str) -> None:
        for key in data:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), allowed, n=1)
                also = (
                    f" (did you mean {hint[0]!r}?)" if hint else f" (known: {', '.join(allowed)})"
                )
                raise self.fail(f"{prefix}{label(key)}", f"unknown field{also}")

    def constraints(self, data: Mapping[str, Any], kind: str, most: tuple[int, str]) -> Constraints:
        deal = data.get("deal")
        if deal is None:
            return Constraints()
        if kind in ("play", "discard"):
            raise self.fail("deal", f"{kind} drills take no deal constraints")
        if not isinstance(deal, dict):
            raise self.fail("deal", f"must be a mapping of constraints, got {excerpt(deal)}")
        self.unknown(deal, DEAL_FIELDS, "deal.")
        fifteens = deal.get("fifteens", 0)
        if isinstance(fifteens, bool) or not isinstance(fifteens, int) or fifteens < 0:
            raise self.fail(
                "deal.fifteens", f"must be a whole number 0 or more, got {excerpt(fifteens)}"
            )
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
            scores=self.scores(deal.get("score"), most),
            min_fifteens=fifteens,
            require=require,
            exclude=exclude,
            ranks=ranks,
            avoid_ranks=avoid,
            mix=self.mix(deal.get("mix"), require | exclude),
        )

    def mix(
        self, value: object, fixed: frozenset[FeatureId]
    ) -> tuple[tuple[FeatureId, float], ...]:
        """``deal.mix``: feature -> share of deals that hold it (the shares at most 1 in all)."""
        where = "deal.mix"
        if value is None:
            return ()
        if not isinstance(value, dict) or not value:
            raise self.fail(
                where, f"must map features to shares, like {{nobs: 0.5}}, got {excerpt(value)}"
            )
        features = self.features({"mix": list(value)}, "mix")
        if features & fixed:
            named = ", ".join(sorted(features & fixed))
            raise self.fail(where, f"{named} is required or excluded: every deal is the same")
        mix = []
        for feature, share in value.items():
            if isinstance(share, bool) or not isinstance(share, int | float) or not 0 < share <= 1:
                raise self.fail(
                    f"{where}.{feature}",
                    f"must be a share above 0, at most 1, got {excerpt(share)}",
                )
            mix.append((cast("FeatureId", feature), float(share)))
        total = sum(share for _, share in mix)
        if total > 1 + 1e-9:
            raise self.fail(where, f"the shares add up to {total:g}, more than 1")
        return tuple(mix)

    def features(self, deal: Mapping[str, Any], key: str) -> frozenset[FeatureId]:
        value = deal.get(key)
        if value is None:
            return frozenset()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(f"deal.{key}", f"must be a list of features, got {excerpt(value)}")
        for item in value:
            if not isinstance(item, str) or item not in FEATURES:
                hint = difflib.get_close_matches(str(item), list(FEATURES), n=1)
                also = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise self.fail(
                    f"deal.{key}",
                    f"unknown feature {excerpt(item)}{also}; known: {', '.join(FEATURES)}",
                )
        return frozenset(cast("list[FeatureId]", value))

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
                raise self.fail(where, f"{excerpt(item)} is not a rank (A 2-10 J Q K)")
            ranks.add(rank)
        return frozenset(ranks)

    def scores(self, value: object, most: tuple[int, str]) -> frozenset[int] | None:
        """``deal.score``: one score, a list, or a range whose ends are checked against the
        most the drill's shows can score before the range is built."""
        if value is None:
            return None
        where = "deal.score"
        if isinstance(value, bool):
            raise self.fail(
                where, f"must be a score, a list of scores or min/max, got {excerpt(value)}"
            )
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
                raise self.fail(where, f"{excerpt(value)} is not a range like 20-29") from None
        elif isinstance(value, dict):
            self.unknown(value, ("min", "max"), "deal.score.")
            low, high = value.get("min", 0), value.get("max", most[0])
        else:
            raise self.fail(
                where, f"must be a score, a list of scores or min/max, got {excerpt(value)}"
            )
        low_i = self.score_value(low, where)
        high_i = self.score_value(high, where)
        top, shows = most
        for end in (low_i, high_i):
            if end > top:
                raise self.fail(where, f"{excerpt(end)} is above {top}, the most {shows} can score")
        if low_i > high_i:
            raise self.fail(where, f"min {low_i} is above max {high_i}")
        return frozenset(range(low_i, high_i + 1))

    def score_value(self, value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(where, f"{excerpt(value)} is not a score (a whole number 0 or more)")
        return value
