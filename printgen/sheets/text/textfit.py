"""Fitting words into boxes: shrink to fit, or wrap onto lines; never overflow."""

from __future__ import annotations

from printgen.draw import fonts


def fit_size(s: str, max_w: float, size: float, font: str = "regular", min_size: float = 0.0) -> float:
    """The largest size <= `size` at which `s` fits in `max_w` (not below `min_size`)."""
    w = fonts.width(s, size, font)
    if w <= max_w:
        return size
    return max(min_size, size * max_w / w * 0.999)


def wrap(s: str, max_w: float, size: float, font: str = "regular") -> list[str]:
    """Greedy word wrap; a single word longer than the line is left whole (the caller shrinks)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if fonts.width(trial, size, font) <= max_w or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_lines(s: str, max_w: float, max_h: float, size: float, font: str = "regular", leading: float = 1.2,
              min_size: float = 4.0) -> tuple[list[str], float]:
    """Wrap `s` into the box, shrinking until the lines fit both ways."""
    while True:
        lines = wrap(s, max_w, size, font)
        widest = max(fonts.width(line, size, font) for line in lines)
        if (len(lines) * size * leading <= max_h and widest <= max_w) or size <= min_size:
            return lines, size
        size = max(min_size, size * 0.94)
