//! The HTTP alias of 1969 tables (`/api/tables1969…`, docs/protocol.md
//! "1969 tables"): Allen's Basic and Advanced ON-SETS (M69 §§2–3) over plain
//! HTTP and an event stream, for the tables made through it. A 1969 table
//! made with `POST /api/tables` is played over `/ws` by the one table host
//! (`crate::table`); both hold the game and its seats as a
//! `crate::tables::game1969::Table1969`. The game is
//! `onsets_engine::manual1969::Game`, the only authority; this module holds
//! its tables in memory, seats people by token, lets the bots act after every
//! human act, and answers (docs/editions.md, "1969 (Allen)"):
//!
//! * `POST /api/tables1969` `{"form":"basic"|"advanced", "seats":[{"kind":"human"}|{"kind":"open"}|{"kind":"bot","level":"expert"}], "seed":7, "plays":3}`
//!   → 201 `{"id", "link":"/t69/{id}", "tokens":[token or null per seat], "state"}`.
//!   A `human` seat's token goes to the maker; an `open` seat (token
//!   `null`) is for whoever joins;
//! * `POST /api/tables1969/{id}/join` `{"name"?}` → 200 `{"id", "link",
//!   "seat", "token", "state"}`: the first open seat, or 409 `table-full`
//!   (claimed in the database by compare-and-set on the stored seats, so
//!   two instances never give one seat twice);
//! * `GET /api/tables1969/{id}` → the state (everything in a 1969 game is
//!   on the table, so one view serves every seat);
//! * `GET /api/tables1969/{id}/events` → a `text/event-stream`: `event:
//!   state` with the state at once and after every change (anyone may
//!   watch; no token);
//! * `GET /api/tables1969/{id}/log` → the game log, JSON lines;
//! * `GET /api/tables1969/{id}/review` → the post-game review (409
//!   `not-finished` until the game is over; docs/review.md);
//! * `POST /api/tables1969/{id}/act` `{"token", "act":{"type":"move","cube":4,"to":"required"}}`
//!   → the state, or 409 `{"error":{"code","message","rule"}}` when the
//!   game refuses the act. The seat comes from the token, never the body.
//!
//! **When the game begins.** A table with an open seat waits, as a 2026-27
//! table waits for its players: nobody acts (a person's act is 409
//! `not-started`; the bots do nothing; the game's clock does not run) until
//! every seat is taken. The game is made anew (same seed) with each joining
//! person's name, which is safe because no act has been applied yet; when the
//! last seat is taken the clock starts and the bots act at once.
//!
//! A 1969 table is stored in the database (migration 0021: its seats, the
//! people's tokens and the bots' styles, and the game's log, rewritten after
//! each change and committed before the change is answered; a change that
//! cannot be stored is undone and refused with 503 `storage`, see `change`
//! and docs/protocol.md, "Storage errors and health"): one that is not in
//! memory, after a restart or on another
//! instance, is restored by replaying its log. Every change is announced
//! (PostgreSQL: `NOTIFY onsets_tables1969, '{instance} {id}'`; SQLite: to
//! this instance's watchers directly); an instance that hears of another's
//! change to a table it holds replays it from the database before its
//! watchers get the new state, so a page watching instance B follows an act
//! made on instance A. The bots' challenge window is closed by a timer on the
//! server, so the game goes on without any page polling.

use crate::accounts::with_pool;
use crate::live::Heard;
use crate::lobby::{ApiCode, ApiError};
use crate::store::Store;
use crate::tables::game1969::{bad, token};
pub use crate::tables::game1969::{
    Create1969, Fail, Info1969, Seat1969Spec, SeatInfo1969, Table1969,
};
use crate::{api_error, is_json, Lobby};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_engine::manual1969::DefaultClaims;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// The most 1969 tables kept in memory; the oldest goes first.
const MAX_TABLES_1969: usize = 500;
/// The PostgreSQL channel of 1969 table changes (payload: `{instance} {id}`).
pub const CHANNEL_1969: &str = "onsets_tables1969";

