//! One table: a task that owns the match and applies, one at a time and in
//! order of arrival, the acts of its players, its bots and its clock.
//!
//! * The engine is the only authority: every act goes through
//!   [`Match::apply`], run on the judging pool ([`crate::pool::judge`]) so
//!   that no table's task ever holds a tokio worker for CPU work (the
//!   checker, the solver); a rejection carries the engine's code and rule.
//! * Arrival order at this task decides races (the challenge block, V-B).
//! * Every applied action is written to the store before its events are
//!   broadcast; if the write fails the action is undone (not applied) and
//!   refused with `storage`.
//! * The match clock is the time since the match started. Timers (XI) are the
//!   engine's: the task wakes at [`Match::next_deadline`] and applies
//!   `clock`. After a restart the clock resumes from the last logged action:
//!   time while the server was down is not counted against anyone. Every
//!   frame carries the clock as it is when the frame is made ([`Clock`]).
//! * Bots are scheduled by their [`Driver`] (`onsets-bots`, the same one as
//!   the simulator's and the terminal game's): each is asked once per state
//!   of the table (when an act or a clock event changes it), never polled;
//!   they think on the bots' pool (tables with people first) and act after
//!   their think time, scaled by the table's `bot_pace`, if the table is
//!   still in the state they saw. The task sleeps until the driver's next
//!   step ([`Driver::wake_at`]: a bot's act or a time limit) or an act.
//! * Presence (who is connected, spectators) is sent as a small `presence`
//!   frame, at most every [`PRESENCE_EVERY`], never as a full update.
//! * Lifecycle: a table where no player has been connected for
//!   [`Config::abandon_after`] is abandoned; a finished one leaves memory
//!   when nobody has watched it for [`Config::idle_after_over`]. Both stay in
//!   the database and are loaded again, read-only, to be watched as replays.

use crate::lobby::{ApiCode, Config, Registry};
use crate::metrics::Metrics;
use crate::pool::{self, Lane};
use crate::protocol::{SeatInfo, SeatKind, ServerMsg, TableAct, TableInfo, TableStatus};
use crate::store::Store;
use onsets_bots::{Answer, Bot, Driver, Level, Pace, Step};
use onsets_core::{Division, Edition};
use onsets_engine::{Act, Action, CheckingMode, Event, Match, MatchConfig, Phase, RejectCode};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::{Duration, Instant};

/// Presence changes are gathered and sent at most this often.
pub const PRESENCE_EVERY: Duration = Duration::from_millis(250);
/// The applied actions whose events a `state` frame carries (the history a
/// page shows after a reload: "What happened", the verdicts).
pub const RECENT: usize = 200;

/// A seat as created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum SeatSpec {
    Human,
    Bot { level: String },
}

/// A table as created (stored as JSON; `docs/protocol.md`, "Lobby").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSpec {
    pub division: String,
    pub adventurous: bool,
    /// The rules (docs/editions.md): `2026-27` (absent in specs stored before it)
    /// or `2019-20`.
    #[serde(default = "tournament", skip_serializing_if = "is_tournament")]
    pub edition: String,
    pub seats: Vec<SeatSpec>,
    pub round_minutes: u32,
    pub checking: String,
    pub seed: u64,
    /// Bots' think time in real time, in percent of the think time they
    /// choose (100: human-like; 0: at once).
    pub bot_pace: u32,
}

fn tournament() -> String {
    Edition::default().name().to_string()
}

fn is_tournament(e: &String) -> bool {
    *e == tournament()
}

impl TableSpec {
    pub fn division(&self) -> Division {
        self.division.parse().unwrap_or(Division::Senior)
    }
    /// The rules of the table's match (2026-27 if unreadable).
    pub fn edition(&self) -> Edition {
        Edition::from_parts(&self.edition, None).unwrap_or_default()
    }
    pub fn checking_mode(&self) -> CheckingMode {
        if self.checking == "players" {
            CheckingMode::Players
        } else {
            CheckingMode::Judge
        }
    }
}

/// The match clock as a frame reads it when it is made: `base_ms` plus the
/// time since `origin` while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub origin: Instant,
    pub base_ms: u64,
    pub running: bool,
}

impl Clock {
    pub fn now_ms(&self) -> u64 {
        if self.running {
            self.base_ms + self.origin.elapsed().as_millis() as u64
        } else {
            self.base_ms
        }
    }
}

