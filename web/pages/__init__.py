"""The HTML pages: the game (``game``), the analysis board (``analysis``), the Learn section (``learn``) and the
account (``account``), statistics, leaderboards and the daily board (``stats``); templates and
static files live in ``web/templates`` and ``web/static``."""

from __future__ import annotations

from flask import Flask

__all__ = ["register"]


def register(app: Flask) -> None:
    from web.pages import account, analysis, game, learn, pwa, stats

    app.register_blueprint(game.bp)
    app.register_blueprint(account.bp)
    app.register_blueprint(stats.bp)
    app.register_blueprint(analysis.bp)
    app.register_blueprint(learn.bp)
    app.register_blueprint(pwa.bp)  # the manifest, the service worker and the offline page
