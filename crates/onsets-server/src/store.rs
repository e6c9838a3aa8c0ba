//! Persistence with sqlx: SQLite by default, PostgreSQL when given a
//! `postgres://` URL. One schema for both (`migrations/`: portable SQL).
//!
//! The store owns the server's SQL (docs/server-layers.md): the tables'
//! statements here, every other feature's in a submodule of its own, each a
//! typed function over rows as structs that fails with a [`StoreError`].
//! Nothing above the store writes SQL.
//!
//! Every applied action is written before its events are broadcast, so a
//! restarted server rebuilds every table by replaying its log.

pub mod accounts;
pub mod classes;
pub mod health;
pub mod leases;
pub mod lessons;
pub mod news;
pub mod practice;
pub mod puzzles;
pub mod ratings;
pub mod secrets;
pub mod sessions;
pub mod tables1969;
pub mod tournaments;

use anyhow::{Context, Result};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use std::str::FromStr;
use std::time::Duration;

/// How long a request waits for one of the pool's connections before it is
/// refused with `storage` (sqlx's own default is 30 s). A database that is
/// down or saturated is answered for within this budget, not after it has
/// held the request for half a minute (docs/security.md, "Acknowledged means
/// stored").
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// How long a SQLite write waits for another writer's lock before it fails
/// (`SQLITE_BUSY`, reported as `locked`). Writes here last milliseconds; a
/// lock held for seconds is a fault, not a queue.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(3);

/// SQLite takes one writer at a time. A connection that finds the write
/// lock taken sleeps in SQLite's busy handler (1, 2, 5, 10, 15, 20, 25 … ms
/// between tries) however soon the lock is free again: with the pool's four
/// connections writing the tables' acts at once, those sleeps were the
/// server's tail (docs/performance.md, "The server's tail"). So the
/// server's writes to a SQLite file queue here, in the process, and meet
/// SQLite's lock one at a time. A writer waits for its turn at most
/// [`ACQUIRE_TIMEOUT`] (then `PoolTimedOut`: the database is named `down`,
/// as when no pooled connection came in that time). A pool of one
/// connection (an in-memory database) queues in sqlx already.
pub(crate) async fn sqlite_turn(
    p: &SqlitePool,
) -> std::result::Result<Option<tokio::sync::MutexGuard<'static, ()>>, sqlx::Error> {
    static ONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    if p.options().get_max_connections() <= 1 {
        return Ok(None);
    }
    match tokio::time::timeout(ACQUIRE_TIMEOUT, ONE.lock()).await {
        Ok(turn) => Ok(Some(turn)),
        Err(_) => Err(sqlx::Error::PoolTimedOut),
    }
}

/// Runs one statement on either database (`$1`, `$2`, … placeholders read
/// the same in both); a write to SQLite in its turn ([`sqlite_turn`]).
macro_rules! execute {
    ($store:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => {
                let _turn = sqlite_turn(p).await?;
                sqlx::query($sql)$(.bind($bind))*.execute(p).await?;
            }
            Store::Postgres(p) => {
                sqlx::query($sql)$(.bind($bind))*.execute(p).await?;
            }
        }
    };
}

/// Fetches every row of a query on either database, each mapped by `$row`.
macro_rules! fetch {
    ($store:expr, $sql:expr, $row:expr) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)
                .fetch_all(p)
                .await?
                .into_iter()
                .map($row)
                .collect::<Vec<_>>(),
            Store::Postgres(p) => sqlx::query($sql)
                .fetch_all(p)
                .await?
                .into_iter()
                .map($row)
                .collect::<Vec<_>>(),
        }
    };
}

/// Like `fetch!`, with one bound parameter.
macro_rules! fetch_bound {
    ($store:expr, $sql:expr, $bind:expr, $row:expr) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)
                .bind($bind)
                .fetch_all(p)
                .await?
                .into_iter()
                .map($row)
                .collect::<Vec<_>>(),
            Store::Postgres(p) => sqlx::query($sql)
                .bind($bind)
                .fetch_all(p)
                .await?
                .into_iter()
                .map($row)
                .collect::<Vec<_>>(),
        }
    };
}

