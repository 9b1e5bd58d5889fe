"""Ship pieces: the sprite sheet, damage tracks, and packing pieces onto pages."""
