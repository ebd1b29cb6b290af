"""Judging a claimed count: policy arithmetic, time-outs, nineteen, itemised claims."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.claims import (
    AnnounceClaim,
    ClaimedItem,
    ClaimError,
    TotalClaim,
)
from trainer.judge.policy import POLICIES, Policy, PolicyError, check_policy
from trainer.judge.verdict import NINETEEN_IMPOSSIBLE_SIZES, Verdict, judge
from trainer.rules import odds
from trainer.rules.cards import parse_cards
from trainer.rules.show import HAND_SIZES


def item(kind: str, cards: str, points: int | None = None) -> ClaimedItem:
    return ClaimedItem(kind, parse_cards(cards), points)


NINE = "QD JH 4D JD KH"  # pair of jacks 2, runs J-Q-K twice 6, nobs 1 = 9
TWENTY_NINE = "5H 5C 5S JD 5D"
ZERO_4 = "2H 4D 6C 8S KH"
ZERO_3 = "2H 4D 6C 8S"
ZERO_5 = "2H 4D 6C 8S 10H QD"

PAIR = item("pair", "JH JD")
RUN_H = item("run", "JH QD KH")
RUN_D = item("run", "JD QD KH")
NOBS = item("nobs", "JH KH")
ALL_NINE = (PAIR, RUN_H, RUN_D, NOBS)


# ---------------------------------------------------------------- total claims by policy


@pytest.mark.parametrize(
    ("policy", "claim", "outcome", "kept", "opponent"),
    [
        pytest.param("off", 9, "exact", 9, 0, id="off-exact"),
        pytest.param("off", 7, "under", 9, 0, id="off-under-corrected-up"),
        pytest.param("off", 12, "over", 9, 0, id="off-over-corrected-down"),
        pytest.param("acc", 9, "exact", 9, 0, id="acc-exact"),
        pytest.param("acc", 7, "under", 7, 2, id="acc-under-opponent-takes-missed"),
        pytest.param("acc", 12, "over", 9, 0, id="acc-over-no-penalty"),
        pytest.param("hoyle", 9, "exact", 9, 0, id="hoyle-exact"),
        pytest.param("hoyle", 7, "under", 7, 2, id="hoyle-under-opponent-takes-missed"),
        pytest.param("hoyle", 12, "over", 9, 3, id="hoyle-over-opponent-takes-excess"),
        pytest.param("hoyle", 15, "over", 9, 6, id="hoyle-over-by-six"),
        pytest.param("bsd", 9, "exact", 9, 0, id="bsd-exact"),
        pytest.param("bsd", 7, "under", 7, 0, id="bsd-under-keep-what-you-claimed"),
        pytest.param("bsd", 12, "over", 9, 2, id="bsd-over-opponent-pegs-2"),
        pytest.param("bsd", 15, "over", 9, 2, id="bsd-over-by-six-still-2"),
    ],
)
def test_total_claim_policy_arithmetic(
    policy: Policy, claim: int, outcome: str, kept: int, opponent: int
) -> None:
    verdict = judge(TotalClaim(claim), show(NINE), policy)
    assert verdict.outcome == outcome
    assert (verdict.claimed, verdict.actual) == (claim, 9)
    assert (verdict.kept, verdict.opponent) == (kept, opponent)
    assert verdict.missed_points == max(0, 9 - claim)
    assert verdict.excess_points == max(0, claim - 9)
    assert verdict.exact == (outcome == "exact")
    assert verdict.policy == policy
    assert not verdict.timed_out
    assert verdict.right == verdict.missed == ()
    assert verdict.wrong == ()


@pytest.mark.parametrize(
    ("claim", "credit"),
    [
        pytest.param(29, 1.0, id="exact"),
        pytest.param(20, 20 / 29, id="under"),
        pytest.param(0, 0.0, id="nothing"),
        pytest.param(46, 29 / 46, id="over"),
    ],
)
def test_total_claim_credit(claim: int, credit: float) -> None:
    verdict = judge(TotalClaim(claim), show(TWENTY_NINE), "acc")
    assert verdict.credit == pytest.approx(credit)


def test_zero_hand_claimed_zero_has_full_credit() -> None:
    verdict = judge(TotalClaim(0), show(ZERO_4), "acc")
    assert verdict.exact
    assert verdict.credit == 1.0


def test_default_policy_is_acc() -> None:
    from trainer.judge.policy import DEFAULT_POLICY

    assert DEFAULT_POLICY == "acc"
    assert POLICIES == ("off", "acc", "hoyle", "bsd")


def test_unknown_policy_is_an_error_naming_it() -> None:
    with pytest.raises(PolicyError, match="'strict'"):
        judge(TotalClaim(9), show(NINE), "strict")  # type: ignore[arg-type]
    assert check_policy("hoyle") == "hoyle"


@pytest.mark.parametrize(
    ("policy", "claim", "expected"),
    [
        pytest.param("acc", 9, "Exact! You claimed 9; the hand is 9.", id="exact"),
        pytest.param(
            "acc",
            7,
            "Under by 2. You claimed 7; the hand is 9. Muggins! Your opponent takes 2; you peg 7.",
            id="acc-under",
        ),
        pytest.param(
            "acc",
            12,
            "Over by 3. You claimed 12; the hand is 9. Corrected down. You peg 9.",
            id="acc-over",
        ),
        pytest.param(
            "hoyle",
            12,
            "Over by 3. You claimed 12; the hand is 9. Corrected down. "
            "Your opponent takes 3; you peg 9.",
            id="hoyle-over",
        ),
        pytest.param(
            "off",
            7,
            "Under by 2. You claimed 7; the hand is 9. Corrected up. You peg 9.",
            id="off-under",
        ),
        pytest.param(
            "bsd",
            7,
            "Under by 2. You claimed 7; the hand is 9. You keep only what you claimed. You peg 7.",
            id="bsd-under",
        ),
    ],
)
def test_summary(policy: Policy, claim: int, expected: str) -> None:
    assert judge(TotalClaim(claim), show(NINE), policy).summary() == expected


# ---------------------------------------------------------------- time-out


@pytest.mark.parametrize(
    ("policy", "kept", "opponent"),
    [
        pytest.param("off", 9, 0, id="off"),
        pytest.param("acc", 0, 9, id="acc"),
        pytest.param("hoyle", 0, 9, id="hoyle"),
        pytest.param("bsd", 0, 0, id="bsd"),
    ],
)
def test_time_out_claims_nothing(policy: Policy, kept: int, opponent: int) -> None:
    breakdown = show(NINE)
    verdict = judge(None, breakdown, policy)
    assert verdict.timed_out
    assert verdict.outcome == "under"
    assert (verdict.claimed, verdict.missed_points, verdict.excess_points) == (0, 9, 0)
    assert (verdict.kept, verdict.opponent) == (kept, opponent)
    assert verdict.missed == breakdown.items
    assert verdict.right == ()
    assert verdict.wrong == ()
    assert verdict.credit == 0.0


def test_time_out_summary() -> None:
    verdict = judge(None, show(NINE), "acc")
    assert verdict.summary() == (
        "Time's up. Nothing claimed; the hand is 9. Muggins! Your opponent takes 9; you peg 0."
    )


def test_time_out_on_a_zero_hand_loses_nothing() -> None:
    verdict = judge(None, show(ZERO_4), "hoyle")
    assert verdict.exact
    assert verdict.timed_out
    assert (verdict.kept, verdict.opponent) == (0, 0)
    assert verdict.summary() == "Time's up. Nothing claimed; the hand is 0: nothing lost."


# ---------------------------------------------------------------- nineteen


@pytest.mark.parametrize(
    ("cards", "crib"),
    [
        pytest.param(ZERO_4, False, id="four-card-hand"),
        pytest.param(ZERO_4, True, id="four-card-crib"),
        pytest.param(ZERO_3, False, id="three-card-hand"),
    ],
)
def test_nineteen_means_zero_where_19_is_impossible(cards: str, crib: bool) -> None:
    verdict = judge(TotalClaim(19), show(cards, crib=crib), "hoyle", nineteen=True)
    assert verdict.exact
    assert verdict.nineteen
    assert (verdict.claimed, verdict.kept, verdict.opponent) == (0, 0, 0)


def test_nineteen_means_zero_only_when_allowed() -> None:
    verdict = judge(TotalClaim(19), show(ZERO_4), "hoyle")
    assert verdict.outcome == "over"
    assert verdict.excess_points == 19
    assert verdict.opponent == 19


def test_nineteen_on_a_scoring_hand_is_an_undercount() -> None:
    verdict = judge(TotalClaim(19), show(TWENTY_NINE), "acc", nineteen=True)
    assert verdict.nineteen
    assert (verdict.claimed, verdict.missed_points, verdict.opponent) == (0, 29, 29)
    assert verdict.summary().startswith(
        "Under by 29. You claimed nineteen (nothing); the hand is 29."
    )


def test_nineteen_is_a_real_claim_for_a_five_card_hand() -> None:
    verdict = judge(TotalClaim(19), show(ZERO_5), "hoyle", nineteen=True)
    assert not verdict.nineteen
    assert verdict.outcome == "over"
    assert (verdict.claimed, verdict.excess_points, verdict.opponent) == (19, 19, 19)


@pytest.mark.parametrize("hand_size", HAND_SIZES)
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_nineteen_impossible_sizes_match_the_exact_tables(hand_size: int, crib: bool) -> None:
    impossible = odds.distribution(hand_size, crib)[19] == 0
    assert impossible == (hand_size in NINETEEN_IMPOSSIBLE_SIZES)


# ---------------------------------------------------------------- announced items


def announce(*items: ClaimedItem, policy: Policy = "acc") -> Verdict:
    return judge(AnnounceClaim(items), show(NINE), policy)


def test_announce_all_right() -> None:
    verdict = announce(*ALL_NINE)
    assert verdict.exact
    assert verdict.claimed == 9
    assert len(verdict.right) == 4
    assert verdict.missed == ()
    assert verdict.wrong == ()
    assert verdict.credit == 1.0
    assert verdict.summary() == "Exact! You claimed 9 in 4 claims; the hand is 9."


def test_announce_order_of_items_and_cards_does_not_matter() -> None:
    reordered = (item("nobs", "KH JH"), item("run", "KH JD QD"), RUN_H, item("pair", "JD JH"))
    assert announce(*reordered).exact


def test_announce_one_missed() -> None:
    verdict = announce(PAIR, RUN_H, NOBS)
    assert verdict.outcome == "under"
    assert verdict.claimed == 6
    assert [i.cards for i in verdict.missed] == [tuple(parse_cards("JD QD KH"))]
    assert (verdict.missed_points, verdict.excess_points) == (3, 0)
    assert (verdict.kept, verdict.opponent) == (6, 3)
    assert verdict.credit == pytest.approx(6 / 9)


def test_announce_wrong_kind() -> None:
    verdict = announce(*ALL_NINE, item("fifteen", "JH JD"))
    assert verdict.outcome == "over"
    assert verdict.wrong == (item("fifteen", "JH JD"),)
    assert verdict.wrong_reasons == ("wrong-kind",)
    assert (verdict.claimed, verdict.excess_points) == (11, 2)
    assert verdict.credit == pytest.approx(9 / 11)


def test_announce_wrong_points_is_wrong_and_leaves_the_item_missed() -> None:
    verdict = announce(PAIR, item("run", "JH QD KH", 4), RUN_D, NOBS, policy="hoyle")
    assert verdict.outcome == "mixed"
    assert verdict.wrong_reasons == ("wrong-points",)
    assert (verdict.missed_points, verdict.excess_points) == (3, 4)
    assert (verdict.claimed, verdict.kept, verdict.opponent) == (10, 6, 7)
    assert verdict.credit == pytest.approx(6 / 13)


def test_announce_duplicate_counts_once() -> None:
    verdict = announce(*ALL_NINE, item("run", "KH QD JH"))
    assert verdict.outcome == "over"
    assert len(verdict.right) == 4
    assert verdict.wrong_reasons == ("duplicate",)
    assert (verdict.excess_points, verdict.kept, verdict.opponent) == (3, 9, 0)


def test_announce_combination_that_does_not_exist() -> None:
    verdict = announce(*ALL_NINE, item("run", "4D QD KH"), policy="bsd")
    assert verdict.outcome == "over"
    assert verdict.wrong_reasons == ("not-a-combination",)
    assert verdict.excess_points == 3  # a run's natural value is its length
    assert (verdict.kept, verdict.opponent) == (9, 2)


def test_announce_mixed() -> None:
    verdict = announce(PAIR, RUN_H, RUN_D, item("fifteen", "4D JD"), policy="hoyle")
    assert verdict.outcome == "mixed"
    assert [i.kind for i in verdict.missed] == ["nobs"]
    assert verdict.wrong_reasons == ("not-a-combination",)
    assert (verdict.missed_points, verdict.excess_points) == (1, 2)
    assert (verdict.claimed, verdict.kept, verdict.opponent) == (10, 8, 3)
    assert verdict.credit == pytest.approx(8 / 11)
    assert verdict.summary() == (
        "Missed 1, claimed 2 wrongly. You claimed 10 in 4 claims; the hand is 9. "
        "Muggins! Your opponent takes 3; you peg 8."
    )


@pytest.mark.parametrize(
    ("policy", "ending"),
    [
        pytest.param("off", "Corrected. You peg 9.", id="off"),
        pytest.param("acc", "Muggins! Your opponent takes 1; you peg 8.", id="acc"),
        pytest.param(
            "bsd",
            "You keep only what you counted right. Your opponent takes 2; you peg 8.",
            id="bsd",
        ),
    ],
)
def test_announce_mixed_summary_by_policy(policy: Policy, ending: str) -> None:
    verdict = announce(PAIR, RUN_H, RUN_D, item("fifteen", "4D JD"), policy=policy)
    assert verdict.summary() == (
        f"Missed 1, claimed 2 wrongly. You claimed 10 in 4 claims; the hand is 9. {ending}"
    )


def test_announce_nothing_is_like_a_time_out_but_not_timed_out() -> None:
    verdict = announce()
    assert not verdict.timed_out
    assert (verdict.outcome, verdict.missed_points, verdict.opponent) == ("under", 9, 9)


def test_announce_twenty_nine() -> None:
    breakdown = show(TWENTY_NINE)
    claims = tuple(ClaimedItem(i.kind, i.cards) for i in breakdown.items)
    verdict = judge(AnnounceClaim(claims), breakdown, "hoyle")
    assert verdict.exact
    assert verdict.claimed == 29


@pytest.mark.parametrize(
    ("kind", "cards", "points", "quoted"),
    [
        pytest.param("triple", "JH JD", None, "'triple'", id="unknown-kind"),
        pytest.param("pair", "", None, "no cards", id="no-cards"),
        pytest.param("pair", "JH JH", None, "twice", id="card-twice"),
        pytest.param("pair", "JH JD", 0, "got 0", id="zero-points"),
        pytest.param("pair", "JH JD", -2, "got -2", id="negative-points"),
    ],
)
def test_malformed_claimed_item(kind: str, cards: str, points: int | None, quoted: str) -> None:
    tokens = cards.split()
    with pytest.raises(ClaimError, match=quoted):
        ClaimedItem(kind, [parse_cards(t)[0] for t in tokens], points)


@pytest.mark.parametrize(
    ("kind", "cards", "value"),
    [
        pytest.param("fifteen", "5H JD", 2, id="fifteen"),
        pytest.param("pair", "5H 5D", 2, id="pair"),
        pytest.param("run", "3H 4D 5S 6C", 4, id="run"),
        pytest.param("flush", "2H 4H 6H 8H", 4, id="flush"),
        pytest.param("nobs", "JH 5H", 1, id="nobs"),
    ],
)
def test_natural_value(kind: str, cards: str, value: int) -> None:
    assert item(kind, cards).value == value
    assert item(kind, cards, 7).value == 7
