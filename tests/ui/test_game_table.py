"""Games played at the table with keys, to the end: each game is the one a bare session plays
with the same choices (so the keys did what they mean), every point on the board and in the
summaries, every count recorded, what muggins took shown, and the game resumed after a
restart. The seeds are chosen so the games hold what the issue asks to see (a go, a 31, his
heels, the end mid-show); the tests assert that they do."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from tests.factories import FakeClock
from tests.ui.flow.game_plans import (
    CountPlan,
    RespondPlan,
    accept,
    by_keys,
    catch,
    right,
    same_game,
    saved_at_its_last_hand,
    two_short,
    wrong_call,
)
from tests.ui.game_support import play_game, resume, revealed, settle, table
from tests.ui.support import ListRecorder, app_for, running, text_of
from tests.ui.waiting import PATIENCE, until
from trainer.drills.loader import DrillEntry
from trainer.game.events import Go, Heels, Played, Shown
from trainer.game.record import GameRecord
from trainer.game.session import GameSession
from trainer.game.state import GameState
from trainer.game.tally import calls, counting, tally
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.history.writing import game_count, latest_playing
from trainer.settings import GameChoices, Settings
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.table.board import CribbageBoard
from trainer.ui.table.flow.effects import match_text
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import GameOverScreen, HandSummaryScreen
from trainer.ui.widgets.card_table import CardTable


def game_app(
    entries: list[DrillEntry],
    store: StatsStore,
    choices: GameChoices,
    seed: int,
    *,
    pause: float = 0.0,
) -> Any:
    """The app on a fixed seed with these game choices; the computer's moves shown at once
    (``pause`` 0) unless a test times them."""
    return app_for(
        entries, FakeClock(), store, seed=seed, bot_pause=pause, settings=Settings(game=choices)
    )


async def deal(pilot: Pilot[Any]) -> TableScreen:
    """Home → g → the setup screen → ctrl+d: the table."""
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def stored_counts(store: StatsStore) -> list[tuple[int, int, str]]:
    """Your counts as the store keeps them: claimed, actual, the game's drill id."""
    with store.guard("test") as conn:
        rows = conn.execute("SELECT claimed, actual, drill_id FROM attempts ORDER BY number")
        return [tuple(r) for r in rows]


def events(record: GameRecord) -> list[Any]:
    return [e for h in record.hands for e in h.events]


async def played_to_the_end(
    entries: list[DrillEntry],
    choices: GameChoices,
    seed: int,
    *,
    count: CountPlan = right,
    respond: RespondPlan = accept,
    size: tuple[int, int] = (80, 24),
) -> tuple[GameSession, Any, ListRecorder]:
    """Play a whole game with keys; checks it is the game a bare session plays, that the
    board ends on the score, and that the game over screen says what the record says."""
    store = ListRecorder()
    app = game_app(entries, store, choices, seed)
    async with running(app, size=size) as pilot:
        screen = await deal(pilot)
        seen = await play_game(pilot, count=count, respond=respond)
        session = screen.session
        assert session.over
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert screen.query_one(CribbageBoard).scores == session.state.scores
        result = text_of(app, "#game-result")
        assert result == over.result_line()
        if said := over.calls_lines():  # your calls, one a line (they once ran together)
            assert text_of(app, "#game-calls").split("\n") == said
        # The summary's tally is the record's, and adds up to the score.
        totals = tuple(t.total for t in tally(session.setup.rules, session.hands))
        assert totals == session.state.scores
        lines = list(screen.log_lines)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
    bare = same_game(StatsStore(":memory:"), choices, seed, count, respond)
    record = session.record
    assert record is not None
    assert bare.record is not None
    assert record.to_dict() == bare.record.to_dict()
    seen.lines = lines
    return session, seen, store


