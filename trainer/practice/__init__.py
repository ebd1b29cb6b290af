"""What to practise next: drills aimed at your weak spots, and re-drills of hands you missed.

Import each name from its module (this face re-exports nothing):

- ``trainer.practice.redrill``: ``REDRILL_HANDS``, ``review_drill``, ``review_questions``
- ``trainer.practice.weak_spots``: ``aim_at_weak_spots``, ``practice_drill``, ``practice_for``,
  ``weakest_kind``
"""
