"""The visibility check (printgen/check/visibility.py) asks which objects hold a number's centre,
allowing half a point (a text object's box and the traced box round differently): its grid must
hand out an object for points that close to it even where they fall in the next 72-pt cell."""

from __future__ import annotations

from printgen.check.visibility import GRID, NEAR, Grid, Obj


def test_the_grid_finds_an_object_at_a_point_just_outside_it_in_the_next_cell():
    box = Obj(order=0, text=True, box=(10.0, 10.0, GRID - 0.2, 30.0))       # ends just short of cell 1
    other = Obj(order=1, text=False, box=(2 * GRID + 20, 10.0, 2 * GRID + 40, 30.0))
    grid = Grid([box, other])
    assert box in grid.at(GRID + NEAR - 0.4, 20.0)                         # 0.1 pt past its edge, in cell 1
    assert box in grid.at(20.0, 30.0 + NEAR - 0.1)                          # below it, the same cell
    assert grid.at(2 * GRID + 30, 20.0) == [other]                           # far from it: not handed out
    only = Grid([box], points=[(GRID + 0.1, 20.0)])                         # the cells asked about only
    assert only.at(GRID + 0.1, 20.0) == [box] and only.at(20.0, 20.0) == []