@pytest.mark.slow  # a game played out by keys: over 10 s
async def test_a_five_card_game_to_the_end_counted_short_and_mugged(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="five-card", level="easy")
    session, seen, store = await played_to_the_end(
        builtin_entries, choices, 2, count=two_short, respond=catch
    )
    record = session.record
    assert record is not None
    evs = events(record)
    # What the issue asks a game to show: a go, a 31, his heels, three for last, the end
    # mid-show (a box still to count), muggins both ways.
    assert any(isinstance(e, Go) and e.seat == 0 for e in evs)
    assert any(isinstance(e, Played) and e.count == 31 for e in evs)
    assert any(isinstance(e, Heels) for e in evs)
    assert session.state.hand.to_show  # the game ended before every box was counted
    mine = [e for e in evs if isinstance(e, Shown) and e.seat == 0]
    mugged = [e for e in mine if e.mugged]
    caught = [e for e in evs if isinstance(e, Shown) and e.mugged_by == 0]
    assert mugged, "the computer never mugged a short count"
    assert caught, "you never caught the computer's miscount"
    # Each of your counts opened its reveal, saying what the computer took.
    reveals = {(r.shown.seat, r.shown.box, r.shown.cards): r for r in seen.reveals}
    for e in mugged:
        lines = reveals[(e.seat, e.box, e.cards)].lines
        assert f"Muggins: Computer takes {e.mugged}." in lines
    for e in caught:
        lines = reveals[(e.seat, e.box, e.cards)].lines
        assert f"Muggins: You take {e.mugged}." in lines
        assert any(" Right: Computer missed " in line for line in lines)
    # The game's summary lists your calls, each right.
    made = calls(record.hands, 0)
    assert made
    assert all(c.right for c in made)
    listed = GameOverScreen(session).calls_lines()
    assert listed[0].startswith(f"Your calls: {len(made)} right")
    assert "wrong" not in listed[0]
    # Every count you made is an attempt of the game's drill, as it was judged.
    assert stored_counts(store) == [(e.claimed, e.points, "game-five-card") for e in mine]
    c = counting(record.hands, 0)
    assert c.counts == len(mine)
    assert c.caught == len(caught)
    assert seen.hand_summaries == len(record.hands) - 1  # every hand but the last, cut short
    assert game_count(store, "over") == 1
    # The log said the go, the 31 and his heels as a player says them.
    assert any(line.startswith("Go: 1 for") for line in seen.lines)
    assert any("thirty-one for 2" in line for line in seen.lines)
    assert any(line.startswith("His heels: 2 for") for line in seen.lines)


@pytest.mark.slow
async def test_a_standard_game_to_the_end_counted_right(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="standard", level="standard")
    session, _, store = await played_to_the_end(builtin_entries, choices, 2)
    record = session.record
    assert record is not None
    evs = events(record)
    assert any(isinstance(e, Go) for e in evs)
    assert any(isinstance(e, Played) and e.count == 31 for e in evs)
    mine = [e for e in evs if isinstance(e, Shown) and e.seat == 0]
    assert all(e.claimed == e.points and not e.mugged for e in mine)
    assert stored_counts(store) == [(e.points, e.points, "game-standard") for e in mine]


@pytest.mark.slow
async def test_a_four_hand_game_in_partners_to_the_end(builtin_entries: list[DrillEntry]) -> None:
    choices = GameChoices(variant="four-hand", level="standard")
    session, seen, _ = await played_to_the_end(builtin_entries, choices, 8, size=(100, 30))
    assert session.state.winner == 0  # you and your partner
    assert GameOverScreen(session).result_line().startswith("You win, 121 to 112")
    partner = [e for h in session.hands for e in h.events if isinstance(e, Shown) and e.seat == 2]
    assert partner  # your partner counted, and you were never asked to answer it
    assert all(r.shown.seat != 2 for r in seen.reveals)


