"""The pegging table the strong bot throws by: the shipped file is what the script makes,
recomputed entries match it, and a bad file is refused by name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.game.players import peg_values
from trainer.game.players.peg_values import (
    SAMPLES,
    SEED,
    PegTableError,
    all_keeps,
    entry,
    keep_key,
    parse_table,
    peg_table,
    peg_value,
    render_table,
)

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "trainer" / "game" / "players" / "data" / "peg_values.json"


@pytest.fixture
def fresh_table() -> Iterator[None]:
    peg_table.cache_clear()
    yield
    peg_table.cache_clear()


@pytest.mark.parametrize("keep", [(5, 5, 10, 11), (1, 2, 3, 4)], ids=keep_key)
def test_a_recomputed_entry_is_the_shipped_one(keep: tuple[int, int, int, int]) -> None:
    dealer, pone = entry(keep, SAMPLES, SEED)
    assert peg_table()[keep] == (round(dealer, 3), round(pone, 3))


def test_the_file_has_every_keep_once_and_is_what_the_script_writes() -> None:
    table = peg_table()
    assert len(table) == 1820 == len(list(all_keeps()))
    text = DATA.read_text(encoding="utf-8")
    data = json.loads(text)
    assert (data["samples"], data["seed"]) == (SAMPLES, SEED)
    by_key = {keep_key(k): v for k, v in table.items()}
    assert render_table(by_key, SAMPLES, SEED) == text


def test_what_players_know_of_the_play() -> None:
    """The dealer pegs more than the pone on average; low cards hold up the pone's play and
    fives hurt it (a ten makes fifteen on one)."""
    table = peg_table()
    weight = {k: _ways(k) for k in table}
    total = sum(weight.values())
    dealer = sum(weight[k] * v[0] for k, v in table.items()) / total
    pone = sum(weight[k] * v[1] for k, v in table.items()) / total
    assert dealer > 0.5 > -0.5 > pone
    assert peg_value([1, 2, 3, 4], dealer=False) > peg_value([5, 5, 13, 12], dealer=False)
    assert peg_value([4, 3, 2, 1], dealer=False) == peg_table()[(1, 2, 3, 4)][1]


def _ways(keep: tuple[int, ...]) -> int:
    """How many four-card hands have these ranks."""
    out = 1
    for rank in set(keep):
        n = keep.count(rank)
        out *= {1: 4, 2: 6, 3: 4, 4: 1}[n]
    return out


def test_a_bad_file_is_refused_by_name(tmp_path: Path) -> None:
    good = json.loads(DATA.read_text(encoding="utf-8"))
    with pytest.raises(PegTableError, match="not a pegging table"):
        parse_table("{")
    with pytest.raises(PegTableError, match="format 2"):
        parse_table(json.dumps({**good, "format": 2}))
    lacking = {**good, "values": {k: v for k, v in good["values"].items() if k != "A-A-A-A"}}
    with pytest.raises(PegTableError, match="lacks or has extra keeps: A-A-A-A"):
        parse_table(json.dumps(lacking))
    with pytest.raises(ValueError, match="not four ranks"):
        keep_key([1, 2, 3])


def test_a_missing_file_says_how_to_make_it(
    fresh_table: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(peg_values, "DATA_FILE", "no_such_table.json")
    with pytest.raises(PegTableError, match="run scripts/peg_values"):
        peg_table()
