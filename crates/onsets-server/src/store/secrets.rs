//! The server's secrets (table `server_secrets`): made at random the first
//! time they are needed; whichever instance comes first wins and the others
//! read its value.

use super::{with_pool, Store, StoreResult};
use sqlx::Row;

/// The secret `name`, stored as `fresh` if there is none yet.
pub async fn get_or_make(store: &Store, name: &str, fresh: &str) -> StoreResult<String> {
    let insert =
        "INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING";
    let select = "SELECT value FROM server_secrets WHERE name = $1";
    Ok(with_pool!(store, |p| {
        sqlx::query(insert)
            .bind(name)
            .bind(fresh)
            .execute(p)
            .await?;
        sqlx::query(select).bind(name).fetch_one(p).await?.get(0)
    }))
}
