"""Gauges: rulers, movement sticks and templates at the kit's scale."""
