//! The lobby: the tables of this server, creating and listing them over HTTP
//! (`docs/protocol.md`, "Lobby").

use crate::metrics::Metrics;
use crate::protocol::{TableInfo, TableStatus};
use crate::store::Store;
use crate::table::{self, SeatSpec, TableHandle, TableSpec};
use onsets_bots::Level;
use onsets_core::{Division, Edition};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

pub use crate::api::{ApiCode, ApiError};
pub use crate::config::{Config, MAX_TABLES};

/// The tables in memory and the count reserved against the limit.
pub struct Registry {
    tables: RwLock<HashMap<String, TableHandle>>,
    /// Tables held plus creations under way: reserved before a table is
    /// made, so that two creations never both pass the limit.
    reserved: AtomicUsize,
    serial: AtomicU64,
    max: usize,
}

impl Registry {
    fn new(max: usize) -> Registry {
        Registry {
            tables: RwLock::new(HashMap::new()),
            reserved: AtomicUsize::new(0),
            serial: AtomicU64::new(1),
            max,
        }
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

    pub fn infos(&self) -> Vec<TableInfo> {
        self.tables
            .read()
            .expect("lobby lock")
            .values()
            .map(|h| h.info.lock().expect("table info lock").clone())
            .collect()
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
    /// 1969 tables of the HTTP alias (`/api/tables1969`), in memory.
    pub tables1969: Arc<crate::table1969::Tables1969>,
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

/// An entry of the listing: a table of the 2026-27 or 2019-20 rules (its
/// `TableInfo`, unchanged), or a 1969 table (`"edition": "1969"`, its link
/// `/t69/{id}`; docs/protocol.md "1969 tables").
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ListEntry {
    Table(TableInfo),
    Table1969(crate::table1969::Info1969),
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
        let refuse = |e: serde_json::Error| {
            let msg = e.to_string();
            let field = crate::text::field_of(&msg);
            ApiError::new(ApiCode::BadRequest, msg, field.as_deref())
        };
        let value: serde_json::Value = serde_json::from_slice(body).map_err(refuse)?;
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
            serde_json::from_value(value)
                .map(NewTable::M69)
                .map_err(refuse)
        } else {
            serde_json::from_value(value)
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
        for (i, s) in self.seats.iter().enumerate() {
            if let SeatSpec::Bot { level } = s {
                level.parse::<Level>().map_err(|e| {
                    ApiError::new(ApiCode::BadField, e, Some(&format!("seats[{i}].level")))
                })?;
            }
        }
        if !(1..=120).contains(&self.round_minutes) {
            return Err(ApiError::new(
                ApiCode::BadField,
                "round_minutes is 1 to 120",
                Some("round_minutes"),
            ));
        }
        if self.checking != "judge" && self.checking != "players" {
            return Err(ApiError::new(
                ApiCode::BadField,
                "checking is `judge` or `players`",
                Some("checking"),
            ));
        }
        if self.bot_pace > 1000 {
            return Err(ApiError::new(
                ApiCode::BadField,
                "bot_pace is 0 to 1000 (percent)",
                Some("bot_pace"),
            ));
        }
        Ok(TableSpec {
            division: division.name().to_lowercase(),
            adventurous: self.adventurous,
            edition: edition.name().to_string(),
            seats: self
                .seats
                .iter()
                .map(|s| match s {
                    SeatSpec::Bot { level } => SeatSpec::Bot {
                        level: level.trim().to_lowercase(),
                    },
                    h => h.clone(),
                })
                .collect(),
            round_minutes: self.round_minutes,
            checking: self.checking.clone(),
            seed: self.seed.unwrap_or(fresh_seed),
            bot_pace: self.bot_pace,
        })
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
            tables1969: Arc::default(),
            health: Arc::default(),
            leases,
        };
        // Several instances (leases): only the tables nobody holds.
        let stored = if lobby.leases.holder().is_some() {
            crate::lease::adopt_all(&lobby).await;
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
        crate::lease::watch(&lobby);
        crate::table1969::listen(&lobby);
        crate::table1969::restore_recent(&lobby).await;
        Ok(lobby)
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
            Ok(None) => return self.find_1969(id).await,
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
            NewTable::M69(r) => {
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
                let made = self.make_1969(r).await;
                if made.is_err() {
                    self.tables.release();
                }
                made
            }
        }
    }

    async fn make_1969(&self, req: &CreateTable1969) -> Result<TableInfo, ApiError> {
        use crate::tables::game1969::{Create1969, Fail, Seat1969Spec, Table1969};
        let id_src = uuid::Uuid::new_v4();
        let seed = id_src.as_u64_pair().0;
        let id: String = id_src.simple().to_string()[..10].to_string();
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
        let owned = id.clone();
        let made = crate::pool::judge()
            .run(crate::pool::Lane::First, move || {
                Table1969::new(&owned, &create, seed).map(|(mut t, _)| {
                    t.ws = true;
                    t
                })
            })
            .await
            .ok_or_else(|| ApiError::new(ApiCode::Internal, "the table could not be made", None))?;
        let table = made.map_err(|f| match f {
            Fail::Api(_, e) => e,
            Fail::Rules(r) => ApiError::new(ApiCode::BadField, r.message, Some("seats")),
        })?;
        crate::tables::host1969::store_new(&self.store, &table)
            .await
            .map_err(|e| {
                tracing::error!("storing a 1969 table failed: {e:#}");
                ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the table",
                    None,
                )
            })?;
        let held = self.take_1969(&id).await.ok_or_else(|| {
            ApiError::new(
                ApiCode::Storage,
                "the server could not record the table",
                None,
            )
        })?;
        let handle = crate::tables::host1969::spawn(crate::tables::host1969::Setup69 {
            table,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
            held,
        })
        .await;
        let info = handle.info.lock().expect("table info lock").clone();
        self.tables.insert(handle);
        tracing::info!(table = %id, seats = info.seats.len(), "1969 table created");
        Ok(info)
    }

    /// A stored 1969 table of the one host, loaded into memory.
    async fn find_1969(&self, id: &str) -> Option<TableHandle> {
        // Its lease first, then its log (crate::lease): only a stored one.
        if !matches!(
            crate::store::tables1969::load(&self.store, id).await,
            Ok(Some(_))
        ) {
            return None;
        }
        let held = self.take_1969(id).await?;
        let table = match crate::tables::host1969::load(&self.store, id).await {
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
        let h = crate::tables::host1969::spawn(crate::tables::host1969::Setup69 {
            table,
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            registry: self.tables.clone(),
            config: self.config.clone(),
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
        tracing::info!(table = %id, division = %info.division, seats = info.seats.len(), "table created");
        Ok(info)
    }

    /// Tables open to join or watch, filtered and paged: waiting and playing
    /// first, then finished ones; by id within each.
    pub fn list(&self, q: &ListQuery) -> Result<ListPage, ApiError> {
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
        let mut v: Vec<(u8, String, ListEntry)> = self
            .tables
            .infos()
            .into_iter()
            .filter(|t| status.is_none_or(|s| t.status == s))
            .filter(|t| division.as_ref().is_none_or(|d| &t.division == d))
            .map(|t| (rank(t.status), t.id.clone(), ListEntry::Table(t)))
            .collect();
        // 1969 tables have no division (M69 2.0): a division filter leaves
        // them out.
        if division.is_none() {
            v.extend(
                self.tables1969
                    .infos()
                    .into_iter()
                    .filter(|t| status.is_none_or(|s| t.status == s))
                    .map(|t| (rank(t.status), t.id.clone(), ListEntry::Table1969(t))),
            );
        }
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
