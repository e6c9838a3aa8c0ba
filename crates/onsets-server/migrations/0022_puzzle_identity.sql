-- Fair puzzle ratings (docs/puzzles.md, "Players"; docs/security.md).
-- The server's random secrets, made once and shared by every instance: the
-- key that signs the anonymous puzzle players' ids it issues.
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One rated attempt per player and puzzle, enforced by the database: the
-- first attempt claims the row; a concurrent or later one finds it taken.
CREATE TABLE puzzle_rated (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    PRIMARY KEY (player, puzzle)
);
INSERT INTO puzzle_rated (player, puzzle)
    SELECT DISTINCT player, puzzle FROM puzzle_attempts WHERE rated = 1;
