"""Learning: the lessons (named shapes) and practice puzzles with answer checking (data, no words)."""
