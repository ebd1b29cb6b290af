"""Bars of miss rate per combination kind, the weakest first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from textual.content import Content
from textual.widgets import Static

from trainer.rules.combos import COMBO_IDS
from trainer.ui.user_text import as_text, fill

if TYPE_CHECKING:
    from trainer.history.reading import KindStats

BAR_WIDTH: Final = 16
KIND_WIDTH: Final = max(len(k) for k in COMBO_IDS)
_ORDER: Final[dict[str, int]] = {kind: i for i, kind in enumerate(COMBO_IDS)}


def weakest_first(kinds: Iterable[KindStats]) -> list[KindStats]:
    """Kinds by miss rate, highest first; ties go to the kind missed more often, then the
    one seen more often, then announcement order. Kinds never present (only ever claimed
    wrongly) come last."""

    def key(k: KindStats) -> tuple[int, float, int, int, int, str]:
        rate = k.miss_rate
        return (rate is None, -(rate or 0.0), -k.missed, -k.present, _ORDER.get(k.kind, 99), k.kind)

    return sorted(kinds, key=key)


def bar(rate: float, width: int = BAR_WIDTH) -> tuple[str, str]:
    """The filled and the empty part of a bar for a share between 0 and 1."""
    filled = round(max(0.0, min(1.0, rate)) * width)
    return "█" * filled, "░" * (width - filled)


def bar_line(k: KindStats) -> Content:
    """One kind's line: name (as the history has it, as text), rate, bar, counts (and wrong
    claims)."""
    name = f"{k.kind:<{KIND_WIDTH}}"
    wrong = f" · {k.wrong} claimed wrongly" if k.wrong else ""
    rate = k.miss_rate
    if rate is None:
        return fill("$name  [$text-muted]never came up[/]$wrong", name=name, wrong=wrong)
    filled, empty = bar(rate)
    colour = "$text-error" if rate >= 0.5 else "$text-warning" if rate >= 0.2 else "$text-success"
    return fill(
        f"$name  $rate  [{colour}]$filled[/][$text-muted]$empty[/]  ($missed of $present)$wrong",
        name=name,
        rate=f"{rate:>4.0%}",
        filled=filled,
        empty=empty,
        missed=k.missed,
        present=k.present,
        wrong=wrong,
    )


class MissBars(Static):
    """One line a combination kind; ``kinds`` holds them in the order shown."""

    DEFAULT_CSS = """
    MissBars { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.kinds: tuple[KindStats, ...] = ()

    def show(self, kinds: Iterable[KindStats], *, empty: str = "") -> None:
        """Show these kinds, weakest first (``empty``: the text when there are none)."""
        self.kinds = tuple(weakest_first(kinds))
        if not self.kinds:
            self.update(as_text(empty, "$text-muted"))
            return
        self.update(Content("\n").join(bar_line(k) for k in self.kinds))