/// The 1969 tables in memory, what the lobby lists of them, and this
/// instance's watchers.
pub struct Tables1969 {
    tables: Mutex<Vec<(String, Arc<Mutex<Table1969>>)>>,
    /// The lobby's entries, renewed after every change (the listing never
    /// waits for a table busy with its bots).
    infos: Mutex<HashMap<String, Info1969>>,
    /// Open event streams per table.
    watchers: Mutex<HashMap<String, usize>>,
    /// Changed tables (their ids) to this instance's watchers.
    tx: broadcast::Sender<String>,
    /// This instance, in its notifications (its own need no replay).
    origin: String,
    /// One join at a time on this instance (a join and its claim in the
    /// database go together; joins are rare).
    joining: tokio::sync::Mutex<()>,
    /// Per table: one change at a time, from the act to its commit, so that
    /// a change whose write fails is undone before the next one starts.
    writing: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl Default for Tables1969 {
    fn default() -> Self {
        Tables1969 {
            tables: Mutex::default(),
            infos: Mutex::default(),
            watchers: Mutex::default(),
            tx: broadcast::channel(256).0,
            origin: token(),
            joining: tokio::sync::Mutex::new(()),
            writing: Mutex::default(),
        }
    }
}

impl Tables1969 {
    fn get(&self, id: &str) -> Option<Arc<Mutex<Table1969>>> {
        let t = self.tables.lock().ok()?;
        t.iter().find(|(k, _)| k == id).map(|(_, v)| v.clone())
    }
    fn insert(&self, id: String, table: Table1969) {
        self.note(&table);
        if let Ok(mut t) = self.tables.lock() {
            if t.len() >= MAX_TABLES_1969 {
                let (gone, _) = t.remove(0);
                self.forget(&gone);
            }
            t.push((id, Arc::new(Mutex::new(table))));
        }
    }
    /// Drops the lobby's entry of table `id` (it left memory, or its
    /// creation was not stored).
    fn forget(&self, id: &str) {
        if let Ok(mut i) = self.infos.lock() {
            i.remove(id);
        }
        if let Ok(mut w) = self.writing.lock() {
            w.remove(id);
        }
    }
    /// The lock that orders the changes of table `id` ([`change`]).
    fn writer(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut w = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        w.entry(id.to_string()).or_default().clone()
    }
    /// Renews the lobby's entry of `t`.
    fn note(&self, t: &Table1969) {
        if let Ok(mut i) = self.infos.lock() {
            i.insert(t.id.clone(), t.info());
        }
    }
    /// The lobby's entries of the tables in memory, with their watchers now.
    pub fn infos(&self) -> Vec<Info1969> {
        let watchers = self.watchers.lock().map(|w| w.clone()).unwrap_or_default();
        self.infos
            .lock()
            .map(|i| {
                i.values()
                    .map(|t| Info1969 {
                        spectators: watchers.get(&t.id).copied().unwrap_or(0),
                        ..t.clone()
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    fn watch(&self, id: &str, by: isize) {
        if let Ok(mut w) = self.watchers.lock() {
            let n = w.entry(id.to_string()).or_insert(0);
            *n = n.saturating_add_signed(by);
            if *n == 0 {
                w.remove(id);
            }
        }
    }
}

fn not_json() -> Response {
    api_error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ApiError::new(
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            None,
        ),
    )
}

fn no_table() -> Response {
    api_error(
        StatusCode::NOT_FOUND,
        ApiError::new(ApiCode::NoSuchTable, "there is no such 1969 table", None),
    )
}

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Writes the table's seats and log (a new row, or the row's seats and log:
/// a person taking an open seat changes both), committed when this returns
/// `Ok`.
async fn save(lobby: &Lobby, id: &str, seats: &str, log: &str) -> anyhow::Result<()> {
    crate::store::tables1969::save(&lobby.store, id, seats, log).await
}

/// A change that was not stored: 503 `storage` (nothing changed).
fn storage(e: anyhow::Error) -> Response {
    crate::storage_failure("a 1969 table", e)
}

/// The stored table, replayed (`None`: no such row, or it does not replay;
/// `Err`: the database could not be read).
async fn load(lobby: &Lobby, id: &str) -> anyhow::Result<Option<Table1969>> {
    if id.len() > 64 {
        return Ok(None);
    }
    let Some((seats, log)) = crate::store::tables1969::load(&lobby.store, id).await? else {
        return Ok(None);
    };
    let owned = id.to_string();
    let restored =
        tokio::task::spawn_blocking(move || Table1969::restore(&owned, &seats, &log)).await;
    match restored {
        // Played over the WebSocket: the one table host has it.
        Ok(Ok(t)) if t.ws => Ok(None),
        Ok(Ok(t)) => Ok(Some(t)),
        Ok(Err(e)) => {
            tracing::error!(table = %id, "a stored 1969 table does not replay: {e}");
            Ok(None)
        }
        Err(_) => Ok(None),
    }
}

/// How many stored 1969 tables a starting server restores, and from how
/// far back (the most recently changed first).
const RESTORED_AT_START: i64 = 100;
const RESTORED_SINCE_MS: i64 = 24 * 3600 * 1000;

/// At start: the 1969 tables changed in the last day (at most
/// [`RESTORED_AT_START`]) are restored into memory, so that the lobby lists
/// them (open seats to join, games to watch) after a restart as before it;
/// older ones are still found by their link.
pub(crate) async fn restore_recent(lobby: &Lobby) {
    let since = unix_ms() - RESTORED_SINCE_MS;
    let sql = "SELECT id FROM tables1969 WHERE updated_at >= $1 ORDER BY updated_at DESC LIMIT $2";
    let ids: Result<Vec<(String,)>, sqlx::Error> =
        with_pool!(&lobby.store, |p| sqlx::query_as(sql)
            .bind(since)
            .bind(RESTORED_AT_START)
            .fetch_all(p)
            .await);
    let ids = match ids {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!("listing the stored 1969 tables: {e}");
            return;
        }
    };
    let mut restored = 0;
    for (id,) in ids {
        if find(lobby, &id).await.is_some() {
            restored += 1;
        }
    }
    if restored > 0 {
        tracing::info!(tables = restored, "restored 1969 tables from the store");
    }
}

/// The table: in memory, or restored from the database by replaying its
/// log (after a restart, or made by another instance); `Err` when the
/// database could not be read.
async fn lookup(lobby: &Lobby, id: &str) -> anyhow::Result<Option<Arc<Mutex<Table1969>>>> {
    if let Some(t) = lobby.tables1969.get(id) {
        return Ok(Some(t));
    }
    let Some(t) = load(lobby, id).await? else {
        return Ok(None);
    };
    lobby.tables1969.insert(id.to_string(), t);
    Ok(lobby.tables1969.get(id))
}

/// [`lookup`], a failure to read the database logged and taken as `None`.
async fn find(lobby: &Lobby, id: &str) -> Option<Arc<Mutex<Table1969>>> {
    lookup(lobby, id).await.unwrap_or_else(|e| {
        tracing::error!(table = %id, "reading a 1969 table: {e:#}");
        None
    })
}

/// [`lookup`] for a route: 404 `no-such-table`, or 503 `storage`.
async fn found(lobby: &Lobby, id: &str) -> Result<Arc<Mutex<Table1969>>, Response> {
    match lookup(lobby, id).await {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(no_table()),
        Err(e) => Err(storage(e)),
    }
}

/// A 1969 table's game log (JSON lines), for the judge's assistant
/// (`POST /api/judge` `{"table": id}`); `None` when there is no such table.
pub(crate) async fn log_of(lobby: &Lobby, id: &str) -> Option<String> {
    let Some(t) = find(lobby, id).await else {
        // A table of the one host (played over `/ws`).
        let t = crate::table::load_1969(&lobby.store, id).await.ok()??;
        return Some(t.game.public_log(None));
    };
    let t = t.lock().ok()?;
    Some(t.game.public_log(None))
}

// ------------------------------------------------------------- live news

/// What a change leaves to do once the table's lock is let go.
struct Changed {
    state: Value,
    /// The seats and the log to store, when the game or the seats changed.
    stored: Option<(String, String)>,
    /// When the bots' challenge window closes (ms from now), if it is open.
    window_left: Option<u64>,
}

impl Table1969 {
    /// The state after a change, the lobby's entry renewed; `store`: the
    /// rows to write.
    fn changed(&self, tables: &Tables1969, store: bool) -> Changed {
        tables.note(self);
        Changed {
            state: self.state(),
            stored: store.then(|| (self.stored_seats(), self.game.log_lines().join("\n") + "\n")),
            window_left: self.window_left(),
        }
    }
}

/// Changes table `id` with `f` and commits the change before anything is
/// answered: one change at a time per table ([`Tables1969::writer`]); `f`
/// works on the table under its lock off the runtime's threads and says
/// whether there is anything to store (its [`Changed`]); the rows are
/// written, and if the write fails the table is put back as it was before
/// `f` (nothing confirmed that is not stored, nothing stored that was
/// refused) and the failure is 503 `storage`. A table without its lock is
/// 404.
async fn change<R: Send + 'static>(
    lobby: &Lobby,
    id: &str,
    t: Arc<Mutex<Table1969>>,
    f: impl FnOnce(&mut Table1969, &Tables1969) -> Result<(R, Changed), Fail> + Send + 'static,
) -> Result<(R, Changed), Response> {
    let writer = lobby.tables1969.writer(id);
    let _one_at_a_time = writer.lock().await;
    let tables = lobby.tables1969.clone();
    let held = t.clone();
    let done = tokio::task::spawn_blocking(move || {
        let mut t = t.lock().map_err(|_| {
            Fail::api(
                StatusCode::NOT_FOUND,
                ApiError::new(ApiCode::NoSuchTable, "there is no such 1969 table", None),
            )
        })?;
        let before = t.clone();
        f(&mut t, &tables).map(|r| (r, before))
    })
    .await;
    let ((r, c), before) = match done {
        Ok(Ok(x)) => x,
        Ok(Err(fail)) => return Err(fail.into_response()),
        Err(e) => return Err(internal(e)),
    };
    if let Some((seats, log)) = &c.stored {
        if let Err(e) = save(lobby, id, seats, log).await {
            undo(lobby, held, before).await;
            return Err(storage(e));
        }
    }
    Ok((r, c))
}

/// Puts a table back as it was before a change that could not be stored.
async fn undo(lobby: &Lobby, held: Arc<Mutex<Table1969>>, before: Table1969) {
    let tables = lobby.tables1969.clone();
    let _ = tokio::task::spawn_blocking(move || {
        let mut t = held.lock().unwrap_or_else(|e| e.into_inner());
        *t = before;
        tables.note(&t);
    })
    .await;
}

/// After a change is stored: tells every instance's watchers (so another
/// instance replays the new log), and sets the timer that lets the bots go
/// on when the challenge window closes.
async fn settle(lobby: &Lobby, id: &str, c: &Changed) {
    if c.stored.is_some() {
        announce(lobby, id).await;
    }
    if let Some(ms) = c.window_left {
        let (lobby, id) = (lobby.clone(), id.to_string());
        tokio::spawn(bots_later(lobby, id, ms));
    }
}

/// How long the server's timer waits before the bots try again when their
/// acts could not be stored.
const BOTS_RETRY_MS: u64 = 1000;

/// [`bots_go_on`] after `ms` (boxed: the two call each other); when the
/// bots' acts could not be stored, again after [`BOTS_RETRY_MS`].
fn bots_later(
    lobby: Lobby,
    id: String,
    ms: u64,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> {
    Box::pin(async move {
        tokio::time::sleep(Duration::from_millis(ms.saturating_add(20))).await;
        let Some(t) = find(&lobby, &id).await else {
            return;
        };
        if let Some((_, false)) = bots_go_on(&lobby, &id, t, true).await {
            tokio::spawn(bots_later(lobby, id, BOTS_RETRY_MS));
        }
    })
}

/// The bots that waited for people to challenge act if the window has
/// closed; the state after (stored and announced when the bots acted) and
/// whether it is stored (`false`: the bots' acts could not be stored and
/// were undone). `wait`: wait for a change under way at the table (the
/// server's timer); otherwise (a read) the state is read as it is and the
/// bots are left to the change under way, whose commit sets the timer again.
async fn bots_go_on(
    lobby: &Lobby,
    id: &str,
    t: Arc<Mutex<Table1969>>,
    wait: bool,
) -> Option<(Value, bool)> {
    if !wait && lobby.tables1969.writer(id).try_lock().is_err() {
        return state_of(t).await.map(|s| (s, true));
    }
    let changed = change(lobby, id, t.clone(), |t, tables| {
        let mut acted = false;
        if t.bots_due() {
            let before = t.game.log_lines().len();
            t.run_bots(&mut DefaultClaims::new());
            acted = t.game.log_lines().len() != before;
        }
        Ok(((), t.changed(tables, acted)))
    })
    .await;
    match changed {
        Ok(((), c)) => {
            settle(lobby, id, &c).await;
            Some((c.state, true))
        }
        Err(r) if r.status() == StatusCode::SERVICE_UNAVAILABLE => {
            state_of(t).await.map(|s| (s, false))
        }
        Err(_) => None,
    }
}

/// Tells the watchers of every instance that table `id` changed.
async fn announce(lobby: &Lobby, id: &str) {
    let tables = &lobby.tables1969;
    if let Store::Postgres(p) = &lobby.store {
        let payload = format!("{} {id}", tables.origin);
        match crate::live::notify(p, CHANNEL_1969, &payload).await {
            // This instance hears its own notification and tells its
            // watchers then.
            Ok(()) => return,
            Err(e) => tracing::warn!("NOTIFY {CHANNEL_1969}: {e}"),
        }
    }
    let _ = tables.tx.send(id.to_string());
}

/// Listens to the other instances' changes (PostgreSQL only): a table this
/// instance holds is replayed from the database, then its watchers hear of
/// it. Called once by `Lobby::open_with`.
pub(crate) fn listen(lobby: &Lobby) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Heard>();
    crate::live::listen_to(&lobby.store, CHANNEL_1969, move |heard| {
        let _ = tx.send(heard);
    });
    let lobby = lobby.clone();
    tokio::spawn(async move {
        while let Some(heard) = rx.recv().await {
            let payload = match heard {
                Heard::Notified(p) => p,
                Heard::Relistened => {
                    resend_watched(&lobby).await;
                    continue;
                }
            };
            let Some((origin, id)) = payload.split_once(' ') else {
                continue;
            };
            if origin != lobby.tables1969.origin {
                refresh(&lobby, id).await;
            }
            let _ = lobby.tables1969.tx.send(id.to_string());
        }
    });
}

/// After the listening connection was lost (changes made meanwhile, here or
/// on another instance, were not heard): every watched table is read again
/// from the database and its watchers get its state.
async fn resend_watched(lobby: &Lobby) {
    let watched: Vec<String> = lobby
        .tables1969
        .watchers
        .lock()
        .map(|w| w.keys().cloned().collect())
        .unwrap_or_default();
    for id in watched {
        refresh(lobby, &id).await;
        let _ = lobby.tables1969.tx.send(id);
    }
}

/// The state of a table in memory, read off the runtime's threads (a table
/// may be busy with its bots).
async fn state_of(t: Arc<Mutex<Table1969>>) -> Option<Value> {
    tokio::task::spawn_blocking(move || t.lock().ok().map(|t| t.state()))
        .await
        .ok()?
}

/// Counts an open event stream for the lobby's `spectators` while it lives.
struct Watching {
    tables: Arc<Tables1969>,
    id: String,
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.tables.watch(&self.id, -1);
    }
}

/// `GET /api/tables1969/{id}/events`: `event: state` (data: the state, as
/// `GET /api/tables1969/{id}` answers) at once and after every change on
/// any instance; a keep-alive comment every 15 s. No token: anyone may
/// watch (the state hides nothing a seat may not see, 3.9 B aside, which
/// the state itself hides from everyone).
pub(crate) async fn events(
    State(lobby): State<Lobby>,
    crate::Client(client): crate::Client,
    Path(id): Path<String>,
) -> Response {
    if let Err(l) = lobby.limits.connect(client) {
        return crate::too_many(&lobby, l);
    }
    // Subscribed before the first state is read, so no change is missed.
    let rx = lobby.tables1969.tx.subscribe();
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let Some(first) = state_of(t).await else {
        return no_table();
    };
    lobby.tables1969.watch(&id, 1);
    let watching = Watching {
        tables: lobby.tables1969.clone(),
        id: id.clone(),
    };
    let first = Some(SseEvent::default().event("state").data(first.to_string()));
    let stream = futures_util::stream::unfold(
        (rx, lobby, id, first, watching),
        |(mut rx, lobby, id, mut first, watching)| async move {
            if let Some(e) = first.take() {
                return Some((Ok::<_, Infallible>(e), (rx, lobby, id, first, watching)));
            }
            loop {
                match rx.recv().await {
                    Ok(changed) if changed == id => {}
                    Ok(_) => continue,
                    // Missed some: send the state anyway.
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
                let t = find(&lobby, &id).await?;
                let state = state_of(t).await?;
                let e = SseEvent::default().event("state").data(state.to_string());
                return Some((Ok(e), (rx, lobby, id, first, watching)));
            }
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

// ------------------------------------------------------------------- routes

fn too_large() -> Response {
    api_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        ApiError::new(ApiCode::TooLarge, "the request is too large", None),
    )
}

fn internal(e: impl std::fmt::Display) -> Response {
    api_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiError::new(ApiCode::Internal, e.to_string(), None),
    )
}

/// `POST /api/tables1969`.
pub(crate) async fn create(
    State(lobby): State<Lobby>,
    crate::Client(client): crate::Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    // The same per-client budget as every other table: the store of 1969
    // tables is bounded and drops the oldest, so a flood must not evict the
    // games of others.
    if let Err(l) = lobby.limits.create(client) {
        return crate::too_many(&lobby, l);
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let req: Create1969 = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                ApiError::new(ApiCode::BadRequest, e.to_string(), None),
            )
        }
    };
    let id_src = uuid::Uuid::new_v4();
    let id: String = id_src.simple().to_string()[..10].to_string();
    let seed = id_src.as_u64_pair().0;
    let made = tokio::task::spawn_blocking(move || Table1969::new(&id, &req, seed)).await;
    let (table, tokens) = match made {
        Ok(Ok(t)) => t,
        Ok(Err(r)) => return r.into_response(),
        Err(e) => return internal(e),
    };
    // Stored before it is kept or answered: a table whose row could not be
    // written does not exist.
    let c = table.changed(&lobby.tables1969, true);
    let id = table.id.clone();
    if let Some((seats, log)) = &c.stored {
        if let Err(e) = save(&lobby, &id, seats, log).await {
            lobby.tables1969.forget(&id);
            return storage(e);
        }
    }
    lobby.tables1969.insert(id.clone(), table);
    settle(&lobby, &id, &c).await;
    tracing::info!(table = %id, "1969 table created");
    (
        StatusCode::CREATED,
        Json(json!({"id": id, "link": format!("/t69/{id}"), "tokens": tokens, "state": c.state})),
    )
        .into_response()
}

/// `GET /api/tables1969/{id}`.
pub async fn get(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    // The bots that waited for people to challenge act once the window has
    // closed: the server's timer does it, and a read after it too.
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    match bots_go_on(&lobby, &id, t, false).await {
        Some((state, _)) => Json(state).into_response(),
        None => no_table(),
    }
}

/// `GET /api/tables1969/{id}/log`.
pub async fn log(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(t) = find(&lobby, &id).await else {
        return no_table();
    };
    // While the game is played: no seed, no Solution being written
    // (docs/security/hidden.md).
    let text = match t.lock() {
        Ok(t) => t.game.public_log(None),
        Err(_) => return no_table(),
    };
    (
        [(axum::http::header::CONTENT_TYPE, "application/x-ndjson")],
        text,
    )
        .into_response()
}

/// `GET /api/tables1969/{id}/review`: the post-game review of a finished
/// game, the same object as `onsets review --json` on its log
/// (`onsets_review::review`; docs/review.md, "1969 games"). While the
/// game is being played: 409 `not-finished` (the review shows Solutions and
/// alternatives that would decide the play in progress).
pub async fn review(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(t) = find(&lobby, &id).await else {
        return no_table();
    };
    let log = match t.lock() {
        Ok(t) if t.game.is_over() => t.game.log_lines().join("\n") + "\n",
        Ok(_) => {
            return api_error(
                StatusCode::CONFLICT,
                ApiError::new(
                    ApiCode::NotFinished,
                    "the review opens when the game is over",
                    Some("id"),
                ),
            )
        }
        Err(_) => return no_table(),
    };
    match tokio::task::spawn_blocking(move || onsets_review::review(&log)).await {
        Ok(Ok(r)) => Json(r.to_json()).into_response(),
        Ok(Err(e)) => api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            ),
        ),
        Err(_) => api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(ApiCode::Internal, "the review failed", None),
        ),
    }
}

