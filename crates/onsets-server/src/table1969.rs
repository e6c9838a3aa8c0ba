//! 1969 tables: Allen's Basic and Advanced ON-SETS (M69 §§2–3) at the
//! server, with bots (`onsets_bots::manual1969`). The game is
//! `onsets_engine::manual1969::Game`, the only authority; this module holds
//! the tables in memory, seats people by token, lets the bots act after every
//! human act, and answers over plain HTTP (docs/editions.md, "1969 (Allen)"):
//!
//! * `POST /api/tables1969` `{"form":"basic"|"advanced", "seats":[{"kind":"human"}|{"kind":"bot","level":"expert"}], "seed":7, "plays":3}`
//!   → 201 `{"id", "link":"/t69/{id}", "tokens":[token or null per seat], "state"}`;
//! * `GET /api/tables1969/{id}` → the state (everything in a 1969 game is
//!   on the table, so one view serves every seat);
//! * `GET /api/tables1969/{id}/log` → the game log, JSON lines;
//! * `GET /api/tables1969/{id}/review` → the post-game review (409
//!   `not-finished` until the game is over; docs/review.md);
//! * `POST /api/tables1969/{id}/act` `{"token", "act":{"type":"move","cube":4,"to":"required"}}`
//!   → the state, or 409 `{"error":{"code","message","rule"}}` when the
//!   game refuses the act. The seat comes from the token, never the body.
//!
//! A 1969 table is stored in the database (migration 0021: its seats, the
//! people's tokens and the bots' styles, and the game's log, rewritten after
//! each act): one that is not in memory, after a restart or on another
//! instance, is restored by replaying its log. 1969 tables have no WebSocket:
//! the page polls.

use crate::accounts::with_pool;
use crate::lobby::{ApiCode, ApiError};
use crate::store::Store;
use crate::{api_error, is_json, Lobby};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_bots::manual1969::Bot1969;
use onsets_core::Division;
use onsets_core::{Edition, Form1969};
use onsets_engine::manual1969::{
    card_1969, face_1969, Act1969, Action1969, Claims, DefaultClaims, Event1969, Game, Header1969,
    Pen, Phase1969, Settings1969, FORMAT_1969, MAX_PLAYERS_1969,
};
use onsets_engine::MatchConfig;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most 1969 tables kept in memory; the oldest goes first.
const MAX_TABLES_1969: usize = 500;
/// Bot acts after one human act at most (a play has far fewer).
const MAX_BOT_STEPS: usize = 400;
/// Events kept for the page.
const EVENTS_KEPT: usize = 60;

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Seat1969Spec {
    Human,
    Bot {
        #[serde(default)]
        level: Option<String>,
    },
}

/// `POST /api/tables1969`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Create1969 {
    #[serde(default)]
    pub form: Option<String>,
    pub seats: Vec<Seat1969Spec>,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub plays: Option<u32>,
    /// How long the bots wait after a play before acting, when a person may
    /// still challenge it (3.6: "whether or not it is your turn"); a person
    /// ends the wait by acting or with `{"type":"pass"}`. Default 3000; 0 to
    /// 30000.
    #[serde(default)]
    pub challenge_window_ms: Option<u64>,
}

enum Seat {
    Human { token: String },
    Bot(Bot1969),
}

pub struct Table1969 {
    id: String,
    game: Game,
    seats: Vec<Seat>,
    started: Instant,
    events: Vec<Event1969>,
    window_ms: u64,
    /// Per seat: the play (play number, plays completed) a person let pass.
    passed: Vec<Option<(u32, usize)>>,
    /// The play the window is for, and when it began (table time).
    window: Option<((u32, usize), u64)>,
    /// The play whose window has closed (the bots went on).
    released: Option<(u32, usize)>,
}

/// The 1969 tables in memory.
#[derive(Default)]
pub struct Tables1969 {
    tables: Mutex<Vec<(String, Arc<Mutex<Table1969>>)>>,
}

impl Tables1969 {
    fn get(&self, id: &str) -> Option<Arc<Mutex<Table1969>>> {
        let t = self.tables.lock().ok()?;
        t.iter().find(|(k, _)| k == id).map(|(_, v)| v.clone())
    }
    fn insert(&self, id: String, table: Table1969) {
        if let Ok(mut t) = self.tables.lock() {
            if t.len() >= MAX_TABLES_1969 {
                t.remove(0);
            }
            t.push((id, Arc::new(Mutex::new(table))));
        }
    }
}