/// The events of one applied action, kept for the history of `state`.
#[derive(Clone, Debug, Serialize)]
pub struct Recent {
    /// The table's version after the action.
    pub version: u64,
    /// The shake the events belong to (the match's shake after them).
    pub shake: u32,
    pub events: Vec<Event>,
}

/// What a table broadcasts after every change.
#[derive(Debug)]
pub struct Broadcast {
    pub info: TableInfo,
    pub version: u64,
    pub events: Vec<Event>,
    pub m: Option<Arc<Match>>,
    /// When each of `m.timers()` started (match ms).
    pub timer_starts: Vec<u64>,
    pub clock: Clock,
    /// The history (snapshots only; empty in updates).
    pub recent: Vec<Recent>,
    /// A 1969 table's game (`m` is `None` then).
    pub game69: Option<Arc<crate::tables::host1969::Frame69>>,
}

/// Who is connected, sent instead of a full update.
#[derive(Debug)]
pub struct Presence {
    pub table: String,
    /// (seat, connected) for every seat.
    pub seats: Vec<(usize, bool)>,
    pub spectators: usize,
    pub clock: Option<Clock>,
}

/// What the connections at a table receive.
#[derive(Clone, Debug)]
pub enum Out {
    Update(Arc<Broadcast>),
    Presence(Arc<Presence>),
    /// The table left memory (finished or abandoned, archived).
    Closed,
    /// Another instance took the table over: reconnect (through the
    /// balancer) to reach it there.
    Moved,
}

/// The answer to a join or rejoin: (seat, token, name), or the error to send.
pub type SeatReply = Result<(usize, String, String), ServerMsg>;

/// Requests to a table's task.
pub enum Cmd {
    Join {
        name: String,
        seat: Option<usize>,
        reply: oneshot::Sender<SeatReply>,
    },
    Rejoin {
        token: String,
        reply: oneshot::Sender<SeatReply>,
    },
    /// A connection started or stopped playing a seat (`None`: spectating).
    Presence { seat: Option<usize>, delta: i32 },
    Act {
        token: String,
        reference: Option<u64>,
        version: Option<u64>,
        /// Read at the edge for the table's edition (`crate::protocol::read_table_act`).
        act: TableAct,
        reply: oneshot::Sender<ServerMsg>,
    },
    Snapshot {
        reply: oneshot::Sender<Arc<Broadcast>>,
    },
    /// A bot is back from thinking on the bots' pool.
    BotDecided { answer: Box<Answer> },
    /// Another instance took the table's lease: the table stops here
    /// (docs/scaling.md, "Leases").
    Moved,
}

/// The handle the lobby and the connections hold.
#[derive(Clone)]
pub struct TableHandle {
    pub id: String,
    /// Tells this table's task from an earlier one of the same id.
    pub serial: u64,
    pub cmds: mpsc::Sender<Cmd>,
    pub updates: broadcast::Sender<Out>,
    pub info: Arc<Mutex<TableInfo>>,
}

struct Seat {
    spec: SeatSpec,
    name: String,
    token: Option<String>,
    connections: i32,
    /// A bot plays the seat (it is in [`Table::bots`]).
    bot: bool,
}

/// What [`spawn`] needs.
pub struct Setup {
    pub id: String,
    pub spec: TableSpec,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub registry: Arc<Registry>,
    pub config: Arc<Config>,
    /// A table restored from the store.
    pub stored: Option<crate::store::StoredTable>,
    /// A finished or abandoned table loaded to be watched: nothing runs.
    pub archived: bool,
    /// Tournament pages to tell when an event's online table is over.
    pub news: crate::live::News,
    /// The table's writes, fenced by its lease (docs/scaling.md, "Leases").
    pub held: crate::lease::Held,
}

/// How long a table whose match header could not be stored waits before it
/// tries again to start.
const START_RETRY: Duration = Duration::from_secs(1);

