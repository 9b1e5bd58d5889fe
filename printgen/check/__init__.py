"""Reading printed files back and verifying them against the ruleset and the fleet."""
