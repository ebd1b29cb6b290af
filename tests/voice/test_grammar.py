"""The grammar of a show's count: what it lets a player say, and the claim the words make."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.voice.counting import Counter_, items, words
from trainer.judge.claims import AnnounceClaim, ClaimedItem, TotalClaim
from trainer.rules.cards import JACK, deck, parse_card, parse_cards
from trainer.rules.show import HAND_SIZES, Breakdown, score_show
from trainer.rules.sizes import CRIB_SIZE
from trainer.voice.confidence import (
    COUNT_BAR,
    ONE_BAR,
    OVER_ONE_BAR,
    TOTAL_BAR,
    WRONG_TOTAL_BAR,
    Decoded,
)
from trainer.voice.grammar import build
from trainer.voice.graph import Said
from trainer.voice.heard import Heard, NoCount, heard
from trainer.voice.wording import EXTRA_WORDS


def show(hand: str, starter: str, *, crib: bool = False) -> Breakdown:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


def hear(b: Breakdown, words: str) -> Heard:
    return heard(Decoded(words, 0.0, 0.001, 0.0), build(b))


DOUBLE_RUN = show("5H 5C 6D 4S", "JH")  # four fifteens and a double run of three: 16


@pytest.mark.parametrize(
    ("words", "outcome", "total", "kept"),
    [
        pytest.param(
            "fifteen two fifteen four fifteen six fifteen eight and a double run of three "
            "is sixteen",
            "exact",
            16,
            16,
            id="right",
        ),
        pytest.param(
            "fifteen two fifteen four and a double run is twelve", "under", 12, 12, id="forgot-two"
        ),
        pytest.param(
            "fifteen two fifteen four fifteen six fifteen eight fifteen ten and a double run "
            "for eighteen",
            "over",
            18,
            16,
            id="extra-fifteen",
        ),
        pytest.param(
            "fifteen two fifteen four fifteen six fifteen eight and a double run is sixteen "
            "and one for his nobs",
            "over",
            17,
            16,
            id="extra-nobs",
        ),
        pytest.param("sixteen", "exact", 16, 16, id="bare-total"),
    ],
)
def test_a_count_said_is_judged_as_said(words: str, outcome: str, total: int, kept: int) -> None:
    count = hear(DOUBLE_RUN, words)
    verdict = count.verdict(DOUBLE_RUN, "acc")
    assert (verdict.outcome, count.total, verdict.kept) == (outcome, total, kept)


def test_an_extra_fifteen_is_a_fifteen_said_twice() -> None:
    count = hear(DOUBLE_RUN, "fifteen two fifteen four fifteen six fifteen eight fifteen ten")
    verdict = count.verdict(DOUBLE_RUN, "hoyle")
    assert verdict.wrong_reasons == ("duplicate",)
    assert verdict.excess_points == 2


def test_the_combinations_are_judged_and_a_wrong_sum_is_named() -> None:
    count = hear(DOUBLE_RUN, "fifteen two fifteen four and a double run is twelve that's fourteen")
    assert isinstance(count.claim(), AnnounceClaim)
    assert count.total == 14
    assert count.slip() == "You said 14; what you counted makes 12."
    assert count.verdict(DOUBLE_RUN, "acc").claimed == 12


def test_nineteen_is_nothing_for_a_four_card_hand_and_nineteen_for_five() -> None:
    nothing = show("2H 7C 9D KS", "QH")
    count = hear(nothing, "nineteen")
    assert count.claim() == TotalClaim(19)
    verdict = count.verdict(nothing, "acc")
    assert (verdict.outcome, verdict.nineteen, verdict.claimed) == ("exact", True, 0)
    five = show("3H 4C 5D 6S 7H", "8C")
    assert hear(five, "nineteen").verdict(five, "acc").claimed == 19


def test_groups_are_said_as_players_name_them() -> None:
    royal = show("6H 6C 6D 9S", "2H")
    for said in (
        "fifteen two fifteen four fifteen six and a pair royal is twelve",
        "fifteen two fifteen four fifteen six three of a kind for twelve",
    ):
        assert hear(royal, said).verdict(royal, "acc").exact
    quad = show("5H 5C 5D 5S", "JH")
    said = " ".join(f"fifteen {w}" for w in ("two", "four", "six", "eight"))
    said += " " + " ".join(f"fifteen {w}" for w in ("ten", "twelve", "fourteen", "sixteen"))
    assert hear(quad, said + " and four of a kind is twenty eight").verdict(quad, "acc").exact
    double_double = show("3H 3C 4D 4S", "5H")
    assert (
        hear(double_double, "fifteen two fifteen four a double double run is twenty")
        .verdict(double_double, "acc")
        .exact
    )


def test_a_flush_in_the_crib_without_the_starter_is_wrong() -> None:
    crib = show("2D 4D 8D QD", "KS", crib=True)
    verdict = hear(crib, "a flush is four").verdict(crib, "acc")
    assert verdict.wrong_reasons == ("crib-flush-needs-starter",)


def test_totals_must_follow_what_was_said() -> None:
    grammar = build(DOUBLE_RUN)
    for said in (
        "fifteen two fifteen six",
        "fifteen two fifteen four and a pair is eight",
        "a run of four is four",  # the hand has none
    ):
        assert grammar.parse(said.split()) is None


def test_words_that_are_no_count_are_refused() -> None:
    with pytest.raises(NoCount, match="say it again"):
        hear(DOUBLE_RUN, "")
    with pytest.raises(NoCount):
        heard(Decoded("sixteen", 0.0, -0.001, 0.0), build(DOUBLE_RUN))  # chatter's score
    with pytest.raises(NoCount):
        heard(Decoded("fifteen two", 0.0, 0.001, 1.5), build(DOUBLE_RUN))  # other phones


def test_a_final_total_is_said_after_a_count_not_alone() -> None:
    """ "That's twelve" ends a count; said alone it is no count (table talk was heard as
    one far more often than a player says one: "bad luck" as "that's eleven")."""
    grammar = build(DOUBLE_RUN)
    for said in ("that's twelve", "that is twelve", "makes sixteen"):
        assert grammar.parse(said.split()) is None
    assert grammar.parse(["twelve"]) is not None
    assert grammar.parse(["fifteen", "two", "that's", "two"]) is not None


def test_a_wrong_total_said_alone_must_score_with_the_phones() -> None:
    """Table talk is heard as a bare total far more often than as anything else, and on a
    wrong total far more often than on the show's: a wrong one needs a surer hearing
    (`WRONG_TOTAL_BAR`) than the show's own (`TOTAL_BAR`)."""
    grammar = build(DOUBLE_RUN)  # 16
    assert grammar.total == 16
    doubtful = TOTAL_BAR.margin / 2  # between the two bars
    assert TOTAL_BAR.margin < doubtful < WRONG_TOTAL_BAR.margin
    assert heard(Decoded("sixteen", 0.0, doubtful, 0.0), grammar).total == 16
    with pytest.raises(NoCount):
        heard(Decoded("fourteen", 0.0, doubtful, 0.0), grammar)
    assert heard(Decoded("fourteen", 0.0, WRONG_TOTAL_BAR.margin, 0.0), grammar).total == 14
    nothing = build(show("2H 4C 6D 8S", "KH"))  # 19 cannot be: "nineteen" is nothing
    assert nothing.total == 0
    for said in ("nineteen", "nothing", "zero"):
        assert heard(Decoded(said, 0.0, doubtful, 0.0), nothing).total in (0, 19)
    with pytest.raises(NoCount):
        heard(Decoded("two", 0.0, doubtful, 0.0), nothing)
    # A count of groups is not a bare total: its own bar holds whatever its total.
    assert heard(Decoded("fifteen two that's four", 0.0, 0.0, 0.0), grammar).total == 4


