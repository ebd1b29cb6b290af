"""The crib-value table: recomputed entries match the shipped file, and the file as a whole
agrees with the exact crib distribution."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

from tests.rules.test_odds import PUBLISHED_HAND
from trainer.game.players import crib_values
from trainer.game.players.crib_values import (
    CASES,
    CribTableError,
    all_throws,
    crib_average,
    crib_table,
    crib_value,
    parse_table,
    render_table,
    throw_key,
    throw_weight,
)
from trainer.rules import odds
from trainer.rules.cards import JACK, Card, deck, parse_card
from trainer.rules.show import score_show

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "trainer" / "game" / "players" / "data" / "crib_values.json"
SCRIPT = REPO / "scripts" / "crib_values"

SAMPLE = [(5, 5, False), (5, 11, True), (2, 13, False), (1, 1, False), (11, 11, False)]


@pytest.fixture
def fresh_table() -> Iterator[None]:
    """Forget the loaded table before and after, so a test can point it at another file."""
    crib_table.cache_clear()
    crib_values._floats.cache_clear()
    yield
    crib_table.cache_clear()
    crib_values._floats.cache_clear()


def _load_script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("crib_values_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("crib_values_script", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@pytest.mark.parametrize("throw", SAMPLE, ids=[throw_key(*t) for t in SAMPLE])
def test_a_recomputed_entry_is_the_shipped_one(throw: tuple[int, int, bool]) -> None:
    assert crib_average(*throw) == crib_table()[throw_key(*throw)]


def test_other_suits_and_the_itemised_scorer_give_the_same_mean() -> None:
    """5-J suited as diamonds, scored by score_show: the suits chosen do not matter."""
    thrown = (Card(5, "D"), Card(JACK, "D"))
    rest = [c for c in deck() if c not in thrown]
    total = 0
    cases = 0
    for first, second in combinations(rest, 2):
        for starter in rest:
            if starter not in (first, second):
                total += score_show((*thrown, first, second), starter, crib=True).total
                cases += 1
    assert cases == CASES
    assert Fraction(total, cases) == crib_table()["5-J-s"] == crib_average(5, 11, True)


def test_the_file_has_every_throw_once() -> None:
    table = crib_table()
    assert len(table) == 169
    assert sum(1 for key in table if key.endswith("-s")) == 78
    assert sum(1 for key in table if key.endswith("-o")) == 91
    assert set(table) == {throw_key(*t) for t in all_throws()}
    assert sum(throw_weight(t) for t in all_throws()) == 1326  # C(52, 2) two-card throws


def test_suited_is_worth_the_crib_flush_alone_without_a_jack() -> None:
    # Suited, the crib flushes when the other two and the starter share the suit:
    # C(11, 2) * 9 = 495 of the 58,800 cases, 5 points each. Runs, pairs and fifteens do not
    # see suits, and nobs comes out the same (46 jack-and-starter pairs either way).
    flush = Fraction(495 * 5, CASES)
    table = crib_table()
    ranks = [r for r in range(1, 14) if r != JACK]
    for low, high in combinations(ranks, 2):
        suited, off = table[throw_key(low, high, True)], table[throw_key(low, high, False)]
        assert suited - off == flush, (low, high)


def test_the_weighted_mean_is_the_mean_crib_over_every_deal() -> None:
    """Each crib and starter is counted once for each of its six pairs of cards, so the mean
    over throws (weighted by how many card pairs each kind has) is the mean crib."""
    table = crib_table()
    mean = sum(throw_weight(t) * table[throw_key(*t)] for t in all_throws()) / 1326
    crib_dist = odds.distribution(4, crib=True)
    assert mean == Fraction(sum(s * n for s, n in crib_dist.items()), 12_994_800)
    # The published hand table, less the four-card flushes a crib does not score:
    # 4 suits * C(13, 4) hands * 39 starters off suit * 4 points.
    hand_points = sum(s * n for s, n in PUBLISHED_HAND.items())
    assert mean == Fraction(hand_points - 4 * 715 * 39 * 4, 12_994_800)
    assert 4.6 < mean < 4.8


def test_five_five_is_the_best_throw_and_the_extremes_are_as_known() -> None:
    table = crib_table()
    ranked = sorted(table, key=table.__getitem__, reverse=True)
    assert ranked[0] == "5-5-o"
    assert set(ranked[1:3]) == {"5-J-s", "5-J-o"}
    assert all(k.startswith(("5-", "4-5", "A-5", "2-5", "3-5")) for k in ranked[:10])
    assert ranked[-1] == "10-K-o"  # apart in rank, yet no fifteen: few runs or fifteens to make


def test_a_lookup_does_not_care_about_order_or_the_suits_names() -> None:
    for a, b in [("5H", "JH"), ("KS", "2D"), ("AC", "AD"), ("10S", "10H")]:
        one, two = parse_card(a), parse_card(b)
        assert crib_value(one, two) == crib_value(two, one)
    assert crib_value(parse_card("5H"), parse_card("JH")) == float(crib_table()["5-J-s"])
    assert crib_value(parse_card("JC"), parse_card("5C")) == float(crib_table()["5-J-s"])
    assert crib_value(parse_card("5S"), parse_card("JD")) == float(crib_table()["5-J-o"])
    assert crib_value(parse_card("KD"), parse_card("2S")) == float(crib_table()["2-K-o"])
    assert crib_value(parse_card("5D"), parse_card("5C")) == float(crib_table()["5-5-o"])


def test_bad_throws_are_refused() -> None:
    with pytest.raises(ValueError, match="5H cannot be thrown twice"):
        crib_value(parse_card("5H"), parse_card("5H"))
    with pytest.raises(ValueError, match="two 5s cannot share a suit"):
        crib_average(5, 5, True)
    with pytest.raises(ValueError, match="not a rank: 14"):
        crib_average(14, 2, False)


def test_the_file_is_what_render_table_writes() -> None:
    assert render_table(crib_table()) == DATA.read_text(encoding="utf-8")
    assert parse_table(render_table(crib_table())) == crib_table()


@pytest.mark.usefixtures("fresh_table")
def test_a_missing_file_says_how_to_make_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crib_values, "DATA_FILE", "no_such_table.json")
    with pytest.raises(CribTableError, match=r"no_such_table\.json cannot be read.*crib_values"):
        crib_value(parse_card("5H"), parse_card("JH"))


def test_a_corrupt_file_is_refused() -> None:
    good = DATA.read_text(encoding="utf-8")
    with pytest.raises(CribTableError, match="is not a crib-value table"):
        parse_table(good[:-40])
    with pytest.raises(CribTableError, match="is not a crib-value table: format 2"):
        parse_table(good.replace('"format": 1', '"format": 2'))
    with pytest.raises(CribTableError, match="points disagree with exact for 5-5-o"):
        parse_table(good.replace('"points": 8.992653', '"points": 8.5'))
    without = render_table({k: v for k, v in crib_table().items() if k != "A-A-o"})
    with pytest.raises(CribTableError, match="lacks or has extra throws: A-A-o"):
        parse_table(without)


@pytest.mark.slow
def test_the_script_rewrites_the_shipped_file_byte_for_byte() -> None:
    """Every entry recomputed, in the script's own worker processes (about 10 s on 2 cores)."""
    script = _load_script()
    assert render_table(script.compute(workers=2)) == DATA.read_text(encoding="utf-8")
