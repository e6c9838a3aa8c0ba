//! Puzzle Race (docs/practice.md, "Race"): 2 to 10 players, people and
//! bots, on the same list of puzzles of rising difficulty (drawn from a seed
//! as a storm's is, [`super::run::rising`]), after a countdown, each with a
//! progress bar the others see live; then a rematch with the same players on
//! a new list.
//!
//! A race is an actor like a table: one tokio task owns its state and takes
//! [`Cmd`]s; every change is published as the race's public state (a
//! `watch` channel, read by the race's sockets and by `GET /api/races/{id}`).
//! The answers of people are judged by the server (`onsets_puzzles::judge`,
//! in the socket's task on the judging pool) before they reach the actor,
//! which checks that the answer is for the player's current puzzle and
//! counts it; the client never says whether it was right. A miss costs
//! [`MISS_MS`] of the player's own clock (as a storm's miss does).

use super::run;
use crate::api::ApiCode;
use crate::store::practice::{self as stored, RaceResultRow};
use crate::store::Store;
use onsets_bots::Level;
use onsets_puzzles::{fnv1a, Kind, Puzzle};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

/// The fewest players of a race (people and bots).
pub const MIN_PLAYERS: usize = 2;
/// The most players of a race.
pub const MAX_PLAYERS: usize = 10;
/// Puzzles in a race's list (more than anyone answers in the time).
pub const RACE_PUZZLES: usize = 30;
/// The countdown before the first puzzle, by default.
pub const COUNTDOWN_S: u32 = 10;
/// The race's clock, by default (Puzzle Racer's 90 s).
pub const RACE_S: u32 = 90;
/// The range of the countdown a race may ask for.
pub const COUNTDOWN_RANGE: std::ops::RangeInclusive<u32> = 1..=30;
/// The range of the clock a race may ask for.
pub const SECONDS_RANGE: std::ops::RangeInclusive<u32> = 10..=300;
/// What a miss costs the player's clock (a storm's miss, docs/practice.md).
pub const MISS_MS: i64 = run::MISS_MS;
/// Races in memory at most (a new one beyond is refused).
pub const MAX_RACES: usize = 1_000;
/// How long a finished race, or one nobody joined, stays in memory.
const LINGER: Duration = Duration::from_secs(600);

/// A refusal: the code the client reads, the field it names, the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RaceError {
    pub code: ApiCode,
    pub field: Option<&'static str>,
    pub message: String,
}

impl RaceError {
    pub fn new(code: ApiCode, field: Option<&'static str>, message: impl Into<String>) -> Self {
        RaceError {
            code,
            field,
            message: message.into(),
        }
    }
}

/// A race's settings (`POST /api/races`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub max_players: usize,
    pub bots: Vec<Level>,
    /// One kind of puzzle, or all four mixed (`None`).
    pub kind: Option<Kind>,
    pub seed: u64,
    /// The bots' think time in percent of their level's pace (0 to 1000).
    pub bot_pace: u32,
    pub countdown_s: u32,
    pub seconds: u32,
}

/// One player as the actor keeps them.
#[derive(Clone, Debug)]
struct Player {
    name: String,
    /// A person's secret (`None` for a bot).
    token: Option<String>,
    bot: Option<Level>,
    /// A signed-in person's account id (their result is stored).
    account: Option<String>,
    /// A person of a rematch who has not come back yet.
    reserved: bool,
    /// The index of the player's current puzzle (answers given).
    index: usize,
    solved: usize,
    missed: usize,
    penalty_ms: i64,
    /// The player's time (race time plus penalties) at their last right answer.
    time_ms: i64,
    done: bool,
    /// A bot: the race time of its next answer.
    next_ms: i64,
}

impl Player {
    fn person(name: String, token: String, account: Option<String>) -> Player {
        Player {
            name,
            token: Some(token),
            bot: None,
            account,
            reserved: false,
            index: 0,
            solved: 0,
            missed: 0,
            penalty_ms: 0,
            time_ms: 0,
            done: false,
            next_ms: 0,
        }
    }

