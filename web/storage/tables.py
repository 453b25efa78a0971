"""The tables, as SQLAlchemy Core ``Table`` objects: the one description of the
schema that queries are written against.  The migrations under
``web/storage/schema/versions`` build it, step by step, on SQLite and on
PostgreSQL; a test checks that the two agree (``tests/web/test_storage.py``).

games: one row per game, the game as JSON (hidden layout included: it never
leaves the server before the game ends), owned by a browser session or an
account (``owner``); when a game ends its figures are kept beside it (the
``result`` columns) for statistics and leaderboards.
puzzles, practice_totals: Learn's practice puzzles and the answers of pruned ones.
users, logins, sign_in_failures: accounts, signed-in browsers (by the hash of
their token), failed sign-ins of the last minutes.
results: one row per finished game, for statistics and leaderboards; it
outlives the game row (retention deletes games, not results of accounts).
daily_attempts: one attempt per player and daily board (its key is the guard);
it outlives the game and the account.
missed_steps: the logical steps a player's finished games show they missed (each
avoidable guess, with the pattern of the simplest step there was), for practice
from the player's own games; they go with their game's result.
practice_schedule: per player and pattern, the spaced-repetition state of that
practice (``web.storage.training``).
puzzle_pool: every rated practice puzzle, shared by all players: its pattern and seed (which make its board), its
board, and its difficulty rating (``explainer.learn.ratings``), refined by every first attempt.
practice_ratings: per player and technique (a lesson's pattern, or ``overall``), the player's rating;
practice_rating_events: each rating after each rated attempt, for the trend and the chart of the Learn page.
training_runs: Storm and Streak runs (``explainer.learn.runs``): the run's secret seed (its puzzles), the server's
clock, the score, whether it ranks, and each answer given.
settings: a key-value table kept from the first schema.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, Table, Text, false

__all__ = [
    "ACCOUNT_PREFIX",
    "metadata",
    "daily_attempts",
    "games",
    "logins",
    "missed_steps",
    "practice_rating_events",
    "practice_ratings",
    "practice_schedule",
    "puzzle_pool",
    "practice_totals",
    "puzzles",
    "results",
    "settings",
    "sign_in_failures",
    "training_runs",
    "users",
]

metadata = MetaData()

#: an ``owner`` is a browser session's id, or ``u:<user id>`` for an account (a session id never holds a colon)
ACCOUNT_PREFIX = "u:"

games = Table(
    "games",
    metadata,
    Column("id", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("mode", Text, nullable=False),
    Column("data", Text, nullable=False),
    Column("replay_of", Text),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float),
    Column("finished_at", Float),
    Column("updated_at", Float, nullable=False),
    Column("kind", Text),  # the board kind: a preset ("expert", "expert*1.2") or a size ("20x12/50")
    Column("daily", Text),  # a daily board's day and preset ("2026-11-23/expert")
    Column("origin", Text),  # where its layout came from (web.storage.ranking.Origin); None before version 0003
    Column("adopted", Boolean, nullable=False, server_default=false()),  # an anonymous game handed to an account
    Index("games_owner", "owner"),
    Index("games_updated", "updated_at"),
    Index("games_daily", "daily", "owner"),
)

puzzles = Table(
    "puzzles",
    metadata,
    Column("id", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("pattern", Text, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("board", Text, nullable=False),
    Column("answers", Integer, nullable=False, server_default="0"),
    Column("first_right", Integer),
    Column("solved_at", Float),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("puzzles_owner", "owner", "pattern"),
    Index("puzzles_updated", "updated_at"),
)

practice_totals = Table(
    "practice_totals",
    metadata,
    Column("owner", Text, primary_key=True),
    Column("pattern", Text, primary_key=True),
    Column("solved", Integer, nullable=False, server_default="0"),
    Column("answered", Integer, nullable=False, server_default="0"),
    Column("first_try", Integer, nullable=False, server_default="0"),
)

settings = Table(
    "settings",
    metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

users = Table(
    "users",
    metadata,
    Column("id", Text, primary_key=True),
    Column("username", Text, nullable=False),  # as typed
    Column("username_key", Text, nullable=False, unique=True),  # folded: two names that look alike collide
    Column("password_hash", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

logins = Table(
    "logins",
    metadata,
    Column("token_hash", Text, primary_key=True),
    Column("user_id", Text, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("logins_user", "user_id"),
)

sign_in_failures = Table(
    "sign_in_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", Text, nullable=False),  # "user:<folded name>" or "address:<ip>"
    Column("at", Float, nullable=False),
    Index("sign_in_failures_key", "key", "at"),
)

results = Table(
    "results",
    metadata,
    Column("game_id", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("mode", Text, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("assisted", Text, nullable=False, server_default=""),  # why it is assisted: "hint,undo", or ""
    Column("hints", Integer, nullable=False, server_default="0"),
    Column("saves", Integer, nullable=False, server_default="0"),
    Column("guesses_forced", Integer),  # from the review, when it has been made
    Column("guesses_avoidable", Integer),
    Column("daily", Text),
    Column("unranked", Text, nullable=False, server_default=""),  # why it does not rank: "replay,hint", or ""
    Column("review_pending", Boolean, nullable=False, server_default=false()),  # the review is still to be made
    Column("figures", Text),  # the community's figures (3BV/s, IOE, STNB ...) from ms_toollib, as JSON, once reviewed
    # a game in play: a provisional loss that counts from ``finished_at`` on, if the game is left (0005)
    Column("open", Boolean, nullable=False, server_default=false()),
    Index("results_owner", "owner", "kind", "mode", "finished_at"),
    Index("results_board", "kind", "mode", "won", "seconds"),
    Index("results_daily", "daily", "won", "seconds"),
    Index("results_ranked", "kind", "mode", "unranked", "won", "seconds"),
)

daily_attempts = Table(
    "daily_attempts",
    metadata,
    Column("daily", Text, primary_key=True),  # the day and preset ("2026-11-23/expert")
    Column("player", Text, primary_key=True),  # "a:" + keyed hash of an account's folded name, or "s:" + session id
    Column("game_id", Text, nullable=False),
    Column("account", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
    Index("daily_attempts_game", "game_id"),
)

missed_steps = Table(
    "missed_steps",
    metadata,
    Column("game_id", Text, primary_key=True),
    Column("move", Integer, primary_key=True),  # the move's number in the game's review (1-based)
    Column("owner", Text, nullable=False),
    Column("pattern", Text, nullable=False),  # the lesson of the step that was available
    Column("safe", Text, nullable=False),  # the cells the step proves safe, as JSON [[row, col], ...]
    Column("mines", Text, nullable=False),  # and the ones it proves mines
    Column("finished_at", Float, nullable=False),  # when the game ended
    Index("missed_steps_owner", "owner", "pattern", "finished_at"),
)

practice_schedule = Table(
    "practice_schedule",
    metadata,
    Column("owner", Text, primary_key=True),
    Column("pattern", Text, primary_key=True),
    Column("streak", Integer, nullable=False, server_default="0"),  # first-try rights in a row since the last miss
    Column("due_at", Float, nullable=False),  # when the pattern is due again
)

puzzle_pool = Table(
    "puzzle_pool",
    metadata,
    Column("pattern", Text, primary_key=True),
    Column("seed", Integer, primary_key=True),
    Column("board", Text, nullable=False),  # the text format
    Column("mu", Float, nullable=False),  # its difficulty (``explainer.learn.ratings.Rating``)
    Column("sigma", Float, nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),  # first attempts rated
    Index("puzzle_pool_rating", "pattern", "mu"),
)

practice_ratings = Table(
    "practice_ratings",
    metadata,
    Column("owner", Text, primary_key=True),
    Column("technique", Text, primary_key=True),  # a lesson's pattern, or "overall"
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("updated_at", Float, nullable=False),
)

training_runs = Table(
    "training_runs",
    metadata,
    Column("id", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("kind", Text, nullable=False),  # ``explainer.learn.runs.RunKind``
    Column("seed", Integer, nullable=False),  # secret: it makes the run's puzzles
    Column("started_at", Float, nullable=False),
    Column("ends_at", Float),  # a storm's clock (wrong answers bring it nearer); null for a streak
    Column("finished_at", Float),  # null while the run is on
    Column("score", Integer, nullable=False, server_default="0"),  # puzzles solved
    Column("wrong", Integer, nullable=False, server_default="0"),
    Column("ranked", Boolean, nullable=False, server_default=false()),  # ``web.storage.runs``: why a run ranks
    Column("served_at", Float, nullable=False),  # when the current puzzle was served
    Column("answers", Text, nullable=False, server_default="[]"),  # JSON: each answer given, in order
    Index("training_runs_owner", "owner", "kind"),
    Index("training_runs_best", "kind", "ranked", "score"),
)

practice_rating_events = Table(
    "practice_rating_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("owner", Text, nullable=False),
    Column("technique", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("mu", Float, nullable=False),  # the rating after the attempt
    Index("practice_rating_events_owner", "owner", "technique", "at"),
)
