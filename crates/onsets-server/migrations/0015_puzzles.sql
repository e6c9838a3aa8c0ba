-- Puzzles (issue 15, docs/puzzles.md): the pool, each puzzle's Glicko-2
-- rating, the players (anonymous: a random id kept by the browser) with their
-- rating and streak, and every attempt.
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_players (
    id TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    streak BIGINT NOT NULL DEFAULT 0,
    best_streak BIGINT NOT NULL DEFAULT 0,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_attempts (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    correct BIGINT NOT NULL,
    rated BIGINT NOT NULL
);
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, puzzle);
