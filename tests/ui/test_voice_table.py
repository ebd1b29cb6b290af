"""Counting your show aloud at the table: F2 when the game waits for your count, a recording
standing in for the microphone, and the count said is the count claimed, kept with how fast
it was said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle, table
from tests.ui.support import ListRecorder, app_for, running
from tests.ui.waiting import until
from tests.voice.speech import synthesise
from trainer.drills.loader import DrillEntry
from trainer.game.events import Shown
from trainer.judge.claims import TotalClaim
from trainer.settings import GameChoices, Settings
from trainer.ui.table.flow.voice import show_to_count
from trainer.ui.table.screen import TableScreen
from trainer.voice.audio import read_wav
from trainer.voice.listen import AudioSource, RecordedSource


def counting(screen: Screen[Any]) -> bool:
    return (
        isinstance(screen, TableScreen)
        and screen.revealed is None
        and show_to_count(screen.runner) is not None
    )


async def test_your_show_counted_aloud_is_your_claim(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    screens: list[TableScreen] = []

    def source() -> AudioSource:
        show = show_to_count(screens[0].runner)
        assert show is not None
        said = show.announce() if show.total else "nineteen"
        wav = synthesise(said, tmp_path / "count.wav", voice="en-gb", speed=170, seed=3)
        return RecordedSource(read_wav(wav))

    choices = GameChoices(variant="standard", level="easy")
    app = app_for(
        builtin_entries,
        FakeClock(),
        ListRecorder(),
        seed=5,
        bot_pause=0.0,
        settings=Settings(game=choices),
        voice_source=source,
    )
    async with running(app) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await play_game(pilot, until=counting)
        t = table(app)
        screens.append(t)
        show = show_to_count(t.runner)
        assert show is not None
        await pilot.press("f2")

        def mine() -> list[Shown]:
            events = (e for h in t.session.hands for e in h.events)
            return [e for e in events if isinstance(e, Shown) and e.seat == t.human]

        await until(pilot, lambda: bool(mine()), "your count claimed", 30.0)
        assert mine()[-1].claim == TotalClaim(show.total)
        assert mine()[-1].claimed == show.total
        spoken = t.session.attempts[-1].spoken
        assert spoken is not None
        assert 0 < spoken.first_word < spoken.end
        assert t.session.store.spoken_speed().table == 1
