"""The drill subcommands of ``muggins``: list and check drill sets, deal from one."""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any, TextIO

from trainer.drills.loader import DrillEntry, drill_dirs, find_drill, load_all, load_drill
from trainer.drills.model import DrillError
from trainer.quiz.questions import CatchQuestion, PlayQuestion, Question, make_question
from trainer.rules.cards import format_cards


def folders(args: argparse.Namespace) -> list[tuple[Path, bool]]:
    """Where the command line says drills come from (``--data-dir``, ``--drills``)."""
    return drill_dirs(args.data_dir, args.drills or [])


def list_drills(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``muggins drills``: every drill set with its description, or ``--check FILE...``."""
    if args.check:
        return _check(args.check, out, err)
    entries = load_all(folders(args))
    if args.json:
        json.dump([_entry_json(e) for e in entries], out)
        out.write("\n")
        return 0
    width = max((len(e.id) for e in entries), default=0)
    for e in entries:
        if e.drill is None:
            out.write(f"{e.id:<{width}}  (cannot be used) {e.error}\n")
        else:
            out.write(f"{e.id:<{width}}  {e.drill.name}: {e.drill.description}\n")
    return 0


def _entry_json(e: DrillEntry) -> dict[str, Any]:
    d = e.drill
    return {
        "id": e.id,
        "name": d.name if d else None,
        "description": d.description if d else None,
        "error": e.error,
        "source": e.source,
        "builtin": e.builtin,
        "variant": d.variant if d else None,
        "kind": d.kind if d else None,
        "hands": d.hands if d else None,
        "claim": d.claim if d else None,
        "muggins": d.muggins if d else None,
    }


def _check(files: list[str], out: TextIO, err: TextIO) -> int:
    failed = False
    for name in files:
        try:
            drill = load_drill(name)
        except DrillError as error:
            err.write(f"muggins: error: {error}\n")
            failed = True
        else:
            out.write(f"ok: {name} ({drill.name})\n")
    return 2 if failed else 0


def deal(args: argparse.Namespace, out: TextIO) -> int:
    """``muggins deal DRILL``: one question of the drill; ``--seed`` replays a deal exactly."""
    drill = find_drill(load_all(folders(args)), args.drill)
    seed = args.seed if args.seed is not None else random.Random(time.time_ns()).getrandbits(63)
    if seed < 0:
        raise DrillError(f"--seed must be 0 or more, got {seed}")
    q = make_question(drill, 1, seed)
    if args.json:
        json.dump(question_json(drill.id, q), out, ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(f"{drill.name} ({drill.id}), seed {seed}\n")
    if isinstance(q, PlayQuestion):
        p = q.play
        out.write(f"Laid since the reset: {format_cards(p.before) or '(nothing: you lead)'}\n")
        out.write(f"You lay {p.card}: the count is {p.count}\n")
        out.write(f"Your cards left: {format_cards(p.remaining) or '(none)'}\n")
        if p.last_card:
            out.write("This is the last card of the play.\n")
        elif p.opponent_go:
            out.write("Your opponent cannot lay a card after yours (go).\n")
    else:
        what = "Crib" if q.deal.crib else "Hand"
        out.write(f"{what} {format_cards(q.deal.hand)}   starter {q.deal.starter}\n")
        if isinstance(q, CatchQuestion):
            out.write(f"Your opponent announces {q.opponent.claimed}.\n")
    out.write(f"Replay: muggins deal {drill.id} --seed {seed}\n")
    return 0


def question_json(drill_id: str, q: Question) -> dict[str, Any]:
    """A question as JSON: the cards, and the truth (score or play items)."""
    data: dict[str, Any] = {"drill": drill_id, "seed": q.seed, "kind": q.kind}
    if isinstance(q, PlayQuestion):
        p = q.play
        data |= {
            "before": [str(c) for c in p.before],
            "card": str(p.card),
            "remaining": [str(c) for c in p.remaining],
            "count": p.count,
            "opponent_go": p.opponent_go,
            "last_card": p.last_card,
            "points": p.points,
            "items": [i.to_dict() for i in p.items],
        }
        return data
    data |= {
        "hand": [str(c) for c in q.deal.hand],
        "starter": str(q.deal.starter),
        "crib": q.deal.crib,
        "score": q.breakdown.to_dict(),
    }
    if isinstance(q, CatchQuestion):
        data["opponent_claim"] = q.opponent.claimed
        data["opponent_mistake"] = q.opponent.mistake
    return data
