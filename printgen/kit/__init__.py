"""The class kit: every sheet, for each edition, in one folder, with an index and a manifest."""
