"""Issue 28 item 6: trace.json is not taken on trust. A number changed on a page, with its place in
trace.json pointed at a source that prints the new number, fails: `printgen check` lays the document
out again from the kit's request and measures the page against where things stand today, and says
where trace.json differs. Each tamper re-hashes what it edits, so only the meaning can give it away."""

from __future__ import annotations

import json

import pytest
from tamper import copy_kit, edit_page, fails, load_trace, page_of, rehash, replace_shown_at

from printgen.rules.trace import Source

NAME, SOURCE = "quickref-color.pdf", ["rule", "shooting.dice.british"]


@pytest.fixture
def kit(built, tmp_path):
    return copy_kit(built, tmp_path)


def _write(kit, traces: dict) -> None:
    from printgen.kit.tracefile import read_handouts, write

    text = (kit / "trace.json").read_text(encoding="utf-8")
    kits = json.loads(text)["kits"]
    handouts = read_handouts(text)                      # the handouts' spans (html/), kept as they were
    (kit / "trace.json").write_bytes(write({d: p for d, p in traces.items() if d not in kits}, kits, handouts))
    rehash(kit, "trace.json")


def _first_rule_number(traces: dict, name: str) -> tuple[int, dict, dict]:
    """(page, a number printed from a rule, another rule's number of the same kind on that page)."""
    for page, entries in enumerate(traces[name], start=1):
        for entry in entries:
            if entry["source"][0] == "rule" and entry["text"].isdigit() and "shape" not in entry:
                other = next((e for e in entries if e["kind"] == entry["kind"] and "shape" not in e
                              and e["text"].isdigit() and e["text"] != entry["text"] and e["source"][0] == "rule"), None)
                if other is not None:
                    return page, entry, other
    raise AssertionError(f"no two rule numbers on one page of {name}")


def test_a_sluys_number_changed_with_its_place_pointed_elsewhere_fails(built_sluys, tmp_path):
    """The same, on the other family's quick reference: the check asks no family how to lay it out."""
    kit, name = copy_kit(built_sluys, tmp_path), "quickref-bw.pdf"
    traces = json.loads(json.dumps(load_trace(kit)))
    page, entry, other = _first_rule_number(traces, name)
    was, new, source = entry["text"], other["text"], Source.from_json(entry["source"])
    edit_page(kit, name, page, replace_shown_at(was.encode(), new.encode(), entry["bbox"]))
    entry["source"], entry["text"] = other["source"], new
    _write(kit, traces)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {source} prints '{new}', the rules say '{was}'")
               for f in found), found
    assert any(f.startswith(f"FAIL  trace.json: says {name}, page {page}, prints '{new}' from ") for f in found), found


def _another(entries: list[dict], entry: dict) -> dict:
    """A number of the same kind printed on the page with another value."""
    return next(e for e in entries if e["kind"] == entry["kind"] and "shape" not in e and e["text"].isdigit()
                and e["text"] != entry["text"] and e["source"][0] == "rule")


@pytest.mark.parametrize("pointed", ["another rule printing that number", "an example carrying it"])
def test_a_number_changed_with_its_place_pointed_elsewhere_fails(kit, pointed):
    page = page_of(kit, NAME, SOURCE)
    traces = json.loads(json.dumps(load_trace(kit)))             # each document's entries its own
    entries = traces[NAME][page - 1]
    entry = next(e for e in entries if e["source"] == SOURCE and "shape" not in e)
    other = _another(entries, entry)
    new = other["text"]
    edit_page(kit, NAME, page, replace_shown_at(entry["text"].encode(), new.encode(), entry["bbox"]))
    entry["source"] = other["source"] if pointed.startswith("another") else ["example", int(new)]
    entry["text"] = new
    _write(kit, traces)
    found = fails(kit)
    was = traces[NAME.replace("color", "bw")][page - 1][entries.index(entry)]["text"]     # as the rules say
    assert any(f.startswith(f"FAIL  {NAME}, page {page}: rule:shooting.dice.british prints '{new}', "
                            f"the rules say '{was}'") for f in found), found
    assert any(f.startswith(f"FAIL  trace.json: says {NAME}, page {page}, prints '{new}' from ") and
               "laid out today it prints '" in f and "rule:shooting.dice.british" in f for f in found), found


def test_trace_json_spelt_anew_with_the_same_facts_passes(kit):
    """The comparison is of what trace.json says, not of its bytes."""
    from printgen.check.kit import check_kit

    _write(kit, load_trace(kit))
    assert check_kit(kit, echo=lambda s: None, quiet=True)


def test_a_kit_another_printgen_made_is_named_as_such(kit):
    """Its layout differs from today's: the check says which printgen made it, and how to check it."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["printgen"] = "0.0.1"
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    traces = json.loads(json.dumps(load_trace(kit)))
    entry = traces[NAME][0][0]
    entry["bbox"] = [v + 0.5 for v in entry["bbox"]]                    # another version's layout
    _write(kit, traces)
    found = fails(kit)
    assert any(f.startswith("FAIL  manifest.json: the kit was made by printgen 0.0.1, this is printgen ")
               for f in found), found
