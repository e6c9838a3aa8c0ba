//! Practice (docs/practice.md; migration `0025_practice.sql`): Storm and
//! Streak runs with the list each was issued and the score the server
//! counted, and every practice answer with its time and themes. The
//! dashboard also reads the puzzles' own attempts (`puzzle_attempts`, with
//! their time when the client sent one: migration `0031_practice_races.sql`).
//! And the results of Puzzle Race (`race_results`, the same migration).

use super::{with_pool, Store, StoreResult};
use sqlx::Row;

/// A run as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRow {
    pub id: String,
    pub player: String,
    pub mode: String,
    /// The puzzle ids issued, in order.
    pub puzzles: Vec<String>,
    pub issued_ms: i64,
    /// `None` until the result is posted.
    pub finished_ms: Option<i64>,
}

/// A finished run's counted result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub score: i64,
    pub moves: i64,
    pub errors: i64,
    pub best_combo: i64,
    pub ms: i64,
}

/// A finished run in a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub id: String,
    pub at_ms: i64,
    pub result: RunResult,
}

/// One answer to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub puzzle: String,
    pub correct: bool,
    pub ms: i64,
    /// Theme slugs (the puzzle's, `variation:…`, `rule:…`).
    pub themes: Vec<String>,
}

/// One answer read back for the dashboard: `themes` is `None` for an
/// attempt of the puzzles' own route (`puzzle_attempts`), and `ms` too when
/// that attempt was sent without its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub puzzle: String,
    pub at_ms: i64,
    pub correct: bool,
    pub ms: Option<i64>,
    pub themes: Option<Vec<String>>,
}

/// Stores a run's list as issued.
pub async fn open_run(store: &Store, run: &RunRow) -> StoreResult<()> {
    let sql = "INSERT INTO practice_runs (id, player, mode, puzzles, issued_ms) \
               VALUES ($1, $2, $3, $4, $5)";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(&run.id)
        .bind(&run.player)
        .bind(&run.mode)
        .bind(run.puzzles.join(" "))
        .bind(run.issued_ms)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// A run by its id.
pub async fn run(store: &Store, id: &str) -> StoreResult<Option<RunRow>> {
    let sql = "SELECT id, player, mode, puzzles, issued_ms, finished_ms \
               FROM practice_runs WHERE id = $1";
    let rows: Vec<RunRow> = with_pool!(store, |p| sqlx::query(sql)
        .bind(id)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| RunRow {
            id: r.get(0),
            player: r.get(1),
            mode: r.get(2),
            puzzles: r
                .get::<String, _>(3)
                .split_whitespace()
                .map(String::from)
                .collect(),
            issued_ms: r.get(4),
            finished_ms: r.get(5),
        })
        .collect());
    Ok(rows.into_iter().next())
}

