//! Persistence with sqlx: SQLite by default, PostgreSQL when given a
//! `postgres://` URL. Same schema (`migrations/sqlite`, `migrations/postgres`).
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
            sqlx::migrate!("./migrations/postgres")
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
            sqlx::migrate!("./migrations/sqlite")
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
        match self {
            Store::Sqlite(p) => {
                sqlx::query(
                    "INSERT INTO tables (id, created_at, spec, status) VALUES (?, ?, ?, 'waiting')",
                )
                .bind(id)
                .bind(created_at)
                .bind(spec)
                .execute(p)
                .await?;
            }
            Store::Postgres(p) => {
                sqlx::query("INSERT INTO tables (id, created_at, spec, status) VALUES ($1, $2, $3, 'waiting')")
                    .bind(id)
                    .bind(created_at)
                    .bind(spec)
                    .execute(p)
                    .await?;
            }
        }
        Ok(())
    }

    pub async fn set_seat(&self, table: &str, seat: usize, name: &str, token: &str) -> Result<()> {
        let seat = seat as i32;
        match self {
            Store::Sqlite(p) => {
                sqlx::query("INSERT INTO seats (table_id, seat, name, token) VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, token = excluded.token")
                    .bind(table).bind(seat).bind(name).bind(token)
                    .execute(p)
                    .await?;
            }
            Store::Postgres(p) => {
                sqlx::query("INSERT INTO seats (table_id, seat, name, token) VALUES ($1, $2, $3, $4) ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, token = excluded.token")
                    .bind(table).bind(seat).bind(name).bind(token)
                    .execute(p)
                    .await?;
            }
        }
        Ok(())
    }

    /// The match starts: its header is written.
    pub async fn start(&self, table: &str, header: &str) -> Result<()> {
        match self {
            Store::Sqlite(p) => {
                sqlx::query("UPDATE tables SET header = ?, status = 'playing' WHERE id = ?")
                    .bind(header)
                    .bind(table)
                    .execute(p)
                    .await?;
            }
            Store::Postgres(p) => {
                sqlx::query("UPDATE tables SET header = $1, status = 'playing' WHERE id = $2")
                    .bind(header)
                    .bind(table)
                    .execute(p)
                    .await?;
            }
        }
        Ok(())
    }

    pub async fn set_status(&self, table: &str, status: &str) -> Result<()> {
        match self {
            Store::Sqlite(p) => {
                sqlx::query("UPDATE tables SET status = ? WHERE id = ?")
                    .bind(status)
                    .bind(table)
                    .execute(p)
                    .await?;
            }
            Store::Postgres(p) => {
                sqlx::query("UPDATE tables SET status = $1 WHERE id = $2")
                    .bind(status)
                    .bind(table)
                    .execute(p)
                    .await?;
            }
        }
        Ok(())
    }

    /// Appends one action to a table's log.
    pub async fn append(&self, table: &str, seq: u64, action: &str) -> Result<()> {
        let seq = seq as i64;
        match self {
            Store::Sqlite(p) => {
                sqlx::query("INSERT INTO actions (table_id, seq, action) VALUES (?, ?, ?)")
                    .bind(table)
                    .bind(seq)
                    .bind(action)
                    .execute(p)
                    .await?;
            }
            Store::Postgres(p) => {
                sqlx::query("INSERT INTO actions (table_id, seq, action) VALUES ($1, $2, $3)")
                    .bind(table)
                    .bind(seq)
                    .bind(action)
                    .execute(p)
                    .await?;
            }
        }
        Ok(())
    }

    /// Every stored table with its seats and log, oldest first.
    pub async fn load(&self) -> Result<Vec<StoredTable>> {
        let (tables, seats, actions) = match self {
            Store::Sqlite(p) => (
                sqlx::query("SELECT id, created_at, spec, status, header FROM tables ORDER BY created_at, id").fetch_all(p).await?
                    .into_iter().map(|r| row_table(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect::<Vec<_>>(),
                sqlx::query("SELECT table_id, seat, name, token FROM seats").fetch_all(p).await?
                    .into_iter().map(|r| (r.get::<String, _>(0), r.get::<i32, _>(1), r.get::<String, _>(2), r.get::<String, _>(3))).collect::<Vec<_>>(),
                sqlx::query("SELECT table_id, seq, action FROM actions ORDER BY table_id, seq").fetch_all(p).await?
                    .into_iter().map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1), r.get::<String, _>(2))).collect::<Vec<_>>(),
            ),
            Store::Postgres(p) => (
                sqlx::query("SELECT id, created_at, spec, status, header FROM tables ORDER BY created_at, id").fetch_all(p).await?
                    .into_iter().map(|r| row_table(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect::<Vec<_>>(),
                sqlx::query("SELECT table_id, seat, name, token FROM seats").fetch_all(p).await?
                    .into_iter().map(|r| (r.get::<String, _>(0), r.get::<i32, _>(1), r.get::<String, _>(2), r.get::<String, _>(3))).collect::<Vec<_>>(),
                sqlx::query("SELECT table_id, seq, action FROM actions ORDER BY table_id, seq").fetch_all(p).await?
                    .into_iter().map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1), r.get::<String, _>(2))).collect::<Vec<_>>(),
            ),
        };
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