    fn bot(level: Level, nth: usize) -> Player {
        let mut name = format!("{} bot", capitalized(level.name()));
        if nth > 1 {
            name.push_str(&format!(" {nth}"));
        }
        Player {
            token: None,
            bot: Some(level),
            ..Player::person(name, String::new(), None)
        }
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Waiting for players, counting down, racing, or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Waiting,
    Countdown,
    Racing,
    Finished,
}

impl Status {
    pub const fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Countdown => "countdown",
            Status::Racing => "racing",
            Status::Finished => "finished",
        }
    }
}

/// What a person's join answers: their secret and their name.
#[derive(Clone, Debug)]
pub struct Joined {
    pub token: String,
    pub name: String,
}

/// A command to a race's actor.
pub enum Cmd {
    /// A new person (`token: None`) or one coming back (a rematch's or a
    /// reconnection's `token`).
    Join {
        name: Option<String>,
        token: Option<String>,
        account: Option<String>,
        reply: oneshot::Sender<Result<Joined, RaceError>>,
    },
    /// Starts the countdown (any person of the race).
    Start {
        token: String,
        reply: oneshot::Sender<Result<(), RaceError>>,
    },
    /// An answer the server judged: for puzzle `index` of the list.
    Answer {
        token: String,
        index: usize,
        correct: bool,
        reply: oneshot::Sender<Result<(), RaceError>>,
    },
    /// A person's socket closed.
    Leave { token: String },
    /// A new race with the same players on a new list (the race is over).
    Rematch {
        token: String,
        reply: oneshot::Sender<Result<String, RaceError>>,
    },
}

/// A race as the routes reach it.
#[derive(Clone)]
pub struct RaceHandle {
    pub id: String,
    pub tx: mpsc::Sender<Cmd>,
    /// The public state, newest first ([`Race::view`]).
    pub state: watch::Receiver<Arc<Value>>,
    /// The list, in order.
    pub puzzles: Arc<Vec<&'static Puzzle>>,
}

/// The races in memory, by id. Process-wide (a race is a task of this
/// instance, as a table is; it leaves the map when its task ends).
static RACES: LazyLock<Mutex<HashMap<String, RaceHandle>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// A race by id.
pub fn find(id: &str) -> Option<RaceHandle> {
    RACES.lock().ok()?.get(id).cloned()
}

/// Opens a race: draws its list, spawns its actor, registers it.
pub fn open(store: Store, settings: Settings) -> Result<RaceHandle, RaceError> {
    open_with(store, settings, Vec::new(), None)
}

/// The length of a race id's routing key: its first 16 hex digits, the same
/// for a race and its rematches, by which a balancer keeps them on the
/// instance that holds them (deploy/haproxy.cfg; docs/scaling.md, "Puzzle
/// Race").
pub const ROUTE_LEN: usize = 16;

/// The routing key of a race id ([`ROUTE_LEN`]).
pub fn route_of(id: &str) -> &str {
    id.get(..ROUTE_LEN).unwrap_or(id)
}

