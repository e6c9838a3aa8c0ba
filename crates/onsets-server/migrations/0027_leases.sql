-- Which server instance holds each live table (docs/scaling.md, "Leases").
-- Several `onsets serve` instances on one PostgreSQL: the holder's every
-- write of the table is conditional on this row still naming it with the
-- same `epoch` (the fencing token, raised by every take-over), so a stale
-- holder's write is refused. `until_ms` is renewed by the live holder; a
-- lapsed lease (its instance died) may be adopted by any instance. One
-- instance on SQLite takes no leases: the table stays empty there.
CREATE TABLE table_leases (
    table_id TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    until_ms BIGINT NOT NULL
);
CREATE INDEX table_leases_holder ON table_leases (holder);
