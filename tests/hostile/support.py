"""Running ``muggins`` on hostile input as a child process, held to a time and memory limit.

Each hostile case runs the real command in a fresh interpreter with its address space
capped (``resource.RLIMIT_AS``), its CPU time capped (``resource.RLIMIT_CPU``) and a
wall-clock limit, so a case that eats memory, spins or blocks fails the test by name instead
of taking the machine with it. The work is held to CPU seconds, not wall seconds, so a busy
machine makes a case slower but never fails it. What the child printed, its exit status and
how long it took are returned for the test to judge.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

MEMORY_BYTES: Final = 1 << 30
"""The child's address-space cap: ample for the trainer's commands, far below a bomb."""
SECONDS: Final = 10
"""The most CPU time a hostile case may use (whole seconds): a few times what any command
takes; past it the child is stopped (``SIGXCPU``), a case that spins."""
BLOCKED: Final = 120.0
"""The wall-clock limit: a case blocked for ever (a named pipe opened for reading) fails
after this; far past what any command takes even on a 2-core machine at a load of 20."""
DATA: Final = Path(__file__).resolve().parents[1] / "data" / "hostile"
"""The hostile data files (drill files, settings, exports)."""


@dataclass(frozen=True)
class Run:
    """What one run of the command did."""

    args: tuple[str, ...]
    status: int
    out: str
    err: str
    seconds: float

    def refused(self, *fragments: str) -> str:
        """Assert a user error: status 2, one line on stderr naming every fragment, no
        traceback; returns that line."""
        assert "Traceback" not in self.err, self.err
        assert self.status == 2, (self.status, self.err, self.out[:500])
        lines = self.err.splitlines()
        assert len(lines) == 1, lines
        for fragment in fragments:
            assert fragment in lines[0], (fragment, lines[0])
        return lines[0]

    def clean(self) -> None:
        """Assert no control character reached the terminal (stdout or stderr)."""
        for name, text in (("stdout", self.out), ("stderr", self.err)):
            bad = [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]
            assert not bad, f"{name} holds control characters {bad!r}: {text[:300]!r}"


_BOOT: Final = (
    "import resource, runpy, signal, sys\n"
    "limit, cpu, size = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])\n"
    "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
    "resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))\n"
    "resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\n"
    "if size >= 0:\n"
    "    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
    "    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))\n"
    "sys.argv = ['muggins', *sys.argv[4:]]\n"
    "runpy.run_module('trainer', run_name='__main__', alter_sys=True)\n"
)
"""``python -m trainer`` with the address space, the CPU time (and the size of a file
written) capped first, in the child itself; no core file when the CPU cap stops it. Past
the file-size cap a write fails with EFBIG, as on a full disk."""


def muggins(
    *args: str,
    home: Path,
    stdin: str | None = None,
    env: Mapping[str, str] | None = None,
    memory: int = MEMORY_BYTES,
    seconds: int = SECONDS,
    cwd: Path | None = None,
    file_size: int | None = None,
    stdout: Path | None = None,
) -> Run:
    """Run ``muggins ARGS`` with ``MUGGINS_HOME`` at ``home`` under the caps; a run that
    uses over ``seconds`` of CPU, or is still running after `BLOCKED` seconds, is stopped
    and fails the test. ``file_size`` caps each file the child writes (a full disk);
    ``stdout`` sends its output to that file (``/dev/full``)."""
    full_env = {**os.environ, "MUGGINS_HOME": str(home), "PYTHONUTF8": "1", **(env or {})}
    size = -1 if file_size is None else file_size
    command: Sequence[str] = (
        sys.executable, "-c", _BOOT, str(memory), str(seconds), str(size), *args
    )  # fmt: skip
    start = time.monotonic()
    target = None if stdout is None else stdout.open("w")
    try:
        done = subprocess.run(
            command,
            input=stdin,
            stdout=subprocess.PIPE if target is None else target,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=full_env,
            timeout=BLOCKED,
            cwd=cwd,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"muggins {' '.join(args)} was blocked over {BLOCKED:g} s") from None
    finally:
        if target is not None:
            target.close()
    elapsed = time.monotonic() - start
    stopped = -done.returncode in (signal.SIGXCPU, signal.SIGKILL)
    assert not stopped, f"muggins {' '.join(args)} used over {seconds} s of CPU"
    assert "MemoryError" not in done.stderr, done.stderr[-2000:]
    return Run(tuple(args), done.returncode, done.stdout or "", done.stderr, elapsed)


def named_pipe(path: Path) -> None:
    """Make ``path`` a named pipe: a reader that opens it waits for a writer for ever."""
    os.mkfifo(path)


def dev_zero(path: Path) -> None:
    """Make ``path`` a link to ``/dev/zero``: a device that never ends."""
    path.symlink_to("/dev/zero")


def too_large(head: str) -> Callable[[Path], None]:
    """What makes ``path`` a file that starts with ``head`` and runs past the 64 kB that a
    drill file or the settings may hold (a YAML comment fills the rest)."""

    def make(path: Path) -> None:
        path.write_text(head + "# " + "x" * 64_000 + "\n", encoding="utf-8")

    return make


def not_small_files(head: str) -> list[object]:
    """The cases a small-file reader refuses, as pytest parameters (what makes the file,
    the reason given): a named pipe, ``/dev/zero``, and a file past 64 kB that starts with
    ``head``."""
    import pytest  # only the tests that parametrize by it need it

    return [
        pytest.param(named_pipe, "is a named pipe, not a file", id="named-pipe"),
        pytest.param(dev_zero, "is a device, not a file", id="dev-zero"),
        pytest.param(too_large(head), "is larger than 64 kB", id="over-64-kB"),
    ]
