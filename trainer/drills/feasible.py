"""Whether a drill's deal constraints can be met, from the exact deal tables.

The costly part of loading a drill (the tables take a fraction of a second to
build once per process), so the trainer runs it in the background after start.
"""

from __future__ import annotations

from trainer.drills.model import CRIB_SIZE, HAND_SIZE, DrillError, DrillKind, DrillSet, show_kinds
from trainer.rules.sizes import MOST_POINTS


def _fail(drill: DrillSet, where: str, problem: str) -> DrillError:
    return DrillError(f"{drill.source}: {where}: {problem}")


def check_satisfiable(drill: DrillSet) -> None:
    """Refuse impossible scores and constraint sets (`DrillError` naming file and field)."""
    from trainer.drills.patterns import possible_scores  # the tables: not to read a drill

    c = drill.constraints
    if c.unconstrained:
        return
    for crib in drill.show_kinds():
        size = CRIB_SIZE if crib else drill.hand_size
        what = f"{size}-card {'cribs' if crib else 'hands'}"
        possible = possible_scores(size, crib)
        if c.scores is not None:
            if drill.scores_listed:
                for score in sorted(c.scores):
                    if score not in possible:
                        raise _fail(
                            drill,
                            "deal.score",
                            f"{score} is not a possible score for {what} "
                            f"({describe_possible(size, crib)})",
                        )
            elif not c.scores & possible:
                raise _fail(
                    drill,
                    "deal.score",
                    f"no possible score for {what} is in {min(c.scores)}-{max(c.scores)} "
                    f"({describe_possible(size, crib)})",
                )
        dealer = drill.dealer(crib)
        if dealer.deals == 0:
            raise _fail(drill, "deal", f"no {what[:-1]} satisfies all of these constraints")
        missing = dealer.missing_mix
        if missing:
            raise _fail(
                drill,
                "deal.mix",
                f"no {what[:-1]} that satisfies the constraints has {', '.join(missing)}",
            )


def describe_possible(size: int, crib: bool) -> str:
    """The possible scores in words: ``0-29, never 19, 25, 26, 27``."""
    from trainer.drills.patterns import possible_scores

    possible = possible_scores(size, crib)
    top = max(possible)
    never = [str(s) for s in range(top + 1) if s not in possible]
    return f"0-{top}" + (f", never {', '.join(never)}" if never else "")


def most_points(variant: str, kind: DrillKind, crib_share: float) -> tuple[int, str]:
    """The most a drill's shows can score, and which shows reach it (``a hand of 4 cards``,
    ``a crib``): known without the deal tables, so a bound is checked before anything is built."""
    shows = [
        (MOST_POINTS[CRIB_SIZE], "a crib")
        if crib
        else (MOST_POINTS[HAND_SIZE[variant]], f"a hand of {HAND_SIZE[variant]} cards")
        for crib in show_kinds(kind, crib_share)
    ]
    top = max((points for points, _ in shows), default=0)
    return top, " or ".join(what for points, what in shows if points == top)