/// `POST /api/tables1969/{id}/join` `{"name"?}`: the first open seat.
/// Malformed bodies are 400 naming the field: not an object (`body`), an
/// unknown field (that field), a `name` that is not a string or not a
/// name (`name`, the rules of `text::normalize_name` and
/// `text::distinct_name`). An empty body is `{}`. Joining spends the
/// client's table budget, as making a table does.
pub(crate) async fn join(
    State(lobby): State<Lobby>,
    crate::Client(client): crate::Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    if let Err(l) = lobby.limits.create(client) {
        return crate::too_many(&lobby, l);
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let name = match join_name(&body) {
        Ok(n) => n,
        Err(f) => return f.into_response(),
    };
    // Two instances may each hold the table: the seat is claimed in the
    // database only if nobody claimed one since this instance read it;
    // otherwise the table is read again and the join tried on it.
    let tables = lobby.tables1969.clone();
    let _one_at_a_time = tables.joining.lock().await;
    for _ in 0..3 {
        let t = match found(&lobby, &id).await {
            Ok(t) => t,
            Err(r) => return r,
        };
        // One change at a time at the table, from the join to its commit.
        let writer = lobby.tables1969.writer(&id);
        let one_change = writer.lock().await;
        let (tables, name, held) = (lobby.tables1969.clone(), name.clone(), t.clone());
        let done = tokio::task::spawn_blocking(move || {
            let mut t = t.lock().map_err(|_| {
                Fail::api(
                    StatusCode::NOT_FOUND,
                    ApiError::new(ApiCode::NoSuchTable, "there is no such 1969 table", None),
                )
            })?;
            let snapshot = t.clone();
            let before = t.stored_seats();
            let (seat, token) = t.join(name.as_deref())?;
            Ok::<_, Fail>((seat, token, before, snapshot, t.changed(&tables, true)))
        })
        .await;
        let (seat, token, before, snapshot, c) = match done {
            Ok(Ok(x)) => x,
            Ok(Err(r)) => return r.into_response(),
            Err(e) => return internal(e),
        };
        let Some((seats, log)) = c.stored.clone() else {
            return internal("a join changes the seats");
        };
        match claim_seat(&lobby, &id, &before, &seats, &log).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::info!(table = %id, "a 1969 seat was taken on another instance; reading the table again");
                undo(&lobby, held, snapshot).await;
                drop(one_change);
                refresh(&lobby, &id).await;
                continue;
            }
            Err(e) => {
                // Not stored: the seat stays open, the token is never given.
                undo(&lobby, held, snapshot).await;
                return storage(e);
            }
        }
        drop(one_change);
        announce(&lobby, &id).await;
        let c = Changed { stored: None, ..c };
        settle(&lobby, &id, &c).await;
        tracing::info!(table = %id, seat, "a person joined a 1969 table");
        return Json(json!({
            "id": id,
            "link": format!("/t69/{id}"),
            "seat": seat,
            "token": token,
            "state": c.state,
        }))
        .into_response();
    }
    api_error(
        StatusCode::CONFLICT,
        ApiError::new(
            ApiCode::Busy,
            "others are taking this table's seats right now; try again",
            None,
        ),
    )
}

