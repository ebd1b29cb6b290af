"""``muggins --plain``: the drills and the game as lines of plain text, for screen readers
and braille displays (issue 35): one question a line, the answer typed after it, every
reveal as short sentences, no box drawing; the same drills, game, judging and history as
the app."""
