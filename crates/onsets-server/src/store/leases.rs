//! The SQL of table leases (migration 0027: `table_leases`; docs/scaling.md,
//! "Leases"), and the table writes fenced by them.
//!
//! PostgreSQL only: one SQLite instance holds every table and takes no
//! leases. Every fenced write is one statement that locks the lease row
//! `FOR SHARE` and writes only if the row still names the holder with the
//! same epoch: a take-over (`UPDATE` of the row) waits for a write under way
//! and is then seen by every later write, so a table's log never takes a
//! write from two holders.

use super::{inserted, Store, StoreError, StoreResult};
use sqlx::Row;

/// A lease held: the instance and the fencing epoch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    pub holder: String,
    pub epoch: i64,
}

/// The database of the leases: `None` on SQLite.
fn pg(store: &Store) -> Option<&sqlx::PgPool> {
    match store {
        Store::Postgres(p) => Some(p),
        Store::Sqlite(_) => None,
    }
}

fn sqlite_has_no_leases() -> StoreError {
    StoreError::Database(sqlx::Error::Configuration(
        "table leases are kept on PostgreSQL only (one SQLite instance holds every table)".into(),
    ))
}

/// Takes table `id`'s lease for `holder` until `until_ms`, whoever held it
/// (a take-over raises the epoch). With `only_lapsed`, only a lease that is
/// absent or ran out before `now_ms` is taken (`None` otherwise).
pub async fn take(
    store: &Store,
    id: &str,
    holder: &str,
    now_ms: i64,
    until_ms: i64,
    only_lapsed: bool,
) -> StoreResult<Option<i64>> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = if only_lapsed {
        "INSERT INTO table_leases (table_id, holder, epoch, until_ms) VALUES ($1, $2, 1, $3) \
         ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, \
         epoch = table_leases.epoch + 1, until_ms = excluded.until_ms \
         WHERE table_leases.until_ms < $4 RETURNING epoch"
    } else {
        "INSERT INTO table_leases (table_id, holder, epoch, until_ms) VALUES ($1, $2, 1, $3) \
         ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, \
         epoch = table_leases.epoch + 1, until_ms = excluded.until_ms \
         WHERE $4 = $4 RETURNING epoch"
    };
    let row = sqlx::query(sql)
        .bind(id)
        .bind(holder)
        .bind(until_ms)
        .bind(now_ms)
        .fetch_optional(p)
        .await?;
    Ok(row.map(|r| r.get::<i64, _>(0)))
}

/// Renews every lease `holder` holds until `until_ms`: the (table, epoch)
/// it still holds.
pub async fn renew(store: &Store, holder: &str, until_ms: i64) -> StoreResult<Vec<(String, i64)>> {
    let Some(p) = pg(store) else {
        return Ok(Vec::new());
    };
    let rows = sqlx::query(
        "UPDATE table_leases SET until_ms = $2 WHERE holder = $1 RETURNING table_id, epoch",
    )
    .bind(holder)
    .bind(until_ms)
    .fetch_all(p)
    .await?;
    Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Gives a lease back (the table finished or was abandoned), if still held.
pub async fn release(store: &Store, id: &str, fence: &Fence) -> StoreResult<()> {
    let Some(p) = pg(store) else { return Ok(()) };
    sqlx::query("DELETE FROM table_leases WHERE table_id = $1 AND holder = $2 AND epoch = $3")
        .bind(id)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await?;
    sqlx::query("DELETE FROM table_listing WHERE table_id = $1 AND holder = $2")
        .bind(id)
        .bind(&fence.holder)
        .execute(p)
        .await?;
    Ok(())
}

/// Live tables (`waiting`, `playing`) whose lease ran out before `now_ms`
/// (their instance is gone), or that have none and were made before
/// `made_before` (a table being made has its lease a moment later). At most
/// `limit`, oldest first.
pub async fn orphans(
    store: &Store,
    now_ms: i64,
    made_before: i64,
    limit: i64,
) -> StoreResult<Vec<String>> {
    let Some(p) = pg(store) else {
        return Ok(Vec::new());
    };
    let rows = sqlx::query(
        "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id \
         WHERE t.status IN ('waiting', 'playing') \
         AND ((l.table_id IS NULL AND t.created_at < $3) OR l.until_ms < $1) \
         ORDER BY t.created_at, t.id LIMIT $2",
    )
    .bind(now_ms)
    .bind(limit)
    .bind(made_before)
    .fetch_all(p)
    .await?;
    Ok(rows.into_iter().map(|r| r.get(0)).collect())
}

/// The lease condition every fenced write ends with (`$h` holder, `$e`
/// epoch, `$t` table: placeholders of the statement).
macro_rules! held {
    ($t:literal, $h:literal, $e:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM table_leases WHERE table_id = ",
            $t,
            " AND holder = ",
            $h,
            " AND epoch = ",
            $e,
            " FOR SHARE)"
        )
    };
}

/// Appends action `seq` of table `id` if `fence` still holds it: `false`
/// when the lease is lost (or another holder wrote `seq`).
pub async fn append(
    store: &Store,
    id: &str,
    seq: u64,
    action: &str,
    fence: &Fence,
) -> StoreResult<bool> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = concat!(
        "INSERT INTO actions (table_id, seq, action) SELECT $1, $2, $3 WHERE ",
        held!("$1", "$4", "$5")
    );
    let done = sqlx::query(sql)
        .bind(id)
        .bind(seq as i64)
        .bind(action)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await
        .map(|r| r.rows_affected());
    match done {
        Ok(n) => Ok(n == 1),
        // A holder that wrote `seq` first: this one's copy is stale.
        Err(e) => Ok(inserted(Err(e))?),
    }
}

