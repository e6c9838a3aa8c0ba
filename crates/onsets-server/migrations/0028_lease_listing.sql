-- The lobby's entry of each live table, kept by the instance that holds it
-- (docs/scaling.md, "The lobby list"): the table's `TableInfo` as JSON,
-- written when the table is made and whenever it changes (at most every
-- lease renewal), so that `GET /api/tables` on any instance lists the
-- tables every live instance holds (an entry counts while `holder` holds
-- the table's live lease in `table_leases`). Kept apart from the lease rows
-- so that writing it never waits on, or holds up, the fenced writes that
-- lock those rows. Unused on SQLite (one instance lists what it holds).
CREATE TABLE table_listing (
    table_id TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    info TEXT NOT NULL
);
