"""A whole game of cribbage at the table, in rooms, each importing only those below it:

- ``coach/``: where the points went: the advice for each decision, the ledger, the drills;
- the session side at the root: ``session`` (the game the UI drives, saved every step),
  ``setup``, ``match``, ``attempts``, ``hints``, ``narrate``, ``tally``, ``pegboard``;
- ``players/``: the computer players, their search and their tables;
- the engine at the root: ``engine`` (``step(state, action)``), ``state``, ``events``,
  ``record``, ``codec``, ``calls``, ``deal``, ``variants``.

Import each name from its module: this face re-exports nothing.
"""
