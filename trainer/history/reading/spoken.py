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
from typing import Final

from trainer.history.reading.damage import Unread, answer_row
from trainer.history.reading.game_stats import GAME_DRILL_PREFIX
from trainer.voice.audio import MAX_SECONDS

_COUNT: Final = "is not seconds of a count said aloud"


@dataclass(frozen=True, slots=True)
class SpokenSpeed:
    """Counts said aloud: how many, how many exact, the median seconds to the first word
    and to the end of the count, and how many of them were said at the table."""

    counts: int
    exact: int
    first_word: float
    end: float
    table: int = 0
    damaged: tuple[str, ...] = ()
    """Answers whose speed could not be read, each named (`trainer.history.reading.damage`):
    left out of the figures."""

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
    """The counts said aloud, of one drill set (by id) or of all; an answer whose speed
    cannot be read is left out and named (`SpokenSpeed.damaged`)."""
    sql = "SELECT id, answer, outcome, drill_id FROM attempts WHERE answer LIKE '%\"spoken\":%'"
    params: tuple[str, ...] = ()
    if drill is not None:
        sql += " AND drill_id = ?"
        params = (drill,)
    firsts, ends, exact, table, notes = [], [], 0, 0, []
    for attempt_id, answer, outcome, drill_id in conn.execute(sql, params):
        try:
            times = _times(answer)
        except Unread as err:
            notes.append(err.note(answer_row(attempt_id)))
            continue
        if times is None:
            continue
        firsts.append(times[0])
        ends.append(times[1])
        exact += outcome == "exact"
        table += isinstance(drill_id, str) and drill_id.startswith(GAME_DRILL_PREFIX)
    if not ends:
        return SpokenSpeed(0, 0, 0.0, 0.0, damaged=tuple(notes))
    return SpokenSpeed(len(ends), exact, median(firsts), median(ends), table, tuple(notes))


def _times(answer: object) -> tuple[float, float] | None:
    """The seconds to the first word and to the end of a stored answer's count said aloud
    (None: it holds none after all); `Unread` naming the field the trainer did not write."""
    try:
        data = json.loads(answer) if isinstance(answer, str) else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise Unread("answer", answer, "is not an answer (JSON text of an object)")
    if "spoken" not in data:
        return None
    times = data["spoken"]
    if not isinstance(times, dict):
        raise Unread("answer: spoken", times, "is not the speed of a count (an object)")
    seconds = []
    for key in ("first_word", "end"):
        value = times.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Unread(f"answer: spoken: {key}", value, "is not a number of seconds")
        if not 0 <= value <= MAX_SECONDS:  # a whole number of any size compares as it is
            raise Unread(f"answer: spoken: {key}", value, f"{_COUNT} (0 to {MAX_SECONDS})")
        seconds.append(float(value))
    return seconds[0], seconds[1]
