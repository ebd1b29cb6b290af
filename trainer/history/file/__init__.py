"""The stats file: opening it safely, its identity, its tables, its upgrades."""
