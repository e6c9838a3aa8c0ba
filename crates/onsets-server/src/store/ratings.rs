//! Ratings of accounts from finished online tables (docs/ratings.md): the
//! claimed seats, the tables already rated, each account's rating by
//! Division and its rated matches, and its puzzle record.

use super::{inserted, now_s, with_pool, Store, StoreResult};
use sqlx::Row;

/// A seat claimed by an account.
#[derive(Clone, Debug)]
pub struct SeatClaim {
    pub seat: usize,
    pub account: String,
}

/// An account's rating in one Division.
#[derive(Clone, Debug)]
pub struct DivisionRating {
    pub division: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// A rated match of an account.
#[derive(Clone, Debug)]
pub struct RatedMatch {
    pub table: String,
    pub division: String,
    pub finished_at: i64,
    pub match_points: i64,
    pub rating_after: f64,
    pub deviation_after: f64,
}

/// One puzzle player (a browser's id) an account solved as.
#[derive(Clone, Debug)]
pub struct PuzzleRecord {
    pub rating: f64,
    pub deviation: f64,
    pub attempts: i64,
    pub solved: i64,
    pub best_streak: i64,
}

/// The account holds `seat` of `table` (a second claim of a seat keeps the
/// first).
pub async fn claim_seat(store: &Store, table: &str, seat: usize, account: &str) -> StoreResult<()> {
    let sql = "INSERT INTO account_seats (table_id, seat, account_id) VALUES ($1, $2, $3) \
               ON CONFLICT (table_id, seat) DO NOTHING";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(table)
        .bind(seat as i32)
        .bind(account)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// The claimed seats of `table`.
pub async fn claims(store: &Store, table: &str) -> StoreResult<Vec<SeatClaim>> {
    let sql = "SELECT seat, account_id FROM account_seats WHERE table_id = $1";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(table)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| SeatClaim {
            seat: r.get::<i32, _>(0).max(0) as usize,
            account: r.get(1),
        })
        .collect()))
}

/// Claims the rating of `table` for this call: `false` when it was rated
/// already (here or by another instance).
pub async fn mark_rated(store: &Store, table: &str) -> StoreResult<bool> {
    let sql = "INSERT INTO account_rated_tables (table_id, rated_at) VALUES ($1, $2)";
    let done = with_pool!(store, |p| sqlx::query(sql)
        .bind(table)
        .bind(now_s())
        .execute(p)
        .await
        .map(|_| ()));
    inserted(done)
}

/// The account's rating in `division`, if it has one.
pub async fn rating(
    store: &Store,
    account: &str,
    division: &str,
) -> StoreResult<Option<DivisionRating>> {
    let sql = "SELECT rating, deviation, games FROM account_ratings \
               WHERE account_id = $1 AND division = $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .bind(division)
        .fetch_optional(p)
        .await?
        .map(|r| DivisionRating {
            division: division.to_string(),
            rating: r.get(0),
            deviation: r.get(1),
            games: r.get::<i64, _>(2).clamp(0, i64::from(u32::MAX)) as u32,
        })))
}

/// The account's new rating after `m` (one row of its history; a second
/// record of one table keeps the first row).
pub async fn record(
    store: &Store,
    account: &str,
    r: &DivisionRating,
    m: &RatedMatch,
) -> StoreResult<()> {
    let upsert = "INSERT INTO account_ratings (account_id, division, rating, deviation, games) \
                  VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, division) DO UPDATE SET \
                  rating = excluded.rating, deviation = excluded.deviation, games = excluded.games";
    let history = "INSERT INTO account_matches (account_id, table_id, division, finished_at, \
                   match_points, rating_after, deviation_after) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                   ON CONFLICT (account_id, table_id) DO NOTHING";
    with_pool!(store, |p| {
        sqlx::query(upsert)
            .bind(account)
            .bind(&r.division)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(i64::from(r.games))
            .execute(p)
            .await?;
        sqlx::query(history)
            .bind(account)
            .bind(&m.table)
            .bind(&m.division)
            .bind(m.finished_at)
            .bind(m.match_points)
            .bind(m.rating_after)
            .bind(m.deviation_after)
            .execute(p)
            .await?;
    });
    Ok(())
}

/// Every rating of the account, by Division.
pub async fn ratings_of(store: &Store, account: &str) -> StoreResult<Vec<DivisionRating>> {
    let sql = "SELECT division, rating, deviation, games FROM account_ratings \
               WHERE account_id = $1 ORDER BY division";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| DivisionRating {
            division: r.get(0),
            rating: r.get(1),
            deviation: r.get(2),
            games: r.get::<i64, _>(3).clamp(0, i64::from(u32::MAX)) as u32,
        })
        .collect()))
}

/// The account's last 100 rated matches, newest first.
pub async fn matches_of(store: &Store, account: &str) -> StoreResult<Vec<RatedMatch>> {
    let sql =
        "SELECT table_id, division, finished_at, match_points, rating_after, deviation_after \
               FROM account_matches WHERE account_id = $1 ORDER BY finished_at DESC LIMIT 100";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| RatedMatch {
            table: r.get(0),
            division: r.get(1),
            finished_at: r.get(2),
            match_points: r.get(3),
            rating_after: r.get(4),
            deviation_after: r.get(5),
        })
        .collect()))
}

/// The puzzle players the account solved as, the most used first.
pub async fn puzzle_records(store: &Store, account: &str) -> StoreResult<Vec<PuzzleRecord>> {
    let sql = "SELECT p.rating, p.deviation, p.attempts, p.solved, p.best_streak \
               FROM account_puzzle_players a JOIN puzzle_players p ON p.id = a.player \
               WHERE a.account_id = $1 ORDER BY p.attempts DESC";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| PuzzleRecord {
            rating: r.get(0),
            deviation: r.get(1),
            attempts: r.get(2),
            solved: r.get(3),
            best_streak: r.get(4),
        })
        .collect()))
}
