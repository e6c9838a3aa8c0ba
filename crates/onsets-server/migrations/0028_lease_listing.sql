-- The lobby's entry of each live table, kept by the instance that holds it
-- (docs/scaling.md, "The lobby list"): the table's `TableInfo` as JSON,
-- written when the table is taken and whenever it changes (at most every
-- lease renewal), so that `GET /api/tables` on any instance lists the
-- tables every live instance holds. NULL until first written; unused on
-- SQLite (one instance lists what it holds).
ALTER TABLE table_leases ADD COLUMN info TEXT;
