"""Your throws in discard drills: how many, how many the best, and the points a hand they
lost, in all and by whose crib it was (the weak spot a discard can have: throwing to your
own crib, or to your opponent's).

Read from the attempts that hold a loss, through their partial index (`attempts_loss`), so
a long history of counts costs nothing here.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any, Final

from trainer.history.reading.damage import answer_row, damaged
from trainer.rules.show import MOST_POINTS

MIN_THROWS: Final = 5
"""Throws to each crib before the weaker of the two is named a weak spot."""
MOST_LOSS: Final = float(MOST_POINTS[5] + MOST_POINTS[4])
"""More than any throw can lose: a net is at most the best hand's and the best crib's."""
_A_LOSS: Final = "(typeof(loss) IN ('integer', 'real') AND loss BETWEEN 0 AND ?)"
"""A stored loss is a number a throw can lose (SQLite keeps infinity as a real; NaN it
keeps as null, no loss)."""


@dataclass(frozen=True)
class Throws:
    """Throws of one kind (all, to your crib, to theirs): how many, the best, points lost."""

    throws: int = 0
    best: int = 0
    lost: float = 0.0

    @property
    def lost_per_hand(self) -> float | None:
        return self.lost / self.throws if self.throws else None

    @property
    def best_share(self) -> float | None:
        return self.best / self.throws if self.throws else None

    def __add__(self, other: Throws) -> Throws:
        return Throws(self.throws + other.throws, self.best + other.best, self.lost + other.lost)

    def to_dict(self) -> dict[str, Any]:
        return {
            "throws": self.throws,
            "best": self.best,
            "best_share": self.best_share,
            "lost_per_hand": self.lost_per_hand,
        }


@dataclass(frozen=True)
class DiscardReport:
    """Your throws to your own crib and to your opponent's (one drill set's, or every one's)."""

    own: Throws = Throws()
    theirs: Throws = Throws()
    damaged: tuple[str, ...] = ()
    """Throws whose stored loss could not be read, each named: left out of the figures."""

    @property
    def overall(self) -> Throws:
        return self.own + self.theirs

    @property
    def weak_spot(self) -> str | None:
        """``own`` or ``theirs``: the crib your throws lose more to a hand, once each has
        `MIN_THROWS`; None before, or when they lose the same."""
        own, theirs = self.own.lost_per_hand, self.theirs.lost_per_hand
        if own is None or theirs is None or min(self.own.throws, self.theirs.throws) < MIN_THROWS:
            return None
        if own == theirs:
            return None
        return "own" if own > theirs else "theirs"

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.overall.to_dict(),
            "own_crib": self.own.to_dict(),
            "their_crib": self.theirs.to_dict(),
            "weak_spot": self.weak_spot,
        }


def discard_report(conn: sqlite3.Connection, drill: str | None = None) -> DiscardReport:
    """Your throws (in one drill set, by id, or in all of them); a throw whose loss is no
    number a throw can lose is left out and named (`DiscardReport.damaged`)."""
    only, params = ("", ()) if drill is None else (" AND drill_id = ?", (drill,))
    sql = (
        "SELECT crib, count(*), sum(outcome = 'exact'), sum(loss) FROM attempts "
        f"WHERE loss IS NOT NULL AND {_A_LOSS}{only} GROUP BY crib"
    )
    by_crib = {
        bool(crib): Throws(int(n), int(best), float(lost))
        for crib, n, best, lost in conn.execute(sql, (MOST_LOSS, *params))
    }
    bad = conn.execute(
        f"SELECT id, loss FROM attempts WHERE loss IS NOT NULL AND NOT {_A_LOSS}{only} ORDER BY id",
        (MOST_LOSS, *params),
    )
    sense = f"is not the points a throw can lose (0 to {MOST_LOSS:g})"
    notes = tuple(damaged(answer_row(i), "loss", loss, sense) for i, loss in bad)
    return DiscardReport(by_crib.get(True, Throws()), by_crib.get(False, Throws()), notes)