def test_the_grammar_is_small() -> None:
    twenty_nine = build(show("5H 5C 5D JS", "5S"))  # eight fifteens
    assert len(twenty_nine.transitions()) < 7500
    assert "nobs" in twenty_nine.words
    # the largest of the four-card and five-card shows richest in groups (measured)
    assert len(build(show("5C 5D JH JC", "5H")).transitions()) < 12000
    assert len(build(show("5C 5D 5S JH JC", "5H")).transitions()) < 20000  # with slips


def test_nothing_leads_back_to_the_start() -> None:
    """A word into a state changes how the recogniser hears the words out of it (their left
    context): a restart into the start cost bare totals a third of their margin over
    chatter on the synthetic counts."""
    grammar = build(show("5H 5C 5D JS", "5S"))
    assert all(e.target != grammar.start for e in grammar.edges)
    said = grammar.parse(words("fifteen two, fifteen four, start again, fifteen two"))
    assert said is not None
    assert [u.name for u in said.units] == ["fifteen"]


def test_every_word_is_in_the_recogniser_dictionary() -> None:
    pocketsphinx = pytest.importorskip("pocketsphinx")
    path = pocketsphinx.get_model_path("en-us/cmudict-en-us.dict")
    with open(path, encoding="utf-8") as lines:
        known = {line.split()[0].split("(")[0] for line in lines if line.strip()}
    said: set[str] = set()
    for hand, starter in [
        ("5H 5C 5D JS", "5S"),
        ("3H 3C 4D 4S 5H", "5C"),  # a double-double-double run
        ("3H 4C 4D 4S 4H", "5C"),  # a quadruple run
        ("3H 3C 4D 4S 4H", "5C"),  # a triple-double run
        ("2H 3H 4H 5H 6H", "7H"),  # a run of six and a flush
        ("5H JH QH", "KH"),
    ]:
        said |= build(show(hand, starter)).words
    assert {"um", "sorry", "start", "nothing", "runs", "quadruple"} <= said
    assert said - known <= set(EXTRA_WORDS)


