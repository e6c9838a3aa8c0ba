-- Accounts, sessions and tournaments (issue 17, docs/tournaments.md).
-- Numbered after the issue so that other features' migrations do not collide.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    -- As shown (normalised, docs/protocol.md "names").
    name TEXT NOT NULL,
    -- The name lower-cased: unique.
    name_key TEXT NOT NULL UNIQUE,
    -- argon2id, PHC string format (salt and parameters included).
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A signed-in browser: the SHA-256 of its cookie's random token.
CREATE TABLE account_sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    expires_at BIGINT NOT NULL
);
CREATE INDEX account_sessions_account ON account_sessions (account_id);

-- An event: onsets_tournament::Event as JSON, written with optimistic
-- versions (several server instances may share the database).
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    organizer TEXT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    version BIGINT NOT NULL,
    event TEXT NOT NULL
);
CREATE INDEX tournaments_organizer ON tournaments (organizer);
