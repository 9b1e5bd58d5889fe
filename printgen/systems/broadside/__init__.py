"""The broadside rule family (Trafalgar 1805): fold-over ships, broadside dice pools against hit
points. The family object is system.py's SYSTEM, loaded by the registry when a ruleset names
`broadside`; importing this package alone loads nothing."""
