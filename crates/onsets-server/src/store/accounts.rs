//! Accounts (docs/protocol.md, "Accounts"; migration of `accounts`).

use super::{inserted, now_s, with_pool, Store, StoreResult};
use sqlx::Row;

/// An account as stored, with its password hash.
#[derive(Clone, Debug)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
    pub password_hash: String,
}

/// A new account.
#[derive(Clone, Debug)]
pub struct NewAccount<'a> {
    pub id: &'a str,
    pub name: &'a str,
    /// The lower-cased name, unique.
    pub name_key: &'a str,
    pub password_hash: &'a str,
}

/// The account whose lower-cased name is `name_key`.
pub async fn find(store: &Store, name_key: &str) -> StoreResult<Option<AccountRow>> {
    let sql = "SELECT id, name, password_hash FROM accounts WHERE name_key = $1";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(name_key)
        .fetch_optional(p)
        .await?
        .map(|r| AccountRow {
            id: r.get(0),
            name: r.get(1),
            password_hash: r.get(2),
        })))
}

/// The shown name of account `id`.
pub async fn name_of(store: &Store, id: &str) -> StoreResult<Option<String>> {
    let sql = "SELECT name FROM accounts WHERE id = $1";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(id)
        .fetch_optional(p)
        .await?
        .map(|r| r.get(0))))
}

/// Stores a new account: `false` when its name is taken (the unique
/// `name_key` decides, so two sign-ups of one name cannot both win).
pub async fn insert(store: &Store, a: &NewAccount<'_>) -> StoreResult<bool> {
    let sql = "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
               VALUES ($1, $2, $3, $4, $5)";
    let done = with_pool!(store, |p| sqlx::query(sql)
        .bind(a.id)
        .bind(a.name)
        .bind(a.name_key)
        .bind(a.password_hash)
        .bind(now_s())
        .execute(p)
        .await
        .map(|_| ()));
    inserted(done)
}

/// A new password hash for `account`; every session but the one whose
/// token hashes to `keep` ends.
pub async fn set_password(
    store: &Store,
    account: &str,
    password_hash: &str,
    keep: &str,
) -> StoreResult<()> {
    with_pool!(store, |p| {
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(account)
            .execute(p)
            .await?;
        sqlx::query("DELETE FROM account_sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(account)
            .bind(keep)
            .execute(p)
            .await?;
    });
    Ok(())
}
