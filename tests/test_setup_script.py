"""`scripts/setup` (run by `scripts/start`, `scripts/test` and `.ci/run`) says what it does
while it builds the environment, a line a step, and nothing once it is built (issue 23: a
first start was silent for a minute).

The script runs in a folder of its own with a stand-in Python: `PYTHON -m venv .venv` makes
a `.venv/bin/python` whose `-m pip install` prints pip's lines as a first install does (a
package from the index, one from a wheel, the build, the install) and exits with the status
given, so the test needs no network and takes a moment.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
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
# A stand-in for .venv/bin/python: `-m pip install ...` prints pip's lines, exits $PIP_EXIT.
if [ "$1 $2 $3" = "-m pip install" ]; then
    cat "$PIP_LINES"
    [ "${PIP_EXIT:-0}" = 0 ] || echo "ERROR: No matching distribution found for nothing"
    exit "${PIP_EXIT:-0}"
fi
exit 2
"""

PYTHON = """#!/bin/sh
# A stand-in for python3 3.11: its version, and `-m venv DIR` making DIR/bin/python.
case "$1" in
    --version) echo "Python 3.11.9" ;;
    -c) exit 0 ;;
    -m) mkdir -p "$3/bin" && cp "$VENV_PYTHON" "$3/bin/python" ;;
esac
"""


def executable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder with the setup script and a pyproject.toml, as a clone has them."""
    (tmp_path / "repo" / "scripts").mkdir(parents=True)
    repo = tmp_path / "repo"
    shutil.copy(ROOT / "scripts" / "setup", repo / "scripts" / "setup")
    (repo / "pyproject.toml").write_text('[project]\nname = "muggins"\n')
    return repo


def setup(repo: Path, pip_exit: int = 0) -> subprocess.CompletedProcess[str]:
    tools = repo.parent
    env = {
        **os.environ,
        "PYTHON": str(executable(tools / "python3", PYTHON)),
        "VENV_PYTHON": str(executable(tools / "venv-python", VENV_PYTHON)),
        "PIP_LINES": str(tools / "pip-lines"),
        "PIP_EXIT": str(pip_exit),
    }
    (tools / "pip-lines").write_text(PIP_LINES)
    return subprocess.run(
        ["bash", "scripts/setup"], cwd=repo, env=env, capture_output=True, text=True, timeout=60
    )


def test_a_first_run_says_each_step_and_the_next_says_nothing(checkout: Path) -> None:
    first = setup(checkout)
    assert first.returncode == 0, first.stderr
    assert first.stdout == ""  # standard output stays the command's (scripts/start's muggins)
    lines = first.stderr.splitlines()
    assert lines[0] == (
        "muggins setup: making the environment .venv with Python 3.11.9 (first run only)"
    )
    assert lines[1].startswith("muggins setup: installing muggins and its tools (test,browser)")
    assert lines[2:7] == [
        "muggins setup:   getting the build tools",
        "muggins setup:   package 1: fsrs==6.3.2",
        "muggins setup:   package 2: pytest_xdist==3.8.0",
        "muggins setup:   building muggins",
        "muggins setup:   installing 3 packages (the longest step)",
    ]
    assert lines[7].startswith("muggins setup: ready in ")
    assert len(lines) == 8
    assert (checkout / ".venv" / "setup.log").read_text() == PIP_LINES  # pip's whole say
    again = setup(checkout)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")


def test_a_failed_install_shows_the_end_of_pips_output(checkout: Path) -> None:
    failed = setup(checkout, pip_exit=1)
    assert failed.returncode == 1
    assert "muggins setup: the install failed; the end of .venv/setup.log:" in failed.stderr
    assert failed.stderr.rstrip().endswith("ERROR: No matching distribution found for nothing")
    assert not (checkout / ".venv" / ".setup-stamp").exists()  # the next run tries again


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
