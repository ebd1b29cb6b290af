"""What your games at the table add up to: won, lost, skunks either way, and how you count there.

`game_report` reads the finished games you played in (status ``over``, with a human
side) from the small ``games`` table, and your counts from the per-drill summary rows
the statistics read (`trainer.history.reading.sessions.latest_running`): a game's counts are
the drill sets ``game-<variant>``, every other drill set is a drill. So it costs a few
rows per drill set and one per game, however long the history.

Whether you skunked an opponent is worked out from the final scores and the variant's
skunk lines (`SKUNK_LINES`, the game layer's table restated here since history sits
below the game layer; a test checks they agree). As in a match, a win counts by the
worst-beaten losing side.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from trainer.history.reading.damage import damaged, game_row
from trainer.history.reading.sessions import latest_running

GAME_DRILL_PREFIX: Final = "game-"
"""The drill ids a game's counts are recorded under: ``game-<variant>``."""

SKUNK_LINES: Final[dict[str, tuple[int, int]]] = {
    "standard": (91, 61),
    "short": (46, 31),
    "five-card": (46, 31),
    "three-hand": (91, 61),
    "four-hand": (91, 61),
    "four-hand-solo": (91, 61),
}
"""Each variant's skunk and double-skunk lines (a loser under them is skunked, double
skunked), in the order the variants are listed; as `trainer.game.variants.VARIANTS` has them."""

Margin = Literal["plain", "skunk", "double-skunk"]
HumanResult = Literal["won", "lost", "skunked", "double-skunked"]
HUMAN_RESULTS: Final[tuple[HumanResult, ...]] = get_args(HumanResult)
GAME_POINTS_MOST: Final = 121
"""The most points a side can have: the highest target of any variant (the game ends
the instant a side reaches it)."""
SIDES_MOST: Final = 4
"""The most sides at a table: four players, each alone."""


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class Counting:
    """Your counts in one place (games, or drills): how many, and how many exact."""

    attempts: int = 0
    exact: int = 0

    @property
    def accuracy(self) -> float | None:
        """Share of exact counts (None with none)."""
        return _ratio(self.exact, self.attempts)

    def to_dict(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "exact": self.exact, "accuracy": self.accuracy}


@dataclass(frozen=True)
class GameTally:
    """Finished games of one variant (``variant`` None: all of them) and your counts in them.

    The skunk figures split the wins and the losses: ``won == won_plain + skunks +
    double_skunks`` and ``lost == lost_plain + skunked + double_skunked``.
    """

    variant: str | None
    played: int = 0
    won: int = 0
    lost: int = 0
    skunked: int = 0
    """Games you lost under the skunk line (above the double-skunk line)."""
    double_skunked: int = 0
    """Games you lost under the double-skunk line."""
    skunks: int = 0
    """Games you won with an opponent under the skunk line (none under the double line)."""
    double_skunks: int = 0
    """Games you won with an opponent under the double-skunk line."""
    counting: Counting = Counting()
    """Your counts at the table in this variant, in games finished or not."""

    @property
    def won_plain(self) -> int:
        return self.won - self.skunks - self.double_skunks

    @property
    def lost_plain(self) -> int:
        return self.lost - self.skunked - self.double_skunked

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "skunked": self.skunked,
            "double_skunked": self.double_skunked,
            "skunks": self.skunks,
            "double_skunks": self.double_skunks,
            "counting": self.counting.to_dict(),
        }


