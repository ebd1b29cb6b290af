"""Starting plain mode from the command line (``muggins --plain``): the drills, the seed, the
settings and the history as the app has them, then the lines; the answers still waiting
are saved (or kept beside the history) before it returns, as the app's are."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from trainer.drills.loader import DrillEntry, deep_check, drill_dirs, find_drill, load_all
from trainer.drills.model import SEED_LIMIT, DrillError, seed_problem
from trainer.game.session import GameSession
from trainer.locations import config_dir, stats_path
from trainer.settings import load_settings, settings_path
from trainer.textguard import printable
from trainer.ui.flow.drill_runner import DrillRunner
from trainer.ui.plain.drills import PlainDrills

if TYPE_CHECKING:  # audio mode's parts (the voice's grammars among them): with --audio only
    from trainer.ui.plain.by_ear import ByEar
    from trainer.voice.graph import Grammar
    from trainer.voice.listen import Spoken

NORMAL_RATE: Final = 175
"""Words a minute in audio mode when speaking is off in Settings (espeak-ng's own)."""


def launch_plain(args: argparse.Namespace) -> int:
    """Run the drills in plain text until q or the end of input (by ear and voice with
    ``--audio``, until "stop"); 0, or 130 after Ctrl+C (the answers given are kept either
    way)."""
    from trainer.history.writing import DeferredStore

    seed = args.seed if args.seed is not None else time.time_ns() % SEED_LIMIT
    problem = seed_problem(seed)
    if problem is not None:
        raise DrillError(f"--seed {problem}")
    folders = drill_dirs(args.data_dir, args.drills or [])
    entries = deep_check(load_all(folders, deep=False))
    start = find_drill(entries, args.drill) if args.drill else None
    settings, warning = load_settings(settings_path(config_dir(args.data_dir)))
    if warning:
        print(printable(warning), file=sys.stderr)
    store = DeferredStore.open(args.data_dir)
    runner = DrillRunner(random.Random(seed), settings=settings, beside=stats_path(args.data_dir))
    runner.connect(store)
    broken = [e for e in entries if e.drill is None]
    for entry in broken:
        print(printable(f"Not listed: {entry.error}"), file=sys.stderr)
    rng = random.Random(seed ^ 0x9A3E)

    def game(resume: bool) -> GameSession | None:
        from trainer.ui.flow.game_start import new_session, writer

        if resume:
            return GameSession.resume(writer(store))
        return new_session(writer(store), settings.game, rng, nineteen=settings.nineteen)

    status = 0
    try:
        if args.audio:
            by_ear(entries, runner, settings.speech_rate, at_once=settings.judge_at_once).run(start)
        else:
            PlainDrills(entries, runner, _read_line, sys.stdout, game).run(start)
    except KeyboardInterrupt:
        status = 130
    finally:
        unsaved = runner.close(history=store)
        if unsaved is not None:
            print(printable(unsaved.text), file=sys.stderr)
        store.close()
    return status


def by_ear(
    entries: Sequence[DrillEntry], runner: DrillRunner, rate: int, *, at_once: bool
) -> ByEar:
    """Audio mode on this machine: espeak-ng at the rate set (the normal rate when speaking
    is off in Settings), the recogniser, the microphone; `OSError` saying what is missing
    before anything is asked."""
    from trainer.speech.engine import Espeak
    from trainer.ui.plain.by_ear import ByEar
    from trainer.voice.listen import Listener
    from trainer.voice.microphone import Microphone
    from trainer.voice.recogniser import Recogniser

    speaker = Espeak(rate or NORMAL_RATE)
    recogniser = Recogniser()
    Microphone().close()  # no microphone: said now, not at the first question

    def say(text: str) -> None:
        speaker.say(text)
        speaker.wait()

    def hear(grammar: Grammar) -> Spoken:
        return Listener(recogniser, grammar, Microphone()).run()

    drills = [e.drill for e in entries if e.drill is not None]
    return ByEar(drills, runner, say=say, hear=hear, out=sys.stdout, at_once=at_once)


def _read_line() -> str | None:
    """The player's next line; None at the end of input."""
    line = sys.stdin.readline()
    return line if line else None
