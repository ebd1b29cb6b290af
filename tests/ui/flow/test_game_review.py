"""A past game reviewed hand by hand: a page a hand with your decisions against the best, your
counts with their breakdown and the hand's line, all from the record and the ledger; the same
for the game played straight, resumed after a restart, or exported and imported elsewhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.scripted import play_out, scripted
from trainer.__main__ import main
from trainer.game.coach.decisions import cards_of
from trainer.game.coach.kept_ledger import stored_ledger
from trainer.game.coach.ledger import CallCost, CountCost, GameLedger, HandLedger, SeatHand
from trainer.game.events import Answered, Shown, event_dict
from trainer.game.session import GameSession, SavedGameError
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import load_game
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.verdict import judge
from trainer.rules.cards import parse_cards
from trainer.rules.show import score_show
from trainer.rules.speech import spoken_groups
from trainer.ui.flow.coach_text import choice_line, hand_line, totals_line
from trainer.ui.flow.game_review import build_review, load_review

SEED = 5


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


@pytest.fixture
def store(home: Path) -> Iterator[StatsStore]:
    with StatsStore(home / DB_NAME) as opened:
        yield opened


def start(store: StatsStore) -> GameSession:
    return GameSession.start(store, variant("short"), SEED, [None, "standard"])


def test_each_hand_is_a_page_of_your_decisions_against_the_best(store: StatsStore) -> None:
    session = start(store)
    play_out(session)
    review = load_review(store, session.uid, plain=True)
    saved = load_game(store, session.uid)
    assert saved is not None
    assert saved.ledger is not None  # worked out for the review, and kept
    ledger = stored_ledger(store, saved)
    record = session.record
    assert record is not None
    hands = record.to_dict()["hands"]
    assert len(review.pages) == len(hands)
    assert review.heading.startswith("Two players, to 61 · you ")
    assert review.totals == totals_line(ledger.totals(0))
    for page, hand, costs in zip(review.pages, hands, ledger.hands, strict=True):
        assert page.title.startswith(f"Hand {hand['number']} of {len(hands)} · ")
        mine = costs.seats[0]
        if mine.throw is None:  # the game was won before this hand's throw
            continue
        assert f"starter {hand['starter']}" in page.title
        assert page.lines[0] == f"You were dealt {' '.join(hand['dealt'][0])}."
        assert page.lines[1] == choice_line(hand["number"], mine.throw, plain=True)
        for lay in mine.lays:
            assert choice_line(hand["number"], lay, plain=True) in page.lines
        assert page.lines[-1] == hand_line(mine)
        # Each of your shows with its breakdown, the items adding up to its points.
        for event in hand["events"]:
            if event["type"] == "show" and event["seat"] == 0:
                head = next(n for n, line in enumerate(page.lines) if line.startswith("Your "))
                assert (
                    page.lines[head].endswith(str(event["points"]))
                    or "(you said" in (page.lines[head])
                )
                items = event["verdict"]["items"]
                groups = spoken_groups(
                    (i["kind"], cards_of(i["cards"]), i["points"]) for i in items
                )
                listed = page.lines[head + 1 : head + 1 + len(groups)]
                for line, (group, said) in zip(listed, groups, strict=True):
                    assert line.endswith(f"{group.points:>2}  {said}")
                assert sum(g.points for g, _ in groups) == event["points"]
                break


def test_a_resumed_game_and_an_imported_one_review_alike(
    home: Path, store: StatsStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    straight = start(store)
    play_out(straight)
    expected = load_review(store, straight.uid)
    # The same game again, left a third of the way in and resumed as after a restart.
    with StatsStore(tmp_path / "other.sqlite3") as other:
        halfway = start(other)
        while halfway.state.steps < 40:
            if halfway.bot_step() is None:
                asked = halfway.prompt
                assert asked is not None
                halfway.act(scripted(halfway.state, asked), seconds=4.0)
        resumed = GameSession.resume(other)
        assert resumed is not None
        play_out(resumed)
        assert load_review(other, resumed.uid) == expected
    # Exported, and imported on another machine (no ledger kept there yet).
    target = tmp_path / "export.json"
    assert main(["export", "-o", str(target), "--data-dir", str(home)]) == 0
    elsewhere = tmp_path / "elsewhere"
    assert main(["import", str(target), "--data-dir", str(elsewhere)]) == 0
    capsys.readouterr()
    with StatsStore.open(elsewhere) as imported:
        assert load_review(imported, straight.uid) == expected


def test_a_game_not_over_cannot_be_reviewed(store: StatsStore) -> None:
    session = start(store)
    session.run_bots()
    with pytest.raises(SavedGameError, match="not over"):
        load_review(store, session.uid)
    with pytest.raises(SavedGameError, match="not in the stats store"):
        load_review(store, "no-such-game")


def one_hand(*events: Shown) -> dict[str, object]:
    """A record of one hand (plain data) holding these shows, dealt 3S 4H 5D 5C 9S KH to
    you and the starter KD."""
    dealt = ["3S", "4H", "5D", "5C", "9S", "KH"]
    return {
        "hands": [
            {
                "number": 1,
                "dealer": 1,
                "dealt": [dealt, ["AS", "2S", "6S", "7S", "8S", "10S"]],
                "kept": [dealt[:4], ["AS", "2S", "6S", "7S"]],
                "starter": "KD",
                "events": [event_dict(e) for e in events],
            }
        ]
    }


def show(seat: int, claimed: int, *answers: Answered) -> Shown:
    cards = tuple(parse_cards("3S 4H 5D 5C"))
    (starter,) = parse_cards("KD")
    truth = score_show(cards, starter)
    verdict = judge(TotalClaim(claimed), truth, "acc")
    pegged = min(claimed, truth.total)
    return Shown(
        seat,
        "hand",
        cards,
        starter,
        truth.total,
        claimed,
        pegged,
        0,
        None,
        verdict,
        TotalClaim(claimed),
        (),
        answers,
    )


def test_a_double_run_is_one_line_as_the_reveal_groups_it() -> None:
    record = one_hand(show(0, 12, Answered(1, CatchAnswer())))
    costs = SeatHand(counts=(CountCost("hand", 0, 0, 0),))
    ledger = GameLedger((HandLedger(1, (costs, SeatHand())),), 2)
    page = build_review(record, ledger, 0, ("You", "Computer"), "", plain=True).pages[0]
    head = page.lines.index("Your hand: 3S 4H 5D 5C + KD = 12")
    assert page.lines[head + 1 : head + 4] == (
        "  fifteen    5D KD             2  fifteen two",
        "  fifteen    5C KD             2  fifteen four",
        "  run        3S 4H 5D 5C       8  a double run of three is twelve",
    )


def test_the_review_judges_each_call_as_the_reveal_does() -> None:
    """A "too many" on a count that was right is wrong in the review too (it moves nothing),
    an accept is said so, and your counting's accuracy has a line of its own."""
    record = one_hand(show(1, 12, Answered(0, CatchAnswer(too_many=True))))
    mine = SeatHand(
        counts=(CountCost("crib", 9, 0, 0),),
        answers=(
            CallCost(1, "hand", "too many", 0, 0),
            CallCost(1, "crib", "accept", 2, 0, missed=2),
        ),
    )
    ledger = GameLedger((HandLedger(1, (mine, SeatHand())),), 2)
    review = build_review(record, ledger, 0, ("You", "Computer"), "", plain=True)
    assert review.pages[0].lines[-4:] == (
        "Hand 1: your crib: missed 9: no points lost",
        "Hand 1: you answered Computer's hand with too many: wrong",
        "Hand 1: you accepted Computer's crib: it was short by 2, let 2 go: -2",
        "This hand: discard 0, play 0, count 0, calls -2",
    )
    assert review.counting == "Your counting: 0 of 1 show exact; missed 9"
