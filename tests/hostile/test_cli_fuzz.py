"""Hypothesis over ``muggins``'s argument lists: every command line ends in status 0 or 2,
never a traceback, and a status of 2 is said on one line.

The lists are built from the parser's own options for each plain subcommand, mixed with
card tokens, drill ids and hostile values (numbers past 2**63 or 4,300 digits, control
characters, over-long paths, a home folder of nobody, devices). The trainer itself and
``serve`` (which start a terminal app or a server) are left out; everything else runs in
this process against an empty history in the test's own folder.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.__main__ import main
from trainer.cli.parser import build_parser

COMMANDS = (
    "score",
    "peg",
    "odds",
    "drills",
    "deal",
    "stats",
    "review",
    "export",
    "import",
    "advise discard",
    "advise play",
)
CARDS = ("5H", "JD", "10C", "TS", "AC", "KH", "5h", "1S", "XX", "11H", "5", "")
DRILLS = ("warm-up", "pegging", "catch", "crib", "five-card-game", "nope", "[/]")
HOSTILE = (
    "0",
    "1",
    "2",
    "-1",
    str(2**63),
    str(-(2**63) - 1),
    "9" * 5000,
    "1e3",
    " ",
    "\x1b]0;title\x07",
    "\x1b[31m",
    "\u202e",
    "~nouser/x",
    "y" * 300,
    "/".join(["z" * 200] * 25),
    "/dev/full",
    "/dev/zero",
    "/dev/null",
    "missing.json",
    "csv",
    "json",
    "fifteen",
    "total",
    "--",
    "-",
)


def _options(command: str) -> list[str]:
    """The option strings the parser knows for ``command`` (and the common ones); a command
    of two words is a subcommand's own subcommand (``advise play``)."""
    parser = build_parser()
    for word in command.split():
        sub = next(a for a in parser._actions if isinstance(a.choices, dict) and word in a.choices)
        parser = sub.choices[word]  # type: ignore[index]
    return sorted(parser._option_string_actions)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    token = st.sampled_from(_options(command)) | st.sampled_from(CARDS + DRILLS + HOSTILE)
    tokens = draw(st.lists(token, max_size=7))
    lead = draw(
        st.lists(
            st.sampled_from((("--plain-cards",), ("--seed", "2"), ("--data-dir", "home-x"))),
            max_size=2,
        )
    )
    return [*(word for option in lead for word in option), *command.split(), *tokens]


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=command_lines())
def test_every_command_line_ends_in_0_or_2_without_a_traceback(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a relative path given to export -o lands here
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as done:  # argparse: --help (0) and usage errors (2)
            status = done.code if isinstance(done.code, int) else 2
    assert status in (0, 2), (argv, status, err.getvalue()[-500:])
    if status == 2:
        lines = err.getvalue().splitlines()
        assert lines, argv
        assert all(line.startswith("muggins") for line in lines), lines
        assert len(set(lines)) == len(lines), (argv, lines)
        if not ("drills" in argv and "--check" in argv):  # --check names each bad file
            assert len(lines) == 1, (argv, lines)
