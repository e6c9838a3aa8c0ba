-- 1969 tables (issue 14, docs/editions.md "1969 (Allen)"): the seats (the
-- people's tokens, the bots' styles) and the game's log, rewritten after each
-- act, so a table survives a restart and is found by any instance.
CREATE TABLE tables1969 (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    seats TEXT NOT NULL,
    log TEXT NOT NULL
);
