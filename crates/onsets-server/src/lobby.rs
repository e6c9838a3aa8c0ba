//! The lobby: the tables of this server, creating and listing them over HTTP
//! (`docs/protocol.md`, "Lobby").

use crate::metrics::Metrics;
use crate::protocol::{TableInfo, TableStatus};
use crate::store::Store;
use crate::table::{self, SeatSpec, TableHandle, TableSpec};
use onsets_bots::Level;
use onsets_core::Division;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// At most this many tables are held at once (a refusal beyond it, not a crash).
pub const MAX_TABLES: usize = 5000;

/// The server's shared state.
#[derive(Clone)]
pub struct Lobby {
    pub tables: Arc<RwLock<HashMap<String, TableHandle>>>,
    pub store: Store,
    pub metrics: Arc<Metrics>,
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

/// An HTTP error body: `{"error": {code, message, field}}`.
#[derive(Debug, Serialize)]
pub struct ApiError {
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(code: &str, message: impl Into<String>, field: Option<&str>) -> ApiError {
        ApiError {
            code: code.into(),
            message: message.into(),
            field: field.map(str::to_string),
        }
    }
}

impl CreateTable {
    /// Checks the request and fixes the table's spec.
    pub fn spec(&self, fresh_seed: u64) -> Result<TableSpec, ApiError> {
        let division: Division = self
            .division
            .parse()
            .map_err(|e: String| ApiError::new("bad-field", e, Some("division")))?;
        if !(2..=3).contains(&self.seats.len()) {
            return Err(ApiError::new(
                "bad-field",
                "a table has 2 or 3 seats (I-A)",
                Some("seats"),
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if let SeatSpec::Bot { level } = s {
                level.parse::<Level>().map_err(|e| {
                    ApiError::new("bad-field", e, Some(&format!("seats[{i}].level")))
                })?;
            }
        }
        if !(1..=120).contains(&self.round_minutes) {
            return Err(ApiError::new(
                "bad-field",
                "round_minutes is 1 to 120",
                Some("round_minutes"),
            ));
        }
        if self.checking != "judge" && self.checking != "players" {
            return Err(ApiError::new(
                "bad-field",
                "checking is `judge` or `players`",
                Some("checking"),
            ));
        }
        if self.bot_pace > 1000 {
            return Err(ApiError::new(
                "bad-field",
                "bot_pace is 0 to 1000 (percent)",
                Some("bot_pace"),
            ));
        }
        Ok(TableSpec {
            division: division.name().to_lowercase(),
            adventurous: self.adventurous,
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
    /// Opens the lobby over a store, restoring every stored table.
    pub async fn open(store: Store) -> anyhow::Result<Lobby> {
        let lobby = Lobby {
            tables: Arc::new(RwLock::new(HashMap::new())),
            store,
            metrics: Arc::new(Metrics::default()),
        };
        let stored = lobby.store.load().await?;
        let count = stored.len();
        for t in stored {
            let spec: TableSpec = match serde_json::from_str(&t.spec) {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!(table = %t.id, "unreadable table spec: {e}");
                    continue;
                }
            };
            let id = t.id.clone();
            match table::spawn(
                id.clone(),
                spec,
                lobby.store.clone(),
                lobby.metrics.clone(),
                Some(t),
            ) {
                Ok(h) => {
                    lobby.tables.write().expect("lobby lock").insert(id, h);
                }
                Err(e) => tracing::error!(table = %id, "cannot restore the table: {e:#}"),
            }
        }
        if count > 0 {
            tracing::info!(tables = count, "restored tables from the store");
        }
        Ok(lobby)
    }

    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().expect("lobby lock").get(id).cloned()
    }

    pub async fn create(&self, req: &CreateTable) -> Result<TableInfo, ApiError> {
        if self.tables.read().expect("lobby lock").len() >= MAX_TABLES {
            return Err(ApiError::new(
                "too-many-tables",
                format!("this server holds at most {MAX_TABLES} tables"),
                None,
            ));
        }
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
                ApiError::new("storage", "the server could not record the table", None)
            })?;
        let handle = table::spawn(
            id.clone(),
            spec,
            self.store.clone(),
            self.metrics.clone(),
            None,
        )
        .map_err(|e| ApiError::new("internal", e.to_string(), None))?;
        let info = handle.info.lock().expect("table info lock").clone();
        self.tables
            .write()
            .expect("lobby lock")
            .insert(id.clone(), handle);
        tracing::info!(table = %id, division = %info.division, seats = info.seats.len(), "table created");
        Ok(info)
    }

    /// Tables open to join or watch: waiting and playing first, newest first.
    pub fn list(&self) -> Vec<TableInfo> {
        let mut v: Vec<TableInfo> = self
            .tables
            .read()
            .expect("lobby lock")
            .values()
            .map(|h| h.info.lock().expect("table info lock").clone())
            .collect();
        v.sort_by_key(|t| {
            (
                match t.status {
                    TableStatus::Waiting => 0,
                    TableStatus::Playing => 1,
                    TableStatus::Over => 2,
                },
                t.id.clone(),
            )
        });
        v
    }
}
