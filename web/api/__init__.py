"""The JSON API under ``/api``: games (``games``), the bot (``bot``), Learn (``learn``; Storm and Streak: ``runs``; the guessing course: ``guessing``), positions from anywhere (``positions``),
accounts (``account``), statistics, leaderboards and the daily board (``stats``),
the OpenAPI description (``openapi``); its errors are ``web.errors`` (how they become replies: ``web.error_replies``); ``replies``
and ``analysis`` shape what the engine says for a client, ``settings`` checks new games."""

from __future__ import annotations

from flask import Flask

__all__ = ["register"]


def register(app: Flask) -> None:
    from web.api import account, bot, games, guessing, learn, openapi, positions, runs, stats

    for module in (games, bot, learn, runs, guessing, positions, account, stats, openapi):
        app.register_blueprint(module.bp)
