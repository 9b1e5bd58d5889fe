"""Sheets: each printable as pages of shapes in points, every printed number traced to its source."""
