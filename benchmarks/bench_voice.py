"""Benchmark counting aloud: the CPU a spoken count costs, and the wait from its end to the
verdict.

Run as a plain script (needs the voice extra and Debian's espeak-ng)::

    .venv/bin/python benchmarks/bench_voice.py [--counts N] [--json]

It speaks the first N counts of ``tests/data/spoken_counts.yaml`` (chatter left out) with
espeak-ng, as the tests do, and for each:

- *decode*: the whole recording recognised at once (`muggins hear`'s way): CPU seconds;
- *stream*: the recording fed in 100 ms chunks, as the microphone gives it, through the
  `Listener`; then, from the last chunk of the count (the key pressed again), the time to
  the verdict in hand: wall and CPU seconds. Listening on to the end by itself adds the
  quiet window, `trainer.voice.listen.QUIET`, on top. Each is streamed after being heard
  whole, so from a voice's running mean: a session's later counts;
- *first*: the longest count streamed as a session's first (a fresh recogniser, the model's
  first mean), which is heard again whole at its end (`Recogniser.finish`): the CPU from
  its last chunk to the verdict.

Goals: under 300 ms of CPU a count, under 0.5 s from the end of the count to the verdict.

With ``--set tuning|held-out|hard|wide`` it hears the larger synthetic set instead
(`tests/voice/corpus.py`: three synthesisers, many voices, rooms with noise, reverb and a
telephone's band) and prints how each recording was heard (as said, refused, or as a
different count) by category, voice, room and phrasing, with the goals the suite checks on
the held-out set (`tests/voice/test_held_out.py`); ``wide`` is the held-out voices and rooms
on three times as many new shows, for firmer figures (about 500 recordings)::

    .venv/bin/python benchmarks/bench_voice.py --set held-out [--limit N] [--sessions] [--json]

``--sessions`` hears the set as players would at the table: each voice and room's
recordings in order on a fresh recogniser (its first count a session's first), streamed in
the microphone's 100 ms chunks; without it each recording is heard whole. ``--learn`` (with
``--sessions``) learns each voice as the app does (`trainer.voice.learn`: every count heard
is learnt, and the counts after it are heard with the voice); ``--after SET`` first hears
and learns the same voice and room's counts of another set (``wide`` for the held-out set:
new shows), as for a player who has counted there before, and tallies only this set's;
``--enrol`` first reads the three counts Muggins shows to teach a voice, learnt on their
text as "Teach Muggins your voice" does (`tests.voice.corpus.enrolment`)::

    .venv/bin/python benchmarks/bench_voice.py --set held-out --sessions --learn --after wide
    .venv/bin/python benchmarks/bench_voice.py --set wide --sessions --learn --enrol

``--talk SET`` hears far more table talk than a set holds: every line of talk (the tuning
set's 82; 39 others for the held-out set; ``fresh``: 40 more by the held-out voices,
lines no setting was chosen knowing how they were heard) said by every voice in every
room, each voice and room's lines streamed on a fresh recogniser, and counts those taken
for a count (a voice learnt took as many as one not, on the tuning set)::

    .venv/bin/python benchmarks/bench_voice.py --talk fresh [--limit N]

Exit status 0 (a goal missed is reported as MISS, not an error).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Final

import yaml

ROOT: Final = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.voice.speech import SPEEDS, VOICES, synthesise  # noqa: E402
from trainer.rules.cards import parse_card, parse_cards  # noqa: E402
from trainer.rules.show import score_show  # noqa: E402
from trainer.voice.audio import RATE, read_wav  # noqa: E402
from trainer.voice.heard import NoCount, heard  # noqa: E402
from trainer.voice.recogniser import Recogniser  # noqa: E402

CPU_GOAL: Final = 0.3
LATENCY_GOAL: Final = 0.5
END_CPU_GOAL: Final = 0.3
"""Issue 31: end of count to verdict, CPU, for a 29 said in full (the longest count)."""
CHUNK: Final = 2 * RATE // 10


def measure(count: int) -> dict[str, Any]:
    entries = yaml.safe_load((ROOT / "tests" / "data" / "spoken_counts.yaml").read_text())
    entries = [e for e in entries if e["case"] != "chatter"][:count]
    recogniser = Recogniser()
    decode_cpu, end_wall, end_cpu, seconds = [], [], [], []
    longest: tuple[bytes, Any] = (b"", None)
    with tempfile.TemporaryDirectory() as tmp:
        for n, e in enumerate(entries):
            wav = synthesise(
                e["say"],
                Path(tmp) / "count.wav",
                voice=VOICES[n % len(VOICES)],
                speed=SPEEDS[n % len(SPEEDS)],
                seed=n,
            )
            audio = read_wav(wav)
            seconds.append(len(audio) / (2 * RATE))
            b = score_show(
                parse_cards(e["hand"]), parse_card(e["starter"]), crib=bool(e.get("crib"))
            )
            if len(audio) > len(longest[0]):
                longest = (audio, b)
            grammar = recogniser.use(b)
            decode_cpu.append(recogniser.decode(audio).cpu)
            recogniser.start()
            for at in range(0, len(audio), CHUNK):
                recogniser.feed(audio[at : at + CHUNK])
            wall, cpu = time.perf_counter(), time.process_time()
            decoded = recogniser.finish()
            with contextlib.suppress(NoCount):  # chatter: refused, no verdict
                heard(decoded, grammar).verdict(b, "acc")
            end_wall.append(time.perf_counter() - wall)
            end_cpu.append(time.process_time() - cpu)
    first = Recogniser()
    first.use(longest[1])
    first.start()
    catch_up = 0.0  # the chunk on which its first seconds give the mean, and are heard
    for at in range(0, len(longest[0]), CHUNK):
        cpu = time.process_time()
        first.feed(longest[0][at : at + CHUNK])
        catch_up = max(catch_up, time.process_time() - cpu)
    cpu = time.process_time()
    again = first.finish().again
    first_cpu = time.process_time() - cpu
    return {
        "counts": len(entries),
        "audio_seconds_median": statistics.median(seconds),
        "decode_cpu_median": statistics.median(decode_cpu),
        "decode_cpu_max": max(decode_cpu),
        "decode_cpu_per_speech_second": sum(decode_cpu) / sum(seconds),
        "end_to_verdict_wall_median": statistics.median(end_wall),
        "end_to_verdict_wall_max": max(end_wall),
        "end_to_verdict_cpu_median": statistics.median(end_cpu),
        "first_count_seconds": len(longest[0]) / (2 * RATE),
        "first_count_end_cpu": first_cpu,
        "first_count_heard_again": again,
        "first_count_catch_up_cpu": catch_up,
    }


def hear_set(
    which: str,
    limit: int | None,
    *,
    streamed: bool = False,
    learn: bool = False,
    after: str | None = None,
    enrol: bool = False,
) -> dict[str, Any]:
    """Every recording of the set ``which`` (the first ``limit``) heard: the tallies.
    ``streamed``: each voice and room's recordings in order on a fresh recogniser, in the
    microphone's chunks (a player's session at the table) rather than whole; ``learn``:
    the voice learnt as the session goes, after the same voice and room's counts of the
    set ``after``, if given, and after reading the counts Muggins asks for to learn a
    voice if ``enrol``."""
    from tests.voice.corpus import enrolment, hear, hear_learning, recordings, sessions, tally
    from tests.voice.test_held_out import figures

    recs = recordings(which)  # type: ignore[arg-type]
    if limit is not None:
        recs = recs[:: max(len(recs) // limit, 1)][:limit]
    earlier = {}
    if after is not None:
        earlier = {(s[0].voice, s[0].room): s for s in sessions(recordings(after))}  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as tmp:
        if learn:
            results = []
            for session in sessions(recs):
                voice, room = session[0].voice, session[0].room
                read = enrolment(voice, room) if enrol else []
                before = earlier.get((voice, room), [])
                results += hear_learning(session, Path(tmp), before, enrol=read)
        elif streamed:
            results = []
            for session in sessions(recs):
                recogniser = Recogniser()  # a session's first count: its first seconds' mean
                results += [hear(recogniser, rec, Path(tmp), stream=True) for rec in session]
        else:
            recogniser = Recogniser()
            results = [hear(recogniser, rec, Path(tmp)) for rec in recs]
    out: dict[str, Any] = {
        "set": which,
        "streamed": streamed or learn,
        "learnt": _learnt(learn, after, enrol),
        "recordings": len(results),
    }
    for key in ("category", "voice", "room", "phrasing"):
        t = tally(results, key)
        out[key] = {k: dict(c) for k, c in sorted(t.counts.items())}
    whole = tally(results)
    counted = sum(sum(c.values()) for k, c in whole.counts.items() if k != "chatter")
    different = sum(c["different"] for k, c in whole.counts.items() if k != "chatter")
    chatter = whole.counts.get("chatter", Counter())
    out["goals"] = [
        *figures(whole),
        f"counts heard as another: {different}/{counted} (goal at most 0.5 %, none standard)",
        f"chatter taken for a count: {chatter['different']}/{sum(chatter.values())} "
        "(goal at most 1 %)",
    ]
    out["cpu_median"] = statistics.median(r.cpu for r in results) if results else 0.0
    out["different"] = [
        f"{r.recording.voice.label} / {r.recording.room.name}: "
        f"{r.recording.utterance.text!r} heard {r.words!r}"
        for r in results
        if r.outcome == "different"
    ]
    return out


def hear_talk(which: str, limit: int | None) -> dict[str, Any]:
    """The set's table talk (`tests.voice.corpus.talk`: every line said by every voice in
    every room), each voice and room's lines streamed in order on a fresh recogniser, as
    said while Muggins listens for a count: how many were taken for a count."""
    from tests.voice.corpus import hear, sessions, talk

    recs = talk(which)  # type: ignore[arg-type]
    if limit is not None:
        recs = recs[:: max(len(recs) // limit, 1)][:limit]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for session in sessions(recs):
            recogniser = Recogniser()
            results += [hear(recogniser, rec, Path(tmp), stream=True) for rec in session]
    taken = [r for r in results if r.outcome != "refused"]
    by: dict[str, dict[str, Counter[bool]]] = {"line": {}, "voice": {}, "room": {}}
    for r in results:
        rec = r.recording
        for key, name in (
            ("line", rec.utterance.text),
            ("voice", rec.voice.label),
            ("room", rec.room.name),
        ):
            by[key].setdefault(name, Counter())[r.outcome != "refused"] += 1
    return {
        "set": which,
        "said": len(results),
        "taken": len(taken),
        "by": {k: {n: [c[True], sum(c.values())] for n, c in v.items()} for k, v in by.items()},
        "heard as": [
            f"{r.recording.voice.label} / {r.recording.room.name}: "
            f"{r.recording.utterance.text!r} heard {r.words!r}"
            for r in taken
        ],
    }


def print_talk(result: dict[str, Any]) -> None:
    print(
        f"{result['said']} lines of table talk ({result['set']} voices and rooms): "
        f"{result['taken']} taken for a count ({result['taken'] / max(result['said'], 1):.1%}; "
        "goal at most 1 %)"
    )
    for key, rows in result["by"].items():
        print(f"by {key}:")
        for name, (taken, said) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
            if taken or key != "line":
                print(f"  {name:42} {taken:3} of {said:4} taken")
    for line in result["heard as"]:
        print(f"  {line}")


def _learnt(learn: bool, after: str | None, enrol: bool) -> str | bool:
    """How the voice was learnt before the set's counts, if it was."""
    if not learn:
        return False
    first = [
        *(["after reading three counts"] if enrol else []),
        *([f"after the {after} set's counts"] if after else []),
    ]
    return " and ".join(first) or True


