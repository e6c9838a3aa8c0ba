//! A 1969 table's game and seats (M69 §§2–3, docs/editions.md "1969
//! (Allen)"), without its transport: the game
//! (`onsets_engine::manual1969::Game`, the only authority), who holds each
//! seat, the bots (`onsets_bots::manual1969`) acting after every person's
//! act, and the bots' challenge window (a person may challenge a play
//! "whether or not it is your turn", 3.6). The one table host
//! ([`crate::tables::host1969`]) and the HTTP alias (`crate::table1969`)
//! both hold their tables as a [`Table1969`]; the game is stored as its log
//! beside the seats (migration 0021).

use crate::api::{ApiCode, ApiError};
use crate::protocol::{Move1969, TableStatus};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_bots::manual1969::Bot1969;
use onsets_core::Form1969;
use onsets_engine::game1969::events_seen_1969;
use onsets_engine::manual1969::{
    card_1969, face_1969, Action1969, Claims, DefaultClaims, Event1969, Game, Header1969,
    Phase1969, Settings1969, FORMAT_1969, MAX_PLAYERS_1969,
};
use onsets_engine::{Rejection, View1969};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::time::Instant;

/// Bot acts after one human act at most (a play has far fewer).
const MAX_BOT_STEPS: usize = 400;
/// Events kept for the page.
pub(crate) const EVENTS_KEPT: usize = 60;

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
pub(crate) enum Seat {
    Human {
        token: String,
    },
    /// Nobody yet: the game waits until someone joins.
    Open,
    Bot(Bot1969),
}

