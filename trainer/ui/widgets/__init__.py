"""Small reusable widgets, one per module."""
