"""The game families: each one's entries, handlers, checks and status facts."""
