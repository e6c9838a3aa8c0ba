-- Ratings and match history of accounts (issue 17, docs/ratings.md).
-- A signed-in player claims their seat of an online table with its token.
CREATE TABLE account_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX account_seats_account ON account_seats (account_id);

-- A finished table whose ratings were applied (once, whichever instance).
CREATE TABLE account_rated_tables (
    table_id TEXT PRIMARY KEY,
    rated_at BIGINT NOT NULL
);

-- Weng-Lin rating per account and Division.
CREATE TABLE account_ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    division TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account_id, division)
);

-- Every rated match of an account.
CREATE TABLE account_matches (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    table_id TEXT NOT NULL,
    division TEXT NOT NULL,
    finished_at BIGINT NOT NULL,
    match_points BIGINT NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    deviation_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, table_id)
);
