"""Running ``muggins serve`` for tests: a free loopback port, the server process, its children."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

MUGGINS = Path(sys.executable).with_name("muggins")


def free_port() -> int:
    """A loopback port nobody listens on just now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def run_serve(*args: str, home: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """``muggins serve ARGS`` run to its end, with ``home`` as MUGGINS_HOME."""
    return subprocess.run(
        [str(MUGGINS), "serve", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MUGGINS_HOME": str(home)},
        timeout=timeout,
        check=False,
    )


class Served:
    """``muggins serve --port PORT --data-dir HOME ARGS`` running in the background."""

    def __init__(
        self, home: Path, port: int, *args: str, env: dict[str, str] | None = None
    ) -> None:
        self.home = home
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.process = subprocess.Popen(
            [str(MUGGINS), "serve", "--port", str(port), "--data-dir", str(home), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "MUGGINS_HOME": str(home), **(env or {})},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # the address, once it listens
        assert line.startswith(f"Muggins is at {self.url}"), (line, self.stop())

    def interrupt(self, timeout: float = 15) -> tuple[int, float, str]:
        """Ctrl+C to the server alone: its exit status, seconds it took, and its output."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, time.monotonic() - started, out + err

    def stop(self) -> str:
        """End the server however it can be ended (a test's cleanup); returns its stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        _, err = self.process.communicate()
        return err


def trainers_using(home: Path) -> list[int]:
    """The ids of running processes whose command line names ``home`` (the tabs' trainers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone meanwhile
        if state != "Z" and str(home).encode() in argv and b"serve" not in argv:
            found.append(int(entry.name))
    return found