struct Table {
    id: String,
    serial: u64,
    spec: TableSpec,
    seats: Vec<Seat>,
    /// The bots and when they act.
    bots: Driver,
    m: Option<Arc<Match>>,
    version: u64,
    spectators: i32,
    /// The match clock is `base_ms + origin.elapsed()`.
    origin: Instant,
    base_ms: u64,
    store: Store,
    metrics: Arc<Metrics>,
    registry: Arc<Registry>,
    config: Arc<Config>,
    news: crate::live::News,
    updates: broadcast::Sender<Out>,
    info: Arc<Mutex<TableInfo>>,
    cmds: mpsc::Sender<Cmd>,
    /// (player, task, stage, due) of each running timer and when it started.
    timer_starts: Vec<(TimerKey, u64)>,
    recent: VecDeque<Recent>,
    archived: bool,
    /// The stored status was `abandoned`.
    abandoned: bool,
    /// A presence frame is due at this instant.
    presence_due: Option<Instant>,
    /// Every seat is taken but the match header could not be stored: the
    /// match starts when it is, tried again at this instant.
    start_retry: Option<Instant>,
    /// Since when no player (for a table of bots: nobody) is connected.
    alone_since: Option<Instant>,
    /// Since when no connection at all is open.
    empty_since: Option<Instant>,
    /// The table's writes, fenced by its lease.
    held: crate::lease::Held,
    /// Another instance took the table over: it stops here, unwritten.
    moved: bool,
}

type TimerKey = (usize, onsets_engine::Task, u8, u64);

/// Starts a table's task (a stored table's log is replayed first, on the
/// judging pool).
pub async fn spawn(setup: Setup) -> anyhow::Result<TableHandle> {
    let Setup {
        id,
        spec,
        store,
        metrics,
        registry,
        config,
        stored,
        archived,
        news,
        held,
    } = setup;
    let (tx, rx) = mpsc::channel(256);
    let (updates, _) = broadcast::channel(64);
    let seats = spec
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| Seat {
            spec: s.clone(),
            name: match s {
                SeatSpec::Human => String::new(),
                SeatSpec::Bot { level } => {
                    // Two bots of one level get their seat numbers (from 1),
                    // so every seat has a name of its own.
                    let twins = spec
                        .seats
                        .iter()
                        .filter(|o| matches!(o, SeatSpec::Bot { level: l } if l == level))
                        .count();
                    if twins > 1 {
                        format!("{} {}", bot_name(level), i + 1)
                    } else {
                        bot_name(level)
                    }
                }
            },
            token: None,
            connections: 0,
            bot: matches!(s, SeatSpec::Bot { .. }),
        })
        .collect();
    let bots = Driver::new(
        spec.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                SeatSpec::Human => None,
                SeatSpec::Bot { level } => {
                    let level: Level = level.parse().unwrap_or(Level::Club);
                    Some(Bot::new(level, i, spec.seed ^ (0x5EA7 + i as u64)))
                }
            })
            .collect(),
        Pace::percent(spec.bot_pace as u64),
    );
    let serial = registry.next_serial();
    let now = Instant::now();
    let mut t = Table {
        id: id.clone(),
        serial,
        spec,
        seats,
        bots,
        m: None,
        version: 0,
        spectators: 0,
        origin: now,
        base_ms: 0,
        store,
        metrics,
        registry,
        config,
        news,
        updates: updates.clone(),
        info: Arc::new(Mutex::new(placeholder_info(&id))),
        cmds: tx.clone(),
        timer_starts: Vec::new(),
        recent: VecDeque::new(),
        archived,
        abandoned: false,
        presence_due: None,
        start_retry: None,
        alone_since: Some(now),
        empty_since: Some(now),
        held,
        moved: false,
    };
    if let Some(st) = stored {
        t.abandoned = st.status == "abandoned";
        t.restore(st.seats, st.header, st.actions).await?;
    }
    t.refresh_info();
    let handle = TableHandle {
        id,
        serial,
        cmds: tx,
        updates,
        info: t.info.clone(),
    };
    tokio::spawn(t.run(rx));
    Ok(handle)
}

/// "Club bot": a bot's name says it is a bot and its level.
fn bot_name(level: &str) -> String {
    let mut c = level.chars();
    match c.next() {
        Some(f) => format!("{}{} bot", f.to_uppercase(), c.as_str()),
        None => "bot".into(),
    }
}

fn placeholder_info(id: &str) -> TableInfo {
    TableInfo {
        id: id.into(),
        link: format!("/t/{id}"),
        division: String::new(),
        adventurous: false,
        edition: tournament(),
        round_minutes: 0,
        checking: String::new(),
        seats: Vec::new(),
        status: TableStatus::Waiting,
        shake: 0,
        spectators: 0,
        seed_commitment: None,
        form: None,
    }
}

fn rejected(
    reference: Option<u64>,
    code: impl Into<crate::protocol::Refusal>,
    rule: &str,
    message: impl Into<String>,
    version: u64,
) -> ServerMsg {
    ServerMsg::Rejected {
        reference,
        code: code.into().as_str().into(),
        rule: rule.into(),
        message: message.into(),
        version,
    }
}

