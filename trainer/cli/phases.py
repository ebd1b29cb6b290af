"""``muggins stats``' tables of where your points went: points lost a hand by phase over your
last games, from the coach's ledger of each (`trainer.game.coach.phase_stats`), and your throws in
discard drills by whose crib it was."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TextIO

from trainer.game.coach.phase_stats import LAST_GAMES, PhaseReport
from trainer.history.reading import DiscardReport, Throws

Table = Callable[[TextIO, Sequence[str], Sequence[Sequence[str]]], None]


def phase_table(
    report: PhaseReport, out: TextIO, table: Table, local: Callable[[datetime], str]
) -> None:
    """Each of your last games' points lost a hand by phase, then all of them together."""
    if not report.games:
        out.write(
            "Points lost by phase: no game played to the end yet (the coach's ledger of "
            "each game shows here)\n\n"
        )
        return
    n = len(report.games)
    most = f"the last {n}" if n == LAST_GAMES else f"{n} game{'s' if n != 1 else ''}"
    out.write(f"Points lost a hand by phase, your games ({most}), by the coach's ledger\n")
    rows = [
        (g.variant, local(g.ended), str(g.hands), *_figures(g.per_hand())) for g in report.games
    ]
    average = report.per_hand()
    if average is not None and n > 1:
        rows.append(("all", "", str(report.hands), *_figures(average)))
    table(out, ("game", "ended", "hands", "discard", "play", "count", "all"), rows)
    unread = f" ({report.unread} could not be read)" if report.unread else ""
    out.write(
        "  discard: your throws' nets against the best; play: your lays against the best "
        "card;\n  count: points your counts did not peg or had mugged, and let go or "
        f"lost by your calls{unread}\n\n"
    )


def _figures(values: dict[str, float]) -> tuple[str, ...]:
    return tuple(f"{values[k]:.2f}" for k in ("discard", "play", "count", "total"))


def discard_table(report: DiscardReport, out: TextIO, table: Table) -> None:
    """Your throws in discard drills: to your crib, to theirs, in all; and the weaker."""
    if not report.overall.throws:
        return
    out.write("Discard drills: your throws against the best, by the coach's values\n")
    rows = [
        _throws("your crib", report.own),
        _throws("their crib", report.theirs),
        _throws("all", report.overall),
    ]
    table(out, ("throws to", "throws", "best", "lost a hand"), rows)
    weak = {"own": "your own crib", "theirs": "your opponent's crib"}.get(report.weak_spot or "")
    spot = f"; your weak spot: throwing to {weak}" if weak else ""
    out.write(f"  best: within 0.05 of the best throw's net; lost: its net less yours{spot}\n\n")


def _throws(what: str, t: Throws) -> tuple[str, ...]:
    share = "-" if t.best_share is None else f"{t.best_share:.1%}"
    lost = "-" if t.lost_per_hand is None else f"{t.lost_per_hand:.2f}"
    return (what, str(t.throws), share, lost)
