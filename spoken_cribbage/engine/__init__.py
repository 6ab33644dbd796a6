"""The rules: cards, scoring and the game (pure: actions in, events out)."""
