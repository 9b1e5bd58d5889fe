"""`printgen check`: the rules add up (a scenario), or a printed kit matches them (a kit folder)."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from printgen.cli.app import app


@app.command("check")
def check_cmd(target: str = typer.Argument(..., help="a scenario name or folder, or a printed kit folder"),
              report: Path = typer.Option(None, "--report", help="a kit: also write FILE.html, each discrepancy "
                                                                  "with its page pictured and the place outlined"),
              photocopy: bool = typer.Option(False, "--photocopy", help="a kit: also copy its black-and-white "
                                             "pages as a worn copier would (150 dpi, blurred, light greys cut) "
                                             "and check every cut and fold line, word, number, hit circle and "
                                             "nation mark is still there"),
              rebuild: bool = typer.Option(False, "--rebuild", help="a kit: also make it again from its request, "
                                           "today, and compare it file by file (the first differing page named): "
                                           "as slow as `printgen kit`"),
              as_json: bool = typer.Option(False, "--json", help="print the findings as JSON for a program to "
                                           "read (ok, each document's status, each discrepancy with file and page)")) -> None:
    """Run the consistency checks; exit 1 if any fails."""
    manifest = Path(target) / "manifest.json"
    echo = (lambda line: None) if as_json else typer.echo
    if manifest.is_file() or manifest.is_symlink() or (Path(target) / "trace.json").exists():
        from printgen.check.kit import check_kit

        if report is not None:
            _report_outside(Path(target), report)
        verdict: dict = {"kit": str(target)}
        ok = check_kit(Path(target), echo=echo, report=report, verdict=verdict)
        if photocopy:
            ok = _photocopy(Path(target), echo, verdict) and ok
        if rebuild:
            ok = _rebuild(Path(target), echo, verdict) and ok
        _print_json(as_json, verdict, ok)
        raise typer.Exit(0 if ok else 1)
    from printgen.data.scenario import load_scenario
    from printgen.options import Options
    from printgen.rules import run_checks
    from printgen.sheets.pieces.sprites import printed_tracks, sprite_sheets

    scenario = load_scenario(target)
    from printgen.kit.accepts import accept

    accept(scenario)                   # what the kit refuses before printing, refused here too (exit 2)
    # the marks the sprite sheet actually draws on each base (not what the rules say it should)
    printed = printed_tracks(sprite_sheets(scenario, Options()))
    results = run_checks(scenario, printed)
    for r in results:
        echo(f"{'ok  ' if r.ok else 'FAIL'}  {r.name}: {r.detail}")
        for extra in r.failures[1:]:
            echo(f"        {extra}")
    failed = [r for r in results if not r.ok]
    echo(f"{len(results) - len(failed)} of {len(results)} checks pass" + (f", {len(failed)} fail" if failed else ""))
    _print_json(as_json, {"scenario": target, "checks": [{"name": r.name, "ok": r.ok, "detail": r.detail,
                                                          "failures": list(r.failures)} for r in results]}, not failed)
    raise typer.Exit(1 if failed else 0)


def _print_json(wanted: bool, verdict: dict, ok: bool) -> None:
    if wanted:
        import json

        typer.echo(json.dumps({"ok": ok, **verdict}, indent=1, ensure_ascii=False))


def _rebuild(folder: Path, echo, verdict: dict) -> bool:
    from printgen.check.rebuild import rebuild_differences

    found, compared = rebuild_differences(folder)
    for d in found:
        echo(f"FAIL  rebuild: {d}")
    echo("rebuild: " + (f"{len(found)} of {compared} files differ from the kit made again today" if found else
                        f"all {compared} files are byte for byte the kit its request makes today"))
    verdict["rebuild"] = {"compared": compared, "differ": [{"file": d.file, "page": d.page, "what": d.what}
                                                          for d in found]}
    return not found


def _photocopy(folder: Path, echo, verdict: dict) -> bool:
    from printgen.check.photocopy import Copier, check_folder, summary

    copier = Copier()
    found, measured = check_folder(folder, copier)
    if not measured:
        echo("photocopy: the kit has no black-and-white edition to copy")
        return True
    kept = sorted(summary(measured, copier).items())
    for kind, (n, lost, least) in kept:
        echo(f"{'ok  ' if not lost else 'FAIL'}  photocopy: {n - lost} of {n} {kind}s kept "
             f"(the weakest keeps {100 * least:.0f}% of its ink)")
    for d in found:
        echo(f"FAIL  {d}")
    echo("photocopy: " + (f"{len(found)} things a copy loses" if found else
                          "everything a child cuts, folds, reads and tells apart survives a worn copier"))
    verdict["photocopy"] = {"kept": {kind: {"marks": n, "lost": lost, "weakest_ink": round(least, 3)}
                                     for kind, (n, lost, least) in kept},
                            "lost": [{"file": d.file, "page": d.page, "what": d.what} for d in found]}
    return not found



def _report_outside(kit: Path, report: Path) -> None:
    """A report inside the kit folder would be taken for a stray file of the kit next time."""
    from printgen.errors import PrintgenError, Problem

    if kit.resolve() in report.resolve().parents:
        raise PrintgenError(Problem("is inside the kit folder, where the next check would take it for a stray file",
                                    file=report, fix=f"write the report beside the kit, e.g. --report {kit.name}-check.html"))
    if report.exists() and not report.is_file():
        raise PrintgenError(Problem("is not a file", file=report, fix="give the path of an .html file to write"))
    from printgen.output import made_by_printgen

    if os.path.lexists(report) and not made_by_printgen(report):     # never a file of yours (read in pieces)
        raise PrintgenError(Problem("exists and is not a report printgen wrote", file=report,
                                    fix="choose a new file name for the report"))
