"""Games and modes, no-guess generation and layout sampling: the only code that may hold a hidden layout."""
