-- The post-game review of a finished or abandoned table, computed once
-- (docs/protocol.md, "Review"): the JSON of docs/review.md.
CREATE TABLE reviews (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    review TEXT NOT NULL
);
