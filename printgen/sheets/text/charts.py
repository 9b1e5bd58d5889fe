"""Small bar charts for the odds: a picture a 12-year-old reads faster than a column of numbers."""

from __future__ import annotations

from fractions import Fraction

from printgen.draw.shapes import Line, Rect, Shape, Span, Text
from printgen.sheets.text.flow import Laid


def grouped_bars(categories: list[tuple[Span, ...]], series: list[tuple[str, str, list[Fraction]]],
                 width: float, height: float, size: float) -> Laid:
    """Bars of each series side by side for each category; values are probabilities (0..1)."""
    legend_h = size * 1.3
    label_h = size * 1.2
    plot_h = height - legend_h - label_h
    top = legend_h
    peak = max((v for _, _, vals in series for v in vals), default=Fraction(1)) or Fraction(1)
    group_w = width / len(categories)
    bar_w = group_w * 0.8 / len(series)
    shapes: list[Shape] = [Line(0, top + plot_h, width, top + plot_h, "rule")]
    for i, cat in enumerate(categories):
        x0 = i * group_w + group_w * 0.1
        for j, (_, role, vals) in enumerate(series):
            h = float(vals[i] / peak) * plot_h
            if h > 0.05:
                shapes.append(Rect(x0 + j * bar_w, top + plot_h - h, bar_w * 0.92, h, role))
        shapes.append(Text(i * group_w + group_w / 2, top + plot_h + size * 0.95, cat, size * 0.85, anchor="middle"))
    x = 0.0
    for name, role, _ in series:
        shapes.append(Rect(x, size * 0.15, size * 0.8, size * 0.8, role))
        shapes.append(Text(x + size * 1.1, size * 0.85, (Span(name),), size * 0.85))
        from printgen.draw import fonts

        x += size * 1.1 + fonts.width(name, size * 0.85) + size * 1.2
    return Laid(shapes, height)
