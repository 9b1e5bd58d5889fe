"""Issue 44, this session's two fresh 11-year-old readers of main's English kits (all five battles), read
back from the printed pupil pages:
- "Which hit track do I tick: the one on my captain card or the circles on the ship's base? I guessed
  both" (and at Lake Erie the captain and the gunner both had the ship's track): hits are ticked in one
  place, the captain card's track, and every page that shows a track or circles says so; a gunner's or
  navigator's card has no track and says the captain ticks;
- "Raking is missing from the first-turn page and the captain card": the first turn gives the rake's faces;
- "squadron by squadron as your admiral calls them": no pupil is the admiral; the teacher calls them;
- "Watch the enemy move" (the Nile's French) before the enemy has moved;
- "Deployment number 1805" read as a year on a 1798 battle;
- Lepanto: "The speed on my own card is not the speed in the example" (the wind's +1")."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from test_first_turn_teaches import BROADSIDE, captains_pdf, first_turn_pdf, plan_of


def _text(data: bytes) -> str:
    from pdfminer.high_level import extract_text

    return " ".join(extract_text(io.BytesIO(data)).split())


def _document(name: str, kind: str) -> bytes:
    from printgen.draw.render import render
    from printgen.kit.build import lay_out

    drawing, pages = lay_out(plan_of(name), "bw", kind)
    return render(drawing, "bw", "pdf", pages=pages).files[0][1]


def _cards_with_circles(data: bytes) -> list[tuple[str, int]]:
    """Each card (a pupil's: captain, gunner or navigator) as (its words, the circles drawn inside it)."""
    from pdfread import is_circle

    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for r in page.rects:
                if r["width"] > 150 and r["height"] > 100:
                    box = (r["x0"], r["top"], r["x1"], r["bottom"])
                    card = page.crop(box)
                    words = " ".join((card.extract_text() or "").split())
                    if re.match(r"(?:Captain|Gunner|Navigator) \d+: ", words):
                        circles = [c for c in card.curves if is_circle(c)]
                        out.append((words, len(circles)))
    return out


@pytest.mark.parametrize("name", BROADSIDE)
def test_hits_are_ticked_in_one_place_the_captain_card(name):
    cards = _cards_with_circles(captains_pdf(name))
    assert cards
    for words, circles in cards:
        if words.startswith(("Gunner", "Navigator")) or "You are its gunner" in words or "navigator" in words:
            assert circles == 0, words[:40]
            assert "The enemy fires: your captain ticks the hits." in words, words[:40]
        else:
            assert circles > 0, words[:40]
            assert "The enemy fires: tick a circle above for each hit." in words, words[:40]
    if name == "lake-erie-1813":                 # the shared ships: a gunner's card, without a track
        assert any(w.startswith("Gunner") for w, _ in cards)


def test_every_page_showing_hit_circles_says_where_to_tick_them():
    """Lake Erie, where a ship has two pupils: the first turn, the pieces (their bases' circles), the quick
    reference and the rule cards all send the ticks to the captain card, never to the base."""
    name = "lake-erie-1813"
    first = _text(first_turn_pdf(name))
    assert "they tick one circle of their hit track on their captain card for each hit (not on the base)" in first
    assert "tick hits on its captain card, not on the base" in _text(_document(name, "sprites"))
    assert "Tick hits on the captain card, not on the base." in _text(_document(name, "quickref"))
    cards = _text(_document(name, "cards"))
    assert "tick a circle on the captain card (not on the base)" in cards and "Mark a hit circle" not in cards
    assert "tick hits in pencil" not in _text(_document(name, "sprites"))


@pytest.mark.parametrize("name", BROADSIDE)
def test_the_rake_is_on_the_first_turn_page(name):
    """(The captain card has no room for it: a quarter page holds every card of a 24-pupil kit; the quick
    reference and the Rake card give it.)"""
    rs = plan_of(name).scenario.ruleset
    faces = rs.shooting.to_hit.rake.hit
    rake = f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else f"{faces[0]}"
    first = _text(first_turn_pdf(name))
    assert re.search(rf"A rake: at short range, with your ship ahead of the enemy's bow or behind its stern, each "
                     rf"{rake}[*†‡§]? is a hit instead", first), name


@pytest.mark.parametrize("name", BROADSIDE)
def test_the_move_order_names_who_calls_the_squadrons(name):
    first = _text(first_turn_pdf(name))
    assert "admiral calls" not in first
    assert "squadron by squadron as the teacher calls them (your squadron is named at the top of your captain card)" \
        in first


def test_the_nile_s_french_watch_the_enemy_after_their_own_move_phase():
    text = _text(first_turn_pdf("nile-1798"))
    phases = dict(re.findall(r"Phase (\d): (.*?)(?= Phase \d: |$)", text))
    french = next(p for p in phases.values() if p.startswith("French move"))
    assert "The enemy moves after you: watch" in french and "Watch the enemy move" not in french


def test_the_map_s_set_up_number_is_not_read_as_a_year():
    text = _text(_document("nile-1798", "map"))
    assert "Deployment number" not in text
    assert re.search(r"Set-up code: \d+ \(not a year: the teacher's number for this placing of the ships\)", text)


@pytest.mark.parametrize("name", ["lepanto-1571", "sluys-1340"])
def test_the_captain_cards_give_the_wind_s_extra_move(name):
    """The example sails 6" where the card said "moves 5"": the card says when a ship moves 1" more."""
    rs = plan_of(name).scenario.ruleset
    bonus = rs.movement.with_wind_bonus_in
    cards = _text(captains_pdf(name))
    moving = cards.count("sails set, wind behind")
    assert moving > 0
    # how far "behind" reaches is the wind gauge's to show, in degrees (no degrees on a captain card: issue 44;
    # the gauge's sentence and angle: test_medieval_maps)
    assert len(re.findall(rf"sails set, wind behind \(the wind gauge shows how far to each side\): {bonus:g}\" more\.",
                          cards)) == moving


@pytest.mark.parametrize("name", BROADSIDE)
def test_the_moved_and_in_irons_markers_have_their_rule_on_the_quick_reference(name):
    """'The MOVED and IN IRONS markers are never mentioned': the quick reference says when each goes down."""
    text = _text(_document(name, "quickref"))
    assert "Put a MOVED marker beside each ship once it has moved, so that none moves twice; take them all away " \
           "when the move phase ends." in text
    assert "Put an IN IRONS marker beside it until it moves again." in text


def test_the_nile_makes_no_moved_or_in_irons_markers_for_ships_at_anchor():
    """The Nile's French lie at anchor and never move: MOVED and IN IRONS markers only for ships that can
    move, counted on the printed sheet (each marker's word, and its strip's nation code)."""
    plan = plan_of("nile-1798")
    ships = plan.scenario.fleet.ships
    moving = [s for s in ships if not s.anchored]
    assert moving and len(moving) < len(ships)
    per = plan.scenario.ruleset.status_markers.per_ship
    with pdfplumber.open(io.BytesIO(_document("nile-1798", "status-markers"))) as pdf:
        words = [w["text"] for p in pdf.pages for w in p.extract_words()]
    assert words.count("MOVED") == len(moving) * per["moved"]
    irons = sum(1 for k, w in enumerate(words) if w == "IRONS" and words[k - 1] == "IN")
    import math
    assert irons == math.ceil(len(moving) * per["in irons"])
    assert words.count("STRUCK") == sum(math.ceil(per["struck"] * sum(1 for s in ships if s.nation == n))
                                        for n in dict.fromkeys(s.nation for s in ships))


def test_a_side_s_captains_are_never_named_by_its_plural():
    """'Ottomans captains' (the first turn's "In this game" line): the side's name stands alone."""
    text = _text(first_turn_pdf("lepanto-1571"))
    assert "Ottomans captains" not in text and "Holy League captains" not in text
    assert re.search(r"Ottomans: the captains [a-z ]+; \d+ ships? moves?", text)


def test_the_admiral_s_boat_says_how_the_printed_dice_change():
    """Lake Erie: when the admiral moves to another ship, the captain cards' dice are one die off for the
    new flagship and the old one: the rule says so, with the ruleset's extra die."""
    extra = plan_of("lake-erie-1813").scenario.ruleset.shooting.flagship_extra_dice
    said = f"rolls {extra} more die than its captain card says"
    assert said in _text(_document("lake-erie-1813", "quickref"))
    cards = _text(_document("lake-erie-1813", "cards"))
    assert said in cards and f"The old flagship rolls {extra} fewer" in cards


def test_sluys_cards_say_how_to_turn_the_wind_gauge_and_who_knows_the_obstacles():
    cards = _text(_document("sluys-1340", "cards"))
    assert "Turn the wind gauge the same way, so that its arrow follows the wind: its N then no longer points " \
           "north." in cards
    assert "Only the teacher knows where they are (on a secret map): the teacher tells a captain whose ship " \
           "crosses one." in cards


def test_the_large_print_lesson_plan_says_why_deck_names_are_smaller():
    from printgen.draw.render import render
    from printgen.kit.build import lay_out, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("lepanto-1571", 24, edition="large"))
    drawing, pages = lay_out(plan, "large", "lesson")
    text = _text(render(drawing, "large", "pdf", pages=pages).files[0][1])
    assert "a galley's or a cog's deck is narrow, so the name on it is as large as the deck holds" in text