/// An insert's outcome: `true` when the row was written, `false` when a
/// unique key already held it (a name taken, a table rated already).
pub(crate) fn inserted(done: Result<(), sqlx::Error>) -> StoreResult<bool> {
    match done {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Runs `$body` with `$p` the pool of either database.
macro_rules! with_pool {
    ($store:expr, |$p:ident| $body:expr) => {
        match $store {
            $crate::store::Store::Sqlite($p) => $body,
            $crate::store::Store::Postgres($p) => $body,
        }
    };
}
pub(crate) use with_pool;

/// Why the store did not read or write.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached ([`Fault::of_sqlx`]).
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored JSON document (an event, a puzzle) does not read or write.
    #[error("the stored {what} does not read: {source}")]
    Json {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
}

impl StoreError {
    /// Why the database did not take it ([`Fault::Error`] for a document
    /// that does not read).
    pub fn fault(&self) -> Fault {
        match self {
            StoreError::Database(e) => Fault::of_sqlx(e),
            StoreError::Json { .. } => Fault::Error,
        }
    }

    /// A JSON document of kind `what` that did not read or write.
    pub fn json(what: &'static str) -> impl FnOnce(serde_json::Error) -> StoreError {
        move |source| StoreError::Json { what, source }
    }
}

/// What the store's feature functions return.
pub type StoreResult<T> = std::result::Result<T, StoreError>;

/// Seconds since the Unix epoch (the stored times of accounts, sessions,
/// ratings and tournaments).
pub fn now_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A database connection pool.
#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A table as stored.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: String,
    pub created_at: i64,
    pub spec: String,
    pub status: String,
    pub header: Option<String>,
    /// (seat, name, token)
    pub seats: Vec<(usize, String, String)>,
    /// The actions in order (JSON).
    pub actions: Vec<String>,
}

impl Store {
    /// Opens (creating if needed) the database at `url` and runs the
    /// migrations. `sqlite:FILE` (or a plain file name) or `postgres://…`.
    pub async fn open(url: &str) -> Result<Store> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect(url)
                .await
                .with_context(|| format!("connecting to PostgreSQL at {url}"))?;
            sqlx::migrate!("./migrations")
                .run(&pool)
                .await
                .context("running the PostgreSQL migrations")?;
            Ok(Store::Postgres(pool))
        } else {
            let url = if url.starts_with("sqlite:") {
                url.to_string()
            } else {
                format!("sqlite:{url}")
            };
            let memory = url.contains(":memory:");
            let opts = SqliteConnectOptions::from_str(&url)
                .with_context(|| format!("reading the SQLite URL {url}"))?
                .create_if_missing(true)
                .journal_mode(if memory {
                    SqliteJournalMode::Memory
                } else {
                    SqliteJournalMode::Wal
                })
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .foreign_keys(true);
            // An in-memory database lives in one connection.
            let pool = SqlitePoolOptions::new()
                .max_connections(if memory { 1 } else { 4 })
                .min_connections(if memory { 1 } else { 0 })
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(opts)
                .await
                .with_context(|| format!("opening the SQLite database {url}"))?;
            sqlx::migrate!("./migrations")
                .run(&pool)
                .await
                .context("running the SQLite migrations")?;
            Ok(Store::Sqlite(pool))
        }
    }

    /// A fresh in-memory SQLite database (tests).
    pub async fn memory() -> Result<Store> {
        Store::open("sqlite::memory:").await
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    pub async fn create_table(&self, id: &str, created_at: i64, spec: &str) -> Result<()> {
        execute!(
            self,
            "INSERT INTO tables (id, created_at, spec, status) VALUES ($1, $2, $3, 'waiting')",
            id,
            created_at,
            spec
        );
        Ok(())
    }

    pub async fn set_seat(&self, table: &str, seat: usize, name: &str, token: &str) -> Result<()> {
        execute!(
            self,
            "INSERT INTO seats (table_id, seat, name, token) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, token = excluded.token",
            table,
            seat as i32,
            name,
            token
        );
        Ok(())
    }

    /// The match starts: its header is written.
    pub async fn start(&self, table: &str, header: &str) -> Result<()> {
        execute!(
            self,
            "UPDATE tables SET header = $1, status = 'playing' WHERE id = $2",
            header,
            table
        );
        Ok(())
    }

    pub async fn set_status(&self, table: &str, status: &str) -> Result<()> {
        execute!(
            self,
            "UPDATE tables SET status = $1 WHERE id = $2",
            status,
            table
        );
        Ok(())
    }

    /// Appends one action to a table's log.
    pub async fn append(&self, table: &str, seq: u64, action: &str) -> Result<()> {
        execute!(
            self,
            "INSERT INTO actions (table_id, seq, action) VALUES ($1, $2, $3)",
            table,
            seq as i64,
            action
        );
        Ok(())
    }

    /// Every live (waiting or playing) table with its seats and log, oldest
    /// first. Finished and abandoned tables stay archived.
    pub async fn load(&self) -> Result<Vec<StoredTable>> {
        let tables = fetch!(
            self,
            "SELECT id, created_at, spec, status, header FROM tables \
             WHERE status IN ('waiting', 'playing') ORDER BY created_at, id",
            |r| row_table(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))
        );
        let seats = fetch!(
            self,
            "SELECT table_id, seat, name, token FROM seats \
             WHERE table_id IN (SELECT id FROM tables WHERE status IN ('waiting', 'playing'))",
            |r| (
                r.get::<String, _>(0),
                r.get::<i32, _>(1),
                r.get::<String, _>(2),
                r.get::<String, _>(3)
            )
        );
        let actions = fetch!(
            self,
            "SELECT table_id, seq, action FROM actions \
             WHERE table_id IN (SELECT id FROM tables WHERE status IN ('waiting', 'playing')) \
             ORDER BY table_id, seq",
            |r| (
                r.get::<String, _>(0),
                r.get::<i64, _>(1),
                r.get::<String, _>(2)
            )
        );
        let mut tables = tables;
        let index: std::collections::HashMap<String, usize> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        for (table, seat, name, token) in seats {
            if let Some(&i) = index.get(&table) {
                tables[i].seats.push((seat.max(0) as usize, name, token));
            }
        }
        for (table, _seq, action) in actions {
            if let Some(&i) = index.get(&table) {
                tables[i].actions.push(action);
            }
        }
        Ok(tables)
    }
}

