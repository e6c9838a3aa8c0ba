//! The 2026-27 and 2019-20 part of the one table actor (`crate::table`):
//! the engine's [`Match`] (sections I–XII; the edition is in its
//! [`MatchConfig`]), its time limits (XI) and the bots' [`Driver`]
//! (`onsets-bots`, the same one as the simulator's and the terminal game's).
//!
//! * The match starts when every seat is taken; its header is stored first
//!   (a failed write is tried again after [`START_RETRY`]). The seed stays
//!   on the server until the match is over; its commitment is public from
//!   the start (`crate::hidden`).
//! * Every applied action is one line appended to the stored log.
//! * The match clock is the time since the match started; the task wakes at
//!   [`Match::next_deadline`] (through the driver's [`Driver::wake_at`])
//!   and applies `clock`.
//! * Bots are asked once per state of the table (when an act or a clock
//!   event changes it), never polled; they think on the bots' pool (tables
//!   with people first) and act after their think time, scaled by the
//!   table's `bot_pace`, if the table is still in the state they saw.

use super::{Clock, Events, Hosted, Recent, Refused, Seat, Table, TableSeat, TableSpec, RECENT};
use crate::pool::{self, Lane};
use crate::protocol::{SeatKind, ServerMsg, TableInfo};
use onsets_bots::{Answer, Bot, Driver, Pace, Step};
use onsets_engine::{Act, Action, Match, MatchConfig, Phase, RejectCode, Rejection};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::time::{Duration, Instant};

/// How long a table whose match header could not be stored waits before it
/// tries again to start.
const START_RETRY: Duration = Duration::from_secs(1);

type TimerKey = (usize, onsets_engine::Task, u8, u64);

/// A 2026-27 or 2019-20 table's game: its spec, the match once started, the
/// bots, the timers' starts and the match clock.
pub(crate) struct MatchGame {
    pub(super) spec: TableSpec,
    pub(super) m: Option<Arc<Match>>,
    /// The bots and when they act.
    bots: Driver,
    /// (player, task, stage, due) of each running timer and when it started.
    timer_starts: Vec<(TimerKey, u64)>,
    /// The match clock is `base_ms + origin.elapsed()`.
    origin: Instant,
    base_ms: u64,
    /// Every seat is taken but the match header could not be stored: the
    /// match starts when it is, tried again at this instant.
    start_retry: Option<Instant>,
}

/// "Club bot": a bot's name says it is a bot and its level.
fn bot_name(level: &str) -> String {
    let mut c = level.chars();
    match c.next() {
        Some(f) => format!("{}{} bot", f.to_uppercase(), c.as_str()),
        None => "bot".into(),
    }
}

impl MatchGame {
    /// The game of a new table (no match until every seat is taken) and its
    /// seats.
    pub(super) fn new(spec: TableSpec) -> (MatchGame, Vec<Seat>) {
        let seats = spec
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                TableSeat::Human => Seat {
                    kind: SeatKind::Human,
                    level: None,
                    // A named seat shows its player's name before they sit.
                    name: spec.names.get(i).cloned().flatten().unwrap_or_default(),
                    token: None,
                    connections: 0,
                },
                // A named bot plays an entry: "Ann (bot)" (docs/protocol.md,
                // "Named and reserved seats").
                TableSeat::Bot { level } if spec.names.get(i).is_some_and(Option::is_some) => {
                    Seat {
                        kind: SeatKind::Bot,
                        level: Some(level.name().to_string()),
                        name: format!("{} (bot)", spec.names[i].as_deref().unwrap_or_default()),
                        token: None,
                        connections: 0,
                    }
                }
                TableSeat::Bot { level } => {
                    // Two bots of one level get their seat numbers (from 1),
                    // so every seat has a name of its own.
                    let twins = spec
                        .seats
                        .iter()
                        .filter(|o| matches!(o, TableSeat::Bot { level: l } if l == level))
                        .count();
                    let name = if twins > 1 {
                        format!("{} {}", bot_name(level.name()), i + 1)
                    } else {
                        bot_name(level.name())
                    };
                    Seat {
                        kind: SeatKind::Bot,
                        level: Some(level.name().to_string()),
                        name,
                        token: None,
                        connections: 0,
                    }
                }
            })
            .collect();
        let bots = Driver::new(
            spec.seats
                .iter()
                .enumerate()
                .map(|(i, s)| match s {
                    TableSeat::Human => None,
                    TableSeat::Bot { level } => {
                        Some(Bot::new(*level, i, spec.seed ^ (0x5EA7 + i as u64)))
                    }
                })
                .collect(),
            Pace::percent(spec.bot_pace as u64),
        );
        let game = MatchGame {
            spec,
            m: None,
            bots,
            timer_starts: Vec::new(),
            origin: Instant::now(),
            base_ms: 0,
            start_retry: None,
        };
        (game, seats)
    }

    pub(super) fn over(&self) -> bool {
        self.m.as_ref().is_some_and(|m| *m.phase() == Phase::Over)
    }

    /// The match clock now (ms).
    fn clock(&self) -> u64 {
        self.base_ms + self.origin.elapsed().as_millis() as u64
    }

    pub(super) fn clock_state(&self, archived: bool) -> Clock {
        let running = !archived && self.m.is_some() && !self.over();
        Clock {
            origin: self.origin,
            base_ms: self.base_ms,
            running,
        }
    }

    /// The table's rules in the lobby and at the head of every frame.
    pub(super) fn describe(&self, info: &mut TableInfo) {
        info.division = self.spec.division.name().to_string();
        info.adventurous = self.spec.adventurous;
        info.edition = self.spec.edition.name().to_string();
        info.round_minutes = self.spec.round_minutes;
        info.checking = self.spec.checking_name().to_string();
        info.seed_commitment = self
            .m
            .as_ref()
            .and_then(|m| m.config().seed_commitment.clone());
    }

    /// When each of the match's timers started (match ms).
    pub(super) fn timer_starts(&self) -> Vec<u64> {
        let Some(m) = &self.m else {
            return Vec::new();
        };
        m.timers()
            .iter()
            .map(|t| {
                let key = (t.player, t.task, t.stage, t.due_ms);
                self.timer_starts
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map_or(m.now_ms(), |(_, s)| *s)
            })
            .collect()
    }

    pub(super) fn track_timers(&mut self) {
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

    /// The next instant the table has something to do: a start to try
    /// again, a bot's act or a time limit.
    pub(super) fn wake_at(&self) -> Option<Instant> {
        let retry = self.start_retry;
        let bots = self
            .m
            .as_ref()
            .filter(|m| *m.phase() != Phase::Over)
            .and_then(|m| self.bots.wake_at(m))
            .map(|due| {
                let now = self.clock();
                Instant::now() + Duration::from_millis(due.saturating_sub(now))
            });
        match (retry, bots) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
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
        events: Events::Match(first),
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
                events: Events::Match(events),
            });
            if recent.len() > RECENT {
                recent.pop_front();
            }
        }
    }
    Ok((m, recent.into()))
}

