"""Counting your show aloud at the table: F2 when the game waits for your count, a recording
standing in for the microphone. The count heard is shown under the answer box (at 80x24
the box and the log keep their rows) and claimed only on Enter, kept with how fast it was
said; Escape drops it and the count is typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle, table, type_in
from tests.ui.support import ListRecorder, app_for, running
from tests.ui.waiting import until
from tests.voice.speech import synthesise, words
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


async def test_your_show_counted_aloud_is_shown_then_claimed_on_enter(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    screens: list[TableScreen] = []
    said: list[str] = []

    def source() -> AudioSource:
        show = show_to_count(screens[0].runner)
        assert show is not None
        said.append(show.announce() if show.total else "nineteen")
        wav = synthesise(
            said[-1], tmp_path / f"count{len(said)}.wav", voice="en-gb", speed=170, seed=3
        )
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
    async with running(app, (80, 24)) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await play_game(pilot, until=counting)
        t = table(app)
        screens.append(t)

        def mine() -> list[Shown]:
            events = (e for h in t.session.hands for e in h.events)
            return [e for e in events if isinstance(e, Shown) and e.seat == t.human]

        # Your hand: heard, then Escape: the count is typed instead.
        hand = show_to_count(t.runner)
        assert hand is not None
        assert hand.total
        await pilot.press("f2")
        await until(pilot, lambda: t.aloud.waiting, "the count heard shown", 30.0)
        assert mine() == []  # nothing claimed until Enter
        await pilot.press("escape")
        assert not t.aloud.waiting
        assert not t.aloud.line.display
        assert app.focused is t.query_one("#table-input")
        await type_in(pilot, str(hand.total))
        assert [e.claim for e in mine()] == [TotalClaim(hand.total)]
        assert t.session.attempts[-1].spoken is None

        # Your crib: heard, shown with the box and the log at 80x24, claimed on Enter.
        await play_game(pilot, until=counting)
        crib = show_to_count(t.runner)
        assert crib is not None
        assert crib != hand
        await pilot.press("f2")
        await until(pilot, lambda: t.aloud.waiting, "the count heard shown", 30.0)
        claim = TotalClaim(crib.total if crib.total else 19)
        shown = str(crib.total) if crib.total else "nineteen"
        said_words = words(said[-1].replace(".", ""))
        assert t.aloud.line.text == f"Heard: “{said_words}” → {shown}"
        log, box, line = (t.query_one(s).region for s in ("#log", "#table-input", "#talk"))
        assert log.height >= 3
        assert box.height == 3
        assert line.height >= 2
        assert log.bottom <= box.y
        assert box.bottom <= line.y
        assert line.bottom <= t.query_one("#table-right").region.bottom
        drawn = [strip.text for strip in t._compositor.render_strips()]
        assert "⏎ Judge it  esc Type it  f1 Help  f2 Say it again" in drawn[-1]
        assert len(mine()) == 1
        await pilot.press("enter")
        await until(pilot, lambda: len(mine()) == 2, "your count claimed")
        assert mine()[-1].claim == claim
        spoken = t.session.attempts[-1].spoken
        assert spoken is not None
        assert 0 < spoken.first_word < spoken.end
        assert t.session.store.spoken_speed().table == 1