async def test_a_wrong_muggins_call_gives_the_count_s_owner_the_points(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    app = game_app(builtin_entries, store, GameChoices(variant="short", level="standard"), 3)
    async with running(app) as pilot:
        await deal(pilot)
        await play_game(
            pilot,
            respond=wrong_call,
            until=lambda s: (r := revealed(s)) is not None and r.answered is not None,
        )
        reveal = revealed(app.screen)
        assert reveal is not None
        s = reveal.shown
        lines = reveal.lines
        assert s.claimed == s.points
        assert lines[1] == "You answered: muggins for 2. Wrong: nothing was missed."
        assert s.pegged == s.points + 2  # the ACC rule: the owner takes the wrong call's 2
        # ... as muggins, not as the hand's points.
        assert lines[2] == "Muggins: Computer takes 2 for your wrong call."
        assert lines[3] == f"Computer pegs {s.points} for the {s.box}."


@pytest.mark.slow  # two hands played out by keys, one trainer after another
async def test_escape_leaves_the_game_saved_and_home_resumes_it(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    db = tmp_path / "muggins.sqlite3"
    choices = GameChoices(variant="short", level="easy")
    with StatsStore(db) as store:
        app = game_app(builtin_entries, store, choices, 5)
        async with running(app) as pilot:
            screen = await deal(pilot)
            await play_game(pilot, stop=lambda s: s.phase == "show")
            state, lines = screen.session.state, len(screen.log_lines)
            assert lines > 3
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert home.saved is not None
            assert "c resumes it" in home._saved_text().plain
    # A new trainer on the same file offers the game and resumes it where it was.
    with StatsStore(db) as store:
        saved = latest_playing(store)
        assert saved is not None
        app = game_app(builtin_entries, store, choices, 99)
        async with running(app) as pilot:
            await settle(pilot)
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert home.saved is not None
            await pilot.press("c")
            await settle(pilot)
            resumed = table(app)
            assert resumed.session.state == state
            assert resumed.query_one(CribbageBoard).scores == state.scores
            number = state.hand.number
            await play_game(pilot, stop=lambda s: s.hand.number > number)  # and it plays on
            assert resumed.session.state.hand.number == number + 1
            # the hand it was saved in finished, in the record with the one dealt since
            assert [h.number for h in resumed.session.hands] == list(range(1, number + 2))


async def test_starting_a_new_game_gives_up_the_saved_one(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    app = game_app(builtin_entries, store, GameChoices(variant="short"), 5)
    async with running(app) as pilot:
        first = await deal(pilot)
        await play_game(pilot, stop=lambda s: s.phase == "play")
        await pilot.press("escape", "y")
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")  # asks first, naming the game: yes gives it up
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the table")
        second = table(pilot.app)
        assert second.session.uid != first.session.uid
    assert game_count(store, "abandoned") == 1
    assert game_count(store, "playing") == 1


async def test_a_match_goes_on_to_its_next_game(builtin_entries: list[DrillEntry]) -> None:
    store = ListRecorder()
    choices = GameChoices(variant="short", level="easy", match_points=3)
    saved_at_its_last_hand(store, choices, 4)
    app = game_app(builtin_entries, store, choices, 4)
    async with running(app) as pilot:
        first = await resume(pilot)  # the match's first game at its last hand
        await play_game(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert "Match to 3 game points" in over.match_line()
        await pilot.press("enter")
        await settle(pilot)
        second = table(app)
        assert second is not first
        place = second.session.setup.match
        assert place is not None
        assert place.number == 2
        assert first.session.match_after == place
        assert "game 2" in match_text(second.session.setup.match)


@pytest.mark.slow  # a game played out by keys: over 10 s
async def test_you_peg_your_own_play_and_a_missed_point_is_mugged(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    choices = GameChoices(variant="short", level="strong", peg_own=True)
    app = game_app(builtin_entries, store, choices, 2)
    async with running(app, (80, 24)) as pilot:
        screen = await deal(pilot)
        # You claim 0 for every card (play_game types 0): the strong computer mugs any
        # card that pegged.
        await play_game(pilot, stop=lambda s: s.hand.number > 3)
        played = [
            e
            for h in screen.session.hands
            for e in h.events
            if isinstance(e, Played) and e.seat == 0
        ]
        assert played
        assert all(e.claimed == 0 for e in played)
        scored = [e for e in played if e.mugged]
        assert scored, "no card of yours pegged in three hands"
        assert all(e.mugged_by == 1 for e in scored)
        assert any("Computer takes" in line for line in screen.log_lines)


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
async def test_an_announced_count_at_the_table(builtin_entries: list[DrillEntry]) -> None:
    store = ListRecorder()
    choices = GameChoices(variant="short", level="standard", claim="announce")
    app = game_app(builtin_entries, store, choices, 6)
    async with running(app) as pilot:
        await deal(pilot)
        seen = await play_game(pilot, stop=lambda s: s.hand.number > 2)
    mine = [r for r in seen.reveals if r.shown.seat == 0]
    assert mine
    for reveal in mine:
        assert reveal.verdict is not None
        assert reveal.verdict.itemised
        assert reveal.verdict.exact
    with store.guard("test") as conn:
        answers = [row[0] for row in conn.execute("SELECT answer FROM attempts ORDER BY number")]
    assert len(answers) == len(mine)
    assert all('"items"' in a for a in answers)  # announced, combination by combination


async def test_the_summary_of_a_hand_adds_up(builtin_entries: list[DrillEntry]) -> None:
    store = ListRecorder()
    app = game_app(builtin_entries, store, GameChoices(variant="standard"), 7)
    async with running(app) as pilot:
        screen = await deal(pilot)
        await play_game(pilot, until=lambda s: isinstance(s, HandSummaryScreen))
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        first = screen.session.hands[0]
        text = text_of(app, "#hand-tally")
        sides = tally(screen.session.setup.rules, [first])
        for name, side in zip(("You", "Computer"), sides, strict=True):
            row = next(line for line in text.splitlines() if line.startswith(name))
            assert row.split()[1:] == [
                str(v)
                for v in (side.play, side.hands, side.crib, side.heels, side.muggins, side.total)
            ]
        assert text_of(app, "#hand-score") == (
            f"Score: You {screen.session.state.scores[0]}  ·  "
            f"Computer {screen.session.state.scores[1]}"
        )


async def test_cards_are_picked_with_the_mouse_too(builtin_entries: list[DrillEntry]) -> None:
    store = ListRecorder()
    app = game_app(builtin_entries, store, GameChoices(variant="standard"), 2)
    async with running(app) as pilot:
        screen = await deal(pilot)
        hand = screen.query_one("#hand-cards", CardTable)
        first, third = hand.card_widgets()[0], hand.card_widgets()[2]
        await pilot.click(first)
        await pilot.click(third)
        await settle(pilot)
        picked = (first.card, third.card)
        assert tuple(screen.runner.picked) == picked
        assert first.selected
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.state.hand.thrown[0] == picked


async def test_the_computer_s_move_waits_its_pause_and_a_key_shows_it(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    choices = GameChoices(variant="standard")
    app = game_app(builtin_entries, store, choices, 2, pause=30.0)
    async with running(app) as pilot:
        screen = await deal(pilot)
        await pilot.press("1", "2", "enter")  # you throw: the computer's turn to throw
        await settle(pilot)
        assert screen.runner.bot is not None  # taken and saved, waiting out its pause
        assert screen.runner.bot.move is not None
        assert screen.session.state.hand.kept[1] is not None
        assert not any("Computer throws" in line for line in screen.log_lines)
        assert "(any key: go on)" in text_of(app, "#table-prompt")
        await pilot.press("space")
        await settle(pilot)
        assert screen.runner.bot is None
        assert any("Computer throws 2" in line for line in screen.log_lines)


async def test_a_skipped_move_leaves_no_timer_to_show_the_next_one_early(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="standard")
    app = game_app(builtin_entries, ListRecorder(), choices, 2, pause=30.0)
    async with running(app) as pilot:
        screen = await deal(pilot)
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        assert screen._timer is not None  # the computer's throw waits out its pause
        await pilot.press("space")
        await settle(pilot)
        assert screen._timer is None


async def test_the_answer_to_your_count_is_not_kept_waiting(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="short")
    # A pause far past the test's patience: the reveal can only come if nothing waits it out.
    app = game_app(builtin_entries, ListRecorder(), choices, 5, pause=3600.0)
    async with running(app) as pilot:
        screen = await deal(pilot)
        # Every computer move is shown by a key (space) until you count your hand...
        await play_game(
            pilot,
            stop=lambda s: s.phase == "show" and s.hand.to_show[0][0] == 0 and not s.hand.pending,
        )
        assert screen.session.human_turn
        await pilot.press("0", "enter")  # then the computer's answer and the reveal come at once
        await settle(pilot)
        await until(pilot, lambda: revealed(app.screen) is not None, "the reveal")


async def test_your_count_settled_after_a_resume_is_revealed_as_you_said_it(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    db = tmp_path / "muggins.sqlite3"
    choices = GameChoices(variant="short", level="standard")
    with StatsStore(db) as store:
        game = GameSession.start(store, variant("short"), 11, [None, "standard"])
        while not (game.state.hand.pending and game.state.hand.pending.seat == 0):
            if game.bot_step() is None:
                asked = game.prompt
                assert asked is not None
                game.act(by_keys(game.state, asked, lambda s, a, t: 1, accept))  # you say 1
        claimed = game.state.hand.pending.claimed  # your count, the computer still to answer
    with StatsStore(db) as store:
        app = game_app(builtin_entries, store, choices, 1)
        async with running(app) as pilot:
            await pilot.press("c")
            await settle(pilot)
            await play_game(pilot, until=lambda s: revealed(s) is not None)
            reveal = revealed(app.screen)
            assert reveal is not None
            assert reveal.shown.seat == 0
            assert reveal.verdict is not None
            assert reveal.verdict.claimed == claimed == 1
            assert "You claimed 1;" in reveal.lines[0]


async def test_a_game_dealt_before_the_history_is_open_waits_for_it(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    opened = threading.Event()

    def slow_open() -> ListRecorder:
        opened.wait(PATIENCE)  # held until the game has been asked for
        return store

    app = app_for(
        builtin_entries,
        FakeClock(),
        None,
        seed=2,
        bot_pause=0.0,
        settings=Settings(game=GameChoices(variant="short")),
        history=slow_open,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("ctrl+d")  # the history is not open yet
        await pilot.pause()
        assert app.runner.history is None
        opened.set()
        await settle(pilot)
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert game_count(store, "playing") == 1


async def test_the_card_you_peg_is_on_the_table_until_you_say_it(
    builtin_entries: list[DrillEntry],
) -> None:
    store = ListRecorder()
    choices = GameChoices(variant="short", level="strong", peg_own=True)
    app = game_app(builtin_entries, store, choices, 2)
    async with running(app) as pilot:
        screen = await deal(pilot)

        def your_play(state: GameState) -> bool:
            table = state.hand.table
            return state.phase == "play" and table is not None and table.turn == 0

        await play_game(pilot, stop=your_play)
        state = screen.session.state
        table = state.hand.table
        assert table is not None
        card = table.playable(0)[0]
        await pilot.press(str(screen.runner.held().index(card) + 1))
        await settle(pilot)
        # Laid on the table with the count it makes, out of your hand; the prompt asks what
        # it pegs (it no longer says to lay a card).
        middle = screen.query_one("#middle-cards", CardTable)
        assert middle.cards[-1] == card
        assert card not in screen.query_one("#hand-cards", CardTable).cards
        count = table.count + card.value
        assert text_of(app, "#pile").startswith(f"count {count} ")
        prompt = text_of(app, "#table-prompt")
        assert f"makes {count}: type what it pegs" in prompt
        assert "lay a card" not in prompt
        shown = screen.query_one("#table-prompt").content_region.width
        assert prompt.endswith("Escape takes it back")
        assert cell_len(prompt) <= shown  # the whole prompt within 80 columns
        # Escape takes the pick back: nothing is laid, and the game is not left.
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert screen.runner.laying is None
        assert screen.session.state == state
        assert card in screen.query_one("#hand-cards", CardTable).cards
        assert "lay a card" in text_of(app, "#table-prompt")
        # Laid again and claimed: the claim is in the log before the computer's answer.
        await pilot.press(str(screen.runner.held().index(card) + 1))
        await pilot.press("9", "enter")
        await settle(pilot)
        lines = screen.log_lines
        claim = next(n for n, line in enumerate(lines) if line.endswith("you claim 9"))
        assert lines[claim + 1] == 'Computer: "Too many!"'
