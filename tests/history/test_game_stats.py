"""Games in the statistics: won, lost and skunks either way, all and per variant, your counting
in games beside drills; and a game's miscounts in the review list and the re-drill schedule."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.factories import HAND_8, HAND_9_NOBS, HAND_29, FakeClock
from tests.game.scripted import play_out, scripted
from tests.history.known import BASE, History, build_history, show, total
from tests.history.known_games import T0, finished
from trainer.game.attempts import game_drill
from trainer.game.session import GameSession
from trainer.game.state import Count, GameOptions
from trainer.game.variants import VARIANTS, variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.reading import (
    GAME_DRILL_PREFIX,
    SKUNK_LINES,
    Counting,
    GameReport,
    GameTally,
    ReviewItem,
    margin,
)
from trainer.history.writing import DeferredStore, abandon_game, create_game
from trainer.judge.claims import AnnounceClaim, ClaimedItem, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.rules.show import Item, score_show


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


# ---------------------------------------------------------------- agreeing with the game layer


def test_skunk_lines_are_the_variants() -> None:
    assert {v.id: (v.skunk_line, v.double_skunk_line) for v in VARIANTS.values()} == SKUNK_LINES
    assert list(SKUNK_LINES) == list(VARIANTS)  # the same order
    # The game's drill ids are what the report reads as games.
    assert game_drill(variant("short"), GameOptions()).id == f"{GAME_DRILL_PREFIX}short"


@pytest.mark.parametrize(
    ("variant_id", "final", "winner", "expected"),
    [
        pytest.param("standard", (121, 91), 0, "plain", id="on-the-line"),
        pytest.param("standard", (121, 90), 0, "skunk", id="under-the-line"),
        pytest.param("standard", (121, 61), 0, "skunk", id="on-the-double-line"),
        pytest.param("standard", (60, 121), 1, "double-skunk", id="under-the-double-line"),
        pytest.param("short", (61, 46), 0, "plain", id="short-on-the-line"),
        pytest.param("short", (61, 45), 0, "skunk", id="short-under"),
        pytest.param("five-card", (30, 61), 1, "double-skunk", id="five-card-double"),
        pytest.param("three-hand", (121, 100, 85), 0, "skunk", id="worst-beaten-loser"),
        pytest.param("three-hand", (40, 121, 85), 1, "double-skunk", id="worst-of-two"),
        pytest.param("to-31", (31, 2), 0, "plain", id="unknown-variant"),
    ],
)
def test_margin(variant_id: str, final: tuple[int, ...], winner: int, expected: str) -> None:
    assert margin(variant_id, final, winner) == expected


# ---------------------------------------------------------------- the figures


def test_no_games_no_counts(store: StatsStore) -> None:
    report = store.game_report()
    assert report == GameReport(GameTally(None), (), Counting())
    assert report.overall.counting.accuracy is None


def test_a_known_set_of_games(store: StatsStore) -> None:
    # Standard, you at side 0: a plain win, a skunk, a double skunk, skunked.
    finished(store, "s1", "standard", (121, 95), 0, 0, "won")
    finished(store, "s2", "standard", (121, 80), 0, 0, "won")
    finished(store, "s3", "standard", (121, 50), 0, 0, "won")
    finished(store, "s4", "standard", (85, 121), 1, 0, "skunked")
    # Short, you at side 1: lost, double skunked.
    finished(store, "h1", "short", (61, 50), 0, 1, "lost")
    finished(store, "h2", "short", (61, 20), 0, 1, "double-skunked")
    # Three-hand, you at side 1: won with the worst-beaten loser under the skunk line.
    finished(store, "t1", "three-hand", (100, 121, 70), 1, 1, "won")
    # A variant this Muggins does not know (an import from a newer one): a plain win.
    finished(store, "x1", "to-31", (31, 2), 0, 0, "won")
    # Not counted: a game between bots, one abandoned, one still playing.
    finished(store, "b1", "standard", (121, 10), 0, None, None)
    abandon_game(
        store,
        create_game(store, uid="a1", variant="standard", seed=1, setup="{}", human_side=0, at=T0),
        T0,
    )
    create_game(store, uid="p1", variant="short", seed=1, setup="{}", human_side=0, at=T0)
    # Counts: 3 at standard (2 exact), 1 at five-card (exact, no game of it finished);
    # the known history's 18 drill answers (13 exact).
    history = History(store)
    history.session(
        game_drill(variant("standard"), GameOptions()),
        BASE,
        [(show(HAND_29), total(29), 4.0), (show(HAND_8), total(8), 5.0)],
    )
    history.session(
        game_drill(variant("standard"), GameOptions()),
        BASE + timedelta(days=1),
        [(show(HAND_9_NOBS), total(7), 6.0)],
    )
    history.session(
        game_drill(variant("five-card"), GameOptions()),
        BASE + timedelta(days=2),
        [(show(HAND_8), total(8), 3.0)],
    )
    build_history(store)

    report = store.game_report()
    assert report.overall == GameTally(
        None,
        played=8,
        won=5,
        lost=3,
        skunked=1,
        double_skunked=1,
        skunks=2,
        double_skunks=1,
        counting=Counting(4, 3),
    )
    assert (report.overall.won_plain, report.overall.lost_plain) == (2, 1)
    assert report.variants == (
        GameTally("standard", 4, 3, 1, 1, 0, 1, 1, Counting(3, 2)),
        GameTally("short", 2, 0, 2, 0, 1, 0, 0, Counting()),
        GameTally("five-card", 0, 0, 0, 0, 0, 0, 0, Counting(1, 1)),
        GameTally("three-hand", 1, 1, 0, 0, 0, 1, 0, Counting()),
        GameTally("to-31", 1, 1, 0, 0, 0, 0, 0, Counting()),
    )
    assert report.drills == Counting(18, 13)
    assert report.overall.counting.accuracy == 0.75
    # The report's game drill sets are the same figures.
    drills = {d.drill_id: (d.attempts, d.exact) for d in store.report().drills}
    assert drills["game-standard"] == (3, 2)
    assert drills["game-five-card"] == (1, 1)
    data = report.to_dict()
    assert {k: data[k] for k in ("played", "won", "lost", "skunks", "double_skunks")} == {
        "played": 8,
        "won": 5,
        "lost": 3,
        "skunks": 2,
        "double_skunks": 1,
    }
    assert data["counting"] == {"attempts": 4, "exact": 3, "accuracy": 0.75}
    assert data["drills"] == {"attempts": 18, "exact": 13, "accuracy": 13 / 18}
    assert [v["variant"] for v in data["variants"]] == [
        "standard",
        "short",
        "five-card",
        "three-hand",
        "to-31",
    ]


def test_played_games_add_up_as_their_records_say(store: StatsStore) -> None:
    sessions = []
    for seed in (3, 12, 21):
        session = GameSession.start(store, variant("short"), seed, [None, "standard"])
        play_out(session)
        sessions.append(session)
    report = store.game_report()
    results = []
    for s in sessions:
        record = s.record
        assert record is not None
        results.append("won" if record.winner == 0 else "lost")
    assert report.overall.played == 3
    assert (report.overall.won, report.overall.lost) == (
        results.count("won"),
        results.count("lost"),
    )
    attempts = [a for s in sessions for a in s.attempts]
    assert report.overall.counting == Counting(len(attempts), sum(a.exact for a in attempts))
    [short] = report.variants
    assert short == dataclasses.replace(report.overall, variant="short")


def test_the_deferred_store_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "later" / DB_NAME
    with DeferredStore(path) as deferred:
        assert deferred.game_report().overall.played == 0  # no file yet: nothing made
        assert not path.exists()
        finished(deferred.writer(), "s1", "standard", (121, 80), 0, 0, "won")
        assert deferred.game_report().overall.skunks == 1


def test_it_reads_the_games_table_by_its_index(store: StatsStore) -> None:
    with store.guard("test") as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN SELECT variant, human_side, human_result, final FROM games "
            "WHERE status = 'over' AND human_side IS NOT NULL AND human_result IS NOT NULL"
        ).fetchall()
    assert any("games_status" in str(row[-1]) for row in plan)


# ---------------------------------------------------------------- review and re-drill


def test_a_game_miscount_is_reviewed_and_redrilled(store: StatsStore) -> None:
    """A wrong total and an announcement leaving a combination out, counted at the table,
    are in the review list and on the re-drill schedule as a drill's would be."""
    clock = FakeClock(wall=T0)
    session = GameSession.start(store, variant("standard"), 12, [None, "standard"], now=clock.now)
    wrong: dict[str, Attempt] = {}
    left_out: Item | None = None
    while len(wrong) < 2:
        session.run_bots()
        asked = session.prompt
        assert asked is not None, "the game ended before two miscounts"
        if asked.kind != "count":
            session.act(scripted(session.state, asked))
            continue
        assert asked.box is not None
        cards = session.state.cards_of(asked.seat, asked.box)
        truth = score_show(cards, session.state.hand.dealt.starter, crib=asked.box == "crib")
        claim: TotalClaim | AnnounceClaim = TotalClaim(truth.total)
        if "total" not in wrong and truth.total > 0:
            claim, what = TotalClaim(truth.total + 2), "total"
        elif "announced" not in wrong and len(truth.items) >= 2:
            left_out = truth.items[0]
            claim = AnnounceClaim(tuple(ClaimedItem(i.kind, i.cards) for i in truth.items[1:]))
            what = "announced"
        clock.advance(5)
        session.act(Count(asked.seat, claim), seconds=5.0)
        if not session.attempts[-1].exact:
            wrong[what] = session.attempts[-1]
    assert left_out is not None

    listed = store.review_items(drill="game-standard", limit=None)

    def rows_of(attempt: Attempt) -> list[ReviewItem]:
        show_of = (frozenset(attempt.cards), attempt.starter, attempt.crib)
        return [i for i in listed if (frozenset(i.hand), i.starter, i.crib) == show_of]

    [whole] = rows_of(wrong["total"])
    truth_total = wrong["total"].judgement.actual
    assert (whole.role, whole.claimed, whole.actual, whole.points) == (
        "total",
        truth_total + 2,
        truth_total,
        2,
    )
    [missed] = rows_of(wrong["announced"])
    assert (missed.role, missed.kind) == ("missed", left_out.kind)
    assert frozenset(missed.cards) == frozenset(left_out.cards)
    # Both shows come back to be re-drilled, from the game's drill set.
    due = store.due(T0 + timedelta(days=1))
    shows = {(frozenset(d.hand), d.starter, d.crib, d.drill_id) for d in due}
    for attempt in wrong.values():
        assert (frozenset(attempt.cards), attempt.starter, attempt.crib, "game-standard") in shows
