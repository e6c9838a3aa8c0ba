//! The SQL of 1969 tables (migration 0021: `tables1969`, one row a table:
//! its seats as JSON and the game's log, rewritten after each change).

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
