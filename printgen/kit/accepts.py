"""What `printgen kit` requires of a battle's data before it prints anything, beyond the rules adding
up (printgen.data.checked): its [deployment] settings and the ships they name, its [simulation]
policies. `printgen check FOLDER` asks the same function, so a battle it passes is one the kit accepts
(issue 48: it passed 17 battles the kit then refused).

What depends on the teacher's options (the table, the fleet's size, the lesson's game) is the kit's to
say; this is the data alone, every problem at once, each with its file, line and field."""

from __future__ import annotations

import dataclasses

from printgen.errors import PrintgenError, Problem


def refusals(scenario) -> list[Problem]:
    """Everything the kit would refuse in the scenario's data (an empty list: nothing)."""
    from printgen.files.tomlfile import locate
    from printgen.game.deploy_settings import load_settings
    from printgen.lesson.fit import playable
    from printgen.play.engine import family_phases, policy_problems
    from printgen.play.habits import POLICIES

    problems: list[Problem] = []
    try:
        settings = load_settings(scenario)
    except PrintgenError as e:
        problems += e.problems
        settings = None
    # the whole fleet: every ship the deployment names must be in it (a fleet cut down, by the teacher's
    # options or the file, may have lost a leader, as printgen.game.deploy allows)
    if settings is not None and sum(sq.ships for sq in scenario.squadrons.values()) == len(scenario.fleet.ships):
        named: list[tuple[tuple[str, ...], str]] = [(("deployment", "squadrons", squadron, "leaders"), name)
                 for squadron, plan in settings.squadrons.items() for name in plan.leaders]
        named += [(("deployment", "loners"), name) for name in settings.loners]
        for loc, name in named:
            try:
                scenario.fleet.find(name, str(scenario.path))
            except PrintgenError as e:
                problems += [dataclasses.replace(p, field=".".join(loc), line=locate(scenario.text, loc))
                             for p in e.problems]
    plays = tuple(POLICIES)
    if playable(scenario):
        plays = getattr(family_phases(scenario.ruleset, 1.0), "policies", plays)
    problems += policy_problems(scenario, plays)
    return problems


def accept(scenario) -> None:
    """Refuse (PrintgenError, exit 2) a scenario whose data the kit cannot print."""
    problems = refusals(scenario)
    if problems:
        raise PrintgenError(problems)


def refuse_untranslated_words(scenario, lang: str) -> None:
    """A kit whose battle's own words (its title, squadrons, story, engagements: scenario.toml) the
    catalogue does not translate is refused in `lang` (exit 2, at the first such text), as a teacher's
    own ruleset is: no pupil's page half in one language (docs/ARCHITECTURE.md, "Which documents").
    A copy of a built-in battle whose words are unchanged keeps its languages."""
    import io

    from printgen.i18n import _
    from printgen.i18n.catalogue import messages
    from printgen.i18n.extract import scenario_words
    from printgen.registry.documents import NOT_YET

    known = messages(lang)
    missing = [(line, text) for line, _f, text, _c in scenario_words(io.BytesIO(scenario.text.encode("utf-8")),
                                                                      None, None, None) if text not in known]
    if missing:
        line, text = missing[0]
        more = _(" and %(count)s more") % {"count": len(missing) - 1} if len(missing) > 1 else ""
        raise PrintgenError(Problem(_(NOT_YET[lang]) % {"what": _("the kit"), "names": f" («{text[:60]}»{more})"},
                                    file=scenario.path, line=line, field="--lang", fix=_("use --lang en for now")))
