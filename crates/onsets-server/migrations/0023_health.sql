-- One row that `/healthz` rewrites (at most about once a second per
-- instance) to learn whether the database takes writes (docs/protocol.md,
-- "Health"; docs/security.md, "Acknowledged means stored").
CREATE TABLE health (
    id INTEGER PRIMARY KEY,
    checked_at BIGINT NOT NULL
);
