-- The lesson steps a signed-in player has done (issue 15 item 3, docs/lessons.md).
-- Numbered after the issue and item (15, 3) so that other features' migrations
-- do not collide. Anonymous players keep their progress in the browser only.
CREATE TABLE lesson_progress (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    lesson TEXT NOT NULL,
    step BIGINT NOT NULL,
    done_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, lesson, step)
);
