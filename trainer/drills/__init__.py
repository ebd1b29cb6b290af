"""Drill sets and dealing: the YAML files, their validation, and deals that fit them.

Import each name from its module (this face re-exports nothing):

- ``trainer.drills.constraints``: ``Constraints``, ``Deal``, ``DealError``
- ``trainer.drills.dealing``: ``make_dealer``
- ``trainer.drills.discards``: ``DiscardDeal``, ``deal_discard``
- ``trainer.drills.feasible``: ``check_satisfiable``
- ``trainer.drills.loader``: ``DrillEntry``, ``builtin_drills_dir``, ``deep_check``,
  ``drill_dirs``, ``find_drill``, ``load_all``, ``load_drill``
- ``trainer.drills.model``: ``CRIB_SIZE``, ``DEALT``, ``ClaimStyle``, ``DrillError``,
  ``DrillKind``, ``DrillSet``, ``Variant``
- ``trainer.drills.plays``: ``PlayDeal``, ``deal_play``
- ``trainer.drills.schema``: ``parse_drill``
"""
