"""The coach on screen: a hand's line under its summary, the game's ledger and costliest
decisions under the game's, your past games listed from home and each reviewed hand by hand
with keys, and the hint key at the table (in the discard and the play, never while you count).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.factories import FakeClock
from tests.game.scripted import play_out
from tests.ui.flow.game_plans import saved_at_its_last_hand
from tests.ui.game_support import play_game, resume, settle, table
from tests.ui.support import ListRecorder, app_for, notifications, running, text_of
from tests.ui.waiting import palette_offers, until
from trainer.drills.loader import DrillEntry
from trainer.game.coach.decisions import spot_now
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.play import play_advice
from trainer.game.coach.reasons import lay_reason, throw_reason
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.settings import GameChoices, Settings
from trainer.ui.flow.coach_text import cards_text
from trainer.ui.screens.game_review import GameReviewScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.past_games import PastGamesScreen
from trainer.ui.table.flow.hint import NO_HINT, play_heading
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import GameOverScreen, HandSummaryScreen

SIZE = (80, 24)


def short_app(entries: list[DrillEntry], store: ListRecorder, seed: int = 5, **more: Any) -> Any:
    choices = GameChoices(variant="short", level="standard")
    settings = Settings(game=choices, **more)
    return app_for(entries, FakeClock(), store, seed=seed, bot_pause=0.0, settings=settings)


async def deal(pilot: Pilot[Any]) -> TableScreen:
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def reviewed(pilot: Pilot[Any]) -> GameReviewScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameReviewScreen)
    await until(pilot, lambda: screen.review is not None, "the review to be made")
    await pilot.pause()
    return screen


async def step_through(pilot: Pilot[Any], screen: GameReviewScreen) -> list[str]:
    """Every hand's title, stepping with the right arrow, then the keys back and to the ends."""
    app: Any = pilot.app
    titles = [text_of(app, "#review-hand-title")]
    for _ in range(screen.pages - 1):
        await pilot.press("right")
        titles.append(text_of(app, "#review-hand-title"))
    await pilot.press("right")  # past the last: it stays
    assert text_of(app, "#review-hand-title") == titles[-1]
    await pilot.press("left")
    assert text_of(app, "#review-hand-title") == titles[max(0, len(titles) - 2)]
    await pilot.press("home")
    assert text_of(app, "#review-hand-title") == titles[0]
    await pilot.press("end")
    assert text_of(app, "#review-hand-title") == titles[-1]
    return titles


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
async def test_a_game_played_then_reviewed_from_its_summary_and_from_home(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    saved_at_its_last_hand(store, GameChoices(variant="short", level="standard"), 5, hands_left=2)
    app = short_app(builtin_entries, store)
    async with running(app, size=SIZE) as pilot:
        await resume(pilot)  # the game's last two hands played by keys
        summary = await play_game(pilot, until=lambda s: isinstance(s, HandSummaryScreen))
        assert summary.hand_summaries == 0
        assert text_of(app, "#hand-coach").startswith("This hand: discard ")
        await play_game(pilot)
        assert isinstance(app.screen, GameOverScreen)
        coach = text_of(app, "#game-coach")
        assert coach.startswith("Points lost: discard ")
        session = table(app).session
        await pilot.press("r")
        screen = await reviewed(pilot)
        record = session.record
        assert record is not None
        hands = len(record.hands)
        titles = await step_through(pilot, screen)
        assert [t.split(" · ")[0] for t in titles] == [
            f"Hand {n} of {hands}" for n in range(1, hands + 1)
        ]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PastGamesScreen)
        assert [g.uid for g in app.screen.games] == [session.uid]
        assert text_of(app, "#past-note").startswith("1 game")
        await pilot.press("enter")
        again = await reviewed(pilot)
        assert again.review == screen.review


