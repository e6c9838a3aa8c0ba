//! Puzzles and their players (docs/puzzles.md; migration
//! `0015_puzzles.sql`): the pool as stored with each puzzle's rating, the
//! players' ratings and streaks, the attempts, and which players an account
//! solved as.

use super::{now_ms, Store, StoreError, StoreResult};
use onsets_puzzles::Puzzle;
use skillratings::glicko2::Glicko2Rating;
use sqlx::Row;

macro_rules! exec {
    ($store:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => { sqlx::query($sql)$(.bind($bind))*.execute(p).await?; }
            Store::Postgres(p) => { sqlx::query($sql)$(.bind($bind))*.execute(p).await?; }
        }
    };
}

macro_rules! rows {
    ($store:expr, $sql:expr, $row:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
            Store::Postgres(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
        }
    };
}

/// A [`Rated`] from a row's columns: rating, deviation, volatility,
/// attempts, solved, streak, best streak (a puzzle's streaks selected as 0).
macro_rules! rated {
    ($r:expr) => {
        Rated {
            r: Glicko2Rating {
                rating: $r.get(0),
                deviation: $r.get(1),
                volatility: $r.get(2),
            },
            attempts: $r.get(3),
            solved: $r.get(4),
            streak: $r.get(5),
            best_streak: $r.get(6),
        }
    };
}

/// A rating with its counts, as stored (a puzzle's streaks are 0).
#[derive(Clone, Debug)]
pub struct Rated {
    pub r: Glicko2Rating,
    pub attempts: i64,
    pub solved: i64,
    pub streak: i64,
    pub best_streak: i64,
}

impl Rated {
    /// A newcomer's rating, nothing tried.
    pub fn new() -> Rated {
        Rated {
            r: Glicko2Rating::new(),
            attempts: 0,
            solved: 0,
            streak: 0,
            best_streak: 0,
        }
    }
}

impl Default for Rated {
    fn default() -> Self {
        Rated::new()
    }
}

/// The stored puzzles of `ids` (those the table has; a body that no longer
/// reads is left out): puzzles generated ahead by another instance or
/// before a restart (docs/practice.md, "The storm pool").
pub async fn bodies(store: &Store, ids: &[String]) -> StoreResult<Vec<Puzzle>> {
    let mut out = Vec::new();
    for id in ids {
        let found = rows!(
            store,
            "SELECT body FROM puzzles WHERE id = $1",
            |r| r.get::<String, _>(0),
            id.as_str()
        );
        out.extend(
            found
                .iter()
                .filter_map(|b| serde_json::from_str::<Puzzle>(b).ok()),
        );
    }
    Ok(out)
}

/// Writes `every` puzzle to the database when any of them is not there yet
/// (a regenerated pool adds new ids; rows of puzzles no longer in the pool
/// stay, with their ratings, but are never offered).
pub async fn ensure_pool(store: &Store, every: &[Puzzle]) -> StoreResult<()> {
    let ids: std::collections::HashSet<String> =
        rows!(store, "SELECT id FROM puzzles", |r| r.get::<String, _>(0))
            .into_iter()
            .collect();
    if every.iter().all(|p| ids.contains(&p.id)) {
        return Ok(());
    }
    for p in every {
        let body = serde_json::to_string(p).map_err(StoreError::json("puzzle"))?;
        exec!(
            store,
            "INSERT INTO puzzles (id, kind, body, themes, rating, deviation, volatility) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
            p.id.as_str(),
            p.kind.name(),
            body,
            p.themes.join(" "),
            p.difficulty as f64,
            300.0f64,
            0.06f64
        );
    }
    Ok(())
}

/// A puzzle's rating, if it is stored.
pub async fn puzzle_rating(store: &Store, id: &str) -> StoreResult<Option<Rated>> {
    let v = rows!(
        store,
        "SELECT rating, deviation, volatility, attempts, solved, CAST(0 AS BIGINT), CAST(0 AS BIGINT) \
             FROM puzzles WHERE id = $1",
        |r| rated!(r),
        id
    );
    Ok(v.into_iter().next())
}

/// A player's rating (a newcomer's when it has none).
pub async fn player_rating(store: &Store, id: &str) -> StoreResult<Rated> {
    let v = rows!(
        store,
        "SELECT rating, deviation, volatility, attempts, solved, streak, best_streak \
         FROM puzzle_players WHERE id = $1",
        |r| rated!(r),
        id
    );
    Ok(v.into_iter().next().unwrap_or_default())
}

/// The puzzles a player has tried.
pub async fn tried_by(store: &Store, player: &str) -> StoreResult<Vec<String>> {
    Ok(rows!(
        store,
        "SELECT DISTINCT puzzle FROM puzzle_attempts WHERE player = $1",
        |r| r.get::<String, _>(0),
        player
    ))
}

/// Every stored puzzle's rating.
pub async fn ratings(store: &Store) -> StoreResult<Vec<(String, f64)>> {
    Ok(rows!(store, "SELECT id, rating FROM puzzles", |r| (
        r.get::<String, _>(0),
        r.get::<f64, _>(1)
    )))
}

