//! The lobby: the tables of this server, creating and listing them over HTTP
//! (`docs/protocol.md`, "Lobby").

mod takeover;

use crate::metrics::Metrics;
use crate::protocol::{TableInfo, TableStatus};
use crate::store::Store;
use crate::table::{self, SeatSpec, TableHandle, TableSeat, TableSpec};
use onsets_core::{Division, Edition};
use onsets_engine::CheckingMode;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

pub use crate::api::{ApiCode, ApiError};
pub use crate::config::{Config, MAX_TABLES};

/// How many stored 1969 tables a starting server loads, and from how far
/// back (the most recently changed first).
const RESTORED_1969_AT_START: i64 = 100;
const RESTORED_1969_SINCE_MS: i64 = 24 * 3600 * 1000;

/// The tables in memory and the count reserved against the limit.
pub struct Registry {
    tables: RwLock<HashMap<String, TableHandle>>,
    /// Tables held plus creations under way: reserved before a table is
    /// made, so that two creations never both pass the limit.
    reserved: AtomicUsize,
    serial: AtomicU64,
    max: usize,
    /// This instance, in its notifications to the others.
    instance: String,
}

impl Registry {
    fn new(max: usize) -> Registry {
        Registry {
            tables: RwLock::new(HashMap::new()),
            reserved: AtomicUsize::new(0),
            serial: AtomicU64::new(1),
            max,
            instance: uuid::Uuid::new_v4().simple().to_string(),
        }
    }

    /// This instance's name in its notifications to the others.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Takes a place under the limit, atomically; `false` if none is left.
    pub fn reserve(&self) -> bool {
        self.reserved
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .is_ok()
    }

    /// Gives back a place (a creation failed, or a table left memory).
    pub fn release(&self) {
        let _ = self
            .reserved
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
    }

    pub fn next_serial(&self) -> u64 {
        self.serial.fetch_add(1, Ordering::Relaxed)
    }

    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().expect("lobby lock").get(id).cloned()
    }

    pub fn insert(&self, h: TableHandle) {
        self.tables
            .write()
            .expect("lobby lock")
            .insert(h.id.clone(), h);
    }

    /// A table's task ends: its handle goes (if it is still this one) and its
    /// place is given back.
    pub fn remove(&self, id: &str, serial: u64) {
        let mut t = self.tables.write().expect("lobby lock");
        if t.get(id).is_some_and(|h| h.serial == serial) {
            t.remove(id);
        }
        drop(t);
        self.release();
    }

    pub fn len(&self) -> usize {
        self.tables.read().expect("lobby lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The 1969 tables in memory.
    pub fn handles_1969(&self) -> Vec<TableHandle> {
        self.tables
            .read()
            .expect("lobby lock")
            .values()
            .filter(|h| h.info.lock().expect("table info lock").edition == "1969")
            .cloned()
            .collect()
    }

    pub fn infos(&self) -> Vec<TableInfo> {
        self.tables
            .read()
            .expect("lobby lock")
            .values()
            .map(|h| h.info.lock().expect("table info lock").clone())
            .collect()
    }
}

impl table::TableRegistry for Registry {
    fn next_serial(&self) -> u64 {
        Registry::next_serial(self)
    }
    fn remove(&self, id: &str, serial: u64) {
        Registry::remove(self, id, serial)
    }
    fn instance(&self) -> &str {
        Registry::instance(self)
    }
}

/// The server's shared state.
#[derive(Clone)]
pub struct Lobby {
    pub tables: Arc<Registry>,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub config: Arc<Config>,
    pub limits: Arc<crate::limits::Limits>,
    /// Sign-in rate limits (accounts, docs/security.md "Sign-in").
    pub guard: Arc<crate::accounts::Guard>,
    /// Puzzle attempts' and players' rate limits.
    pub puzzle_limits: Arc<crate::puzzle_players::Limits>,
    /// Changed tournaments, from this instance and (PostgreSQL) the others.
    pub news: crate::live::News,
    /// One replay loaded at a time (two spectators of one archived table
    /// get one table task).
    replay_load: Arc<tokio::sync::Mutex<()>>,
    /// The database's health, probed for `/healthz` at most once a second.
    pub health: Arc<crate::health::Health>,
    /// The leases of the live tables held here (PostgreSQL; docs/scaling.md).
    pub leases: crate::lease::Leases,
}

/// `GET /api/tables` query: a page of tables, filtered.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// `waiting`, `playing` or `over`.
    pub status: Option<String>,
    /// `elementary`, `middle`, `junior` or `senior`.
    pub division: Option<String>,
    /// Page size: 1 to 200 (default 50).
    pub limit: Option<usize>,
    /// Tables to skip (default 0).
    pub offset: Option<usize>,
}