DECKS = (deck(), tuple(c for c in deck() if c.rank in (3, 4, 5, 6, 7, 10, JACK)))
"""Every card, and a deck dense in fifteens, pairs, runs and nobs."""


@st.composite
def shows(draw: st.DrawFn) -> Breakdown:
    """A hand of any size (or a crib) and its starter."""
    size = draw(st.sampled_from(HAND_SIZES))
    cards = draw(
        st.lists(
            st.sampled_from(draw(st.sampled_from(DECKS))),
            min_size=size + 1,
            max_size=size + 1,
            unique=True,
        )
    )
    crib = size == CRIB_SIZE and draw(st.booleans())
    return score_show(cards[:-1], cards[-1], crib=crib)


@settings(max_examples=150)
@given(shows())
def test_the_announcement_claims_the_shows_own_groups(b: Breakdown) -> None:
    grammar = build(b)
    if not b.total:
        assert grammar.parse(["nineteen"]) == Said((), 19)
        assert grammar.parse(["nothing"]) == Said((), 0)
        return
    said = grammar.parse(words(b.announce()))
    assert said is not None, b.announce()
    groups = tuple(ClaimedItem(g.kind, g.cards, g.points) for g in b.groups)
    assert tuple(u.item for u in said.units) == groups
    assert said.weight == 1.0
    assert heard(Decoded(" ".join(words(b.announce())), 0, 0.001, 0), grammar).total == b.total


@settings(max_examples=150)
@given(shows(), st.randoms(use_true_random=False))
def test_players_phrasings_claim_the_same(b: Breakdown, rng: random.Random) -> None:
    if not b.total:
        return
    said = Counter_(rng).count(b)
    count = heard(Decoded(" ".join(words(said)), 0, 0.001, 0), build(b))
    announced = count.claim()
    assert isinstance(announced, AnnounceClaim), said
    assert Counter(announced.items) == items(b), said
    assert count.total == b.total, said
    assert count.verdict(b, "hoyle").exact, said


