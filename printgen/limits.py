"""The largest (and smallest) data printgen accepts, checked when a file is read.

Each limit is far beyond a classroom game and far below what would make printgen hang, run out of
memory or print over its own layout; a value beyond it is refused with the field named, before
anything is computed. Why each value:
"""

from __future__ import annotations

FILE_BYTES = 2_000_000
"""ships.csv, scenario.toml, a ruleset: the built-in files are under 20 kB; 2 MB holds a navy."""

NAME_CHARS = 40
"""A ship's name (and squadron and type names), as data. Whether it prints is the piece's to say: a
name its base can only print below the type floor is refused before the kit is written
(printgen/sheets/legible.py; a 2" base holds about 24 letters, 12 W's; the built-in fleets' longest
name is 26 characters, on a Sluys galley's longer base)."""

KEY_CHARS = 80
"""A key of a TOML table: a squadron or ship type (printed, and then held to NAME_CHARS where it is),
or a dotted rule key in a [provenance] or [labels] table ("movement.round_ship_min_angle_to_wind_deg"
is 41 characters)."""

TITLE_CHARS = 60
"""A scenario's or ruleset's title: printed in the header of every page, in one line beside the page
number, shrunk to fit ("Trafalgar, 21 October 1805" is 26 characters; 60 W's still read at 5 pt)."""

TEXT_CHARS = 300
"""Any other text: a CSV cell (an admiral, a fate: the built-in ones reach 111 characters), a phase,
a modifier's wording. Python's csv stops at 128 KiB with a traceback; printgen reads the cell and
refuses it here."""

STORY_CHARS = 1_500
"""A paragraph of a scenario's story ([story] in scenario.toml): the story page gives each a panel
of its own, a third of a page at most (the built-in ones reach 480 characters)."""

FLEET_SHIPS = 5_000
"""Rows of ships.csv: a whole navy can be read and then reduced (--fraction, --ships); how many ships
fit the table is checked when they are deployed."""

DICE_PER_POOL = 60
"""Dice rolled at once (a broadside, a boarding party: hit points x dice per hit point): the exact
odds of 60 dice take milliseconds; the built-in rules roll at most 7."""

HIT_POINTS = 10
"""Hit points of a ship, structure points of a sector: one circle or box each must fit on a base or a
record card; the boarding-fight odds (an exact dynamic programme over both ships' hit points, with
fractions that grow with every round) take about 0.3 s at 10 against 10 with 6 dice a hit point,
three times that at 12. The built-in rules use at most 6."""

DISTANCE_IN = 120.0
"""A move, a range, a drift, a marker, in inches: at most the length of the largest table (10 ft);
longer would draw rulers and gauges of hundreds of pages."""

TABLE_FT = 10.0
"""A side of the table in feet (a classroom floor); the table-size map tiles it on paper sheets."""

BASE_MIN_LENGTH_IN = 1.0
BASE_MIN_IN = 0.5
"""The shortest base (its length, and any side) in inches: on a smaller one a ship's name and its hit
circles no longer fit and the kit fails its own check (tried: 1" x 0.5" with the most hit points checks,
0.5" x 0.5" does not). The built-in bases are 2" x 1"."""

PRINTED_BASE_MIN_IN = 0.5
"""The shortest base as printed (its length times --scale): the built-in 2" bases check at --scale 0.25,
a 1" base at 0.25 (0.25" printed) does not, so a scale that prints bases under half an inch is refused."""

BASE_MAX_IN = 12.0
"""The largest side of a base: a ship longer than a foot does not fit a paper sheet."""

PHASES = 20
"""Phases of a turn: the sequence is listed on the quick-reference and every captain card (the
built-in rules have 6)."""

COUNT = 1_000
"""Any other whole number a ruleset gives (turns, crew, uses): a loop over it stays short."""

PERIODS = 10
LESSON_MINUTES = 300
"""A lesson's periods and any of its times in minutes (a period, set-up, a turn): a school day at most,
so the turn limit stays under 300 turns (the turn tracker then takes about nine pages, the game-length
chart groups turns into ranges)."""

TURNS = 299
"""A lesson's turn limit at most (its play minutes over its minutes a turn): ten periods of 300 minutes
at a minute a turn would be 2,965 turns, each field within its own limit; the minutes a turn must then
grow (printgen/data/lesson.py says by how much)."""

GAMES = 1_000_000
"""Games played at once (`printgen simulate --games`, and any count the engine is asked for): about
four minutes of Trafalgar on two cores; a job list a few hundred kilobytes long."""

PROBLEMS_SHOWN = 20
"""Problems listed in one error: a file with thousands of mistakes is reported in an instant, with
the first 20 and how many more."""

NESTING = 32
"""Lists and tables within each other, in a TOML data file or a JSON file of a kit: the parsers
recurse once a level and fail near a thousand (a 2 kB file of `[` does it); printgen's own files
nest at most 8 deep, the built-in rulesets 5."""

KIT_FILE_BYTES = 1_000_000_000
"""Any file of a kit, when `printgen check` hashes it (in pieces, never held whole): the largest
document of a 5,000-ship kit is a few tens of megabytes; a larger file is not one printgen wrote."""

KIT_JSON_BYTES = 100_000_000
"""A JSON file of a kit read whole (manifest.json, trace.json, plays.json, deployment.json): the
default kit's trace.json is 180 kB; a 5,000-ship kit's about 10 MB."""
