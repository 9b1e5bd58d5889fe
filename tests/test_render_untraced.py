"""A sheet written on its own (`printgen sprites`, `quickref`...: render(keep_pages=False)) is flattened
without its trace, which nothing reads there: the same PDF, byte for byte, as the kit's traced
rendering of the same drawing (printgen/draw/flatten.py `traced`)."""

from __future__ import annotations

import pytest

from printgen.draw.render import iter_flat_pages, render
from printgen.game.prepare import prepare
from printgen.registry.documents import declared


@pytest.mark.parametrize("scenario, kind, how", [
    ("trafalgar", "sprites", {}),                             # symbols placed with traced folds and cuts
    ("trafalgar", "sprites", {"edition": "bw", "scale": 0.6}),
    ("trafalgar", "quickref", {}),                            # traced numbers in text
    ("sluys-1340", "sprites", {"lang": "fr"}),
])
def test_a_sheet_written_alone_is_the_kits_sheet_without_its_trace(scenario, kind, how):
    s, o = prepare(scenario, **how)
    make = declared(s.ruleset)[kind].make
    traced = render(make(s, o), o.edition, "pdf")                   # as the kit renders it, trace kept
    alone = render(make(s, o), o.edition, "pdf", keep_pages=False)  # as the sheet's own command does
    assert traced.files[0][1] == alone.files[0][1]
    assert any(p.trace for p in traced.pages)                       # it has a trace to leave out...
    assert not any(p.trace for p in iter_flat_pages(make(s, o), o.edition, traced=False))   # ...and leaves it out


def test_a_placed_forms_turn_is_written_as_its_numbers_are_even_when_remembered():
    """The placing matrix's turn is remembered by the numbers' bits: 0.0 and -0.0 compare equal but print
    "0" and "-0", so one must never be written as the other."""
    from printgen.draw.pdf import _f, _turn

    turns = [(1.0, 0.0, 0.0, 1.0), (1.0, -0.0, 0.0, -1.0), (1.0, 0.0, -0.0, -1.0), (-1.0, 1e-9, -1e-9, -1.0),
             (0.5, 0.8660254037844386, -0.8660254037844386, 0.5), (1.0, 0.0, 0.0, 1.0), (1.0, -0.0, 0.0, -1.0)]
    for m in turns:
        assert _turn(*m) == " ".join(_f(x, "%.6f") for x in m)
    assert _turn(1.0, 0.0, -0.0, 1.0) != _turn(1.0, -0.0, 0.0, 1.0)
