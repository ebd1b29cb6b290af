"""Your games at the table in one line: won, lost, skunks either way, and your counting
there beside your counting in drills. One line, since the stats screen has one to spare at
80 by 24; the double skunks and the hands counted are in ``muggins stats``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from textual.widgets import Static

if TYPE_CHECKING:
    from trainer.history.reading import Counting, GameReport, GameTally

NO_GAMES: Final = "[b]Games[/b]: none played yet."


def results(tally: GameTally) -> str:
    """Won, lost and skunks either way (double skunks among them): ``3 won, 2 lost · you
    skunked 2, were skunked 1``."""
    if not tally.played:
        return "none finished yet"
    text = f"{tally.won} won, {tally.lost} lost"
    given = tally.skunks + tally.double_skunks
    taken = tally.skunked + tally.double_skunked
    if not given and not taken:
        return f"{text} · no skunks"
    return f"{text} · you skunked {given}, were skunked {taken}"


def counting(in_games: Counting, in_drills: Counting) -> str:
    """Your counting at the table beside drills: ``75% exact (drills 72%)``; empty with no
    count made in a game."""
    if in_games.accuracy is None:
        return ""
    if in_drills.accuracy is None:
        return f"{in_games.accuracy:.0%} exact"
    return f"{in_games.accuracy:.0%} exact (drills {in_drills.accuracy:.0%})"


def games_text(report: GameReport, variant: str | None = None) -> str:
    """The panel's content markup: every game, or one variant's (by id)."""
    tally = report.overall
    if variant is not None:
        tally = next((v for v in report.variants if v.variant == variant), report.overall)
        if tally.variant != variant:
            return NO_GAMES
    if not tally.played and not tally.counting.attempts:
        return NO_GAMES
    parts = [results(tally), counting(tally.counting, report.drills)]
    return "[b]Games[/b]: " + " · ".join(p for p in parts if p)


class GamesPanel(Static):
    """Your games, from a `GameReport`: every game, or one variant's."""

    DEFAULT_CSS = """
    GamesPanel { height: auto; }
    """

    def show(self, report: GameReport, variant: str | None = None) -> None:
        self.update(games_text(report, variant))