/// [`open`] with a rematch's persons, reserved until they come back.
fn open_with(
    store: Store,
    settings: Settings,
    people: Vec<Player>,
    route: Option<&str>,
) -> Result<RaceHandle, RaceError> {
    // the embedded pool only: the same seed, the same list, on any instance
    let from = super::embedded(settings.kind);
    let puzzles = run::rising(&from, RACE_PUZZLES, settings.seed);
    if puzzles.len() < run::STORM_MIN_PUZZLES {
        return Err(RaceError::new(
            ApiCode::NoPuzzles,
            Some("kind"),
            format!(
                "only {} puzzles of that kind: a race needs {}",
                puzzles.len(),
                run::STORM_MIN_PUZZLES
            ),
        ));
    }
    // 32 hex digits; a rematch keeps its race's routing key (the first 16)
    let fresh = uuid::Uuid::new_v4().simple().to_string();
    let id = match route {
        Some(r) => format!("{r}{}", &fresh[ROUTE_LEN..]),
        None => fresh,
    };
    let mut players = people;
    for (i, level) in settings.bots.iter().enumerate() {
        let nth = settings.bots[..=i].iter().filter(|l| *l == level).count();
        players.push(Player::bot(*level, nth));
    }
    let puzzles = Arc::new(puzzles);
    let (tx, rx) = mpsc::channel(64);
    let mut race = Race {
        id: id.clone(),
        settings,
        puzzles: puzzles.clone(),
        players,
        status: Status::Waiting,
        starts_at: None,
        version: 0,
        rematch: None,
        ended_at: None,
        created: Instant::now(),
        store,
        publish: None,
    };
    let (state_tx, state_rx) = watch::channel(Arc::new(race.view(Instant::now())));
    race.publish = Some(state_tx);
    let handle = RaceHandle {
        id: id.clone(),
        tx,
        state: state_rx,
        puzzles,
    };
    {
        let mut races = RACES
            .lock()
            .map_err(|_| RaceError::new(ApiCode::Internal, None, "the races' map is poisoned"))?;
        if races.len() >= MAX_RACES {
            return Err(RaceError::new(
                ApiCode::TooManyTables,
                None,
                format!("the server holds {MAX_RACES} races: try again in a few minutes"),
            ));
        }
        races.insert(id.clone(), handle.clone());
    }
    tokio::spawn(actor(race, rx));
    Ok(handle)
}

/// A bot's think time on one puzzle at 100 % pace, and how often it is
/// right, by level (from 12 s and 55 % for a beginner to 3.5 s and 95 % for
/// an expert).
fn bot_profile(level: Level) -> (i64, u64) {
    match level {
        Level::Beginner => (12_000, 55),
        Level::Club => (8_000, 70),
        Level::Strong => (5_500, 85),
        Level::Expert => (3_500, 95),
    }
}

/// A bot's answer to puzzle `index`: its think time and whether it is right,
/// drawn from the race's seed (the same seed races the same way).
pub fn bot_answer(
    seed: u64,
    bot: usize,
    index: usize,
    level: Level,
    pace: u32,
    difficulty: u32,
) -> (i64, bool) {
    let draw = fnv1a(&format!("{seed} {bot} {index}"));
    let (base, right) = bot_profile(level);
    // 0.6 to 1.4 of the base, a harder puzzle up to twice as long
    let spread = 600 + (draw % 801) as i64;
    let hard = 1_000 + i64::from(difficulty.min(3_000)) / 3;
    let ms = base * spread / 1_000 * hard / 1_000 * i64::from(pace) / 100;
    (ms, (draw >> 20) % 100 < right)
}

/// The actor's state.
struct Race {
    id: String,
    settings: Settings,
    puzzles: Arc<Vec<&'static Puzzle>>,
    players: Vec<Player>,
    status: Status,
    /// When the racing begins (set by the start).
    starts_at: Option<Instant>,
    version: u64,
    rematch: Option<String>,
    ended_at: Option<Instant>,
    created: Instant,
    store: Store,
    publish: Option<watch::Sender<Arc<Value>>>,
}

async fn actor(mut race: Race, mut rx: mpsc::Receiver<Cmd>) {
    loop {
        let wake = race.next_wake();
        tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(cmd) => race.handle(cmd),
                None => break,
            },
            () = tokio::time::sleep_until(wake) => {}
        }
        let now = Instant::now();
        let changed = race.tick(now);
        if changed {
            race.publish(now);
        }
        if race.expired(now) {
            break;
        }
    }
    if let Ok(mut races) = RACES.lock() {
        races.remove(&race.id);
    }
}

impl Race {
    fn limit_ms(&self) -> i64 {
        i64::from(self.settings.seconds) * 1_000
    }