fn archived_error() -> ServerMsg {
    crate::protocol::error(
        ApiCode::TableArchived,
        "this table is finished or was abandoned: it can be watched as a replay, not played",
        None,
    )
}

/// Replays a stored log: the match and the events of each action.
type Replayed = (Match, Vec<Recent>);

fn replay(id: &str, header: &str, actions: &[String]) -> anyhow::Result<Replayed> {
    let config: MatchConfig = serde_json::from_str(header)?;
    let (mut m, first) = Match::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut recent = VecDeque::new();
    recent.push_back(Recent {
        version: 1,
        shake: m.shake(),
        events: first,
    });
    for (i, a) in actions.iter().enumerate() {
        let action: Action = serde_json::from_str(a)?;
        let (next, events) = m
            .apply(action)
            .map_err(|e| anyhow::anyhow!("table {id}: action {}: {e}", i + 1))?;
        m = next;
        if !events.is_empty() {
            recent.push_back(Recent {
                version: i as u64 + 2,
                shake: m.shake(),
                events,
            });
            if recent.len() > RECENT {
                recent.pop_front();
            }
        }
    }
    Ok((m, recent.into()))
}

impl Table {
    fn clock_state(&self) -> Clock {
        let running = !self.archived && self.m.as_ref().is_some_and(|m| *m.phase() != Phase::Over);
        Clock {
            origin: self.origin,
            base_ms: self.base_ms,
            running,
        }
    }

    fn clock(&self) -> u64 {
        self.base_ms + self.origin.elapsed().as_millis() as u64
    }

    fn status(&self) -> TableStatus {
        match &self.m {
            Some(m) if *m.phase() == Phase::Over => TableStatus::Over,
            _ if self.abandoned => TableStatus::Abandoned,
            None => TableStatus::Waiting,
            Some(_) => TableStatus::Playing,
        }
    }

    fn has_humans(&self) -> bool {
        self.seats.iter().any(|s| s.spec == SeatSpec::Human)
    }

    fn players_connected(&self) -> i32 {
        self.seats
            .iter()
            .filter(|s| s.spec == SeatSpec::Human)
            .map(|s| s.connections.max(0))
            .sum()
    }

    fn connections(&self) -> i32 {
        self.players_connected() + self.spectators.max(0)
    }