/// A refusal: the status and the error body (`{"error": {...}}`), turned
/// into a response by the route.
pub struct Fail(StatusCode, Value);

impl Fail {
    fn api(status: StatusCode, e: ApiError) -> Fail {
        Fail(status, json!({ "error": e }))
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

fn bad(field: &str, msg: impl Into<String>) -> Fail {
    Fail::api(
        StatusCode::BAD_REQUEST,
        ApiError::new(ApiCode::BadField, msg, Some(field)),
    )
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

fn token() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// A seat as stored (the bots keep no state but their style).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
enum StoredSeat {
    Human { token: String },
    Bot { careless: Option<u64> },
}

/// What is stored beside the log.
#[derive(Serialize, Deserialize)]
struct StoredSeats {
    seats: Vec<StoredSeat>,
    window_ms: u64,
}

impl Table1969 {
    /// The seats as stored (JSON).
    fn stored_seats(&self) -> String {
        let seats = self
            .seats
            .iter()
            .map(|s| match s {
                Seat::Human { token } => StoredSeat::Human {
                    token: token.clone(),
                },
                Seat::Bot(b) => StoredSeat::Bot {
                    careless: b.careless,
                },
            })
            .collect();
        serde_json::to_string(&StoredSeats {
            seats,
            window_ms: self.window_ms,
        })
        .expect("seats serialize")
    }

    /// A stored table, its game replayed from its log; the clock goes on
    /// from the log's last act.
    fn restore(id: &str, seats: &str, log: &str) -> Result<Table1969, String> {
        let stored: StoredSeats = serde_json::from_str(seats).map_err(|e| e.to_string())?;
        let game = Game::replay(log)?;
        if stored.seats.len() != game.n() {
            return Err("the stored seats are not the game's".into());
        }
        let seats = stored
            .seats
            .into_iter()
            .enumerate()
            .map(|(i, s)| match s {
                StoredSeat::Human { token } => Seat::Human { token },
                StoredSeat::Bot { careless: None } => Seat::Bot(Bot1969::new(i)),
                StoredSeat::Bot {
                    careless: Some(seed),
                } => Seat::Bot(Bot1969::careless(i, seed)),
            })
            .collect();
        let n = game.n();
        let started = Instant::now()
            .checked_sub(std::time::Duration::from_millis(game.now_ms()))
            .unwrap_or_else(Instant::now);
        Ok(Table1969 {
            id: id.to_string(),
            game,
            seats,
            started,
            events: Vec::new(),
            window_ms: stored.window_ms,
            passed: vec![None; n],
            window: None,
            released: None,
        })
    }

    /// A new table with its game started (the bots act at once: dealing,
    /// rolling, a Goal, moves, until a person is to decide).
    pub fn new(
        id: &str,
        req: &Create1969,
        seed: u64,
    ) -> Result<(Table1969, Vec<Option<String>>), Fail> {
        let form: Form1969 = match &req.form {
            None => Form1969::Basic,
            Some(f) => f.parse().map_err(|e: String| bad("form", e))?,
        };
        let n = req.seats.len();
        if !(2..=MAX_PLAYERS_1969).contains(&n) {
            return Err(bad(
                "seats",
                format!("a 1969 table has 2 to {MAX_PLAYERS_1969} seats (M69 2.1)"),
            ));
        }
        if req.plays.is_some_and(|p| !(1..=30).contains(&p)) {
            return Err(bad("plays", "plays is 1 to 30"));
        }
        if req.challenge_window_ms.is_some_and(|w| w > 30_000) {
            return Err(bad(
                "challenge_window_ms",
                "challenge_window_ms is 0 to 30000",
            ));
        }
        let seed = req.seed.unwrap_or(seed);
        let mut names = Vec::new();
        let mut seats = Vec::new();
        let mut tokens = Vec::new();
        for (i, s) in req.seats.iter().enumerate() {
            match s {
                Seat1969Spec::Human => {
                    let t = token();
                    names.push(format!("Player {}", i + 1));
                    tokens.push(Some(t.clone()));
                    seats.push(Seat::Human { token: t });
                }
                Seat1969Spec::Bot { level } => {
                    let careful = level.as_deref().is_none_or(|l| l.trim() == "expert");
                    names.push(format!(
                        "{} bot {}",
                        if careful { "Careful" } else { "Careless" },
                        i + 1
                    ));
                    tokens.push(None);
                    seats.push(Seat::Bot(if careful {
                        Bot1969::new(i)
                    } else {
                        Bot1969::careless(i, seed)
                    }));
                }
            }
        }
        let names_ref: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut config = MatchConfig::new(seed, &names_ref, Division::Middle, false);
        config.edition = Edition::Manual1969(form);
        let header = Header1969 {
            format: FORMAT_1969.into(),
            config,
            settings: Settings1969 {
                plays: req.plays,
                ..Settings1969::default()
            },
        };
        let (game, events) = Game::new(header).map_err(|e| bad("seats", e.to_string()))?;
        let mut t = Table1969 {
            id: id.to_string(),
            game,
            seats,
            started: Instant::now(),
            events,
            window_ms: req.challenge_window_ms.unwrap_or(3000),
            passed: vec![None; n],
            window: None,
            released: None,
        };
        t.run_bots(&mut DefaultClaims::new());
        Ok((t, tokens))
    }

    fn now(&self) -> u64 {
        (self.started.elapsed().as_millis() as u64).max(self.game.now_ms())
    }

    fn remember(&mut self, ev: Vec<Event1969>) {
        self.events.extend(ev);
        let extra = self.events.len().saturating_sub(EVENTS_KEPT);
        self.events.drain(..extra);
    }

    /// The bots act, in seat order from the one the game waits for, until
    /// none has anything to do.
    pub fn run_bots(&mut self, claims: &mut dyn Claims) {
        for _ in 0..MAX_BOT_STEPS {
            if self.people_may_challenge() {
                return;
            }
            let n = self.game.n();
            let first = match self.game.phase() {
                Phase1969::Moves { turn, .. } => *turn,
                _ => (0..n).find(|&p| self.game.awaits(p)).unwrap_or(0),
            };
            let act = (0..n)
                .map(|i| (first + i) % n)
                .find_map(|p| match &self.seats[p] {
                    Seat::Bot(b) => b.decide(&self.game, claims),
                    Seat::Human { .. } => None,
                });
            let Some(act) = act else { return };
            let at_ms = self.now();
            match self.game.apply_with(Action1969 { at_ms, act }, claims) {
                Ok((g, ev)) => {
                    self.game = g;
                    self.remember(ev);
                }
                Err(e) => {
                    tracing::error!(table = %self.id, "a 1969 bot's act was refused: {e}");
                    return;
                }
            }
        }
    }

    /// Whether the bots wait: a person who is not the last Mover may still
    /// challenge the last play, has not let it pass, and its window is open.
    fn people_may_challenge(&mut self) -> bool {
        if self.window_ms == 0 {
            return false;
        }
        let g = &self.game;
        let open = matches!(
            g.phase(),
            Phase1969::Moves { bonus: None, .. } | Phase1969::NoGoal { .. }
        );
        let key = (g.play(), g.plays().len());
        if self.released == Some(key) {
            return false;
        }
        let someone = (0..g.n()).any(|p| {
            matches!(self.seats[p], Seat::Human { .. })
                && g.last_mover().is_some_and(|m| m != p)
                && self.passed[p] != Some(key)
                && !matches!(g.phase(), Phase1969::NoGoal { accepted } if accepted.contains(&p))
        });
        if !open || !someone {
            return false;
        }
        let now = self.now();
        let since = match self.window {
            Some((k, at)) if k == key => at,
            _ => {
                self.window = Some((key, now));
                now
            }
        };
        if now < since.saturating_add(self.window_ms) {
            return true;
        }
        self.released = Some(key);
        false
    }

    /// Whether bots are waiting on a window that has closed (a poll lets
    /// them act).
    pub fn bots_due(&mut self) -> bool {
        let key = (self.game.play(), self.game.plays().len());
        self.window.is_some_and(|(k, _)| k == key)
            && self.released != Some(key)
            && !self.people_may_challenge()
    }

    /// A person's act: the seat from the token.
    pub fn act(&mut self, token: &str, mut act: Value) -> Result<(), Fail> {
        let seat = self
            .seats
            .iter()
            .position(|s| matches!(s, Seat::Human { token: t } if t == token))
            .ok_or_else(|| {
                Fail::api(
                    StatusCode::FORBIDDEN,
                    ApiError::new(
                        ApiCode::WrongToken,
                        "this token holds no seat at this table",
                        Some("token"),
                    ),
                )
            })?;
        if act.get("type").and_then(Value::as_str) == Some("pass") {
            // Not an act of the game: this person lets the last play pass.
            self.passed[seat] = Some((self.game.play(), self.game.plays().len()));
            self.run_bots(&mut DefaultClaims::new());
            return Ok(());
        }
        if let Some(o) = act.as_object_mut() {
            if o.get("type").and_then(Value::as_str) != Some("clock") {
                o.insert("player".into(), json!(seat));
            }
        }
        let act: Act1969 = serde_json::from_value(act).map_err(|e| bad("act", e.to_string()))?;
        let at_ms = self.now();
        match self.game.apply(Action1969 { at_ms, act }) {
            Ok((g, ev)) => {
                self.game = g;
                self.remember(ev);
            }
            Err(e) => {
                return Err(Fail(
                    StatusCode::CONFLICT,
                    json!({"error": {"code": e.code.as_str(), "message": e.message, "rule": e.rule.as_str()}}),
                ))
            }
        }
        self.run_bots(&mut DefaultClaims::new());
        Ok(())
    }

    /// Everything on the table (1969 hides nothing but the deck), except
    /// that while Solutions are being written nobody sees another's: each
    /// writes "independently" (3.9 B, 4.1 footnote). They show once the play
    /// is scored.
    pub fn state(&self) -> Value {
        let g = &self.game;
        let writing = match g.phase() {
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                pens.contains(&Pen::Due)
            }
            _ => false,
        };
        let mut phase = serde_json::to_value(g.phase()).unwrap_or(Value::Null);
        let mut events = serde_json::to_value(&self.events).unwrap_or(Value::Null);
        if writing {
            if let Some(pens) = phase.get_mut("pens").and_then(Value::as_array_mut) {
                for pen in pens {
                    if pen["state"] == "wrote" {
                        *pen = json!({"state": "wrote"});
                    }
                }
            }
            // The events of the current play's writing: who wrote, not what.
            if let Some(list) = events.as_array_mut() {
                let start = list
                    .iter()
                    .rposition(|e| e["event"] == "challenged" || e["event"] == "asserted")
                    .unwrap_or(0);
                for e in &mut list[start..] {
                    if e["event"] == "written" {
                        *e = json!({"event": "written", "player": e["player"], "hidden": true});
                    }
                }
            }
        }
        json!({
            "id": self.id,
            "link": format!("/t69/{}", self.id),
            "edition": "1969",
            "form": g.form().name(),
            "players": g.header().config.players,
            "humans": self.seats.iter().map(|s| matches!(s, Seat::Human { .. })).collect::<Vec<_>>(),
            "play": g.play(),
            "plays_in_game": g.plays_in_game(),
            "shaker": g.shaker(),
            "dealer": g.dealer(),
            "phase": phase,
            "universe": g.dealt().iter().map(|m| card_1969(*m)).collect::<Vec<_>>(),
            "goal": g.goal(),
            "cubes": g.cubes().iter().map(|c| json!({
                "id": c.id, "family": c.family, "face": face_1969(c.face), "place": c.place,
            })).collect::<Vec<_>>(),
            "plays": g.plays().iter().map(|p| json!({"mover": p.mover, "goal_play": p.goal_play})).collect::<Vec<_>>(),
            "last_mover": g.last_mover(),
            "awaiting": (0..g.n()).map(|p| g.awaits(p)).collect::<Vec<_>>(),
            "penalties": g.penalties(),
            "history": g.history(),
            "totals": g.totals(),
            "over": g.is_over(),
            "bots_waiting": self.window.is_some_and(|(k, _)| k == (g.play(), g.plays().len()))
                && self.released != Some((g.play(), g.plays().len()))
                && !g.is_over(),
            "now_ms": self.now(),
            "events": events,
        })
    }
}

// ------------------------------------------------------------------ storage

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Writes the table's seats and log (a new row, or the log of the row).
async fn save(lobby: &Lobby, id: &str, seats: String, log: String) {
    let now = unix_ms();
    let sql = "INSERT INTO tables1969 (id, created_at, updated_at, seats, log) VALUES ($1, $2, $2, $3, $4) \
               ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at, log = excluded.log";
    let done: Result<_, sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
        .bind(id)
        .bind(now)
        .bind(&seats)
        .bind(&log)
        .execute(p)
        .await
        .map(|_| ()));
    if let Err(e) = done {
        // The game goes on in memory; only a restart would lose it.
        tracing::error!(table = %id, "storing a 1969 table: {e}");
    }
}

/// The table: in memory, or restored from the database by replaying its
/// log (after a restart, or made by another instance).
async fn find(lobby: &Lobby, id: &str) -> Option<Arc<Mutex<Table1969>>> {
    if let Some(t) = lobby.tables1969.get(id) {
        return Some(t);
    }
    if id.len() > 64 {
        return None;
    }
    let sql = "SELECT seats, log FROM tables1969 WHERE id = $1";
    let row: Result<Option<(String, String)>, sqlx::Error> =
        with_pool!(&lobby.store, |p| sqlx::query_as(sql)
            .bind(id)
            .fetch_optional(p)
            .await);
    let (seats, log) = match row {
        Ok(Some(r)) => r,
        Ok(None) => return None,
        Err(e) => {
            tracing::error!(table = %id, "reading a 1969 table: {e}");
            return None;
        }
    };
    let owned = id.to_string();
    let restored =
        tokio::task::spawn_blocking(move || Table1969::restore(&owned, &seats, &log)).await;
    match restored {
        Ok(Ok(t)) => {
            lobby.tables1969.insert(id.to_string(), t);
            lobby.tables1969.get(id)
        }
        Ok(Err(e)) => {
            tracing::error!(table = %id, "a stored 1969 table does not replay: {e}");
            None
        }
        Err(_) => None,
    }
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
        return api_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new(ApiCode::TooLarge, "the request is too large", None),
        );
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
        Err(e) => {
            return api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiError::new(ApiCode::Internal, e.to_string(), None),
            )
        }
    };
    let state = table.state();
    let id = table.id.clone();
    let (seats, log) = (
        table.stored_seats(),
        table.game.log_lines().join("\n") + "\n",
    );
    lobby.tables1969.insert(id.clone(), table);
    save(&lobby, &id, seats, log).await;
    tracing::info!(table = %id, "1969 table created");
    (
        StatusCode::CREATED,
        Json(json!({"id": id, "link": format!("/t69/{id}"), "tokens": tokens, "state": state})),
    )
        .into_response()
}