impl Store {
    /// One table, whatever its status (a replay of an archived one).
    pub async fn load_one(&self, id: &str) -> Result<Option<StoredTable>> {
        let tables = fetch_bound!(
            self,
            "SELECT id, created_at, spec, status, header FROM tables WHERE id = $1",
            id,
            |r| row_table(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))
        );
        let Some(mut t) = tables.into_iter().next() else {
            return Ok(None);
        };
        t.seats = fetch_bound!(
            self,
            "SELECT seat, name, token FROM seats WHERE table_id = $1",
            id,
            |r| (
                r.get::<i32, _>(0).max(0) as usize,
                r.get::<String, _>(1),
                r.get::<String, _>(2)
            )
        );
        t.actions = fetch_bound!(
            self,
            "SELECT action FROM actions WHERE table_id = $1 ORDER BY seq",
            id,
            |r| r.get::<String, _>(0)
        );
        Ok(Some(t))
    }

    /// A table's match log as `onsets replay` reads it: the header line,
    /// then one action a line. `None` for no such table or one not started.
    /// It holds the seed and every Solution: what leaves the server goes
    /// through `crate::hidden::public_log` first.
    pub async fn log(&self, id: &str) -> Result<Option<String>> {
        Ok(self.log_and_status(id).await?.map(|(log, _)| log))
    }

    /// [`Store::log`] with the table's status (`playing`, `over`, ...).
    pub async fn log_and_status(&self, id: &str) -> Result<Option<(String, String)>> {
        let Some(t) = self.load_one(id).await? else {
            return Ok(None);
        };
        let Some(header) = t.header else {
            return Ok(None);
        };
        // The engine's log header: the config with its format.
        let mut head: serde_json::Value = serde_json::from_str(&header)?;
        if let Some(o) = head.as_object_mut() {
            o.insert("format".into(), onsets_engine::FORMAT.into());
        }
        let mut out = head.to_string();
        out.push('\n');
        for a in t.actions {
            out.push_str(&a);
            out.push('\n');
        }
        Ok(Some((out, t.status)))
    }
}

fn row_table(
    id: String,
    created_at: i64,
    spec: String,
    status: String,
    header: Option<String>,
) -> StoredTable {
    StoredTable {
        id,
        created_at,
        spec,
        status,
        header,
        seats: Vec::new(),
        actions: Vec::new(),
    }
}

