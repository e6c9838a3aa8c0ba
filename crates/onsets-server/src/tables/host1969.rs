//! The one table host for a 1969 game (M69 §§2–3): a task that owns the
//! table ([`Table1969`]: the game, its seats, its bots) and answers the same
//! commands ([`Cmd`]) and sends the same frames ([`Out`]) as a 2026-27
//! table, so that one WebSocket session (`crate::ws`) plays every edition
//! (docs/protocol.md, "1969 tables").
//!
//! * The game is the only authority: every act goes through the engine
//!   (on the judging pool, [`crate::pool::judge`]), then the bots act.
//! * Every change is stored (migration 0021's `tables1969`, its seats and
//!   log, `crate::store::tables1969`) before anyone hears of it; a change
//!   that cannot be stored is not applied and refused with `storage`.
//! * The seats' `legal` lists (the engine's [`Rules::legal_for`]) are made
//!   once per change, on the pool, and sent in every view.
//! * The bots' challenge window (the person may challenge a bot's play,
//!   3.6) is a timer of this task: it wakes when the window closes.
//! * Lifecycle: a table nobody is connected to for [`Config::abandon_after`]
//!   (over: [`Config::idle_after_over`]) leaves memory; it stays stored and
//!   is loaded again by its id ([`load`]).

use super::game1969::{Fail, Move1969, Table1969};
use crate::lobby::{ApiCode, Config, Registry};
use crate::metrics::Metrics;
use crate::pool::{self, Lane};
use crate::protocol::{error, SeatInfo, SeatKind, ServerMsg, TableAct, TableInfo};
use crate::store::Store;
use crate::table::{Broadcast, Clock, Cmd, Out, Presence, SeatReply, TableHandle, PRESENCE_EVERY};
use onsets_engine::manual1969::{Act1969, DefaultClaims, Event1969, Game};
use onsets_engine::Rules;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc};
use tokio::time::{Duration, Instant};

/// The events of one change, kept for the history of `state`.
#[derive(Clone, Debug)]
pub struct Recent69 {
    pub version: u64,
    /// The play the events belong to.
    pub play: u32,
    pub events: Vec<Event1969>,
}

/// A 1969 table's game in a [`Broadcast`].
#[derive(Debug)]
pub struct Frame69 {
    pub game: Game,
    /// Per seat: its legal acts now.
    pub legal: Vec<Vec<Act1969>>,
    /// The bots wait for the people's challenge window.
    pub bots_waiting: bool,
    /// The events of the change (updates) or the history (snapshots).
    pub events: Vec<Event1969>,
    pub recent: Vec<Recent69>,
}

/// What [`spawn`] needs.
pub struct Setup69 {
    pub table: Table1969,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub registry: Arc<Registry>,
    pub config: Arc<Config>,
    /// The table's writes, fenced by its lease (docs/scaling.md, "Leases").
    pub held: crate::lease::Held,
}

struct Host {
    id: String,
    serial: u64,
    t: Table1969,
    version: u64,
    /// Per seat: open connections.
    conns: Vec<i32>,
    spectators: i32,
    legal: Vec<Vec<Act1969>>,
    recent: VecDeque<Recent69>,
    metrics: Arc<Metrics>,
    registry: Arc<Registry>,
    config: Arc<Config>,
    updates: broadcast::Sender<Out>,
    info: Arc<Mutex<TableInfo>>,
    presence_due: Option<Instant>,
    /// Since when nobody is connected.
    empty_since: Option<Instant>,
    held: crate::lease::Held,
    /// Another instance took the table over: it stops here, unwritten.
    moved: bool,
}

/// The legal acts of every seat.
fn legal_all(g: &Game) -> Vec<Vec<Act1969>> {
    (0..g.n()).map(|p| g.legal_for(p)).collect()
}

/// Loads a stored 1969 table hosted here (`None`: no such row, one of the
/// HTTP alias's, or a log that does not replay).
pub async fn load(store: &Store, id: &str) -> anyhow::Result<Option<Table1969>> {
    let Some((seats, log)) = crate::store::tables1969::load(store, id).await? else {
        return Ok(None);
    };
    let owned = id.to_string();
    let restored = pool::judge()
        .run(Lane::First, move || {
            Table1969::restore(&owned, &seats, &log)
        })
        .await;
    match restored {
        Some(Ok(t)) if t.ws => Ok(Some(t)),
        Some(Ok(_)) => Ok(None),
        Some(Err(e)) => {
            tracing::error!(table = %id, "a stored 1969 table does not replay: {e}");
            Ok(None)
        }
        None => Ok(None),
    }
}

