"""The Textual trainer: screens and widgets over the plain-Python core."""
