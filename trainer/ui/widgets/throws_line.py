"""Your throws in discard drills in one line on the stats screen: how many, how many the best,
the points a hand they lost to your crib and to theirs, and the weaker of the two."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

if TYPE_CHECKING:
    from trainer.history.reading import DiscardReport


def throws_text(report: DiscardReport) -> str:
    """The discards line: ``Discards: 20 throws, 45% the best · 0.62 lost a hand (your crib
    0.40, theirs 0.85)``, and the weaker crib once each has enough throws; "" with none."""
    t = report.overall
    if not t.throws:
        return ""
    parts = [f"{t.throws} throw{'s' if t.throws != 1 else ''}, {t.best_share or 0:.0%} the best"]
    cribs = [
        f"{name} {x.lost_per_hand:.2f}"
        for name, x in (("your crib", report.own), ("theirs", report.theirs))
        if x.lost_per_hand is not None
    ]
    parts.append(f"{t.lost_per_hand or 0:.2f} lost a hand ({', '.join(cribs)})")
    if report.weak_spot is not None:
        parts.append(f"weak spot: {'your' if report.weak_spot == 'own' else 'their'} crib")
    return "[b]Discards[/b]: " + " · ".join(parts)


class ThrowsLine(Static):
    """The discards line, hidden with no throw made."""

    DEFAULT_CSS = """
    ThrowsLine { height: auto; }
    """

    def show(self, report: DiscardReport | None) -> None:
        text = "" if report is None else throws_text(report)
        self.display = bool(text)
        self.update(text)
