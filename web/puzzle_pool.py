"""Where a player's next practice puzzle comes from: the shared pool of rated puzzles (``web.storage.ratings``), or a
new puzzle made now, which joins the pool.  ``flask --app web puzzles fill`` makes each lesson's pool ahead of time, so
that puzzles are served from it (one query) rather than made during a request (docs/learn.md)."""

from __future__ import annotations

import secrets

import click
from flask import Flask
from flask.cli import AppGroup
from flask_babel import gettext as _

from explainer.learn.lessons import PATTERN_IDS
from explainer.learn.practice import PracticeError, make_puzzle
from explainer.learn.ratings import PLAYER_START, seed as seed_rating
from web.errors import NoPuzzle
from web.storage import puzzles as practice_store
from web.storage import ratings

__all__ = ["SEEDS_TRIED", "fill", "init_app", "next_puzzle"]

#: fresh seeds tried before a request for a new puzzle gives up (the engine's own attempts are many more)
SEEDS_TRIED = 3


def init_app(app: Flask) -> None:
    app.cli.add_command(puzzles_command)  # flask --app web puzzles fill


def _made(pattern_id: str, errors: list[str]) -> ratings.PoolPuzzle | None:
    """A new puzzle of the pattern, put in the pool; None with the engine's reason in ``errors``."""
    seed = secrets.randbelow(2**31)
    try:
        puzzle = make_puzzle(pattern_id, seed)
    except PracticeError as error:
        errors.append(str(error))
        return None
    rating = ratings.add_to_pool(pattern_id, seed, puzzle.board, seed_rating(puzzle.board, puzzle.deduction))
    return ratings.PoolPuzzle(pattern_id, seed, puzzle.board, rating)


def next_puzzle(owner: str, pattern_id: str) -> practice_store.PuzzleRecord:
    """A new puzzle of the pattern, kept for the player: the pool's nearest their rating in the pattern that they have
    not had, or a new one (which joins the pool); ``NoPuzzle`` when none could be made."""
    rating = ratings.player_ratings(owner).get(pattern_id, PLAYER_START)
    pooled = ratings.nearest(owner, pattern_id, rating)
    errors: list[str] = []
    while pooled is None and len(errors) < SEEDS_TRIED:
        pooled = _made(pattern_id, errors)
    if pooled is not None:
        return practice_store.create_puzzle(owner, pattern_id, pooled.seed, pooled.board)
    # I18N: no practice puzzle could be generated for a lesson this time; %(lesson)s is the lesson's id, in quotes,
    # %(reason)s the engine's reason (in English)
    raise NoPuzzle(_("no practice puzzle for %(lesson)s could be made just now, try again: %(reason)s",
                     lesson=repr(pattern_id), reason=errors[-1]))


def fill(pattern_id: str, size: int) -> int:
    """Make puzzles of the pattern until its pool holds ``size``; how many were made."""
    made = 0
    failures = 0
    while ratings.pool_size(pattern_id) < size and failures < SEEDS_TRIED * size:
        if _made(pattern_id, []) is None:
            failures += 1
        else:
            made += 1
    return made


puzzles_command = AppGroup("puzzles", help="The pool of rated practice puzzles.")


@puzzles_command.command("fill")
@click.option("--size", type=click.IntRange(min=1), default=ratings.POOL_SIZE, show_default=True,
              help="Puzzles each lesson's pool should hold.")
@click.option("--lesson", "lessons", type=click.Choice(PATTERN_IDS), multiple=True,
              help="Only this lesson (repeat for more); every lesson by default.")
def fill_command(size: int, lessons: tuple[str, ...]) -> None:
    """Make each lesson's pool of practice puzzles ahead of time, up to SIZE puzzles."""
    for pattern_id in lessons or PATTERN_IDS:
        made = fill(pattern_id, size)
        click.echo(f"{pattern_id}: {made} made, {ratings.pool_size(pattern_id)} in the pool")
