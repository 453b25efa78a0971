"""The HTML pages: the game (``game``), the analysis board (``analysis``) and the Learn section (``learn``); templates and
static files live in ``web/templates`` and ``web/static``."""

from __future__ import annotations

from flask import Flask

__all__ = ["register"]


def register(app: Flask) -> None:
    from web.pages import analysis, game, learn

    app.register_blueprint(game.bp)
    app.register_blueprint(analysis.bp)
    app.register_blueprint(learn.bp)
