"""``muggins hear``: one recorded count recognised on the hand's grammar, and judged.

The recording is heard whole, or with ``--live`` fed through push-to-talk's own listener
(`trainer.voice.listen`) at full speed, then its trailing silence: the count ends as it
would at the table (on its final total, or after a silence), so the end of a count can be
tried from the shell. Both print the same; ``--live`` adds why the count ended, and when
(the seconds of audio to its first and last words, and to its end).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from trainer.judge.claims import answer_text
from trainer.judge.verdict import Verdict
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import Breakdown, score_show
from trainer.voice.audio import read_wav
from trainer.voice.heard import Heard, NoCount, heard
from trainer.voice.recogniser import Recogniser

ENDINGS = {
    "total": "on its final total",
    "key": "on the key",
    "silence": "after a silence",
    "limit": "at the time limit",
}
"""How ``--live`` says why a count ended (`trainer.voice.listen.Ended`)."""


def hear(args: argparse.Namespace, out: TextIO) -> int:
    breakdown = score_show(parse_cards(args.hand), parse_card(args.starter), crib=args.crib)
    audio = read_wav(args.wav)
    recogniser = Recogniser()
    if args.live:
        count, live = _live(recogniser, breakdown, audio, args.wav)
    else:
        grammar = recogniser.use(breakdown)
        count, live = heard(recogniser.decode(audio), grammar, args.wav), {}
    verdict = count.verdict(breakdown, args.policy)
    if args.json:
        json.dump({**count.to_data(), "verdict": verdict_data(verdict), **live}, out)
        out.write("\n")
        return 0
    out.write(f"Heard: {count.words}\n")
    out.write(f"Claim: {answer_text(count.claim(), nineteen=verdict.nineteen)}")
    out.write(f" (total {count.total})\n")
    if (slip := count.slip()) is not None:
        out.write(f"{slip}\n")
    out.write(f"{verdict.summary()}\n")
    if live:
        out.write(
            f"The count ended {ENDINGS[live['ended']]} at {live['listened']:.1f} s "
            f"(its last word at {live['end']:.1f} s)\n"
        )
    return 0


def _live(
    recogniser: Recogniser, breakdown: Breakdown, audio: bytes, where: str
) -> tuple[Heard, dict[str, Any]]:
    """The count in ``audio`` as push-to-talk hears it, and how its end came."""
    # Imported here: the listener's machinery only for --live.
    from trainer.voice.listen import Listener, RecordedSource

    spoken = Listener(recogniser, breakdown, RecordedSource(audio)).run()
    if spoken.count is None:  # why, where the recogniser can say more than "no count"
        raise NoCount(spoken.refusal or f"heard no count in {where} (say it again)")
    first = None if spoken.first_word is None else round(spoken.first_word, 2)
    return spoken.count, {
        "ended": spoken.ended,
        "first_word": first,
        "end": round(spoken.end, 2),
        "listened": round(spoken.listened, 2),
    }


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