/// A page of the listing.
#[derive(Clone, Debug, Serialize)]
pub struct ListPage {
    pub tables: Vec<ListEntry>,
    /// Tables matching the filter, all pages together.
    pub total: usize,
    pub offset: usize,
    pub limit: usize,
}

/// An entry of the listing: a table's `TableInfo` (a 1969 table's with
/// `"edition": "1969"`, its `form` and its link `/t69/{id}`; docs/protocol.md
/// "1969 tables").
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ListEntry {
    Table(TableInfo),
}

/// `POST /api/tables`: a new table.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// elementary, middle, junior or senior.
    pub division: String,
    /// Adventurous (variations, II-C) or Basic.
    #[serde(default = "yes")]
    pub adventurous: bool,
    /// The rules (docs/editions.md): `2026-27` (default) or `2019-20` (MLAG; with
    /// `adventurous: false`, MLAG Basic 2019-20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// Two or three seats in seating order: `{"kind":"human"}` or
    /// `{"kind":"bot","level":"expert"}`.
    pub seats: Vec<SeatSpec>,
    /// The round's length (XI-B: 30 minutes in a tournament).
    #[serde(default = "thirty")]
    pub round_minutes: u32,
    /// `judge` (the server rules on every Solution, VII-C-6) or `players`
    /// (opponents accept or object, VII-C-4, 5).
    #[serde(default = "judge")]
    pub checking: String,
    /// Fixes the dice and the deal; random when absent.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Bots' think time in real time, percent of their chosen think time.
    #[serde(default = "hundred")]
    pub bot_pace: u32,
    /// Optional, per seat (`null` for none): the seat's name, a bot's
    /// shown as "Name (bot)", a person's the name its player plays under
    /// (docs/protocol.md, "Named and reserved seats").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<Option<String>>>,
    /// Optional, per seat (`null` for none): a secret of 16 to 128
    /// letters, digits, `-` or `_` that alone takes that person's seat
    /// (`join` with `key`); kept as its SHA-256.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<Vec<Option<String>>>,
}

/// `POST /api/tables` with `"edition": "1969"`: a table of Allen's 1969
/// rules (M69 §§2–3), played over `/ws` like any table (docs/protocol.md,
/// "1969 tables").
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable1969 {
    /// Always `1969`.
    pub edition: String,
    /// `basic` (default) or `advanced`.
    #[serde(default)]
    pub form: Option<String>,
    /// Two to six seats: `{"kind":"human"}` (taken with `join`) or
    /// `{"kind":"bot","level":"expert"}` (careful; any other level:
    /// careless).
    pub seats: Vec<SeatSpec>,
    #[serde(default)]
    pub seed: Option<u64>,
    /// Plays in the game (1 to 30; default one per player).
    #[serde(default)]
    pub plays: Option<u32>,
    /// How long the bots wait after a play while a person may still
    /// challenge it (0 to 30000 ms; default 3000).
    #[serde(default)]
    pub challenge_window_ms: Option<u64>,
}

/// A `POST /api/tables` body, read by its `edition`.
#[derive(Clone, Debug)]
pub enum NewTable {
    Rules(CreateTable),
    M69(CreateTable1969),
}

