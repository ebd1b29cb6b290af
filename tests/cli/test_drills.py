"""`muggins drills` and `muggins deal`: listing and checking drill sets, dealing from one."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trainer.__main__ import main
from trainer.cli.drills import question_json
from trainer.drills.loader import builtin_drills_dir, load_all, load_drill
from trainer.drills.model import DrillSet
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    make_question,
)
from trainer.rules.cards import format_cards

ROOT = Path(__file__).resolve().parents[2]
BUILTINS = [e for e in load_all([(builtin_drills_dir(), True)]) if e.drill is not None]
BUILTIN_IDS = [e.id for e in BUILTINS]

GOOD = "name: Mine\ndescription: My own drill.\nhands: 3\n"
BROKEN = "name: Broken\ndescription: Not a drill.\nhands: 0\n"
BROKEN_ERROR = "hands: must be a positive integer, got 0"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every command away from the real user folders (until conftest does it for us)."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("MUGGINS_HOME", str(folder))
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def builtin(drill_id: str) -> DrillSet:
    for entry in BUILTINS:
        if entry.id == drill_id:
            assert entry.drill is not None
            return entry.drill
    raise AssertionError(f"no built-in drill {drill_id}")


def first_question(drill: DrillSet, seed: int) -> Question:
    """The first question of a run of ``drill`` seeded with ``seed`` (what `deal` shows)."""
    return make_question(drill, 1, random.Random(seed).getrandbits(63))


def ids(listing: list[dict[str, Any]]) -> list[str]:
    return [d["id"] for d in listing]


# ---------------------------------------------------------------- muggins drills


def test_drills_lists_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "drills")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == len(BUILTINS)
    for line, entry in zip(lines, BUILTINS, strict=True):
        assert entry.drill is not None
        assert line.split()[0] == entry.id
        assert line.endswith(f"  {entry.drill.name}: {entry.drill.description}")
    assert {"warm-up", "catch", "pegging", "crib", "blitz"} <= set(BUILTIN_IDS)


def test_drills_json(capsys: pytest.CaptureFixture[str]) -> None:
    listing = run_json(capsys, "drills", "--json")
    assert isinstance(listing, list)
    assert ids(listing) == BUILTIN_IDS
    for item, entry in zip(listing, BUILTINS, strict=True):
        assert entry.drill is not None
        assert {"id", "name", "description", "error", "source", "builtin"} <= set(item)
        assert item["name"] == entry.drill.name
        assert item["description"] == entry.drill.description
        assert item["error"] is None
        assert item["source"] == f"drills/{entry.id}.yaml"
        assert item["builtin"] is True
        assert item["kind"] == entry.drill.kind
        assert item["hands"] == entry.drill.hands
        assert item["muggins"] == entry.drill.muggins
    blitz = listing[BUILTIN_IDS.index("blitz")]
    assert blitz["hands"] is None


def test_drills_json_gives_the_policy_each_drill_runs_under(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    """A drill that sets no muggins policy or nineteen rule runs under the player's."""
    (home / "settings.yaml").write_text("muggins: hoyle\nnineteen: false\n")
    write(home / "drills", "plain.yaml", GOOD)
    write(home / "drills", "strict.yaml", GOOD + "muggins: bsd\nnineteen: true\n")
    by_id = {d["id"]: d for d in run_json(capsys, "drills", "--json")}
    assert (by_id["plain"]["muggins"], by_id["plain"]["nineteen"]) == ("hoyle", False)
    assert (by_id["strict"]["muggins"], by_id["strict"]["nineteen"]) == ("bsd", True)
    for entry in BUILTINS:
        d = entry.drill
        assert d is not None
        shown = by_id[entry.id]
        assert shown["muggins"] == (d.muggins if d.muggins_set else "hoyle"), entry.id
        assert shown["nineteen"] is (d.nineteen if d.nineteen_set else False), entry.id
    assert by_id["big-hands"]["muggins"] == "hoyle"  # big hands leaves it to the player
    assert by_id["warm-up"]["muggins"] == "acc"  # the warm-up chooses its own


