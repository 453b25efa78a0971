-- The games database as version 2 of the schema (``web/storage/migrations.py``): a fresh file is
-- made from this; an older file is brought here by the numbered migrations.
-- games: one row per game, the game as JSON (hidden layout included: it never leaves the server
-- before the game ends), owned by the browser session that created it.
-- puzzles, practice_totals: Learn's practice puzzles and the answers of pruned ones.
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    mode TEXT NOT NULL,
    data TEXT NOT NULL,
    replay_of TEXT,
    created_at REAL NOT NULL,
    started_at REAL,
    finished_at REAL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_owner ON games (owner);
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    pattern TEXT NOT NULL,
    seed INTEGER NOT NULL,
    board TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    first_right INTEGER,
    solved_at REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_owner ON puzzles (owner, pattern);
CREATE TABLE IF NOT EXISTS practice_totals (
    owner TEXT NOT NULL,
    pattern TEXT NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    answered INTEGER NOT NULL DEFAULT 0,
    first_try INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, pattern)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated_at);
CREATE INDEX IF NOT EXISTS puzzles_updated ON puzzles (updated_at);
