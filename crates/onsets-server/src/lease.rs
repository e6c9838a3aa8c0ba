//! Leases on live tables: several `onsets serve` instances on one PostgreSQL
//! (docs/scaling.md, "Leases").
//!
//! * Any instance serves any table. An instance asked for a live table it
//!   does not hold (a WebSocket `join`, `rejoin` or `spectate`, or an HTTP
//!   request of the table) takes its lease over — the epoch, the fencing
//!   token, goes up by one — and only then reads the table's log from the
//!   database and replays it (`Lobby::take_over`, in `lobby/takeover.rs`). The previous holder, if
//!   it lives, learns it at its next write (refused) or lease renewal (at
//!   most [`RENEW_EVERY`] later): it drops the table and closes its
//!   connections, which reconnect through the balancer.
//! * Every write of a table (its seats, its match header, each action, its
//!   status; a 1969 table's log) is fenced: written only while the lease row
//!   still names this instance with the same epoch ([`Held`];
//!   `crate::store::leases`). Two instances never both write a table's log.
//! * A live holder renews its leases every [`RENEW_EVERY`] for [`TTL`]; the
//!   tables of an instance that died are adopted by any other once their
//!   lease has lapsed, if nobody asked for them first (`lobby/takeover.rs`, `watch`).
//! * SQLite is one instance's database: no leases, every write as before.

use crate::store::leases::{self, Fence};
use crate::store::{now_ms, Store, StoreError};
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
pub(crate) const ADOPT_PER_TICK: i64 = 32;

/// This instance's leases: `None` on SQLite (one instance, no leases).
#[derive(Clone, Default)]
pub struct Leases {
    inner: Option<Arc<Inner>>,
    /// One take-over at a time per table (many tables at once: after an
    /// instance is lost, its tables are taken over in parallel).
    pub(crate) loading: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
}

struct Inner {
    /// This instance's name in the lease rows (random at each start).
    holder: String,
    /// The leases held: table → (epoch, when taken).
    held: Mutex<HashMap<String, (i64, Instant)>>,
    /// The lobby entry last written for each held table (`table_listing`)
    /// ([`Leases::publish`]): only a changed one is written again.
    published: Mutex<HashMap<String, String>>,
}

impl Leases {
    /// Leases over `store`: kept on PostgreSQL only.
    pub fn new(store: &Store) -> Leases {
        match store {
            Store::Postgres(_) => Leases {
                inner: Some(Arc::new(Inner {
                    holder: uuid::Uuid::new_v4().simple().to_string(),
                    held: Mutex::default(),
                    published: Mutex::default(),
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
        inner.published.lock().expect("leases lock").remove(id);
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

    /// Writes the lobby entries (`(table, TableInfo as JSON)`) of the
    /// tables this instance holds that changed since last written, so that
    /// every instance's `GET /api/tables` lists them (docs/scaling.md, "The
    /// lobby list"). Tables not held here are skipped.
    pub(crate) async fn publish(
        &self,
        store: &Store,
        infos: Vec<(String, String)>,
    ) -> Result<(), StoreError> {
        let Some(inner) = &self.inner else {
            return Ok(());
        };
        let fresh: Vec<(String, String)> = {
            let held = inner.held.lock().expect("leases lock");
            let mut published = inner.published.lock().expect("leases lock");
            published.retain(|id, _| held.contains_key(id));
            infos
                .into_iter()
                .filter(|(id, info)| held.contains_key(id) && published.get(id) != Some(info))
                .collect()
        };
        if fresh.is_empty() {
            return Ok(());
        }
        leases::publish(store, &inner.holder, &fresh).await?;
        let mut published = inner.published.lock().expect("leases lock");
        for (id, info) in fresh {
            published.insert(id, info);
        }
        Ok(())
    }

    /// Forgets lease `epoch` of table `id` (given back or lost).
    fn forget(&self, id: &str, epoch: i64) {
        if let Some(inner) = &self.inner {
            let mut held = inner.held.lock().expect("leases lock");
            if held.get(id).is_some_and(|(e, _)| *e == epoch) {
                held.remove(id);
                inner.published.lock().expect("leases lock").remove(id);
            }
        }
    }

    /// Renews every lease; returns the tables whose lease was lost
    /// (taken over by another instance since), forgotten here.
    pub(crate) async fn renew(&self, store: &Store) -> Result<Vec<String>, StoreError> {
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
        let mut published = inner.published.lock().expect("leases lock");
        // A lease taken while the renewal ran is not judged by it.
        let lost: Vec<String> = held
            .iter()
            .filter(|(id, (epoch, at))| *at < asked && still.get(*id) != Some(epoch))
            .map(|(id, _)| id.clone())
            .collect();
        for id in &lost {
            held.remove(id);
            published.remove(id);
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

    /// Rewrites a 1969 table's seats and log after a seat was taken, if its
    /// stored seats are still `before` (or already `seats`): `Ok(false)`
    /// when another instance took a seat meanwhile. Fenced like every other
    /// write (docs/scaling.md, "Leases"): a stale holder's claim is refused
    /// ([`WriteError::Lost`]) and writes nothing.
    pub async fn claim1969(
        &self,
        before: &str,
        seats: &str,
        log: &str,
    ) -> Result<bool, WriteError> {
        match &self.fence {
            None => Ok(
                crate::store::tables1969::claim(&self.store, &self.id, before, seats, log).await?,
            ),
            Some(f) => {
                match leases::claim1969(&self.store, &self.id, before, seats, log, f).await? {
                    Some(written) => Ok(written),
                    None => self.check(false).map(|()| false),
                }
            }
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
