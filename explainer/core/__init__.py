"""What a player sees: cells and sets of cells, the player's view and its text format, the numbers as
constraints, and the deduction data types.  No reasoning, no words."""
