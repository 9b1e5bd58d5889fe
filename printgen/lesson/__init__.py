"""A game that fits the lesson: printgen chooses what the class fights (an engagement of the battle, how
many ships, how it is won) from the lesson's minutes, the class and the table, and keeps a choice only
once the simulator has played it over several deployments (search.py). timing.py models how long
each step of the lesson takes; engagement.py turns a choice into the scenario the kit prints."""
