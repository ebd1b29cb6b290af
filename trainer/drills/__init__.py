"""Drill sets and dealing: the YAML files, their validation, and deals that fit them."""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
    from trainer.drills.constraints import Constraints, Deal, DealError
    from trainer.drills.dealing import make_dealer
    from trainer.drills.discards import DiscardDeal, deal_discard
    from trainer.drills.feasible import check_satisfiable
    from trainer.drills.loader import (
        DrillEntry,
        builtin_drills_dir,
        deep_check,
        drill_dirs,
        find_drill,
        load_all,
        load_drill,
    )
    from trainer.drills.model import (
        CRIB_SIZE,
        DEALT,
        ClaimStyle,
        DrillError,
        DrillKind,
        DrillSet,
        Variant,
    )
    from trainer.drills.plays import PlayDeal, deal_play
    from trainer.drills.schema import parse_drill

__all__ = [
    "CRIB_SIZE",
    "DEALT",
    "ClaimStyle",
    "Constraints",
    "Deal",
    "DealError",
    "DiscardDeal",
    "DrillEntry",
    "DrillError",
    "DrillKind",
    "DrillSet",
    "PlayDeal",
    "Variant",
    "builtin_drills_dir",
    "check_satisfiable",
    "deal_discard",
    "deal_play",
    "deep_check",
    "drill_dirs",
    "find_drill",
    "load_all",
    "load_drill",
    "make_dealer",
    "parse_drill",
]

# Each name's module is imported when the name is first used, not with the package.
__getattr__ = exports(
    __name__,
    {
        "Constraints": "trainer.drills.constraints",
        "Deal": "trainer.drills.constraints",
        "DealError": "trainer.drills.constraints",
        "make_dealer": "trainer.drills.dealing",
        "DiscardDeal": "trainer.drills.discards",
        "deal_discard": "trainer.drills.discards",
        "check_satisfiable": "trainer.drills.feasible",
        "DrillEntry": "trainer.drills.loader",
        "builtin_drills_dir": "trainer.drills.loader",
        "deep_check": "trainer.drills.loader",
        "drill_dirs": "trainer.drills.loader",
        "find_drill": "trainer.drills.loader",
        "load_all": "trainer.drills.loader",
        "load_drill": "trainer.drills.loader",
        "CRIB_SIZE": "trainer.drills.model",
        "DEALT": "trainer.drills.model",
        "ClaimStyle": "trainer.drills.model",
        "DrillError": "trainer.drills.model",
        "DrillKind": "trainer.drills.model",
        "DrillSet": "trainer.drills.model",
        "Variant": "trainer.drills.model",
        "PlayDeal": "trainer.drills.plays",
        "deal_play": "trainer.drills.plays",
        "parse_drill": "trainer.drills.schema",
    },
)
