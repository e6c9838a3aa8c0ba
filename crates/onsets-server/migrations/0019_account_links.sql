-- What a profile shows besides ratings (issue 17): the anonymous puzzle
-- players (the browser's id, docs/puzzles.md) an account solved as while
-- signed in, and the tournaments an account plays in (joined signed in).
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
