"""What opens over the table: a hand's summary, the game's, the question before a call that
could end the game and before leaving; and where the table goes next (the next game of a
match, or home)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress

from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.game.record import HandRecord
from trainer.ui.messages import GoHome, SeatAt
from trainer.ui.table.flow.effects import (
    Confirm,
    Effect,
    Home,
    NextGame,
    OpenGameOver,
    OpenHandSummary,
)
from trainer.ui.table.flow.runner import TableRunner

Overlay = OpenHandSummary | Confirm | OpenGameOver | NextGame | Home
"""What the runner asks to open over the table, or where it asks the table to go."""


def open_over(
    table: Screen[None],
    effect: Overlay,
    runner: TableRunner,
    apply: Callable[[Sequence[Effect]], None],
    *,
    coach: bool,
    plain: bool,
) -> None:
    """Open the summary the runner asks for over ``table`` (the answer goes back to the
    runner, its effects to ``apply``), or leave the table for the next game or home."""
    if isinstance(effect, OpenHandSummary):
        from trainer.ui.table.summary import HandSummaryScreen

        work_out_hand(table, runner, effect.hand)
        screen = HandSummaryScreen(runner.session, effect.hand, runner.ledgers, coach=coach)
        table.app.push_screen(screen, lambda _: apply(runner.closed()))
    elif isinstance(effect, Confirm):
        from trainer.ui.screens.confirm import ConfirmScreen

        ask = ConfirmScreen(effect.question, effect.detail)
        table.app.push_screen(ask, lambda yes: apply(runner.confirmed(bool(yes))))
    elif isinstance(effect, OpenGameOver):
        from trainer.ui.table.summary import GameOverScreen

        def after(go_on: bool | None) -> None:
            apply(runner.after_game(bool(go_on)))

        over = GameOverScreen(runner.session, runner.ledgers, plain=plain)
        table.app.push_screen(over, after)
    elif isinstance(effect, NextGame):
        table.post_message(SeatAt(effect.session))
    else:
        table.post_message(GoHome())


def work_out_hand(table: Screen[None], runner: TableRunner, hand: HandRecord) -> None:
    """Work out the ledger of ``hand``, just over, in a worker while the game goes on, so
    that the game's ledger at its end need not; stopped if the table is left. The hand's
    summary, if the coach speaks, waits for this one rather than work it out again."""
    session, ledgers = runner.session, runner.ledgers
    if session.human is None:
        return
    data, hints = hand.to_dict(), set(session.hints)

    def work() -> None:
        from trainer.game.coach.analysis import Stopped

        worker = get_current_worker()
        # a hand that cannot be worked out: the summaries work it out again and say why
        with suppress(Stopped, KeyError, ValueError):
            ledgers.hand(data, hints, stop=lambda: worker.is_cancelled)

    table.run_worker(work, thread=True, group="ledger", name=f"hand {hand.number}'s ledger")


def confirm_leave(table: Screen[None], *, waiting: bool = False) -> None:
    """Ask before leaving the table (the game is saved at every step: nothing is lost, but
    a move or an undo still ``waiting`` for the busy store to save it)."""
    from trainer.ui.screens.confirm import ConfirmScreen

    def leave(yes: bool | None) -> None:
        if yes:
            table.post_message(GoHome())

    said = (
        "Your last move (or undo) is not saved yet (the history is busy): leaving now loses "
        "it; the game is saved as it was before it."
        if waiting
        else "It is saved: resume it from home."
    )
    table.app.push_screen(ConfirmScreen("Leave the game?", said), leave)
