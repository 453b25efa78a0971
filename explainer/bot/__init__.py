"""The bot: the player's interface to a game, incremental certainty, guesses, the endgame search, whole runs."""