@dataclass(frozen=True)
class GameReport:
    """Your games (all, and per variant) and your counting in games beside drills."""

    overall: GameTally
    variants: tuple[GameTally, ...]
    """Per variant with a game finished or a count made, in `SKUNK_LINES` order (unknown
    variants after, by id)."""
    drills: Counting
    """Your counts in every drill set that is not a game's (the re-drills among them)."""
    damaged: tuple[str, ...] = ()
    """Games over whose summary could not be read, each named: left out of the figures."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.overall.to_dict(),
            "variants": [v.to_dict() for v in self.variants],
            "drills": self.drills.to_dict(),
        }


# ---------------------------------------------------------------- reading


def margin(variant: str, final: tuple[int, ...], winner: int) -> Margin:
    """What a win was by: the worst-beaten losing side against the variant's skunk lines
    (``plain`` for a variant this Muggins does not know)."""
    losers = [points for side, points in enumerate(final) if side != winner]
    lines = SKUNK_LINES.get(variant)
    if lines is None or not losers:
        return "plain"
    skunk, double = lines
    worst = min(losers)
    return "double-skunk" if worst < double else "skunk" if worst < skunk else "plain"


def final_points(text: object) -> tuple[int, ...]:
    """A game over's final points per side as stored: JSON text of a list of 2 to
    `SIDES_MOST` whole numbers, each at most `GAME_POINTS_MOST`; `ValueError` saying what
    else it is (for `damaged` to name)."""
    try:
        final = json.loads(text) if isinstance(text, str) else text
    except (ValueError, RecursionError):
        raise ValueError("is not JSON text") from None
    if (
        not isinstance(final, list)
        or not 2 <= len(final) <= SIDES_MOST
        or not all(type(p) is int and 0 <= p <= GAME_POINTS_MOST for p in final)
    ):
        raise ValueError(
            f"is not the points of 2 to {SIDES_MOST} sides (0 to {GAME_POINTS_MOST} each)"
        )
    return tuple(final)


def _summary_problem(
    variant: object, side: object, result: object, final: object
) -> tuple[str, object, str] | None:
    """The first of a game over's summary columns that is not as a game's end writes it:
    (field, value, problem); None if all are."""
    if not isinstance(variant, str):
        return "variant", variant, "is not a variant's name (text)"
    if type(side) is not int or not 0 <= side < SIDES_MOST:
        return "human_side", side, f"is not a side (0 to {SIDES_MOST - 1})"
    if result not in HUMAN_RESULTS:
        return "human_result", result, f"is not one of {', '.join(HUMAN_RESULTS)}"
    try:
        final_points(final)
    except ValueError as err:
        return "final", final, str(err)
    return None


class _Counter:
    """Adds up one variant's games as rows come."""

    def __init__(self) -> None:
        self.figures = dict.fromkeys(
            ("played", "won", "lost", "skunked", "double_skunked", "skunks", "double_skunks"), 0
        )

    def add(self, variant: str, side: int, result: str, final: tuple[int, ...]) -> None:
        f = self.figures
        f["played"] += 1
        if result == "won":
            f["won"] += 1
            by = margin(variant, final, side)
            if by != "plain":
                f["skunks" if by == "skunk" else "double_skunks"] += 1
            return
        f["lost"] += 1
        if result in ("skunked", "double-skunked"):
            f[result.replace("-", "_")] += 1

    def tally(self, variant: str | None, counting: Counting) -> GameTally:
        return GameTally(variant, **self.figures, counting=counting)


def game_report(conn: sqlite3.Connection) -> GameReport:
    """Your finished games, all and per variant, and your counting in games and in drills;
    a game whose summary columns cannot be read is left out and named."""
    rows = conn.execute(
        "SELECT uid, variant, human_side, human_result, final FROM games "
        "WHERE status = 'over' AND human_side IS NOT NULL AND human_result IS NOT NULL "
        "ORDER BY id"
    ).fetchall()
    every, by_variant = _Counter(), dict[str, _Counter]()
    notes = []
    for uid, variant, side, result, final in rows:
        problem = _summary_problem(variant, side, result, final)
        if problem is not None:
            notes.append(damaged(game_row(uid), *problem))
            continue
        for counter in (every, by_variant.setdefault(variant, _Counter())):
            counter.add(variant, side, result, final_points(final))
    counts: dict[str, Counting] = {}
    drills = Counting()
    for drill_id, running in latest_running(conn).items():
        if drill_id.startswith(GAME_DRILL_PREFIX):
            counts[drill_id.removeprefix(GAME_DRILL_PREFIX)] = Counting(
                running.attempts, running.exact
            )
        else:
            drills = Counting(drills.attempts + running.attempts, drills.exact + running.exact)
    order = {v: n for n, v in enumerate(SKUNK_LINES)}
    variants = sorted(
        by_variant.keys() | counts.keys(), key=lambda v: (order.get(v, len(order)), v)
    )
    in_games = Counting(
        sum(c.attempts for c in counts.values()), sum(c.exact for c in counts.values())
    )
    return GameReport(
        overall=every.tally(None, in_games),
        variants=tuple(
            by_variant.get(v, _Counter()).tally(v, counts.get(v, Counting())) for v in variants
        ),
        drills=drills,
        damaged=tuple(notes),
    )
