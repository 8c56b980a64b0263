"""What touches the disk: the SQLite store, where files live, ruleset files, importing a sheet."""
