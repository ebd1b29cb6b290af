"""Muggins: a cribbage hand-count trainer for the terminal."""

__version__ = "0.1.0"
