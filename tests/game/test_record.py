"""A whole game played through seats into its record: the shape `simulate --json` prints."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from tests.game.support import RandomSeat
from trainer.game.deal import deal_hand
from trainer.game.events import GameOver, Heels, event_points
from trainer.game.record import cut_for_deal, play_game
from trainer.game.state import Action, GameState, Lay, Prompt
from trainer.game.variants import VARIANTS, variant
from trainer.rules.cards import JACK


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_a_record_holds_every_hand_and_adds_up(variant_id: str) -> None:
    rules = variant(variant_id)
    seats = [RandomSeat(100 + n) for n in range(rules.players)]
    record = play_game(rules, 7, seats, [f"random-{n}" for n in range(rules.players)])
    data = record.to_dict()
    assert data["target"] == rules.target
    assert data["final"][data["winner"]] == rules.target
    assert data["first_dealer"] == cut_for_deal(7, rules.players)
    totals = [0] * len(rules.sides)
    for n, hand in enumerate(record.hands, 1):
        assert hand.number == n
        assert hand.dealer == (record.first_dealer + n - 1) % rules.players
        assert len(hand.dealt) == rules.players
        for event in hand.events:
            for seat, points in event_points(event):
                totals[rules.side_of(seat)] += points
    assert tuple(totals) == record.final
    last = record.hands[-1].to_dict()
    assert last["events"][-1] == {"type": "game-over", "winner": record.winner}
    full = [h for h in record.hands if h.starter is not None]
    for hand in full:
        assert len(hand.crib) == 4
        assert [len(k) for k in hand.kept] == [rules.kept] * rules.players
    json.dumps(data)  # plain data all through


def test_the_same_seed_and_seats_give_the_same_bytes() -> None:
    rules = variant("standard")

    def once() -> str:
        seats = [RandomSeat(1), RandomSeat(2)]
        return json.dumps(play_game(rules, 99, seats, ["a", "b"]).to_dict())

    assert once() == once()


def test_skunks_are_judged_for_each_losing_side() -> None:
    rules = variant("standard")
    record = play_game(rules, 5, [RandomSeat(1), RandomSeat(2)], ["a", "b"])
    loser = 1 - record.winner
    assert (loser in record.skunked) == (record.final[loser] < 91)
    assert (loser in record.double_skunked) == (record.final[loser] < 61)


def test_the_cut_for_deal_is_low_card_from_the_seed() -> None:
    dealers = {cut_for_deal(seed, 3) for seed in range(60)}
    assert dealers == {0, 1, 2}
    assert cut_for_deal(12, 4) == cut_for_deal(12, 4)


def test_a_seat_for_each_player() -> None:
    with pytest.raises(ValueError, match="is played by 3, not 2"):
        play_game(variant("three-hand"), 1, [RandomSeat(1), RandomSeat(2)], ["a", "b"])


def test_a_game_won_by_his_heels_records_the_last_hands_cards() -> None:
    rules = replace(variant("short"), target=2)  # his heels wins at the first cut
    seed = next(s for s in range(1000) if deal_hand(rules, s, 1, 0).starter.rank == JACK)
    record = play_game(rules, seed, [RandomSeat(1), RandomSeat(2)], ["a", "b"], first_dealer=0)
    (hand,) = record.hands
    assert [type(e) for e in hand.events] == [Heels, GameOver]
    assert hand.starter == deal_hand(rules, seed, 1, 0).starter
    assert [len(k) for k in hand.kept] == [4, 4]
    assert len(hand.crib) == 4


@dataclass
class Watcher:
    """A seat that plays as ``RandomSeat`` and notes what it knew at each card it laid: the
    cards it held, the cards laid since the count began and the seats that had said go."""

    seat: RandomSeat
    seen: list[tuple[int, list[str], list[str], list[int]]] = field(default_factory=list)

    def decide(self, state: GameState, asked: Prompt) -> Action:
        action = self.seat.decide(state, asked)
        table = state.hand.table
        if isinstance(action, Lay) and table is not None:
            held = sorted(map(str, table.hands[asked.seat]))
            self.seen.append((asked.seat, held, [str(c) for c in table.pile], sorted(table.passed)))
        return action


def lays_from_the_record(data: dict[str, Any]) -> list[tuple[int, list[str], list[str], list[int]]]:
    """Each card laid as the seat saw it, from the record's plain data alone (no engine): what
    it still held (what it kept, less what it had laid), the cards since the count began (a
    count ends at 31 or with a go or last card) and the seats that had said go."""
    out = []
    for hand in data["hands"]:
        held = [list(kept) for kept in hand["kept"]]
        pile: list[str] = []
        for event in hand["events"]:
            if event["type"] == "play":
                seat = event["seat"]
                out.append((seat, sorted(held[seat]), list(pile), event["passed"]))
                held[seat].remove(event["card"])
                pile.append(event["card"])
                if event["count"] == 31:
                    pile = []
            elif event["type"] == "go":
                pile = []
    return out


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_each_card_laid_is_seen_from_the_record_as_the_seat_saw_it(variant_id: str) -> None:
    """The record is rich enough to re-derive each decision in the play without the engine."""
    rules = variant(variant_id)
    after_a_go = 0
    for seed in range(11, 14):
        seats = [Watcher(RandomSeat(seed * 10 + n)) for n in range(rules.players)]
        record = play_game(rules, seed, seats, [f"random-{n}" for n in range(rules.players)])
        derived = lays_from_the_record(json.loads(json.dumps(record.to_dict())))
        assert sorted(derived) == sorted(s for w in seats for s in w.seen), seed
        after_a_go += sum(bool(passed) for *_, passed in derived)
    assert after_a_go, "no card was laid after a go: the check of passed seats is idle"
