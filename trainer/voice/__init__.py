"""Counting aloud: the grammar of a show's count, audio to a claim the judge takes.

`grammar` builds, from the hand, every count a player may say (`units`, `wording`);
`recogniser` hears audio on it with pocketsphinx (imported only when a recogniser is
made) and tells chatter; `heard` turns the words into a claim; `listen` follows a count
as it is said, from the microphone (`microphone`) or a recording; `audio` reads WAVs.

Import each name from its module: this face re-exports nothing.
"""
