"""The UI's flow in plain Python (no Textual, no Rich: an import contract holds it): the drill
and table runners, the drafts and parsers of what the player types, starting a game, and
what the app needs of the history. Screens show what these decide and forward keys."""
