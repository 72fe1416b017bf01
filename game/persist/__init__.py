"""What outlives a run: saves (format, migrations, autosave), settings and safe file writing."""
