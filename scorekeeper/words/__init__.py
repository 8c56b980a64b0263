"""Everything said about a game in words: status, standings, hand summaries, `why`, the rules reference, the audit log."""
