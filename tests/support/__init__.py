"""Helpers the tests share (a test module never imports another): ``web_client`` (games, moves, puzzles and sessions
through the Flask test client), ``strategies`` (hypothesis strategies), ``views`` (player views played forward)."""
