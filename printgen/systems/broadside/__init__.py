"""The broadside rule family (Trafalgar 1805): fold-over ships, broadside dice pools against hit points."""