/// Inserts one answer on `tx` (either database).
macro_rules! insert_answer_on {
    ($tx:expr, $player:expr, $mode:expr, $a:expr, $at:expr) => {
        sqlx::query(
            "INSERT INTO practice_attempts (player, puzzle, mode, at_ms, correct, ms, themes) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind($player)
        .bind(&$a.puzzle)
        .bind($mode)
        .bind($at)
        .bind(i64::from($a.correct))
        .bind($a.ms)
        .bind($a.themes.join(" "))
        .execute(&mut *$tx)
        .await
        .map(|_| ())
    };
}

/// Stores a run's result and its answers in one transaction. A run issued
/// before (`issued`: true) is finished only once: `false` when its result
/// was already posted (nothing is written then). A run posted without its
/// list is inserted finished.
pub async fn finish_run(
    store: &Store,
    run: &RunRow,
    issued: bool,
    result: &RunResult,
    answers: &[Answer],
    now_ms: i64,
) -> StoreResult<bool> {
    with_pool!(store, |p| {
        let mut tx = p.begin().await?;
        let done = if issued {
            sqlx::query(
                "UPDATE practice_runs SET finished_ms = $2, score = $3, moves = $4, errors = $5, \
                 best_combo = $6, ms = $7 WHERE id = $1 AND finished_ms IS NULL",
            )
            .bind(&run.id)
            .bind(now_ms)
            .bind(result.score)
            .bind(result.moves)
            .bind(result.errors)
            .bind(result.best_combo)
            .bind(result.ms)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1
        } else {
            sqlx::query(
                "INSERT INTO practice_runs (id, player, mode, puzzles, issued_ms, finished_ms, \
                 score, moves, errors, best_combo, ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(&run.id)
            .bind(&run.player)
            .bind(&run.mode)
            .bind(run.puzzles.join(" "))
            .bind(run.issued_ms)
            .bind(now_ms)
            .bind(result.score)
            .bind(result.moves)
            .bind(result.errors)
            .bind(result.best_combo)
            .bind(result.ms)
            .execute(&mut *tx)
            .await?;
            true
        };
        if !done {
            return Ok(false);
        }
        for a in answers {
            insert_answer_on!(tx, &run.player, &run.mode, a, now_ms)?;
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// Stores one answer of weak-spot practice or of a replay.
pub async fn record_answer(store: &Store, player: &str, mode: &str, a: &Answer) -> StoreResult<()> {
    let at = super::now_ms();
    with_pool!(store, |p| {
        let mut tx = p.begin().await?;
        insert_answer_on!(tx, player, mode, a, at)?;
        tx.commit().await?;
        Ok(())
    })
}

/// A player's finished runs of `mode`, newest first, at most `limit`.
pub async fn history(
    store: &Store,
    player: &str,
    mode: &str,
    limit: i64,
) -> StoreResult<Vec<Finished>> {
    finished(
        store,
        "SELECT id, finished_ms, score, moves, errors, best_combo, ms FROM practice_runs \
         WHERE player = $1 AND mode = $2 AND finished_ms IS NOT NULL \
         ORDER BY finished_ms DESC, id LIMIT $3",
        player,
        mode,
        limit,
    )
    .await
}

/// A player's best finished run of `mode` (the highest score, the first
/// reached on a tie).
pub async fn best(store: &Store, player: &str, mode: &str) -> StoreResult<Option<Finished>> {
    Ok(finished(
        store,
        "SELECT id, finished_ms, score, moves, errors, best_combo, ms FROM practice_runs \
         WHERE player = $1 AND mode = $2 AND finished_ms IS NOT NULL \
         ORDER BY score DESC, finished_ms ASC, id LIMIT $3",
        player,
        mode,
        1,
    )
    .await?
    .into_iter()
    .next())
}

async fn finished(
    store: &Store,
    sql: &'static str,
    player: &str,
    mode: &str,
    limit: i64,
) -> StoreResult<Vec<Finished>> {
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(player)
        .bind(mode)
        .bind(limit)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| Finished {
            id: r.get(0),
            at_ms: r.get(1),
            result: RunResult {
                score: r.get(2),
                moves: r.get(3),
                errors: r.get(4),
                best_combo: r.get(5),
                ms: r.get(6),
            },
        })
        .collect()))
}

/// Every answer of `player` since `since_ms`, oldest first: the practice
/// answers (with their times and themes) and the puzzles' own attempts.
pub async fn attempts_since(
    store: &Store,
    player: &str,
    since_ms: i64,
) -> StoreResult<Vec<Attempt>> {
    let practice = "SELECT puzzle, at_ms, correct, ms, themes FROM practice_attempts \
                    WHERE player = $1 AND at_ms >= $2";
    let plain = "SELECT puzzle, at_ms, correct, ms FROM puzzle_attempts \
                 WHERE player = $1 AND at_ms >= $2";
    let mut out: Vec<Attempt> = with_pool!(store, |p| sqlx::query(practice)
        .bind(player)
        .bind(since_ms)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| Attempt {
            puzzle: r.get(0),
            at_ms: r.get(1),
            correct: r.get::<i64, _>(2) != 0,
            ms: Some(r.get(3)),
            themes: Some(
                r.get::<String, _>(4)
                    .split_whitespace()
                    .map(String::from)
                    .collect(),
            ),
        })
        .collect());
    let more: Vec<Attempt> = with_pool!(store, |p| sqlx::query(plain)
        .bind(player)
        .bind(since_ms)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| Attempt {
            puzzle: r.get(0),
            at_ms: r.get(1),
            correct: r.get::<i64, _>(2) != 0,
            ms: r.get::<Option<i64>, _>(3),
            themes: None,
        })
        .collect());
    out.extend(more);
    out.sort_by(|a, b| a.at_ms.cmp(&b.at_ms).then(a.puzzle.cmp(&b.puzzle)));
    Ok(out)
}

/// A signed-in player's result of a finished race (migration
/// `0031_practice_races.sql`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceResultRow {
    pub race: String,
    pub account: String,
    pub name: String,
    pub finished_ms: i64,
    /// 1 for the winner.
    pub rank: i64,
    pub players: i64,
    pub solved: i64,
    pub missed: i64,
    /// The player's time at their last right answer, penalties included.
    pub time_ms: i64,
}

/// Stores a race's result for one account (once: a second is ignored).
pub async fn save_race_result(store: &Store, r: &RaceResultRow) -> StoreResult<()> {
    let sql = "INSERT INTO race_results \
               (race, account, name, finished_ms, rank, players, solved, missed, time_ms) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
               ON CONFLICT (race, account) DO NOTHING";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(&r.race)
        .bind(&r.account)
        .bind(&r.name)
        .bind(r.finished_ms)
        .bind(r.rank)
        .bind(r.players)
        .bind(r.solved)
        .bind(r.missed)
        .bind(r.time_ms)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// An account's race results, newest first, at most `limit`.
pub async fn race_results(
    store: &Store,
    account: &str,
    limit: i64,
) -> StoreResult<Vec<RaceResultRow>> {
    let sql = "SELECT race, account, name, finished_ms, rank, players, solved, missed, time_ms \
               FROM race_results WHERE account = $1 \
               ORDER BY finished_ms DESC, race LIMIT $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .bind(limit)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| RaceResultRow {
            race: r.get(0),
            account: r.get(1),
            name: r.get(2),
            finished_ms: r.get(3),
            rank: r.get(4),
            players: r.get(5),
            solved: r.get(6),
            missed: r.get(7),
            time_ms: r.get(8),
        })
        .collect()))
}

/// The time `ms` of `player`'s latest attempt at `puzzle` on the puzzles'
/// own route, stored right after it (`POST /api/puzzles/{id}/attempt` with
/// `ms`; docs/practice.md, "My weaknesses").
pub async fn set_attempt_ms(store: &Store, player: &str, puzzle: &str, ms: i64) -> StoreResult<()> {
    let sql = "UPDATE puzzle_attempts SET ms = $3 \
               WHERE player = $1 AND puzzle = $2 AND ms IS NULL AND at_ms = \
               (SELECT MAX(at_ms) FROM puzzle_attempts WHERE player = $1 AND puzzle = $2)";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(player)
        .bind(puzzle)
        .bind(ms)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}
