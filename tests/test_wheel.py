"""The wheel ships the built-in drills, and an installed package finds and loads them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DRILLS = sorted((REPO / "drills").glob("*.yaml"))

# Run from outside the checkout with only the unpacked wheel on PYTHONPATH.
PROBE = """
import json, trainer, trainer.drills.loader as d
folder = d.builtin_drills_dir()
entries = d.load_all([(folder, True)])
print(json.dumps({
    "trainer": trainer.__file__,
    "folder": str(folder),
    "entries": [[e.id, e.source, e.builtin, e.error] for e in entries],
}))
"""


@pytest.mark.slow
def test_wheel_ships_and_loads_the_builtin_drills(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(REPO)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheels = list(dist.glob("muggins-*.whl"))
    assert len(wheels) == 1, wheels
    site = tmp_path / "site"
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
        packaged = {n for n in names if n.startswith("trainer/builtin_drills/")}
        assert packaged == {f"trainer/builtin_drills/{p.name}" for p in DRILLS}
        for path in DRILLS:
            assert wheel.read(f"trainer/builtin_drills/{path.name}") == path.read_bytes()
        assert {
            "trainer/drills/loader.py",
            "trainer/ui/muggins.tcss",
            "trainer/game/players/data/crib_values.json",  # the bots' crib-value table
            "trainer/game/players/data/peg_values.json",  # the strong bot's pegging table
            "trainer/ui/web/app_index.html",  # muggins serve's page
            "trainer/ui/web/favicon.svg",
        } <= names
        wheel.extractall(site)

    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("PYTHONSAFEPATH", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    report = json.loads(done.stdout)
    assert Path(report["trainer"]).is_relative_to(site)
    assert Path(report["folder"]) == site / "trainer" / "builtin_drills"
    entries = report["entries"]
    assert [e[3] for e in entries] == [None] * len(DRILLS)
    assert {e[0] for e in entries} == {p.stem for p in DRILLS}
    assert all(builtin for _, _, builtin, _ in entries)
    assert {source for _, source, _, _ in entries} == {f"drills/{p.name}" for p in DRILLS}
