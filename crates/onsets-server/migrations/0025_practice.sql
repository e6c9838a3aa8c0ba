-- Practice (docs/practice.md): Storm and Streak runs, and every practice
-- answer with its time, for the dashboard of weak spots.

-- A run: the list of puzzles issued (ids separated by spaces, in order), when
-- it was issued, and once its result is posted the score the server counted.
CREATE TABLE practice_runs (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    mode TEXT NOT NULL,
    puzzles TEXT NOT NULL,
    issued_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    score BIGINT NOT NULL DEFAULT 0,
    moves BIGINT NOT NULL DEFAULT 0,
    errors BIGINT NOT NULL DEFAULT 0,
    best_combo BIGINT NOT NULL DEFAULT 0,
    ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX practice_runs_player ON practice_runs (player, mode, finished_ms);

-- One answer of a run or of weak-spot practice: its themes as judged (the
-- puzzle's, its variations', the rule sections cited), its time.
CREATE TABLE practice_attempts (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    mode TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    correct BIGINT NOT NULL,
    ms BIGINT NOT NULL,
    themes TEXT NOT NULL
);
CREATE INDEX practice_attempts_player ON practice_attempts (player, at_ms);
