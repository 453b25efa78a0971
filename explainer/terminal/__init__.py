"""The terminal game: ``session`` (a game as the terminal plays it, no Textual: moves, hints through
``explainer.service``, the words the panel shows) and ``app`` (the Textual screen).  ``python -m explainer play``
(``explainer.cli.play``) starts it."""
