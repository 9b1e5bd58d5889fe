"""A small line-based markup for rule sheets, rendered from templates:

    ## Heading            a card or a panel          ### Sub-heading
    - bullet              1. numbered step           > note (italic)
    | a | b |             table row (a row |---| after the first makes it a header)
    [name args...]        a block the sheet supplies (odds tables, charts, diagrams)
    plain text            a paragraph; consecutive lines join
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printgen.draw.shapes import Span

_OPTIONS = re.compile(r"\{(.*)\}\s*$")          # {span=wide} after a title
_STEP = re.compile(r"^(\d+)\. (.*)$")
_RULE = re.compile(r":?-{3,}:?")                # a table's |---| cell


@dataclass
class Block:
    kind: str                                   # heading, para, bullet, number, note, table, directive
    spans: list[Span] = field(default_factory=list)
    level: int = 0                              # heading level, or the step number
    rows: list[list[list[Span]]] = field(default_factory=list)
    header: bool = False
    args: list[str] = field(default_factory=list)


@dataclass
class Section:
    title: list[Span]
    blocks: list[Block]
    options: dict[str, str] = field(default_factory=dict)     # {size=double} after the title


def parse(text: str, spans_of) -> list[Section]:
    """Sections (one per `## ` heading) of blocks; `spans_of(str)` turns text into spans."""
    sections: list[Section] = []
    para: list[str] = []

    def flush():
        if para and sections:
            sections[-1].blocks.append(Block("para", spans_of(" ".join(para))))
        para.clear()

    table_open = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            table_open = False                  # a blank line ends a table
            continue
        if line.startswith("## "):
            flush()
            title, opts = line[3:], {}
            if m := _OPTIONS.search(title):
                title = title[: m.start()].strip()
                opts = dict(kv.split("=", 1) for kv in m.group(1).split())
            sections.append(Section(spans_of(title), [], opts))
            continue
        if not sections:
            raise ValueError(f"text before the first '## ' heading: {line!r}")
        blocks = sections[-1].blocks
        if not line.startswith("|"):
            table_open = False
        if line.startswith("### "):
            flush()
            blocks.append(Block("heading", spans_of(line[4:]), level=3))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", spans_of(line[2:])))
        elif m := _STEP.match(line):
            flush()
            blocks.append(Block("number", spans_of(m.group(2)), level=int(m.group(1))))
        elif line.startswith("> "):
            flush()
            blocks.append(Block("note", spans_of(line[2:])))
        elif line.startswith("|"):
            flush()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(_RULE.fullmatch(c) for c in cells):
                if blocks and blocks[-1].kind == "table":
                    blocks[-1].header = True
                continue
            if not (table_open and blocks and blocks[-1].kind == "table"):
                blocks.append(Block("table"))
            table_open = True
            blocks[-1].rows.append([spans_of(c) for c in cells])
        elif line.startswith("[") and line.endswith("]"):
            flush()
            blocks.append(Block("directive", args=line[1:-1].split()))
        else:
            para.append(line)
    flush()
    return sections
