"""Drill sets and dealing: the YAML files, their validation, and deals that fit them."""

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
