"""printgen: print classroom naval wargame kits from a fleet database and a ruleset."""

__version__ = "0.1.0"
