"""What to practise next: drills aimed at your weak spots, and re-drills of hands you missed."""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
    from trainer.coach.practice import aim_at_weak_spots, practice_drill, practice_for, weakest_kind
    from trainer.coach.redrill import REDRILL_HANDS, review_drill, review_questions

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
        "aim_at_weak_spots": "trainer.coach.practice",
        "practice_drill": "trainer.coach.practice",
        "practice_for": "trainer.coach.practice",
        "weakest_kind": "trainer.coach.practice",
        "REDRILL_HANDS": "trainer.coach.redrill",
        "review_drill": "trainer.coach.redrill",
        "review_questions": "trainer.coach.redrill",
    },
)
