"""A quit waits for the messages already posted, round after round: a slow app (each round
long, all of them longer than a round's limit) is waited for to the end; a stuck widget
ends the wait after one round's limit."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Static

from tests.ui.waiting import PATIENCE
from trainer.ui.quitting import settle

STEPS = 6


class Step(Message):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n


class Chain(Static):
    """Handles step n once its gate opens, then posts step n + 1 to itself."""

    def __init__(self) -> None:
        super().__init__("chain")
        self.gates = [asyncio.Event() for _ in range(STEPS)]
        self.handled: list[int] = []

    def open_all(self) -> None:
        for gate in self.gates:
            gate.set()

    async def on_step(self, message: Step) -> None:
        await self.gates[message.n].wait()
        self.handled.append(message.n)
        if message.n + 1 < STEPS:
            self.post_message(Step(message.n + 1))


class ChainApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Chain()


async def test_a_slow_app_is_waited_for_round_after_round() -> None:
    app = ChainApp()
    async with app.run_test():
        chain = app.query_one(Chain)
        chain.post_message(Step(0))  # (no pilot.pause: it waits for the chain too)
        settling = asyncio.create_task(settle(app, rounds=12, timeout=2.0))
        try:
            for gate in chain.gates:  # 6 rounds of 0.6 s: 3.6 s in all, each well within 2 s
                await asyncio.sleep(0.6)
                assert not settling.done()
                gate.set()
            async with asyncio.timeout(PATIENCE):
                await settling
        finally:
            chain.open_all()  # the app can close, whatever happened
        assert chain.handled == list(range(STEPS))


async def test_a_stuck_widget_ends_the_wait_after_one_round() -> None:
    app = ChainApp()
    async with app.run_test():
        chain = app.query_one(Chain)
        chain.post_message(Step(0))  # (no pilot.pause: it waits for the chain too)
        try:
            async with asyncio.timeout(PATIENCE):
                await settle(app, rounds=12, timeout=0.2)  # its gate never opens
            assert chain.handled == []
        finally:
            chain.open_all()
