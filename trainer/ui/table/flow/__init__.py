"""The table's flow as plain Python (no Textual, no Rich): the runner, its effects, what you
type, the hint, the opening, the voice and the reveal's words."""
