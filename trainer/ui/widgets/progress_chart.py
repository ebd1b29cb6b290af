"""A plot of accuracy (left axis, %) and seconds a hand (right axis) over days or sessions."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from textual.app import RenderResult
from textual.color import Color
from textual_plotext import PlotextPlot

SECONDS_SCALE: Final = (2, 4, 6, 10, 20, 30, 40, 60, 90, 120, 180, 300, 600)
"""Tops of the seconds axis (the first with a tenth to spare above the slowest point)."""

QUARTER_TICKS_FROM: Final = 13
"""From this height on, the value axes are labelled at every quarter, not every half."""

TICK_GAP: Final = 3
"""Columns kept free between two labels on the time axis."""

AXES_WIDTH: Final = 12
"""Columns the two value axes take from the plot's width (labels and ticks)."""

MARKED: Final = 24
"""Up to this many points, each is marked as well as joined (a lone point is a dot otherwise)."""

RIGHT_AXIS: Final = 2
"""plotext's number for the right y axis (its stubs type ``yside`` of ylim/yticks as a number)."""

ACCURACY_MARK: Final = "●"
SECONDS_MARK: Final = "■"
"""Columns the two value axes take from the plot's width (labels and ticks)."""


@dataclass(frozen=True)
class ChartPoint:
    """One day or session: its label on the time axis, share of exact claims, mean seconds."""

    label: str
    accuracy: float
    seconds: float


def seconds_top(seconds: Iterable[float]) -> int:
    """The top of the seconds axis: the first step of `SECONDS_SCALE` a tenth above every
    value (so the slowest point does not sit on the frame), else a whole minute."""
    highest = max(seconds, default=0.0) * 1.1
    for top in SECONDS_SCALE:
        if highest <= top:
            return top
    return math.ceil(highest / 60.0) * 60


def tick_indices(count: int, room: int) -> list[int]:
    """Which of ``count`` points get a label when ``room`` labels fit: spread evenly, the
    first and the last included (only the last, the latest, if one label fits)."""
    if count <= 0:
        return []
    shown = max(1, min(count, room))
    if shown == 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (shown - 1)) for i in range(shown)})


class ProgressChart(PlotextPlot):
    """Accuracy as a fine (braille) line in the theme's success colour against the left
    axis (0-100%), seconds a hand as a block line in its accent colour against the right
    axis; the points are evenly spaced, in time order, and marked when there are few.
    Redrawn on every render, so it follows the widget's size and the theme."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.points: tuple[ChartPoint, ...] = ()
        self.by = "day"
        """What a point is: a ``day`` or a ``session``."""

    def show(self, points: Iterable[ChartPoint], *, by: str = "day") -> None:
        """Plot these points, one a day or a session (attributes down: the screen sets them)."""
        self.points = tuple(points)
        self.by = by
        self.refresh()

    def render(self) -> RenderResult:
        self._draw()
        return super().render()

    def _colour(self, name: str, fallback: str) -> tuple[int, int, int]:
        value = self.app.theme_variables.get(name, fallback)
        try:
            return Color.parse(value).rgb
        except Exception:  # an unparsable theme value: draw in the fallback colour
            return Color.parse(fallback).rgb

    def _draw(self) -> None:
        plt = self.plt
        plt.clear_figure()  # plotext keeps what was drawn before: start from nothing
        points = self.points
        if not points:
            return
        xs = list(range(len(points)))
        accuracy = [p.accuracy * 100 for p in points]
        seconds = [p.seconds for p in points]
        good = self._colour("success", "#4EBF71")
        time = self._colour("accent", "#FFA62B")
        plt.plot(xs, accuracy, marker="braille", color=good)
        plt.plot(xs, seconds, marker="hd", color=time, yside="right")
        if len(points) <= MARKED:  # accuracy last: where two marks meet, it shows
            plt.scatter(xs, seconds, marker=SECONDS_MARK, color=time, yside="right")
            plt.scatter(xs, accuracy, marker=ACCURACY_MARK, color=good)
        shares = [0.0, 0.25, 0.5, 0.75, 1.0]
        if self.size.height < QUARTER_TICKS_FROM:
            shares = shares[::2]
        plt.ylim(0, 100)
        plt.yticks([s * 100 for s in shares], [f"{s:.0%}" for s in shares])
        top = seconds_top(seconds)
        plt.ylim(0, top, yside=RIGHT_AXIS)
        plt.yticks([s * top for s in shares], [f"{s * top:g}s" for s in shares], yside=RIGHT_AXIS)
        widest = max(len(p.label) for p in points)
        room = (self.size.width - AXES_WIDTH) // (widest + TICK_GAP)
        ticks = tick_indices(len(points), room)
        plt.xticks([float(i) for i in ticks], [points[i].label for i in ticks])
        if len(points) == 1:
            plt.xlim(-1, 1)
        else:
            pad = (len(points) - 1) * 0.04
            plt.xlim(-pad, len(points) - 1 + pad)
