"""table-scorekeeper: a scorekeeper and referee for trick-taking card games played at a real table."""

__version__ = "0.1.0"
