"""The rule families, one package each (broadside: Trafalgar; sectors: the medieval fragment), each
everything its rules add to the kit. They sit at the top of printgen: a family may use any shared
layer below it, and nothing imports a family; the registry (printgen/registry/) loads one by its
name when a ruleset names it."""