/// Stores a new table (before it is announced).
pub async fn store_new(store: &Store, t: &Table1969) -> anyhow::Result<()> {
    crate::store::tables1969::save(store, &t.id, &t.stored_seats(), &t.game.log()).await
}

/// Starts a 1969 table's task.
pub async fn spawn(setup: Setup69) -> TableHandle {
    let Setup69 {
        table,
        // Its writes go through `held`.
        store: _,
        metrics,
        registry,
        config,
        held,
    } = setup;
    let (tx, rx) = mpsc::channel(256);
    let (updates, _) = broadcast::channel(64);
    let serial = registry.next_serial();
    let mut t = table;
    let first = t.take_fresh();
    let g = t.game.clone();
    let legal = pool::judge()
        .run(Lane::First, move || legal_all(&g))
        .await
        .unwrap_or_default();
    let n = t.game.n();
    let mut host = Host {
        id: t.id.clone(),
        serial,
        version: t.game.log_actions().len() as u64 + 1,
        conns: vec![0; n],
        spectators: 0,
        legal,
        recent: VecDeque::new(),
        metrics,
        registry,
        config,
        updates: updates.clone(),
        info: Arc::new(Mutex::new(info_of(&t, &[], 0))),
        presence_due: None,
        empty_since: Some(Instant::now()),
        held,
        moved: false,
        t,
    };
    // The history so far: the start (a new table) or the last events
    // replayed (a stored one).
    drop(first);
    let events = host.t.events.clone();
    host.remember(events);
    host.refresh_info();
    let handle = TableHandle {
        id: host.id.clone(),
        serial,
        cmds: tx,
        updates,
        info: host.info.clone(),
    };
    tokio::spawn(host.run(rx));
    handle
}

/// The table in the lobby and at the head of every frame.
fn info_of(t: &Table1969, conns: &[i32], spectators: i32) -> TableInfo {
    let i = t.info();
    TableInfo {
        id: i.id,
        link: i.link,
        division: String::new(),
        adventurous: false,
        edition: "1969".into(),
        round_minutes: 0,
        checking: String::new(),
        seats: i
            .seats
            .into_iter()
            .map(|s| SeatInfo {
                seat: s.seat,
                connected: s.kind == "bot" || conns.get(s.seat).is_some_and(|c| *c > 0),
                name: s.name,
                kind: if s.kind == "bot" {
                    SeatKind::Bot
                } else {
                    SeatKind::Human
                },
                level: s.level.map(str::to_string),
                taken: s.taken,
            })
            .collect(),
        status: i.status,
        shake: i.play,
        spectators: spectators.max(0) as usize,
        seed_commitment: t.game.header().config.seed_commitment.clone(),
        form: Some(i.form),
    }
}

fn rejected(reference: Option<u64>, f: &Fail, version: u64) -> ServerMsg {
    let (code, rule, message) = f.parts();
    ServerMsg::Rejected {
        reference,
        code: code.into(),
        rule: rule.into(),
        message,
        version,
    }
}

impl Host {
    fn lane(&self) -> Lane {
        if self
            .t
            .seats
            .iter()
            .any(|s| !matches!(s, super::game1969::Seat::Bot(_)))
        {
            Lane::First
        } else {
            Lane::Yielding
        }
    }

    fn connections(&self) -> i32 {
        self.conns.iter().map(|c| (*c).max(0)).sum::<i32>() + self.spectators.max(0)
    }

    fn refresh_info(&mut self) {
        let info = info_of(&self.t, &self.conns, self.spectators);
        *self.info.lock().expect("table info lock") = info;
    }

    fn clock(&self) -> Clock {
        Clock {
            origin: Instant::now(),
            base_ms: self.t.now(),
            running: false,
        }
    }

    fn remember(&mut self, events: Vec<Event1969>) {
        if events.is_empty() {
            return;
        }
        self.recent.push_back(Recent69 {
            version: self.version,
            play: self.t.game.play(),
            events,
        });
        while self.recent.len() > crate::table::RECENT {
            self.recent.pop_front();
        }
    }

    fn bots_waiting(&self) -> bool {
        self.t.window_left().is_some()
    }