    /// The race time at `now` (0 before the start).
    fn elapsed(&self, now: Instant) -> i64 {
        self.starts_at
            .map(|s| now.saturating_duration_since(s).as_millis() as i64)
            .unwrap_or(0)
    }

    fn person(&mut self, token: &str) -> Result<usize, RaceError> {
        self.players
            .iter()
            .position(|p| p.token.as_deref() == Some(token))
            .ok_or_else(|| {
                RaceError::new(
                    ApiCode::WrongToken,
                    Some("token"),
                    "that token holds no place in this race",
                )
            })
    }

    fn handle(&mut self, cmd: Cmd) {
        let now = Instant::now();
        let changed = match cmd {
            Cmd::Join {
                name,
                token,
                account,
                reply,
            } => {
                let r = self.join(name, token, account);
                let ok = r.is_ok();
                let _ = reply.send(r);
                ok
            }
            Cmd::Start { token, reply } => {
                let r = self.start(&token, now);
                let ok = r.is_ok();
                let _ = reply.send(r);
                ok
            }
            Cmd::Answer {
                token,
                index,
                correct,
                reply,
            } => {
                let r = self.answer(&token, index, correct, now);
                let ok = r.is_ok();
                let _ = reply.send(r);
                ok
            }
            Cmd::Leave { token } => self.leave(&token),
            Cmd::Rematch { token, reply } => {
                let r = self.rematch(&token);
                let ok = r.is_ok();
                let _ = reply.send(r);
                ok
            }
        };
        if changed {
            self.tick(now);
            self.publish(now);
        }
    }

    fn join(
        &mut self,
        name: Option<String>,
        token: Option<String>,
        account: Option<String>,
    ) -> Result<Joined, RaceError> {
        if let Some(token) = token {
            let i = self.person(&token)?;
            let p = &mut self.players[i];
            if p.reserved && self.status != Status::Waiting && self.status != Status::Countdown {
                return Err(RaceError::new(
                    ApiCode::NotFinished,
                    Some("race"),
                    "the rematch started without you",
                ));
            }
            p.reserved = false;
            if account.is_some() {
                p.account = account;
            }
            return Ok(Joined {
                token,
                name: p.name.clone(),
            });
        }
        if !matches!(self.status, Status::Waiting | Status::Countdown) {
            return Err(RaceError::new(
                ApiCode::NotFinished,
                Some("race"),
                "the race has started: join the next one (or come back with your token)",
            ));
        }
        if self.players.len() >= self.settings.max_players {
            return Err(RaceError::new(
                ApiCode::TableFull,
                Some("race"),
                format!("the race is full ({} players)", self.settings.max_players),
            ));
        }
        let Some(raw) = name else {
            return Err(RaceError::new(
                ApiCode::BadName,
                Some("name"),
                "`name` is missing: the name the others see",
            ));
        };
        let name = crate::text::normalize_name(&raw)
            .map_err(|m| RaceError::new(ApiCode::BadName, Some("name"), m))?;
        let taken: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        crate::text::distinct_name(&name, &taken).map_err(|m| {
            RaceError::new(ApiCode::BadName, Some("name"), m.replace("table", "race"))
        })?;
        let token = uuid::Uuid::new_v4().simple().to_string();
        self.players
            .push(Player::person(name.clone(), token.clone(), account));
        Ok(Joined { token, name })
    }

    fn start(&mut self, token: &str, now: Instant) -> Result<(), RaceError> {
        self.person(token)?;
        if self.status != Status::Waiting {
            return Err(RaceError::new(
                ApiCode::BadRequest,
                Some("race"),
                format!("the race is {} already", self.status.name()),
            ));
        }
        let present = self.players.iter().filter(|p| !p.reserved).count();
        if present < MIN_PLAYERS {
            return Err(RaceError::new(
                ApiCode::NotStarted,
                Some("race"),
                format!("a race needs {MIN_PLAYERS} players at least (people or bots): share the link or add a bot"),
            ));
        }
        self.status = Status::Countdown;
        self.starts_at = Some(now + Duration::from_secs(u64::from(self.settings.countdown_s)));
        Ok(())
    }

