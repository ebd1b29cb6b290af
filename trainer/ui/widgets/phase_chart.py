"""Points lost a hand by phase, game by game: a stacked bar a game (the discard at the
bottom, the play, the count on top), oldest on the left, from the coach's ledgers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from textual.app import RenderResult
from textual.color import Color
from textual_plotext import PlotextPlot

from trainer.game.coach.phase_stats import PHASES

PHASE_COLOURS: Final = (("discard", "primary"), ("play", "accent"), ("count", "error"))
"""Each phase's theme colour, bottom of the stack first."""
FALLBACK: Final = {"primary": "#0178D4", "accent": "#FFA62B", "error": "#BA3C5B"}
BAR_WIDTH: Final = 0.6
"""A bar's share of its game's column."""


NAMES: Final = {"discard": "discard", "play": "play", "count": "count and calls"}
"""Each phase as the chart's legend names it: the count's bar holds your calls' cost too."""


def legend(plain: bool = False, values: Mapping[str, float] | None = None) -> str:
    """The phases in their colours, as content markup: ``██ discard  ██ play  ██ count and
    calls``, each with its value a hand when ``values`` gives it (a bar's height cannot
    say 1.15)."""
    parts = []
    for phase, colour in PHASE_COLOURS:
        name = NAMES[phase]
        if values is not None and phase in values:
            name += f" {values[phase]:.2f}"
        parts.append(name if plain else f"[${colour}]██[/] {name}")
    return "  ".join(parts)


class PhaseChart(PlotextPlot):
    """A stacked bar a game of points lost a hand (``per_hand``: each game's, by phase, oldest
    first). Redrawn on every render, so it follows the widget's size and the theme."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.games: tuple[dict[str, float], ...] = ()

    def show(self, games: Sequence[dict[str, float]]) -> None:
        """Plot these games' points lost a hand by phase (the screen sets them)."""
        self.games = tuple(games)
        self.refresh()

    def render(self) -> RenderResult:
        self._draw()
        return super().render()

    def _colour(self, name: str) -> tuple[int, int, int]:
        value = self.app.theme_variables.get(name, FALLBACK[name])
        try:
            return Color.parse(value).rgb
        except Exception:  # an unparsable theme value: draw in the fallback colour
            return Color.parse(FALLBACK[name]).rgb

    def _draw(self) -> None:
        plt = self.plt
        plt.clear_figure()  # plotext keeps what was drawn before: start from nothing
        if not self.games:
            return
        xs = list(range(1, len(self.games) + 1))
        stacks = [[g[phase] for g in self.games] for phase in PHASES]
        colours = [self._colour(colour) for _, colour in PHASE_COLOURS]
        # plotext takes a colour a stack (its stubs say one colour only)
        plt.stacked_bar(xs, stacks, color=cast("Any", colours), width=BAR_WIDTH)
        top = max(sum(g[p] for p in PHASES) for g in self.games)
        top = max(1.0, top * 1.15)
        plt.ylim(0, top)
        ticks = [0.0, top / 2, top]
        plt.yticks(ticks, [f"{t:.1f}" for t in ticks])
        every = max(1, len(xs) // 10)
        shown = [x for x in xs if (len(xs) - x) % every == 0]
        plt.xticks([float(x) for x in shown], [str(x) for x in shown])
        plt.xlim(0.4, len(xs) + 0.6)
