"""A game session: saved after every step, resumed (even after SIGKILL) as the same game, and
each human count an attempt that stats, review and re-drill take like any other."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.factories import FakeClock
from tests.game.scripted import play_out, scripted
from trainer.game.codec import action_from_data
from trainer.game.events import Shown
from trainer.game.players.bots import Bot, Level
from trainer.game.record import play_game
from trainer.game.saved_games import abandon_saved, replay_problem
from trainer.game.session import GameSession, SavedGameError
from trainer.game.state import Count, Discard, GameError, GameOptions, Respond
from trainer.game.variants import VARIANTS, variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.file import HumanResult
from trainer.history.writing import GameConflictError, game_count, load_game
from trainer.judge.claims import TotalClaim
from trainer.practice.redrill import review_drill, review_questions
from trainer.quiz.session import QuizSession

ROOT = Path(__file__).resolve().parents[2]
STANDARD = variant("standard")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[StatsStore]:
    with StatsStore(db) as opened:
        yield opened


def saved_rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchall()


def start(store: StatsStore, seed: int = 7, **kw: Any) -> GameSession:
    return GameSession.start(store, STANDARD, seed, [None, "standard"], **kw)


def play_steps(session: GameSession, steps: int) -> None:
    """Play on (bots and the scripted human) until ``steps`` actions have been taken."""
    while session.state.steps < steps and not session.over:
        if session.bot_step() is None:
            asked = session.prompt
            assert asked is not None
            session.act(scripted(session.state, asked), seconds=4.0)


def comparable_attempts(store: StatsStore) -> list[tuple[Any, ...]]:
    with store.guard("test") as conn:
        return conn.execute(
            "SELECT number, kind, hand, starter, answer, claimed, actual, outcome, ms, drill_id "
            "FROM attempts ORDER BY number"
        ).fetchall()


# ---------------------------------------------------------------- the record


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_a_bot_game_keeps_the_record_play_game_keeps(variant_id: str) -> None:
    rules = variant(variant_id)
    every: list[Level] = ["standard", "easy", "standard", "easy"]
    levels = every[: rules.players]
    with StatsStore(":memory:") as memory:
        session = GameSession.start(memory, rules, 31, levels)
        steps = session.run_bots()
        assert session.over
        assert session.prompt is None
        assert session.bot_step() is None
        assert len(steps) == session.state.steps
        bots = [Bot(level, seat, 31) for seat, level in enumerate(levels)]
        expected = play_game(rules, 31, bots, levels)
        assert session.record is not None
        assert session.record.to_dict() == expected.to_dict()
        saved = load_game(memory, session.uid)
        assert saved is not None
        assert saved.status == "over"
        assert saved.record is not None
        assert json.loads(saved.record) == expected.to_dict()
        assert (saved.winner, saved.final, saved.human_result) == (
            expected.winner,
            expected.final,
            None,
        )
        assert memory.attempt_count() == 0  # bots' counts are not the player's


# ---------------------------------------------------------------- saving and resuming


def test_every_step_is_saved_before_the_session_moves_on(db: Path, store: StatsStore) -> None:
    session = start(store)
    while session.state.steps < 60:
        taken = session.bot_step()
        if taken is None:
            asked = session.prompt
            assert asked is not None
            action = scripted(session.state, asked)
            session.act(action, seconds=2.0)
        else:
            action = taken[0]
        [(steps,)] = saved_rows(db, "SELECT steps FROM games")
        [(last,)] = saved_rows(db, "SELECT action FROM game_actions ORDER BY n DESC LIMIT 1")
        assert steps == session.state.steps
        assert action_from_data(json.loads(last)) == action


def test_resume_gives_the_same_game(db: Path, tmp_path: Path) -> None:
    with StatsStore(db) as first:
        session = start(first)
        play_steps(session, 75)
        state, hands, counts = session.state, [h.to_dict() for h in session.hands], session.counts
        assert counts > 0
        assert not session.over
    with StatsStore(db) as again:
        resumed = GameSession.resume(again)
        assert resumed is not None
        assert resumed.uid == session.uid
        assert resumed.setup == session.setup
        assert resumed.state == state
        assert [h.to_dict() for h in resumed.hands] == hands
        assert resumed.counts == counts
        play_out(resumed)
        record = resumed.record
        assert record is not None
        resumed_attempts = comparable_attempts(again)
    with StatsStore(tmp_path / "straight.sqlite3") as straight:
        whole = start(straight)
        play_out(whole)
        assert whole.record is not None
        assert record.to_dict() == whole.record.to_dict()
        assert resumed_attempts == comparable_attempts(straight)


def test_a_corrupt_saved_game_is_refused_and_kept(db: Path, store: StatsStore) -> None:
    session = start(store)
    play_steps(session, 30)
    before = saved_rows(db, "SELECT * FROM game_actions ORDER BY n")
    cases = [
        ("UPDATE game_actions SET action = '{oops' WHERE n = 3", "action 3: not JSON"),
        (
            """UPDATE game_actions SET action = '{"type":"shuffle","seat":0}' WHERE n = 4""",
            "action 4: type must be one of",
        ),
        (  # a card seat 0 never held
            "UPDATE game_actions SET action = json_set(action, '$.cards[0]', "
            "(SELECT json_extract(action, '$.cards[0]') FROM game_actions WHERE n = 1)) "
            "WHERE n = 0",
            "action 0: seat 0 was not dealt",
        ),
        ("UPDATE games SET setup = json_set(setup, '$.variant', 'short')", "stored as standard"),
        ("UPDATE games SET steps = steps + 1", "31 steps are saved but 30 actions"),
    ]
    for change, message in cases:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            saved = conn.execute("SELECT setup, steps FROM games").fetchone()
            conn.execute(change)
            conn.commit()
        with pytest.raises(SavedGameError) as raised:
            GameSession.resume(store)
        assert message in str(raised.value)
        assert f"the saved game {session.uid} cannot be resumed" in str(raised.value)
        assert "kept as it was" in str(raised.value)
        with contextlib.closing(sqlite3.connect(db)) as conn:  # put it right for the next case
            conn.execute("UPDATE games SET setup = ?, steps = ?", saved)
            for game_id, n, action in before:
                conn.execute(
                    "UPDATE game_actions SET action = ? WHERE game_id = ? AND n = ?",
                    (action, game_id, n),
                )
            conn.commit()
    assert saved_rows(db, "SELECT * FROM game_actions ORDER BY n") == before
    assert game_count(store, "playing") == 1
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert resumed.state == session.state
    abandon_saved(store, session.uid)
    assert GameSession.resume(store) is None
    assert game_count(store, "abandoned") == 1


def test_a_game_whose_end_was_not_saved_is_finished_on_resume(db: Path, store: StatsStore) -> None:
    session = start(store)
    play_out(session)
    assert session.record is not None
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("UPDATE games SET status = 'playing', record = NULL, winner = NULL")
        conn.commit()
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert resumed.over
    assert resumed.prompt is None
    saved = load_game(store, session.uid)
    assert saved is not None
    assert saved.status == "over"
    assert saved.record is not None
    assert json.loads(saved.record) == session.record.to_dict()
    assert GameSession.resume(store) is None


def test_a_game_to_import_is_played_through_and_nothing_is_written(
    db: Path, store: StatsStore
) -> None:
    """`replay_problem` plays a saved game through as resuming it would, writing nothing:
    the first illegal action, or an end its actions do not make, is its problem."""
    over = start(store)
    play_out(over)
    done = load_game(store, over.uid)
    assert done is not None
    assert done.winner is not None
    assert done.final is not None
    playing = start(store, seed=8)
    play_steps(playing, 12)
    left = load_game(store, playing.uid)
    assert left is not None
    before = saved_rows(db, "SELECT * FROM games")
    assert replay_problem(done) is None
    assert replay_problem(left) is None
    twice = (*left.actions[:5], left.actions[4], *left.actions[5:])
    assert str(replay_problem(replace(left, actions=twice, steps=13))).startswith("action 5: ")
    short = replace(done, actions=done.actions[:-1], steps=done.steps - 1)
    assert str(replay_problem(short)).startswith("it is saved as over, but its")
    assert replay_problem(replace(done, human_side=1)) == "human_side: 1 is not its setup's (0)"
    wrong = (*done.final[:-1], done.final[-1] - 1)
    assert "is not how its actions end it" in str(replay_problem(replace(done, final=wrong)))
    as_won: HumanResult = "won" if done.human_result != "won" else "lost"
    assert "human_result" in str(replay_problem(replace(done, human_result=as_won)))
    unfinished = replace(done, status="playing")  # resuming would save its end: this writes not
    assert replay_problem(unfinished) is None
    assert saved_rows(db, "SELECT * FROM games") == before


# ---------------------------------------------------------------- what the human may do


def test_an_action_refused_changes_and_saves_nothing(db: Path, store: StatsStore) -> None:
    session = start(store)
    state = session.state
    dealt = state.hand.dealt.hands[0]
    with pytest.raises(GameError, match="throw 2 different card"):
        session.act(Discard(0, dealt[:3]))
    with pytest.raises(GameError, match="you play seat 0, not seat 1"):
        session.act(Discard(1, state.hand.dealt.hands[1][:2]))
    session.act(Discard(0, dealt[:2]))
    with pytest.raises(GameError, match="it is standard's turn to discard"):
        session.act(Discard(0, dealt[2:4]))
    assert saved_rows(db, "SELECT steps FROM games") == [(1,)]
    assert session.state.steps == 1


def test_two_trainers_cannot_both_play_one_game(db: Path) -> None:
    with StatsStore(db) as one, StatsStore(db) as two:
        mine = start(one)
        play_steps(mine, 20)
        theirs = GameSession.resume(two)
        assert theirs is not None
        play_steps(theirs, 21)
        held = mine.state
        with pytest.raises(GameConflictError, match="moved on without this trainer"):
            play_steps(mine, 21)
        assert mine.state == held


def test_an_abandoned_game_is_kept_and_not_resumed(store: StatsStore) -> None:
    session = start(store)
    play_steps(session, 10)
    session.abandon()
    assert session.prompt is None
    assert session.bot_step() is None
    with pytest.raises(GameError, match="abandoned"):
        session.act(Discard(0, ()))
    assert GameSession.resume(store) is None
    saved = load_game(store, session.uid)
    assert saved is not None
    assert (saved.status, saved.steps) == ("abandoned", 10)


# ---------------------------------------------------------------- counts as attempts


def test_each_human_count_is_an_attempt(db: Path, store: StatsStore) -> None:
    clock = FakeClock()
    session = start(store, seed=12, now=clock.now, options=GameOptions("hoyle"))
    human_counts = []
    while not session.over:
        session.run_bots()
        asked = session.prompt
        if asked is None:
            break
        action = scripted(session.state, asked)
        clock.advance(3)
        session.act(action, seconds=6.5)
        if isinstance(action, Count):
            attempt = session.attempts[-1]
            human_counts.append(action)
            pending = session.state.hand.pending
            if pending is not None:  # the engine's own verdict, while the bot answers
                assert pending.verdict == attempt.judgement
    assert len(human_counts) == len(session.attempts) == session.counts > 5
    assert store.attempt_count() == len(human_counts)
    shown = [e for h in session.hands for e in h.events if isinstance(e, Shown) and e.seat == 0]
    rows = saved_rows(
        db,
        "SELECT drill_id, drill_name, session_id, number, kind, policy, claimed, actual, "
        "ms, variant, seed FROM attempts ORDER BY number",
    )
    for n, (row, event) in enumerate(zip(rows, shown, strict=True), start=1):
        assert row[:6] == (
            "game-standard",
            "Game: Two players, to 121",
            session.uid,
            n,
            event.box,
            "hoyle",
        )
        assert (row[6], row[7]) == (event.claimed, event.points)
        assert row[8:] == (6500, "standard", 12)
    # An announcement that left a combination out names it in the review list.
    left_out = {(i.kind, frozenset(i.cards)) for a in session.attempts for i in a.missed}
    assert left_out
    review = store.review_items(drill="game-standard", limit=None)
    listed = {(i.kind, frozenset(i.cards)) for i in review if i.role == "missed"}
    assert listed == left_out
    assert store.report("game-standard").kinds  # and the kinds it held are counted


def test_game_counts_are_in_stats_review_and_redrill(
    store: StatsStore, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    session = start(store, seed=12)
    play_out(session)
    wrong = [a for a in session.attempts if not a.exact]
    assert wrong
    report = store.report()
    [game] = [d for d in report.drills if d.drill_id == "game-standard"]
    assert game.attempts == len(session.attempts)
    assert store.drills()["game-standard"] == "Game: Two players, to 121"
    listed = store.review_items(drill="game-standard", limit=None)
    assert {i.attempt_id for i in listed}
    assert len({i.attempt_id for i in listed}) == len(wrong)
    # Every show counted wrong comes back on the schedule, and re-drills like any other.
    later = session.attempts[-1].at.replace(year=2100)
    due = store.due(later)
    keys = {(tuple(sorted(map(str, d.hand))), str(d.starter), d.crib) for d in due}
    for a in wrong:
        assert (tuple(sorted(map(str, a.cards))), str(a.starter), a.crib) in keys
    assert {d.drill_id for d in due} == {"game-standard"}
    redrill = QuizSession(review_drill(), random.Random(0), questions=review_questions(due))
    reviews = {d.key: d.reviews for d in due}
    while (q := redrill.next_question()) is not None:
        assert q.kind in ("hand", "crib")
        answered = redrill.answer(TotalClaim(q.actual))
        assert answered is not None
        store.record(answered)
    assert all(d.reviews == reviews[d.key] + 1 for d in store.scheduled())
    from trainer.__main__ import main

    assert main(["stats", "--data-dir", str(db.parent)]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("game-standard ") for line in out.splitlines())


def test_a_response_is_no_attempt(store: StatsStore) -> None:
    """Answering a bot's count moves points but is not recorded as an answer (see the
    module docs of trainer.game.session): only the human's own counts are."""
    session = start(store, seed=3)
    responded = 0
    while not session.over:
        session.run_bots()
        asked = session.prompt
        if asked is None:
            break
        action = scripted(session.state, asked)
        session.act(action)
        responded += isinstance(action, Respond)
    assert responded > 0
    assert store.attempt_count() == session.counts


# ---------------------------------------------------------------- killed mid-game

CHILD = [sys.executable, "-m", "tests.game.scripted"]


def test_killed_mid_game_and_resumed_it_is_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    child = subprocess.Popen(
        [*CHILD, str(path), "41", "0.003"], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert child.stdout is not None
    reported = 0
    while reported < 40:
        words = child.stdout.readline().split()
        assert words[0] == "steps", words
        reported = int(words[1])
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    with StatsStore(path) as store:
        resumed = GameSession.resume(store)
        assert resumed is not None, "the game was over before the kill: kill it sooner"
        assert resumed.state.steps >= reported
        play_out(resumed)
        assert resumed.record is not None
        record = resumed.record.to_dict()
        attempts = comparable_attempts(store)
    with StatsStore(tmp_path / "straight.sqlite3") as straight:
        whole = GameSession.start(straight, STANDARD, 41, [None, "standard"])
        play_out(whole)
        assert whole.record is not None
        assert record == whole.record.to_dict()
        # Every count made before or after the kill is recorded once, as in one sitting.
        assert attempts == comparable_attempts(straight)
