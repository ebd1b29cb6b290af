"""Group claims, as players announce them (RULES.md, Announcing a count): each group of the
table claimed right, duplicated, on the wrong cards and mixed with single claims, under
every policy; nobs by the jack alone; a flush by the hand cards."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.claims import AnnounceClaim, ClaimedItem, natural_points, with_starter
from trainer.judge.policy import POLICIES, Policy
from trainer.judge.verdict import WHY_WRONG, Verdict, judge
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import Item


def item(kind: str, cards: str, points: int | None = None) -> ClaimedItem:
    return ClaimedItem(kind, parse_cards(cards), points)


def claim(*items: ClaimedItem, text: str, crib: bool = False, policy: Policy = "acc") -> Verdict:
    return judge(AnnounceClaim(items), show(text, crib=crib), policy)


def kinds(items: tuple[Item, ...]) -> list[tuple[str, str, int]]:
    return [(i.kind, " ".join(str(c) for c in i.cards), i.points) for i in items]


# Each group of the table in RULES.md: the show, the group claim, what it is worth, and
# the claims of the rest of the hand that make the count whole.
GROUPS = [
    pytest.param(
        "5H 5C 5S KD 2H",
        item("pair", "5H 5C 5S"),
        6,
        [item("fifteen", f"5{a} KD") for a in "HCS"] + [item("fifteen", "5H 5C 5S")],
        id="pair-royal",
    ),
    pytest.param(
        "5H 5C 5S 5D KH",
        item("pair", "5H 5C 5S 5D"),
        12,
        [item("fifteen", f"5{a} KH") for a in "HCSD"]
        + [item("fifteen", t) for t in ("5H 5C 5S", "5H 5C 5D", "5H 5S 5D", "5C 5S 5D")],
        id="double-pair-royal",
    ),
    pytest.param(
        "3H 4S 4D 5C KH",
        item("run", "3H 4S 4D 5C"),
        8,
        [item("fifteen", "5C KH")],
        id="double-run-of-three",
    ),
    pytest.param(
        "3H 4S 5D 5C 6H",
        item("run", "3H 4S 5D 5C 6H"),
        10,
        [item("fifteen", "4S 5D 6H"), item("fifteen", "4S 5C 6H")],
        id="double-run-of-four",
    ),
    pytest.param(
        "3H 4S 4D 4C 5H",
        item("run", "3H 4S 4D 4C 5H"),
        15,
        [item("fifteen", "3H 4S 4D 4C")],
        id="triple-run",
    ),
    pytest.param(
        "3H 3S 4D 4C 5H",
        item("run", "3H 3S 4D 4C 5H"),
        16,
        [item("fifteen", "3H 3S 4D 5H"), item("fifteen", "3H 3S 4C 5H")],
        id="double-double-run",
    ),
]


@pytest.mark.parametrize(("text", "group", "points", "rest"), GROUPS)
@pytest.mark.parametrize("policy", POLICIES)
def test_a_group_claim_is_right_and_counts_every_combination_in_it(
    text: str, group: ClaimedItem, points: int, rest: list[ClaimedItem], policy: Policy
) -> None:
    b = show(text)
    assert group.value == points
    v = judge(AnnounceClaim((group, *rest)), b, policy)
    assert v.outcome == "exact", v.summary()
    assert v.missed == ()
    assert v.wrong == ()
    assert sorted(kinds(v.right)) == sorted(kinds(b.items))
    assert (v.kept, v.opponent, v.claimed) == (b.total, 0, b.total)


@pytest.mark.parametrize(("text", "group", "points", "rest"), GROUPS)
@pytest.mark.parametrize(
    ("policy", "kept", "opponent"), [("off", 0, 0), ("acc", 0, 0), ("hoyle", 0, 2), ("bsd", 0, 2)]
)
def test_a_pair_inside_a_claimed_group_is_a_duplicate_in_either_order(
    text: str,
    group: ClaimedItem,
    points: int,
    rest: list[ClaimedItem],
    policy: Policy,
    kept: int,
    opponent: int,
) -> None:
    b = show(text)
    pair = next(i for i in b.items if i.kind == "pair")
    again = ClaimedItem("pair", pair.cards)
    for claims in ((group, *rest, again), (again, group, *rest)):
        v = judge(AnnounceClaim(claims), b, policy)
        assert v.outcome == "over"
        assert v.missed == ()
        assert v.wrong == (again,)
        assert v.wrong_reasons == ("duplicate",)
        assert (v.missed_points, v.excess_points) == (0, 2)
        assert v.kept == b.total + kept
        assert v.opponent == opponent


def test_a_pair_royal_said_after_its_triple_run_is_the_duplicate() -> None:
    royal = item("pair", "4S 4D 4C")
    triple = item("run", "3H 4S 4D 4C 5H")
    fifteen = item("fifteen", "3H 4S 4D 4C")
    v = claim(royal, triple, fifteen, text="3H 4S 4D 4C 5H", policy="hoyle")
    assert v.wrong == (royal,)
    assert v.wrong_reasons == ("duplicate",)
    assert (v.missed_points, v.excess_points, v.kept, v.opponent) == (0, 6, 17, 6)


def test_three_fives_claimed_as_a_pair_royal_are_not_mugged() -> None:
    """The issue's case: today "wrong kind", all three pairs "missed", the opponent takes 6."""
    royal, fifteen = item("pair", "5H 5C 5S"), item("fifteen", "5H 5C 5S")
    v = claim(royal, fifteen, text="5H 5C 5S 9D 2H", policy="acc")
    assert v.exact
    assert (v.kept, v.opponent) == (8, 0)
    assert [i.kind for i in v.right] == ["fifteen", "pair", "pair", "pair"]


