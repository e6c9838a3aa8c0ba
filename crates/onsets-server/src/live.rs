//! Live tournament pages across instances (issue 17, docs/scaling.md): when
//! an event changes (an entry, a pairing, a result), every instance's
//! watchers of that event hear of it, so a public page on one instance
//! follows a result recorded on another.
//!
//! On PostgreSQL a change is a `NOTIFY onsets_tournaments, '{id}'` (sent with
//! `pg_notify` after the change is stored); each instance `LISTEN`s on one
//! connection of its own (sqlx `PgListener`) and hands the id to its
//! watchers, its own changes included. On SQLite (one instance) the change
//! goes to the watchers directly.
//!
//! A notification sent while the listening connection is lost is never
//! delivered, so a lost connection is opened and `LISTEN`ed again at once
//! (within [`RELISTEN_WAIT`] plus [`RELISTEN_TIMEOUT`] of each try while the
//! database is unreachable) and then every watcher is told to read the
//! current state again (`Heard::Relistened`): no change is missed, even one
//! made while this instance was not listening.
//!
//! `GET /api/tournaments/{id}/live` is a `text/event-stream`: one
//! `event: changed` (data: the event's id) per change, a keep-alive comment
//! every 15 s. A page re-reads the event and standings on each.

use crate::{Lobby, Store};
use axum::extract::{Path, State};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;

/// The PostgreSQL channel of tournament changes.
pub const CHANNEL: &str = "onsets_tournaments";

/// The id sent to this instance's watchers for "read everything again"
/// (after the listening connection was lost).
const EVERY: &str = "*";

/// How long one try to open the listening connection may wait.
pub const RELISTEN_TIMEOUT: Duration = Duration::from_secs(1);

/// The pause between two tries to listen again while the database is
/// unreachable.
pub const RELISTEN_WAIT: Duration = Duration::from_millis(250);

/// What the listener of a channel hears.
pub(crate) enum Heard {
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

    fn subscribe(&self) -> broadcast::Receiver<String> {
        self.tx.subscribe()
    }
}

/// Listens on a PostgreSQL `channel` (a no-op on SQLite) and hands what it
/// hears to `on`, on one connection of its own that is opened again as soon
/// as it drops ([`Heard::Relistened`] once it listens again). Must be called
/// inside the runtime. Shared by the tournaments' news and the 1969 tables
/// (`table1969`).
pub(crate) fn listen_to(
    store: &Store,
    channel: &'static str,
    on: impl Fn(Heard) + Send + Sync + 'static,
) {
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
pub(crate) async fn notify(
    pool: &sqlx::PgPool,
    channel: &str,
    payload: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(pool)
        .await
        .map(|_| ())
}

/// `GET /api/tournaments/{id}/live`: an event stream of the event's changes.
pub(crate) async fn live(
    State(lobby): State<Lobby>,
    crate::Client(client): crate::Client,
    Path(id): Path<String>,
) -> Response {
    if let Err(l) = lobby.limits.connect(client) {
        return crate::too_many(&lobby, l);
    }
    // Subscribed before the check, so no change after it is missed.
    let rx = lobby.news.subscribe();
    match crate::tournaments::exists(&lobby.store, &id).await {
        Ok(true) => {}
        Ok(false) => return crate::tournaments::no_such(&id),
        Err(e) => return crate::accounts::storage(e),
    }
    let stream = futures_util::stream::unfold((rx, id), |(mut rx, id)| async move {
        loop {
            match rx.recv().await {
                Ok(changed) if changed == id || changed == EVERY => {
                    let e = SseEvent::default().event("changed").data(&id);
                    return Some((Ok::<_, Infallible>(e), (rx, id)));
                }
                Ok(_) => {}
                // Missed some: tell the page to re-read anyway.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let e = SseEvent::default().event("changed").data(&id);
                    return Some((Ok(e), (rx, id)));
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}
