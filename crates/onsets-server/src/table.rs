//! One table: a task that owns the match and applies, one at a time and in
//! order of arrival, the acts of its players, its bots and its clock.
//!
//! * The engine is the only authority: every act goes through
//!   [`Match::apply`]; a rejection carries the engine's code and rule.
//! * Arrival order at this task decides races (the challenge block, V-B).
//! * Every applied action is written to the store before its events are
//!   broadcast; if the write fails the action is undone (not applied) and
//!   refused with `storage`.
//! * The match clock is the time since the match started. Timers (XI) are the
//!   engine's: the task wakes at [`Match::next_deadline`] and applies
//!   `clock`. After a restart the clock resumes from the last logged action:
//!   time while the server was down is not counted against anyone.
//! * Bots decide off this task (`spawn_blocking`: the expert may consult the
//!   solver) and act after their think time, scaled by the table's `bot_pace`.

use crate::metrics::Metrics;
use crate::protocol::{SeatInfo, SeatKind, ServerMsg, TableInfo, TableStatus};
use crate::store::Store;
use onsets_bots::{Bot, Decision, Level, Player, View};
use onsets_core::Division;
use onsets_engine::{Act, Action, CheckingMode, Event, Match, MatchConfig, Phase};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::{Duration, Instant};

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
    pub seats: Vec<SeatSpec>,
    pub round_minutes: u32,
    pub checking: String,
    pub seed: u64,
    /// Bots' think time in real time, in percent of the think time they
    /// choose (100: human-like; 0: at once).
    pub bot_pace: u32,
}

impl TableSpec {
    pub fn division(&self) -> Division {
        self.division.parse().unwrap_or(Division::Senior)
    }
    pub fn checking_mode(&self) -> CheckingMode {
        if self.checking == "players" {
            CheckingMode::Players
        } else {
            CheckingMode::Judge
        }
    }
}

/// What a table broadcasts after every change.
#[derive(Debug)]
pub struct Broadcast {
    pub info: TableInfo,
    pub version: u64,
    pub events: Vec<Event>,
    pub m: Option<Arc<Match>>,
    /// When each of `m.timers` started (match ms).
    pub timer_starts: Vec<u64>,
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
        act: serde_json::Value,
        reply: oneshot::Sender<ServerMsg>,
    },
    Snapshot {
        reply: oneshot::Sender<Arc<Broadcast>>,
    },
    BotDecided {
        seat: usize,
        fingerprint: u64,
        asked_ms: u64,
        bot: Box<Bot>,
        decision: Option<Decision>,
    },
}

/// The handle the lobby and the connections hold.
#[derive(Clone)]
pub struct TableHandle {
    pub id: String,
    pub cmds: mpsc::Sender<Cmd>,
    pub updates: broadcast::Sender<Arc<Broadcast>>,
    pub info: Arc<Mutex<TableInfo>>,
}

struct Seat {
    spec: SeatSpec,
    name: String,
    token: Option<String>,
    connections: i32,
    bot: Option<BotSlot>,
}

struct BotSlot {
    /// `None` while the bot is thinking on a blocking thread.
    bot: Option<Box<Bot>>,
    thinking: Option<u64>,
    /// (fingerprint, due match ms, decision)
    planned: Option<(u64, u64, Decision)>,
}

struct Table {
    id: String,
    spec: TableSpec,
    seats: Vec<Seat>,
    m: Option<Arc<Match>>,
    version: u64,
    spectators: i32,
    /// The match clock is `base_ms + origin.elapsed()`.
    origin: Instant,
    base_ms: u64,
    store: Store,
    metrics: Arc<Metrics>,
    updates: broadcast::Sender<Arc<Broadcast>>,
    info: Arc<Mutex<TableInfo>>,
    cmds: mpsc::Sender<Cmd>,
    /// (player, task, stage, due) of each running timer and when it started.
    timer_starts: Vec<(TimerKey, u64)>,
}

type TimerKey = (usize, onsets_engine::Task, u8, u64);

/// Starts a table's task. `stored` is (seats taken, actions) for a table
/// restored from the store.
pub fn spawn(
    id: String,
    spec: TableSpec,
    store: Store,
    metrics: Arc<Metrics>,
    stored: Option<crate::store::StoredTable>,
) -> anyhow::Result<TableHandle> {
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
                SeatSpec::Bot { level } => bot_name(level),
            },
            token: None,
            connections: 0,
            bot: match s {
                SeatSpec::Human => None,
                SeatSpec::Bot { level } => {
                    let level: Level = level.parse().unwrap_or(Level::Club);
                    Some(BotSlot {
                        bot: Some(Box::new(Bot::new(
                            level,
                            i,
                            spec.seed ^ (0x5EA7 + i as u64),
                        ))),
                        thinking: None,
                        planned: None,
                    })
                }
            },
        })
        .collect();
    let mut t = Table {
        id: id.clone(),
        spec,
        seats,
        m: None,
        version: 0,
        spectators: 0,
        origin: Instant::now(),
        base_ms: 0,
        store,
        metrics,
        updates: updates.clone(),
        info: Arc::new(Mutex::new(placeholder_info(&id))),
        cmds: tx.clone(),
        timer_starts: Vec::new(),
    };
    if let Some(st) = stored {
        t.restore(st.seats, st.header, st.actions)?;
    }
    t.refresh_info();
    let handle = TableHandle {
        id,
        cmds: tx,
        updates,
        info: t.info.clone(),
    };
    tokio::spawn(t.run(rx));
    Ok(handle)
}

