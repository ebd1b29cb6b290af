"""The game's coach: where your points went, in points, for every discard, play and count:
the advice for each decision, the decisions of a game valued, its ledger, the phase stats
and the discard drills. Plain Python on the players' search; the screens only show it."""
