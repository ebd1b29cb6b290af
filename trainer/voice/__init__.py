"""Counting aloud: the grammar of a show's count, audio to a claim the judge takes."""
