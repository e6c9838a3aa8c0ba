-- Tables, their seats and their event logs (docs/protocol.md, "Persistence").
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    -- The table as created (JSON): division, seats, bots, round length, seed.
    spec TEXT NOT NULL,
    -- waiting, playing or over.
    status TEXT NOT NULL,
    -- The match log's header (JSON MatchConfig) once every seat is taken.
    header TEXT
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

-- Every applied action, in order: the match log after its header.
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
