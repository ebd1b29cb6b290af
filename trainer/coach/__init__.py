"""What to practise next: drills aimed at your weak spots, and re-drills of hands you missed."""

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
