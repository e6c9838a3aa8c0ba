//! Leases on live tables: several `onsets serve` instances on one PostgreSQL
//! (docs/scaling.md, "Leases").
//!
//! * Any instance serves any table. An instance asked for a live table it
//!   does not hold (a WebSocket `join`, `rejoin` or `spectate`, or an HTTP
//!   request of the table) takes its lease over — the epoch, the fencing
//!   token, goes up by one — and only then reads the table's log from the
//!   database and replays it ([`Lobby::take_over`]). The previous holder, if
//!   it lives, learns it at its next write (refused) or lease renewal (at
//!   most [`RENEW_EVERY`] later): it drops the table and closes its
//!   connections, which reconnect through the balancer.
//! * Every write of a table (its seats, its match header, each action, its
//!   status; a 1969 table's log) is fenced: written only while the lease row
//!   still names this instance with the same epoch ([`Held`];
//!   `crate::store::leases`). Two instances never both write a table's log.
//! * A live holder renews its leases every [`RENEW_EVERY`] for [`TTL`]; the
//!   tables of an instance that died are adopted by any other once their
//!   lease has lapsed, if nobody asked for them first ([`watch`]).
//! * SQLite is one instance's database: no leases, every write as before.

use crate::lobby::Lobby;
use crate::store::leases::{self, Fence};
use crate::store::{now_ms, Store, StoreError};
use crate::table::{Cmd, TableHandle};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// How long a lease lasts unless renewed: an instance that died gives its
/// unattended tables up to adoption after this. Long against
/// [`RENEW_EVERY`], so that a busy instance's late renewal never lets a
/// table it plays be adopted; failing over does not wait for it (the
/// players' reconnection takes the table over at once).
pub const TTL: Duration = Duration::from_secs(30);
/// How often a live instance renews its leases (and learns of those taken
/// over by another instance).
pub const RENEW_EVERY: Duration = Duration::from_secs(2);
/// Lapsed tables adopted at most per renewal.
const ADOPT_PER_TICK: i64 = 32;

/// This instance's leases: `None` on SQLite (one instance, no leases).
#[derive(Clone, Default)]
pub struct Leases {
    inner: Option<Arc<Inner>>,
    /// One take-over at a time per table (many tables at once: after an
    /// instance is lost, its tables are taken over in parallel).
    loading: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
}

struct Inner {
    /// This instance's name in the lease rows (random at each start).
    holder: String,
    /// The leases held: table → (epoch, when taken).
    held: Mutex<HashMap<String, (i64, Instant)>>,
}

impl Leases {
    /// Leases over `store`: kept on PostgreSQL only.
    pub fn new(store: &Store) -> Leases {
        match store {
            Store::Postgres(_) => Leases {
                inner: Some(Arc::new(Inner {
                    holder: uuid::Uuid::new_v4().simple().to_string(),
                    held: Mutex::default(),
                })),
                loading: Arc::default(),
            },
            Store::Sqlite(_) => Leases::default(),
        }
    }

    /// This instance's name in the lease rows (`None` without leases).
    pub fn holder(&self) -> Option<&str> {
        self.inner.as_deref().map(|i| i.holder.as_str())
    }

    /// How many leases this instance holds.
    pub fn count(&self) -> usize {
        self.inner
            .as_ref()
            .map_or(0, |i| i.held.lock().expect("leases lock").len())
    }

    /// Takes table `id`'s lease: from whoever holds it, or with
    /// `only_lapsed` only when it is absent or ran out (`None` otherwise).
    /// Without leases (SQLite) the table is always this instance's.
    pub async fn take(
        &self,
        store: &Store,
        id: &str,
        only_lapsed: bool,
    ) -> Result<Option<Held>, StoreError> {
        let Some(inner) = &self.inner else {
            return Ok(Some(Held::unleased(store, id)));
        };
        let now = now_ms();
        let until = now + TTL.as_millis() as i64;
        let Some(epoch) = leases::take(store, id, &inner.holder, now, until, only_lapsed).await?
        else {
            return Ok(None);
        };
        inner
            .held
            .lock()
            .expect("leases lock")
            .insert(id.to_string(), (epoch, Instant::now()));
        tracing::info!(table = %id, epoch, "lease taken");
        Ok(Some(Held {
            store: store.clone(),
            id: id.to_string(),
            fence: Some(Fence {
                holder: inner.holder.clone(),
                epoch,
            }),
            leases: self.clone(),
        }))
    }

    /// Forgets lease `epoch` of table `id` (given back or lost).
    fn forget(&self, id: &str, epoch: i64) {
        if let Some(inner) = &self.inner {
            let mut held = inner.held.lock().expect("leases lock");
            if held.get(id).is_some_and(|(e, _)| *e == epoch) {
                held.remove(id);
            }
        }
    }