def test_the_galleys_first_turn_says_where_guns_hit_and_how_reloading_works():
    """Lepanto's reader: 'one structure point of the side the guns hit' (the quick reference's Sides are port
    and starboard) and 'tick the reloading boxes' (both now? one a turn?). Both pages say the sector that
    faces the guns, and how the boxes are cleared."""
    text = _text(first_turn_pdf("lepanto-1571"))
    assert "one structure point of the enemy's sector that faces the guns" in text
    assert "Then tick every reloading box: at the end of each later turn clear one, and when all are clear the " \
           "guns are loaded again." in text
    cards = _text(_document("lepanto-1571", "cards"))
    assert "Tick every reloading box on the record card: at the end of each later turn clear one" in cards


def test_the_smaller_findings_of_the_broadside_reader():
    """Trafalgar's reader: the turn template's 'up to 90 degrees' made a turn through the red look allowed;
    'All ships in the fight strike at once' read as 'hit each other at the same time'; the captain card's
    'Each turn' list jumps 1, 3, 4 without saying these are phases."""
    first = _text(first_turn_pdf("trafalgar"))
    assert "no more than a square corner, and never through the red (across the wind" in first
    quickref = _text(_document("trafalgar", "quickref"))
    assert "If every ship in the fight loses its last hit point in the same round: roll off" in quickref
    assert "strike at once" not in quickref
    cards = _text(captains_pdf("trafalgar"))
    assert cards.count("Each turn (the numbers are the phases):") == cards.count("Roll your Dice") > 0


def test_the_galleys_pieces_say_only_what_is_on_them():
    """'dragon head' on Lepanto's pieces, where no ship has one."""
    text = _text(_document("lepanto-1571", "sprites"))
    assert "dragon" not in text and "The arrow points to the bow." in text


def test_bow_stern_and_broadside_are_in_the_pupils_words():
    """'bow, stern and broadside are not in Words of the game': the pupils' glossary explains them."""
    text = _text(_document("trafalgar", "quickref"))
    glossary = text.partition("Words of the game")[2]
    assert "bow, stern: the bow is the front of a ship, where she is going; the stern is her back end." in glossary
    assert "broadside: all the guns along one side of a ship" in glossary