def test_drills_json_with_broken_settings_warns(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    (home / "settings.yaml").write_text("muggins: [not, a, policy\n")
    code, out, err = run(capsys, "drills", "--json")
    assert code == 0
    assert err.startswith("muggins: warning: ")
    assert err.count("\n") == 1
    assert json.loads(out)[0]["muggins"] == "acc"


def test_user_drills_come_from_muggins_home(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    mine = write(home / "drills", "mine.yaml", GOOD)
    broken = write(home / "drills", "broken.yaml", BROKEN)
    listing = run_json(capsys, "drills", "--json")
    assert ids(listing)[: len(BUILTINS)] == BUILTIN_IDS  # built-ins first
    by_id = {d["id"]: d for d in listing}
    assert by_id["mine"]["name"] == "Mine"
    assert by_id["mine"]["description"] == "My own drill."
    assert by_id["mine"]["error"] is None
    assert by_id["mine"]["builtin"] is False
    assert by_id["mine"]["source"] == str(mine)
    assert by_id["broken"]["name"] is None
    assert by_id["broken"]["builtin"] is False
    assert by_id["broken"]["error"] == f"{broken}: {BROKEN_ERROR}"

    code, out, err = run(capsys, "drills")
    assert code == 0  # a broken drill never stops the listing
    assert err == ""
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert lines["mine"].endswith("Mine: My own drill.")
    assert "(cannot be used)" in lines["broken"]
    assert BROKEN_ERROR in lines["broken"]


def test_user_drill_overrides_a_builtin_of_the_same_id(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    write(home / "drills", "warm-up.yaml", "name: My warm-up\ndescription: Mine.\nhands: 2\n")
    listing = run_json(capsys, "drills", "--json")
    assert ids(listing).count("warm-up") == 1
    entry = next(d for d in listing if d["id"] == "warm-up")
    assert entry["name"] == "My warm-up"
    assert entry["builtin"] is False


def test_yml_files_are_drills_too(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    write(home / "drills", "other.yml", GOOD)
    write(home / "drills", "notes.txt", "not a drill")
    listing = run_json(capsys, "drills", "--json")
    assert "other" in ids(listing)
    assert "notes" not in ids(listing)


def test_drills_option_adds_folders(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one = tmp_path / "one"
    two = tmp_path / "two"
    write(one, "first.yaml", GOOD)
    write(two, "second.yaml", GOOD.replace("Mine", "Second"))
    assert "first" not in ids(run_json(capsys, "drills", "--json"))
    listing = run_json(capsys, "drills", "--json", "--drills", str(one), "--drills", str(two))
    by_id = {d["id"]: d for d in listing}
    assert by_id["first"]["source"] == str(one / "first.yaml")
    assert by_id["second"]["name"] == "Second"
    assert by_id["second"]["builtin"] is False
    # Before the subcommand's name works too.
    listing = run_json(capsys, "--drills", str(one), "drills", "--json")
    assert "first" in ids(listing)


def test_missing_drills_folder_is_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    listing = run_json(capsys, "drills", "--json", "--drills", str(tmp_path / "nowhere"))
    assert ids(listing) == BUILTIN_IDS


@pytest.mark.parametrize("before", [True, False], ids=["before", "after"])
def test_data_dir_either_side_of_the_subcommand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, home: Path, before: bool
) -> None:
    data = tmp_path / "data"
    write(data / "drills", "elsewhere.yaml", GOOD)
    write(home / "drills", "at-home.yaml", GOOD)
    args = (
        ["--data-dir", str(data), "drills", "--json"]
        if before
        else [
            "drills",
            "--json",
            "--data-dir",
            str(data),
        ]
    )
    listing = run_json(capsys, *args)
    assert "elsewhere" in ids(listing)
    assert "at-home" not in ids(listing)  # --data-dir wins over MUGGINS_HOME


# ---------------------------------------------------------------- muggins drills --check


def test_check_good_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", GOOD)
    b = write(tmp_path, "b.yaml", GOOD.replace("Mine", "Bee"))
    code, out, err = run(capsys, "drills", "--check", str(a), str(b))
    assert code == 0
    assert err == ""
    assert out.splitlines() == [f"ok: {a} (Mine)", f"ok: {b} (Bee)"]


def test_check_builtin_files(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in builtin_drills_dir().glob("*.yaml"))
    code, out, err = run(capsys, "drills", "--check", *files)
    assert code == 0, err
    assert len(out.splitlines()) == len(files)
    assert all(line.startswith("ok: ") for line in out.splitlines())


def test_check_reports_each_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", GOOD)
    bad = write(tmp_path, "bad.yaml", BROKEN)
    typo = write(tmp_path, "typo.yaml", GOOD + "mugins: acc\n")
    policy = write(tmp_path, "policy.yaml", GOOD + "muggins: strict\n")
    code, out, err = run(capsys, "drills", "--check", str(bad), str(good), str(typo), str(policy))
    assert code == 2
    assert out.splitlines() == [f"ok: {good} (Mine)"]
    lines = err.splitlines()
    assert len(lines) == 3
    assert lines[0] == f"muggins: error: {bad}: {BROKEN_ERROR}"
    assert lines[1].startswith(f"muggins: error: {typo}: mugins: unknown field")
    assert "did you mean 'muggins'" in lines[1]
    assert lines[2].startswith(f"muggins: error: {policy}: muggins: must be one of")
    assert "'strict'" in lines[2]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("name: X\n", "description: is required"),
        ("name: X\ndescription: Y\nkind: bridge\n", "kind: must be one of"),
        ("name: X\ndescription: Y\ndeal:\n  score: 19\n", "deal.score: 19 is not a possible"),
        ("name: X\ndescription: Y\ntime:\n  per_hand: -3\n", "time.per_hand: must be a positive"),
        ("- just\n- a list\n", "a drill set is a mapping"),
        ("name: [unclosed\n", "not valid YAML"),
    ],
)
def test_check_error_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, problem: str
) -> None:
    path = write(tmp_path, "x.yaml", text)
    code, out, err = run(capsys, "drills", "--check", str(path))
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"muggins: error: {path}: ")
    assert problem in err
    assert "Traceback" not in err