    fn snapshot(&self, events: Vec<Event1969>, with_recent: bool) -> Arc<Broadcast> {
        Arc::new(Broadcast {
            info: self.info.lock().expect("table info lock").clone(),
            version: self.version,
            events: Vec::new(),
            m: None,
            timer_starts: Vec::new(),
            clock: self.clock(),
            recent: Vec::new(),
            game69: Some(Arc::new(Frame69 {
                game: self.t.game.clone(),
                legal: self.legal.clone(),
                bots_waiting: self.bots_waiting(),
                events,
                recent: if with_recent {
                    self.recent.iter().cloned().collect()
                } else {
                    Vec::new()
                },
            })),
        })
    }

    fn broadcast(&mut self, events: Vec<Event1969>) {
        self.refresh_info();
        self.presence_due = None;
        let b = self.snapshot(events, false);
        let _ = self.updates.send(Out::Update(b));
    }

    /// Changes the table with `f` on the judging pool, stores the change,
    /// then broadcasts it; a refusal or a failed write changes nothing.
    async fn change<R: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Table1969) -> Result<R, Fail> + Send + 'static,
    ) -> Result<R, Fail> {
        let mut next = self.t.clone();
        let done = pool::judge()
            .run(self.lane(), move || {
                let r = f(&mut next);
                let legal = if r.is_ok() {
                    legal_all(&next.game)
                } else {
                    Vec::new()
                };
                (next, r, legal)
            })
            .await;
        let Some((mut next, r, legal)) = done else {
            return Err(internal());
        };
        let r = r?;
        let log = next.game.log();
        if let Err(e) = self.held.save1969(&next.stored_seats(), &log).await {
            tracing::error!(table = %self.id, "storing a 1969 table failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            return Err(Fail::api(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                crate::lobby::ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the change; nothing changed, try again",
                    None,
                ),
            ));
        }
        let events = next.take_fresh();
        self.t = next;
        self.legal = legal;
        self.version += 1;
        self.metrics.action();
        self.remember(events.clone());
        self.broadcast(events);
        Ok(r)
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { name, seat, reply } => {
                let r = self.join(name, seat).await;
                let _ = reply.send(r);
            }
            Cmd::Rejoin { token, reply } => {
                let r = self
                    .t
                    .seat_of(&token)
                    .map(|s| {
                        (
                            s,
                            token.clone(),
                            self.t.game.header().config.players[s].clone(),
                        )
                    })
                    .map_err(|_| {
                        error(
                            ApiCode::BadToken,
                            "no seat at this table has that token",
                            Some("token"),
                        )
                    });
                let _ = reply.send(r);
            }
            Cmd::Presence { seat, delta } => {
                match seat {
                    Some(s) if s < self.conns.len() => self.conns[s] += delta,
                    Some(_) => {}
                    None => self.spectators += delta,
                }
                self.empty_since = match (self.connections() == 0, self.empty_since) {
                    (true, None) => Some(Instant::now()),
                    (true, since) => since,
                    (false, _) => None,
                };
                if self.presence_due.is_none() {
                    self.presence_due = Some(Instant::now() + PRESENCE_EVERY);
                }
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
                let recent = Vec::new();
                let _ = reply.send(self.snapshot(recent, true));
            }
            Cmd::BotDecided { .. } => {}
            // The lease went to another instance (crate::lease::watch).
            Cmd::Moved => self.moved = true,
        }
    }

    async fn join(&mut self, name: String, seat: Option<usize>) -> SeatReply {
        let asked = name.clone();
        match self.change(move |t| t.join_at(seat, Some(&asked))).await {
            Ok((seat, token)) => {
                let name = self.t.game.header().config.players[seat].clone();
                Ok((seat, token, name))
            }
            Err(f) => {
                let (code, field) = match &f {
                    Fail::Api(_, e) => (e.code, e.field.clone()),
                    Fail::Rules(_) => (ApiCode::IllegalAct, None),
                };
                Err(error(code, f.parts().2, field.as_deref()))
            }
        }
    }

    async fn act(
        &mut self,
        token: String,
        reference: Option<u64>,
        version: Option<u64>,
        act: TableAct,
    ) -> ServerMsg {
        let v = self.version;
        let Ok(seat) = self.t.seat_of(&token) else {
            return ServerMsg::Rejected {
                reference,
                code: ApiCode::BadToken.as_str().into(),
                rule: "I-A".into(),
                message: "that token holds no seat at this table: only a seated player acts".into(),
                version: v,
            };
        };
        if let Some(sent) = version.filter(|s| *s != v) {
            return ServerMsg::Rejected {
                reference,
                code: ApiCode::Stale.as_str().into(),
                rule: "-".into(),
                message: format!(
                    "the act was meant for version {sent}; the table is at version {v}: look again"
                ),
                version: v,
            };
        }
        let TableAct::M69(mv) = act else {
            return ServerMsg::Rejected {
                reference,
                code: ApiCode::BadAct.as_str().into(),
                rule: "-".into(),
                message:
                    "this is a 1969 table: send a 1969 act (docs/protocol.md, \"1969 tables\")"
                        .into(),
                version: v,
            };
        };
        if let Move1969::Act(a) = &mv {
            if a.player() != Some(seat) {
                return ServerMsg::Rejected {
                    reference,
                    code: ApiCode::WrongSeat.as_str().into(),
                    rule: "I-A".into(),
                    message: format!("you play seat {seat} and act for no one else"),
                    version: v,
                };
            }
        }
        match self.change(move |t| t.play(seat, mv)).await {
            Ok(()) => ServerMsg::Accepted {
                reference,
                version: self.version,
            },
            Err(f) => rejected(reference, &f, self.version),
        }
    }

    /// When to wake: the bots' window closing, a presence frame, leaving
    /// memory.
    fn next_wake(&self) -> Option<Instant> {
        let over = self.t.game.is_over();
        let idle = if over {
            self.config.idle_after_over
        } else {
            self.config.abandon_after
        };
        let mut at = self.empty_since.map(|t| t + idle);
        let mut at_min = |x: Instant| at = Some(at.map_or(x, |a: Instant| a.min(x)));
        if let Some(p) = self.presence_due {
            at_min(p);
        }
        if let Some(left) = self.t.window_left() {
            // A little after the window closes, so that it has.
            at_min(Instant::now() + Duration::from_millis(left + 5));
        }
        at
    }

    /// Returns `true` when the table leaves memory.
    async fn on_wake(&mut self) -> bool {
        let now = Instant::now();
        let idle = if self.t.game.is_over() {
            self.config.idle_after_over
        } else {
            self.config.abandon_after
        };
        if self.empty_since.is_some_and(|t| t + idle <= now) {
            return true;
        }
        if self.presence_due.is_some_and(|t| t <= now) {
            self.send_presence();
        }
        if self.t.bots_due() {
            let done = self
                .change(|t| {
                    t.run_bots(&mut DefaultClaims::new());
                    Ok(())
                })
                .await;
            if let Err(f) = done {
                tracing::error!(table = %self.id, "the bots could not go on: {:?}", f.parts());
            }
        }
        false
    }

    fn send_presence(&mut self) {
        self.presence_due = None;
        self.refresh_info();
        let p = Presence {
            table: self.id.clone(),
            seats: self
                .t
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    (
                        i,
                        matches!(s, super::game1969::Seat::Bot(_)) || self.conns[i] > 0,
                    )
                })
                .collect(),
            spectators: self.spectators.max(0) as usize,
            clock: Some(self.clock()),
        };
        let _ = self.updates.send(Out::Presence(Arc::new(p)));
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.metrics.table_opened();
        loop {
            let cmd = match self.next_wake() {
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
        // It stays stored: found again by its id (taken over by another
        // instance: its connections reconnect to reach it there).
        self.registry.remove(&self.id, self.serial);
        if self.moved {
            let _ = self.updates.send(Out::Moved);
        } else {
            self.held.release().await;
            let _ = self.updates.send(Out::Closed);
        }
        self.metrics.table_closed();
    }
}

fn internal() -> Fail {
    Fail::api(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        crate::lobby::ApiError::new(
            ApiCode::Internal,
            "the server could not judge the act; nothing changed",
            None,
        ),
    )
}

/// The frame of a 1969 table for `seat`: the view with the seat's legal
/// acts and whether the bots wait.
pub fn view_for(f: &Frame69, seat: Option<usize>) -> onsets_engine::View1969 {
    let legal = seat
        .and_then(|s| f.legal.get(s).cloned())
        .unwrap_or_default();
    let mut v = f.game.view(seat, legal);
    v.bots_waiting = f.bots_waiting;
    v
}
