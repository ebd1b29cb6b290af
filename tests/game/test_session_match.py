"""A match at the table: each game's place saved in its setup, the next game started from it
with the seed and first dealer `play_match` gives, the standing kept across a resume."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from tests.game.scripted import scripted
from trainer.game.codec import CodecError
from trainer.game.match import first_dealer, game_points, match_game_seed, play_match
from trainer.game.players.bots import Bot
from trainer.game.session import GameSession
from trainer.game.setup import MatchPlace, setup_from_data, setup_to_data
from trainer.game.variants import variant
from trainer.history import StatsStore

SHORT = variant("short")


def finish(session: GameSession) -> None:
    """Play the game out, the human seat as the scripted player."""
    while not session.over:
        if session.bot_step() is None:
            asked = session.prompt
            assert asked is not None
            session.act(scripted(session.state, asked))


def test_a_match_is_played_game_after_game_as_play_match_plays_it(tmp_path: Path) -> None:
    seed, to_win = 31, 3
    place = MatchPlace(uuid.uuid4().hex, seed, to_win, 1, (0, 0))
    with StatsStore(tmp_path / "m.sqlite3") as store:
        session: GameSession | None = GameSession.start(
            store,
            SHORT,
            match_game_seed(seed, 1),
            ["standard", "standard"],
            first_dealer=first_dealer(seed, 2, 1),
            match=place,
        )
        records = []
        after: MatchPlace | None = None
        while session is not None:
            finish(session)
            assert session.record is not None
            records.append(session.record)
            after = session.match_after
            assert after is not None
            assert after.number == len(records) + 1
            session = session.next_in_match()
    expected = play_match(
        SHORT,
        seed,
        lambda s: [Bot("standard", 0, s), Bot("standard", 1, s)],
        ["standard", "standard"],
        to_win,
    )
    assert [r.to_dict() for r in records] == [g.to_dict() for g in expected.games]
    assert after is not None
    assert after.points == expected.points
    assert after.winner == expected.winner
    assert sum(after.points) == sum(game_points(r) for r in records)


def test_the_standing_survives_a_resume(tmp_path: Path) -> None:
    place = MatchPlace("m1", 5, 3, 2, (1, 0))
    db = tmp_path / "m.sqlite3"
    with StatsStore(db) as store:
        game = GameSession.start(store, SHORT, match_game_seed(5, 2), [None, "easy"], match=place)
        for _ in range(3):
            if game.bot_step() is None:
                asked = game.prompt
                assert asked is not None
                game.act(scripted(game.state, asked))
    with StatsStore(db) as store:
        resumed = GameSession.resume(store)
        assert resumed is not None
        assert resumed.setup.match == place
        assert resumed.state == game.state


def test_a_lone_game_has_no_match_and_no_next_game(tmp_path: Path) -> None:
    with StatsStore(tmp_path / "m.sqlite3") as store:
        game = GameSession.start(store, SHORT, 9, ["easy", "easy"])
        finish(game)
        assert game.match_after is None
        assert game.next_in_match() is None
        assert "match" not in setup_to_data(game.setup)


def test_a_won_match_has_no_next_game(tmp_path: Path) -> None:
    with StatsStore(tmp_path / "m.sqlite3") as store:
        game = GameSession.start(
            store, SHORT, 9, ["easy", "easy"], match=MatchPlace("m", 9, 1, 1, (0, 0))
        )
        finish(game)
        after = game.match_after
        assert after is not None
        assert after.winner is not None
        assert game.next_in_match() is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"to": 0}, "to: expected a whole number 1 or more"),
        ({"points": [0]}, "game points for each of 2 sides"),
        ({"uid": 3}, "uid must be text"),
        ({"extra": 1}, "unknown field extra"),
    ],
)
def test_a_bad_match_place_is_refused_by_name(change: dict[str, object], problem: str) -> None:
    place = MatchPlace("m", 1, 3, 1, (0, 0))
    with StatsStore(":memory:") as store:
        data = setup_to_data(
            GameSession.start(store, SHORT, 1, ["easy", "easy"], match=place).setup
        )
    assert setup_from_data(data).match == place
    data["match"] = {**data["match"], **change}
    with pytest.raises(CodecError, match=problem):
        setup_from_data(data)
