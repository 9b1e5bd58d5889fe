"""A provenance mark stands only on words whose provenance is the mark's (issue 45).

- The mark of a reading of a damaged source (‡ on a pupil's page, "reading of a damaged source" on a
  teacher's) stands only on the rules' words: the ruleset's own provenance table, which is where the
  damaged source (the seed) is read. A scenario's story is modern history, told from the histories
  (docs/battles/), never read from a damaged source: the Outcome paragraphs and Lepanto's "each
  galley piece stands for about a dozen galleys" carried the mark.
- A pupil's symbol stands beside words (right after those it marks; a list of the marks puts it before
  its meaning), never alone on a line (the quick reference's wind key printed "‡" on a line of its
  own under "close-hauled: half speed").
Read from the page: the marks by their traced sources, the characters where the PDF put them."""

from __future__ import annotations

from printgen.check.numbers import Char, Discrepancy


def _key(entry: dict) -> tuple[str, bool] | None:
    """A mark's key and whether it is a pupil's symbol, or None for no mark."""
    src = entry["source"]
    if src[0] != "provenance" or len(src) < 2 or len(src) > 3 or (len(src) == 3 and src[2] != "symbol"):
        return None
    return str(src[1]), len(src) == 3


def check_provenance_marks(chars: list[Char], trace: list[dict], ruleset, scenario, file: str,
                           page: int) -> list[Discrepancy]:
    from printgen.rules.provenance import Provenance, provenance_of

    rules = Provenance(dict(getattr(ruleset, "provenance", None) or {}))
    both = provenance_of(ruleset, scenario)
    out: list[Discrepancy] = []
    for e in trace:
        found = _key(e)
        if found is None:
            continue
        key, symbol = found
        box = tuple(e["bbox"])
        if both.kind(key) == "reading" and rules.kind(key) != "reading":
            out.append(Discrepancy(file, page, f"the mark of a reading of a damaged source stands on '{key}', which "
                                               f"is not read from the rules' source (the ruleset's provenance "
                                               f"does not say so): a scenario's story is history, not a reading",
                                   box))
        if symbol:
            top, bottom = box[1], box[3]
            mid = (top + bottom) / 2
            size = max(1.0, bottom - top)
            mine = [c for c in chars            # (c.centre, written out: a property call per character)
                    if box[0] - 0.6 <= (c.x0 + c.x1) / 2 <= box[2] + 0.6
                    and top - 0.6 <= (c.top + c.bottom) / 2 <= bottom + 0.6]
            if not mine:
                continue
            left, right = min(c.x0 for c in mine), max(c.x1 for c in mine)
            beside = [c for c in chars if c.top - 0.5 <= mid <= c.bottom + 0.5     # where first: `in` compares
                      and left - 1.5 * size <= c.x1 and c.x0 <= right + 1.5 * size and c not in mine]  # fields
            if not beside:
                out.append(Discrepancy(file, page, f"the mark of '{key}' stands alone on its line, away from the "
                                                   f"words it marks", box))
    return out