/// The account solved as `player` (its profile shows the record).
pub async fn link_player(store: &Store, account: &str, player: &str) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO account_puzzle_players (account_id, player) VALUES ($1, $2) \
         ON CONFLICT (account_id, player) DO NOTHING",
        account,
        player
    );
    Ok(())
}

/// What [`record`] did: the player and the puzzle after the attempt, the
/// player's rating before it, and whether it was rated.
pub struct Recorded {
    pub me: Rated,
    pub before: f64,
    pub puzzle: Rated,
    pub rated: bool,
}

/// The statements of [`record`], on a transaction `$tx` of either database.
/// Each row is written before it is read (the claim of `puzzle_rated`, then
/// the player's row, then the puzzle's), so that a concurrent attempt waits
/// for this one's commit and reads what it wrote (no lost updates), and
/// rows are always locked in that order (no deadlocks on PostgreSQL; one
/// writer at a time on SQLite).
macro_rules! record_in {
    ($tx:ident, $who:expr, $puzzle:expr, $correct:expr, $rate:expr) => {{
        let correct = i64::from($correct);
        let fresh = Glicko2Rating::new();
        let rated = sqlx::query(
            "INSERT INTO puzzle_rated (player, puzzle) VALUES ($1, $2) ON CONFLICT (player, puzzle) DO NOTHING",
        )
        .bind($who)
        .bind($puzzle)
        .execute(&mut *$tx)
        .await?
        .rows_affected()
            == 1;
        sqlx::query(
            "INSERT INTO puzzle_players (id, rating, deviation, volatility) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind($who)
        .bind(fresh.rating)
        .bind(fresh.deviation)
        .bind(fresh.volatility)
        .execute(&mut *$tx)
        .await?;
        // a streak counts correct answers in a row, rated or not
        sqlx::query(
            "UPDATE puzzle_players SET \
             best_streak = CASE WHEN $2 = 1 AND streak + 1 > best_streak THEN streak + 1 ELSE best_streak END, \
             streak = CASE WHEN $2 = 1 THEN streak + 1 ELSE 0 END WHERE id = $1",
        )
        .bind($who)
        .bind(correct)
        .execute(&mut *$tx)
        .await?;
        if rated {
            sqlx::query("UPDATE puzzles SET attempts = attempts + 1, solved = solved + $2 WHERE id = $1")
                .bind($puzzle)
                .bind(correct)
                .execute(&mut *$tx)
                .await?;
        }
        let mut me = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, solved, streak, best_streak \
             FROM puzzle_players WHERE id = $1",
        )
        .bind($who)
        .fetch_one(&mut *$tx)
        .await
        .map(|r| rated!(r))?;
        let mut puzzle = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, solved, CAST(0 AS BIGINT), CAST(0 AS BIGINT) \
             FROM puzzles WHERE id = $1",
        )
        .bind($puzzle)
        .fetch_one(&mut *$tx)
        .await
        .map(|r| rated!(r))?;
        let before = me.r.rating;
        if rated {
            let (a, b) = $rate(&me.r, &puzzle.r, $correct);
            me.r = a;
            puzzle.r = b;
            me.attempts += 1;
            me.solved += correct;
            sqlx::query(
                "UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4, \
                 attempts = attempts + 1, solved = solved + $5 WHERE id = $1",
            )
            .bind($who)
            .bind(me.r.rating)
            .bind(me.r.deviation)
            .bind(me.r.volatility)
            .bind(correct)
            .execute(&mut *$tx)
            .await?;
            sqlx::query("UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4 WHERE id = $1")
                .bind($puzzle)
                .bind(puzzle.r.rating)
                .bind(puzzle.r.deviation)
                .bind(puzzle.r.volatility)
                .execute(&mut *$tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO puzzle_attempts (player, puzzle, at_ms, correct, rated) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind($who)
        .bind($puzzle)
        .bind(now_ms())
        .bind(correct)
        .bind(i64::from(rated))
        .execute(&mut *$tx)
        .await?;
        Recorded {
            me,
            before,
            puzzle,
            rated,
        }
    }};
}

/// An attempt by an issued player, in one transaction: the first by `who`
/// at `puzzle` is rated (the database's unique `puzzle_rated` row decides,
/// so concurrent duplicates lose cleanly), both ratings move (Glicko-2),
/// the streak counts; every attempt is stored.
///
/// `rate` moves the player's and the puzzle's ratings after a rated attempt
/// (`true`: solved).
pub async fn record(
    store: &Store,
    who: &str,
    puzzle: &str,
    correct: bool,
    rate: impl Fn(&Glicko2Rating, &Glicko2Rating, bool) -> (Glicko2Rating, Glicko2Rating),
) -> StoreResult<Recorded> {
    Ok(match store {
        Store::Sqlite(p) => {
            let mut tx = p.begin().await?;
            let out = record_in!(tx, who, puzzle, correct, rate);
            tx.commit().await?;
            out
        }
        Store::Postgres(p) => {
            let mut tx = p.begin().await?;
            let out = record_in!(tx, who, puzzle, correct, rate);
            tx.commit().await?;
            out
        }
    })
}