    fn refresh_info(&mut self) {
        let info = TableInfo {
            id: self.id.clone(),
            link: format!("/t/{}", self.id),
            division: self.spec.division().name().to_string(),
            adventurous: self.spec.adventurous,
            edition: self.spec.edition().name().to_string(),
            round_minutes: self.spec.round_minutes,
            checking: self.spec.checking.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i,
                    name: s.name.clone(),
                    kind: match s.spec {
                        SeatSpec::Human => SeatKind::Human,
                        SeatSpec::Bot { .. } => SeatKind::Bot,
                    },
                    level: match &s.spec {
                        SeatSpec::Bot { level } => Some(level.clone()),
                        SeatSpec::Human => None,
                    },
                    taken: s.bot || s.token.is_some(),
                    connected: s.bot || s.connections > 0,
                })
                .collect(),
            status: self.status(),
            shake: self.m.as_ref().map_or(0, |m| m.shake()),
            spectators: self.spectators.max(0) as usize,
            seed_commitment: self
                .m
                .as_ref()
                .and_then(|m| m.config().seed_commitment.clone()),
            form: None,
        };
        *self.info.lock().expect("table info lock") = info;
    }

    fn snapshot(&self, events: Vec<Event>, with_recent: bool) -> Arc<Broadcast> {
        let timer_starts = match &self.m {
            Some(m) => m
                .timers()
                .iter()
                .map(|t| {
                    let key = (t.player, t.task, t.stage, t.due_ms);
                    self.timer_starts
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map_or(m.now_ms(), |(_, s)| *s)
                })
                .collect(),
            None => Vec::new(),
        };
        Arc::new(Broadcast {
            info: self.info.lock().expect("table info lock").clone(),
            version: self.version,
            events,
            m: self.m.clone(),
            timer_starts,
            clock: self.clock_state(),
            recent: if with_recent {
                self.recent.iter().cloned().collect()
            } else {
                Vec::new()
            },
            game69: None,
        })
    }

    fn track_timers(&mut self) {
        let Some(m) = &self.m else { return };
        let keys: Vec<TimerKey> = m
            .timers()
            .iter()
            .map(|t| (t.player, t.task, t.stage, t.due_ms))
            .collect();
        self.timer_starts.retain(|(k, _)| keys.contains(k));
        for k in keys {
            if !self.timer_starts.iter().any(|(x, _)| *x == k) {
                self.timer_starts.push((k, m.now_ms()));
            }
        }
    }

    fn remember(&mut self, events: &[Event]) {
        if events.is_empty() {
            return;
        }
        self.recent.push_back(Recent {
            version: self.version,
            shake: self.m.as_ref().map_or(0, |m| m.shake()),
            events: events.to_vec(),
        });
        while self.recent.len() > RECENT {
            self.recent.pop_front();
        }
    }

    /// A full update (it carries the presence too).
    fn broadcast(&mut self, events: Vec<Event>) {
        self.track_timers();
        self.refresh_info();
        self.presence_due = None;
        let b = self.snapshot(events, false);
        let _ = self.updates.send(Out::Update(b));
    }

    fn send_presence(&mut self) {
        self.presence_due = None;
        self.refresh_info();
        let p = Presence {
            table: self.id.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (i, s.bot || s.connections > 0))
                .collect(),
            spectators: self.spectators.max(0) as usize,
            clock: self.m.as_ref().map(|_| self.clock_state()),
        };
        let _ = self.updates.send(Out::Presence(Arc::new(p)));
    }

    /// Rebuilds the match from the stored log (on the judging pool).
    async fn restore(
        &mut self,
        taken: Vec<(usize, String, String)>,
        header: Option<String>,
        actions: Vec<String>,
    ) -> anyhow::Result<()> {
        for (seat, name, token) in taken {
            if let Some(s) = self.seats.get_mut(seat) {
                s.name = name;
                s.token = Some(token);
            }
        }
        if let Some(header) = header {
            let id = self.id.clone();
            let n = actions.len();
            let (m, recent) = pool::judge()
                .run(Lane::First, move || replay(&id, &header, &actions))
                .await
                .ok_or_else(|| anyhow::anyhow!("table {}: replaying the log failed", self.id))??;
            self.version = n as u64 + 1;
            self.base_ms = m.now_ms();
            self.origin = Instant::now();
            self.m = Some(Arc::new(m));
            self.recent = recent.into();
            self.track_timers();
        }
        Ok(())
    }

    fn full(&self) -> bool {
        self.seats.iter().all(|s| s.bot || s.token.is_some())
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.metrics.table_opened();
        // A table of bots only starts at once (and a table whose last seat
        // was taken just before a restart starts now).
        if !self.archived && self.m.is_none() && self.full() {
            self.start().await;
        }
        self.ask_bots();
        loop {
            let wake = self.next_wake();
            let cmd = match wake {
                Some(at) => tokio::select! {
                    c = rx.recv() => c,
                    _ = tokio::time::sleep_until(at) => {
                        self.metrics.table_wake();
                        if self.on_wake().await || self.moved {
                            break;
                        }
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { break };
            self.handle(cmd).await;
            if self.moved {
                break;
            }
        }
        self.close().await;
        self.metrics.table_closed();
    }

    /// The table leaves memory: archived in the database (finished ones are
    /// already `over`), its handle removed; connections still here are told.
    /// A table taken over by another instance (docs/scaling.md, "Leases")
    /// writes nothing and tells its connections to reconnect.
    async fn close(&mut self) {
        if self.moved {
            self.registry.remove(&self.id, self.serial);
            let _ = self.updates.send(Out::Moved);
            return;
        }
        if !self.archived && self.status() != TableStatus::Over {
            if let Err(e) = self.held.set_status("abandoned").await {
                tracing::error!(table = %self.id, "storing the status failed: {e:#}");
            }
            tracing::info!(table = %self.id, "table abandoned: archived");
        }
        if !self.archived {
            self.held.release().await;
        }
        self.registry.remove(&self.id, self.serial);
        let _ = self.updates.send(Out::Closed);
    }

    /// When the table leaves memory, if nothing happens before.
    fn leaves_at(&self) -> Option<Instant> {
        let over = self.archived || self.status() == TableStatus::Over;
        if over {
            self.empty_since.map(|t| t + self.config.idle_after_over)
        } else {
            self.alone_since.map(|t| t + self.config.abandon_after)
        }
    }

    /// When to wake: the engine's next deadline, a bot's planned act, a
    /// presence frame, or the time to leave memory.
    fn next_wake(&self) -> Option<Instant> {
        let mut at = self.leaves_at();
        let mut at_min = |x: Instant| at = Some(at.map_or(x, |a: Instant| a.min(x)));
        if let Some(p) = self.presence_due {
            at_min(p);
        }
        if let Some(r) = self.start_retry {
            at_min(r);
        }
        if let Some(m) = self
            .m
            .as_ref()
            .filter(|m| *m.phase() != Phase::Over && !self.archived)
        {
            if let Some(due) = self.bots.wake_at(m) {
                let now = self.clock();
                at_min(Instant::now() + Duration::from_millis(due.saturating_sub(now)));
            }
        }
        at
    }

    /// Returns `true` when the table leaves memory.
    async fn on_wake(&mut self) -> bool {
        let instant = Instant::now();
        if self.leaves_at().is_some_and(|t| t <= instant) {
            return true;
        }
        if self.presence_due.is_some_and(|t| t <= instant) {
            self.send_presence();
        }
        if self.archived {
            return false;
        }
        if self.start_retry.is_some_and(|t| t <= instant) {
            self.start_retry = None;
            if self.m.is_none() && self.full() {
                self.start().await;
            }
        }
        let Some(m) = self.m.clone() else {
            return false;
        };
        if *m.phase() == Phase::Over {
            return false;
        }
        let now = self.clock();
        // What is due: a bot's act (if the table is as it saw it) or a time
        // limit, the earlier first.
        match self.bots.due(&m, now).map(|n| n.step) {
            Some(Step::Act { seat, decision }) => {
                tracing::debug!(table = %self.id, seat, "bot: {}", decision.explanation);
                self.metrics.bot_act();
                let _ = self.apply(decision.act).await;
            }
            Some(Step::Clock) => {
                if let Some(dl) = m.next_deadline() {
                    let _ = self.apply(Act::Clock).await;
                    if let Some(after) = self.m.clone() {
                        self.bots.clock_applied(&after, dl, now);
                    }
                }
            }
            None => {}
        }
        self.ask_bots();
        false
    }

    /// Applies an act now (on the judging pool). Writes it, then broadcasts.
    async fn apply(&mut self, act: Act) -> Result<u64, onsets_engine::Rejection> {
        let Some(m) = self.m.clone() else {
            return Err(onsets_engine::Rejection::new(
                RejectCode::NotStarted,
                "X-D",
                "the match starts when every seat is taken",
            ));
        };
        let action = Action {
            at_ms: self.clock().max(m.now_ms()),
            act,
        };
        let is_clock = action.act == Act::Clock;
        // Tables of bots only yield to tables with people here too.
        let lane = if self.has_humans() {
            Lane::First
        } else {
            Lane::Yielding
        };
        let judged = {
            let (m, action) = (m.clone(), action.clone());
            pool::judge().run(lane, move || m.apply(action)).await
        };
        let Some(judged) = judged else {
            tracing::error!(table = %self.id, "applying an act failed: {action:?}");
            return Err(onsets_engine::Rejection::new(
                RejectCode::Internal,
                "-",
                "the server could not judge the act; nothing changed",
            ));
        };
        let (next, events) = judged?;
        if is_clock && events.is_empty() {
            return Ok(self.version);
        }
        let line = serde_json::to_string(&action).expect("actions serialize");
        if let Err(e) = self.held.append(self.version, &line).await {
            tracing::error!(table = %self.id, "storing an action failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            return Err(onsets_engine::Rejection::new(
                RejectCode::Storage,
                "-",
                "the server could not record the action; nothing changed, try again",
            ));
        }
        let over = *next.phase() == Phase::Over && *m.phase() != Phase::Over;
        self.m = Some(Arc::new(next));
        self.version += 1;
        self.metrics.action();
        if over {
            tracing::info!(table = %self.id, version = self.version, "match over");
            if let Err(e) = self.held.set_status("over").await {
                tracing::error!(table = %self.id, "storing the status failed: {e:#}");
            }
            // Ratings of signed-in seats (docs/ratings.md).
            crate::ratings::settle_in_background(self.store.clone(), self.id.clone());
            // The result of a tournament's online table (docs/tournaments.md).
            let (store, news, id) = (self.store.clone(), self.news.clone(), self.id.clone());
            tokio::spawn(async move {
                if let Err(e) = crate::tournaments::table_over(&store, &news, &id).await {
                    tracing::error!(table = %id, "recording the tournament result failed: {e:#}");
                }
            });
            // The clock stops: frames carry the match's last time.
            self.base_ms = self.m.as_ref().map_or(0, |m| m.now_ms());
            self.origin = Instant::now();
        }
        self.remember(&events);
        self.broadcast(events);
        self.ask_bots();
        Ok(self.version)
    }

    /// Sends every bot that has not seen this state of the table to think on
    /// the bots' pool ([`Driver::asks`]); the answer comes back as
    /// [`Cmd::BotDecided`].
    fn ask_bots(&mut self) {
        if self.archived {
            return;
        }
        let Some(m) = self.m.clone() else { return };
        if *m.phase() == Phase::Over {
            return;
        }
        let lane = if self.has_humans() {
            Lane::First
        } else {
            Lane::Yielding
        };
        for ask in self.bots.asks(&m, self.clock()) {
            self.metrics.bot_ask();
            let m = m.clone();
            let tx = self.cmds.clone();
            tokio::spawn(async move {
                let answer = pool::bots().run(lane, move || ask.think(&m)).await;
                if let Some(answer) = answer {
                    let _ = tx
                        .send(Cmd::BotDecided {
                            answer: Box::new(answer),
                        })
                        .await;
                }
            });
        }
    }

    fn presence_changed(&mut self) {
        let now = Instant::now();
        let alone = if self.has_humans() {
            self.players_connected() == 0
        } else {
            self.connections() == 0
        };
        match (alone, self.alone_since) {
            (true, None) => self.alone_since = Some(now),
            (false, Some(_)) => self.alone_since = None,
            _ => {}
        }
        match (self.connections() == 0, self.empty_since) {
            (true, None) => self.empty_since = Some(now),
            (false, Some(_)) => self.empty_since = None,
            _ => {}
        }
        if self.presence_due.is_none() {
            self.presence_due = Some(now + PRESENCE_EVERY);
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { name, seat, reply } => {
                let r = if self.archived {
                    Err(archived_error())
                } else {
                    self.join(name, seat).await
                };
                let _ = reply.send(r);
            }
            Cmd::Rejoin { token, reply } => {
                let r = if self.archived {
                    Err(archived_error())
                } else {
                    self.seats
                        .iter()
                        .position(|s| s.token.as_deref() == Some(token.as_str()))
                        .map(|i| (i, token.clone(), self.seats[i].name.clone()))
                        .ok_or_else(|| {
                            crate::protocol::error(
                                ApiCode::BadToken,
                                "no seat at this table has that token",
                                Some("token"),
                            )
                        })
                };
                let _ = reply.send(r);
            }
            Cmd::Presence { seat, delta } => {
                match seat {
                    Some(s) if s < self.seats.len() => self.seats[s].connections += delta,
                    Some(_) => {}
                    None => self.spectators += delta,
                }
                self.presence_changed();
            }
            Cmd::Act {
                token,
                reference,
                version,
                act,
                reply,
            } => {
                let msg = if self.archived {
                    rejected(
                        reference,
                        ApiCode::TableArchived,
                        "-",
                        "this table is finished or was abandoned: nothing more can be done at it",
                        self.version,
                    )
                } else {
                    self.act(token, reference, version, act).await
                };
                let _ = reply.send(msg);
            }
            Cmd::Snapshot { reply } => {
                self.refresh_info();
                let _ = reply.send(self.snapshot(Vec::new(), true));
            }
            // The lease went to another instance (crate::lease::watch).
            Cmd::Moved => self.moved = true,
            Cmd::BotDecided { answer } => {
                if let Some(m) = self.m.clone() {
                    self.bots.answer(&m, *answer);
                }
                // The table may have moved on while the bot thought.
                self.ask_bots();
            }
        }
    }

    async fn join(
        &mut self,
        name: String,
        seat: Option<usize>,
    ) -> Result<(usize, String, String), ServerMsg> {
        let name = crate::text::normalize_name(&name)
            .map_err(|m| crate::protocol::error(ApiCode::BadName, m, Some("name")))?;
        let taken: Vec<&str> = self
            .seats
            .iter()
            .filter(|s| s.spec != SeatSpec::Human || s.token.is_some())
            .map(|s| s.name.as_str())
            .collect();
        crate::text::distinct_name(&name, &taken)
            .map_err(|m| crate::protocol::error(ApiCode::NameTaken, m, Some("name")))?;
        let free = |s: &Seat| s.spec == SeatSpec::Human && s.token.is_none();
        let seat = match seat {
            Some(i) => match self.seats.get(i) {
                None => {
                    return Err(crate::protocol::error(
                        ApiCode::NoSuchSeat,
                        format!("the table has seats 0 to {}", self.seats.len() - 1),
                        Some("seat"),
                    ))
                }
                Some(s) if !free(s) => {
                    return Err(crate::protocol::error(
                        ApiCode::SeatTaken,
                        format!("seat {i} is taken"),
                        Some("seat"),
                    ))
                }
                Some(_) => i,
            },
            None => self.seats.iter().position(free).ok_or_else(|| {
                crate::protocol::error(
                    ApiCode::TableFull,
                    "every seat at this table is taken; you may spectate",
                    None,
                )
            })?,
        };
        let token = uuid::Uuid::new_v4().simple().to_string();
        if let Err(e) = self.held.set_seat(seat, &name, &token).await {
            tracing::error!(table = %self.id, "storing a seat failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            return Err(crate::protocol::error(
                ApiCode::Storage,
                "the server could not record the seat; try again",
                None,
            ));
        }
        self.seats[seat].name = name.clone();
        self.seats[seat].token = Some(token.clone());
        if self.full() && self.m.is_none() {
            self.start().await;
        } else {
            self.broadcast(Vec::new());
        }
        Ok((seat, token, name))
    }

    /// Every seat is taken: the match starts (its header is written first).
    async fn start(&mut self) {
        let mut config = MatchConfig::new(
            self.spec.seed,
            &self
                .seats
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>(),
            self.spec.division(),
            self.spec.adventurous,
        );
        config.round_ms = self.spec.round_minutes as u64 * 60_000;
        config.checking = self.spec.checking_mode();
        config.edition = self.spec.edition();
        // The seed stays on the server until the match is over; its
        // commitment is public from the start (crate::hidden).
        config.commit_seed(&crate::hidden::fresh_salt());
        let (m, events) = match Match::new(config.clone()) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(table = %self.id, "the match cannot start: {e}");
                return;
            }
        };
        let header = serde_json::to_string(&config).expect("configs serialize");
        if let Err(e) = self.held.start(&header).await {
            // Not started until its header is stored (the seats are): the
            // table tries again, and a restart starts it too.
            tracing::error!(table = %self.id, "storing the match header failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            self.start_retry = Some(Instant::now() + START_RETRY);
            return;
        }
        self.start_retry = None;
        self.origin = Instant::now();
        self.base_ms = 0;
        self.m = Some(Arc::new(m));
        self.version = 1;
        tracing::info!(table = %self.id, players = ?config.players, "match started");
        self.remember(&events);
        self.broadcast(events);
        self.ask_bots();
    }

    async fn act(
        &mut self,
        token: String,
        reference: Option<u64>,
        version: Option<u64>,
        act: TableAct,
    ) -> ServerMsg {
        let v = self.version;
        let Some(seat) = self
            .seats
            .iter()
            .position(|s| s.spec == SeatSpec::Human && s.token.as_deref() == Some(token.as_str()))
        else {
            return rejected(
                reference,
                ApiCode::BadToken,
                "I-A",
                "that token holds no seat at this table: only a seated player acts",
                v,
            );
        };
        if let Some(sent) = version {
            if sent != v {
                return rejected(
                    reference,
                    ApiCode::Stale,
                    "-",
                    format!("the act was meant for version {sent}; the table is at version {v}: look again"),
                    v,
                );
            }
        }
        let act = match act {
            TableAct::Match(a) if a.player() == Some(seat) => a,
            TableAct::Match(_) => {
                return rejected(
                    reference,
                    ApiCode::WrongSeat,
                    "I-A",
                    format!("you play seat {seat} and act for no one else"),
                    v,
                )
            }
            TableAct::M69(_) => {
                return rejected(
                    reference,
                    ApiCode::BadAct,
                    "-",
                    "this table plays the 2026-27 or 2019-20 rules: send one of their acts",
                    v,
                )
            }
        };
        match self.apply(act).await {
            Ok(version) => ServerMsg::Accepted { reference, version },
            Err(r) => rejected(reference, r.code, r.rule.as_str(), r.message, self.version),
        }
    }
}
