"""What a listener can tell from an opponent's spoken count: kinds and numbers against the
truth, never cards the count did not name (issue 23: the catch drill's explanation named
the cards of a phantom pair or of one fifteen among several, which no one said)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from tests.factories import show
from trainer.judge.catch import judge_catch
from trainer.judge.claims import CatchAnswer
from trainer.judge.heard import heard_difference
from trainer.judge.miscount import claim_of
from trainer.judge.slips import MistakeId, possible_mistakes
from trainer.rules.cards import Card, deck, parse_cards
from trainer.rules.show import Item
from trainer.rules.speech import spoken_groups

CARD = re.compile(r"\b(?:10|[A2-9JQK])[SHDC]\b")


@pytest.mark.parametrize(
    ("cards", "crib", "mistake", "heard"),
    [
        ("5H 5D 10D 2D 3D", False, "missed-two-card-fifteen",
         "They counted three fifteens; the hand has four."),
        ("5H 5D 10D 2D 3D", False, "double-counted-fifteen",
         "They counted five fifteens; the hand has four."),
        ("9S 9D 3H QD AC", False, "phantom-fifteen",
         "They counted one fifteen; the hand has none."),
        ("7H 8D 9H 10D KS", False, "missed-two-card-fifteen",
         "They did not count the fifteen 7H 8D."),
        ("9S 9D 3H QD AC", False, "missed-pair", "They did not count the pair 9S 9D."),
        ("3C 9D JH QD 2S", False, "ten-card-pair", "They counted a pair; the hand has none."),
        ("QD JH 4D JD KH", False, "ten-card-pair",
         "They counted a pair; the hand has no pair outside its double run of three."),
        ("QD JH 4D JD KH", False, "missed-pair",
         "They counted a double run of three as 6; it is 8."),
        ("QD JH 4D JD KH", False, "missed-second-run",
         "They counted a pair and a run of three; the hand has a double run of three: "
         "JH JD QD KH."),
        ("QD JH 4D JD KH", False, "missed-nobs", "They did not count nobs, the JH."),
        ("KH KD KC 4S 2C", True, "pair-royal-as-four",
         "They counted two pairs; the crib has a pair royal: KH KD KC."),
        ("6S 6H 6D 6C 3C", False, "double-pair-royal-as-six",
         "They counted a pair royal; the hand has a double pair royal: 6S 6H 6D 6C."),
        ("5H 6C 4D 3S JC", False, "missed-run", "They did not count the run of four 3S 4D 5H 6C."),
        ("5H 6C 4D 3S JC", False, "split-run-of-four",
         "They counted a run of three and another run of three; the hand has a run of four: "
         "3S 4D 5H 6C."),
        ("3C 9D JH QD 2S", False, "phantom-run", "They counted a run of three; the hand has none."),
        ("2H 3H 9H QH 5C", False, "missed-flush",
         "They did not count the flush of four 2H 3H 9H QH."),
        ("2H 4H 6H 8H JS", True, "crib-four-flush",
         "They counted a flush of four; the crib has none: a crib flush needs the starter's "
         "suit too."),
    ],
)  # fmt: skip
def test_what_the_spoken_count_shows(
    cards: str, crib: bool, mistake: MistakeId, heard: str
) -> None:
    b = show(cards, crib=crib)
    claim = claim_of(b, possible_mistakes(b)[mistake][0])
    assert heard_difference(claim.said, b) == heard


def test_a_right_count_differs_in_nothing() -> None:
    b = show("QD JH 4D JD KH")
    assert heard_difference(b.items, b) == ""


REPLIES = (CatchAnswer(), CatchAnswer(too_many=True), CatchAnswer(call=2), None)


def test_a_catch_reveal_names_no_card_the_count_did_not_leave_out_whole() -> None:
    """Over 600 dealt shows and every mistake that fits each: whatever the reply, the
    line names cards only of what is there and was not said at all (a group of a kind the
    spoken count never named); and it always says something about the mistake."""
    rng = random.Random(23)
    cards = list(deck())
    checked = 0
    for _ in range(600):
        size = rng.choice((3, 4, 4, 5))
        dealt = rng.sample(cards, size + 1)
        b = show(" ".join(map(str, dealt)), crib=size == 4 and rng.random() < 0.3)
        for mistakes in possible_mistakes(b).values():
            for mistake in mistakes:
                claim = claim_of(b, mistake)
                said = {_name(phrase) for _, phrase in spoken_groups(_said(claim.said))}
                unsaid = {
                    card
                    for group, phrase in spoken_groups(_said(b.items))
                    if _name(phrase) not in said
                    for card in group.cards
                }
                assert heard_difference(claim.said, b), (str(b.hand), mistake.id)
                for reply in REPLIES:
                    line = judge_catch(claim, b, reply).summary()
                    named = set(parse_cards(" ".join(CARD.findall(line))))
                    assert named <= unsaid, (line, claim.spoken())
                    checked += 1
    assert checked > 4_000


def _said(items: Sequence[Item]) -> list[tuple[str, tuple[Card, ...], int]]:
    return [(i.kind, i.cards, i.points) for i in items]


def _name(phrase: str) -> str:
    """A spoken group without its running total or "another": "a run of three"."""
    words = phrase.split(" is ")[0]
    if words.startswith("fifteen"):
        return "fifteen"
    return "a" + words.removeprefix("another") if words.startswith("another") else words
