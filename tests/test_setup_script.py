"""`scripts/setup` (run by `scripts/start`, `scripts/test` and `.ci/run`) says what it does
while it builds the environment, a line a step, and nothing once it is built (issue 23: a
first start was silent for a minute). It installs the extras asked for and no more:
`scripts/start` asks for `voice` alone, `scripts/test` adds the test tools and the browser
driver to the same `.venv` (their requirements, without building muggins again), and a venv
that holds all that is asked for is left alone (issue 30: a first start installed mypy, ruff
and Playwright).

The scripts run in a folder of their own with a stand-in Python: `PYTHON -m venv .venv`
makes a `.venv/bin/python` whose `-m pip install` notes its arguments and prints pip's lines
as a first install does (a package from the index, one from a wheel, the build, the install)
and exits with the status given, and a `.venv/bin/muggins` and `-m pytest` that say how they
were called, so the tests need no network and take a moment.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PIP_LINES = """\
Looking in links: /opt/wheels
Obtaining file:///somewhere/muggins
  Installing build dependencies: started
  Installing build dependencies: finished with status 'done'
Collecting fsrs==6.3.2 (from muggins==0.1.0)
  Downloading fsrs-6.3.2-py3-none-any.whl (20 kB)
Processing /opt/wheels/pytest_xdist-3.8.0-py3-none-any.whl (from muggins==0.1.0)
Building wheels for collected packages: muggins
  Building editable for muggins (pyproject.toml): started
  Building editable for muggins (pyproject.toml): finished with status 'done'
Installing collected packages: fsrs, pytest-xdist, muggins
Successfully installed fsrs-6.3.2 muggins-0.1.0 pytest-xdist-3.8.0
"""

VENV_PYTHON = """#!/bin/sh
# A stand-in for .venv/bin/python: `-m pip install OPTIONS ARGS` notes ARGS in $PIP_CALLS,
# prints pip's lines and exits $PIP_EXIT; `-m pytest ARGS` says so; a script on standard
# input (`-`) runs in the real Python.
if [ "$1" = - ]; then
    exec "$REAL_PYTHON" "$@"
fi
if [ "$1 $2 $3" = "-m pip install" ]; then
    shift 3
    [ "$1 $2 $3" = "--disable-pip-version-check --progress-bar off" ] && shift 3
    [ "$1" = --disable-pip-version-check ] && shift
    echo "$*" >>"$PIP_CALLS"
    case "$*" in *--no-deps*) exit 0 ;; esac
    cat "$PIP_LINES"
    [ "${PIP_EXIT:-0}" = 0 ] || echo "ERROR: No matching distribution found for nothing"
    exit "${PIP_EXIT:-0}"
fi
if [ "$1 $2" = "-m pytest" ]; then
    shift 2
    echo "pytest $*"
    exit 0
fi
exit 2
"""

PYTHON = """#!/bin/sh
# A stand-in for python3 3.11: its version, and `-m venv DIR` making DIR/bin/python and
# DIR/bin/muggins.
case "$1" in
    --version) echo "Python 3.11.9" ;;
    -c) exit 0 ;;
    -m)
        mkdir -p "$3/bin" && cp "$VENV_PYTHON" "$3/bin/python"
        printf '#!/bin/sh\\necho "muggins $*"\\n' >"$3/bin/muggins"
        chmod +x "$3/bin/muggins"
        ;;
esac
"""

EVERYTHING = "test,browser,voice"
"""What `scripts/test`, `.ci/run` and a bare `scripts/setup` ask for."""


def executable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder with the scripts and the pyproject.toml, as a clone has them."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    for script in ("setup", "start", "test"):
        shutil.copy(ROOT / "scripts" / script, repo / "scripts" / script)
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    return repo


def run(
    repo: Path, *command: str, pip_exit: int = 0, extras: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`bash scripts/COMMAND...` in the checkout, with the stand-in Python."""
    tools = repo.parent
    env = {
        **os.environ,
        "PYTHON": str(executable(tools / "python3", PYTHON)),
        "VENV_PYTHON": str(executable(tools / "venv-python", VENV_PYTHON)),
        "PIP_LINES": str(tools / "pip-lines"),
        "PIP_CALLS": str(tools / "pip-calls"),
        "PIP_EXIT": str(pip_exit),
        "REAL_PYTHON": sys.executable,
    }
    env.pop("MUGGINS_EXTRAS", None)
    if extras is not None:
        env["MUGGINS_EXTRAS"] = extras
    (tools / "pip-lines").write_text(PIP_LINES)
    return subprocess.run(
        ["bash", *command], cwd=repo, env=env, capture_output=True, text=True, timeout=60
    )


