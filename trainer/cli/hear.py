"""``muggins hear``: one recorded count recognised on the hand's grammar, and judged."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from trainer.judge.claims import answer_text
from trainer.judge.verdict import Verdict
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.voice.audio import read_wav
from trainer.voice.heard import heard
from trainer.voice.recogniser import Recogniser


def hear(args: argparse.Namespace, out: TextIO) -> int:
    breakdown = score_show(parse_cards(args.hand), parse_card(args.starter), crib=args.crib)
    audio = read_wav(args.wav)
    recogniser = Recogniser()
    grammar = recogniser.use(breakdown)
    count = heard(recogniser.decode(audio), grammar, args.wav)
    verdict = count.verdict(breakdown, args.policy)
    if args.json:
        json.dump({**count.to_data(), "verdict": verdict_data(verdict)}, out)
        out.write("\n")
        return 0
    out.write(f"Heard: {count.words}\n")
    out.write(f"Claim: {answer_text(count.claim(), nineteen=verdict.nineteen)}")
    out.write(f" (total {count.total})\n")
    if (slip := count.slip()) is not None:
        out.write(f"{slip}\n")
    out.write(f"{verdict.summary()}\n")
    return 0


def verdict_data(v: Verdict) -> dict[str, Any]:
    """The verdict of `muggins hear --json`."""
    return {
        "outcome": v.outcome,
        "claimed": v.claimed,
        "actual": v.actual,
        "kept": v.kept,
        "opponent": v.opponent,
        "missed_points": v.missed_points,
        "excess_points": v.excess_points,
        "missed": [i.to_dict() for i in v.missed],
        "wrong": [
            {"kind": w.kind, "cards": [str(c) for c in w.ordered_cards], "points": w.value}
            for w in v.wrong
        ],
        "nineteen": v.nineteen,
        "summary": v.summary(),
    }
