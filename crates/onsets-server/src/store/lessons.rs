//! The lesson steps a signed-in player has done (docs/lessons.md; table
//! `lesson_progress`).

use super::{now_s, with_pool, Store, StoreResult};
use sqlx::Row;
use std::collections::BTreeMap;

/// Stores one step done (again: nothing changes).
pub async fn record(store: &Store, account: &str, lesson: &str, step: i64) -> StoreResult<()> {
    let sql = "INSERT INTO lesson_progress (account_id, lesson, step, done_at) \
               VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, lesson, step) DO NOTHING";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .bind(lesson)
        .bind(step)
        .bind(now_s())
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// The steps done by an account, by lesson, in order.
pub async fn progress(store: &Store, account: &str) -> StoreResult<BTreeMap<String, Vec<i64>>> {
    let sql =
        "SELECT lesson, step FROM lesson_progress WHERE account_id = $1 ORDER BY lesson, step";
    let rows: Vec<(String, i64)> = with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect());
    let mut out: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for (l, s) in rows {
        out.entry(l).or_default().push(s);
    }
    Ok(out)
}
