"""The play hint says how its values were found: exactly, over samples of the unseen cards,
or estimated (a search stopped short of the play's end), in the log's 23 columns."""

from __future__ import annotations

from trainer.game.coach.play import Spot, play_advice
from trainer.game.variants import variant
from trainer.rules.cards import deck, parse_cards
from trainer.ui.table.flow.hint import HintAsk, play_heading


def _spot(variant_id: str, seat: int, mine: str, held: tuple[int, ...], unseen: str) -> Spot:
    return Spot(
        variant(variant_id), seat, tuple(parse_cards(mine)), held, unseen=tuple(parse_cards(unseen))
    )


def test_every_deal_solved_is_each_cards_value() -> None:
    spot = _spot("standard", 0, "5H 10D 4C", (3, 2), "5S 6C KD 4H 9C")
    advice = play_advice(spot)
    assert advice.exact
    assert advice.ahead is None
    lines = HintAsk(0, spot.rules, spot=spot).lines()
    assert lines[0] == play_heading(advice) == "Hint: each card's value"


def test_samples_of_the_unseen_cards_are_said() -> None:
    mine = parse_cards("5H 10D 4C 6S")
    rest = " ".join(str(c) for c in deck() if c not in mine)
    spot = _spot("standard", 0, "5H 10D 4C 6S", (4, 4), rest)
    advice = play_advice(spot)
    assert not advice.exact
    assert advice.ahead is None
    assert HintAsk(0, spot.rules, spot=spot).lines()[0] == "Hint: values, sampled"


def test_a_search_stopped_short_of_the_end_is_an_estimate() -> None:
    mine = parse_cards("5H 10D 4C 6S")
    rest = " ".join(str(c) for c in deck() if c not in mine)
    spot = _spot("four-hand", 0, "5H 10D 4C 6S", (4, 4, 4, 4), rest)
    advice = play_advice(spot)
    assert advice.ahead is not None
    heading = HintAsk(0, spot.rules, spot=spot).lines()[0]
    assert heading == "Hint: values, estimated"
    assert max(len(h) for h in ("Hint: each card's value", "Hint: values, sampled", heading)) <= 23