    fn answer(
        &mut self,
        token: &str,
        index: usize,
        correct: bool,
        now: Instant,
    ) -> Result<(), RaceError> {
        let i = self.person(token)?;
        if self.status != Status::Racing {
            return Err(RaceError::new(
                ApiCode::NotStarted,
                Some("race"),
                format!("the race is {}: no answer is taken", self.status.name()),
            ));
        }
        let elapsed = self.elapsed(now);
        let limit = self.limit_ms();
        let n = self.puzzles.len();
        let p = &mut self.players[i];
        if p.done {
            return Err(RaceError::new(
                ApiCode::NotStarted,
                Some("index"),
                "your race is over (your clock ran out, or you answered the whole list)",
            ));
        }
        if index != p.index {
            return Err(RaceError::new(
                ApiCode::Stale,
                Some("index"),
                format!(
                    "your current puzzle is {}, not {index}: the puzzles are answered in order",
                    p.index
                ),
            ));
        }
        let at = elapsed + p.penalty_ms;
        if at >= limit {
            p.done = true;
            return Err(RaceError::new(
                ApiCode::NotStarted,
                Some("index"),
                "your clock ran out before this answer",
            ));
        }
        count(p, correct, at, n);
        Ok(())
    }

    fn leave(&mut self, token: &str) -> bool {
        let Ok(i) = self.person(token) else {
            return false;
        };
        match self.status {
            Status::Waiting => {
                self.players.remove(i);
                true
            }
            Status::Racing if !self.players[i].done => {
                // the player's progress stays; they race no more
                self.players[i].done = true;
                true
            }
            _ => false,
        }
    }

    fn rematch(&mut self, token: &str) -> Result<String, RaceError> {
        self.person(token)?;
        if self.status != Status::Finished {
            return Err(RaceError::new(
                ApiCode::NotFinished,
                Some("race"),
                "a rematch follows a race that is over",
            ));
        }
        if let Some(id) = &self.rematch {
            return Ok(id.clone());
        }
        let people: Vec<Player> = self
            .players
            .iter()
            .filter(|p| p.bot.is_none())
            .map(|p| Player {
                reserved: true,
                ..Player::person(
                    p.name.clone(),
                    p.token.clone().unwrap_or_default(),
                    p.account.clone(),
                )
            })
            .collect();
        let settings = Settings {
            seed: fnv1a(&format!("{} rematch", self.settings.seed)),
            bots: self.players.iter().filter_map(|p| p.bot).collect(),
            ..self.settings.clone()
        };
        let next = open_with(
            self.store.clone(),
            settings,
            people,
            Some(route_of(&self.id)),
        )?;
        self.rematch = Some(next.id.clone());
        Ok(next.id)
    }

    /// When the actor must look again: the countdown's end, a bot's next
    /// answer, a player's clock running out, or the race leaving memory.
    fn next_wake(&self) -> Instant {
        let far = Instant::now() + LINGER;
        match (self.status, self.starts_at) {
            (Status::Countdown, Some(s)) => s,
            (Status::Racing, Some(s)) => {
                let limit = self.limit_ms();
                let next = self
                    .players
                    .iter()
                    .filter(|p| !p.done)
                    .map(|p| {
                        let out = limit - p.penalty_ms;
                        if p.bot.is_some() {
                            p.next_ms.min(out)
                        } else {
                            out
                        }
                    })
                    .min()
                    .unwrap_or(0)
                    .max(0);
                s + Duration::from_millis(next as u64)
            }
            (Status::Finished, _) => self.ended_at.map(|e| e + LINGER).unwrap_or(far),
            _ => self.created + LINGER,
        }
    }

    fn expired(&self, now: Instant) -> bool {
        match self.status {
            Status::Finished => self.ended_at.is_some_and(|e| now >= e + LINGER),
            Status::Waiting => now >= self.created + LINGER && !self.has_people(),
            _ => false,
        }
    }