/// `GET /api/tables1969/{id}`.
pub async fn get(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(t) = find(&lobby, &id).await else {
        return no_table();
    };
    // The bots that waited for people to challenge act once the window has
    // closed: the page's polls move the game on.
    let state = tokio::task::spawn_blocking(move || {
        let mut t = t.lock().ok()?;
        let mut log = None;
        if t.bots_due() {
            let before = t.game.log_lines().len();
            t.run_bots(&mut DefaultClaims::new());
            let lines = t.game.log_lines();
            if lines.len() != before {
                log = Some(lines.join("\n") + "\n");
            }
        }
        Some((t.state(), t.stored_seats(), log))
    })
    .await;
    match state {
        Ok(Some((state, seats, log))) => {
            if let Some(log) = log {
                save(&lobby, &id, seats, log).await;
            }
            Json(state).into_response()
        }
        _ => no_table(),
    }
}

/// `GET /api/tables1969/{id}/log`.
pub async fn log(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(t) = find(&lobby, &id).await else {
        return no_table();
    };
    let text = match t.lock() {
        Ok(t) => t.game.log_lines().join("\n") + "\n",
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
/// (`onsets_review::review_1969`; docs/review.md, "1969 games"). While the
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
    match tokio::task::spawn_blocking(move || onsets_review::review_1969(&log)).await {
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
        return api_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new(ApiCode::TooLarge, "the request is too large", None),
        );
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
    let Some(t) = find(&lobby, &id).await else {
        return no_table();
    };
    let done = tokio::task::spawn_blocking(move || {
        let mut t = t.lock().map_err(|_| {
            Fail::api(
                StatusCode::NOT_FOUND,
                ApiError::new(ApiCode::NoSuchTable, "there is no such 1969 table", None),
            )
        })?;
        t.act(&req.token, req.act)?;
        let log = t.game.log_lines().join("\n") + "\n";
        Ok::<_, Fail>((t.state(), t.stored_seats(), log))
    })
    .await;
    match done {
        Ok(Ok((state, seats, log))) => {
            save(&lobby, &id, seats, log).await;
            Json(state).into_response()
        }
        Ok(Err(r)) => r.into_response(),
        Err(e) => api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(ApiCode::Internal, e.to_string(), None),
        ),
    }
}