def test_check_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    code, _, err = run(capsys, "drills", "--check", str(path))
    assert code == 2
    assert err.startswith(f"muggins: error: {path}: does not exist")
    assert len(err.splitlines()) == 1


# ---------------------------------------------------------------- muggins deal


def test_deal_text_is_replayable(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "warm-up", "--seed", "42")
    second = run(capsys, "deal", "warm-up", "--seed", "42")
    assert first == second
    code, out, err = first
    assert code == 0
    assert err == ""
    q = first_question(builtin("warm-up"), 42)
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    assert out.splitlines() == [
        "Warm-up (warm-up), seed 42",
        f"Hand {format_cards(q.deal.hand)}   starter {q.deal.starter}",
        "Replay: muggins deal warm-up --seed 42",
    ]
    other = run(capsys, "deal", "warm-up", "--seed", "43")
    assert other[1] != out


def test_deal_without_a_seed_prints_one_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "crib")
    assert code == 0
    replay = out.splitlines()[-1]
    assert replay.startswith("Replay: muggins deal crib --seed ")
    seed = replay.rsplit(" ", 1)[1]
    assert run(capsys, "deal", "crib", "--seed", seed)[1] == out


def test_deal_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "deal", "Warm-up", "--seed", "3") == run(
        capsys, "deal", "warm-up", "--seed", "3"
    )