def test_one_group_the_show_lacks_must_score_well_above_the_phones() -> None:
    """Talk heard as one group is most often one the show lacks ("best of three" as "a run
    for three" where there is no run): it passes only at `OVER_ONE_BAR`, while one group of
    the show said alone, the whole show or not ("fifteen two" for six: groups forgotten),
    passes at `ONE_BAR`."""
    between = (ONE_BAR.margin + OVER_ONE_BAR.margin) / 2
    assert ONE_BAR.margin < between < OVER_ONE_BAR.margin
    pair = build(show("KH KC 9D 7S", "AD"))  # a pair alone: two
    assert heard(Decoded("a pair is two", 0.0, ONE_BAR.margin, 0.8), pair).counted == 2
    for said in ("a run of three is three", "fifteen two", "one for his nobs"):
        with pytest.raises(NoCount):
            heard(Decoded(said, 0.0, between, 0.8, plain=0.002), pair)
        assert not heard(Decoded(said, 0.0, OVER_ONE_BAR.margin, 0.8, plain=0.002), pair).bare
    both = build(show("5H 10C 9D 5S", "2D"))  # two fifteens and a pair: six
    for said in ("a pair is two", "fifteen two"):  # groups forgotten
        assert heard(Decoded(said, 0.0, ONE_BAR.margin, 0.8), both).counted == 2


def test_each_kind_of_count_has_its_bar() -> None:
    """Two groups or more whose totals follow are seldom chatter, so they pass nearer the
    phones than one group; a doubtful count must beat its strict rival too."""
    b = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair
    between = (COUNT_BAR.margin + ONE_BAR.margin) / 2
    assert COUNT_BAR.margin < between < ONE_BAR.margin
    two = Decoded("fifteen two fifteen four", 0.0, between, 0.8)
    one = Decoded("a pair is two", 0.0, between, 0.8)
    assert heard(two, build(b)).counted == 4
    with pytest.raises(NoCount):
        heard(one, build(b))
    slipped = "fifteen two fifteen four and a pair is six that's eight"
    assert heard(Decoded(slipped, 0.0, 0.001, 0.7, rival=0.002), build(b)).total == 8
    with pytest.raises(NoCount):
        heard(Decoded(slipped, 0.0, 0.001, 0.7, rival=0.0005), build(b))
    sure = "fifteen two fifteen four and a pair is six"  # no rival is needed
    assert heard(Decoded(sure, 0.0, 0.001, 0.7, rival=0.0), build(b)).total == 6
    over = "fifteen two fifteen four and a pair is six and nobs is seven"  # no jack
    assert heard(Decoded(over, 0.0, 0.001, 0.7, plain=0.002), build(b)).total == 7
    with pytest.raises(NoCount):
        heard(Decoded(over, 0.0, 0.001, 0.7, plain=0.0005), build(b))


def test_the_plain_grammar_holds_the_show_and_nothing_it_lacks() -> None:
    """The rival of an over-claim: every true group said or skipped, in any order, and no
    group the show lacks (the strict grammar, the rival of a take-back, holds those)."""
    b = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair, no jack, no run, no flush
    plain, strict = build(b, plain=True), build(b, strict=True)
    for said in (
        "fifteen two fifteen four and a pair is six",
        "a pair is two fifteen four",
        "fifteen two and a pair is four that's four",
    ):
        assert plain.parse(said.split()) is not None, said
    for said in (
        "fifteen two fifteen four and a pair is six and nobs is seven",
        "fifteen two fifteen four fifteen six",
        "a pair is two and a pair is four",
        "fifteen two and a run of three is five",
    ):
        assert strict.parse(said.split()) is not None, said
        assert plain.parse(said.split()) is None, said
        heard_as = build(b).parse(said.split())
        assert heard_as is not None, said
        assert heard_as.over_claims, said
