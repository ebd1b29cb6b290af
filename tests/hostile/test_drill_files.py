"""Hostile drill files through the real ``muggins``: they never hang, exhaust or crash it.

Each case runs the command in a child held to a memory cap and a time limit
(`tests.hostile.support`). A broken file is one line on stderr naming the file and the
field with ``drills --check`` and when the trainer is asked to start it; listing and
dealing go on past it, the other drills loaded and the broken one listed with its error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.support import DATA, dev_zero, muggins, named_pipe, not_small_files, too_large

DRILLS = DATA / "drills"
FIELDS = {
    "alias-bomb-name": ("name", "alias"),
    "alias-bomb-deal": ("deal.exclude", "alias"),
    "score-range-huge": ("deal.score", "99999999999 is above 29"),
    "score-max-huge": ("deal.score", "99999999999 is above 29"),
    "long-number-hands": ("hands", "5000 characters"),
    "long-number-seed": ("seed", "5000 characters"),
    "long-number-order": ("order", "5000 characters"),
    "long-number-time": ("time.per_hand", "5000 characters"),
    "long-number-score": ("deal.score", "5000 characters"),
    "long-number-fifteens": ("deal.fifteens", "5000 characters"),
    "deep-nesting": ("name", "nested more than 32 levels"),
    "list-key": ("deal", "a field's name must be text"),
    "control-name": ("name", "control character (U+001B)"),
    "control-description": ("description", "control character (U+009B)"),
    "control-field-name": ("'\\x1b[31mcolour'", "unknown field"),
    "huge-name": ("name", "at most 80 characters"),
    "huge-variant": ("variant", "must be one of"),
}
"""Each hostile data file: the field its error names, and a word of the problem."""
GOOD = "name: Shared good\ndescription: A drill from the same folder, still loaded.\n"


def test_every_hostile_drill_file_has_a_case() -> None:
    assert {p.stem for p in DRILLS.glob("*.yaml")} == set(FIELDS)


@pytest.mark.parametrize(("stem", "named"), FIELDS.items(), ids=list(FIELDS))
def test_drills_check_refuses_in_one_line(
    tmp_path: Path, stem: str, named: tuple[str, str]
) -> None:
    path = DRILLS / f"{stem}.yaml"
    run = muggins("drills", "--check", str(path), home=tmp_path)
    line = run.refused(f"{path}: {named[0]}: ", named[1])
    assert len(line) < len(str(path)) + 300
    run.clean()


_large = too_large(GOOD)


@pytest.mark.parametrize(("make", "problem"), not_small_files(GOOD))
def test_drills_check_reads_only_a_small_regular_file(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    path = tmp_path / "shared.yaml"
    make(path)
    muggins("drills", "--check", str(path), home=tmp_path).refused(f"{path}: {problem}")


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    """A ``--drills`` folder holding every hostile file, a named pipe, ``/dev/zero`` and a
    file too large, and one good drill."""
    folder = tmp_path / "shared"
    folder.mkdir()
    for path in DRILLS.glob("*.yaml"):
        (folder / path.name).write_bytes(path.read_bytes())
    named_pipe(folder / "pipe.yaml")
    dev_zero(folder / "zero.yaml")
    _large(folder / "large.yaml")
    (folder / "good.yaml").write_text(GOOD, encoding="utf-8")
    return folder


BROKEN = [*FIELDS, "pipe", "zero", "large"]


def test_drills_lists_the_others_and_each_broken_file_with_its_error(
    tmp_path: Path, shared: Path
) -> None:
    run = muggins("drills", "--drills", str(shared), home=tmp_path / "home")
    assert (run.status, run.err) == (0, "")
    run.clean()
    lines = {line.split()[0]: line for line in run.out.splitlines()}
    assert "Shared good: A drill from the same folder" in lines["good"]
    assert "Warm-up: " in lines["warm-up"]
    for stem in BROKEN:
        assert f"(cannot be used) {shared / stem}.yaml: " in lines[stem], lines[stem]
    for stem, (field, problem) in FIELDS.items():
        assert f"{stem}.yaml: {field}: " in lines[stem]
        assert problem in lines[stem]


def test_deal_deals_past_the_broken_files(tmp_path: Path, shared: Path) -> None:
    run = muggins("deal", "warm-up", "--seed", "7", "--drills", str(shared), home=tmp_path / "home")
    assert (run.status, run.err) == (0, "")
    assert run.out.startswith("Warm-up (warm-up), seed 7\n")
    good = muggins("deal", "good", "--seed", "7", "--drills", str(shared), home=tmp_path / "home")
    assert (good.status, good.err) == (0, "")
    assert good.out.startswith("Shared good (good), seed 7\n")


@pytest.mark.parametrize(
    "stem", ["alias-bomb-name", "score-range-huge", "long-number-seed", "deep-nesting", "pipe"]
)
def test_the_trainer_refuses_to_start_a_broken_drill(
    tmp_path: Path, shared: Path, stem: str
) -> None:
    """``muggins --drill BAD`` stops before Textual starts, in one line."""
    run = muggins("--drill", stem, "--drills", str(shared), home=tmp_path / "home")
    run.refused(f"{shared / stem}.yaml: ")
    assert run.out == ""


@pytest.fixture
def titled(tmp_path: Path) -> Path:
    """A ``--drills`` folder with one drill whose file name retitles the terminal."""
    folder = tmp_path / "titled"
    folder.mkdir()
    (folder / "title\x1b]0;owned\x07.yaml").write_text(GOOD, encoding="utf-8")
    return folder


def test_a_file_name_with_control_characters_is_refused(tmp_path: Path, titled: Path) -> None:
    path = next(titled.iterdir())
    run = muggins("drills", "--check", str(path), home=tmp_path)
    run.refused("file name: holds a control character (U+001B) at character 6")


def test_a_file_name_with_control_characters_never_reaches_the_terminal(
    tmp_path: Path, titled: Path
) -> None:
    checked = muggins("drills", "--check", str(next(titled.iterdir())), home=tmp_path)
    listed = muggins("drills", "--drills", str(titled), home=tmp_path)
    for run in (checked, listed):
        run.clean()
