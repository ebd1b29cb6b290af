"""The trainer speaking: what it says (`said`, plain sentences from the cards and the
judgements) and the engine that says it (`engine`, Debian's espeak-ng), for practising by
ear (issue 35). Nothing here imports Textual."""
