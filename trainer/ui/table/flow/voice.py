"""Counting your show aloud at the table: which show is yours to count now, and the count
said turned into the game's action (plain Python; the screen's push-to-talk listens)."""

from __future__ import annotations

from trainer.game.state import Count
from trainer.judge.claims import AnnounceClaim, TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.rules.show import Breakdown, score_show
from trainer.ui.table.flow.effects import Effect
from trainer.ui.table.flow.runner import TableRunner


def show_to_count(runner: TableRunner) -> Breakdown | None:
    """The show the game waits for you to count (your hand or crib), or None."""
    asked = runner.asked
    if asked is None or asked.kind != "count" or asked.seat != runner.human or not asked.box:
        return None
    state = runner.state
    cards = state.cards_of(runner.human, asked.box)
    return score_show(cards, state.hand.dealt.starter, crib=asked.box == "crib")


def count_said(
    runner: TableRunner, claim: TotalClaim | AnnounceClaim, times: SpokenTimes | None
) -> list[Effect]:
    """Your count, said aloud (``times``: how fast), claimed and kept with how fast it was
    said (nothing if the game no longer waits for it)."""
    if show_to_count(runner) is None:
        return []
    return runner.take(Count(runner.human, claim), spoken=times)