impl NewTable {
    /// Reads a request body: a 1969 table when `edition` is `1969`, else a
    /// [`CreateTable`]. The error names the field.
    pub fn read(body: &[u8]) -> Result<NewTable, ApiError> {
        let refuse = |(msg, field): (String, Option<String>)| {
            ApiError::new(ApiCode::BadRequest, msg, field.as_deref())
        };
        let value: serde_json::Value = serde_json::from_slice(body)
            .map_err(|e| refuse((e.to_string(), crate::text::field_of(&e.to_string()))))?;
        if value.get("edition").and_then(|e| e.as_str()).map(str::trim) == Some("1969") {
            // The settings of the other editions: M69 has none of them.
            let others = [
                "division",
                "adventurous",
                "round_minutes",
                "checking",
                "bot_pace",
            ];
            if let Some(k) = others.iter().find(|k| value.get(**k).is_some()) {
                return Err(ApiError::new(
                    ApiCode::BadField,
                    format!(
                        "the 1969 rules (M69) have no `{k}`: a 1969 table takes `form`, `seats`, `seed`, `plays` and `challenge_window_ms`"
                    ),
                    Some("edition"),
                ));
            }
            crate::protocol::read_value(value)
                .map(NewTable::M69)
                .map_err(refuse)
        } else {
            crate::protocol::read_value(value)
                .map(NewTable::Rules)
                .map_err(refuse)
        }
    }
}

fn yes() -> bool {
    true
}
fn thirty() -> u32 {
    30
}
fn hundred() -> u32 {
    100
}
fn judge() -> String {
    "judge".into()
}

impl CreateTable {
    /// Checks the request and fixes the table's spec.
    pub fn spec(&self, fresh_seed: u64) -> Result<TableSpec, ApiError> {
        let division: Division = self
            .division
            .parse()
            .map_err(|e: String| ApiError::new(ApiCode::BadField, e, Some("division")))?;
        let edition = match self.edition.as_deref() {
            None => Edition::default(),
            Some(e) => Edition::from_parts(e.trim(), None)
                .map_err(|m| ApiError::new(ApiCode::BadField, m, Some("edition")))?,
        };
        if !matches!(edition, Edition::Tournament2026 | Edition::Mlag2019) {
            return Err(ApiError::new(
                ApiCode::BadField,
                format!("the {edition} rules are not played at tables yet: `2026-27` or `2019-20`"),
                Some("edition"),
            ));
        }
        if !(2..=3).contains(&self.seats.len()) {
            return Err(ApiError::new(
                ApiCode::BadField,
                "a table has 2 or 3 seats (I-A)",
                Some("seats"),
            ));
        }
        if !(1..=120).contains(&self.round_minutes) {
            return Err(ApiError::new(
                ApiCode::BadField,
                "round_minutes is 1 to 120",
                Some("round_minutes"),
            ));
        }
        let checking = match self.checking.as_str() {
            "judge" => CheckingMode::Judge,
            "players" => CheckingMode::Players,
            _ => {
                return Err(ApiError::new(
                    ApiCode::BadField,
                    "checking is `judge` or `players`",
                    Some("checking"),
                ))
            }
        };
        if self.bot_pace > 1000 {
            return Err(ApiError::new(
                ApiCode::BadField,
                "bot_pace is 0 to 1000 (percent)",
                Some("bot_pace"),
            ));
        }
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                SeatSpec::Human => Ok(TableSeat::Human),
                SeatSpec::Bot { level } => level
                    .parse()
                    .map(|level| TableSeat::Bot { level })
                    .map_err(|e: String| {
                        ApiError::new(ApiCode::BadField, e, Some(&format!("seats[{i}].level")))
                    }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (names, keys) = self.named_seats(&seats)?;
        Ok(TableSpec {
            division,
            adventurous: self.adventurous,
            edition,
            seats,
            round_minutes: self.round_minutes,
            checking,
            seed: self.seed.unwrap_or(fresh_seed),
            bot_pace: self.bot_pace,
            names,
            keys,
        })
    }

    /// The seats' names and keys' digests (docs/protocol.md, "Named and
    /// reserved seats"): one per seat when given, a name normalized as a
    /// player's and distinct, a key only on a person's seat.
    #[allow(clippy::type_complexity)]
    fn named_seats(
        &self,
        seats: &[TableSeat],
    ) -> Result<(Vec<Option<String>>, Vec<Option<String>>), ApiError> {
        let count = |f: &str| {
            ApiError::new(
                ApiCode::BadField,
                format!("`{f}` has one entry per seat ({})", seats.len()),
                Some(f),
            )
        };
        let mut names = Vec::new();
        if let Some(given) = &self.names {
            if given.len() != seats.len() {
                return Err(count("names"));
            }
            for (i, n) in given.iter().enumerate() {
                let n = n
                    .as_deref()
                    .map(crate::text::normalize_name)
                    .transpose()
                    .map_err(|m| {
                        ApiError::new(ApiCode::BadName, m, Some(&format!("names[{i}]")))
                    })?;
                if let Some(n) = &n {
                    let before: Vec<&str> = names.iter().flatten().map(String::as_str).collect();
                    // A person's name follows the rule of "Names" (no word
                    // "bot"); a bot's only differs from the others ("(bot)"
                    // is added).
                    let checked = if seats[i] == TableSeat::Human {
                        crate::text::distinct_name(n, &before)
                    } else {
                        match before.iter().find(|b| b.to_lowercase() == n.to_lowercase()) {
                            Some(b) => {
                                Err(format!("“{b}” names another seat; choose another name"))
                            }
                            None => Ok(()),
                        }
                    };
                    checked.map_err(|m| {
                        ApiError::new(ApiCode::NameTaken, m, Some(&format!("names[{i}]")))
                    })?;
                }
                names.push(n);
            }
        }
        let mut keys = Vec::new();
        if let Some(given) = &self.keys {
            if given.len() != seats.len() {
                return Err(count("keys"));
            }
            for (i, k) in given.iter().enumerate() {
                let Some(k) = k else {
                    keys.push(None);
                    continue;
                };
                let at = format!("keys[{i}]");
                if seats[i] != TableSeat::Human {
                    return Err(ApiError::new(
                        ApiCode::BadField,
                        format!("seat {i} is a bot's: only a person's seat is reserved"),
                        Some(&at),
                    ));
                }
                let well_formed = (16..=128).contains(&k.len())
                    && k.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                if !well_formed {
                    return Err(ApiError::new(
                        ApiCode::BadField,
                        "a seat's key is 16 to 128 letters, digits, `-` or `_`",
                        Some(&at),
                    ));
                }
                keys.push(Some(table::key_digest(k)));
            }
        }
        Ok((names, keys))
    }
}

impl Lobby {
    /// Opens the lobby over a store with the default [`Config`], restoring
    /// every live table.
    pub async fn open(store: Store) -> anyhow::Result<Lobby> {
        Lobby::open_with(store, Config::default()).await
    }

