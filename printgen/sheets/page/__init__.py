"""Page helpers: the frame (margins, header, footer), clipping, writing a sheet to files."""
