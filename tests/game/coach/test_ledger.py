"""The coach's ledger from a game's record: each seat's losses are the sum of its decisions,
recomputed from the record here; a seat playing the advice loses nothing by its choices."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.game.coach_seat import play_with_coach
from tests.game.support import RandomSeat
from trainer.game.coach.analysis import call_cost, game_ledger
from trainer.game.coach.decisions import cards_of, spot_now
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.ledger import MODEL, CallCost, read_answer
from trainer.game.coach.play import play_advice
from trainer.game.players.bots import Bot
from trainer.game.record import play_game
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.judge.claims import CatchAnswer

CLOSE = 1e-4
"""The ledger keeps each value to 6 places: a game of decisions is within this of the sum."""


def discard_losses(rules_id: str, game: dict[str, Any]) -> list[float]:
    """Each seat's discard loss, from the record's deals and what was kept."""
    rules = variant(rules_id)
    out = [0.0] * rules.players
    for hand in game["hands"]:
        if not hand["kept"]:
            continue
        crib_side = rules.side_of(hand["dealer"])
        for seat, (dealt, kept) in enumerate(zip(hand["dealt"], hand["kept"], strict=True)):
            thrown = set(dealt) - set(kept)
            own = rules.side_of(seat) == crib_side
            advice = discard_advice(cards_of(dealt), rules, own_crib=own)
            made = next(t for t in advice if {str(c) for c in t.throw} == thrown)
            out[seat] += advice[0].net - made.net
    return out


def play_losses(rules_id: str, game: dict[str, Any]) -> list[float]:
    """Each seat's play loss: every card laid with a choice of ranks, valued in the position
    read from the record as it stood just before it (the hand's events up to the card)."""
    rules = variant(rules_id)
    out = [0.0] * rules.players
    for hand in game["hands"]:
        for n, event in enumerate(hand["events"]):
            if event["type"] != "play":
                continue
            so_far = {**hand, "events": hand["events"][:n]}
            spot = spot_now(rules, so_far, event["seat"], event["passed"])
            if len({c.rank for c in spot.playable()}) < 2:
                continue
            advice = play_advice(spot)
            (card,) = cards_of([event["card"]])
            out[event["seat"]] += advice.best.value - advice.value_of(card)
    return out


def claims(game: dict[str, Any]) -> list[tuple[dict[str, Any], int, int]]:
    """Every count claimed in the game: its event, the points missed and claimed too many (a
    show's by its verdict, a card's by what its items peg)."""
    out = []
    for hand in game["hands"]:
        for event in hand["events"]:
            if event["type"] == "show":
                verdict = event["verdict"]
                out.append((event, verdict["missed_points"], verdict["excess_points"]))
            elif event["type"] == "play" and "claimed" in event:
                due = sum(i["points"] for i in event["items"])
                out.append((event, max(0, due - event["claimed"]), max(0, event["claimed"] - due)))
    return out


def count_losses(players: int, game: dict[str, Any]) -> list[int]:
    """Each seat's own counts under the ACC rule, in points that moved: the missed points it
    did not peg and what the others pegged from it, less an overclaim every answer let
    stand (a count's gain is no loss)."""
    out = [0] * players
    for event, missed, excess in claims(game):
        answers = event["answers"]
        stood = excess if answers and answers[-1]["answer"] == "accept" else 0
        out[event["seat"]] += max(0, missed + event["mugged"] - stood)
    return out


def acc_call_losses(players: int, game: dict[str, Any]) -> list[int]:
    """Each seat's answers under the ACC rule: a miss not called (or called short) lets the
    missed points go, an overcount accepted lets its excess stand, a call on a count that
    missed nothing gives the owner what was called."""
    out = [0] * players
    for event, missed, excess in claims(game):
        for answer in event["answers"]:
            said = read_answer(answer["answer"])
            if said.call is not None:
                out[answer["seat"]] += missed - min(said.call, missed) if missed else said.call
            elif missed:  # accepted, or "too many" on a count that was short
                out[answer["seat"]] += missed
            elif excess and not said.too_many:
                out[answer["seat"]] += excess
    return out


@pytest.mark.parametrize(
    ("variant_id", "seed", "seats"),
    [("standard", 4, "bots"), ("short", 5, "random")],
)
def test_a_seeded_games_ledger_is_the_sum_of_its_decisions(
    variant_id: str, seed: int, seats: str
) -> None:
    """Computer players (misses and muggins), and random players who peg their own play,
    miscount and call at random (wrong calls, "too many", misses let go)."""
    rules = variant(variant_id)
    if seats == "bots":
        players: list[Bot | RandomSeat] = [Bot("standard", 0, seed), Bot("easy", 1, seed)]
        options = GameOptions(muggins="acc")
    else:
        players = [RandomSeat(seed * 10), RandomSeat(seed * 10 + 1)]
        options = GameOptions(muggins="acc", peg_own=frozenset({0, 1}))
    record = play_game(rules, seed, players, ["a", "b"], options)
    game = json.loads(json.dumps(record.to_dict()))
    ledger = game_ledger(rules, game, "acc")
    if seats == "random":
        kinds = {c.box for h in ledger.hands for s in h.seats for c in s.counts}
        assert "play" in kinds, "no card's own count went wrong: the play claims are idle"
        wrong = sum(c.wrong for h in ledger.hands for s in h.seats for c in s.answers)
        assert wrong, "no wrong call: the check of calls is idle"
    expected = zip(
        discard_losses(variant_id, game),
        play_losses(variant_id, game),
        count_losses(2, game),
        acc_call_losses(2, game),
        strict=True,
    )
    for seat, (discard, play, count, calls) in enumerate(expected):
        totals = ledger.totals(seat)
        assert totals.discard == pytest.approx(discard, abs=CLOSE)
        assert totals.play == pytest.approx(play, abs=CLOSE)
        assert (totals.count, totals.calls) == (count, calls)
        assert totals.hinted == 0
    assert sum(ledger.totals(s).total for s in range(2)) > 0, "nothing cost anything"
    assert game_ledger(rules, game, "acc").to_dict() == ledger.to_dict()  # the same again


@pytest.mark.parametrize("variant_id", ["standard", "five-card"])
def test_a_seat_playing_the_advice_loses_nothing_by_its_throws_and_cards(
    variant_id: str,
) -> None:
    rules = variant(variant_id)
    others = [Bot("standard", s, 9) for s in range(rules.players)]
    record = play_with_coach(rules, 9, 1, others)
    ledger = game_ledger(rules, record.to_dict(), "acc")
    mine = ledger.totals(1)
    assert mine.discard == 0
    assert mine.play == 0
    lays = [c for h in ledger.hands for c in h.seats[1].lays]
    assert lays, "the coached seat never had a choice in the play"
    other = ledger.totals(0)
    assert other.discard + other.play > 0  # the standard bot does not play the advice


@pytest.mark.slow
def test_a_partner_playing_the_advice_loses_nothing_in_four_hand() -> None:
    rules = variant("four-hand")
    others = [Bot("standard", s, 3) for s in range(rules.players)]
    record = play_with_coach(rules, 3, 2, others)
    mine = game_ledger(rules, record.to_dict(), "acc").totals(2)
    assert (mine.discard, mine.play) == (0, 0)


def test_hints_are_marked_on_the_decisions_they_came_before() -> None:
    rules = variant("standard")
    record = play_game(rules, 4, [Bot("standard", 0, 4), Bot("easy", 1, 4)], ["a", "b"])
    game = record.to_dict()
    first = game["hands"][0]
    plain = game_ledger(rules, game, "acc")
    hinted = game_ledger(rules, game, "acc", hints={(first["number"], 0, 0)})
    assert hinted.hands[0].seats[0].throw is not None
    assert hinted.hands[0].seats[0].throw.hinted
    assert hinted.totals(0).hinted == 1
    assert plain.totals(0).hinted == 0
    assert hinted.totals(0).total == plain.totals(0).total


@pytest.mark.parametrize(
    ("policy", "claim", "answer", "let_go", "wrong"),
    [
        ("acc", (12, 2, 0), "accept", 2, 0),  # a miss of 2 not called
        ("acc", (12, 2, 0), "muggins for 1", 1, 0),  # called short
        ("acc", (12, 2, 0), "muggins for 2", 0, 0),
        ("acc", (12, 2, 0), "muggins for 5", 0, 0),  # the caller takes what was missed
        ("acc", (12, 0, 0), "muggins for 3", 0, 3),  # a wrong call: the owner takes 3
        ("acc", (12, 0, 2), "accept", 2, 0),  # an overcount left to stand
        ("acc", (12, 0, 2), "too many", 0, 0),
        ("acc", (12, 0, 0), "too many", 0, 0),  # a wrong "too many" moves nothing
        ("hoyle", (12, 0, 2), "accept", 4, 0),  # the excess stood, and was not taken
        ("hoyle", (12, 0, 2), "too many", 0, 0),
        ("bsd", (12, 0, 2), "accept", 4, 0),  # two for the caller, and the excess stood
        ("bsd", (12, 3, 0), "accept", 0, 0),  # nobody takes a bsd miss: nothing to call
    ],
)
def test_what_an_answer_lets_go_and_gives_away(
    policy: str, claim: tuple[int, int, int], answer: str, let_go: int, wrong: int
) -> None:
    assert call_cost(1, "hand", answer, claim, policy) == CallCost(  # type: ignore[arg-type]
        1, "hand", answer, let_go, wrong, claim[1], claim[2]
    )


def test_answers_are_read_back_as_the_record_writes_them() -> None:
    for answer in (CatchAnswer(), CatchAnswer(too_many=True), CatchAnswer(call=7)):
        assert read_answer(str(answer)) == answer
    with pytest.raises(ValueError, match="'maybe' is not an answer"):
        read_answer("maybe")


def test_the_costliest_decisions_come_first() -> None:
    rules = variant("standard")
    record = play_game(rules, 5, [RandomSeat(50), RandomSeat(51)], ["a", "b"])
    ledger = game_ledger(rules, record.to_dict(), "acc")
    top = ledger.costliest(0)
    assert 1 <= len(top) <= 3
    losses = [loss for loss, _, _ in top]
    assert losses == sorted(losses, reverse=True)
    everything = [c.loss for h in ledger.hands for c in h.seats[0].decisions]
    assert losses[0] == max(everything)
    data = ledger.to_dict()
    assert data["model"] == MODEL
    assert [h["number"] for h in data["hands"]] == [h.number for h in ledger.hands]