/// Stores the table's seats and log after a join if its stored seats are
/// still `before`, or already these; `Ok(false)`: another instance took a
/// seat meanwhile; `Err`: the database did not take the write. A table
/// without a row is written as it is.
async fn claim_seat(
    lobby: &Lobby,
    id: &str,
    before: &str,
    seats: &str,
    log: &str,
) -> anyhow::Result<bool> {
    let sql = "UPDATE tables1969 SET updated_at = $1, seats = $2, log = $3 WHERE id = $4 AND (seats = $5 OR seats = $2)";
    let updated: Result<u64, sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
        .bind(unix_ms())
        .bind(seats)
        .bind(log)
        .bind(id)
        .bind(before)
        .execute(p)
        .await
        .map(|r| r.rows_affected()));
    if updated? > 0 {
        return Ok(true);
    }
    let exists: Option<(String,)> = with_pool!(&lobby.store, |p| sqlx::query_as(
        "SELECT id FROM tables1969 WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(p)
    .await)?;
    if exists.is_none() {
        save(lobby, id, seats, log).await?;
        return Ok(true);
    }
    Ok(false)
}

/// Replaces the table in memory by its stored state (another instance
/// changed it).
async fn refresh(lobby: &Lobby, id: &str) {
    let Some(held) = lobby.tables1969.get(id) else {
        return;
    };
    let writer = lobby.tables1969.writer(id);
    let _one_change = writer.lock().await;
    let fresh = match load(lobby, id).await {
        Ok(Some(t)) => t,
        Ok(None) => return,
        Err(e) => {
            tracing::error!(table = %id, "reading a 1969 table: {e:#}");
            return;
        }
    };
    let tables = lobby.tables1969.clone();
    let _ = tokio::task::spawn_blocking(move || {
        if let Ok(mut t) = held.lock() {
            *t = fresh;
            tables.note(&t);
        }
    })
    .await;
}

