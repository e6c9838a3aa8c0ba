//! The health probe's write (`GET /healthz`; docs/protocol.md, "Health").

use super::{now_ms, Store, StoreResult};

impl Store {
    /// The health probe: one cheap write (an upsert of the one row of
    /// `health`, migration 0023) that fails exactly when the database cannot
    /// take writes: down, read-only, full or locked ([`super::Fault`]).
    pub async fn probe(&self) -> StoreResult<()> {
        let sql = "INSERT INTO health (id, checked_at) VALUES (1, $1) \
                   ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at";
        match self {
            // In its turn with the tables' writes (`sqlite_turn`).
            Store::Sqlite(p) => {
                let _turn = super::sqlite_turn(p).await?;
                sqlx::query(sql).bind(now_ms()).execute(p).await?;
            }
            Store::Postgres(p) => {
                sqlx::query(sql).bind(now_ms()).execute(p).await?;
            }
        }
        Ok(())
    }
}
