"""``python -m trainer`` runs the ``muggins`` command."""

from trainer.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
