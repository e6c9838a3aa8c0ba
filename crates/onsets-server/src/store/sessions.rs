//! Sign-in sessions (docs/protocol.md, "Accounts"): stored only as the
//! SHA-256 of their token, with an expiry.

use super::{now_s, with_pool, Store, StoreResult};
use sqlx::Row;

/// The account of a live session.
#[derive(Clone, Debug)]
pub struct SessionAccount {
    pub id: String,
    pub name: String,
}

/// The account whose live session's token hashes to `token_hash`.
pub async fn account_of(store: &Store, token_hash: &str) -> StoreResult<Option<SessionAccount>> {
    let sql = "SELECT a.id, a.name FROM account_sessions s JOIN accounts a ON a.id = s.account_id \
               WHERE s.token_hash = $1 AND s.expires_at > $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(token_hash)
        .bind(now_s())
        .fetch_optional(p)
        .await?
        .map(|r| SessionAccount {
            id: r.get(0),
            name: r.get(1),
        })))
}

/// Starts a session of `account` lasting `seconds` (expired sessions are
/// forgotten as new ones start).
pub async fn start(
    store: &Store,
    token_hash: &str,
    account: &str,
    seconds: i64,
) -> StoreResult<()> {
    let forget = "DELETE FROM account_sessions WHERE expires_at <= $1";
    with_pool!(store, |p| sqlx::query(forget)
        .bind(now_s())
        .execute(p)
        .await
        .map(|_| ()))?;
    let sql =
        "INSERT INTO account_sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(token_hash)
        .bind(account)
        .bind(now_s() + seconds)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// Ends the session whose token hashes to `token_hash`.
pub async fn end(store: &Store, token_hash: &str) -> StoreResult<()> {
    let sql = "DELETE FROM account_sessions WHERE token_hash = $1";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(token_hash)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}
