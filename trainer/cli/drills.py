"""The drill subcommands of ``muggins``: list and check drill sets, deal from one.

``deal DRILL --seed N`` deals what the trainer deals from the same seed
(``muggins --drill DRILL --seed N``): ``N`` seeds the run's random stream, as a
drill's own ``seed`` does, and each question is dealt from the next number
drawn from it.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any, Final, TextIO

from trainer.cli.output import one_line
from trainer.drills.loader import DrillEntry, drill_dirs, find_drill, load_all, load_drill
from trainer.drills.model import SEED_LIMIT, DrillError, DrillSet, seed_problem
from trainer.game.coach.discard_drill import appraise
from trainer.locations import config_dir
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    make_question,
)
from trainer.rules.cards import format_cards
from trainer.settings import load_settings, settings_path

MAX_DEALS: Final = 1000
"""The most deals ``deal --hands`` prints (a drill deals at most 1,000)."""


def folders(args: argparse.Namespace) -> list[tuple[Path, bool]]:
    """Where the command line says drills come from (``--data-dir``, ``--drills``)."""
    return drill_dirs(args.data_dir, args.drills or [])


def list_drills(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``muggins drills``: every drill set with its description, or ``--check FILE...``."""
    if args.check:
        return _check(args.check, out, err)
    entries = load_all(folders(args))
    if args.json:
        settings, warning = load_settings(settings_path(config_dir(args.data_dir)))
        if warning is not None:
            err.write(f"muggins: warning: {one_line(warning)}\n")
        defaults = (settings.muggins, settings.nineteen)
        json.dump([_entry_json(e, *defaults) for e in entries], out)
        out.write("\n")
        return 0
    width = max((len(e.id) for e in entries), default=0)
    for e in entries:
        if e.drill is None:
            out.write(f"{e.id:<{width}}  (cannot be used) {one_line(e.error)}\n")
        else:
            out.write(f"{e.id:<{width}}  {e.drill.name}: {e.drill.description}\n")
    return 0


def _entry_json(e: DrillEntry, muggins: Any, nineteen: bool) -> dict[str, Any]:
    """A drill set as it will run: the player's policy and nineteen rule where it sets none."""
    d = None if e.drill is None else e.drill.with_defaults(muggins, nineteen)
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
        "nineteen": d.nineteen if d else None,
    }


def _check(files: list[str], out: TextIO, err: TextIO) -> int:
    failed = False
    for name in dict.fromkeys(files):  # a file named twice is checked once
        try:
            drill = load_drill(name)
        except DrillError as error:
            err.write(f"muggins: error: {one_line(error)}\n")
            failed = True
        else:
            out.write(f"ok: {one_line(name)} ({drill.name})\n")
    return 2 if failed else 0


def deal(args: argparse.Namespace, out: TextIO) -> int:
    """``muggins deal DRILL``: the first question (``--hands`` N: questions) the drill deals
    from ``--seed``, as the trainer deals them; the seed printed replays them."""
    drill = find_drill(load_all(folders(args)), args.drill)
    seed = args.seed
    if seed is None:
        seed = random.Random(time.time_ns()).randrange(SEED_LIMIT)
    problem = seed_problem(seed)
    if problem is not None:
        raise DrillError(f"--seed {problem}")
    if not 1 <= args.hands <= MAX_DEALS:
        raise DrillError(f"--hands must be from 1 to {MAX_DEALS}, got {args.hands}")
    used = seed if drill.seed is None else drill.seed
    questions = dealt(drill, used, args.hands)
    if args.json:
        for q in questions:
            json.dump(question_json(drill.id, q, used), out, ensure_ascii=False)
            out.write("\n")
        return 0
    own = " (the drill's own)" if drill.seed is not None else ""
    first = "" if args.hands == 1 else f", its first {args.hands} deals"
    out.write(f"{drill.name} ({drill.id}), seed {used}{own}{first}\n")
    for q in questions:
        _write_question(q, out, numbered=args.hands > 1)
    more = "" if args.hands == 1 else f" --hands {args.hands}"
    out.write(f"Replay: muggins deal {drill.id} --seed {used}{more}\n")
    return 0


def dealt(drill: DrillSet, seed: int, hands: int = 1) -> list[Question]:
    """The first ``hands`` questions of a run of ``drill`` whose random stream is seeded with
    ``seed``: what the trainer asks with ``--seed`` (`trainer.quiz.QuizSession` draws each
    question's own seed from the stream)."""
    rng = random.Random(seed)
    return [
        make_question(drill, n, rng.getrandbits(63), appraise=appraise) for n in range(1, hands + 1)
    ]


def _write_question(q: Question, out: TextIO, *, numbered: bool) -> None:
    lead = f"{q.number}. " if numbered else ""
    if isinstance(q, PlayQuestion):
        p = q.play
        out.write(
            f"{lead}Laid since the reset: {format_cards(p.before) or '(nothing: you lead)'}\n"
        )
        out.write(f"You lay {p.card}: the count is {p.count}\n")
        out.write(f"Your cards left: {format_cards(p.remaining) or '(none)'}\n")
        if p.last_card:
            out.write("This is the last card of the play.\n")
        elif p.opponent_go:
            out.write("Your opponent cannot lay a card after yours (go).\n")
        return
    if isinstance(q, DiscardQuestion):
        whose = "your crib" if q.deal.own_crib else "your opponent's crib"
        out.write(f"{lead}Dealt {format_cards(q.deal.dealt)}   ({whose}): throw {q.thrown}\n")
        return
    what = "Crib" if q.deal.crib else "Hand"
    out.write(f"{lead}{what} {format_cards(q.deal.hand)}   starter {q.deal.starter}\n")
    if isinstance(q, CatchQuestion):
        out.write(f'Your opponent announces {q.opponent.claimed}: "{q.opponent.spoken()}"\n')


def question_json(drill_id: str, q: Question, seed: int) -> dict[str, Any]:
    """A question as JSON: the run's seed, its number and own seed (as the history keeps it),
    the cards, and the truth (score or play items)."""
    data: dict[str, Any] = {
        "drill": drill_id,
        "seed": seed,
        "number": q.number,
        "deal_seed": q.seed,
        "kind": q.kind,
    }
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
    if isinstance(q, DiscardQuestion):
        data |= {
            "dealt": [str(c) for c in q.deal.dealt],
            "own_crib": q.deal.own_crib,
            "throws": [
                {
                    "keep": [str(c) for c in t.keep],
                    "throw": [str(c) for c in t.throw],
                    "hand": round(t.hand, 6),
                    "crib": round(t.crib, 6),
                    "net": round(t.net, 6),
                }
                for t in q.throws
            ],
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