#[derive(Clone)]
pub struct Table1969 {
    pub(crate) id: String,
    pub(crate) game: Game,
    pub(crate) seats: Vec<Seat>,
    pub(crate) started: Instant,
    pub(crate) events: Vec<Event1969>,
    pub(crate) window_ms: u64,
    /// Per seat: the play (play number, plays completed) a person let pass.
    pub(crate) passed: Vec<Option<(u32, usize)>>,
    /// The play the window is for, and when it began (table time).
    pub(crate) window: Option<((u32, usize), u64)>,
    /// The play whose window has closed (the bots went on).
    pub(crate) released: Option<(u32, usize)>,
    /// The events since the host last took them ([`Table1969::take_fresh`]).
    pub(crate) fresh: Vec<Event1969>,
    /// Played over the WebSocket (the one table host), not the HTTP alias.
    pub(crate) ws: bool,
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

/// A refusal of a 1969 table: the server's (a field, a token, a full
/// table: an [`ApiError`] with its HTTP status) or the game's (the engine's
/// typed [`Rejection`], 409 over HTTP, `rejected` over the WebSocket with
/// the same code and rule).
#[derive(Debug)]
pub enum Fail {
    Api(StatusCode, ApiError),
    Rules(Rejection),
}

impl Fail {
    pub(crate) fn api(status: StatusCode, e: ApiError) -> Fail {
        Fail::Api(status, e)
    }
    /// (code, rule, message) of a `rejected` frame.
    pub fn parts(&self) -> (&'static str, &'static str, String) {
        match self {
            Fail::Api(_, e) => (e.code.as_str(), "-", e.message.clone()),
            Fail::Rules(r) => (r.code.as_str(), r.rule.as_str(), r.message.clone()),
        }
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        match self {
            Fail::Api(status, e) => (status, Json(json!({ "error": e }))).into_response(),
            Fail::Rules(e) => (
                StatusCode::CONFLICT,
                Json(json!({"error": {"code": e.code.as_str(), "message": e.message, "rule": e.rule.as_str()}})),
            )
                .into_response(),
        }
    }
}

pub(crate) fn bad(field: &str, msg: impl Into<String>) -> Fail {
    Fail::api(
        StatusCode::BAD_REQUEST,
        ApiError::new(ApiCode::BadField, msg, Some(field)),
    )
}

pub(crate) fn token() -> String {
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
    /// Hosted by the one table host (`crate::tables::host1969`); absent in
    /// tables made through `/api/tables1969`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    ws: bool,
}

impl Table1969 {
    /// The seats as stored (JSON).
    pub(crate) fn stored_seats(&self) -> String {
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
            ws: self.ws,
        })
        .expect("seats serialize")
    }

    /// A stored table, its game replayed from its log; the clock goes on
    /// from the log's last act.
    pub(crate) fn restore(id: &str, seats: &str, log: &str) -> Result<Table1969, String> {
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
            fresh: Vec::new(),
            ws: stored.ws,
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
        // commitment is public from the start (crate::tables::fresh_salt).
        header.config.commit_seed(&crate::tables::fresh_salt());
        let (game, events) = Game::new(header).map_err(|e| bad("seats", e.to_string()))?;
        let mut t = Table1969 {
            id: id.to_string(),
            game,
            seats,
            started: Instant::now(),
            events: events.clone(),
            window_ms: req.challenge_window_ms.unwrap_or(3000),
            passed: vec![None; n],
            window: None,
            released: None,
            fresh: events,
            ws: false,
        };
        t.run_bots(&mut DefaultClaims::new());
        Ok((t, tokens))
    }

    pub(crate) fn now(&self) -> u64 {
        (self.started.elapsed().as_millis() as u64).max(self.game.now_ms())
    }

    /// Keeps the events of an act (or the bots') for the page, and for the
    /// host's next update ([`Table1969::take_fresh`]).
    pub(crate) fn remember(&mut self, ev: Vec<Event1969>) {
        self.fresh.extend(ev.iter().cloned());
        self.events.extend(ev);
        let extra = self.events.len().saturating_sub(EVENTS_KEPT);
        self.events.drain(..extra);
    }

    /// The events since the last call (what an update carries).
    pub fn take_fresh(&mut self) -> Vec<Event1969> {
        std::mem::take(&mut self.fresh)
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
    pub(crate) fn people_may_challenge(&mut self) -> bool {
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
    pub(crate) fn window_left(&self) -> Option<u64> {
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
        self.join_at(None, name)
    }

    /// [`Table1969::join`] at seat `at` when given (an open seat), else the
    /// first open seat.
    pub fn join_at(
        &mut self,
        at: Option<usize>,
        name: Option<&str>,
    ) -> Result<(usize, String), Fail> {
        let conflict = |code, message: String, field| {
            Fail::api(StatusCode::CONFLICT, ApiError::new(code, message, field))
        };
        let seat = match at {
            Some(i) => match self.seats.get(i) {
                None => {
                    return Err(conflict(
                        ApiCode::NoSuchSeat,
                        format!("the table has seats 0 to {}", self.seats.len() - 1),
                        Some("seat"),
                    ))
                }
                Some(Seat::Open) => i,
                Some(_) => {
                    return Err(conflict(
                        ApiCode::SeatTaken,
                        format!("seat {i} is taken"),
                        Some("seat"),
                    ))
                }
            },
            None => self
                .seats
                .iter()
                .position(|s| matches!(s, Seat::Open))
                .ok_or_else(|| {
                    conflict(
                        ApiCode::TableFull,
                        "every seat at this 1969 table is taken; you may watch".into(),
                        None,
                    )
                })?,
        };
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
        self.events = events.clone();
        self.fresh = events;
        let t = token();
        self.seats[seat] = Seat::Human { token: t.clone() };
        if !self.waiting() {
            self.started = Instant::now();
            self.run_bots(&mut DefaultClaims::new());
        }
        Ok((seat, t))
    }

    /// The table in the lobby's list.
    pub(crate) fn info(&self) -> Info1969 {
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

    /// The seat a person's token holds.
    pub fn seat_of(&self, token: &str) -> Result<usize, Fail> {
        self.seats
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
            })
    }

    /// A person's act over HTTP: the seat from the token (any `player` in
    /// the body is replaced by it).
    pub fn act(&mut self, token: &str, act: Value) -> Result<(), Fail> {
        let seat = self.seat_of(token)?;
        let mv = crate::protocol::read_move(seat, act, true).map_err(|e| {
            let status = if e.code == ApiCode::WrongSeat {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::BAD_REQUEST
            };
            Fail::api(status, e)
        })?;
        self.play(seat, mv)
    }

    /// A person's typed act for `seat` (the seat already proved by its
    /// token), then the bots'.
    pub fn play(&mut self, seat: usize, mv: Move1969) -> Result<(), Fail> {
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
        let act = match mv {
            Move1969::Pass => {
                // Not an act of the game: this person lets the last play pass.
                self.passed[seat] = Some((self.game.play(), self.game.plays().len()));
                self.run_bots(&mut DefaultClaims::new());
                return Ok(());
            }
            Move1969::Act(act) => act,
        };
        let at_ms = self.now();
        match self.game.apply(Action1969 { at_ms, act }) {
            Ok((g, ev)) => {
                self.game = g;
                self.remember(ev);
            }
            Err(e) => return Err(Fail::Rules(e)),
        }
        self.run_bots(&mut DefaultClaims::new());
        Ok(())
    }

    /// Everything on the table (1969 hides nothing but the deck), except
    /// that while Solutions are being written nobody sees another's: each
    /// writes "independently" (3.9 B, 4.1 footnote). They show once the play
    /// is scored. The phase and events are the engine's view for a spectator
    /// (`View1969`, `events_seen_1969`: the one privacy filter), the phase in
    /// the alias's brief form (a hidden pen is `{"state":"wrote"}`,
    /// docs/protocol.md "1969 tables").
    pub fn state(&self) -> Value {
        let g = &self.game;
        let view = View1969::new(g, None, Vec::new());
        let phase = serde_json::to_value(view.phase_seen()).unwrap_or(Value::Null);
        let events = serde_json::to_value(events_seen_1969(g, &self.events)).unwrap_or(Value::Null);
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
pub(crate) fn replay(text: &str) -> Result<(Game, Vec<Event1969>), String> {
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