/// Writes seat `seat` of table `id` if `fence` still holds it.
pub async fn set_seat(
    store: &Store,
    id: &str,
    seat: usize,
    name: &str,
    token: &str,
    fence: &Fence,
) -> StoreResult<bool> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = concat!(
        "INSERT INTO seats (table_id, seat, name, token) SELECT $1, $2, $3, $4 WHERE ",
        held!("$1", "$5", "$6"),
        " ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, token = excluded.token"
    );
    let n = sqlx::query(sql)
        .bind(id)
        .bind(seat as i32)
        .bind(name)
        .bind(token)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// Sets table `id`'s `status` (and its match `header`, when given) if
/// `fence` still holds it.
pub async fn set_status(
    store: &Store,
    id: &str,
    status: &str,
    header: Option<&str>,
    fence: &Fence,
) -> StoreResult<bool> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = concat!(
        "UPDATE tables SET status = $2, header = COALESCE($3, header) WHERE id = $1 AND ",
        held!("$1", "$4", "$5")
    );
    let n = sqlx::query(sql)
        .bind(id)
        .bind(status)
        .bind(header)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// Rewrites 1969 table `id`'s seats and log (its row exists) if `fence`
/// still holds it.
pub async fn save1969(
    store: &Store,
    id: &str,
    seats: &str,
    log: &str,
    fence: &Fence,
) -> StoreResult<bool> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = concat!(
        "UPDATE tables1969 SET updated_at = $2, seats = $3, log = $4 WHERE id = $1 AND ",
        held!("$1", "$5", "$6")
    );
    let n = sqlx::query(sql)
        .bind(id)
        .bind(super::now_ms())
        .bind(seats)
        .bind(log)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// Writes the lobby entries (`info`, JSON) of tables `holder` holds
/// (`table_listing`, migration 0028): one statement for them all, for the
/// tables whose lease still names `holder` (a stale copy never overwrites
/// the new holder's entry). An entry is read only while its holder holds
/// the table's live lease ([`listed_elsewhere`]).
pub async fn publish(store: &Store, holder: &str, infos: &[(String, String)]) -> StoreResult<()> {
    let Some(p) = pg(store) else { return Ok(()) };
    if infos.is_empty() {
        return Ok(());
    }
    let (ids, texts): (Vec<String>, Vec<String>) = infos.iter().cloned().unzip();
    sqlx::query(
        "INSERT INTO table_listing (table_id, holder, info) \
         SELECT x.table_id, $1, x.info FROM UNNEST($2::text[], $3::text[]) AS x(table_id, info) \
         WHERE EXISTS (SELECT 1 FROM table_leases l WHERE l.table_id = x.table_id AND l.holder = $1) \
         ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, info = excluded.info",
    )
    .bind(holder)
    .bind(ids)
    .bind(texts)
    .execute(p)
    .await?;
    Ok(())
}

/// The lobby entries (JSON) of the tables held by live instances other
/// than `holder` (their lease runs until `now_ms` or later), by table id.
pub async fn listed_elsewhere(
    store: &Store,
    holder: &str,
    now_ms: i64,
) -> StoreResult<Vec<(String, String)>> {
    let Some(p) = pg(store) else {
        return Ok(Vec::new());
    };
    let rows = sqlx::query(
        "SELECT l.table_id, t.info FROM table_leases l \
         JOIN table_listing t ON t.table_id = l.table_id AND t.holder = l.holder \
         WHERE l.holder <> $1 AND l.until_ms >= $2",
    )
    .bind(holder)
    .bind(now_ms)
    .fetch_all(p)
    .await?;
    Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Seats and log of 1969 table `id` rewritten after a seat was taken, if
/// `fence` still holds the table and its stored seats are still `before`
/// (or already `seats`): `Some(true)` written, `Some(false)` another
/// instance took a seat meanwhile, `None` the lease is lost (the claim of a
/// stale holder is refused).
pub async fn claim1969(
    store: &Store,
    id: &str,
    before: &str,
    seats: &str,
    log: &str,
    fence: &Fence,
) -> StoreResult<Option<bool>> {
    let p = pg(store).ok_or_else(sqlite_has_no_leases)?;
    let sql = concat!(
        "UPDATE tables1969 SET updated_at = $2, seats = $3, log = $4 \
         WHERE id = $1 AND (seats = $5 OR seats = $3) AND ",
        held!("$1", "$6", "$7")
    );
    let n = sqlx::query(sql)
        .bind(id)
        .bind(super::now_ms())
        .bind(seats)
        .bind(log)
        .bind(before)
        .bind(&fence.holder)
        .bind(fence.epoch)
        .execute(p)
        .await?
        .rows_affected();
    if n == 1 {
        return Ok(Some(true));
    }
    let still = sqlx::query(
        "SELECT 1 FROM table_leases WHERE table_id = $1 AND holder = $2 AND epoch = $3",
    )
    .bind(id)
    .bind(&fence.holder)
    .bind(fence.epoch)
    .fetch_optional(p)
    .await?;
    Ok(still.map(|_| false))
}