    fn has_people(&self) -> bool {
        self.players.iter().any(|p| p.bot.is_none() && !p.reserved)
    }

    /// Moves the race on to `now`: the countdown's end, the bots' answers,
    /// the clocks run out, the finish. Whether anything changed.
    fn tick(&mut self, now: Instant) -> bool {
        let mut changed = false;
        if self.status == Status::Countdown && self.starts_at.is_some_and(|s| now >= s) {
            self.status = Status::Racing;
            // the persons of a rematch who did not come back are not racing
            self.players.retain(|p| !p.reserved);
            let (seed, pace) = (self.settings.seed, self.settings.bot_pace);
            let first = self.puzzles.first().map(|p| p.difficulty).unwrap_or(0);
            for (b, p) in self.players.iter_mut().enumerate() {
                if let Some(level) = p.bot {
                    p.next_ms = bot_answer(seed, b, 0, level, pace, first).0;
                }
            }
            changed = true;
        }
        if self.status != Status::Racing {
            return changed;
        }
        let elapsed = self.elapsed(now);
        let limit = self.limit_ms();
        let n = self.puzzles.len();
        let (seed, pace) = (self.settings.seed, self.settings.bot_pace);
        for (b, p) in self.players.iter_mut().enumerate() {
            while !p.done {
                if let Some(level) = p.bot {
                    if p.next_ms <= elapsed && p.next_ms + p.penalty_ms < limit {
                        let d = self.puzzles[p.index].difficulty;
                        let (_, right) = bot_answer(seed, b, p.index, level, pace, d);
                        let at = p.next_ms + p.penalty_ms;
                        count(p, right, at, n);
                        if let Some(next) = self.puzzles.get(p.index) {
                            p.next_ms +=
                                bot_answer(seed, b, p.index, level, pace, next.difficulty).0;
                        }
                        changed = true;
                        continue;
                    }
                }
                if elapsed + p.penalty_ms >= limit {
                    p.done = true;
                    changed = true;
                }
                break;
            }
        }
        if self.players.iter().all(|p| p.done) {
            self.finish(now);
            changed = true;
        }
        changed
    }

    fn finish(&mut self, now: Instant) {
        self.status = Status::Finished;
        self.ended_at = Some(now);
        let ranked = ranking(&self.players);
        let at_ms = crate::store::now_ms();
        let rows: Vec<RaceResultRow> = ranked
            .iter()
            .enumerate()
            .filter_map(|(rank, &i)| {
                let p = &self.players[i];
                p.account.as_ref().map(|account| RaceResultRow {
                    race: self.id.clone(),
                    account: account.clone(),
                    name: p.name.clone(),
                    finished_ms: at_ms,
                    rank: rank as i64 + 1,
                    players: self.players.len() as i64,
                    solved: p.solved as i64,
                    missed: p.missed as i64,
                    time_ms: p.time_ms,
                })
            })
            .collect();
        if !rows.is_empty() {
            let store = self.store.clone();
            tokio::spawn(async move {
                for row in rows {
                    if let Err(e) = stored::save_race_result(&store, &row).await {
                        tracing::error!("a race's result was not stored: {e:#}");
                    }
                }
            });
        }
    }

    fn publish(&mut self, now: Instant) {
        self.version += 1;
        let v = Arc::new(self.view(now));
        if let Some(tx) = &self.publish {
            tx.send_replace(v);
        }
    }

