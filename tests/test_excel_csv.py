"""Issue 32: ships.csv as Excel on Windows saves it. 'CSV UTF-8' is UTF-8 with a byte-order mark and
CRLF line endings: read as meant. Plain 'CSV' is cp1252: refused with the file, the line, the name
as the teacher typed it and how to save it again; exit 2, no traceback."""

from __future__ import annotations

from printgen import paths

TRAFALGAR = (paths.fleets_dir() / "trafalgar" / "ships.csv").read_text(encoding="utf-8")


def saved_by_excel(folder, encoding: str) -> None:
    (folder / "ships.csv").write_bytes(TRAFALGAR.replace("\n", "\r\n").encode(encoding))


def test_csv_utf8_with_a_bom_and_crlf_is_read_as_meant(scenario_dir):
    from printgen.data.scenario import load_scenario

    plain = load_scenario(str(scenario_dir(name="trafalgar"))).fleet.ships
    folder = scenario_dir(name="trafalgar")
    saved_by_excel(folder, "utf-8-sig")
    assert (folder / "ships.csv").read_bytes().startswith(b"\xef\xbb\xbfname,nation,squadron,guns,flagship")
    ships = load_scenario(str(folder)).fleet.ships
    assert [(s.name, s.line) for s in ships] == [(s.name, s.line) for s in plain]
    assert ships == plain
    assert "Téméraire" in [s.name for s in ships] and "Santísima Trinidad" in [s.name for s in ships]
    assert not any("\r" in value for s in ships for value in vars(s).values() if isinstance(value, str))


def test_plain_csv_from_windows_excel_is_refused_with_the_name_and_the_way_to_save_it(run, scenario_dir):
    folder = scenario_dir(name="trafalgar")
    saved_by_excel(folder, "cp1252")
    code, out, err = run("odds", folder)
    assert code == 2, (code, out, err)
    assert "Traceback" not in err
    assert "ships.csv, line 3: is not UTF-8 text" in err                  # Téméraire, the first accent
    assert '"Téméraire" on this line was saved in another encoding' in err
    assert "fix: save it again as UTF-8: in Excel, File > Save As > 'CSV UTF-8 (Comma delimited)'" in err
