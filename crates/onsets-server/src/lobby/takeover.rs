//! The lobby's side of the tables' leases (docs/scaling.md, "Leases"):
//! a live table held elsewhere taken over from the database, the renewal
//! of this instance's leases and the adoption of lapsed tables. The leases
//! themselves and the fenced writes are `crate::lease`.

use super::{ListPage, ListQuery, Lobby};
use crate::api::ApiError;
use crate::lease::{is_live, Held, ADOPT_PER_TICK, RENEW_EVERY, TTL};
use crate::protocol::{TableInfo, TableStatus};
use crate::store::leases;
use crate::store::now_ms;
use crate::table::{Cmd, TableHandle};

impl Lobby {
    /// A live table not in memory, taken over (one take-over per table at a
    /// time; the tables themselves in parallel); `None` when it is not live
    /// or not stored (then `Lobby::find` loads a replay or a 1969 table).
    pub(crate) async fn find_live(&self, id: &str) -> Option<TableHandle> {
        let lock = self
            .leases
            .loading
            .lock()
            .expect("loading lock")
            .entry(id.to_string())
            .or_default()
            .clone();
        let found = {
            let _one = lock.lock().await;
            match self.tables.get(id) {
                Some(h) => Some(h),
                None => match self.store.status(id).await {
                    Ok(Some(s)) if is_live(&s) => self.take_over(id, false).await,
                    _ => None,
                },
            }
        };
        self.leases.loading.lock().expect("loading lock").remove(id);
        found
    }

    /// Takes live table `id` over from the database: its lease first (from
    /// whoever held it; with `only_lapsed` only a lapsed one), then its log,
    /// read after the lease so that no write of the previous holder is
    /// missed, replayed into a live table here. `None` when the table is
    /// not live (then it is a replay), not stored, or cannot be read.
    pub(crate) async fn take_over(&self, id: &str, only_lapsed: bool) -> Option<TableHandle> {
        let held = match self.leases.take(&self.store, id, only_lapsed).await {
            Ok(Some(h)) => h,
            Ok(None) => return None,
            Err(e) => {
                tracing::error!(table = %id, "taking the table's lease failed: {e:#}");
                return None;
            }
        };
        let stored = match self.store.load_one(id).await {
            Ok(Some(t)) if is_live(&t.status) => t,
            Ok(_) => {
                held.release().await;
                return None;
            }
            Err(e) => {
                held.release().await;
                tracing::error!(table = %id, "loading the table to take it over failed: {e:#}");
                return None;
            }
        };
        if !self.tables.reserve() {
            held.release().await;
            return None;
        }
        let epoch = held.epoch();
        match self.spawn_stored(stored, false, held.clone()).await {
            Ok(h) => {
                self.tables.insert(h.clone());
                tracing::info!(table = %id, ?epoch, "table taken over from the database");
                Some(h)
            }
            Err(e) => {
                self.tables.release();
                held.release().await;
                tracing::error!(table = %id, "cannot take the table over: {e:#}");
                None
            }
        }
    }

    /// Takes a 1969 table's lease before it is loaded (from whoever held
    /// it, or with `only_lapsed` only when nobody holds it: a starting
    /// instance never takes a table another live instance plays); `None`
    /// when it is held elsewhere (`only_lapsed`) or the database refused.
    pub(crate) async fn take_1969(&self, id: &str, only_lapsed: bool) -> Option<Held> {
        match self.leases.take(&self.store, id, only_lapsed).await {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(table = %id, "taking the 1969 table's lease failed: {e:#}");
                None
            }
        }
    }
}