    /// Opens the lobby over a store, restoring every live (waiting or
    /// playing) table; finished and abandoned ones stay in the database.
    pub async fn open_with(store: Store, config: Config) -> anyhow::Result<Lobby> {
        let leases = crate::lease::Leases::new(&store);
        let lobby = Lobby {
            tables: Arc::new(Registry::new(config.max_tables)),
            store,
            metrics: Arc::new(Metrics::default()),
            limits: Arc::new(crate::limits::Limits::new(&config)),
            guard: Arc::new(crate::accounts::Guard::new(&config)),
            puzzle_limits: Arc::new(crate::puzzle_players::Limits::new(&config)),
            news: crate::live::News::default(),
            config: Arc::new(config),
            replay_load: Arc::new(tokio::sync::Mutex::new(())),
            health: Arc::default(),
            leases,
        };
        // Several instances (leases): only the tables nobody holds.
        let stored = if lobby.leases.holder().is_some() {
            takeover::adopt_all(&lobby).await;
            Vec::new()
        } else {
            lobby.store.load().await?
        };
        let count = stored.len();
        for t in stored {
            let id = t.id.clone();
            if !lobby.tables.reserve() {
                tracing::error!(table = %id, "over the table limit: left in the database");
                continue;
            }
            let held = crate::lease::Held::unleased(&lobby.store, &id);
            match lobby.spawn_stored(t, false, held).await {
                Ok(h) => lobby.tables.insert(h),
                Err(e) => {
                    lobby.tables.release();
                    tracing::error!(table = %id, "cannot restore the table: {e:#}")
                }
            }
        }
        if count > 0 {
            tracing::info!(tables = count, "restored live tables from the store");
        }
        lobby.limits.start_cleaning();
        lobby.puzzle_limits.start_cleaning();
        lobby.news.listen(&lobby.store);
        takeover::watch(&lobby);
        lobby.listen_1969();
        lobby.restore_1969_recent().await;
        Ok(lobby)
    }

