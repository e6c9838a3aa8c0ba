//! One table of any rule edition: a task (an actor) that owns the table's
//! game and applies, one at a time and in order of arrival, the acts of its
//! players, its bots and its clock. Every edition is hosted by this one
//! actor ([`Hosted`]): one run loop, one store path, one privacy filter per
//! edition (the engine's, read in `crate::ws`), one seat and session
//! handling; what differs is the edition's part, in [`matches`] (2026-27,
//! 2019-20: the engine's `Match`, its timers and the `onsets-bots` driver)
//! and [`m69`] (1969: the engine's `manual1969::Game` with its seats and
//! bots, `crate::tables::game1969::Table1969`).
//!
//! * The engine is the only authority: every act goes through the engine
//!   (`Match::apply`, `Game::apply`), run on the judging pool
//!   ([`crate::pool::judge`]) so that no table's task ever holds a tokio
//!   worker for CPU work (the checker, the solver); a rejection carries the
//!   engine's code and rule.
//! * Arrival order at this task decides races (the challenge block, V-B).
//! * Every change is written to the store before it is broadcast; if the
//!   write fails the change is undone (not applied) and refused with
//!   `storage`.
//! * Timers: the task sleeps until the edition's next wake (a 2026-27
//!   time limit, XI, or a bot's act; the 1969 bots' challenge window) and
//!   applies it. After a restart the clock resumes from the last logged
//!   action: time while the server was down is not counted against anyone.
//!   Every frame carries the clock as it is when the frame is made
//!   ([`Clock`]).
//! * Presence (who is connected, spectators) is sent as a small `presence`
//!   frame, at most every [`PRESENCE_EVERY`], never as a full update.
//! * Lifecycle: a table where no player has been connected for
//!   [`Config::abandon_after`] leaves memory (a 2026-27 one is archived as
//!   abandoned; a 1969 one stays playable and is loaded again by its id); a
//!   finished one leaves memory when nobody has watched it for
//!   [`Config::idle_after_over`]. Both stay in the database and are loaded
//!   again, read-only, to be watched as replays.

mod m69;
mod matches;

pub(crate) use m69::spawn as spawn_1969;
pub use m69::{
    load as load_1969, store_new as store_new_1969, view_for, Frame69, Setup69, CHANNEL_1969,
};

use crate::api::ApiCode;
use crate::config::Config;
use crate::metrics::Metrics;
use crate::pool::Lane;
use crate::protocol::{SeatInfo, SeatKind, ServerMsg, TableAct, TableInfo, TableStatus};
use crate::store::news::News;
use crate::store::Store;
use onsets_bots::{Answer, Level};
use onsets_core::{Division, Edition};
use onsets_engine::manual1969::Event1969;
use onsets_engine::{CheckingMode, Event, Match};
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

/// A seat of a table as created and stored: a person's, or a bot of a
/// level (`{"kind":"bot","level":"club"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TableSeat {
    Human,
    Bot {
        #[serde(with = "by_name::level")]
        level: Level,
    },
}

/// A 2026-27 or 2019-20 table as created (stored as JSON, its settings by
/// their names as `POST /api/tables` takes them; `docs/protocol.md`,
/// "Lobby"), every setting the engine's or the bots' own type, read when
/// the request is checked ([`crate::lobby::CreateTable::spec`]) or the
/// stored table is read (an unreadable one is not restored).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSpec {
    #[serde(with = "by_name::division")]
    pub division: Division,
    pub adventurous: bool,
    /// The rules (docs/editions.md): `2026-27` (absent in specs stored
    /// before it) or `2019-20`.
    #[serde(
        default,
        with = "by_name::edition",
        skip_serializing_if = "is_tournament"
    )]
    pub edition: Edition,
    pub seats: Vec<TableSeat>,
    pub round_minutes: u32,
    /// `judge` or `players` (VII-C).
    pub checking: CheckingMode,
    pub seed: u64,
    /// Bots' think time in real time, in percent of the think time they
    /// choose (100: human-like; 0: at once).
    pub bot_pace: u32,
    /// Per seat, the name given when the table was made (empty: none; a
    /// bot's shown as "Name (bot)"; docs/protocol.md, "Named and reserved
    /// seats").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<Option<String>>,
    /// Per seat, the SHA-256 ([`key_digest`]) of the key that alone takes
    /// that person's seat (empty: no seat is reserved).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<Option<String>>,
}

