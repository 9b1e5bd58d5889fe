"""The teacher's page "How this scenario plays" (page.py), the games behind it and their records
(records.py, plays.json), and one game drawn as map frames (replay.py)."""
