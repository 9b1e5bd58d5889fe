"""Small bar charts for the odds: a picture a 12-year-old reads faster than a column of numbers."""

from __future__ import annotations

from fractions import Fraction

from printgen.draw.shapes import Line, Rect, Shape, Span, Text
from printgen.rules.trace import Traced
from printgen.sheets.text.flow import Laid, at_least


def _value(v: Fraction | Traced) -> Fraction:
    return v.value if isinstance(v, Traced) else v


def grouped_bars(categories: list[tuple[Span, ...]], series: list[tuple[str | Span, str, list[Fraction | Traced]]],
                 width: float, height: float, size: float) -> Laid:
    """Bars of each series side by side for each category; values are probabilities (0..1)."""
    small = at_least(size * 0.85)                   # category and legend labels
    legend_h = size * 1.3
    label_h = size * 1.2
    plot_h = height - legend_h - label_h
    top = legend_h
    peak = max((_value(v) for _, _, vals in series for v in vals), default=Fraction(1)) or Fraction(1)
    group_w = width / len(categories)
    bar_w = group_w * 0.8 / len(series)
    from printgen.draw import fonts

    # Many categories (a big pool's 0..60 hits): label every k-th so the labels never run together;
    # the exact table under the chart gives every row.
    widest = max((sum(fonts.width(s.text, small, s.font or "regular") for s in cat) for cat in categories),
                 default=0.0)
    every = max(1, -int(-(widest + size * 0.4) // group_w))
    shapes: list[Shape] = [Line(0, top + plot_h, width, top + plot_h, "rule")]
    for i, cat in enumerate(categories):
        x0 = i * group_w + group_w * 0.1
        for j, (_, role, vals) in enumerate(series):
            v = vals[i]
            h = float(_value(v) / peak) * plot_h
            if h > 0.05:                              # a traced bar: the checker measures its height
                meaning = (("height", v.source.to_json(), plot_h / float(peak)),) if isinstance(v, Traced) else ()
                shapes.append(Rect(x0 + j * bar_w, top + plot_h - h, bar_w * 0.92, h, role, meaning=meaning))
        if i % every == 0:
            shapes.append(Text(i * group_w + group_w / 2, top + plot_h + size * 0.95, cat, small, anchor="middle"))
    x = 0.0

    for name, role, _ in series:
        span = name if isinstance(name, Span) else Span(name)       # a traced label names its series
        shapes.append(Rect(x, size * 0.15, size * 0.8, size * 0.8, role))
        shapes.append(Text(x + size * 1.1, size * 0.85, (span,), small))
        x += size * 1.1 + fonts.width(span.text, small) + size * 1.2
    return Laid(shapes, height)
