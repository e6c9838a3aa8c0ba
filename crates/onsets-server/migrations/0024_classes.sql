-- Coaches and their classes (docs/classes.md): classes with their coaches,
-- students (invited accounts and managed ones), news, assignments, the
-- puzzle attempts of signed-in players with their rating after each (the
-- rating trend of the progress page), and the live classroom board.

CREATE TABLE classes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    division TEXT NOT NULL,
    edition TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    archived BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE class_coaches (
    class_id TEXT NOT NULL REFERENCES classes (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (class_id, account_id)
);
CREATE INDEX class_coaches_account ON class_coaches (account_id);

-- status: invited (the student has not accepted yet), active, archived.
-- name: the name the coach knows the student by, shown to the class's
-- coaches only (a managed account's public name is its generated username).
CREATE TABLE class_students (
    class_id TEXT NOT NULL REFERENCES classes (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    name TEXT NOT NULL,
    managed BIGINT NOT NULL,
    status TEXT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (class_id, account_id)
);
CREATE INDEX class_students_account ON class_students (account_id);

-- An account a coach made: kid-safe, it belongs to one class.
CREATE TABLE managed_accounts (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id),
    class_id TEXT NOT NULL REFERENCES classes (id),
    created_at BIGINT NOT NULL
);

CREATE TABLE class_news (
    id TEXT PRIMARY KEY,
    class_id TEXT NOT NULL REFERENCES classes (id),
    author TEXT NOT NULL REFERENCES accounts (id),
    body TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX class_news_class ON class_news (class_id, at);

-- kind: puzzles (puzzles: the ids, space-separated), lesson (lesson), or
-- matches (count against a bot of level). due: a day (days since 1970).
CREATE TABLE class_assignments (
    id TEXT PRIMARY KEY,
    class_id TEXT NOT NULL REFERENCES classes (id),
    kind TEXT NOT NULL,
    spec TEXT NOT NULL,
    puzzles TEXT NOT NULL,
    lesson TEXT NOT NULL,
    count BIGINT NOT NULL,
    level TEXT NOT NULL,
    due BIGINT,
    created_at_ms BIGINT NOT NULL,
    created_by TEXT NOT NULL REFERENCES accounts (id)
);
CREATE INDEX class_assignments_class ON class_assignments (class_id);

-- Every judged puzzle attempt of a signed-in player, with their puzzle
-- rating after it.
CREATE TABLE account_puzzle_attempts (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    puzzle TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    correct BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL
);
CREATE INDEX account_puzzle_attempts_account ON account_puzzle_attempts (account_id, at_ms);

-- The one position a class's board shows (version: one per position shown).
CREATE TABLE class_boards (
    class_id TEXT PRIMARY KEY REFERENCES classes (id),
    version BIGINT NOT NULL,
    puzzle TEXT NOT NULL,
    revealed BIGINT NOT NULL,
    shown_at_ms BIGINT NOT NULL
);

CREATE TABLE class_board_answers (
    class_id TEXT NOT NULL REFERENCES classes (id),
    version BIGINT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    answer TEXT NOT NULL,
    correct BIGINT NOT NULL,
    message TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (class_id, version, account_id)
);
