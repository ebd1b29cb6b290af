"""What to practise next: drills aimed at your weak spots, and re-drills of hands you missed."""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
    from trainer.practice.redrill import REDRILL_HANDS, review_drill, review_questions
    from trainer.practice.weak_spots import (
        aim_at_weak_spots,
        practice_drill,
        practice_for,
        weakest_kind,
    )

__all__ = [
    "REDRILL_HANDS",
    "aim_at_weak_spots",
    "practice_drill",
    "practice_for",
    "review_drill",
    "review_questions",
    "weakest_kind",
]

# Each name's module is imported when the name is first used, not with the package.
__getattr__ = exports(
    __name__,
    {
        "aim_at_weak_spots": "trainer.practice.weak_spots",
        "practice_drill": "trainer.practice.weak_spots",
        "practice_for": "trainer.practice.weak_spots",
        "weakest_kind": "trainer.practice.weak_spots",
        "REDRILL_HANDS": "trainer.practice.redrill",
        "review_drill": "trainer.practice.redrill",
        "review_questions": "trainer.practice.redrill",
    },
)