def test_deal_json_hand(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deal", "warm-up", "--seed", "5", "--json")
    assert data == run_json(capsys, "deal", "warm-up", "--seed", "5", "--json")
    assert list(data) == [
        "drill",
        "seed",
        "number",
        "deal_seed",
        "kind",
        "hand",
        "starter",
        "crib",
        "score",
    ]
    assert (data["drill"], data["seed"], data["number"], data["kind"], data["crib"]) == (
        "warm-up",
        5,
        1,
        "hand",
        False,
    )
    q = first_question(builtin("warm-up"), 5)
    assert data["deal_seed"] == q.seed
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    assert data["hand"] == [str(c) for c in q.breakdown.hand]
    assert len(data["hand"]) == 4
    assert data["starter"] == str(q.breakdown.starter)
    assert data["score"] == q.breakdown.to_dict()
    score = data["score"]
    assert score["total"] == sum(i["points"] for i in score["items"])
    assert score["hand"] == data["hand"]
    assert score["crib"] is False


def test_deal_json_crib(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deal", "crib", "--seed", "11", "--json")
    assert data["kind"] == "crib"
    assert data["crib"] is True
    assert data["score"]["crib"] is True
    assert len(data["hand"]) == 4
    assert "opponent_claim" not in data


def test_deal_json_play(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deal", "pegging", "--seed", "8", "--json")
    assert list(data) == [
        "drill",
        "seed",
        "number",
        "deal_seed",
        "kind",
        "before",
        "card",
        "remaining",
        "count",
        "opponent_go",
        "last_card",
        "points",
        "items",
    ]
    assert (data["drill"], data["seed"], data["kind"]) == ("pegging", 8, "play")
    q = first_question(builtin("pegging"), 8)
    assert isinstance(q, PlayQuestion)
    p = q.play
    assert data["before"] == [str(c) for c in p.before]
    assert data["card"] == str(p.card)
    assert data["remaining"] == [str(c) for c in p.remaining]
    assert data["count"] == p.count == sum(c.value for c in (*p.before, p.card))
    assert data["opponent_go"] is p.opponent_go
    assert data["last_card"] is p.last_card
    assert data["points"] == p.points == sum(i["points"] for i in data["items"])
    assert data["items"] == [i.to_dict() for i in p.items]
    assert 0 < data["count"] <= 31


def test_deal_text_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "pegging", "--seed", "8")
    assert code == 0
    q = first_question(builtin("pegging"), 8)
    assert isinstance(q, PlayQuestion)
    p = q.play
    assert p is not None
    assert f"You lay {p.card}: the count is {p.count}" in out
    assert out.splitlines()[-1] == "Replay: muggins deal pegging --seed 8"


def test_deal_json_catch(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deal", "catch", "--seed", "2", "--json")
    assert data["kind"] == "catch"
    q = first_question(builtin("catch"), 2)
    assert isinstance(q, CatchQuestion)
    assert data["opponent_claim"] == q.opponent.claimed
    assert isinstance(data["opponent_claim"], int)
    assert data["opponent_mistake"] == q.opponent.mistake
    assert data["score"]["total"] == q.opponent.actual
    code, out, _ = run(capsys, "deal", "catch", "--seed", "2")
    assert code == 0
    assert f'Your opponent announces {q.opponent.claimed}: "{q.opponent.spoken()}"' in out


def test_deal_from_a_user_drill(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    write(home / "drills", "mine.yaml", GOOD + "deal:\n  score: 12\n")
    data = run_json(capsys, "deal", "mine", "--seed", "1", "--json")
    assert data["drill"] == "mine"
    assert data["score"]["total"] == 12


def test_deal_unknown_drill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "no-such-drill", "--seed", "1")
    assert code == 2
    assert out == ""
    assert err.startswith("muggins: error: no drill set named 'no-such-drill'")
    assert "warm-up" in err  # the known ids are listed
    assert len(err.splitlines()) == 1


def test_deal_broken_drill(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    broken = write(home / "drills", "broken.yaml", BROKEN)
    code, out, err = run(capsys, "deal", "broken", "--seed", "1")
    assert code == 2
    assert out == ""
    assert err == f"muggins: error: {broken}: {BROKEN_ERROR}\n"


@pytest.mark.parametrize(
    ("seed", "problem"),
    [
        ("-1", "must be a whole number 0 or more, got -1"),
        (str(2**63), f"must be less than 2**63 ({2**63}), got {2**63}"),
    ],
)
def test_deal_seed_out_of_range(
    capsys: pytest.CaptureFixture[str], seed: str, problem: str
) -> None:
    code, out, err = run(capsys, "deal", "warm-up", "--seed", seed)
    assert (code, out) == (2, "")
    assert err == f"muggins: error: --seed {problem}\n"


def test_every_seed_takes_the_same_range(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    """The largest seed deals, in `deal` and in a drill file; one more is refused by both."""
    top = str(2**63 - 1)
    assert run_json(capsys, "deal", "warm-up", "--seed", top, "--json")["seed"] == 2**63 - 1
    write(home / "drills", "top.yaml", GOOD + f"seed: {top}\n")
    write(home / "drills", "over.yaml", GOOD + f"seed: {2**63}\n")
    by_id = {d["id"]: d for d in run_json(capsys, "drills", "--json")}
    assert by_id["top"]["error"] is None
    assert by_id["over"]["error"].endswith(f"seed: must be less than 2**63 ({2**63}), got {2**63}")


def test_deal_deals_what_the_trainer_deals(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`deal ID --seed N --hands K --json` gives the first K questions the trainer asks when
    started with `--drill ID --seed N`: its runner, built by the command line, deals them."""
    from trainer.cli.parser import parse
    from trainer.judge.claims import CatchAnswer, TotalClaim
    from trainer.ui.launch import build

    write(home / "drills", "fixed.yaml", GOOD + "seed: 99\n")  # its own seed wins, in both
    for drill_id, seed in (
        ("warm-up", 3),
        ("crib", 77),
        ("pegging", 8),
        ("catch", 2),
        ("fixed", 5),
    ):
        code, out, err = run(
            capsys, "deal", drill_id, "--seed", str(seed), "--hands", "3", "--json"
        )
        assert (code, err) == (0, "")
        dealt = [json.loads(line) for line in out.splitlines()]
        app, _ = build(parse(["--drill", drill_id, "--seed", str(seed)]))
        runner = app.runner
        start = app.options.start_drill
        assert start is not None
        step = runner.begin(runner.prepare(start))
        asked = []
        for _ in range(3):
            question = runner.question
            assert question is not None
            asked.append(question_json(drill_id, question, seed if drill_id != "fixed" else 99))
            reply = CatchAnswer() if question.kind == "catch" else TotalClaim(0)
            runner.answer(reply)
            step = runner.next_question()
        assert step is not None
        assert dealt == asked, drill_id
        assert [d["number"] for d in dealt] == [1, 2, 3]
        assert len({d["deal_seed"] for d in dealt}) == 3


def test_deal_several_hands_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "warm-up", "--seed", "42", "--hands", "2")
    assert code == 0
    d = builtin("warm-up")
    rng = random.Random(42)
    q1, q2 = (make_question(d, n, rng.getrandbits(63)) for n in (1, 2))
    assert not isinstance(q1, PlayQuestion | DiscardQuestion)
    assert not isinstance(q2, PlayQuestion | DiscardQuestion)
    assert out.splitlines() == [
        "Warm-up (warm-up), seed 42, its first 2 deals",
        f"1. Hand {format_cards(q1.deal.hand)}   starter {q1.deal.starter}",
        f"2. Hand {format_cards(q2.deal.hand)}   starter {q2.deal.starter}",
        "Replay: muggins deal warm-up --seed 42 --hands 2",
    ]
    code, _, err = run(capsys, "deal", "warm-up", "--hands", "0")
    assert (code, err) == (2, "muggins: error: --hands must be from 1 to 1000, got 0\n")


def test_deal_a_drill_with_its_own_seed(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    write(home / "drills", "fixed.yaml", GOOD + "seed: 99\n")
    code, out, _ = run(capsys, "deal", "fixed", "--seed", "5")
    assert code == 0
    assert out.splitlines()[0] == "Mine (fixed), seed 99 (the drill's own)"
    assert out.splitlines()[-1] == "Replay: muggins deal fixed --seed 99"
    assert run(capsys, "deal", "fixed")[1] == out  # any seed, or none: the drill's


def test_deal_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    for drill_id in BUILTIN_IDS:
        data = run_json(capsys, "deal", drill_id, "--seed", "1", "--json")
        assert data["drill"] == drill_id
        assert data["seed"] == 1


# ---------------------------------------------------------------- as a real process


def python_m(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MUGGINS_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_subprocess_drills_and_deal(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    write(home / "drills", "mine.yaml", GOOD)
    listed = python_m(home, "drills", "--json")
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == ""
    assert ids(json.loads(listed.stdout)) == [*BUILTIN_IDS, "mine"]

    dealt = python_m(home, "deal", "pegging", "--seed", "77")
    assert dealt.returncode == 0, dealt.stderr
    assert dealt.stdout == run(capsys, "deal", "pegging", "--seed", "77")[1]


def test_subprocess_errors_are_one_line(home: Path, tmp_path: Path) -> None:
    result = python_m(home, "deal", "nope")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("muggins: error: no drill set named 'nope'")
    assert len(result.stderr.splitlines()) == 1

    bad = write(tmp_path, "bad.yaml", BROKEN)
    checked = python_m(home, "drills", "--check", str(bad))
    assert checked.returncode == 2
    assert checked.stderr == f"muggins: error: {bad}: {BROKEN_ERROR}\n"


def test_load_drill_source_matches_check_output(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", GOOD)
    assert load_drill(path).source == str(path)
