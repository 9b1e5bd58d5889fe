"""Setting up a game from a scenario: table size and scale, fewer ships, deployment, students."""
