"""The broadside and rake diagram (`[broadside-diagram]` in a template): one base, bow up, with the
firing area beside it (the strips between the lines of its bow and stern, to short and long range)
and the rake zones ahead of the bow and astern (between the lines of its sides, to short range: a
reading of the seed, marked). Everything is drawn at one scale, 1:k of the kit's table, k the
smallest whole number that fits the column; the diagram says k. The seed says "see diagram" twice
and its diagram is lost."""

from __future__ import annotations

import math

from printgen.draw.shapes import Line, Rect, Shape, Span, Text
from printgen.options import Options
from printgen.rules.provenance import mark_spans
from printgen.sheets.text.flow import Laid, at_least, paragraph


def reduction(rs, width: float, options: Options) -> int:
    """k: the diagram is 1:k of the kit's table (both broadsides to long range across `width`)."""
    m = options.measure
    need = m.pt(rs.bases.width_in + 2 * rs.long_range_in())
    return max(1, math.ceil(need / (width * 0.96)))


def zones(rs, width: float, options: Options) -> dict[str, tuple[float, float, float, float]]:
    """Name -> (x, y, w, h) in points, from the block's top-left: the base, the broadside bands on
    each side, the rake zones ahead and astern. Public so the tests measure what is drawn."""
    m, k = options.measure, reduction(rs, width, options)

    def u(inches: float) -> float:
        return m.pt(inches) / k

    W, L = u(rs.bases.width_in), u(rs.bases.length_in)
    (s0, s1), (l0, l1) = rs.shooting.range_in.bands()["short"], rs.shooting.range_in.bands()["long"]
    cx, top = width / 2, 0.0
    y_base = top + u(s1)
    out = {"base": (cx - W / 2, y_base, W, L),
           "rake.ahead": (cx - W / 2, y_base - u(s1), W, u(s1)),
           "rake.astern": (cx - W / 2, y_base + L, W, u(s1))}
    for side, sign in (("starboard", 1), ("port", -1)):
        for band, (a, b) in (("short", (s0, s1)), ("long", (l0, l1))):
            x = cx + W / 2 + u(a) if sign > 0 else cx - W / 2 - u(b)
            out[f"{side}.{band}"] = (x, y_base, u(b) - u(a), L)
    return out


def broadside_diagram(rs, width: float, size: float, options: Options, scenario=None) -> Laid:
    k = reduction(rs, width, options)
    z = zones(rs, width, options)
    role = {"short": "band.range.short", "long": "band.range.long"}
    shapes: list[Shape] = []
    for name, (x, y, w, h) in z.items():
        if name == "base":
            continue
        r = "bar.rake" if name.startswith("rake") else role[name.split(".")[1]]
        shapes.append(Rect(x, y, w, h, r, tag=f"zone.{name}", meaning=_to_scale(name)))
    bx, by, bw, bh = z["base"]
    bow = (("chevron", ("label", "words.bow")),) if "words.bow" in rs.labels else ()      # it points where "bow" prints
    shapes += [Rect(bx, by, bw, bh, "base", tag="zone.base", meaning=_to_scale("base") + bow),
               Line(bx, by + bw * 0.6, bx + bw / 2, by, "rule"), Line(bx + bw / 2, by, bx + bw, by + bw * 0.6, "rule")]
    small = at_least(max(size * 0.8, 6.0))       # a handout holds even the zone words to its floor
    ay, sy = z["rake.ahead"][1], z["rake.astern"][1] + z["rake.astern"][3]
    for (x, y, w, h), word in ((z["starboard.short"], "short"), (z["starboard.long"], "long"),
                               (z["port.short"], "short"), (z["port.long"], "long")):
        shapes.append(Text(x + w / 2, y + h / 2 + small * 0.35, (_said(rs, f"shooting.range_in.{word}", word),),
                           at_least(small * 0.9), anchor="middle"))
    shapes += [Text(bx - 3, ay + small, (_said(rs, "words.bow", "bow"),), small, anchor="end", font="bold"),
               Text(bx - 3, sy - 2, (_said(rs, "words.stern", "stern"),), small, anchor="end", font="bold")]
    height = sy + size * 0.5
    legend = _legend(rs, options, k, scenario)
    body = paragraph(legend, 0, height, width, small)
    shapes += body.shapes
    return Laid(shapes, height + body.height)