/// The `name` of a join body (see [`join`]).
fn join_name(body: &[u8]) -> Result<Option<String>, Fail> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let v: Value = serde_json::from_slice(body).map_err(|e| {
        Fail::api(
            StatusCode::BAD_REQUEST,
            ApiError::new(
                ApiCode::BadRequest,
                format!("the body is not JSON: {e}"),
                Some("body"),
            ),
        )
    })?;
    let Value::Object(o) = v else {
        return Err(bad("body", "send a JSON object: {} or {\"name\": \"Ann\"}"));
    };
    if let Some(k) = o.keys().find(|k| k.as_str() != "name") {
        return Err(bad(
            k,
            format!("unknown field `{k}`: a join has only `name`"),
        ));
    }
    match o.get("name") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(n)) => Ok(Some(n.clone())),
        Some(_) => Err(bad("name", "name is a string (1 to 24 characters)")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    token: String,
    act: Value,
}

/// `POST /api/tables1969/{id}/act`.
pub async fn act(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let req: ActBody = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                ApiError::new(ApiCode::BadRequest, e.to_string(), None),
            )
        }
    };
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let changed = change(&lobby, &id, t, move |t, tables| {
        t.act(&req.token, req.act)?;
        Ok(((), t.changed(tables, true)))
    })
    .await;
    match changed {
        Ok(((), c)) => {
            settle(&lobby, &id, &c).await;
            Json(c.state).into_response()
        }
        Err(r) => r,
    }
}