    /// Renews every lease; returns the tables whose lease was lost
    /// (taken over by another instance since), forgotten here.
    async fn renew(&self, store: &Store) -> Result<Vec<String>, StoreError> {
        let Some(inner) = &self.inner else {
            return Ok(Vec::new());
        };
        let asked = Instant::now();
        let until = now_ms() + TTL.as_millis() as i64;
        let still: HashMap<String, i64> = leases::renew(store, &inner.holder, until)
            .await?
            .into_iter()
            .collect();
        let mut held = inner.held.lock().expect("leases lock");
        // A lease taken while the renewal ran is not judged by it.
        let lost: Vec<String> = held
            .iter()
            .filter(|(id, (epoch, at))| *at < asked && still.get(*id) != Some(epoch))
            .map(|(id, _)| id.clone())
            .collect();
        for id in &lost {
            held.remove(id);
        }
        Ok(lost)
    }
}

/// Why a fenced write of a table was not made.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Another instance took the table over: this copy must stop.
    #[error("another server instance took the table over (its lease is lost)")]
    Lost,
    /// The database did not take the write.
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<StoreError> for WriteError {
    fn from(e: StoreError) -> WriteError {
        WriteError::Failed(e.into())
    }
}

/// A table's writes, fenced by its lease when there is one.
#[derive(Clone)]
pub struct Held {
    store: Store,
    id: String,
    fence: Option<Fence>,
    leases: Leases,
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Held")
            .field("id", &self.id)
            .field("fence", &self.fence)
            .finish()
    }
}

impl Held {
    /// A table's writes without a lease (SQLite: one instance).
    pub fn unleased(store: &Store, id: &str) -> Held {
        Held {
            store: store.clone(),
            id: id.to_string(),
            fence: None,
            leases: Leases::default(),
        }
    }

    /// The lease's epoch (`None` without leases).
    pub fn epoch(&self) -> Option<i64> {
        self.fence.as_ref().map(|f| f.epoch)
    }

    fn check(&self, written: bool) -> Result<(), WriteError> {
        if written {
            return Ok(());
        }
        if let Some(f) = &self.fence {
            self.leases.forget(&self.id, f.epoch);
            tracing::warn!(table = %self.id, epoch = f.epoch, "lease lost: the write was refused");
        }
        Err(WriteError::Lost)
    }

    /// Appends action `seq` to the table's log.
    pub async fn append(&self, seq: u64, action: &str) -> Result<(), WriteError> {
        match &self.fence {
            None => Ok(self.store.append(&self.id, seq, action).await?),
            Some(f) => self.check(leases::append(&self.store, &self.id, seq, action, f).await?),
        }
    }

    /// Writes a seat's name and token.
    pub async fn set_seat(&self, seat: usize, name: &str, token: &str) -> Result<(), WriteError> {
        match &self.fence {
            None => Ok(self.store.set_seat(&self.id, seat, name, token).await?),
            Some(f) => {
                self.check(leases::set_seat(&self.store, &self.id, seat, name, token, f).await?)
            }
        }
    }

    /// The match starts: its header is written (status `playing`).
    pub async fn start(&self, header: &str) -> Result<(), WriteError> {
        match &self.fence {
            None => Ok(self.store.start(&self.id, header).await?),
            Some(f) => self.check(
                leases::set_status(&self.store, &self.id, "playing", Some(header), f).await?,
            ),
        }
    }

    /// Writes the table's status (`over`, `abandoned`).
    pub async fn set_status(&self, status: &str) -> Result<(), WriteError> {
        match &self.fence {
            None => Ok(self.store.set_status(&self.id, status).await?),
            Some(f) => {
                self.check(leases::set_status(&self.store, &self.id, status, None, f).await?)
            }
        }
    }

    /// Rewrites a 1969 table's seats and log.
    pub async fn save1969(&self, seats: &str, log: &str) -> Result<(), WriteError> {
        match &self.fence {
            None => Ok(crate::store::tables1969::save(&self.store, &self.id, seats, log).await?),
            Some(f) => self.check(leases::save1969(&self.store, &self.id, seats, log, f).await?),
        }
    }

    /// Gives the lease back: the table leaves memory finished or abandoned
    /// (asked again, it is a replay, or taken over from the database).
    pub async fn release(&self) {
        let Some(f) = &self.fence else { return };
        self.leases.forget(&self.id, f.epoch);
        if let Err(e) = leases::release(&self.store, &self.id, f).await {
            tracing::warn!(table = %self.id, "giving the lease back failed (it lapses): {e:#}");
        }
    }
}

/// A stored table's status that is played on (not finished or abandoned).
pub fn is_live(status: &str) -> bool {
    matches!(status, "waiting" | "playing")
}

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

    /// Takes a 1969 table's lease (from whoever held it) before it is
    /// loaded; `None` when the database refused.
    pub(crate) async fn take_1969(&self, id: &str) -> Option<Held> {
        match self.leases.take(&self.store, id, false).await {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(table = %id, "taking the 1969 table's lease failed: {e:#}");
                None
            }
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