/// Reviews of finished tables, computed once (`GET /api/tables/{id}/review`).
impl Store {
    /// The stored review of a table, if computed.
    pub async fn review(&self, id: &str) -> Result<Option<String>> {
        let rows = fetch_bound!(
            self,
            "SELECT review FROM reviews WHERE table_id = $1",
            id,
            |r| r.get::<String, _>(0)
        );
        Ok(rows.into_iter().next())
    }

    /// Stores a table's review (a second store of one table keeps the first).
    pub async fn put_review(&self, id: &str, review: &str) -> Result<()> {
        execute!(
            self,
            "INSERT INTO reviews (table_id, review) VALUES ($1, $2) ON CONFLICT (table_id) DO NOTHING",
            id,
            review
        );
        Ok(())
    }

    /// A table's stored status (`waiting`, `playing`, `over`, `abandoned`).
    pub async fn status(&self, id: &str) -> Result<Option<String>> {
        let rows = fetch_bound!(self, "SELECT status FROM tables WHERE id = $1", id, |r| {
            r.get::<String, _>(0)
        });
        Ok(rows.into_iter().next())
    }
}

/// Why the database did not take a read or a write, as `/healthz` reports
/// it (`reason`) and the logs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No connection: the server is down or unreachable, or every pooled
    /// connection stayed busy for [`ACQUIRE_TIMEOUT`].
    Down,
    /// The database refuses writes (a read-only file or mount, a PostgreSQL
    /// standby or `default_transaction_read_only`).
    ReadOnly,
    /// The disk (or a quota) is full.
    Full,
    /// Another writer holds the lock past [`SQLITE_BUSY_TIMEOUT`] (or a
    /// PostgreSQL lock could not be taken).
    Locked,
    /// The probe got no answer within its budget.
    Timeout,
    /// Anything else the database refused.
    Error,
}

impl Fault {
    /// The kebab-case name of the wire format (`/healthz`'s `reason`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Fault::Down => "down",
            Fault::ReadOnly => "read-only",
            Fault::Full => "full",
            Fault::Locked => "locked",
            Fault::Timeout => "timeout",
            Fault::Error => "error",
        }
    }

    /// What went wrong, in a sentence for people.
    pub const fn describe(self) -> &'static str {
        match self {
            Fault::Down => "the database cannot be reached",
            Fault::ReadOnly => "the database is read-only",
            Fault::Full => "the database's disk is full",
            Fault::Locked => "the database is locked by another writer",
            Fault::Timeout => "the database did not answer in time",
            Fault::Error => "the database refused the write",
        }
    }

    /// The fault behind an error of the store (an `anyhow` chain holding a
    /// `sqlx::Error`; anything else is [`Fault::Error`]).
    pub fn of(e: &anyhow::Error) -> Fault {
        e.chain()
            .find_map(|c| c.downcast_ref::<sqlx::Error>())
            .map_or(Fault::Error, Fault::of_sqlx)
    }

    /// The fault behind one `sqlx` error: SQLite's result codes
    /// (`SQLITE_READONLY` 8, `SQLITE_FULL` 13, `SQLITE_BUSY` 5,
    /// `SQLITE_LOCKED` 6, `SQLITE_CANTOPEN` 14, by their primary code) and
    /// PostgreSQL's SQLSTATEs (25006, 53100, 55P03; classes 08 and 28,
    /// 57P01–57P03, 53300, 55000, 3D000 for a database that cannot be
    /// reached).
    pub fn of_sqlx(e: &sqlx::Error) -> Fault {
        match e {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::WorkerCrashed => Fault::Down,
            sqlx::Error::Database(db) => {
                let code = db.code().map(|c| c.to_string()).unwrap_or_default();
                if db
                    .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                    .is_some()
                {
                    pg_fault(&code)
                } else {
                    sqlite_fault(&code)
                }
            }
            _ => Fault::Error,
        }
    }
}

fn pg_fault(sqlstate: &str) -> Fault {
    match sqlstate {
        "25006" => Fault::ReadOnly,
        "53100" => Fault::Full,
        "55P03" => Fault::Locked,
        // Too many connections, shut down, not accepting connections to
        // this database, no such database, no such role or password.
        "53300" | "57P01" | "57P02" | "57P03" | "55000" | "3D000" => Fault::Down,
        s if s.starts_with("08") || s.starts_with("28") => Fault::Down,
        _ => Fault::Error,
    }
}

