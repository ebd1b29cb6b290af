"""Counting aloud as a skill: how many counts were said aloud, how many were right, how fast.

A count said aloud keeps, in its stored answer, the seconds of speech to its first word and
to its end (`trainer.quiz.attempt.SpokenTimes`), a count in a drill and a count of your show
at the table alike (its attempt's drill a game's). Read on demand: the few spoken answers
are found by the text of their answer, with no figure kept up to date for them.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from statistics import median

from trainer.history.reading.game_stats import GAME_DRILL_PREFIX


@dataclass(frozen=True, slots=True)
class SpokenSpeed:
    """Counts said aloud: how many, how many exact, the median seconds to the first word
    and to the end of the count, and how many of them were said at the table."""

    counts: int
    exact: int
    first_word: float
    end: float
    table: int = 0

    @property
    def accuracy(self) -> float:
        return self.exact / self.counts if self.counts else 0.0

    def line(self) -> str:
        """One line for the stats: "Counted aloud: 12 hands (4 at the table), 83% exact,
        3.4 s a count (first word after 0.5 s)"; "" when nothing was said aloud."""
        if not self.counts:
            return ""
        hands = "hand" if self.counts == 1 else "hands"
        if self.table:
            where = "all" if self.table == self.counts else str(self.table)
            hands += f" ({where} at the table)"
        return (
            f"Counted aloud: {self.counts} {hands}, {self.accuracy:.0%} exact, "
            f"{self.end:.1f} s a count (first word after {self.first_word:.1f} s)"
        )


def spoken_speed(conn: sqlite3.Connection, drill: str | None = None) -> SpokenSpeed:
    """The counts said aloud, of one drill set (by id) or of all."""
    sql = "SELECT answer, outcome, drill_id FROM attempts WHERE answer LIKE '%\"spoken\":%'"
    params: tuple[str, ...] = ()
    if drill is not None:
        sql += " AND drill_id = ?"
        params = (drill,)
    firsts, ends, exact, table = [], [], 0, 0
    for answer, outcome, drill_id in conn.execute(sql, params):
        times = json.loads(answer).get("spoken")
        if not isinstance(times, dict):
            continue
        firsts.append(float(times["first_word"]))
        ends.append(float(times["end"]))
        exact += outcome == "exact"
        table += drill_id.startswith(GAME_DRILL_PREFIX)
    if not ends:
        return SpokenSpeed(0, 0, 0.0, 0.0)
    return SpokenSpeed(len(ends), exact, median(firsts), median(ends), table)
