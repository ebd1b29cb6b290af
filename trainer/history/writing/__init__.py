"""What the trainer writes through the store: answers, games, kept answers."""