fn refused(r: Rejection) -> Refused {
    (r.code.as_str(), r.rule.as_str().to_string(), r.message)
}

impl Table {
    fn match_game(&mut self) -> Option<&mut MatchGame> {
        match &mut self.game {
            Hosted::Match(g) => Some(g),
            Hosted::M69(_) => None,
        }
    }

    /// The match clock now (ms; 0 at a 1969 table).
    fn match_clock(&self) -> u64 {
        match &self.game {
            Hosted::Match(g) => g.clock(),
            Hosted::M69(_) => 0,
        }
    }

    /// A person's seat: a fresh token, stored with the name.
    pub(super) async fn seat_match(
        &mut self,
        seat: usize,
        name: &str,
        token: Option<String>,
    ) -> Result<String, ServerMsg> {
        let token = token.unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
        if let Err(e) = self.held.set_seat(seat, name, &token).await {
            tracing::error!(table = %self.id, "storing a seat failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            return Err(super::storage_error("seat"));
        }
        Ok(token)
    }

    /// Every seat is taken: the match starts (its header is written first).
    pub(super) async fn start(&mut self) {
        let names: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
        let id = self.id.clone();
        let Some(g) = self.match_game() else { return };
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut config = MatchConfig::new(g.spec.seed, &names, g.spec.division, g.spec.adventurous);
        config.round_ms = g.spec.round_minutes as u64 * 60_000;
        config.checking = g.spec.checking;
        config.edition = g.spec.edition;
        // The seed stays on the server until the match is over; its
        // commitment is public from the start (docs/security/hidden.md).
        config.commit_seed(&crate::tables::fresh_salt());
        let (m, events) = match Match::new(config.clone()) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(table = %id, "the match cannot start: {e}");
                return;
            }
        };
        let header = serde_json::to_string(&config).expect("configs serialize");
        if let Err(e) = self.held.start(&header).await {
            // Not started until its header is stored (the seats are): the
            // table tries again, and a restart starts it too.
            tracing::error!(table = %id, "storing the match header failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            if let Some(g) = self.match_game() {
                g.start_retry = Some(Instant::now() + START_RETRY);
            }
            return;
        }
        let Some(g) = self.match_game() else { return };
        g.start_retry = None;
        g.origin = Instant::now();
        g.base_ms = 0;
        g.m = Some(Arc::new(m));
        self.version = 1;
        tracing::info!(table = %id, players = ?config.players, "match started");
        let events = Events::Match(events);
        self.remember(&events);
        self.broadcast(events);
        self.ask_bots();
    }

    /// A person's act, for their own seat.
    pub(super) async fn act_match(&mut self, act: Act) -> Result<(), Refused> {
        self.apply_match(act).await.map(|_| ()).map_err(refused)
    }

    /// Applies an act now (on the judging pool). Writes it, then broadcasts.
    async fn apply_match(&mut self, act: Act) -> Result<u64, Rejection> {
        let Some(m) = self.match_game().and_then(|g| g.m.clone()) else {
            return Err(Rejection::new(
                RejectCode::NotStarted,
                "X-D",
                "the match starts when every seat is taken",
            ));
        };
        let action = Action {
            at_ms: self.match_clock().max(m.now_ms()),
            act,
        };
        let is_clock = action.act == Act::Clock;
        let judging = std::time::Instant::now();
        let judged = {
            let (m, action) = (m.clone(), action.clone());
            pool::judge()
                .run(self.lane(), move || m.apply(action))
                .await
        };
        self.metrics.judge.since(judging);
        let Some(judged) = judged else {
            tracing::error!(table = %self.id, "applying an act failed: {action:?}");
            return Err(Rejection::new(
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
        let storing = std::time::Instant::now();
        let stored = self.held.append(self.version, &line).await;
        self.metrics.store.since(storing);
        if let Err(e) = stored {
            tracing::error!(table = %self.id, "storing an action failed: {e:#}");
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            return Err(Rejection::new(
                RejectCode::Storage,
                "-",
                "the server could not record the action; nothing changed, try again",
            ));
        }
        let over = *next.phase() == Phase::Over && *m.phase() != Phase::Over;
        if let Some(g) = self.match_game() {
            g.m = Some(Arc::new(next));
        }
        if over {
            self.match_over().await;
        }
        self.changed(Events::Match(events));
        self.ask_bots();
        Ok(self.version)
    }

    /// The match is over: its status stored, the ratings and the event's
    /// result settled, the clock stopped.
    async fn match_over(&mut self) {
        tracing::info!(table = %self.id, version = self.version + 1, "match over");
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
        if let Some(g) = self.match_game() {
            g.base_ms = g.m.as_ref().map_or(0, |m| m.now_ms());
            g.origin = Instant::now();
        }
    }

    /// Sends every bot that has not seen this state of the table to think on
    /// the bots' pool ([`Driver::asks`]); the answer comes back as
    /// [`super::Cmd::BotDecided`].
    pub(super) fn ask_bots(&mut self) {
        if self.archived {
            return;
        }
        let lane = self.lane();
        let (metrics, cmds) = (self.metrics.clone(), self.cmds.clone());
        let Some(g) = self.match_game() else { return };
        let Some(m) = g.m.clone() else { return };
        if *m.phase() == Phase::Over {
            return;
        }
        let now = g.clock();
        for ask in g.bots.asks(&m, now) {
            metrics.bot_ask();
            let m = m.clone();
            let tx = cmds.clone();
            tokio::spawn(async move {
                let answer = pool::bots().run(lane, move || ask.think(&m)).await;
                if let Some(answer) = answer {
                    let _ = tx
                        .send(super::Cmd::BotDecided {
                            answer: Box::new(answer),
                        })
                        .await;
                }
            });
        }
    }

    /// A bot is back from thinking.
    pub(super) fn bot_decided(&mut self, answer: Answer) {
        if let Some(g) = self.match_game() {
            if let Some(m) = g.m.clone() {
                g.bots.answer(&m, answer);
            }
        }
        // The table may have moved on while the bot thought.
        self.ask_bots();
    }

    /// What is due at `instant`: a start to try again, a bot's act (if the
    /// table is as it saw it) or a time limit, the earlier first.
    pub(super) async fn wake_match(&mut self, instant: Instant) {
        let retry = self
            .match_game()
            .is_some_and(|g| g.start_retry.is_some_and(|t| t <= instant));
        if retry {
            if let Some(g) = self.match_game() {
                g.start_retry = None;
            }
            if !self.started() && self.full() {
                self.start().await;
            }
        }
        let Some(g) = self.match_game() else { return };
        let Some(m) = g.m.clone() else { return };
        if *m.phase() == Phase::Over {
            return;
        }
        let now = g.clock();
        match g.bots.due(&m, now).map(|n| n.step) {
            Some(Step::Act { seat, decision }) => {
                tracing::debug!(table = %self.id, seat, "bot: {}", decision.explanation);
                self.metrics.bot_act();
                let _ = self.apply_match(decision.act).await;
            }
            Some(Step::Clock) => {
                if let Some(dl) = m.next_deadline() {
                    let _ = self.apply_match(Act::Clock).await;
                    if let Some(g) = self.match_game() {
                        if let Some(after) = g.m.clone() {
                            g.bots.clock_applied(&after, dl, now);
                        }
                    }
                }
            }
            None => {}
        }
        self.ask_bots();
    }

    /// Rebuilds the match from the stored log (on the judging pool).
    pub(super) async fn restore_match(
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
        let Some(header) = header else {
            return Ok(());
        };
        let id = self.id.clone();
        let n = actions.len();
        let (m, recent) = pool::judge()
            .run(Lane::First, move || replay(&id, &header, &actions))
            .await
            .ok_or_else(|| anyhow::anyhow!("table {}: replaying the log failed", self.id))??;
        self.version = n as u64 + 1;
        self.recent = recent.into();
        if let Some(g) = self.match_game() {
            g.base_ms = m.now_ms();
            g.origin = Instant::now();
            g.m = Some(Arc::new(m));
            g.track_timers();
        }
        Ok(())
    }
}
