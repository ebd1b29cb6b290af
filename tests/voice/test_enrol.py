"""The counts Muggins asks a player to read to learn their voice, and the guard that a count
read was the count shown (no recogniser: the words heard are given)."""

from __future__ import annotations

import random

import pytest

from trainer.rules.cards import parse_cards
from trainer.rules.show import score_show
from trainer.voice.enrol import GROUPS, READINGS, TOTALS, Reading, read_as_shown, readings, words_of


def reading(show: str) -> Reading:
    cards = parse_cards(show)
    return Reading(score_show(cards[:4], cards[4]))


@pytest.mark.parametrize("seed", range(20))
def test_readings_are_varied_counts_of_fifteens_and_more(seed: int) -> None:
    chosen = readings(random.Random(seed))
    assert len(chosen) == READINGS
    besides = set()
    for r in chosen:
        show = r.show
        assert len(show.hand) == 4
        assert not show.crib
        assert len(show.groups) in GROUPS
        assert show.total in TOTALS
        assert show.fifteens
        others = tuple(g.name for g in show.groups if g.kind != "fifteen")
        assert others
        besides.add(others)
        assert r.text == show.announce()
    assert len(besides) == READINGS  # each scores something the others do not
    assert readings(random.Random(seed)) == chosen  # the seed alone decides


def test_another_reading_is_none_of_those_shown() -> None:
    rng = random.Random(3)
    shown = readings(rng)
    for _ in range(20):
        more = readings(rng, 1, besides=shown)
        assert more[0].words not in {r.words for r in shown}
        shown += more


def test_the_words_of_a_count_are_the_recognisers() -> None:
    r = reading("5H 10C 9D 5S 2D")
    assert r.text == "Fifteen two, fifteen four, and a pair is six."
    assert r.words == "fifteen two fifteen four and a pair is six"
    assert words_of("Fifteen twenty-four, that's twenty-four.") == [
        "fifteen",
        "twenty",
        "four",
        "that's",
        "twenty",
        "four",
    ]


SHOWN = "4H 4S KC 10D AS"
"""Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten."""


@pytest.mark.parametrize(
    ("heard", "read"),
    [
        ("fifteen two fifteen four fifteen six fifteen eight and a pair is ten", True),
        ("fifteen two fifteen four um fifteen six uh fifteen eight and a pair is ten", True),
        ("fifteen two fifteen four fifteen six fifteen eight and a pair makes ten", True),
        ("fifteen two fifteen four fifteen six fifteen eight a pair is ten", True),
        ("fifteen two fifteen four fifteen six fifteen eight pair for ten", True),
        # Half of it, another count, table talk, nothing: not the count shown.
        ("fifteen two fifteen four fifteen six", False),
        ("fifteen two fifteen four and a pair is six", False),
        ("fifteen two and a run of three is five", False),
        ("one for his nob", False),
        ("ten", False),
        ("", False),
    ],
)
def test_a_count_is_learnt_only_when_the_words_heard_are_the_count_shown(
    heard: str, read: bool
) -> None:
    r = reading(SHOWN)
    assert r.words == "fifteen two fifteen four fifteen six fifteen eight and a pair is ten"
    assert read_as_shown(heard, r) is read
