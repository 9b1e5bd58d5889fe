"""Backend-neutral drawings: pages of shapes in points (y down), rendered by PDF, SVG and PNG backends.

A sheet describes each page once; an edition (colour, black-and-white) is a theme that maps each
shape's role to paint at render time."""