async def test_past_games_are_listed_and_reviewed_by_keys(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    first = GameSession.start(store, variant("short"), 5, [None, "standard"])
    play_out(first)
    second = GameSession.start(store, variant("short"), 6, [None, "easy"])
    play_out(second)
    app = short_app(builtin_entries, store)
    async with running(app, size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"your games")
        await palette_offers(pilot, "Your games")
        await pilot.press("enter")
        await settle(pilot)
        listing = app.screen
        assert isinstance(listing, PastGamesScreen)
        assert [g.uid for g in listing.games] == [second.uid, first.uid]
        assert all(g.lost == "review it" for g in listing.games)  # no ledger kept yet
        await pilot.press("down", "enter")
        screen = await reviewed(pilot)
        assert screen.uid == first.uid
        record = first.record
        assert record is not None
        titles = await step_through(pilot, screen)
        assert len(titles) == len(record.hands)
        assert text_of(app, "#review-totals").startswith("Points lost: discard ")
        await pilot.press("escape")
        await settle(pilot)
        # The review kept the ledger: the list now says what the game cost you.
        await pilot.press("escape", "p")
        await settle(pilot)
        listing = app.screen
        assert isinstance(listing, PastGamesScreen)
        assert listing.games[1].lost.startswith("-")
        assert listing.games[0].lost == "review it"


async def test_the_hint_key_in_the_discard_and_the_play_never_in_a_count(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    app = short_app(builtin_entries, store, seed=2)
    async with running(app, size=SIZE) as pilot:
        screen = await deal(pilot)
        state = screen.session.state
        dealt = state.hand.dealt.hands[0]
        own = state.hand.dealer == 0
        await pilot.press("h")
        await settle(pilot)
        best = discard_advice(dealt, state.rules, own_crib=own)[:3]
        reason = throw_reason(best[0].keep, best[0].throw, own_crib=own)
        assert screen.hints.given == [
            ["Hint: best throws, net"]
            + [f"  {cards_text(t.throw)}  net {t.net:.1f}" for t in best]
            + [f"  The best {reason}"]
        ]
        assert screen.log_lines[-5:] == screen.hints.given[0]
        held = screen.runner.held()
        await pilot.press(*(str(held.index(c) + 1) for c in best[0].throw), "enter")
        await settle(pilot)
        assert screen.session.hints == {(1, 0, 0)}
        # In the play: each card you may lay with its value.
        await play_game(pilot, stop=lambda s: s.phase == "play" and s.hand.table is not None
                        and s.hand.table.turn == 0 and bool(s.hand.table.playable(0)))  # fmt: skip
        table_now = screen.session.state.hand.table
        assert table_now is not None
        spot = spot_now(state.rules, screen.session.hands[-1].to_dict(), 0, table_now.passed)
        await pilot.press("h")
        await settle(pilot)
        advice = play_advice(spot)
        values = advice.cards
        assert screen.hints.given[-1] == [play_heading(advice)] + [
            f"  {cards_text([v.card])}  {v.value:+.1f} · {lay_reason(spot.pile, v.card)}"
            for v in values
        ]
        # Never while you count.
        caught = notifications(app)
        await play_game(pilot, stop=lambda s: s.phase == "show" and s.hand.to_show[0][0] == 0
                        and not s.hand.pending)  # fmt: skip
        given, said = len(screen.hints.given), len(screen.log_lines)
        await pilot.press("h")  # typed in your count's field, not a hint
        await settle(pilot)
        screen.action_hint()  # the hint asked for all the same: refused, saying why
        await settle(pilot)
        assert len(screen.hints.given) == given
        assert len(screen.log_lines) == said
        assert caught == [NO_HINT]


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
async def test_each_hand_is_worked_out_as_it_ends_and_the_games_ledger_reuses_it(
    builtin_entries: list[DrillEntry],
) -> None:
    """The coach silent after hands, the table still works out each hand's ledger in a
    worker as the hand ends: the game's ledger at the end works out only the others."""
    store = ListRecorder()
    saved_at_its_last_hand(store, GameChoices(variant="short", level="standard"), 5, hands_left=2)
    app = short_app(builtin_entries, store, coach_hands="never")
    async with running(app, size=SIZE) as pilot:
        await resume(pilot)
        summary = await play_game(pilot, until=lambda s: isinstance(s, HandSummaryScreen))
        assert not summary.hand_summaries
        assert not app.screen.query_one("#hand-coach").display  # the coach says nothing
        ledgers = table(app).runner.ledgers
        await until(pilot, lambda: ledgers.worked_out == 1, "the hand's ledger")
        await play_game(pilot)
        assert isinstance(app.screen, GameOverScreen)
        coach = "#game-coach"
        await until(pilot, lambda: text_of(app, coach).startswith("Points lost"), "the ledger")
        session = table(app).session
        assert session.record is not None
        # each hand worked out once: those with a summary as they ended, the rest at the end
        assert ledgers.worked_out == len(session.record.hands)
