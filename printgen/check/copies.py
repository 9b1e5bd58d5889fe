"""index.html's copies and sheets (issue 49): each document's copies for the class, the sheets they
take and whether they are printed on both sides, and each edition's sheets of each paper, recomputed
from the plan (printgen.game.materials, the lesson plan's own counts) and the pages the manifest lists.
The page says each count twice, in a data attribute and in its words; both must agree with the
recomputed count."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from printgen.check.numbers import Discrepancy

INDEX = "index.html"


class _Counts(HTMLParser):
    """Every <p class="... copies ..."> with its data attributes and its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[dict, str]] = []
        self._open: tuple[dict, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "p" and "copies" in classes:
            self._open = ({k: v for k, v in attrs}, [])

    def handle_data(self, data):
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag):
        if tag == "p" and self._open is not None:
            self.found.append((self._open[0], " ".join("".join(self._open[1]).split())))
            self._open = None


def check_copies(folder: Path, manifest: dict, plan, bad: dict) -> list[Discrepancy]:
    from printgen import limits, reading
    from printgen.i18n import translated
    from printgen.kit.index import copy_counts

    if INDEX in bad or INDEX not in (manifest.get("extras") or {}):
        return []                                   # a changed index.html is reported as such already
    try:
        text = reading.read_bytes(reading.inside(folder, INDEX), limits.FILE_BYTES).decode("utf-8")
    except (OSError, UnicodeError, reading.Unreadable):
        return []                                   # (changed_extras names a missing or unreadable file)
    parser = _Counts()
    parser.feed(text)
    lang = manifest.get("request", {}).get("lang", "en")
    want = copy_counts(plan, manifest, lambda message: translated(lang, message))
    out: list[Discrepancy] = []
    docs = {a.get("data-path"): (a, words) for a, words in parser.found if a.get("data-path")}
    for path, count in want["documents"].items():
        if path not in docs:
            out.append(Discrepancy(INDEX, 0, f"gives no copies for {path} "
                                             f"(the lesson plan's count: {count['copies']})"))
            continue
        attrs, words = docs.pop(path)
        for key in ("copies", "sheets"):
            said = attrs.get(f"data-{key}")
            if said != str(count[key]) or not _says(words, count[key]):
                out.append(Discrepancy(INDEX, 0, f"{path}: {key} {said!r} ({words!r}), where the kit's plan counts "
                                                 f"{count[key]} (printgen.game.materials)"))
        both = str(count["two_sided"]).lower()                # printed on both sides, as the lesson plan says
        if attrs.get("data-two-sided") != both or " ".join(count["sheets_words"].split()) not in words:
            out.append(Discrepancy(INDEX, 0, f"{path}: two-sided {attrs.get('data-two-sided')!r} ({words!r}), where "
                                             f"the kit's plan says {both} ({count['sheets_words']!r})"))
    out += [Discrepancy(INDEX, 0, f"counts copies of {p}, which the kit does not print") for p in docs]
    totals = {a.get("data-edition"): (a, words) for a, words in parser.found if a.get("data-edition")}
    for total in want["totals"]:
        attrs, words = totals.get(total["edition"], ({}, ""))
        for key in ("plain", "card", "optional"):
            if attrs.get(f"data-{key}") != str(total[key]) or (total[key] and not _says(words, total[key])):
                out.append(Discrepancy(INDEX, 0, f"{total['name']}: {attrs.get(f'data-{key}')!r} sheets of {key} "
                                                 f"({words!r}), where the kit's plan counts {total[key]}"))
    return out


def _says(words: str, n: int) -> bool:
    """The words print the number as a number of their own (not inside another)."""
    import re

    return re.search(rf"(?<![\d.,]){n}(?![\d.,]\d)", words) is not None