def setup(repo: Path, *extras: str, pip_exit: int = 0) -> subprocess.CompletedProcess[str]:
    return run(repo, "scripts/setup", *extras, pip_exit=pip_exit)


def pip_calls(repo: Path) -> list[str]:
    """What each `pip install` was asked to install, in order (`-e .[EXTRAS]`, requirements)."""
    calls = repo.parent / "pip-calls"
    return calls.read_text().splitlines() if calls.exists() else []


def requirements(*extras: str) -> str:
    """The requirements pyproject.toml lists for the extras, as pip is given them."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        offered = tomllib.load(file)["project"]["optional-dependencies"]
    return " ".join(requirement for extra in extras for requirement in offered[extra])


def held(repo: Path) -> str:
    """The extras the stamp says the venv holds."""
    stamp = (repo / ".venv" / ".setup-stamp").read_text().split()
    return stamp[1] if len(stamp) > 1 else ""


def test_a_first_run_says_each_step_and_the_next_says_nothing(checkout: Path) -> None:
    first = setup(checkout)
    assert first.returncode == 0, first.stderr
    assert first.stdout == ""  # standard output stays the command's (scripts/start's muggins)
    lines = first.stderr.splitlines()
    assert lines[0] == (
        "muggins setup: making the environment .venv with Python 3.11.9 (first run only)"
    )
    assert lines[1].startswith(f"muggins setup: installing muggins (extras: {EVERYTHING})")
    assert lines[2:7] == [
        "muggins setup:   getting the build tools",
        "muggins setup:   package 1: fsrs==6.3.2",
        "muggins setup:   package 2: pytest_xdist==3.8.0",
        "muggins setup:   building muggins",
        "muggins setup:   installing 3 packages (the longest step)",
    ]
    assert lines[7].startswith("muggins setup: ready in ")
    assert len(lines) == 8
    log = (checkout / ".venv" / "setup.log").read_text()
    assert log.startswith("== ")
    assert log.endswith(f": pip install -e .[{EVERYTHING}]\n{PIP_LINES}")  # pip's whole say
    assert pip_calls(checkout) == [f"-e .[{EVERYTHING}]"]  # .ci/run's checks need the tools
    again = setup(checkout)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert pip_calls(checkout) == [f"-e .[{EVERYTHING}]"]


def test_start_installs_what_the_trainer_runs_with_and_test_adds_the_rest(
    checkout: Path,
) -> None:
    start = run(checkout, "scripts/start", "--version")
    assert start.returncode == 0, start.stderr
    assert start.stdout == "muggins --version\n"
    assert "installing muggins (extras: voice)" in start.stderr
    assert pip_calls(checkout) == ["-e .[voice]"]  # no pytest, mypy, ruff or Playwright
    assert held(checkout) == "voice"
    again = run(checkout, "scripts/start")
    assert (again.returncode, again.stdout, again.stderr) == (0, "muggins \n", "")

    test = run(checkout, "scripts/test", "-m", "not slow")
    assert test.returncode == 0, test.stderr
    assert test.stdout.startswith("pytest -n ")
    assert test.stdout.endswith(" -m not slow\n")
    lines = test.stderr.splitlines()
    assert lines[0].startswith(
        "muggins setup: adding the extras test,browser to .venv (it has voice)"
    )
    assert lines[-1].startswith("muggins setup: ready in ")
    # The test tools and the browser driver as pyproject.toml lists them; muggins not rebuilt.
    assert pip_calls(checkout) == ["-e .[voice]", requirements("test", "browser")]
    assert held(checkout) == "voice,test,browser"
    log = (checkout / ".venv" / "setup.log").read_text()
    assert log.count(PIP_LINES) == 2  # each install's output, one after the other

    # The venv holds more than the trainer asks for: nothing to do, nothing said.
    for command in ("scripts/start", "scripts/test", "scripts/setup"):
        done = run(checkout, command)
        assert (done.returncode, done.stderr) == (0, ""), command
    assert len(pip_calls(checkout)) == 2


def test_a_venv_set_up_for_the_tests_starts_the_trainer_at_once(checkout: Path) -> None:
    assert run(checkout, "scripts/test").returncode == 0
    start = run(checkout, "scripts/start", "--version")
    assert (start.returncode, start.stdout, start.stderr) == (0, "muggins --version\n", "")
    assert pip_calls(checkout) == [f"-e .[{EVERYTHING}]"]


def test_a_changed_pyproject_installs_again_all_the_venv_holds(checkout: Path) -> None:
    assert setup(checkout, EVERYTHING).returncode == 0
    with (checkout / "pyproject.toml").open("a") as pyproject:
        pyproject.write("# a pin moved\n")
    again = run(checkout, "scripts/start")
    assert again.returncode == 0, again.stderr
    assert again.stderr.startswith(
        f"muggins setup: pyproject.toml changed: installing muggins again (extras: {EVERYTHING})"
    )
    assert pip_calls(checkout) == [f"-e .[{EVERYTHING}]", f"-e .[{EVERYTHING}]"]
    assert held(checkout) == EVERYTHING
    assert run(checkout, "scripts/start").stderr == ""


def test_muggins_extras_adds_to_what_a_script_asks_for(checkout: Path) -> None:
    start = run(checkout, "scripts/start", extras="bench")
    assert start.returncode == 0, start.stderr
    assert "the pegging benchmark's peer (magmacrunch-cribbage" in start.stderr
    assert pip_calls(checkout) == ["-e .[voice,bench]", "--no-deps magmacrunch-cribbage==0.1.1"]
    assert held(checkout) == "voice,bench"
    assert run(checkout, "scripts/start").stderr == ""  # bench is there, and more than asked
    test = run(checkout, "scripts/test")
    assert "magmacrunch" not in test.stderr  # there already
    assert pip_calls(checkout)[2:] == [requirements("test", "browser")]
    assert held(checkout) == "voice,bench,test,browser"


def test_bench_added_later_brings_its_peer_too(checkout: Path) -> None:
    assert run(checkout, "scripts/start").returncode == 0
    added = run(checkout, "scripts/start", extras="bench")
    assert added.returncode == 0, added.stderr
    assert pip_calls(checkout) == [
        "-e .[voice]",
        requirements("bench"),
        "--no-deps magmacrunch-cribbage==0.1.1",
    ]


def test_muggins_extras_replaces_a_bare_setups_default(checkout: Path) -> None:
    done = run(checkout, "scripts/setup", extras=f"{EVERYTHING},bench")
    assert done.returncode == 0, done.stderr
    assert pip_calls(checkout) == [
        f"-e .[{EVERYTHING},bench]",
        "--no-deps magmacrunch-cribbage==0.1.1",
    ]
    alone = run(checkout.parent, "repo/scripts/setup", extras="voice")  # from another folder
    assert (alone.returncode, alone.stderr) == (0, "")


def test_an_extra_pyproject_does_not_offer_is_named(checkout: Path) -> None:
    done = setup(checkout, "voice,tset")
    assert done.returncode == 1
    assert done.stderr.startswith(
        "muggins setup: no extra named tset in pyproject.toml (it has: test, browser, voice"
    )
    assert not (checkout / ".venv").exists()


def test_a_failed_install_shows_the_end_of_pips_output(checkout: Path) -> None:
    failed = setup(checkout, pip_exit=1)
    assert failed.returncode == 1
    assert "muggins setup: the install failed; the end of .venv/setup.log:" in failed.stderr
    assert failed.stderr.rstrip().endswith("ERROR: No matching distribution found for nothing")
    assert not (checkout / ".venv" / ".setup-stamp").exists()  # the next run tries again


def test_a_failed_addition_leaves_the_venv_holding_what_it_held(checkout: Path) -> None:
    assert setup(checkout, "voice").returncode == 0
    assert setup(checkout, EVERYTHING, pip_exit=1).returncode == 1
    assert held(checkout) == "voice"
    assert setup(checkout, EVERYTHING).returncode == 0  # tried again
    assert pip_calls(checkout)[-1] == requirements("test", "browser")


def test_a_python_older_than_3_11_is_named(checkout: Path) -> None:
    old = executable(checkout.parent / "python3.10", '#!/bin/sh\n[ "$1" = --version ] && '
                     'echo "Python 3.10.12"; [ "$1" = -c ] && exit 1; exit 0\n')  # fmt: skip
    done = subprocess.run(
        ["bash", "scripts/setup"],
        cwd=checkout,
        env={**os.environ, "PYTHON": str(old)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"muggins needs Python 3.11 or newer; {old} is Python 3.10.12" in done.stderr
    assert not (checkout / ".venv").exists()