fn sqlite_fault(code: &str) -> Fault {
    // sqlx gives the extended result code; its low byte is the primary one.
    match code.parse::<i64>().map(|c| c & 0xff) {
        Ok(8) => Fault::ReadOnly,
        Ok(13) => Fault::Full,
        Ok(5 | 6) => Fault::Locked,
        Ok(14) => Fault::Down,
        _ => Fault::Error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh database file, migrated (its path as a URL).
    async fn file() -> String {
        let dir = std::env::temp_dir().join(format!("onsets-fault-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite:{}", dir.join("f.db").display());
        Store::open(&url).await.unwrap();
        url
    }

    #[tokio::test]
    async fn a_read_only_file_is_read_only() {
        let opts = SqliteConnectOptions::from_str(&file().await)
            .unwrap()
            .read_only(true);
        let pool = SqlitePoolOptions::new().connect_with(opts).await.unwrap();
        let e = Store::Sqlite(pool).probe().await.unwrap_err();
        assert_eq!(e.fault(), Fault::ReadOnly, "{e:#}");
    }

    #[tokio::test]
    async fn a_full_database_is_full() {
        let opts = SqliteConnectOptions::from_str(&file().await).unwrap();
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(opts)
            .await
            .unwrap();
        // The database may not grow past the pages it has (as a full disk).
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&pool)
            .await
            .unwrap();
        sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
            .execute(&pool)
            .await
            .unwrap();
        let e = sqlx::query("CREATE TABLE big AS SELECT zeroblob(100000) AS x")
            .execute(&pool)
            .await
            .unwrap_err();
        assert_eq!(Fault::of_sqlx(&e), Fault::Full, "{e}");
    }

    #[tokio::test]
    async fn a_closed_pool_is_down_and_other_errors_are_errors() {
        let store = Store::open(&file().await).await.unwrap();
        let Store::Sqlite(p) = &store else {
            unreachable!()
        };
        let e = sqlx::query("SELECT * FROM no_such_table")
            .execute(p)
            .await
            .unwrap_err();
        assert_eq!(Fault::of_sqlx(&e), Fault::Error, "{e}");
        p.close().await;
        let e = store.probe().await.unwrap_err();
        assert_eq!(e.fault(), Fault::Down, "{e:#}");
        assert_eq!(Fault::of(&anyhow::anyhow!("not sqlx")), Fault::Error);
    }

    /// Many tables writing at once while another process holds the write
    /// lock: the writes wait their turn in the process, so one connection
    /// at most waits in SQLite's busy handler (before, all four of the
    /// pool's did, and each slept there), and every write lands once the
    /// lock is free.
    #[tokio::test]
    async fn writes_meet_sqlites_lock_one_at_a_time() {
        let url = file().await;
        let store = Store::open(&url).await.unwrap();
        let Store::Sqlite(p) = &store else {
            unreachable!()
        };
        for t in 0..16 {
            store.create_table(&format!("t{t}"), 0, "{}").await.unwrap();
        }
        let opts = SqliteConnectOptions::from_str(&url).unwrap();
        let mut other = sqlx::ConnectOptions::connect(&opts).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut other)
            .await
            .unwrap();
        let writes: Vec<_> = (0..16)
            .map(|t| {
                let store = store.clone();
                tokio::spawn(async move { store.append(&format!("t{t}"), 0, "{}").await })
            })
            .collect();
        // Every write is under way (queued or in the busy handler) before
        // the lock is let go.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let writing = p.size() as usize - p.num_idle();
        sqlx::query("COMMIT").execute(&mut other).await.unwrap();
        for w in writes {
            w.await.unwrap().unwrap();
        }
        assert!(
            writing <= 1,
            "{writing} of the pool's connections were writing at once"
        );
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions")
            .fetch_one(p)
            .await
            .unwrap();
        assert_eq!(n, 16);
    }

    #[test]
    fn postgres_states_name_the_fault() {
        assert_eq!(pg_fault("25006"), Fault::ReadOnly);
        assert_eq!(pg_fault("53100"), Fault::Full);
        assert_eq!(pg_fault("55P03"), Fault::Locked);
        assert_eq!(pg_fault("08006"), Fault::Down);
        assert_eq!(pg_fault("57P01"), Fault::Down);
        assert_eq!(pg_fault("28000"), Fault::Down);
        assert_eq!(pg_fault("23505"), Fault::Error);
    }
}
