"""``muggins`` on a disk that really fills up: a small tmpfs of its own, mounted in a user and
mount namespace (nothing outside the namespace sees it, and no privilege is needed).

Run as ``unshare --user --map-root-user --mount python -m tests.hostile.tmpfs RESULTS
EXPORT KB...`` (`run_on_full_disks` does): for each size, a tmpfs of that many kB is
mounted, ``muggins import EXPORT`` runs into a new store on it, the tmpfs is grown to
16 MB (room is made), and the commands a player runs next run on the same folder: the
import again, then ``stats --json``. What each did, and the files the first import left,
are written to RESULTS (outside the tmpfs, which goes with the namespace) as JSON.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

from tests.hostile.support import muggins

ROOMY: Final = "16m"
"""The tmpfs once room is made: far more than the store needs."""


def _mount(folder: Path, options: str) -> None:
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], check=True)


def one_size(folder: Path, export: Path, kb: int) -> dict[str, Any]:
    """The first import on a tmpfs of ``kb`` kB, then the import and ``stats`` with room."""
    folder.mkdir(parents=True, exist_ok=True)
    _mount(folder, f"size={kb}k")
    try:
        home = folder / "home"
        first = muggins("import", str(export), home=home)
        left = {p.name: p.stat().st_size for p in home.iterdir()} if home.exists() else {}
        _mount(folder, f"remount,size={ROOMY}")
        again = muggins("import", str(export), home=home)
        stats = muggins("stats", "--json", home=home)
        after = sorted(p.name for p in home.iterdir())
    finally:
        subprocess.run(["umount", str(folder)], check=True)
    return {
        "kb": kb,
        "first": [first.status, first.err],
        "left": left,
        "again": [again.status, again.out, again.err],
        "stats": [stats.status, stats.out, stats.err],
        "after": after,
    }


def run_on_full_disks(results: Path, export: Path, sizes: list[int]) -> list[dict[str, Any]]:
    """`one_size` for each size, in a namespace of its own; what each did."""
    unshare = shutil.which("unshare")
    assert unshare is not None, "the full-disk test needs unshare (util-linux)"
    command = [unshare, "--user", "--map-root-user", "--mount", sys.executable, "-m", __name__]
    done = subprocess.run(
        [*command, str(results), str(export), *map(str, sizes)],
        capture_output=True,
        text=True,
        timeout=20 + 40 * len(sizes),
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, (
        "a tmpfs could not be mounted in a user and mount namespace of its own (the "
        f"full-disk test needs both): {done.stderr[-1500:]}"
    )
    data: list[dict[str, Any]] = json.loads(results.read_text(encoding="utf-8"))
    return data


def main(argv: list[str]) -> None:
    results, export, *sizes = argv
    folder = Path(results).with_name("disk")
    data = [one_size(folder, Path(export), int(kb)) for kb in sizes]
    Path(results).write_text(json.dumps(data), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
