//! Change notices between instances (docs/scaling.md): PostgreSQL's
//! `LISTEN`/`NOTIFY` (sqlx `PgListener`, `pg_notify`), or on SQLite (one
//! instance) the watchers of this process directly. [`News`] carries the
//! changed tournaments' ids to the live pages (`crate::live`); the 1969
//! tables listen on a channel of their own through [`listen_to`].
//!
//! A notification sent while the listening connection is lost is never
//! delivered, so a lost connection is opened and `LISTEN`ed again at once
//! (within [`RELISTEN_WAIT`] plus [`RELISTEN_TIMEOUT`] of each try while the
//! database is unreachable) and then every watcher is told to read the
//! current state again ([`Heard::Relistened`], [`EVERY`]): no change is
//! missed, even one made while this instance was not listening.

use super::Store;
use std::time::Duration;
use tokio::sync::broadcast;

/// The PostgreSQL channel of tournament changes.
pub const CHANNEL: &str = "onsets_tournaments";

/// The id sent to this instance's watchers for "read everything again"
/// (after the listening connection was lost).
pub const EVERY: &str = "*";

/// How long one try to open the listening connection may wait.
pub const RELISTEN_TIMEOUT: Duration = Duration::from_secs(1);

/// The pause between two tries to listen again while the database is
/// unreachable.
pub const RELISTEN_WAIT: Duration = Duration::from_millis(250);

/// What the listener of a channel hears.
pub enum Heard {
    /// A notification's payload.
    Notified(String),
    /// The connection was lost and is listening again: notifications sent
    /// meanwhile are gone, so the watchers read the current state again.
    Relistened,
}

/// Changed events (their ids) to this instance's watchers.
#[derive(Clone)]
pub struct News {
    tx: broadcast::Sender<String>,
}

impl Default for News {
    fn default() -> Self {
        News {
            tx: broadcast::channel(256).0,
        }
    }
}

impl News {
    /// Starts listening to the other instances (PostgreSQL only; a no-op on
    /// SQLite). Must be called inside the runtime.
    pub fn listen(&self, store: &Store) {
        let tx = self.tx.clone();
        listen_to(store, CHANNEL, move |heard| {
            let _ = tx.send(match heard {
                Heard::Notified(id) => id,
                Heard::Relistened => EVERY.to_string(),
            });
        });
    }

    /// Tells every instance's watchers that event `id` changed (after it
    /// is stored). A failed `NOTIFY` is logged: pages still poll.
    pub async fn changed(&self, store: &Store, id: &str) {
        match store {
            Store::Postgres(p) => {
                if let Err(e) = notify(p, CHANNEL, id).await {
                    tracing::warn!("NOTIFY {CHANNEL}: {e}");
                    let _ = self.tx.send(id.to_string());
                }
            }
            Store::Sqlite(_) => {
                let _ = self.tx.send(id.to_string());
            }
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.tx.subscribe()
    }
}

/// Listens on a PostgreSQL `channel` (a no-op on SQLite) and hands what it
/// hears to `on`, on one connection of its own that is opened again as soon
/// as it drops ([`Heard::Relistened`] once it listens again). Must be called
/// inside the runtime. Shared by the tournaments' news and the 1969 tables
/// (`table1969`).
pub fn listen_to(store: &Store, channel: &'static str, on: impl Fn(Heard) + Send + Sync + 'static) {
    let Store::Postgres(pool) = store else {
        return;
    };
    // A pool of one connection of its own: the listener holds it, and
    // the store's pool keeps all of its connections for requests.
    let options = (*pool.connect_options()).clone();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(RELISTEN_TIMEOUT)
        .connect_lazy_with(options);
    tokio::spawn(async move {
        // Whether a connection was lost since the last `LISTEN`.
        let mut lost = false;
        loop {
            let listening = match sqlx::postgres::PgListener::connect_with(&pool).await {
                Ok(mut l) => l.listen(channel).await.map(|()| l),
                Err(e) => Err(e),
            };
            match listening {
                Ok(mut l) => {
                    if lost {
                        tracing::info!("{channel}: listening again");
                        on(Heard::Relistened);
                    }
                    let e = hear(&mut l, channel, &on).await;
                    tracing::warn!("{channel} notifications: {e}");
                    lost = true;
                }
                // Said once per outage, not at every try.
                Err(e) if !lost => {
                    tracing::warn!("{channel} notifications: {e}");
                    lost = true;
                }
                Err(e) => tracing::debug!("{channel} notifications: {e}"),
            }
            tokio::time::sleep(RELISTEN_WAIT).await;
        }
    });
}

/// Hands what `l` hears to `on` until the connection fails for good (the
/// error). A lost connection that `PgListener` opens again at once (it
/// listens on the new one before it answers) is [`Heard::Relistened`].
async fn hear(
    l: &mut sqlx::postgres::PgListener,
    channel: &str,
    on: &(impl Fn(Heard) + Sync),
) -> sqlx::Error {
    loop {
        match l.try_recv().await {
            Ok(Some(n)) => on(Heard::Notified(n.payload().to_string())),
            Ok(None) => {
                tracing::info!("{channel}: the connection was lost; listening again");
                on(Heard::Relistened);
            }
            Err(e) => return e,
        }
    }
}

/// `NOTIFY channel, 'payload'` (with `pg_notify`, after the change is stored).
pub async fn notify(pool: &sqlx::PgPool, channel: &str, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(pool)
        .await
        .map(|_| ())
}
