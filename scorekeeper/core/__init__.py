"""The rules, pure: cards, events, the ruleset vocabulary, schedule, scoring, who wins a trick, the engine and the game families. No I/O, and nothing of the project outside core/."""
