//! The SQL of 1969 tables (migration 0021: `tables1969`, one row a table:
//! its seats as JSON and the game's log, rewritten after each change): the
//! one table actor's writes and reads (`crate::table`), the seat claimed
//! by compare-and-set, and the tables a starting server restores.

use super::Store;

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Writes table `id`'s seats and log (a new row, or the row replaced).
pub async fn save(store: &Store, id: &str, seats: &str, log: &str) -> anyhow::Result<()> {
    let now = unix_ms();
    let sql = "INSERT INTO tables1969 (id, created_at, updated_at, seats, log) VALUES ($1, $2, $2, $3, $4) \
               ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at, seats = excluded.seats, log = excluded.log";
    let done: Result<_, sqlx::Error> = super::with_pool!(store, |p| sqlx::query(sql)
        .bind(id)
        .bind(now)
        .bind(seats)
        .bind(log)
        .execute(p)
        .await
        .map(|_| ()));
    done.map_err(anyhow::Error::from)
}

/// Table `id`'s (seats, log), if it is stored.
pub async fn load(store: &Store, id: &str) -> anyhow::Result<Option<(String, String)>> {
    let sql = "SELECT seats, log FROM tables1969 WHERE id = $1";
    let row: Result<Option<(String, String)>, sqlx::Error> =
        super::with_pool!(store, |p| sqlx::query_as(sql)
            .bind(id)
            .fetch_optional(p)
            .await);
    row.map_err(anyhow::Error::from)
}

/// Writes table `id`'s seats and log after a seat was taken, if its stored
/// seats are still `before` (or already `seats`): `Ok(false)` when another
/// instance took a seat meanwhile. A table without a row is written as it
/// is.
pub async fn claim(
    store: &Store,
    id: &str,
    before: &str,
    seats: &str,
    log: &str,
) -> anyhow::Result<bool> {
    let sql = "UPDATE tables1969 SET updated_at = $1, seats = $2, log = $3 WHERE id = $4 AND (seats = $5 OR seats = $2)";
    let updated: Result<u64, sqlx::Error> = super::with_pool!(store, |p| sqlx::query(sql)
        .bind(unix_ms())
        .bind(seats)
        .bind(log)
        .bind(id)
        .bind(before)
        .execute(p)
        .await
        .map(|r| r.rows_affected()));
    if updated? > 0 {
        return Ok(true);
    }
    if load(store, id).await?.is_none() {
        save(store, id, seats, log).await?;
        return Ok(true);
    }
    Ok(false)
}

/// The ids of the tables changed since `since_ms` (Unix ms), the most
/// recently changed first, at most `limit`.
pub async fn recent(store: &Store, since_ms: i64, limit: i64) -> anyhow::Result<Vec<String>> {
    let sql = "SELECT id FROM tables1969 WHERE updated_at >= $1 ORDER BY updated_at DESC LIMIT $2";
    let ids: Result<Vec<(String,)>, sqlx::Error> =
        super::with_pool!(store, |p| sqlx::query_as(sql)
            .bind(since_ms)
            .bind(limit)
            .fetch_all(p)
            .await);
    Ok(ids?.into_iter().map(|(id,)| id).collect())
}