def print_set(result: dict[str, Any]) -> None:
    learnt = result.get("learnt")
    learning = f", the voice learnt as counted{' ' + learnt if isinstance(learnt, str) else ''}"
    print(
        f"{result['recordings']} recordings of the {result['set']} set{learning if learnt else ''}"
    )
    for key in ("category", "voice", "room", "phrasing"):
        print(f"by {key}:")
        for name, c in result[key].items():
            n = sum(c.values())
            print(
                f"  {name:42} {n:4} said  {c.get('as said', 0):4} as said  "
                f"{c.get('refused', 0):4} refused  {c.get('different', 0):3} different"
            )
    cpu = "from a count's end to its verdict" if result["streamed"] else "a recording, whole"
    print(f"CPU {cpu}: median {result['cpu_median'] * 1000:.0f} ms")
    for line in result["different"]:
        print(f"  different: {line}")
    for line in result["goals"]:
        print(f"  {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, default=30, help="how many counts (default 30)")
    parser.add_argument(
        "--set", choices=("tuning", "held-out", "hard", "wide"), help="hear a whole set"
    )
    parser.add_argument("--limit", type=int, help="with --set: only this many recordings")
    parser.add_argument(
        "--sessions",
        action="store_true",
        help="with --set: each voice and room's recordings streamed in order, as at the table",
    )
    parser.add_argument(
        "--learn", action="store_true", help="with --sessions: learn each voice as the app does"
    )
    parser.add_argument(
        "--after",
        choices=("tuning", "held-out", "hard", "wide"),
        help="with --learn: first learn each voice and room from this set's counts",
    )
    parser.add_argument(
        "--enrol",
        action="store_true",
        help="with --learn: each voice and room first reads the counts shown to teach its voice",
    )
    parser.add_argument(
        "--talk",
        choices=("tuning", "held-out", "fresh"),
        help="hear the set's table talk: every line by every voice in every room",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.talk:
        talk = hear_talk(args.talk, args.limit)
        if args.json:
            print(json.dumps(talk))
        else:
            print_talk(talk)
        return 0
    if (args.learn and not args.sessions) or ((args.after or args.enrol) and not args.learn):
        parser.error("--learn needs --sessions, and --after and --enrol need --learn")
    if args.set:
        figures = hear_set(
            args.set,
            args.limit,
            streamed=args.sessions,
            learn=args.learn,
            after=args.after,
            enrol=args.enrol,
        )
        if args.json:
            print(json.dumps(figures))
        else:
            print_set(figures)
        return 0
    result = measure(args.counts)
    if args.json:
        print(json.dumps(result))
        return 0
    cpu, latency = result["decode_cpu_median"], result["end_to_verdict_wall_median"]
    print(f"{result['counts']} counts, {result['audio_seconds_median']:.1f} s of speech (median)")
    print(
        f"CPU a count (decode):   median {cpu * 1000:.0f} ms, "
        f"max {result['decode_cpu_max'] * 1000:.0f} ms  "
        f"{'ok' if cpu < CPU_GOAL else 'MISS'} (goal < {CPU_GOAL * 1000:.0f} ms); "
        f"{result['decode_cpu_per_speech_second'] * 1000:.0f} ms a second of speech"
    )
    print(
        f"end to verdict (stream): median {latency * 1000:.0f} ms, "
        f"max {result['end_to_verdict_wall_max'] * 1000:.0f} ms wall, "
        f"{result['end_to_verdict_cpu_median'] * 1000:.0f} ms CPU  "
        f"{'ok' if latency < LATENCY_GOAL else 'MISS'} (goal < {LATENCY_GOAL * 1000:.0f} ms)"
    )
    first = result["first_count_end_cpu"]
    print(
        f"a session's first count ({result['first_count_seconds']:.1f} s of speech, heard "
        f"again whole: {result['first_count_heard_again']}): "
        f"{first * 1000:.0f} ms CPU from its end to the verdict  "
        f"{'ok' if first <= END_CPU_GOAL else 'MISS'} (goal ≤ {END_CPU_GOAL * 1000:.0f} ms); "
        f"its first seconds' mean and catching up on them, while it is said: "
        f"{result['first_count_catch_up_cpu'] * 1000:.0f} ms CPU in one chunk"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
