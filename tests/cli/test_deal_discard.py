"""``muggins deal`` for a discard drill: the dealt cards, whose crib, and with ``--json`` every
throw valued as ``muggins advise discard --json`` gives them."""

from __future__ import annotations

import json
import random

import pytest

from trainer.__main__ import main
from trainer.drills.discards import deal_discard
from trainer.game.coach.discard_drill import appraise


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


@pytest.mark.parametrize(
    ("drill", "dealt", "variant"),
    [("keep-four", 6, "standard"), ("keep-three", 5, "five-card")],
)
def test_deal_shows_the_cards_and_the_throws(
    capsys: pytest.CaptureFixture[str], drill: str, dealt: int, variant: str
) -> None:
    deal = deal_discard(random.Random(3).getrandbits(63), dealt)
    whose = "your crib" if deal.own_crib else "your opponent's crib"
    text = run(capsys, "deal", drill, "--seed", "3").splitlines()
    assert text[1] == f"Dealt {' '.join(map(str, deal.dealt))}   ({whose}): throw 2"
    data = json.loads(run(capsys, "deal", drill, "--seed", "3", "--json"))
    assert data["kind"] == "discard"
    assert data["deal_seed"] == deal.seed
    assert data["dealt"] == [str(c) for c in deal.dealt]
    assert data["own_crib"] == deal.own_crib
    advice = json.loads(
        run(
            capsys,
            "advise",
            "discard",
            *data["dealt"],
            "--dealer" if deal.own_crib else "--pone",
            "--variant",
            variant,
            "--json",
        )
    )
    assert data["throws"] == advice["throws"]
    values = appraise(deal, "standard" if dealt == 6 else "five-card")
    assert [t["net"] for t in data["throws"]] == [round(t.net, 6) for t in values]
