-- Puzzle Race (docs/practice.md, "Race"): the result of each signed-in
-- player of a finished race (people without an account race unrecorded).
CREATE TABLE race_results (
    race TEXT NOT NULL,
    account TEXT NOT NULL,
    name TEXT NOT NULL,
    finished_ms BIGINT NOT NULL,
    rank BIGINT NOT NULL,
    players BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    missed BIGINT NOT NULL,
    time_ms BIGINT NOT NULL,
    PRIMARY KEY (race, account)
);
CREATE INDEX race_results_account ON race_results (account, finished_ms);

-- The time an answer of `POST /api/puzzles/{id}/attempt` took, when the client
-- sent it (`ms`, 100 ms to 10 minutes): the dashboard's median time counts it.
ALTER TABLE puzzle_attempts ADD COLUMN ms BIGINT;