/// The digest a reserved seat keeps of its key (SHA-256, hex).
pub fn key_digest(key: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn tournament() -> String {
    Edition::default().name().to_string()
}

fn is_tournament(e: &Edition) -> bool {
    *e == Edition::default()
}

/// The stored names of a table's settings (`senior`, `2019-20`, `club`).
mod by_name {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub mod division {
        use super::*;
        use onsets_core::Division;
        pub fn serialize<S: Serializer>(d: &Division, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&d.name().to_lowercase())
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Division, D::Error> {
            String::deserialize(d)?.parse().map_err(D::Error::custom)
        }
    }

    pub mod edition {
        use super::*;
        use onsets_core::Edition;
        pub fn serialize<S: Serializer>(e: &Edition, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(e.name())
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Edition, D::Error> {
            let name = String::deserialize(d)?;
            Edition::from_parts(&name, None).map_err(D::Error::custom)
        }
    }

    pub mod level {
        use super::*;
        use onsets_bots::Level;
        pub fn serialize<S: Serializer>(l: &Level, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(l.name())
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
            String::deserialize(d)?.parse().map_err(D::Error::custom)
        }
    }
}

impl TableSpec {
    /// `judge` or `players`, as `TableInfo` names it.
    pub fn checking_name(&self) -> &'static str {
        match self.checking {
            CheckingMode::Judge => "judge",
            CheckingMode::Players => "players",
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

/// The events of one change, as the table's edition made them.
#[derive(Clone, Debug)]
pub enum Events {
    /// 2026-27 and 2019-20.
    Match(Vec<Event>),
    /// 1969.
    M69(Vec<Event1969>),
}

impl Events {
    pub fn is_empty(&self) -> bool {
        match self {
            Events::Match(e) => e.is_empty(),
            Events::M69(e) => e.is_empty(),
        }
    }
}

/// The events of one applied change, kept for the history of `state`.
#[derive(Clone, Debug)]
pub struct Recent {
    /// The table's version after the change.
    pub version: u64,
    /// The shake the events belong to (the match's shake after them; the
    /// play at a 1969 table).
    pub shake: u32,
    pub events: Events,
}

/// What a table broadcasts after every change.
#[derive(Debug)]
pub struct Broadcast {
    pub info: TableInfo,
    pub version: u64,
    /// The events of the change (empty in snapshots).
    pub events: Events,
    /// A 2026-27 or 2019-20 table's match, once started.
    pub m: Option<Arc<Match>>,
    /// When each of `m.timers()` started (match ms).
    pub timer_starts: Vec<u64>,
    pub clock: Clock,
    /// The history (snapshots only; empty in updates).
    pub recent: Vec<Recent>,
    /// A 1969 table's game (`m` is `None` then).
    pub game69: Option<Arc<Frame69>>,
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
        /// The seat's token when the client's join key gave it
        /// (`crate::ws::keyed_token`); a fresh one otherwise.
        token: Option<String>,
        /// The key of a reserved seat (docs/protocol.md, "Named and
        /// reserved seats").
        key: Option<String>,
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
    /// The seat a person's token holds (`None`: no seat has it); the HTTP
    /// alias of 1969 tables reads an act for that seat.
    SeatOf {
        token: String,
        reply: oneshot::Sender<Option<usize>>,
    },
    /// Another instance changed this table in the store: it is read again
    /// (a 1969 table; docs/protocol.md, "1969 tables").
    Reload,
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

/// A seat as the actor holds it, at a table of any edition.
pub(crate) struct Seat {
    kind: SeatKind,
    /// A bot's level (`beginner` … `expert`; `careful` or `careless` at a
    /// 1969 table).
    level: Option<String>,
    name: String,
    /// A person's seat token, once taken.
    token: Option<String>,
    connections: i32,
}

impl Seat {
    fn bot(&self) -> bool {
        self.kind == SeatKind::Bot
    }
    fn human(&self) -> bool {
        self.kind == SeatKind::Human
    }
}

/// The game of a table, by edition: what the one actor hosts.
// One per table, never moved once hosted: the match's game is the table's
// main state (a 1969 game is boxed).
#[allow(clippy::large_enum_variant)]
pub(crate) enum Hosted {
    Match(matches::MatchGame),
    M69(Box<m69::Game69>),
}

/// The tables an instance holds, as a table's task sees them (the lobby's
/// `Registry`): a serial for each task, the task's leaving, the instance's
/// name in its notifications to the others.
pub trait TableRegistry: Send + Sync {
    fn next_serial(&self) -> u64;
    /// A table's task ends: its handle goes (if it is still this one).
    fn remove(&self, id: &str, serial: u64);
    fn instance(&self) -> &str;
}

/// What [`spawn`] needs.
pub struct Setup {
    pub id: String,
    pub spec: TableSpec,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub registry: Arc<dyn TableRegistry>,
    pub config: Arc<Config>,
    /// A table restored from the store.
    pub stored: Option<crate::store::StoredTable>,
    /// A finished or abandoned table loaded to be watched: nothing runs.
    pub archived: bool,
    /// Tournament pages to tell when an event's online table is over.
    pub news: News,
    /// The table's writes, fenced by its lease (docs/scaling.md, "Leases").
    pub held: crate::lease::Held,
}

/// A refusal of an act: (code, rule, message) of a `rejected` frame.
pub(crate) type Refused = (&'static str, String, String);

pub(crate) struct Table {
    id: String,
    serial: u64,
    seats: Vec<Seat>,
    game: Hosted,
    version: u64,
    spectators: i32,
    store: Store,
    metrics: Arc<Metrics>,
    registry: Arc<dyn TableRegistry>,
    config: Arc<Config>,
    news: News,
    /// The table's writes, fenced by its lease (docs/scaling.md, "Leases").
    held: crate::lease::Held,
    /// Another instance took the table over: it stops here, unwritten.
    moved: bool,
    updates: broadcast::Sender<Out>,
    info: Arc<Mutex<TableInfo>>,
    cmds: mpsc::Sender<Cmd>,
    recent: VecDeque<Recent>,
    archived: bool,
    /// The stored status was `abandoned`.
    abandoned: bool,
    /// A presence frame is due at this instant.
    presence_due: Option<Instant>,
    /// Since when no player (for a table of bots: nobody) is connected.
    alone_since: Option<Instant>,
    /// Since when no connection at all is open.
    empty_since: Option<Instant>,
}

/// What every table's task starts with, whatever its edition.
struct Common {
    id: String,
    store: Store,
    metrics: Arc<Metrics>,
    registry: Arc<dyn TableRegistry>,
    config: Arc<Config>,
    news: News,
    held: crate::lease::Held,
    archived: bool,
}

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
    let (game, seats) = matches::MatchGame::new(spec);
    let common = Common {
        id,
        store,
        metrics,
        registry,
        config,
        news,
        held,
        archived,
    };
    let mut t = Table::new(common, Hosted::Match(game), seats);
    if let Some(st) = stored {
        t.abandoned = st.status == "abandoned";
        t.restore_match(st.seats, st.header, st.actions).await?;
    }
    Ok(t.launch())
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
        plays_in_game: None,
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

fn table_full() -> ServerMsg {
    crate::protocol::error(
        ApiCode::TableFull,
        "every seat at this table is taken; you may spectate",
        None,
    )
}

fn storage_error(what: &str) -> ServerMsg {
    crate::protocol::error(
        ApiCode::Storage,
        format!("the server could not record the {what}; try again"),
        None,
    )
}

impl Table {
    fn new(c: Common, game: Hosted, seats: Vec<Seat>) -> Table {
        let (cmds, _) = mpsc::channel(1);
        let (updates, _) = broadcast::channel(64);
        let now = Instant::now();
        Table {
            serial: c.registry.next_serial(),
            info: Arc::new(Mutex::new(placeholder_info(&c.id))),
            id: c.id,
            seats,
            game,
            version: 0,
            spectators: 0,
            store: c.store,
            metrics: c.metrics,
            registry: c.registry,
            config: c.config,
            news: c.news,
            held: c.held,
            moved: false,
            updates,
            cmds,
            recent: VecDeque::new(),
            archived: c.archived,
            abandoned: false,
            presence_due: None,
            alone_since: Some(now),
            empty_since: Some(now),
        }
    }

    /// Starts the task: its handle.
    fn launch(mut self) -> TableHandle {
        let (tx, rx) = mpsc::channel(256);
        self.cmds = tx.clone();
        self.refresh_info();
        let handle = TableHandle {
            id: self.id.clone(),
            serial: self.serial,
            cmds: tx,
            updates: self.updates.clone(),
            info: self.info.clone(),
        };
        tokio::spawn(self.run(rx));
        handle
    }

    /// Tables of bots only yield to tables with people on the pools.
    fn lane(&self) -> Lane {
        if self.has_humans() {
            Lane::First
        } else {
            Lane::Yielding
        }
    }

    fn started(&self) -> bool {
        match &self.game {
            Hosted::Match(g) => g.m.is_some(),
            Hosted::M69(g) => !g.t.waiting(),
        }
    }

    fn over(&self) -> bool {
        match &self.game {
            Hosted::Match(g) => g.over(),
            Hosted::M69(g) => g.t.game.is_over(),
        }
    }

    fn status(&self) -> TableStatus {
        if self.over() {
            TableStatus::Over
        } else if self.abandoned {
            TableStatus::Abandoned
        } else if !self.started() {
            TableStatus::Waiting
        } else {
            TableStatus::Playing
        }
    }

    /// The shake (the 1969 play) under way.
    fn shake(&self) -> u32 {
        match &self.game {
            Hosted::Match(g) => g.m.as_ref().map_or(0, |m| m.shake()),
            Hosted::M69(g) => g.t.game.play(),
        }
    }

    fn clock_state(&self) -> Clock {
        match &self.game {
            Hosted::Match(g) => g.clock_state(self.archived),
            Hosted::M69(g) => g.clock_state(),
        }
    }

    fn has_humans(&self) -> bool {
        self.seats.iter().any(Seat::human)
    }

    fn players_connected(&self) -> i32 {
        self.seats
            .iter()
            .filter(|s| s.human())
            .map(|s| s.connections.max(0))
            .sum()
    }

    fn connections(&self) -> i32 {
        self.players_connected() + self.spectators.max(0)
    }

    fn full(&self) -> bool {
        self.seats.iter().all(|s| s.bot() || s.token.is_some())
    }

    fn refresh_info(&mut self) {
        let mut info = TableInfo {
            id: self.id.clone(),
            link: format!("/t/{}", self.id),
            division: String::new(),
            adventurous: false,
            edition: tournament(),
            round_minutes: 0,
            checking: String::new(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i,
                    name: s.name.clone(),
                    kind: s.kind,
                    level: s.level.clone(),
                    taken: s.bot() || s.token.is_some(),
                    connected: s.bot() || s.connections > 0,
                })
                .collect(),
            status: self.status(),
            shake: self.shake(),
            spectators: self.spectators.max(0) as usize,
            seed_commitment: None,
            form: None,
            plays_in_game: None,
        };
        match &self.game {
            Hosted::Match(g) => g.describe(&mut info),
            Hosted::M69(g) => g.describe(&mut info),
        }
        *self.info.lock().expect("table info lock") = info;
    }

    fn snapshot(&self, events: Events, with_recent: bool) -> Arc<Broadcast> {
        let (m, timer_starts, game69) = match &self.game {
            Hosted::Match(g) => (g.m.clone(), g.timer_starts(), None),
            Hosted::M69(g) => (None, Vec::new(), Some(g.frame())),
        };
        Arc::new(Broadcast {
            info: self.info.lock().expect("table info lock").clone(),
            version: self.version,
            events,
            m,
            timer_starts,
            clock: self.clock_state(),
            recent: if with_recent {
                self.recent.iter().cloned().collect()
            } else {
                Vec::new()
            },
            game69,
        })
    }

    fn no_events(&self) -> Events {
        match &self.game {
            Hosted::Match(_) => Events::Match(Vec::new()),
            Hosted::M69(_) => Events::M69(Vec::new()),
        }
    }

    fn remember(&mut self, events: &Events) {
        if events.is_empty() {
            return;
        }
        self.recent.push_back(Recent {
            version: self.version,
            shake: self.shake(),
            events: events.clone(),
        });
        while self.recent.len() > RECENT {
            self.recent.pop_front();
        }
    }

    /// A change is stored and applied: the version goes up, the events are
    /// kept for the history and broadcast.
    fn changed(&mut self, events: Events) {
        self.version += 1;
        self.metrics.action();
        self.remember(&events);
        self.broadcast(events);
    }

    /// A full update (it carries the presence too).
    fn broadcast(&mut self, events: Events) {
        if let Hosted::Match(g) = &mut self.game {
            g.track_timers();
        }
        self.refresh_info();
        self.presence_due = None;
        let b = self.snapshot(events, false);
        let _ = self.updates.send(Out::Update(b));
    }

    fn send_presence(&mut self) {
        self.presence_due = None;
        self.refresh_info();
        let clock = match &self.game {
            Hosted::Match(g) => g.m.as_ref().map(|_| self.clock_state()),
            Hosted::M69(g) => Some(g.clock_state()),
        };
        let p = Presence {
            table: self.id.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (i, s.bot() || s.connections > 0))
                .collect(),
            spectators: self.spectators.max(0) as usize,
            clock,
        };
        let _ = self.updates.send(Out::Presence(Arc::new(p)));
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
            Cmd::Join {
                name,
                seat,
                token,
                key,
                reply,
            } => {
                let r = if self.archived {
                    Err(archived_error())
                } else {
                    match self.reserved_seat(seat, key.as_deref()) {
                        Ok((seat, Some(named))) => self.join(named, seat, token).await,
                        Ok((seat, None)) => self.join(name, seat, token).await,
                        Err(e) => Err(e),
                    }
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
                self.refresh_info();
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
                let _ = reply.send(self.snapshot(self.no_events(), true));
            }
            Cmd::BotDecided { answer } => self.bot_decided(*answer),
            Cmd::SeatOf { token, reply } => {
                let seat = self
                    .seats
                    .iter()
                    .position(|s| s.human() && s.token.as_deref() == Some(token.as_str()));
                let _ = reply.send(seat);
            }
            Cmd::Reload => self.reload_69().await,
            // The lease went to another instance (crate::lease::watch).
            Cmd::Moved => self.moved = true,
        }
    }

    /// The seat a `join` may take at a table of reserved seats, and the
    /// name its player plays under (the seat's own, when it has one;
    /// docs/protocol.md, "Named and reserved seats"): with a key, the seat
    /// it reserves (`seat`, if given, must be that one); without one (or
    /// with a key that reserves no seat: the client's own join key), `seat`
    /// unless it is reserved, else the first free seat not reserved. A
    /// reserved seat asked without its key is refused `seat-reserved`. A
    /// table without reservations is as before.
    #[allow(clippy::result_large_err)] // the refusal is the frame sent, built once
    fn reserved_seat(
        &self,
        seat: Option<usize>,
        key: Option<&str>,
    ) -> Result<(Option<usize>, Option<String>), ServerMsg> {
        let Hosted::Match(g) = &self.game else {
            return Ok((seat, None));
        };
        let named = |i: usize| g.spec.names.get(i).cloned().flatten();
        let reserved = |i: usize| g.spec.keys.get(i).is_some_and(Option::is_some);
        let refuse = |m: String| crate::protocol::error(ApiCode::SeatReserved, m, Some("key"));
        // A key that reserves a seat takes that seat; any other key (the
        // client's own join key, docs/protocol.md "Joining again with a
        // key") reserves nothing and joins as without one.
        let digest = key.map(key_digest);
        let reserving = digest.as_ref().and_then(|d| {
            g.spec
                .keys
                .iter()
                .position(|k| k.as_deref() == Some(d.as_str()))
        });
        if let Some(at) = reserving {
            if let Some(other) = seat.filter(|s| *s != at) {
                return Err(refuse(format!(
                    "your key reserves seat {at}, not seat {other}"
                )));
            }
            return Ok((Some(at), named(at)));
        }
        let free = |i: usize| {
            self.seats
                .get(i)
                .is_some_and(|s| s.human() && s.token.is_none())
        };
        let at = match seat {
            Some(i) if reserved(i) => {
                return Err(refuse(format!(
                    "seat {i} is reserved for its player: open the link they were given, or sign in as them"
                )))
            }
            Some(i) => Some(i),
            None => match (0..self.seats.len()).find(|i| free(*i) && !reserved(*i)) {
                Some(i) => Some(i),
                None if (0..self.seats.len()).any(|i| free(i) && reserved(i)) => {
                    return Err(refuse(
                        "every free seat at this table is reserved for its player".into(),
                    ))
                }
                None => None,
            },
        };
        Ok((at, at.and_then(named)))
    }

    /// A person takes a seat: the name checked, the seat chosen (`seat`, or
    /// the first free one), stored by the edition, then the table goes on.
    async fn join(
        &mut self,
        name: String,
        seat: Option<usize>,
        token: Option<String>,
    ) -> SeatReply {
        let free = |s: &Seat| s.human() && s.token.is_none();
        // A person who joins a 1969 table without a name plays as the
        // seat's "Player {n}".
        let name = match (
            &self.game,
            seat.or_else(|| self.seats.iter().position(free)),
        ) {
            (Hosted::M69(_), Some(at)) if name.trim().is_empty() => format!("Player {}", at + 1),
            (Hosted::M69(_), None) if name.trim().is_empty() => return Err(table_full()),
            _ => name,
        };
        let name = crate::text::normalize_name(&name)
            .map_err(|m| crate::protocol::error(ApiCode::BadName, m, Some("name")))?;
        let taken: Vec<&str> = self
            .seats
            .iter()
            .filter(|s| s.bot() || s.token.is_some())
            .map(|s| s.name.as_str())
            .collect();
        crate::text::distinct_name(&name, &taken)
            .map_err(|m| crate::protocol::error(ApiCode::NameTaken, m, Some("name")))?;
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
            None => self.seats.iter().position(free).ok_or_else(table_full)?,
        };
        let token = match &self.game {
            Hosted::Match(_) => self.seat_match(seat, &name, token).await?,
            Hosted::M69(_) => self.seat_69(seat, &name).await?,
        };
        self.seats[seat].name = name.clone();
        self.seats[seat].token = Some(token.clone());
        match &self.game {
            Hosted::Match(g) if self.full() && g.m.is_none() => self.start().await,
            Hosted::Match(_) => self.broadcast(Events::Match(Vec::new())),
            Hosted::M69(_) => {}
        }
        Ok((seat, token, name))
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
            .position(|s| s.human() && s.token.as_deref() == Some(token.as_str()))
        else {
            return rejected(
                reference,
                ApiCode::BadToken,
                "I-A",
                "that token holds no seat at this table: only a seated player acts",
                v,
            );
        };
        if let Some(sent) = version.filter(|s| *s != v) {
            return rejected(
                reference,
                ApiCode::Stale,
                "-",
                format!(
                    "the act was meant for version {sent}; the table is at version {v}: look again"
                ),
                v,
            );
        }
        if !act.is_for(seat) {
            return rejected(
                reference,
                ApiCode::WrongSeat,
                "I-A",
                format!("you play seat {seat} and act for no one else"),
                v,
            );
        }
        let done = match (&self.game, act) {
            (Hosted::Match(_), TableAct::Match(a)) => self.act_match(a).await,
            (Hosted::M69(_), TableAct::M69(mv)) => self.act_69(seat, mv).await,
            (Hosted::Match(_), TableAct::M69(_)) => Err((
                ApiCode::BadAct.as_str(),
                "-".into(),
                "this table plays the 2026-27 or 2019-20 rules: send one of their acts".into(),
            )),
            (Hosted::M69(_), TableAct::Match(_)) => Err((
                ApiCode::BadAct.as_str(),
                "-".into(),
                "this is a 1969 table: send a 1969 act (docs/protocol.md, \"1969 tables\")".into(),
            )),
        };
        match done {
            Ok(()) => ServerMsg::Accepted {
                reference,
                version: self.version,
            },
            Err((code, rule, message)) => ServerMsg::Rejected {
                reference,
                code: code.into(),
                rule,
                message,
                version: self.version,
            },
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.metrics.table_opened();
        // A table of bots only starts at once (and a table whose last seat
        // was taken just before a restart starts now).
        if !self.archived && !self.started() && self.full() {
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

    /// The table leaves memory: a 2026-27 one is archived in the database
    /// (finished ones are already `over`; a 1969 one stays as stored, to be
    /// loaded again by its id), its handle removed; connections still here
    /// are told. A table taken over by another instance (docs/scaling.md,
    /// "Leases") writes nothing and tells its connections to reconnect.
    async fn close(&mut self) {
        if self.moved {
            self.registry.remove(&self.id, self.serial);
            let _ = self.updates.send(Out::Moved);
            return;
        }
        let archives = matches!(self.game, Hosted::Match(_));
        if archives && !self.archived && self.status() != TableStatus::Over {
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

    /// When to wake: the edition's next wake (a time limit, a bot's planned
    /// act, the end of a challenge window), a presence frame, or the time to
    /// leave memory.
    fn next_wake(&self) -> Option<Instant> {
        let mut at = self.leaves_at();
        let mut at_min = |x: Instant| at = Some(at.map_or(x, |a: Instant| a.min(x)));
        if let Some(p) = self.presence_due {
            at_min(p);
        }
        if !self.archived {
            let edition = match &self.game {
                Hosted::Match(g) => g.wake_at(),
                Hosted::M69(g) => g.wake_at(),
            };
            if let Some(x) = edition {
                at_min(x);
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
        match &self.game {
            Hosted::Match(_) => self.wake_match(instant).await,
            Hosted::M69(_) => self.wake_69().await,
        }
        false
    }
}
