-- Links of accounts and tournaments (issue 17): the anonymous puzzle
-- players (the browser's id, docs/puzzles.md) an account solved as while
-- signed in, the tournaments an account plays in (joined signed in), and
-- the online tables of online events.
CREATE TABLE account_puzzle_players (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    player TEXT NOT NULL,
    PRIMARY KEY (account_id, player)
);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_players_account ON tournament_players (account_id);

-- The online table each paired table of an online event is played at: its
-- result goes to the event when the match ends.
CREATE TABLE tournament_tables (
    table_id TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL,
    round BIGINT NOT NULL,
    table_no BIGINT NOT NULL
);
