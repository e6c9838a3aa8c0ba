//! Persistence with sqlx: SQLite by default, PostgreSQL when given a
//! `postgres://` URL. One schema for both (`migrations/`: portable SQL).
//!
//! Every applied action is written before its events are broadcast, so a
//! restarted server rebuilds every table by replaying its log.

use anyhow::{Context, Result};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use std::str::FromStr;

/// Runs one statement on either database (`$1`, `$2`, … placeholders read
/// the same in both).
macro_rules! execute {
    ($store:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => {
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
                .foreign_keys(true);
            // An in-memory database lives in one connection.
            let pool = SqlitePoolOptions::new()
                .max_connections(if memory { 1 } else { 4 })
                .min_connections(if memory { 1 } else { 0 })
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
