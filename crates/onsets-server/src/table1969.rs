//! 1969 tables: Allen's Basic and Advanced ON-SETS (M69 §§2–3) at the
//! server, with bots (`onsets_bots::manual1969`). The game is
//! `onsets_engine::manual1969::Game`, the only authority; this module holds
//! the tables in memory, seats people by token, lets the bots act after every
//! human act, and answers over plain HTTP (docs/editions.md, "1969 (Allen)"):
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
use crate::protocol::TableStatus;
use crate::store::Store;
use crate::{api_error, is_json, Lobby};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_bots::manual1969::Bot1969;
use onsets_core::Form1969;
use onsets_engine::manual1969::{
    card_1969, face_1969, Act1969, Action1969, Claims, DefaultClaims, Event1969, Game, Header1969,
    Phase1969, Settings1969, FORMAT_1969, MAX_PLAYERS_1969,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// The most 1969 tables kept in memory; the oldest goes first.
const MAX_TABLES_1969: usize = 500;
/// Bot acts after one human act at most (a play has far fewer).
const MAX_BOT_STEPS: usize = 400;
/// Events kept for the page.
const EVENTS_KEPT: usize = 60;
/// The PostgreSQL channel of 1969 table changes (payload: `{instance} {id}`).
pub const CHANNEL_1969: &str = "onsets_tables1969";

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Seat1969Spec {
    /// A person; the maker gets the token.
    Human,
    /// A person who joins later (`POST /api/tables1969/{id}/join`).
    Open,
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

#[derive(Clone)]
enum Seat {
    Human {
        token: String,
    },
    /// Nobody yet: the game waits until someone joins.
    Open,
    Bot(Bot1969),
}

#[derive(Clone)]
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

/// A 1969 table in the lobby's list (`GET /api/tables`): the common fields
/// of a `TableInfo` that a 1969 table has (no division, variations, round
/// length or checking: M69 has none of them), and `edition`, `form`, `play`.
#[derive(Clone, Debug, Serialize)]
pub struct Info1969 {
    pub id: String,
    /// `/t69/{id}`.
    pub link: String,
    /// Always `1969`.
    pub edition: &'static str,
    /// `basic` or `advanced`.
    pub form: String,
    pub seats: Vec<SeatInfo1969>,
    /// `waiting` (an open seat), `playing` or `over`.
    pub status: TableStatus,
    /// The play under way (1-based) and the plays of the game.
    pub play: u32,
    pub plays_in_game: u32,
    /// Pages watching its event stream on this instance.
    pub spectators: usize,
}

/// A seat in [`Info1969`].
#[derive(Clone, Debug, Serialize)]
pub struct SeatInfo1969 {
    pub seat: usize,
    pub name: String,
    /// `human` (taken or open) or `bot`.
    pub kind: &'static str,
    /// A bot's style: `careful` or `careless`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// A person holds the seat (bots' seats are taken).
    pub taken: bool,
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
    Open,
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
                Seat::Open => StoredSeat::Open,
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
        let (game, mut events) = replay(log)?;
        let extra = events.len().saturating_sub(EVENTS_KEPT);
        events.drain(..extra);
        if stored.seats.len() != game.n() {
            return Err("the stored seats are not the game's".into());
        }
        let seats = stored
            .seats
            .into_iter()
            .enumerate()
            .map(|(i, s)| match s {
                StoredSeat::Human { token } => Seat::Human { token },
                StoredSeat::Open => Seat::Open,
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
            events,
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
                Seat1969Spec::Open => {
                    names.push(format!("Player {}", i + 1));
                    tokens.push(None);
                    seats.push(Seat::Open);
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
        let mut header = Header1969::new(
            seed,
            &names,
            form,
            Settings1969 {
                plays: req.plays,
                ..Settings1969::default()
            },
        );
        // The seed stays on the server until the game is over; its
        // commitment is public from the start (crate::hidden).
        header.config.commit_seed(&crate::hidden::fresh_salt());
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
        if self.waiting() {
            return;
        }
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
                    Seat::Human { .. } | Seat::Open => None,
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

    /// Whether bots are waiting on a window that has closed (the server's
    /// timer, or a read, then lets them act).
    pub fn bots_due(&mut self) -> bool {
        let key = (self.game.play(), self.game.plays().len());
        self.window.is_some_and(|(k, _)| k == key)
            && self.released != Some(key)
            && !self.people_may_challenge()
    }

    /// Whether an open seat waits for a person (the game has not begun).
    pub fn waiting(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Open))
    }

    /// How long until the bots' challenge window closes, while it is open.
    fn window_left(&self) -> Option<u64> {
        let key = (self.game.play(), self.game.plays().len());
        match self.window {
            Some((k, at)) if k == key && self.released != Some(key) && !self.game.is_over() => {
                Some(at.saturating_add(self.window_ms).saturating_sub(self.now()))
            }
            _ => None,
        }
    }

    /// A person takes the first open seat, as `name` (default `Player {n}`):
    /// the seat and its token. The game is made anew with the name (no act
    /// has been applied while a seat was open); when this was the last open
    /// seat the clock starts and the bots act.
    pub fn join(&mut self, name: Option<&str>) -> Result<(usize, String), Fail> {
        let seat = self
            .seats
            .iter()
            .position(|s| matches!(s, Seat::Open))
            .ok_or_else(|| {
                Fail::api(
                    StatusCode::CONFLICT,
                    ApiError::new(
                        ApiCode::TableFull,
                        "every seat at this 1969 table is taken; you may watch",
                        None,
                    ),
                )
            })?;
        let mut header = self.game.header().clone();
        if let Some(raw) = name {
            let name = crate::text::normalize_name(raw).map_err(|m| bad("name", m))?;
            let others: Vec<&str> = header
                .config
                .players
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != seat && !matches!(self.seats[*i], Seat::Open))
                .map(|(_, n)| n.as_str())
                .collect();
            crate::text::distinct_name(&name, &others).map_err(|m| bad("name", m))?;
            header.config.players[seat] = name;
        }
        let (game, events) = Game::new(header).map_err(|e| bad("name", e.to_string()))?;
        self.game = game;
        self.events = events;
        let t = token();
        self.seats[seat] = Seat::Human { token: t.clone() };
        if !self.waiting() {
            self.started = Instant::now();
            self.run_bots(&mut DefaultClaims::new());
        }
        Ok((seat, t))
    }

    /// The table in the lobby's list.
    fn info(&self) -> Info1969 {
        let g = &self.game;
        let status = if self.waiting() {
            TableStatus::Waiting
        } else if g.is_over() {
            TableStatus::Over
        } else {
            TableStatus::Playing
        };
        Info1969 {
            id: self.id.clone(),
            link: format!("/t69/{}", self.id),
            edition: "1969",
            form: g.form().name().to_string(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo1969 {
                    seat: i,
                    name: match s {
                        Seat::Open => String::new(),
                        _ => g.header().config.players[i].clone(),
                    },
                    kind: if matches!(s, Seat::Bot(_)) {
                        "bot"
                    } else {
                        "human"
                    },
                    level: match s {
                        Seat::Bot(b) if b.careless.is_some() => Some("careless"),
                        Seat::Bot(_) => Some("careful"),
                        _ => None,
                    },
                    taken: !matches!(s, Seat::Open),
                })
                .collect(),
            status,
            play: g.play(),
            plays_in_game: g.plays_in_game(),
            spectators: 0,
        }
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
        if self.waiting() {
            return Err(Fail::api(
                StatusCode::CONFLICT,
                ApiError::new(
                    ApiCode::NotStarted,
                    "the game begins when every seat is taken",
                    None,
                ),
            ));
        }
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
        // The engine's rule (the same that filters the log).
        let writing = g.solutions_hidden();
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
            "seed_commitment": g.header().config.seed_commitment,
            "humans": self.seats.iter().map(|s| !matches!(s, Seat::Bot(_))).collect::<Vec<_>>(),
            "open": self.seats.iter().map(|s| matches!(s, Seat::Open)).collect::<Vec<_>>(),
            "waiting": self.waiting(),
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

/// [`Game::replay`], keeping the events (for the page's "What happened").
fn replay(text: &str) -> Result<(Game, Vec<Event1969>), String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let head = lines.next().ok_or("the log is empty")?;
    let header: Header1969 = serde_json::from_str(head).map_err(|e| format!("line 1: {e}"))?;
    if header.format != FORMAT_1969 {
        return Err(format!("line 1: the format is not {FORMAT_1969}"));
    }
    let (mut g, mut events) = Game::new(header).map_err(|e| format!("line 1: {e}"))?;
    for (i, line) in lines.enumerate() {
        let a: Action1969 =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 2))?;
        let (next, ev) = g.apply(a).map_err(|e| format!("line {}: {e}", i + 2))?;
        g = next;
        events.extend(ev);
        let extra = events.len().saturating_sub(EVENTS_KEPT);
        events.drain(..extra);
    }
    Ok((g, events))
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
    let now = unix_ms();
    let sql = "INSERT INTO tables1969 (id, created_at, updated_at, seats, log) VALUES ($1, $2, $2, $3, $4) \
               ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at, seats = excluded.seats, log = excluded.log";
    let done: Result<_, sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
        .bind(id)
        .bind(now)
        .bind(seats)
        .bind(log)
        .execute(p)
        .await
        .map(|_| ()));
    done.map_err(anyhow::Error::from)
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
    let sql = "SELECT seats, log FROM tables1969 WHERE id = $1";
    let row: Result<Option<(String, String)>, sqlx::Error> =
        with_pool!(&lobby.store, |p| sqlx::query_as(sql)
            .bind(id)
            .fetch_optional(p)
            .await);
    let (seats, log) = match row {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let owned = id.to_string();
    let restored =
        tokio::task::spawn_blocking(move || Table1969::restore(&owned, &seats, &log)).await;
    match restored {
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
    let t = find(lobby, id).await?;
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
