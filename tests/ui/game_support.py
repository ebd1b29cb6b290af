"""Driving a game at the table with keys, as a player would: each key chosen from what the
screen shows (the state the table screen holds), pressed through the Pilot; the choices
themselves are `tests.ui.flow.game_plans`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from tests.ui.flow.game_plans import KIND_KEY, CountPlan, RespondPlan, accept, lowest_keys, right
from trainer.game.state import GameState
from trainer.rules.show import Item, score_show
from trainer.ui.table.flow.reveal import GameReveal
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import GameOverScreen, HandSummaryScreen


@dataclass
class Played:
    """What a driven game went through, screen by screen."""

    reveals: list[GameReveal] = field(default_factory=list)
    hand_summaries: int = 0
    lines: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def type_in(pilot: Pilot[Any], text: str) -> None:
    await pilot.press(*text, "enter")
    await settle(pilot)


def revealed(screen: Screen[Any]) -> GameReveal | None:
    """The reveal shown in the table's place on ``screen`` (None: none is)."""
    return screen.revealed if isinstance(screen, TableScreen) else None


def table(app: Any) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table screen in {app.screen_stack}")


async def announce(pilot: Pilot[Any], t: TableScreen, items: Sequence[Item], said: int) -> None:
    """Announce the box item by item with its number keys and kind keys, leaving out items
    once ``said`` would be passed (a short count), then Enter."""
    draft = t.runner.draft
    assert draft is not None
    running = 0
    for item in items:
        if running + item.points > said:
            continue
        running += item.points
        keys = [str(draft.cards.index(c) + 1) for c in item.cards]
        await pilot.press(*keys, KIND_KEY[item.kind])
    await pilot.press("enter")
    await settle(pilot)


async def play_game(
    pilot: Pilot[Any],
    *,
    count: CountPlan = right,
    respond: RespondPlan = accept,
    stop: Callable[[GameState], bool] = lambda s: False,
    until: Callable[[Screen[Any]], bool] = lambda screen: False,
    limit: int = 2000,
) -> Played:
    """Play the game at the table to its end (or until ``stop``), choosing each key from the
    screen: throw the lowest cards, lay the first card that can go, count as ``count`` says,
    answer a computer's count as ``respond`` says; close every reveal and summary (but stop
    at a screen ``until`` picks)."""
    app = pilot.app
    seen = Played()
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen) or until(screen):
            return seen
        if (shown := revealed(screen)) is not None:
            seen.reveals.append(shown)
            await pilot.press("enter")
            continue
        if isinstance(screen, HandSummaryScreen):
            seen.hand_summaries += 1
            await pilot.press("enter")
            continue
        t = table(app)
        state = t.session.state
        if stop(state):
            return seen
        asked = t.session.prompt
        if asked is None or asked.seat != t.human:
            await pilot.press("space")  # show the computer's move now
            continue
        if asked.kind == "discard":
            held = t.runner.held()
            keys = lowest_keys(held, state.rules.thrown)
            seen.keys += keys
            await pilot.press(*keys, "enter")
        elif asked.kind == "play":
            held = t.runner.held()
            hand_table = state.hand.table
            assert hand_table is not None
            able = hand_table.playable(t.human)
            key = str(held.index(able[0]) + 1)
            seen.keys.append(key)
            await pilot.press(key)
            if t.runner.laying is not None:
                await type_in(pilot, "0")
        elif asked.kind == "count":
            seat, box = state.hand.to_show[0]
            truth = score_show(
                state.cards_of(seat, box), state.hand.dealt.starter, crib=box == "crib"
            )
            said = count(state, asked, truth.total)
            if t.runner.draft is not None:
                await announce(pilot, t, truth.items, said)
            else:
                box_input = t.query_one("#table-input", Input)
                assert box_input.display
                await type_in(pilot, str(said))
        else:
            answer = respond(state, asked)
            if answer == "a":  # one key: taken without Enter
                await pilot.press("a")
                await settle(pilot)
            else:
                await type_in(pilot, answer)
    raise AssertionError(f"the game did not end in {limit} screens")


def table_app(entries: Sequence[Any], choices: Any, seed: int) -> Any:
    """The app on a fixed seed with these game choices, the computer's moves shown at once."""
    from tests.factories import FakeClock
    from tests.ui.support import ListRecorder, app_for
    from trainer.settings import Settings

    return app_for(
        list(entries), FakeClock(), ListRecorder(), seed=seed, bot_pause=0.0,
        settings=Settings(game=choices),
    )  # fmt: skip


async def sit_down(pilot: Pilot[Any]) -> None:
    """Home → g → the setup screen → ctrl+d: the game dealt at the table."""
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)


async def resume(pilot: Pilot[Any]) -> TableScreen:
    """Home → c: the saved game resumed at the table (see `saved_at_its_last_hand`), once
    home has read it from the store (which opens after start)."""
    from tests.ui.waiting import until
    from trainer.ui.screens.home import HomeScreen

    def offered() -> bool:
        home = pilot.app.screen
        return isinstance(home, HomeScreen) and home.saved is not None

    await until(pilot, offered, "home to offer the saved game")
    await pilot.press("c")
    await settle(pilot)
    return table(pilot.app)