SCALE = ("meta", "diagram-scale")


def _to_scale(zone: str) -> tuple:
    """What a zone's size says, for the checker (check/scaled.py): its length along x or y is the
    rule distance (from `from` to `to`) at the kit's table, divided by the scale its caption prints."""
    def along(axis: str, to: str, frm: str | None = None) -> tuple:
        return ("to-scale", SCALE, {"along": axis, "to": ["rule", to], **({"from": ["rule", frm]} if frm else {})})

    if zone == "base":
        return along("x", "bases.width_in"), along("y", "bases.length_in")
    if zone.startswith("rake."):
        return along("x", "bases.width_in"), along("y", "shooting.range_in.short.1")
    band = zone.split(".")[1]
    return (along("x", f"shooting.range_in.{band}.1", f"shooting.range_in.{band}.0"), along("y", "bases.length_in"))


def _legend(rs, options: Options, k: int, scenario) -> list[Span]:
    m = options.measure

    def dist(key: str) -> Span:
        from printgen.rules.trace import lookup

        return Span(m.fmt(float(lookup(rs, key))), "bold", ("rule", key), "distance")

    from printgen.i18n import _, slots

    marked = mark_spans(rs, "words.rake_zone", scenario)
    unit = _("in") if m.units == "in" else "cm"
    message = _("Light bands: the firing area, beside the base between the lines of bow and stern; a target whose "
                "base is partly in it can be fired at, short range %(short_from)s to %(short_to)s, long %(long_from)s "
                "to %(long_to)s. Dark: the rake zones, ahead of the bow and astern, between the lines of the sides, "
                "to %(rake_to)s: a ship mostly in one rakes%(mark)s. Drawn to scale: %(one)s %(unit)s here is "
                "%(many)s %(unit)s on the table.")
    values = {"short_from": [dist("shooting.range_in.short.0")], "short_to": [dist("shooting.range_in.short.1")],
              "long_from": [dist("shooting.range_in.long.0")], "long_to": [dist("shooting.range_in.long.1")],
              "rake_to": [dist("shooting.range_in.short.1")], "mark": list(marked), "unit": unit,
              "one": [Span("1", source=("meta", "diagram-unit"), kind="count")],
              "many": [Span(str(k), source=SCALE, kind="count")]}
    return [Span(p) if isinstance(p, str) else p for p in slots(message, values)]


def _said(rs, key: str, word: str) -> Span:
    """`word`, traced to the ruleset's label of `key` where it has one (a zone's range, the bow's
    end): a diagram whose "bow" and "stern" trade places fails the check."""
    from printgen.i18n import LANG, _
    from printgen.rules.printed import rule_words

    if key in rs.labels or key.startswith("shooting."):
        return Span(rule_words(rs.label(key), LANG.get()).lower(), source=("label", key), kind="lower")
    return Span(_(word))


def diagram_text(rs, options: Options, scenario=None) -> list:
    """The diagram in words, for a handout (printgen.sheets.handouts): where the firing area and the
    rake zones lie around a base and how far they reach, the same numbers traced as its caption's."""
    from printgen.sheets.text.markup import Block

    m = options.measure

    def dist(key: str) -> Span:
        from printgen.rules.trace import lookup

        return Span(m.fmt(float(lookup(rs, key))), "bold", ("rule", key), "distance")

    from printgen.i18n import _, slots

    message = _("Around each base: the firing area is beside the base, between the lines of its bow and its stern. "
                "A target whose base is partly in it can be fired at: short range %(short_from)s to %(short_to)s, "
                "long range %(long_from)s to %(long_to)s. The rake zones are ahead of the bow and astern of the "
                "stern, between the lines of the sides, to %(rake_to)s: a ship mostly in one rakes%(mark)s.")
    values = {"short_from": [dist("shooting.range_in.short.0")], "short_to": [dist("shooting.range_in.short.1")],
              "long_from": [dist("shooting.range_in.long.0")], "long_to": [dist("shooting.range_in.long.1")],
              "rake_to": [dist("shooting.range_in.short.1")], "mark": list(mark_spans(rs, "words.rake_zone", scenario))}
    return [Block("para", [Span(p) if isinstance(p, str) else p for p in slots(message, values)])]
