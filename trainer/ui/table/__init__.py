"""The game at the table: its screen, the widgets only it shows, the overlays over it, and
(in ``flow``) the plain-Python runner that decides what each key means."""
