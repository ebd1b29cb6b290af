"""The computer players: the bots at each level, their search of the play, the endgame, and
the tables they throw by (the crib-value table in ``data/``)."""
