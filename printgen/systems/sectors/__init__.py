"""The sectors rule family (the medieval fragment): flat bases with structure boxes per sector, a
damage table. The family object is system.py's SYSTEM, loaded by the registry when a ruleset names
`sectors`; its own documents are in kinds.py, read without loading the family."""