    /// The public state (docs/protocol.md, "Race"): never a token.
    fn view(&self, now: Instant) -> Value {
        let ranked = ranking(&self.players);
        let finished = self.status == Status::Finished;
        let players: Vec<Value> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({
                    "name": p.name,
                    "bot": p.bot.map(Level::name),
                    "present": !p.reserved,
                    "index": p.index,
                    "solved": p.solved,
                    "missed": p.missed,
                    "penalty_ms": p.penalty_ms,
                    "time_ms": p.time_ms,
                    "done": p.done,
                    "rank": finished.then(|| ranked.iter().position(|&r| r == i).map(|r| r + 1)).flatten(),
                })
            })
            .collect();
        let starts_in_ms = match (self.status, self.starts_at) {
            (Status::Countdown, Some(s)) => {
                Some(s.saturating_duration_since(now).as_millis() as i64)
            }
            _ => None,
        };
        json!({
            "id": self.id,
            "link": format!("/race/{}", self.id),
            "status": self.status.name(),
            "version": self.version,
            "max_players": self.settings.max_players,
            "kind": self.settings.kind.map(|k| k.name()),
            "puzzles": self.puzzles.len(),
            "countdown_s": self.settings.countdown_s,
            "seconds": self.settings.seconds,
            "miss_seconds": MISS_MS / 1_000,
            "starts_in_ms": starts_in_ms,
            "elapsed_ms": (self.status == Status::Racing).then(|| self.elapsed(now)),
            "players": players,
            "ranking": finished.then(|| ranked.iter().map(|&i| self.players[i].name.clone()).collect::<Vec<_>>()),
            "rematch": self.rematch,
        })
    }
}

/// Counts one answer given at the player's time `at`: a right one scores
/// and marks the time; a miss costs [`MISS_MS`]; the list's end ends the
/// player's race.
fn count(p: &mut Player, correct: bool, at: i64, n: usize) {
    if correct {
        p.solved += 1;
        p.time_ms = at;
    } else {
        p.missed += 1;
        p.penalty_ms += MISS_MS;
    }
    p.index += 1;
    if p.index >= n {
        p.done = true;
    }
}

/// The players' order at the finish: the most solved first, then the
/// earliest to reach that count (the time of the last right answer,
/// penalties included), then the order they joined.
fn ranking(players: &[Player]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&players[a], &players[b]);
        pb.solved
            .cmp(&pa.solved)
            .then(pa.time_ms.cmp(&pb.time_ms))
            .then(a.cmp(&b))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn racer(name: &str, solved: usize, time_ms: i64) -> Player {
        Player {
            solved,
            time_ms,
            ..Player::person(name.into(), name.into(), None)
        }
    }

    #[test]
    fn the_most_solved_wins_then_the_earliest() {
        let ps = vec![
            racer("a", 5, 9_000),
            racer("b", 7, 40_000),
            racer("c", 7, 30_000),
            racer("d", 0, 0),
        ];
        assert_eq!(ranking(&ps), vec![2, 1, 0, 3]);
    }

    #[test]
    fn a_miss_costs_ten_seconds_and_the_list_ends_the_race() {
        let mut p = racer("a", 0, 0);
        count(&mut p, false, 1_000, 2);
        assert_eq!((p.missed, p.penalty_ms, p.done), (1, MISS_MS, false));
        count(&mut p, true, 12_000, 2);
        assert_eq!((p.solved, p.time_ms, p.done), (1, 12_000, true));
    }

    #[test]
    fn bots_are_deterministic_and_keep_their_level_pace() {
        let a = bot_answer(7, 1, 3, Level::Expert, 100, 1_500);
        assert_eq!(a, bot_answer(7, 1, 3, Level::Expert, 100, 1_500));
        let slow: i64 = (0..30)
            .map(|i| bot_answer(7, 1, i, Level::Beginner, 100, 1_500).0)
            .sum();
        let fast: i64 = (0..30)
            .map(|i| bot_answer(7, 1, i, Level::Expert, 100, 1_500).0)
            .sum();
        assert!(fast < slow, "{fast} < {slow}");
        assert_eq!(bot_answer(7, 1, 3, Level::Expert, 0, 1_500).0, 0);
        let right = (0..200)
            .filter(|&i| bot_answer(9, 0, i, Level::Expert, 100, 0).1)
            .count();
        assert!(right > 170, "{right}");
    }
}