impl Lobby {
    /// `GET /api/tables`: on PostgreSQL with leases, the tables in memory
    /// here and those every other live instance holds (their lobby entries
    /// as last written to `table_listing`, at most [`RENEW_EVERY`] old), so
    /// that the list is the same whichever instance answers (docs/scaling.md,
    /// "The lobby list"); on SQLite this instance's tables.
    pub async fn list_all(&self, q: &ListQuery) -> Result<ListPage, ApiError> {
        let Some(holder) = self.leases.holder() else {
            return self.list(q);
        };
        // A bad query is refused before the database is read.
        self.page(Vec::new(), q)?;
        let mut infos = self.tables.infos();
        match leases::listed_elsewhere(&self.store, holder, now_ms()).await {
            Ok(rows) => {
                let here: std::collections::HashSet<String> =
                    infos.iter().map(|t| t.id.clone()).collect();
                for (id, text) in rows {
                    if here.contains(&id) {
                        continue;
                    }
                    match serde_json::from_str::<TableInfo>(&text) {
                        Ok(info) => infos.push(info),
                        Err(e) => tracing::warn!(table = %id, "an unreadable lobby entry: {e}"),
                    }
                }
            }
            Err(e) => tracing::warn!("listing the other instances' tables failed: {e:#}"),
        }
        self.page(infos, q)
    }

    /// Writes the lobby entries of the live tables this instance holds
    /// that changed since last written (read by [`Lobby::list_all`] on the
    /// other instances).
    pub(crate) async fn publish_listing(&self) {
        let infos: Vec<(String, String)> = self
            .tables
            .infos()
            .into_iter()
            .filter(|t| matches!(t.status, TableStatus::Waiting | TableStatus::Playing))
            .filter_map(|t| Some((t.id.clone(), serde_json::to_string(&t).ok()?)))
            .collect();
        if let Err(e) = self.leases.publish(&self.store, infos).await {
            tracing::warn!("writing the lobby entries of the tables held failed: {e:#}");
        }
    }
}

/// Renews this instance's leases every [`RENEW_EVERY`], drops the tables
/// whose lease another instance took (their connections reconnect through
/// the balancer), and adopts live tables whose lease lapsed (their instance
/// died and nobody asked for them since). Nothing to do on SQLite.
pub fn watch(lobby: &Lobby) {
    if lobby.leases.holder().is_none() {
        return;
    }
    // Adoption (a replay each) never holds up the renewal: two loops.
    let adopting = lobby.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(RENEW_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            adopt_lapsed(&adopting).await;
        }
    });
    let lobby = lobby.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(RENEW_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match lobby.leases.renew(&lobby.store).await {
                Ok(lost) => {
                    for id in lost {
                        if let Some(h) = lobby.tables.get(&id) {
                            tracing::info!(table = %id, "lease taken by another instance: dropped here");
                            let _ = h.cmds.send(Cmd::Moved).await;
                        }
                    }
                }
                Err(e) => tracing::warn!("renewing the table leases failed: {e:#}"),
            }
            lobby.publish_listing().await;
        }
    });
}

/// Adopts live tables whose lease lapsed (at most [`ADOPT_PER_TICK`]);
/// returns how many.
async fn adopt_lapsed(lobby: &Lobby) -> usize {
    let now = now_ms();
    let made_before = now - TTL.as_millis() as i64;
    let ids = match leases::orphans(&lobby.store, now, made_before, ADOPT_PER_TICK).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!("listing the tables without a live lease failed: {e:#}");
            return 0;
        }
    };
    let mut adopted = 0;
    for id in ids {
        // One take-over of a table at a time in this instance (find_live).
        let lock = lobby
            .leases
            .loading
            .lock()
            .expect("loading lock")
            .entry(id.clone())
            .or_default()
            .clone();
        let _one = lock.lock().await;
        if lobby.tables.get(&id).is_some() {
            continue;
        }
        if lobby.take_over(&id, true).await.is_some() {
            adopted += 1;
        }
    }
    if adopted > 0 {
        tracing::info!(tables = adopted, "adopted live tables whose lease lapsed");
    }
    adopted
}

/// At start: adopts every live table that no live instance holds (the
/// restart of the only instance restores them all, as on SQLite).
pub(crate) async fn adopt_all(lobby: &Lobby) {
    while adopt_lapsed(lobby).await >= ADOPT_PER_TICK as usize {}
}