def test_single_claims_of_a_groups_combinations_are_right_too() -> None:
    b = show("3H 4S 4D 5C KH")
    singles = [ClaimedItem(i.kind, i.cards) for i in b.items]
    v = judge(AnnounceClaim(tuple(singles)), b, "acc")
    assert v.exact
    assert len(v.right) == len(b.items)


@pytest.mark.parametrize(
    ("text", "wrong", "reason", "missed"),
    [
        # A double run of three claimed where the run is of four: not a group of this hand.
        ("3H 4S 4D 5C 6H", item("run", "3H 4S 4D 5C"), "not-a-combination", 14),
        # Two pairs of different ranks are no pair royal.
        ("5H 5C KS KD 2H", item("pair", "5H 5C KS"), "not-a-combination", 12),
        # A pair royal named by two of its fives and a king.
        ("5H 5C 5S KD 2H", item("run", "5H 5C 5S"), "wrong-kind", 14),
        # A double run claimed at the wrong price.
        ("3H 4S 4D 5C KH", item("run", "3H 4S 4D 5C", 6), "wrong-points", 10),
    ],
)
def test_wrong_group_claims(text: str, wrong: ClaimedItem, reason: str, missed: int) -> None:
    b = show(text)
    v = judge(AnnounceClaim((wrong,)), b, "acc")
    assert v.wrong == (wrong,)
    assert v.wrong_reasons == (reason,)
    assert v.missed_points == missed == b.total
    assert reason in WHY_WRONG


def test_a_group_mixed_with_single_claims_and_a_miss() -> None:
    # A double run of four (10) and two fifteens of 4-5-6 (4): one fifteen is missed.
    b = show("3H 4S 5D 5C 6H")
    v = judge(
        AnnounceClaim((item("fifteen", "4S 5D 6H"), item("run", "3H 4S 5D 5C 6H"))), b, "hoyle"
    )
    assert v.outcome == "under"
    assert kinds(v.missed) == [("fifteen", "4S 5C 6H", 2)]
    assert (v.kept, v.opponent) == (12, 2)


# ---------------------------------------------------------------- the starter implied


@pytest.mark.parametrize("policy", POLICIES)
def test_nobs_by_the_jack_alone(policy: Policy) -> None:
    v = claim(item("nobs", "JD"), text="AH 3C 9S JD KD", policy=policy)
    assert v.exact
    assert kinds(v.right) == [("nobs", "JD KD", 1)]


def test_a_jack_of_another_suit_is_not_nobs() -> None:
    v = claim(item("nobs", "JD"), text="AH 3C 9S JD KS")
    assert v.wrong_reasons == ("not-a-combination",)
    assert v.excess_points == 1


def test_a_hand_flush_by_the_hand_cards_takes_a_matching_starter() -> None:
    v = claim(item("flush", "2H 4H 6H 8H"), text="2H 4H 6H 8H 10H")
    assert v.exact
    assert v.claimed == 5
    assert kinds(v.right) == [("flush", "2H 4H 6H 8H 10H", 5)]
    v = claim(item("flush", "2H 4H 6H 8H"), text="2H 4H 6H 8H 10S")
    assert v.exact
    assert v.claimed == 4


def test_a_crib_flush_by_its_four_cards_joins_the_starter_when_it_matches() -> None:
    v = claim(item("flush", "2H 4H 6H 8H"), text="2H 4H 6H 8H 10H", crib=True)
    assert v.exact
    assert v.claimed == 5


def test_a_crib_of_one_suit_without_the_starter_is_no_flush_and_says_why() -> None:
    v = claim(item("flush", "2H 4H 6H 8H"), text="2H 4H 6H 8H 10S", crib=True, policy="hoyle")
    assert v.wrong_reasons == ("crib-flush-needs-starter",)
    assert WHY_WRONG["crib-flush-needs-starter"] == "a crib flush needs the starter too"
    assert (v.excess_points, v.kept, v.opponent) == (4, 0, 4)


def test_with_starter_leaves_other_claims_alone() -> None:
    hand, starter = parse_cards("2H 4H 6H 8D"), parse_card("10H")
    flush = item("flush", "2H 4H 6H")
    assert with_starter(flush, hand, starter) is flush
    fifteen = item("fifteen", "2H 4H 6H")
    assert with_starter(fifteen, hand, starter) is fifteen


@pytest.mark.parametrize(
    ("kind", "cards", "points"),
    [
        ("pair", "5H 5C", 2),
        ("pair", "5H 5C 5S", 6),
        ("pair", "5H 5C 5S 5D", 12),
        ("pair", "5H KC", 2),
        ("run", "3H 4S 5D", 3),
        ("run", "3H 4S 4D 5C", 8),
        ("run", "3H 4S 5D 5C 6H", 10),
        ("run", "3H 4S 4D 4C 5H", 15),
        ("run", "3H 3S 4D 4C 5H", 16),
        ("run", "3H 3S 3D 3C 4H 5H", 24),
        ("run", "3H 3S 4D 4C 5H 5C", 30),
        ("fifteen", "5H KC", 2),
        ("flush", "2H 4H 6H 8H", 4),
        ("nobs", "JD", 1),
    ],
)
def test_what_a_claim_is_worth(kind: str, cards: str, points: int) -> None:
    assert natural_points(kind, parse_cards(cards)) == points  # type: ignore[arg-type]


def test_the_summary_counts_claims_not_the_combinations_inside_them() -> None:
    v = claim(item("run", "3H 4S 4D 5C"), item("fifteen", "5C KH"), text="3H 4S 4D 5C KH")
    assert v.summary() == "Exact! You claimed 10 in 2 claims; the hand is 10."
