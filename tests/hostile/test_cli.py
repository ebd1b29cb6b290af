"""The ``muggins`` command on hostile command lines and outputs: one line on stderr, exit 2.

Each case runs the real command in a child under a memory cap and a time limit
(`tests.hostile.support`): over-long paths, a home folder of a user who does not exist,
numbers past SQLite's integers or Python's 4,300 digits, a usage error, standard output on
a full device, control characters in what is printed, an export over a file on a full disk.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.hostile.exports import export_text
from tests.hostile.support import muggins

LONG_NAME = "x" * 300
LONG_PATH = "/".join(["y" * 200] * 25)
ESC_TITLE = "\x1b]0;owned\x07"
SGR = "\x1b[31;1m"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        pytest.param(("stats", "--data-dir", LONG_NAME), ("--data-dir", "too long"), id="name"),
        pytest.param(("stats", "--data-dir", LONG_PATH), ("--data-dir", "too long"), id="path"),
        pytest.param(("drills", "--drills", LONG_NAME), ("--drills", "too long"), id="drills"),
        pytest.param(("stats", "--data-dir", "~nouser/x"), ("--data-dir", "~nouser"), id="user"),
        pytest.param(("import", "~nouser/h.json"), ("FILE", "~nouser"), id="import-user"),
        pytest.param(("export", "-o", "~nouser/h.json"), ("--output", "~nouser"), id="out-user"),
        pytest.param(("stats", "--data-dir", ""), ("--data-dir", "empty"), id="empty"),
        pytest.param(("review", "--limit", str(2**63)), ("--limit", str(2**63)), id="limit"),
        pytest.param(("review", "--limit", "9" * 5000), ("--limit", "whole number"), id="digits"),
        pytest.param(("review", "--limit", "-1"), ("--limit",), id="negative"),
        pytest.param(("deal", "warm-up", "--seed", "7" * 5000), ("--seed",), id="seed-digits"),
        pytest.param(("deal", "warm-up", "--seed", str(2**64)), ("--seed",), id="seed"),
        pytest.param(("deal", "warm-up", "--hands", str(10**12)), ("--hands",), id="hands"),
        pytest.param(("simulate", "--games", str(10**12)), ("--games",), id="games"),
        pytest.param(("serve", "--port", str(2**63)), ("--port",), id="port"),
        pytest.param(("frob",), ("invalid choice", "frob", "--help"), id="command"),
        pytest.param(("score",), ("CARD", "muggins score --help"), id="missing"),
        pytest.param(("score", "5H", "--nope"), ("--nope",), id="unknown-option"),
        pytest.param(("odds", "--hand-size", "9"), ("--hand-size",), id="choice"),
    ],
)
def test_a_bad_command_line_is_one_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    run = muggins(*args, home=tmp_path / "home")
    run.refused(*fragments)
    assert run.out == ""
    assert not (tmp_path / "home").exists()  # nothing was made on the way


def test_a_home_folder_of_nobody_in_the_environment_is_one_line(tmp_path: Path) -> None:
    run = muggins("stats", home=tmp_path, env={"MUGGINS_HOME": "~nouser/muggins"})
    run.refused("MUGGINS_HOME", "~nouser")


def test_an_over_long_home_in_the_environment_is_one_line(tmp_path: Path) -> None:
    run = muggins("drills", home=tmp_path, env={"MUGGINS_HOME": str(tmp_path / LONG_NAME)})
    run.refused("MUGGINS_HOME", "too long")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("score", "5H", "5C", "5S", "JD", "5D"), id="score"),
        pytest.param(("score", "--json", "5H", "5C", "5S", "JD", "5D"), id="json"),
        pytest.param(("odds",), id="odds"),
        pytest.param(("drills",), id="drills"),
        pytest.param(("stats",), id="stats"),
    ],
)
def test_standard_output_on_a_full_device_is_one_line(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    run = muggins(*args, home=tmp_path, stdout=Path("/dev/full"))
    line = run.refused("cannot write to standard output", "No space left on device")
    assert line.startswith("muggins: error: ")


def test_control_characters_typed_are_printed_escaped(tmp_path: Path) -> None:
    """A bad card holding a title-setting sequence, and one holding colour: quoted, never
    sent to the terminal as they are."""
    for token in (f"5H{ESC_TITLE}", f"{SGR}JD"):
        run = muggins("score", "5H", "5C", "5S", "JD", token, home=tmp_path)
        run.refused("is not a card")
        run.clean()


def test_control_characters_in_paths_are_printed_escaped(tmp_path: Path) -> None:
    """A data folder and a file whose names hold escape sequences: the messages and the
    output name them with the sequences escaped."""
    folder = tmp_path / f"data{ESC_TITLE}{SGR}"
    folder.mkdir()
    run = muggins("stats", "--data-dir", str(folder), home=tmp_path)
    assert run.status == 0, run.err
    assert "\\u001b]0;owned\\u0007" in run.out
    run.clean()
    missing = tmp_path / f"history{SGR}.json"
    run = muggins("import", str(missing), home=tmp_path)
    run.refused("\\u001b[31;1m")
    run.clean()
    run = muggins("drills", "--check", str(missing), home=tmp_path)
    assert run.status == 2
    run.clean()


def test_a_line_feed_in_a_file_name_is_printed_escaped_on_one_line(tmp_path: Path) -> None:
    """Names holding a line feed, in an error, a warning and the notes that name a file:
    each message is one line, the line feed written as its escape."""
    folder = tmp_path / "data\nfolder"
    folder.mkdir()
    (folder / "settings.yaml").write_text("muggins: [1\n", encoding="utf-8")
    run = muggins("drills", "--check", str(tmp_path / "a\nb.yaml"), home=tmp_path)
    run.refused("a\\u000ab.yaml")
    run = muggins("drills", "--json", "--data-dir", str(folder), home=tmp_path)
    assert run.status == 0
    assert run.err.splitlines() == [run.err.rstrip("\n")], run.err
    assert "data\\u000afolder/settings.yaml: line 2" in run.err
    source = tmp_path / "my\nhistory.json"
    source.write_text(export_text(3), encoding="utf-8")
    run = muggins("import", "--data-dir", str(folder), str(source), home=tmp_path)
    assert run.status == 0, run.err
    assert run.out.splitlines()[0].startswith("Imported 3 answers from ")
    assert "my\\u000ahistory.json" in run.out.splitlines()[0]
    assert "data\\u000afolder/muggins.sqlite3" in run.out.splitlines()[0]
    target = tmp_path / "out\n.json"
    run = muggins("export", "--data-dir", str(folder), "-o", str(target), home=tmp_path)
    assert run.status == 0, run.err
    assert run.err == f"Exported 3 answers to {tmp_path}/out\\u000a.json\n"
    run = muggins("stats", "--data-dir", str(folder), home=tmp_path)
    assert run.out.splitlines()[0].startswith(f"History: {tmp_path}/data\\u000afolder/")


def test_json_output_with_control_characters_stays_valid_json(tmp_path: Path) -> None:
    """`drills --json` lists a drill file whose error quotes its own control-character-laden
    path: the escape keeps the document valid and means the same path."""
    drills = tmp_path / f"drills{SGR}"
    drills.mkdir()
    (drills / "broken.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    run = muggins("drills", "--json", "--drills", str(drills), home=tmp_path)
    assert run.status == 0, run.err
    run.clean()
    entries = {e["id"]: e for e in json.loads(run.out)}
    assert entries["broken"]["source"] == str(drills / "broken.yaml")


def _history(home: Path, answers: int) -> None:
    """A history of ``answers`` answers, written by `muggins import` of a made-up export."""
    from tests.hostile.exports import export_text

    source = home.parent / "made.json"
    source.write_text(export_text(answers), encoding="utf-8")
    run = muggins("import", str(source), home=home)
    assert run.status == 0, run.err


def test_an_export_over_a_file_on_a_full_disk_keeps_the_old_file(tmp_path: Path) -> None:
    """Writing the export fails part way (a file-size cap stands in for a full disk): the
    previous export is left byte for byte, no half-written file is left beside it, and the
    message is one line naming the file."""
    home = tmp_path / "home"
    _history(home, 10)
    target = tmp_path / "history.json"
    run = muggins("export", "-o", str(target), home=home)
    assert run.status == 0, run.err
    old = target.read_bytes()
    _history(home, 200)
    cap = 64 * 1024  # past SQLite's 32 kB shared-memory file, short of the new export
    before = sorted(os.listdir(tmp_path))
    run = muggins("export", "-o", str(target), home=home, file_size=cap)
    run.refused(str(target), "cannot be written", "left as it was")
    assert target.read_bytes() == old
    assert sorted(os.listdir(tmp_path)) == before
    run = muggins("export", "-o", str(target), home=home)
    assert run.status == 0, run.err
    assert len(target.read_bytes()) > cap  # with room, it is replaced whole


def test_an_export_keeps_a_link_and_refuses_a_device(tmp_path: Path) -> None:
    """`-o` through a symbolic link replaces the file it points at (the link stays); `-o` at
    a device or a named pipe is refused, nothing written to it."""
    home = tmp_path / "home"
    _history(home, 3)
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    run = muggins("export", "-o", str(link), home=home)
    assert run.status == 0, run.err
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["format"] == "muggins-history"
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (pipe, Path("/dev/null")):
        run = muggins("export", "-o", str(target), home=home)
        run.refused(str(target), "not a file")


@pytest.mark.parametrize("command", ["stats", "review", "export", "import"])
def test_a_store_linked_to_nowhere_is_refused_by_every_command(
    command: str, tmp_path: Path
) -> None:
    """A symbolic link to a file in a folder that is not there: no command reads it as an
    empty history; each says what `import` says (SQLite cannot open it), nothing made."""
    home = tmp_path / "home"
    home.mkdir()
    link = home / "muggins.sqlite3"
    link.symlink_to(tmp_path / "gone" / "muggins.sqlite3")
    source = tmp_path / "made.json"
    source.write_text(export_text(3), encoding="utf-8")
    args = (command, str(source)) if command == "import" else (command,)
    line = muggins(*args, home=home).refused()
    assert line == (
        f"muggins: error: {link} cannot be opened (unable to open database file); check the "
        "file and its folder, or choose another folder with --data-dir or MUGGINS_HOME"
    )
    assert sorted(os.listdir(home)) == ["muggins.sqlite3"]
    assert not (tmp_path / "gone").exists()


def test_a_store_linked_into_a_folder_that_is_there_is_a_history_not_made_yet(
    tmp_path: Path,
) -> None:
    """Where SQLite can make the file (the link's folder is there) the link is a history not
    made yet, as `import` finds it: `stats` shows none, and `import` makes it there."""
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "elsewhere").mkdir()
    target = tmp_path / "elsewhere" / "muggins.sqlite3"
    (home / "muggins.sqlite3").symlink_to(target)
    run = muggins("stats", home=home)
    assert (run.status, run.err) == (0, "")
    assert run.out.startswith("No answers recorded yet")
    source = tmp_path / "made.json"
    source.write_text(export_text(3), encoding="utf-8")
    assert muggins("import", str(source), home=home).status == 0
    assert target.is_file()
