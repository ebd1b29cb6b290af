"""Every snapshot baseline belongs to a test. Run serially, syrupy fails a run that leaves a
baseline unused; across parallel workers it cannot tell, so this test does."""

from __future__ import annotations

import importlib
from pathlib import Path

SNAPSHOTS = Path(__file__).parent / "__snapshots__"


def test_every_baseline_is_a_test_s() -> None:
    baselines = sorted(SNAPSHOTS.glob("*/*.svg"))
    assert baselines
    orphans = []
    for svg in baselines:
        module = importlib.import_module(f"tests.ui.{svg.parent.name}")
        if not callable(getattr(module, svg.stem.split("[")[0], None)):
            orphans.append(str(svg.relative_to(SNAPSHOTS)))
    assert orphans == [], "baselines no test takes: remove them or rename them with the test"
