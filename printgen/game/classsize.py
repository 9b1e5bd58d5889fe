"""The class a battle suits (scenario.toml's `class_size`) and what a kit for another class can do."""

from __future__ import annotations


def class_size_note(scenario, captains, students: int) -> str | None:
    """A sentence for a class outside the battle's range, in the language in force (printgen.i18n):
    what the battle suits and what to do: a larger or smaller battle, or crews of more pupils a ship
    (as this kit seats them) or more ships a pupil. None within the range, or when the file does not say."""
    from printgen.i18n import _

    size = scenario.class_size
    if size is None or size[0] <= students <= size[1]:
        return None
    said = {"battle": _(scenario.title), "low": size[0], "high": size[1], "students": students}
    if students > size[1]:
        crew = max((len(c.crew) + 1 for c in captains), default=1)
        said["crew"] = crew
        return ((_("%(battle)s suits a class of %(low)s to %(high)s students. For %(students)s, choose a larger "
                   "battle (printgen list shows each battle's class), or keep this one: its ships have crews of up to "
                   "%(crew)s pupils each, as the captain cards show.") if crew > 1 else
                 _("%(battle)s suits a class of %(low)s to %(high)s students. For %(students)s, choose a larger "
                   "battle (printgen list shows each battle's class), or play this one with crews of two or three "
                   "pupils a ship.")) % said)
    most = max((len(c.ships) for c in captains), default=1)
    said["most"] = most
    return _("%(battle)s suits a class of %(low)s to %(high)s students. For %(students)s, choose a smaller battle "
             "or fewer ships (a preset, --ships or --fraction), or keep this one: each pupil commands up to "
             "%(most)s ships.") % said
