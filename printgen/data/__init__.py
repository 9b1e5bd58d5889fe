"""Loading the teacher-editable data files (CSV, TOML) with errors that say where and how to fix."""