    /// Listens to the other instances' changes of 1969 tables (PostgreSQL
    /// only): a table this instance holds is read again from the store
    /// ([`table::CHANNEL_1969`]); after the listening connection was lost,
    /// every 1969 table held is.
    fn listen_1969(&self) {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<crate::store::news::Heard>();
        crate::store::news::listen_to(&self.store, table::CHANNEL_1969, move |heard| {
            let _ = tx.send(heard);
        });
        let tables = self.tables.clone();
        tokio::spawn(async move {
            while let Some(heard) = rx.recv().await {
                let held: Vec<TableHandle> = match heard {
                    crate::store::news::Heard::Notified(p) => match p.split_once(' ') {
                        Some((origin, id)) if origin != tables.instance() => {
                            tables.get(id).into_iter().collect()
                        }
                        _ => Vec::new(),
                    },
                    crate::store::news::Heard::Relistened => tables.handles_1969(),
                };
                for h in held {
                    let _ = h.cmds.send(table::Cmd::Reload).await;
                }
            }
        });
    }

    /// At start: the 1969 tables changed in the last day (at most
    /// [`RESTORED_1969_AT_START`]) are loaded, so that the lobby lists them
    /// (open seats to join, games to watch) after a restart as before it;
    /// older ones are still found by their link.
    async fn restore_1969_recent(&self) {
        let since = crate::store::now_ms() - RESTORED_1969_SINCE_MS;
        let ids = match crate::store::tables1969::recent(&self.store, since, RESTORED_1969_AT_START)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!("listing the stored 1969 tables: {e:#}");
                return;
            }
        };
        let mut restored = 0;
        for id in ids {
            if self.get(&id).is_none() && self.find_1969(&id, true).await.is_some() {
                restored += 1;
            }
        }
        if restored > 0 {
            tracing::info!(tables = restored, "restored 1969 tables from the store");
        }
    }

    pub(crate) async fn spawn_stored(
        &self,
        t: crate::store::StoredTable,
        archived: bool,
        held: crate::lease::Held,
    ) -> anyhow::Result<TableHandle> {
        let spec: TableSpec = serde_json::from_str(&t.spec)
            .map_err(|e| anyhow::anyhow!("unreadable table spec: {e}"))?;
        table::spawn(table::Setup {
            id: t.id.clone(),
            spec,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
            stored: Some(t),
            archived,
            news: self.news.clone(),
            held,
        })
        .await
    }

    /// A live table in memory.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.get(id)
    }

    /// A table in memory, or a finished or abandoned one loaded from the
    /// database as a replay (read-only; it leaves memory again when nobody
    /// watches it).
    pub async fn find(&self, id: &str) -> Option<TableHandle> {
        if let Some(h) = self.get(id) {
            return Some(h);
        }
        if id.is_empty() || id.len() > crate::text::MAX_ID_BYTES {
            return None;
        }
        // A live table held by no one here: taken over (crate::lease).
        if let Some(h) = self.find_live(id).await {
            return Some(h);
        }
        let _one = self.replay_load.lock().await;
        if let Some(h) = self.get(id) {
            return Some(h);
        }
        let stored = match self.store.load_one(id).await {
            Ok(Some(t)) => t,
            Ok(None) => return self.find_1969(id, false).await,
            Err(e) => {
                tracing::error!(table = %id, "loading a replay failed: {e:#}");
                return None;
            }
        };
        // Live since find_live looked: taken over too.
        if crate::lease::is_live(&stored.status) {
            return self.take_over(id, false).await;
        }
        if !self.tables.reserve() {
            return None;
        }
        let held = crate::lease::Held::unleased(&self.store, id);
        match self.spawn_stored(stored, true, held).await {
            Ok(h) => {
                self.tables.insert(h.clone());
                Some(h)
            }
            Err(e) => {
                self.tables.release();
                tracing::error!(table = %id, "cannot load the replay: {e:#}");
                None
            }
        }
    }

    pub async fn create(&self, req: &CreateTable) -> Result<TableInfo, ApiError> {
        // A bad request takes no place.
        req.spec(0)?;
        // Reserved before anything awaits: the limit holds under any race.
        if !self.tables.reserve() {
            return Err(ApiError::new(
                ApiCode::TooManyTables,
                format!(
                    "this server holds at most {} tables; try again later",
                    self.config.max_tables
                ),
                None,
            ));
        }
        let made = self.make(req).await;
        if made.is_err() {
            self.tables.release();
        }
        made
    }

    /// Makes a table of any edition ([`NewTable`]).
    pub async fn create_any(&self, req: &NewTable) -> Result<TableInfo, ApiError> {
        match req {
            NewTable::Rules(r) => self.create(r).await,
            NewTable::M69(r) => self.make_1969(r).await,
        }
    }

    /// Makes a 1969 table of `POST /api/tables` (its `human` seats open for
    /// whoever joins).
    async fn make_1969(&self, req: &CreateTable1969) -> Result<TableInfo, ApiError> {
        use crate::tables::game1969::{Create1969, Fail, Seat1969Spec};
        let create = Create1969 {
            form: req.form.clone(),
            seats: req
                .seats
                .iter()
                .map(|s| match s {
                    SeatSpec::Human => Seat1969Spec::Open,
                    SeatSpec::Bot { level } => Seat1969Spec::Bot {
                        level: Some(level.trim().to_lowercase()),
                    },
                })
                .collect(),
            seed: req.seed,
            plays: req.plays,
            challenge_window_ms: req.challenge_window_ms,
        };
        self.open_1969(create)
            .await
            .map(|(info, _)| info)
            .map_err(|f| match f {
                Fail::Api(_, e) => e,
                Fail::Rules(r) => ApiError::new(ApiCode::BadField, r.message, Some("seats")),
            })
    }

    /// Makes a 1969 table (stored first, then hosted by the one table
    /// actor): its entry and, per seat, the token of a `human` seat (the
    /// maker's; `None` for an open seat or a bot).
    pub async fn open_1969(
        &self,
        create: crate::tables::game1969::Create1969,
    ) -> Result<(TableInfo, Vec<Option<String>>), crate::tables::game1969::Fail> {
        use crate::tables::game1969::Fail;
        use axum::http::StatusCode;
        if !self.tables.reserve() {
            return Err(Fail::api(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiError::new(
                    ApiCode::TooManyTables,
                    format!(
                        "this server holds at most {} tables; try again later",
                        self.config.max_tables
                    ),
                    None,
                ),
            ));
        }
        let made = self.open_1969_reserved(create).await;
        if made.is_err() {
            self.tables.release();
        }
        let (handle, tokens) = made?;
        let info = handle.info.lock().expect("table info lock").clone();
        self.tables.insert(handle);
        self.publish_listing().await;
        tracing::info!(table = %info.id, seats = info.seats.len(), "1969 table created");
        Ok((info, tokens))
    }

    /// [`Lobby::open_1969`] once a place under the limit is reserved.
    async fn open_1969_reserved(
        &self,
        create: crate::tables::game1969::Create1969,
    ) -> Result<(TableHandle, Vec<Option<String>>), crate::tables::game1969::Fail> {
        use crate::tables::game1969::{Fail, Table1969};
        use axum::http::StatusCode;
        let id_src = uuid::Uuid::new_v4();
        let seed = id_src.as_u64_pair().0;
        let id: String = id_src.simple().to_string()[..10].to_string();
        let owned = id.clone();
        let made = crate::pool::judge()
            .run(crate::pool::Lane::First, move || {
                Table1969::new(&owned, &create, seed).map(|(mut t, tokens)| {
                    t.ws = true;
                    (t, tokens)
                })
            })
            .await
            .ok_or_else(|| {
                Fail::api(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ApiError::new(ApiCode::Internal, "the table could not be made", None),
                )
            })?;
        let (table, tokens) = made?;
        table::store_new_1969(&self.store, &table)
            .await
            .map_err(|e| {
                tracing::error!("storing a 1969 table failed: {e:#}");
                Fail::api(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ApiError::new(
                        ApiCode::Storage,
                        "the server could not record the table",
                        None,
                    ),
                )
            })?;
        let held = self.take_1969(&table.id, false).await.ok_or_else(|| {
            Fail::api(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the table",
                    None,
                ),
            )
        })?;
        let handle = table::spawn_1969(table::Setup69 {
            table,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
            news: self.news.clone(),
            held,
        })
        .await;
        Ok((handle, tokens))
    }

    /// A stored 1969 table of the one host, loaded into memory (with
    /// `only_lapsed`, only if no live instance holds it: at start).
    async fn find_1969(&self, id: &str, only_lapsed: bool) -> Option<TableHandle> {
        // Its lease first, then its log (crate::lease): only a stored one.
        if !matches!(
            crate::store::tables1969::load(&self.store, id).await,
            Ok(Some(_))
        ) {
            return None;
        }
        let held = self.take_1969(id, only_lapsed).await?;
        let table = match table::load_1969(&self.store, id).await {
            Ok(Some(t)) => t,
            Ok(None) => return None,
            Err(e) => {
                tracing::error!(table = %id, "loading a 1969 table failed: {e:#}");
                return None;
            }
        };
        if !self.tables.reserve() {
            return None;
        }
        let h = table::spawn_1969(table::Setup69 {
            table,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
            news: self.news.clone(),
            held,
        })
        .await;
        self.tables.insert(h.clone());
        Some(h)
    }

    async fn make(&self, req: &CreateTable) -> Result<TableInfo, ApiError> {
        let id_src = uuid::Uuid::new_v4();
        let seed = id_src.as_u64_pair().0;
        let spec = req.spec(seed)?;
        let id: String = id_src.simple().to_string()[..10].to_string();
        let spec_json = serde_json::to_string(&spec).expect("specs serialize");
        let created_at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0);
        self.store
            .create_table(&id, created_at, &spec_json)
            .await
            .map_err(|e| {
                tracing::error!("storing a table failed: {e:#}");
                ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the table",
                    None,
                )
            })?;
        let held = match self.leases.take(&self.store, &id, false).await {
            Ok(Some(h)) => h,
            _ => {
                return Err(ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the table",
                    None,
                ))
            }
        };
        let handle = table::spawn(table::Setup {
            id: id.clone(),
            spec,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
            stored: None,
            archived: false,
            news: self.news.clone(),
            held,
        })
        .await
        .map_err(|e| ApiError::new(ApiCode::Internal, e.to_string(), None))?;
        let info = handle.info.lock().expect("table info lock").clone();
        self.tables.insert(handle);
        // Listed by every instance at once (docs/scaling.md, "The lobby list").
        self.publish_listing().await;
        tracing::info!(table = %id, division = %info.division, seats = info.seats.len(), "table created");
        Ok(info)
    }

    /// Tables open to join or watch, filtered and paged: waiting and playing
    /// first, then finished ones; by id within each. This instance's tables
    /// only ([`Lobby::list_all`] lists every instance's).
    pub fn list(&self, q: &ListQuery) -> Result<ListPage, ApiError> {
        self.page(self.tables.infos(), q)
    }

    /// `infos` filtered and paged as [`Lobby::list`] says.
    fn page(&self, infos: Vec<TableInfo>, q: &ListQuery) -> Result<ListPage, ApiError> {
        let status = match q.status.as_deref() {
            None | Some("") | Some("any") => None,
            Some("waiting") => Some(TableStatus::Waiting),
            Some("playing") => Some(TableStatus::Playing),
            Some("over") => Some(TableStatus::Over),
            Some(_) => {
                return Err(ApiError::new(
                    ApiCode::BadField,
                    "status is `waiting`, `playing` or `over`",
                    Some("status"),
                ))
            }
        };
        let division = match q.division.as_deref() {
            None | Some("") | Some("any") => None,
            Some(d) => Some(
                d.parse::<Division>()
                    .map_err(|e: String| ApiError::new(ApiCode::BadField, e, Some("division")))?
                    .name()
                    .to_string(),
            ),
        };
        let limit = q.limit.unwrap_or(50);
        if !(1..=200).contains(&limit) {
            return Err(ApiError::new(
                ApiCode::BadField,
                "limit is 1 to 200",
                Some("limit"),
            ));
        }
        let offset = q.offset.unwrap_or(0);
        let rank = |s: TableStatus| match s {
            TableStatus::Waiting => 0,
            TableStatus::Playing => 1,
            TableStatus::Over => 2,
            TableStatus::Abandoned => 3,
        };
        let mut v: Vec<(u8, String, ListEntry)> = infos
            .into_iter()
            .filter(|t| status.is_none_or(|s| t.status == s))
            .filter(|t| division.as_ref().is_none_or(|d| &t.division == d))
            .map(|t| (rank(t.status), t.id.clone(), ListEntry::Table(t)))
            .collect();
        v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let total = v.len();
        let tables = v
            .into_iter()
            .skip(offset)
            .take(limit)
            .map(|(_, _, t)| t)
            .collect();
        Ok(ListPage {
            tables,
            total,
            offset,
            limit,
        })
    }
}