/// How many bots may think at once: one core fewer than the machine has
/// (at least one), leaving a core to the connections.
fn bot_slots() -> Arc<tokio::sync::Semaphore> {
    static SLOTS: std::sync::OnceLock<Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();
    SLOTS
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
            Arc::new(tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1)))
        })
        .clone()
}

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
        round_minutes: 0,
        checking: String::new(),
        seats: Vec::new(),
        status: TableStatus::Waiting,
        shake: 0,
        spectators: 0,
    }
}

fn rejected(
    reference: Option<u64>,
    code: &str,
    rule: &str,
    message: impl Into<String>,
    version: u64,
) -> ServerMsg {
    ServerMsg::Rejected {
        reference,
        code: code.into(),
        rule: rule.into(),
        message: message.into(),
        version,
    }
}

impl Table {
    fn clock(&self) -> u64 {
        self.base_ms + self.origin.elapsed().as_millis() as u64
    }

    fn status(&self) -> TableStatus {
        match &self.m {
            None => TableStatus::Waiting,
            Some(m) if m.phase == Phase::Over => TableStatus::Over,
            Some(_) => TableStatus::Playing,
        }
    }

    fn refresh_info(&mut self) {
        let info = TableInfo {
            id: self.id.clone(),
            link: format!("/t/{}", self.id),
            division: self.spec.division().name().to_string(),
            adventurous: self.spec.adventurous,
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
                    taken: s.bot.is_some() || s.token.is_some(),
                    connected: s.bot.is_some() || s.connections > 0,
                })
                .collect(),
            status: self.status(),
            shake: self.m.as_ref().map_or(0, |m| m.shake),
            spectators: self.spectators.max(0) as usize,
        };
        *self.info.lock().expect("table info lock") = info;
    }

    fn snapshot(&self, events: Vec<Event>) -> Arc<Broadcast> {
        let timer_starts = match &self.m {
            Some(m) => m
                .timers
                .iter()
                .map(|t| {
                    let key = (t.player, t.task, t.stage, t.due_ms);
                    self.timer_starts
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map_or(m.now_ms, |(_, s)| *s)
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
        })
    }

    /// Notes when each new timer started.
    fn track_timers(&mut self) {
        let Some(m) = &self.m else { return };
        let keys: Vec<TimerKey> = m
            .timers
            .iter()
            .map(|t| (t.player, t.task, t.stage, t.due_ms))
            .collect();
        self.timer_starts.retain(|(k, _)| keys.contains(k));
        for k in keys {
            if !self.timer_starts.iter().any(|(x, _)| *x == k) {
                self.timer_starts.push((k, m.now_ms));
            }
        }
    }

    fn broadcast(&mut self, events: Vec<Event>) {
        self.track_timers();
        self.refresh_info();
        let b = self.snapshot(events);
        let _ = self.updates.send(b);
    }

    /// Rebuilds the match from the stored log.
    fn restore(
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
            let config: MatchConfig = serde_json::from_str(&header)?;
            let (mut m, _) = Match::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
            for (i, a) in actions.iter().enumerate() {
                let action: Action = serde_json::from_str(a)?;
                m = m
                    .apply(action)
                    .map_err(|e| anyhow::anyhow!("table {}: action {}: {e}", self.id, i + 1))?
                    .0;
            }
            self.version = actions.len() as u64 + 1;
            self.base_ms = m.now_ms;
            self.origin = Instant::now();
            self.m = Some(Arc::new(m));
            self.track_timers();
        }
        Ok(())
    }

    fn full(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.bot.is_some() || s.token.is_some())
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.metrics.table_opened();
        // A table of bots only starts at once (and a table whose last seat
        // was taken just before a restart starts now).
        if self.m.is_none() && self.full() {
            self.start().await;
        }
        self.ask_bots();
        loop {
            let wake = self.next_wake();
            let cmd = match wake {
                Some(at) => tokio::select! {
                    c = rx.recv() => c,
                    _ = tokio::time::sleep_until(at) => {
                        self.on_wake().await;
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { break };
            self.handle(cmd).await;
        }
        self.metrics.table_closed();
    }

    /// When to wake: the engine's next deadline or a bot's planned act.
    fn next_wake(&self) -> Option<Instant> {
        let m = self.m.as_ref()?;
        if m.phase == Phase::Over {
            return None;
        }
        let mut due = m.next_deadline();
        for s in &self.seats {
            if let Some((_, at, _)) = s.bot.as_ref().and_then(|b| b.planned.as_ref()) {
                due = Some(due.map_or(*at, |d| d.min(*at)));
            }
        }
        let due = due?;
        let now = self.clock();
        Some(Instant::now() + Duration::from_millis(due.saturating_sub(now)))
    }

    async fn on_wake(&mut self) {
        let Some(m) = self.m.clone() else { return };
        let now = self.clock();
        // A bot whose time has come acts, if the table is as it saw it.
        let mut acted = false;
        for seat in 0..self.seats.len() {
            let planned = self.seats[seat]
                .bot
                .as_mut()
                .and_then(|b| match &b.planned {
                    Some((_, at, _)) if *at <= now => b.planned.take(),
                    _ => None,
                });
            if let Some((fp, _, d)) = planned {
                if View::new(&m, seat).fingerprint() == fp {
                    tracing::debug!(table = %self.id, seat, "bot: {}", d.explanation);
                    let _ = self.apply(d.act).await;
                    acted = true;
                    break;
                }
            }
        }
        if !acted {
            if let Some(dl) = m.next_deadline() {
                if dl <= now {
                    let before = self.version;
                    let _ = self.apply(Act::Clock).await;
                    if self.version == before {
                        // Nothing fell due after all: do not spin.
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            }
        }
        self.ask_bots();
    }

    /// Applies an act now. Writes it, then broadcasts.
    async fn apply(&mut self, act: Act) -> Result<u64, onsets_engine::Rejection> {
        let Some(m) = self.m.clone() else {
            return Err(onsets_engine::Rejection::new(
                "not-started",
                "X-D",
                "the match starts when every seat is taken",
            ));
        };
        let action = Action {
            at_ms: self.clock().max(m.now_ms),
            act,
        };
        let is_clock = action.act == Act::Clock;
        let (next, events) = m.apply(action.clone())?;
        if is_clock && events.is_empty() {
            return Ok(self.version);
        }
        let line = serde_json::to_string(&action).expect("actions serialize");
        if let Err(e) = self.store.append(&self.id, self.version, &line).await {
            tracing::error!(table = %self.id, "storing an action failed: {e:#}");
            return Err(onsets_engine::Rejection::new(
                "storage",
                "-",
                "the server could not record the action; nothing changed, try again",
            ));
        }
        let over = next.phase == Phase::Over && m.phase != Phase::Over;
        self.m = Some(Arc::new(next));
        self.version += 1;
        self.metrics.action();
        if over {
            tracing::info!(table = %self.id, version = self.version, "match over");
            if let Err(e) = self.store.set_status(&self.id, "over").await {
                tracing::error!(table = %self.id, "storing the status failed: {e:#}");
            }
        }
        self.broadcast(events);
        self.ask_bots();
        Ok(self.version)
    }

    /// Asks every idle bot whose view changed what it would do.
    fn ask_bots(&mut self) {
        let Some(m) = self.m.clone() else { return };
        if m.phase == Phase::Over {
            return;
        }
        for seat in 0..self.seats.len() {
            let Some(slot) = self.seats[seat].bot.as_mut() else {
                continue;
            };
            let fp = View::new(&m, seat).fingerprint();
            if slot.planned.as_ref().is_some_and(|p| p.0 == fp) || slot.thinking == Some(fp) {
                continue;
            }
            slot.planned = None;
            let Some(mut bot) = slot.bot.take() else {
                continue; // still thinking about an older table: asked again on return
            };
            slot.thinking = Some(fp);
            let m = m.clone();
            let tx = self.cmds.clone();
            let asked_ms = m.now_ms.max(self.clock());
            tokio::spawn(async move {
                // Bots think on blocking threads, a few at a time, so the
                // players' acts never wait for a solver (`bot_slots`).
                let Ok(permit) = bot_slots().acquire_owned().await else {
                    return;
                };
                let _ = tokio::task::spawn_blocking(move || {
                    let decision = bot.decide(&View::new(&m, seat), asked_ms);
                    drop(permit);
                    let _ = tx.blocking_send(Cmd::BotDecided {
                        seat,
                        fingerprint: fp,
                        asked_ms,
                        bot,
                        decision,
                    });
                })
                .await;
            });
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { name, seat, reply } => {
                let r = self.join(name, seat).await;
                let _ = reply.send(r);
            }
            Cmd::Rejoin { token, reply } => {
                let r = self
                    .seats
                    .iter()
                    .position(|s| s.token.as_deref() == Some(token.as_str()))
                    .map(|i| (i, token.clone(), self.seats[i].name.clone()))
                    .ok_or_else(|| {
                        crate::protocol::error(
                            "bad-token",
                            "no seat at this table has that token",
                            Some("token"),
                        )
                    });
                let _ = reply.send(r);
            }
            Cmd::Presence { seat, delta } => {
                match seat {
                    Some(s) if s < self.seats.len() => self.seats[s].connections += delta,
                    Some(_) => {}
                    None => self.spectators += delta,
                }
                self.broadcast(Vec::new());
            }
            Cmd::Act {
                token,
                reference,
                version,
                act,
                reply,
            } => {
                let msg = self.act(token, reference, version, act).await;
                let _ = reply.send(msg);
            }
            Cmd::Snapshot { reply } => {
                self.refresh_info();
                let _ = reply.send(self.snapshot(Vec::new()));
            }
            Cmd::BotDecided {
                seat,
                fingerprint,
                asked_ms,
                bot,
                decision,
            } => {
                let pace = self.spec.bot_pace as u64;
                if let Some(slot) = self.seats.get_mut(seat).and_then(|s| s.bot.as_mut()) {
                    slot.bot = Some(bot);
                    slot.thinking = None;
                    if let Some(d) = decision {
                        let due = asked_ms + d.think_ms * pace / 100;
                        slot.planned = Some((fingerprint, due, d));
                    }
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
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > 24 || name.chars().any(char::is_control) {
            return Err(crate::protocol::error(
                "bad-name",
                "a name is 1 to 24 printable characters",
                Some("name"),
            ));
        }
        let free = |s: &Seat| s.spec == SeatSpec::Human && s.token.is_none();
        let seat = match seat {
            Some(i) => match self.seats.get(i) {
                None => {
                    return Err(crate::protocol::error(
                        "no-such-seat",
                        format!("the table has seats 0 to {}", self.seats.len() - 1),
                        Some("seat"),
                    ))
                }
                Some(s) if !free(s) => {
                    return Err(crate::protocol::error(
                        "seat-taken",
                        format!("seat {i} is taken"),
                        Some("seat"),
                    ))
                }
                Some(_) => i,
            },
            None => self.seats.iter().position(free).ok_or_else(|| {
                crate::protocol::error(
                    "table-full",
                    "every seat at this table is taken; you may spectate",
                    None,
                )
            })?,
        };
        let token = uuid::Uuid::new_v4().simple().to_string();
        if let Err(e) = self.store.set_seat(&self.id, seat, &name, &token).await {
            tracing::error!(table = %self.id, "storing a seat failed: {e:#}");
            return Err(crate::protocol::error(
                "storage",
                "the server could not record the seat; try again",
                None,
            ));
        }
        self.seats[seat].name = name.clone();
        self.seats[seat].token = Some(token.clone());
        if self
            .seats
            .iter()
            .all(|s| s.bot.is_some() || s.token.is_some())
            && self.m.is_none()
        {
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
        let (m, events) = match Match::new(config.clone()) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(table = %self.id, "the match cannot start: {e}");
                return;
            }
        };
        let header = serde_json::to_string(&config).expect("configs serialize");
        if let Err(e) = self.store.start(&self.id, &header).await {
            tracing::error!(table = %self.id, "storing the match header failed: {e:#}");
            return;
        }
        self.origin = Instant::now();
        self.base_ms = 0;
        self.m = Some(Arc::new(m));
        self.version = 1;
        tracing::info!(table = %self.id, players = ?config.players, "match started");
        self.broadcast(events);
        self.ask_bots();
    }

    async fn act(
        &mut self,
        token: String,
        reference: Option<u64>,
        version: Option<u64>,
        act: serde_json::Value,
    ) -> ServerMsg {
        let v = self.version;
        let Some(seat) = self
            .seats
            .iter()
            .position(|s| s.spec == SeatSpec::Human && s.token.as_deref() == Some(token.as_str()))
        else {
            return rejected(
                reference,
                "bad-token",
                "I-A",
                "that token holds no seat at this table: only a seated player acts",
                v,
            );
        };
        if let Some(sent) = version {
            if sent != v {
                return rejected(
                    reference,
                    "stale",
                    "-",
                    format!("the act was meant for version {sent}; the table is at version {v}: look again"),
                    v,
                );
            }
        }
        let act = match crate::protocol::read_act(seat, act) {
            Ok(a) => a,
            Err((code, rule, message)) => return rejected(reference, code, rule, message, v),
        };
        match self.apply(act).await {
            Ok(version) => ServerMsg::Accepted { reference, version },
            Err(r) => rejected(reference, r.code, r.rule, r.message, self.version),
        }
    }
}
